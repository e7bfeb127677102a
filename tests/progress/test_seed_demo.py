"""The demo class `make run` seeds: a real progress report at once, and safe to run again."""

import time
from io import StringIO

import pytest
from django.core.management import call_command
from django.urls import reverse

from classrooms.models import Classroom
from games.models import Match
from progress.management.commands.seed_demo import DEMO_CODE, DEMO_GAMES
from progress.models import StudentProgress


def seed() -> str:
    out = StringIO()
    call_command("seed_demo", stdout=out)
    return out.getvalue()


@pytest.mark.django_db
def test_the_demo_class_gets_finished_games_and_a_filled_progress_report(client):
    started = time.perf_counter()
    first = seed()
    seconds = time.perf_counter() - started
    classroom = Classroom.objects.get(join_code=DEMO_CODE)
    matches = classroom.matches.filter(mode=Match.Mode.GAME)
    assert f"{len(DEMO_GAMES)} finished games" in first
    assert matches.count() == len(DEMO_GAMES)
    assert set(matches.values_list("status", flat=True)) == {Match.Status.FINISHED}
    assert {m.game for m in matches} == {"prime-solitaire", "multiplication", "prime-climb"}
    # The progress rebuild ran: the dashboard shows these students' levels at once.
    rows = StudentProgress.objects.filter(student__classroom=classroom)
    assert rows.filter(games_finished__gt=0).values("student").distinct().count() == 6
    client.force_login(classroom.teacher, backend="classrooms.auth.TeacherBackend")
    page = client.get(reverse("class_progress", args=[classroom.pk])).content.decode()
    assert "Ana" in page and "No games counted yet" not in page
    # The demo assignment has real progress: Ana finished her 3 solitaire games.
    assignment = classroom.assignments.get()
    detail = client.get(reverse("assignment_detail", args=[classroom.pk, assignment.pk]))
    assert "✓ Met" in detail.content.decode()
    # One of each of the report's other counts (issue 30): a win with a hint, a game given up,
    # one a stand-in bot finished, one with no try of their own.
    totals = {
        field: sum(getattr(r, field) for r in rows)
        for field in ("wins_with_help", "games_gave_up", "games_stood_in", "games_passive")
    }
    assert totals == dict.fromkeys(totals, 1)
    for col in ("wins_with_help", "games_gave_up", "games_stood_in", "games_passive"):
        assert f'<span data-col="{col}">1</span>' in page, col
    print(f"seed_demo took {seconds:.1f} s")  # shown with -s; a figure, not an assertion

    counted = {(r.student_id, r.game, r.level): r.games_finished for r in rows}
    second = seed()  # idempotent: nothing doubles
    assert "finished games played" not in second
    assert matches.count() == len(DEMO_GAMES)
    assert classroom.assignments.count() == 1 and classroom.students.count() == 6
    assert {(r.student_id, r.game, r.level): r.games_finished for r in rows.all()} == counted
