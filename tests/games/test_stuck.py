"""A match whose bot's move or clock fails again and again stops retrying and is shown to its
teacher (issue 36: "the task fails again at every sweep and the match stays at its version for
good"). The teacher may try again or end the game; another teacher can do neither."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.test import Client
from django.urls import reverse
from django.utils import timezone

from classrooms import services as roster
from games import services, tasks
from games.engine import get_game
from games.models import Match

from .conftest import GAME


class Broken(Exception):
    pass


@pytest.fixture
def broken_bot(monkeypatch):
    """The strong bot of the game raises whenever it is asked for a move."""
    bot = get_game(GAME).bots()["strong"]

    def fails(*args, **kwargs):
        raise Broken("value too long for type character varying(40)")

    monkeypatch.setattr(bot, "choose_move", fails)


def fail_to_wake(match: Match) -> None:
    with pytest.raises(Broken):
        tasks.wake_match.apply((match.pk,), throw=True).get()


def make_overdue(match: Match) -> None:
    long_ago = timezone.now() - timedelta(minutes=1)
    Match.objects.filter(pk=match.pk).update(due_at=long_ago)


def test_a_match_failing_again_and_again_stops_and_waits_for_its_teacher(
    bot_first_match, broken_bot, monkeypatch
):
    woken = []
    monkeypatch.setattr(services, "_send_wake", lambda *args: woken.append(args))
    match = bot_first_match
    for tries in range(1, services.FAILURES_STUCK + 1):
        make_overdue(match)
        assert services.matches_sweep()["nudged"] == 1
        fail_to_wake(match)
        match.refresh_from_db()
        assert match.failures == tries
    assert match.stuck_at is not None and "too long" in match.stuck_reason
    assert match.due_at is None and match.version == 1  # nothing moved, nothing half-done
    make_overdue(match)
    woken.clear()
    assert services.matches_sweep()["nudged"] == 0 and woken == []  # no more retries


def test_one_failure_then_a_good_move_starts_the_count_again(bot_first_match, monkeypatch):
    bot = get_game(GAME).bots()["strong"]
    real = bot.choose_move
    calls = []

    def once_broken(*args, **kwargs):
        calls.append(1)
        if len(calls) == 1:
            raise Broken("a hiccup")
        return real(*args, **kwargs)

    monkeypatch.setattr(bot, "choose_move", once_broken)
    match = bot_first_match
    fail_to_wake(match)
    assert Match.objects.get(pk=match.pk).failures == 1
    assert tasks.wake_match.apply((match.pk,)).get()  # the bot moves this time
    match.refresh_from_db()
    assert match.failures == 0 and match.stuck_at is None and match.move_count == 1


@pytest.fixture
def stuck(bot_first_match, broken_bot, monkeypatch):
    monkeypatch.setattr(services, "_send_wake", lambda *args: None)
    for _ in range(services.FAILURES_STUCK):
        fail_to_wake(bot_first_match)
    bot_first_match.refresh_from_db()
    assert bot_first_match.stuck_at is not None
    return bot_first_match


def test_the_teacher_sees_the_stopped_game_and_the_child_is_told(
    stuck, teacher_client, student, classroom
):
    page = teacher_client.get(reverse("class_matches", args=[classroom.pk])).content.decode()
    assert "Stopped" in page and "Try again" in page and "End this game" in page
    child = Client()
    child.force_login(student.user, backend="classrooms.auth.StudentBackend")
    board = child.get(reverse("match_detail", args=[stuck.pk])).content.decode()
    assert "This game has stopped" in board and "Your teacher can start it again" in board


def test_try_again_lets_the_bot_move(stuck, teacher_client, classroom, monkeypatch):
    monkeypatch.undo()  # the bot works again (a fix was deployed)
    response = teacher_client.post(reverse("match_unstick", args=[classroom.pk, stuck.pk]))
    assert response.status_code == 302
    stuck.refresh_from_db()
    assert stuck.stuck_at is None and stuck.failures == 0 and stuck.due_at is not None
    assert services.match_wake(match_id=stuck.pk)
    assert Match.objects.get(pk=stuck.pk).move_count == 1


def test_end_this_game_closes_it_for_nobody(stuck, teacher_client, classroom):
    response = teacher_client.post(reverse("match_end", args=[classroom.pk, stuck.pk]))
    assert response.status_code == 302
    stuck.refresh_from_db()
    assert stuck.status == Match.Status.ABANDONED and stuck.outcome["winners"] == []
    assert not stuck.seats.filter(won=True).exists()


def test_another_teacher_can_neither_restart_nor_end_it(stuck, classroom, make_teacher):
    other = make_teacher(email="other@school.test")
    theirs = roster.classroom_create(teacher=other, name="Class 5B", sign_in_method="pictures")
    client = Client()
    client.force_login(other, backend="classrooms.auth.TeacherBackend")
    for name in ("match_unstick", "match_end"):
        assert client.post(reverse(name, args=[classroom.pk, stuck.pk])).status_code == 404
        assert client.post(reverse(name, args=[theirs.pk, stuck.pk])).status_code == 404
        assert client.get(reverse(name, args=[classroom.pk, stuck.pk])).status_code in (404, 405)
    stuck.refresh_from_db()
    assert stuck.stuck_at is not None and stuck.status == Match.Status.PLAYING
