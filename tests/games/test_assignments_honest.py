"""Assignments count only the student's own games: "finish N" and "win N" leave out a game they
gave up or one a stand-in bot finished for them, and the teacher sees those apart
(docs/rules.md, "Playing on the platform": Assignments)."""

from datetime import timedelta

import pytest
from django.urls import reverse
from django.utils import timezone

from classrooms import services as roster
from games.assignments import assignment_create, assignments_for_student, progress_for
from games.engine import get_game
from games.models import Match, Seat

GAME = "prime-solitaire"
SETTINGS = get_game(GAME).clean_settings({"level": 3})  # as the assignment keeps them


@pytest.fixture
def ben(classroom):
    return roster.student_create(classroom=classroom, name="Ben")


@pytest.fixture
def assignment(classroom):
    return assignment_create(
        classroom=classroom, game=GAME, settings=SETTINGS, goal="win", goal_count=2
    )


def game(
    student,
    *,
    status="finished",
    won=True,
    gave_up=False,
    stood_in=False,
    mode="game",
    settings=SETTINGS,
):
    """A hand-made match of the assigned game that ended a moment ago."""
    now = timezone.now()
    match = Match.objects.create(
        game=GAME,
        settings=settings,
        seed=1,
        classroom=student.classroom,
        status=status,
        mode=mode,
        level="level-3",
        started_at=now - timedelta(minutes=5),
        last_move_at=now,
        finished_at=now,
    )
    Seat.objects.create(
        match=match,
        index=0,
        student=student,
        won=won if status == "finished" else None,
        gave_up=gave_up,
        bot_stand_in=stood_in,
        stood_in=stood_in,
        attempted=True,  # a game the child played themselves (services mark it so)
        bot="easy" if stood_in else "",
    )
    return match


@pytest.fixture
def played(student, ben, assignment):
    """Ana: one own win, one win a stand-in bot finished, a game given up (the rules' "give up"
    ended it), one given up and closed, and a Learn to play round "won". Ben: two own wins."""
    game(student)
    game(student, stood_in=True)
    game(student, won=False, gave_up=True)
    game(student, status="abandoned", gave_up=True)
    game(student, mode="learn")
    game(ben)
    game(ben)
    game(ben, status="abandoned")  # closed after 24 hours without a move: not given up


def test_win_n_counts_only_the_students_own_wins(played, assignment, student, ben):
    ana, bens = progress_for(assignment, [student, ben])
    assert (ana.finished, ana.won, ana.count, ana.met) == (1, 1, 1, False)
    assert (ana.given_up, ana.finished_by_bot, ana.not_counted) == (2, 1, 3)
    assert ana.not_counted_text == "2 given up · 1 a bot played for them"
    assert (bens.finished, bens.won, bens.met, bens.not_counted_text) == (2, 2, True, "")


def test_finish_n_counts_only_the_students_own_finished_games(
    played, assignment, classroom, student
):
    finish = assignment_create(
        classroom=classroom, game=GAME, settings=SETTINGS, goal="finish", goal_count=2
    )
    finish.created_at = assignment.created_at  # made before the games, as the other one
    (ana,) = progress_for(finish, [student])
    assert (ana.finished, ana.count, ana.met) == (1, 1, False)


def test_games_before_the_assignment_or_with_other_settings_are_not_listed(student, classroom):
    game(student, gave_up=True)
    later = assignment_create(
        classroom=classroom, game=GAME, settings=SETTINGS, goal="win", goal_count=1
    )
    game(student, gave_up=True, settings=get_game(GAME).clean_settings({"level": 4}))
    (ana,) = progress_for(later, [student])
    assert (ana.finished, ana.not_counted) == (0, 0)


def test_the_students_assignment_list_has_the_counts_that_did_not_count(played, student):
    (ana,) = assignments_for_student(student)
    assert (ana.count, ana.given_up, ana.finished_by_bot) == (1, 2, 1)


def test_the_assignment_page_shows_the_teacher_why_games_did_not_count(
    teacher_client, classroom, played, assignment
):
    url = reverse("assignment_detail", args=[classroom.pk, assignment.pk])
    page = teacher_client.get(url).content.decode()
    assert "Not counted" in page and "2 given up · 1 a bot played for them" in page
    assert "1 of 2" in page and "✓ Met" in page  # Ana's own win; Ben met the goal
    assert "a bot played some of their moves" in page


def test_the_class_lists_and_progress_page_count_the_goal_from_own_games(
    teacher_client, classroom, played
):
    for name in ("class_assignments", "class_progress"):
        page = teacher_client.get(reverse(name, args=[classroom.pk])).content.decode()
        assert "1 of 2" in page  # only Ben met it
