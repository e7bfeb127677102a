"""Many simultaneous submissions to one match: exactly one applied per version (PostgreSQL)."""

import os
import threading

import pytest
from django.db import connection

from games import services
from games.engine import IllegalMove, get_game, mark_mover
from games.models import Match, MoveRecord

from .conftest import GAME

pytestmark = [pytest.mark.postgres, pytest.mark.django_db(transaction=True)]

SUBMITTERS = 12
ROUNDS = 8


@pytest.fixture(autouse=True)
def _needs_postgresql(db):
    if connection.vendor != "postgresql":
        if os.environ.get("CI"):
            pytest.fail("CI must run this on PostgreSQL")
        pytest.skip("row locks are tested on PostgreSQL (set DATABASE_URL)")


def submit_at_once(match_id: int, student, version: int) -> list[str]:
    """SUBMITTERS threads send the same move for the same version at the same moment."""
    results: list[str] = []
    barrier = threading.Barrier(SUBMITTERS)

    def submit():
        barrier.wait()
        try:
            services.match_play(
                match_id=match_id, player=student, move={"type": "draw"}, version=version
            )
            results.append("applied")
        except services.StaleBoard:
            results.append("stale")
        except IllegalMove:
            results.append("illegal")
        finally:
            connection.close()

    threads = [threading.Thread(target=submit) for _ in range(SUBMITTERS)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    return results


def test_concurrent_moves_apply_once_per_version(student, ben):
    match = services.match_create(
        game=GAME,
        settings={},
        classroom=student.classroom,
        seats=[services.SeatSpec(student=student), services.SeatSpec(student=ben)],
        host=student,
        seed=7,
    )
    rules = get_game(GAME)
    players = {0: student, 1: ben}
    for _ in range(ROUNDS):
        match.refresh_from_db()
        version = match.version
        mover = players[rules.current_player(match.state)]
        results = submit_at_once(match.pk, mover, version)
        assert results.count("applied") == 1, results
        assert results.count("stale") == SUBMITTERS - 1, results
        match.refresh_from_db()
        assert match.version == version + 1
    numbers = list(MoveRecord.objects.filter(match=match).values_list("number", flat=True))
    assert numbers == list(range(1, ROUNDS + 1))
    replayed = mark_mover(rules.new_game(match.settings, 2, match.seed), None)
    for record in MoveRecord.objects.filter(match=match).order_by("number"):
        move = rules.parse_move(record.move)
        replayed = mark_mover(rules.apply_move(replayed, record.seat, move), None)
    assert replayed == Match.objects.get(pk=match.pk).state
