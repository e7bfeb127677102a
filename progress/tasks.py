"""Celery tasks of progress: sent when a match ends, by report jobs and by beat. They take ids
and are safe to run twice."""

from celery import shared_task
from django.db import DatabaseError

from . import services


@shared_task(ignore_result=True, autoretry_for=(DatabaseError,), retry_backoff=True, max_retries=5)
def progress_match(match_id: int) -> int:
    """A match ended: add it to its students' progress (the ledger makes a retry harmless)."""
    return services.progress_for_match(match_id=match_id)


def on_match_ended(sender, match_id: int, **kwargs) -> None:
    """games.signals.match_ended: add the match to progress in the background."""
    progress_match.delay(match_id)


@shared_task(ignore_result=True)
def progress_rebuild_class(job_id: int) -> None:
    """Rebuild a class's progress for a report job; a job already done does nothing, and one
    interrupted by a lost worker (delivered again: acks_late) starts over cleanly."""
    services.report_job_run(job_id=job_id)


def on_report_job_queued(sender, job_id: int, **kwargs) -> None:
    """progress.signals.report_job_queued: rebuild the class in the background."""
    progress_rebuild_class.delay(job_id)


@shared_task(ignore_result=True)
def progress_rebuild_nightly() -> int:
    """Every night: a full rebuild of every class, one report job per class."""
    return services.report_jobs_nightly()
