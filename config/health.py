"""Health checks: a trivial one for load balancers, a detailed one for operators.

`/healthz/` touches nothing, so a load balancer never takes a web process out of service for
a Redis or database hiccup it could not fix anyway. `/healthz/full/` (and `manage.py health`)
asks every service the site needs and answers 503 when one is missing. It may be public, so
it says only yes/no and ages, never names, addresses or errors.
"""

import logging
import threading
import time
from typing import Any

import redis
from django.conf import settings
from django.core.cache import cache
from django.db import DatabaseError, connection
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.views.decorators.cache import never_cache

from games.tasks import SWEEP_FINISHED_KEY

from .celery import app as celery_app

logger = logging.getLogger(__name__)

SWEEP_STALE_SECONDS = 60  # beat sweeps every 15 s: four missed sweeps mean beat is not running
TIMEOUT_SECONDS = 1  # per service asked: the whole report takes a few seconds at most
REUSE_SECONDS = 5  # a report serves every request for this long (at most one ping per process)

_last: tuple[float, dict[str, Any]] | None = None
_last_lock = threading.Lock()


@never_cache
def healthz(request: HttpRequest) -> HttpResponse:
    """200 "ok" while the process serves requests (touches nothing else)."""
    return HttpResponse("ok", content_type="text/plain")


@never_cache
def healthz_full(request: HttpRequest) -> JsonResponse:
    """The detailed report as JSON: 200 when everything needed answers, else 503."""
    found = recent_report()
    return JsonResponse(found, status=200 if found["status"] == "ok" else 503)


def recent_report() -> dict[str, Any]:
    """A report at most REUSE_SECONDS old, so that polling the public URL cannot flood Redis
    and the workers with pings."""
    global _last
    with _last_lock:
        if _last is None or time.monotonic() - _last[0] > REUSE_SECONDS:
            _last = (time.monotonic(), report())
        return _last[1]


def report() -> dict[str, Any]:
    """Ask each service now. With eager tasks (tests) no worker or beat is needed, so their
    answers are shown but do not make the status fail."""
    database = _database_answers()
    redis_up = _redis_answers()
    worker = redis_up and _worker_answers()  # a worker is reached through Redis only
    sweep_age = _sweep_age() if redis_up else None
    eager = bool(settings.CELERY_TASK_ALWAYS_EAGER)
    healthy = database and redis_up
    if not eager:
        healthy = healthy and worker and sweep_age is not None and sweep_age <= SWEEP_STALE_SECONDS
    return {
        "status": "ok" if healthy else "fail",
        "database": database,
        "redis": redis_up,
        "worker": worker,
        "tasks_eager": eager,
        "sweep_age_seconds": "unknown" if sweep_age is None else sweep_age,
    }


def _database_answers() -> bool:
    try:
        with connection.cursor() as cursor:
            cursor.execute("SELECT 1")
            return cursor.fetchone() == (1,)
    except DatabaseError as error:
        logger.warning("health: the database does not answer: %s", error)
        return False


def _redis_answers() -> bool:
    """Redis itself, not through the cache (the pages' cache hides an outage on purpose)."""
    client = redis.Redis.from_url(
        settings.REDIS_URL, socket_timeout=TIMEOUT_SECONDS, socket_connect_timeout=TIMEOUT_SECONDS
    )
    try:
        return bool(client.ping())
    except redis.RedisError as error:
        logger.warning("health: Redis does not answer: %s", error)
        return False
    finally:
        client.close()


def _worker_answers() -> bool:
    """True when at least one Celery worker answers a ping (the first answer is enough)."""
    try:
        return bool(celery_app.control.ping(timeout=TIMEOUT_SECONDS, limit=1))
    except Exception as error:  # any failure to ask means that no worker answered
        logger.warning("health: could not ping the Celery workers: %s", error)
        return False


def _sweep_age() -> int | None:
    """Whole seconds since beat's last sweep finished; None when no record can be read."""
    try:
        finished = cache.get(SWEEP_FINISHED_KEY)
    except redis.RedisError:
        return None
    if not isinstance(finished, int | float):
        return None
    return max(0, int(time.time() - finished))
