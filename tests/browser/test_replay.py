"""A teacher replays a finished game in Chromium: by keyboard and by the move list, the step
kept in the address through reload and history, and every hand shown."""

import re

import pytest
from django.urls import reverse

from games import services
from games.engine import get_game
from games.models import Match
from tests.browser.helpers import wait_settled
from tests.browser.viewport import CHROMEBOOK, assert_no_sideways_scroll, viewport

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

RULES = get_game("multiplication")


def finished_match(student) -> Match:
    """Ana against a bot, played to the end by bots (a stand-in for Ana: she was away)."""
    match = services.match_create(
        game="multiplication",
        settings={},
        classroom=student.classroom,
        seats=[services.SeatSpec(student=student), services.SeatSpec(bot="strong")],
        host=student,
        seed=5,
    )
    match.seats.filter(student=student).update(bot="easy", bot_stand_in=True)
    for _ in range(500):
        match.refresh_from_db()
        if not services.match_bot_play(match_id=match.pk, version=match.version):
            break
    match.refresh_from_db()
    assert match.status == Match.Status.FINISHED and match.move_count > 8
    return match


def step_in_url(page) -> int:
    return int(re.search(r"[?&]step=(\d+)", page.url).group(1))


def focused_id(page) -> str:
    return page.evaluate("() => document.activeElement && document.activeElement.id")


def showing(page, text: str) -> None:
    """Wait until the replay says it shows this step (htmx fetches a step back from history)."""
    page.wait_for_function(
        "text => document.querySelector('.replay-count')?.innerText === text", arg=text
    )


def current_move_visible(page) -> bool:
    """The marked move lies inside the move list's scroll box."""
    return page.evaluate(
        """() => {
        const box = document.querySelector('.replay-moves ol').getBoundingClientRect();
        const item = document.querySelector('.replay-moves [aria-current="step"]')
            .getBoundingClientRect();
        return item.top >= box.top - 1 && item.bottom <= box.bottom + 1;
    }"""
    )


def test_a_teacher_steps_through_a_replay_by_keyboard_and_by_the_move_list(
    new_page, sign_in, shot, teacher, student
):
    match = finished_match(student)
    total = match.move_count
    page = new_page(**viewport(CHROMEBOOK))
    sign_in(page, teacher)
    url = reverse("match_replay", args=[match.pk])
    page.goto(url)
    status = page.locator(".replay-count")
    assert status.inner_text() == f"Move {total} of {total}"
    assert page.locator("#replay-next").get_attribute("aria-disabled") == "true"
    assert current_move_visible(page)  # a long list opens at the last move, not at move 1

    # By keyboard: First, then Tab to Next and press it twice; the focus stays on the button.
    page.focus("#replay-first")
    page.keyboard.press("Enter")
    page.wait_for_url(re.compile(r"step=0"))
    wait_settled(page)
    assert status.inner_text() == f"Move 0 of {total}"
    assert focused_id(page) == "replay-first"
    assert page.locator("#replay-back").get_attribute("aria-disabled") == "true"
    page.keyboard.press("Tab")
    assert focused_id(page) == "replay-next"
    for step in (1, 2):
        page.keyboard.press("Enter")
        page.wait_for_url(re.compile(rf"step={step}\b"))
        wait_settled(page)
        assert focused_id(page) == "replay-next"
    assert step_in_url(page) == 2 and status.inner_text() == f"Move 2 of {total}"

    # A move in the list jumps to it.
    page.click("#replay-move-7")
    page.wait_for_url(re.compile(r"step=7\b"))
    wait_settled(page)
    assert status.inner_text() == f"Move 7 of {total}"
    assert page.locator("#replay-move-7").get_attribute("aria-current") == "step"
    assert focused_id(page) == "replay-move-7"
    record = match.moves.get(number=7)
    assert "Move 7: " in page.locator(".replay-now").inner_text()
    assert record.text in page.locator(".replay-now").inner_text()

    # Reload keeps the step; Back in history returns to the one before.
    page.reload()
    assert step_in_url(page) == 7 and status.inner_text() == f"Move 7 of {total}"
    assert current_move_visible(page)
    page.go_back()
    page.wait_for_url(re.compile(r"step=2\b"))
    showing(page, f"Move 2 of {total}")

    # To the end: Next stops there, and every hand is shown.
    page.focus("#replay-last")
    page.keyboard.press("Enter")
    page.wait_for_url(re.compile(rf"step={total}\b"))
    wait_settled(page)
    assert focused_id(page) == "replay-last"
    assert page.locator("#replay-next").get_attribute("aria-disabled") == "true"
    assert page.locator("#replay-next").get_attribute("href") is None
    page.focus("#replay-next")
    page.keyboard.press("Enter")
    page.wait_for_timeout(300)
    assert step_in_url(page) == total
    hands = page.locator(".replay-hand")
    assert hands.count() == 2
    assert hands.nth(0).locator("> summary").inner_text() == "Ana B.'s cards at this move"
    state = match.state
    for seat in range(2):
        for card in RULES.view(state, seat)["hand"]:
            assert hands.nth(seat).locator(f'[data-card="{card}"]').count() >= 1
    assert page.locator(".replay-hand button:enabled, .replay-hand input:enabled").count() == 0
    # Back at a move where both still held cards, and looked at.
    page.click("#replay-move-5")
    page.wait_for_url(re.compile(r"step=5\b"))
    wait_settled(page)
    assert page.locator(".replay-hand .mg-card.pick").count() > 0
    assert_no_sideways_scroll(page, "the replay")
    shot(page, "replay-chromebook")
    shot(page, "replay-chromebook-full", full_page=True)
