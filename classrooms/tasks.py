"""Celery tasks run by beat or sent by services: they take ids and are safe to run twice."""

from celery import shared_task
from django.contrib.sessions.models import Session
from django.utils import timezone


@shared_task
def clear_expired_sessions() -> int:
    """Delete expired sign-in sessions; safe to run any number of times."""
    deleted, _ = Session.objects.filter(expire_date__lt=timezone.now()).delete()
    return deleted
