"""Prime Solitaire in Chromium: a student wins a level-1 game, then the teacher sees that
the deal could be won."""

import pytest
from django.urls import reverse
from playwright.sync_api import TimeoutError as PlaywrightTimeout

from games.engine import get_game
from games.models import Match
from games.primepak.solitaire_solver import line_moves, solve
from tests.browser.helpers import wait_settled

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

RULES = get_game("prime-solitaire")
SETTINGS = RULES.clean_settings({"level": 1})


def winnable_seed() -> tuple[int, list]:
    """A level-1 deal the solver wins, with its winning line as the game's moves."""
    for seed in range(1, 200):
        state = RULES.new_game(SETTINGS, 1, seed)
        solution = solve(state)
        if solution.winnable:
            return seed, line_moves(state, solution.line)
    raise AssertionError("no winnable level-1 deal in 200 seeds")


def clickable(button) -> bool:
    """Whether a mouse click would reach this card (not hidden under a card lying on it)."""
    try:
        button.click(trial=True, timeout=500)
    except PlaywrightTimeout:
        return False
    return True


def test_a_student_wins_a_level_1_solitaire(new_page, shot, sign_in, student, teacher, monkeypatch):
    from games import services

    seed, moves = winnable_seed()
    monkeypatch.setattr(services.secrets, "randbits", lambda bits: seed)
    page = new_page()
    sign_in(page, student.user)
    page.goto(reverse("match_new", args=["prime-solitaire"]))
    page.get_by_label("Deck level").select_option("1")
    page.get_by_role("button", name="Start").click()
    page.wait_for_url("**/matches/*/")
    shot(page, "40-solitaire-start", full_page=True)
    assert Match.objects.get().seed == seed

    for number, move in enumerate(moves):
        version = int(page.locator("#board").get_attribute("data-version"))
        if move.type == "select":
            button = page.locator(f"#board button[name=card][value='{move.card}']")
            if number % 3 and clickable(button):
                button.click()
            else:  # by keyboard alone (also for a card partly under a chosen one)
                button.focus()
                page.keyboard.press("Enter")
        else:
            label = {
                "collect": "Take this set",
                "turn": "Turn over a card",
                "clear": "Put them back",
            }
            page.get_by_role("button", name=label[move.type]).click()
        page.wait_for_function(
            "old => Number(document.querySelector('#board')?.dataset.version) > old",
            arg=version,
            timeout=20_000,
        )
        wait_settled(page)
        if number == 2:
            shot(page, "41-solitaire-selecting", full_page=True)
    page.locator("#board-status", has_text="Game over!").wait_for()
    shot(page, "42-solitaire-won", full_page=True)
    match = Match.objects.get()
    assert match.status == Match.Status.FINISHED and match.seats.get().won

    # The teacher's replay says the deal could be won (worked out after the game).
    teacher_page = new_page()
    sign_in(teacher_page, teacher)
    teacher_page.goto(reverse("match_replay", args=[match.pk]))
    teacher_page.locator(".analysis").wait_for()
    shot(teacher_page, "43-solitaire-teacher-replay", full_page=True)
