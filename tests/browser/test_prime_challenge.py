"""Prime Challenge in Chromium: a student's turn against a bot, and the bot's challenge."""

import pytest
from django.urls import reverse

from games.engine import get_game
from games.models import LearningRecord, Match
from tests.browser.helpers import wait_settled

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

RULES = get_game("prime-challenge")
# Level 1, two players, the student first; the foundation is 2 10 2 / 5 5 10 / 2 5 2.
SEED = 6


@pytest.fixture(autouse=True)
def _live_clock(settings):
    settings.GAMES_BOT_DELAY_SECONDS = 0
    settings.GAMES_STREAM_SECONDS = 3
    settings.GAMES_CLOCK_THREADS = True  # windows and time limits run out for real


def card(page, ref: str):
    return page.locator(f".pc-foundation button[value='{ref}']")


def pick(page, ref: str, keyboard: bool = False) -> None:
    """Pick up one card, and wait until the board shows it picked."""
    if keyboard:
        card(page, ref).focus()
        page.keyboard.press("Enter")
    else:
        card(page, ref).click()
    page.locator(f".pc-foundation button[value='{ref}'][aria-pressed='true']").wait_for()
    wait_settled(page)


def test_a_student_takes_a_set_then_a_bot_challenges_a_missed_one(
    new_page, shot, sign_in, student, monkeypatch
):
    from games import services

    monkeypatch.setattr(services.secrets, "randbits", lambda bits: SEED)
    page = new_page()
    sign_in(page, student.user)
    page.goto(reverse("match_new", args=["prime-challenge"]))
    page.get_by_label("Deck level").select_option("1")
    page.get_by_label("Player 2").select_option("strong")
    shot(page, "29-challenge-new", full_page=True)
    page.get_by_role("button", name="Start").click()
    page.wait_for_url("**/matches/*/")
    match = Match.objects.get()
    assert match.seed == SEED and RULES.current_player(match.state) == 0
    page.locator(".pc-say", has_text="Your turn").wait_for(timeout=20_000)
    shot(page, "30-challenge-start", full_page=True)

    # Answer first, as the booklet asks: 10, then 2 and 5 — by mouse, then by keyboard.
    pick(page, "f1")
    pick(page, "f0")
    pick(page, "f3", keyboard=True)
    page.locator(".pc-product", has_text="2 × 5 = 10").wait_for()
    shot(page, "31-challenge-picked", full_page=True)
    page.get_by_role("button", name="Take this set").click()
    # The window lasts 2 s: on a slow machine it may already be over when the board shows.
    window = page.locator(".pc-say", has_text="Wait: the others may challenge")
    after = page.locator(".pc-actions button[value=done]:not([disabled])")
    window.or_(after).first.wait_for(timeout=20_000)
    shot(page, "32-challenge-window", full_page=True)

    # The window closes (nobody challenges a good set); another 10 = 2 × 5 is still there,
    # but the student says "done": the strong bot challenges and takes it.
    page.get_by_role("button", name="Done").wait_for(state="visible", timeout=15_000)
    page.wait_for_function(
        "document.querySelector('.pc-actions button[value=done]')?.disabled === false",
        timeout=20_000,
    )
    page.get_by_role("button", name="Done").click()
    page.locator(".pc-log", has_text="challenged").wait_for(timeout=20_000)
    shot(page, "33-bot-challenged", full_page=True)
    match.refresh_from_db()
    assert RULES.view(match.state, 0)["collected"][0] >= 3  # the student's own set
    missed = LearningRecord.objects.filter(student=student, mistake="missed_set")
    assert missed.exists(), "the set the student missed is in their learning record"
    assert LearningRecord.objects.filter(student=student, kind="factor_set", correct=True)

    # Play goes on: the bot takes its own turn and the student's turn comes back.
    page.locator(".pc-say", has_text="Your turn").or_(
        page.locator(".pc-say", has_text="over")
    ).wait_for(timeout=60_000)
    shot(page, "34-challenge-turn-back", full_page=True)
