"""Prime Challenge through the platform's services: a wrong set nobody challenged in time is
recorded as the student's mistake when the clock closes its window (issue 11)."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.utils import timezone

from games import services
from games.models import LearningRecord, Match

from .test_game import scenario

pytestmark = pytest.mark.django_db


@pytest.fixture
def quiet(monkeypatch):
    """No bot moves or clocks are scheduled: the test runs the clock itself."""
    monkeypatch.setattr(services, "_send_wake", lambda *args: None)


def table(student, cards: list) -> Match:
    """Ana against an easy bot, her turn, with exactly these cards in the foundation."""
    match = services.match_create(
        game="prime-challenge",
        settings={"level": 3, "time_limits": "booklet"},
        classroom=student.classroom,
        seats=[services.SeatSpec(student=student), services.SeatSpec(bot="easy")],
        host=student,
        seed=1,
    )
    match.state = scenario(cards)
    match.save(update_fields=["state"])
    return match


def move(match: Match, student, data: dict) -> Match:
    match.refresh_from_db()
    services.match_play(match_id=match.pk, player=student, move=data, version=match.version)
    match.refresh_from_db()
    return match


def take(match: Match, student, *refs: str) -> Match:
    for ref in refs:
        match = move(match, student, {"type": "select", "card": ref})
    return move(match, student, {"type": "collect"})


def run_clock(match: Match, monkeypatch) -> Match:
    later = match.deadline_at + timedelta(seconds=1)
    monkeypatch.setattr(services, "_now", lambda: later)
    assert services.match_clock(match_id=match.pk, version=match.version)
    monkeypatch.setattr(services, "_now", timezone.now)
    match.refresh_from_db()
    return match


def test_a_wrong_set_nobody_challenged_is_recorded_once_when_the_window_closes(
    student, quiet, monkeypatch
):
    match = take(table(student, [100, 2, 2, 11]), student, "f0", "f1", "f2")
    assert match.state["phase"] == "window"
    assert not LearningRecord.objects.filter(match=match).exists()  # not judged yet
    match = run_clock(match, monkeypatch)
    assert match.state["stacks"][0] == [100, 2, 2]  # the set stands
    record = LearningRecord.objects.get(match=match)
    assert (record.student, record.kind, record.skill) == (student, "factor_set", "factors:100")
    assert (record.correct, record.mistake, record.helped) == (False, "wrong_product", False)
    assert record.detail["unchallenged"] is True
    assert record.move_number == match.move_count  # the clock's move: when the window closed
    assert match.state["notes"][0] == [
        "Nobody challenged your 100 = 2 × 2, but it was not a factor set. 2 × 2 = 4, not 100."
    ]


def test_a_right_set_is_recorded_when_taken_and_the_clock_adds_nothing(student, quiet, monkeypatch):
    match = take(table(student, [42, 6, 7, 11]), student, "f0", "f1", "f2")
    record = LearningRecord.objects.get(match=match)
    assert (record.correct, record.skill) == (True, "factors:42")
    run_clock(match, monkeypatch)
    assert LearningRecord.objects.filter(match=match).count() == 1
