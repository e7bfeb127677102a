"""Configuration: production checks, the services in use, Celery through the real broker."""

import os
import subprocess
import sys
from pathlib import Path

import pytest
from django.conf import settings
from django.core.cache import cache
from django.db import connection

ROOT = Path(__file__).resolve().parent.parent


def run_django(code: str, tmp_path: Path, **env: str) -> subprocess.CompletedProcess:
    """Run Python with the project's settings in a fresh process and environment."""
    project = {
        "DATABASE_URL",
        "REDIS_URL",
        "CI",
        "SECRET_KEY",
        "DEBUG",
        "HTTPS",
        "FACTORIUM_VAR_DIR",
        "DJANGO_ALLOW_ASYNC_UNSAFE",  # set for Playwright; never in a deployment
    }
    base = {k: v for k, v in os.environ.items() if k not in project}
    base.update(DJANGO_SETTINGS_MODULE="config.settings", FACTORIUM_VAR_DIR=str(tmp_path), **env)
    return subprocess.run(
        [sys.executable, "-c", code], cwd=ROOT, env=base, capture_output=True, text=True,
        timeout=120,
    )  # fmt: skip


def test_deploy_check_is_clean_under_production_settings(tmp_path):
    production = {
        "DEBUG": "0",
        "HTTPS": "1",
        "SECRET_KEY": "k" * 20 + "production-like-secret-key-with-enough-entropy-9f3a",
        "ALLOWED_HOSTS": "factorium.example.org",
        # Teachers' password resets need a real mail server; without one the check says so.
        "EMAIL_HOST": "smtp.example.org",
    }
    if os.environ.get("REDIS_URL"):
        production["REDIS_URL"] = os.environ["REDIS_URL"]
    code = (
        "import sys; from django.core.management import execute_from_command_line;"
        "execute_from_command_line(['manage.py', 'check', '--deploy', '--fail-level', 'WARNING'])"
    )
    result = run_django(code, tmp_path, **production)
    assert result.returncode == 0, result.stdout + result.stderr
    assert "no issues" in result.stdout
    del production["EMAIL_HOST"]
    result = run_django(code, tmp_path, **production)
    assert result.returncode != 0 and "mail.E001" in result.stdout + result.stderr


def test_embedded_defaults_need_no_services(tmp_path):
    """With no DATABASE_URL and no REDIS_URL: a SQLite file and an embedded Redis serve."""
    code = (
        "import django; django.setup();"
        "from django.conf import settings; from django.core.cache import cache;"
        "from django.db import connection;"
        "cache.set('probe', 41); print(connection.vendor, cache.incr('probe'),"
        " settings.REDIS_URL.startswith('unix://'), settings.CELERY_BROKER_URL[:15])"
    )
    result = run_django(code, tmp_path)
    assert result.returncode == 0, result.stderr
    assert result.stdout.split() == ["sqlite", "42", "True", "redis+socket://"]
    assert (tmp_path / "secret_key").exists()


def test_settings_refuse_a_bad_boolean(tmp_path):
    result = run_django("import django; django.setup()", tmp_path, DEBUG="maybe")
    assert result.returncode != 0 and "DEBUG must be 1 or 0" in result.stderr


def test_services_in_use_match_the_environment(db):
    """CI must really use PostgreSQL and Redis servers, never the embedded fallbacks."""
    if os.environ.get("CI"):
        assert os.environ.get("DATABASE_URL") and os.environ.get("REDIS_URL")
    expected = (
        "postgresql" if os.environ.get("DATABASE_URL", "").startswith("postgres") else "sqlite"
    )
    assert connection.vendor == expected
    assert settings.REDIS_URL.startswith("redis://" if os.environ.get("REDIS_URL") else "unix://")


def test_redis_cache_round_trip():
    cache.set("config-test", {"a": 1}, 30)
    assert cache.get("config-test") == {"a": 1}


@pytest.mark.django_db(transaction=True)
def test_a_task_goes_through_the_broker_to_a_worker(settings):
    """The worker and the broker really talk: a task sent via Redis runs and returns."""
    from celery.contrib.testing.worker import start_worker

    from classrooms.tasks import clear_expired_sessions
    from config.celery import app

    app.conf.task_always_eager = False
    try:
        with start_worker(app, perform_ping_check=False, pool="solo", shutdown_timeout=10):
            result = clear_expired_sessions.apply_async()
            assert result.get(timeout=20) == 0
    finally:
        app.conf.task_always_eager = True
