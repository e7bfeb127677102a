"""A game feels like a game: a win is celebrated (and still for those who ask for less motion),
the tab says when it is your turn, sounds can be switched off and the choice is kept."""

import pytest
from django.urls import reverse

from classrooms import services as roster
from games import services
from games.models import Match

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


@pytest.fixture(autouse=True)
def _fast_games(settings):
    settings.GAMES_BOT_DELAY_SECONDS = 0
    settings.GAMES_STREAM_SECONDS = 3


def _won_game(student) -> Match:
    """A finished game the student won (the outcome written as the platform writes it)."""
    match = services.match_create(
        game="multiplication",
        settings={},
        classroom=student.classroom,
        seats=[services.SeatSpec(student=student), services.SeatSpec(bot="easy")],
        host=student,
        seed=1,
    )
    Match.objects.filter(pk=match.pk).update(
        status=Match.Status.FINISHED, outcome={"winners": [0], "scores": [0, 3], "reason": "out"}
    )
    match.seats.filter(index=0).update(won=True)
    match.seats.filter(index=1).update(won=False)
    return match


def _confetti_animation(page) -> str:
    return page.locator(".confetti i").first.evaluate("e => getComputedStyle(e).animationName")


def test_a_win_is_celebrated_and_reduced_motion_is_respected(new_page, sign_in, student, shot):
    match = _won_game(student)
    page = new_page(viewport={"width": 1366, "height": 657}, reduced_motion="no-preference")
    sign_in(page, student.user)
    page.goto(reverse("match_detail", args=[match.pk]))
    page.get_by_role("heading", name="You won!").wait_for()
    assert _confetti_animation(page) == "confetti-fall"
    shot(page, "feel-win-1366x657")

    still = new_page(viewport={"width": 1366, "height": 657}, reduced_motion="reduce")
    sign_in(still, student.user)
    still.goto(reverse("match_detail", args=[match.pk]))
    still.get_by_role("heading", name="You won!").wait_for()
    assert _confetti_animation(still) == "none"
    heading = still.get_by_role("heading", name="You won!")
    assert heading.evaluate("e => getComputedStyle(e).animationName") == "none"


def test_a_loss_is_kind(new_page, sign_in, student, classroom):
    ben = roster.student_create(classroom=classroom, name="Ben")
    match = _won_game(student)
    match.seats.filter(index=1).update(student=ben, bot="")
    page = new_page()
    sign_in(page, ben.user)
    page.goto(reverse("match_detail", args=[match.pk]))
    page.get_by_role("heading", name="Good game!").wait_for()
    assert "every game trains your brain" in page.locator(".game-over").inner_text()
    assert page.locator(".confetti").count() == 0


def test_the_tab_says_when_it_is_your_turn(new_page, sign_in, student):
    match = services.match_create(
        game="multiplication",
        settings={},
        classroom=student.classroom,
        seats=[services.SeatSpec(student=student), services.SeatSpec(bot="easy")],
        host=student,
        seed=1,
    )
    from games.engine import get_game

    rules = get_game("multiplication")
    page = new_page()
    sign_in(page, student.user)
    page.goto(reverse("match_detail", args=[match.pk]))
    match.refresh_from_db()  # a bot that started has moved already
    mine = rules.current_player(match.state) == 0
    assert mine, "seed 1: after the bot, it is the student's turn"
    page.wait_for_function("() => document.title.startsWith('● Your turn · ')")
    page.get_by_role("button", name="Draw a card instead").click()
    page.wait_for_function("() => !document.querySelector('.htmx-request')")
    match.refresh_from_db()
    if rules.current_player(match.state) != 0:  # the bot is thinking: the tab says nothing
        page.wait_for_function("() => !document.title.startsWith('●')")


def test_sounds_can_be_switched_off_and_the_choice_is_kept(new_page, sign_in, student, classroom):
    match = _won_game(student)
    page = new_page()
    sign_in(page, student.user)
    page.goto(reverse("match_detail", args=[match.pk]))
    switch = page.locator("[data-sound-switch]")
    assert switch.get_attribute("aria-pressed") == "true"  # the class's default: on
    switch.click()
    page.locator("[data-sound-switch][aria-pressed='false']").wait_for()
    student.refresh_from_db()
    assert student.sound is False
    page.reload()
    assert page.locator("[data-sound-switch]").get_attribute("aria-pressed") == "false"
    assert page.locator("[data-sound-switch]").inner_text() == "Sound: off"
