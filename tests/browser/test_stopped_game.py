"""A game that stopped (its bot's move failed again and again) as the teacher and the child
see it: the class's Games page marks it and offers "Try again" and "End this game"; the
child's board says what happened in a child's words (issue 36)."""

from __future__ import annotations

import pytest
from django.urls import reverse
from django.utils import timezone
from playwright.sync_api import expect

from games import services
from games.engine import get_game
from games.models import Match
from tests.browser.conftest import ARTIFACTS, screenshots

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

shot = screenshots(ARTIFACTS / "stopped")


@pytest.fixture
def stopped(student, classroom, monkeypatch):
    """Ana against a bot whose moves failed three times: the game stopped on the bot's turn."""
    rules = get_game("multiplication")
    seed = next(s for s in range(100) if rules.current_player(rules.new_game({}, 2, s)) == 1)
    with monkeypatch.context() as patched:
        patched.setattr(services, "_send_wake", lambda *args: None)  # the bot's move "fails"
        match = services.match_create(
            game="multiplication",
            settings={},
            classroom=classroom,
            seats=[services.SeatSpec(student=student), services.SeatSpec(bot="easy")],
            host=student,
            seed=seed,
        )
    Match.objects.filter(pk=match.pk).update(
        stuck_at=timezone.now(),
        failures=services.FAILURES_STUCK,
        stuck_reason="OperationalError: the database went away",
        due_at=None,
        wake_at=None,
    )
    return match


def test_the_teacher_sees_a_stopped_game_and_ends_it(new_page, sign_in, stopped, classroom):
    page = new_page()
    sign_in(page, classroom.teacher)
    page.goto(reverse("class_matches", args=[classroom.pk]))
    row = page.get_by_role("row").filter(has_text="Stopped")
    expect(row).to_contain_text("could not make the next move")
    expect(row.get_by_role("button", name="Try again")).to_be_visible()
    shot(page, "teacher-games-page")
    row.get_by_role("button", name="End this game").click()
    expect(page.get_by_text("The game was ended")).to_be_visible()
    assert Match.objects.get(pk=stopped.pk).status == Match.Status.ABANDONED


def test_the_child_is_told_and_try_again_lets_the_bot_move(
    new_page, sign_in, stopped, student, classroom
):
    child = new_page()
    sign_in(child, student.user)
    child.goto(reverse("match_detail", args=[stopped.pk]))
    expect(child.get_by_role("alert")).to_contain_text("This game has stopped")
    expect(child.get_by_role("alert")).to_contain_text("Your teacher can start it again")
    expect(child.get_by_text("Your turn!")).to_have_count(0)  # the bot's turn, stopped
    shot(child, "child-board")
    teacher = new_page()
    sign_in(teacher, classroom.teacher)
    teacher.goto(reverse("class_matches", args=[classroom.pk]))
    teacher.get_by_role("button", name="Try again").click()
    expect(teacher.get_by_text("trying again")).to_be_visible()
    stopped.refresh_from_db()
    assert stopped.stuck_at is None and stopped.move_count == 1  # the bot moved (inline)
    child.reload()
    expect(child.get_by_role("alert")).to_have_count(0)
