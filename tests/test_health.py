"""Health checks: /healthz/ for load balancers, /healthz/full/ and `manage.py health` for
operators (database, Redis, a Celery worker, beat's last sweep)."""

import json
import time

import pytest
from django.core.cache import cache
from django.core.management import CommandError, call_command
from django.db import DatabaseError
from django.test import override_settings
from django.urls import reverse

from config import health
from games.tasks import SWEEP_FINISHED_KEY, sweep_matches

NOT_EAGER = override_settings(CELERY_TASK_ALWAYS_EAGER=False)
KEYS = {"status", "database", "redis", "worker", "tasks_eager", "sweep_age_seconds"}


@pytest.fixture(autouse=True)
def _no_reused_report():
    health._last = None
    yield
    health._last = None


def full(client):
    response = client.get(reverse("healthz-full"))
    return response, json.loads(response.content)


def test_the_load_balancer_check_touches_nothing(client):
    """No database here: a query would fail the test."""
    response = client.get(reverse("healthz"))
    assert response.status_code == 200
    assert response.content == b"ok"
    assert "no-cache" in response["Cache-Control"]


@pytest.mark.django_db
def test_with_eager_tasks_no_worker_is_needed_but_its_absence_is_reported(client):
    """The test suite runs tasks inline: nothing answers a ping, and that is no failure."""
    response, found = full(client)
    assert response.status_code == 200
    assert found == {
        "status": "ok",
        "database": True,
        "redis": True,
        "worker": False,
        "tasks_eager": True,
        "sweep_age_seconds": "unknown",
    }
    assert "no-cache" in response["Cache-Control"]


@pytest.mark.django_db
def test_a_sweep_records_when_it_finished(client):
    sweep_matches()
    _, found = full(client)
    assert found["sweep_age_seconds"] in (0, 1)


@pytest.mark.django_db
def test_without_a_worker_the_site_is_unhealthy(client):
    sweep_matches()
    with NOT_EAGER:
        response, found = full(client)
    assert response.status_code == 503
    assert found["status"] == "fail"
    assert found["worker"] is False
    assert found["database"] is True and found["redis"] is True


@pytest.mark.django_db(transaction=True)
def test_a_running_worker_answers_and_a_fresh_sweep_makes_the_site_healthy(client):
    from celery.contrib.testing.worker import start_worker

    from config.celery import app

    sweep_matches()
    app.conf.task_always_eager = False
    try:
        with (
            start_worker(app, perform_ping_check=False, pool="solo", shutdown_timeout=10),
            NOT_EAGER,
        ):
            response, found = full(client)
    finally:
        app.conf.task_always_eager = True
    assert found["worker"] is True, found
    assert response.status_code == 200
    assert found["status"] == "ok"


@pytest.mark.django_db
def test_a_sweep_more_than_a_minute_old_means_beat_is_not_running(client, monkeypatch):
    monkeypatch.setattr(health, "_worker_answers", lambda: True)
    cache.set(SWEEP_FINISHED_KEY, time.time() - 95, 60)
    with NOT_EAGER:
        response, found = full(client)
    assert response.status_code == 503
    assert found["worker"] is True
    assert 95 <= found["sweep_age_seconds"] <= 97


@pytest.mark.django_db
def test_a_sweep_never_recorded_is_unknown_and_unhealthy(client, monkeypatch):
    monkeypatch.setattr(health, "_worker_answers", lambda: True)
    with NOT_EAGER:
        response, found = full(client)
    assert response.status_code == 503
    assert found["sweep_age_seconds"] == "unknown"


@pytest.mark.django_db
def test_redis_down_is_unhealthy_and_what_lives_there_is_unknown(client):
    sweep_matches()
    with override_settings(REDIS_URL="redis://127.0.0.1:1/0"):  # nothing listens on port 1
        response, found = full(client)
    assert response.status_code == 503
    assert found["redis"] is False
    assert found["worker"] is False
    assert found["sweep_age_seconds"] == "unknown"
    assert found["database"] is True


@pytest.mark.django_db
def test_a_database_that_does_not_answer_is_unhealthy(client, monkeypatch):
    class Unreachable:
        def cursor(self):
            raise DatabaseError("connection refused")

    monkeypatch.setattr(health, "connection", Unreachable())
    response, found = full(client)
    assert response.status_code == 503
    assert found["database"] is False
    assert found["redis"] is True


@pytest.mark.django_db
def test_the_report_says_yes_no_and_ages_only(client):
    """It may be public: no passwords, addresses, versions or error texts."""
    with override_settings(REDIS_URL="redis://:s3cret-password@127.0.0.1:1/0"):
        response, found = full(client)
    assert set(found) == KEYS
    assert found["status"] in ("ok", "fail")
    for key in KEYS - {"status", "sweep_age_seconds"}:
        assert isinstance(found[key], bool)
    assert b"s3cret" not in response.content and b"127.0.0.1" not in response.content


@pytest.mark.django_db
def test_a_report_is_reused_for_a_few_seconds(client, monkeypatch):
    """Polling the public URL cannot flood Redis and the workers with pings."""
    calls = []
    real = health.report
    monkeypatch.setattr(health, "report", lambda: calls.append(1) or real())
    full(client)
    full(client)
    assert len(calls) == 1


@pytest.mark.django_db
def test_the_management_command_prints_the_report(capsys):
    sweep_matches()
    call_command("health")
    found = json.loads(capsys.readouterr().out)
    assert found["status"] == "ok" and found["database"] is True


@pytest.mark.django_db
def test_the_management_command_fails_when_no_worker_answers(capsys):
    sweep_matches()
    with NOT_EAGER, pytest.raises(CommandError, match="no worker answers") as failure:
        call_command("health")
    assert failure.value.returncode == 1
    assert json.loads(capsys.readouterr().out)["worker"] is False
