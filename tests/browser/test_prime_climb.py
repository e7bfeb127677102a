"""Prime Climb in Chromium: a student rolls and builds turns step by step against a bot."""

import pytest
from django.urls import reverse

from games.models import Match

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


@pytest.fixture(autouse=True)
def _fast_games(settings):
    settings.GAMES_BOT_DELAY_SECONDS = 0
    settings.GAMES_STREAM_SECONDS = 3


def board_version(page) -> int:
    return int(page.locator("#board").get_attribute("data-version"))


def act(page, locator) -> None:
    """Press a button on the board and wait for the board the server sends back."""
    version = board_version(page)
    locator.click()
    page.wait_for_function(
        "old => Number(document.querySelector('#board')?.dataset.version) > old", arg=version
    )


def test_a_student_plays_turns_step_by_step_against_a_bot(new_page, shot, sign_in, student):
    page = new_page()
    sign_in(page, student.user)
    page.goto(reverse("match_new", args=["prime-climb"]))
    page.get_by_label("Player 2").select_option("easy")
    page.get_by_role("button", name="Start").click()
    page.wait_for_url("**/matches/*/")
    match = Match.objects.get()
    for turn in range(3):
        roll = page.get_by_role("button", name="Roll the dice")
        roll.wait_for(timeout=20_000)
        if turn == 0:
            shot(page, "50-climb-start", full_page=True)
        act(page, roll)
        for step in range(4):
            end = page.get_by_role("button", name="End my turn")
            if end.count() and end.is_visible():
                break
            option = page.locator(".pcl-op:not([disabled])").first
            act(page, option)
            if turn == 0 and step == 0:
                shot(page, "51-climb-step", full_page=True)
                act(page, page.get_by_role("button", name="Take back a step"))
                act(page, page.locator(".pcl-op:not([disabled])").first)
        ending = page.get_by_role("button", name="End my turn").or_(
            page.get_by_role("button", name="No move possible: pass")
        )
        act(page, ending)
        match.refresh_from_db()
        if match.status == Match.Status.FINISHED:
            break
    shot(page, "52-climb-after-turns", full_page=True)
    assert match.move_count > 6
