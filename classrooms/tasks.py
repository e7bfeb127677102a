"""Celery tasks run by beat or sent by services: they take ids and are safe to run twice."""

from celery import shared_task
from django.contrib.sessions.models import Session
from django.db import DatabaseError
from django.utils import timezone

from . import progress


@shared_task
def clear_expired_sessions() -> int:
    """Delete expired sign-in sessions; safe to run any number of times."""
    deleted, _ = Session.objects.filter(expire_date__lt=timezone.now()).delete()
    return deleted


@shared_task(ignore_result=True, autoretry_for=(DatabaseError,), retry_backoff=True, max_retries=5)
def progress_match(match_id: int) -> int:
    """A match ended: add it to its students' progress (the ledger makes a retry harmless)."""
    return progress.progress_for_match(match_id=match_id)


@shared_task(ignore_result=True)
def progress_rebuild_class(job_id: int) -> None:
    """Rebuild a class's progress for a report job; a job already done does nothing, and one
    interrupted by a lost worker (delivered again: acks_late) starts over cleanly."""
    progress.report_job_run(job_id=job_id)


@shared_task(ignore_result=True)
def progress_rebuild_nightly() -> int:
    """Every night: a full rebuild of every class, one report job per class."""
    return progress.report_jobs_nightly()
