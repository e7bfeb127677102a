"""PrimePak games on the platform: assigned by deck level, played to the end through the
services (clock included), recorded by level for progress, replayed for the teacher."""

import random
from datetime import timedelta

import pytest
from django.test import Client
from django.urls import reverse
from django.utils import timezone

from games import services
from games.engine import all_games, get_game
from games.models import LearningRecord, Match

PRIMEPAK = [game.slug for game in all_games() if type(game).__module__.startswith("games.primepak")]


def drive_to_end(match: Match, student, monkeypatch, limit: int = 3000) -> Match:
    """Play a match to its end: the student plays as the strongest bot would, bots play
    their own seats, and when nobody moves the clock runs out."""
    rules = get_game(match.game)
    strongest = list(rules.bots().values())[-1]
    now = [timezone.now()]
    monkeypatch.setattr(services, "_now", lambda: now[0])
    rng = random.Random(match.seed)
    seat = match.seats.get(student=student).index
    for _ in range(limit):
        match.refresh_from_db()
        if match.status == Match.Status.FINISHED:
            return match
        moves = rules.legal_moves(match.state, seat)
        move = strongest.choose_move(rules.view(match.state, seat), moves, rng) if moves else None
        if move is not None:
            services.match_play(
                match_id=match.pk, player=student, move=move.to_json(), version=match.version
            )
            continue
        if any(
            services.match_bot_play(match_id=match.pk, version=match.version, player=p)
            for p in rules.actors(match.state, match.seats.count())
            if p != seat
        ):
            continue
        now[0] += timedelta(seconds=200)
        assert services.match_clock(match_id=match.pk, version=match.version), "stuck"
    raise AssertionError("the match did not end")


@pytest.mark.parametrize("slug", PRIMEPAK)
def test_a_teacher_assigns_a_deck_level_and_the_student_plays_it(
    slug, teacher_client, classroom, student, monkeypatch
):
    rules = get_game(slug)
    form = {f"setting_{k}": str(v) for k, v in rules.default_settings().items()}
    form.update(setting_level="3", goal="finish", goal_count="1")
    response = teacher_client.post(reverse("assignment_new", args=[classroom.pk, slug]), form)
    assert response.status_code == 302
    assignment = classroom.assignments.get()
    assert assignment.settings["level"] == 3
    client = Client()  # the student's own browser
    client.force_login(student.user, backend="classrooms.auth.StudentBackend")
    data = {"seat_1": next(iter(rules.bots()))} if rules.max_players > 1 else {}
    client.post(reverse("match_new", args=[slug]) + f"?assignment={assignment.pk}", data)
    match = Match.objects.get()
    assert match.assignment == assignment and match.settings["level"] == 3
    assert rules.settings_label(match.settings).startswith("Level 3")

    match = drive_to_end(match, student, monkeypatch)
    levels = set(LearningRecord.objects.filter(student=student).values_list("level", flat=True))
    assert levels and all(level.startswith("Level 3") for level in levels)
    assert "1 of 1" in client.get(reverse("game_list")).content.decode()

    replay = teacher_client.get(reverse("match_replay", args=[match.pk]))
    assert replay.status_code == 200
    first = teacher_client.get(reverse("match_replay", args=[match.pk]), {"step": 1})
    assert first.status_code == 200
