"""Celery tasks: they take ids, load, and call a service; safe to run twice."""

import time
from contextlib import suppress

from celery import shared_task
from django.core.cache import cache
from redis.exceptions import RedisError

from . import services

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
