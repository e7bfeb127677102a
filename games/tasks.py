"""Celery tasks: they take ids, load, and call a service; safe to run twice."""

from celery import shared_task

from . import services


@shared_task(ignore_result=True)
def bot_move(match_id: int, version: int) -> bool:
    """Let a bot take its turn if the match is still where it was when the task was sent."""
    return services.match_bot_play(match_id=match_id, version=version)


@shared_task(ignore_result=True)
def sweep_matches() -> dict[str, int]:
    """Every few seconds: restart lost bot turns, stand in for absent players, tidy up."""
    return services.matches_sweep()
