"""Celery tasks: they take ids, load, and call a service; safe to run twice."""

import threading
import time
import weakref
from contextlib import suppress
from datetime import datetime

from celery import shared_task
from django.conf import settings
from django.core.cache import cache
from django.db import connections
from django.utils import timezone
from redis.exceptions import RedisError

from . import services
from .wakes import SLACK_SECONDS

# When beat's last sweep finished (a Unix time), for the operators' health check
# (config/health.py). Kept a day: a key gone means no sweep for that long, or Redis lost it.
SWEEP_FINISHED_KEY = "health:sweep-finished-at"
SWEEP_FINISHED_KEEP_SECONDS = 24 * 60 * 60


@shared_task(ignore_result=True)
def wake_match(match_id: int) -> bool:
    """Do what is due in the match (a bot's move, the clock running out) and plan the next
    wake-up. A wake-up that fails is counted: after a few in a row the match is marked stuck
    for its teacher instead of failing again at every sweep."""
    try:
        return services.match_wake(match_id=match_id)
    except services.MatchError:  # the match is gone (its class was deleted): nothing to do
        return False
    except Exception as error:
        services.match_failed(match_id=match_id, error=error)
        raise


# Tasks of the same names sent before wake_match existed (still queued at an upgrade).
@shared_task(ignore_result=True)
def bot_move(match_id: int, version: int, player: int | None = None) -> bool:
    """Superseded by wake_match: wakes the match."""
    return wake_match(match_id)


@shared_task(ignore_result=True)
def clock_ran_out(match_id: int, version: int) -> bool:
    """Superseded by wake_match: wakes the match."""
    return wake_match(match_id)


@shared_task(ignore_result=True)
def analyse_match(match_id: int) -> bool:
    """After a game: what the rules can tell the teacher (could this solitaire be won?)."""
    return services.match_analyse(match_id=match_id)


@shared_task(ignore_result=True)
def sweep_matches() -> dict[str, int]:
    """Every few seconds: restart lost bot moves and clocks, stand in for absent players,
    tidy up."""
    counts = services.matches_sweep()
    # The sweep's work is done even if Redis refuses its record (the health check says so).
    with suppress(RedisError):
        cache.set(SWEEP_FINISHED_KEY, time.time(), SWEEP_FINISHED_KEEP_SECONDS)
    return counts


# --- sending the tasks (games.signals: services and wakes never import this module) ---------
def on_wake_due(sender, match_id: int, due: datetime, **kwargs) -> None:
    """games.signals.wake_due: a match's change is committed and its wake-up is due at `due`."""
    send_wake(match_id, due)


def on_analysis_due(sender, match_id: int, **kwargs) -> None:
    """games.signals.analysis_due: a finished match has something for the rules to analyse."""
    analyse_match.delay(match_id)


def send_wake(match_id: int, due: datetime) -> None:
    """Send the task that wakes the match at `due` (called once the change is committed).

    With tasks run inline (tests) a wake-up that is due runs at once; a later one runs in a
    timer thread when GAMES_CLOCK_THREADS asks for clocks that run out for real (browser
    tests), else never (unit tests run clocks themselves)."""
    delay = max(0.0, due.timestamp() - timezone.now().timestamp())
    if not settings.CELERY_TASK_ALWAYS_EAGER:
        wake_match.apply_async((match_id,), countdown=delay)
    elif delay <= SLACK_SECONDS:
        wake_match.apply((match_id,))
    elif settings.GAMES_CLOCK_THREADS:
        timer = threading.Timer(delay, _wake_in_thread, (match_id,))
        timer.daemon = True
        _TIMERS.add(timer)
        timer.start()


_TIMERS: weakref.WeakSet[threading.Timer] = weakref.WeakSet()


def _wake_in_thread(match_id: int) -> None:
    """A wake-up run in a timer thread (tests): give the thread's database connection back."""
    try:
        wake_match.apply((match_id,))
    finally:
        connections.close_all()


def stop_timer_threads() -> None:
    """Tests: the wake-up threads still waiting never run, and one running ends first (a
    later test must not see them)."""
    for timer in list(_TIMERS):
        timer.cancel()
        timer.join(timeout=10)
