"""`python manage.py health`: the operators' health report (database, Redis, a Celery worker,
beat's last sweep) as JSON; exits 1 when something needed does not answer, for cron or a
monitoring agent on the server. The same report as /healthz/full/, always asked afresh."""

import json

from django.core.management.base import BaseCommand, CommandError

from config.health import SWEEP_STALE_SECONDS, report


class Command(BaseCommand):
    help = "Check the database, Redis, a Celery worker and beat; exit 1 on trouble."

    def handle(self, *args, **options) -> None:
        found = report()
        self.stdout.write(json.dumps(found, indent=2))
        if found["status"] != "ok":
            raise CommandError("unhealthy: " + ", ".join(_problems(found)), returncode=1)


def _problems(found: dict) -> list[str]:
    """The names of what failed, for the one-line error a cron mail shows."""
    problems = [name for name in ("database", "redis") if not found[name]]
    if not found["tasks_eager"]:
        if not found["worker"]:
            problems.append("no worker answers")
        age = found["sweep_age_seconds"]
        if age == "unknown":
            problems.append("beat's last sweep unknown")
        elif age > SWEEP_STALE_SECONDS:
            problems.append(f"beat's last sweep {age} s ago")
    return problems
