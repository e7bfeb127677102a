"""Learning inside the app, in Chromium: How to play over a board keeps the game where it was;
a teacher plays a practice game that no report shows; giving up asks first."""

import pytest
from django.urls import reverse

from games import services
from games.models import Match

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


@pytest.fixture(autouse=True)
def _fast_games(settings):
    settings.GAMES_BOT_DELAY_SECONDS = 0
    settings.GAMES_STREAM_SECONDS = 3


def _bot_game(student, game="multiplication"):
    return services.match_create(
        game=game,
        settings={},
        classroom=student.classroom,
        seats=[services.SeatSpec(student=student), services.SeatSpec(bot="easy")],
        host=student,
        seed=3,
    )


def test_how_to_play_opens_over_the_board_and_returns_to_the_same_position(
    new_page, sign_in, student, shot
):
    match = _bot_game(student)
    page = new_page(viewport={"width": 1366, "height": 657})
    sign_in(page, student.user)
    page.goto(reverse("match_detail", args=[match.pk]))
    version = page.locator("#board").get_attribute("data-version")
    hand = page.locator("#board form .mg-cards").inner_text()
    opener = page.get_by_role("link", name="How to play")
    opener.focus()
    page.keyboard.press("Enter")  # keyboard alone
    dialog = page.get_by_role("dialog")
    dialog.get_by_role("heading", name="How to play The Multiplication Game").wait_for()
    assert dialog.locator(".how-step").count() >= 3
    assert dialog.locator(".how-drawing").count() >= 1  # drawn with the game's own cards
    shot(page, "how-to-play-dialog-1366x657")
    page.keyboard.press("Escape")
    dialog.wait_for(state="hidden")
    assert page.evaluate("document.activeElement.textContent.trim()") == "How to play"
    assert page.locator("#board").get_attribute("data-version") == version
    assert page.locator("#board form .mg-cards").inner_text() == hand
    assert page.url.endswith(reverse("match_detail", args=[match.pk]))

    page.get_by_role("link", name="How to play").click()  # and with the mouse
    page.get_by_role("button", name="Back to the game").click()
    page.get_by_role("dialog").wait_for(state="hidden")
    assert page.locator("#board").get_attribute("data-version") == version


def test_how_to_play_works_without_javascript_too(browser, live_server, sign_in, student):
    match = _bot_game(student)
    context = browser.new_context(base_url=live_server.url, java_script_enabled=False)
    page = context.new_page()
    sign_in(page, student.user)
    page.goto(reverse("match_detail", args=[match.pk]))
    page.get_by_role("link", name="How to play").click()
    page.get_by_role("heading", name="How to play The Multiplication Game").wait_for()
    page.get_by_role("link", name="Back to your game").click()
    page.wait_for_url(f"**{reverse('match_detail', args=[match.pk])}")
    context.close()


def test_giving_up_asks_first(new_page, sign_in, student):
    match = _bot_game(student)
    page = new_page()
    sign_in(page, student.user)
    page.goto(reverse("match_detail", args=[match.pk]))
    page.get_by_role("link", name="Give up").click()
    page.get_by_role("heading", name="Are you sure you want to give up?").wait_for()
    page.get_by_role("link", name="No, keep playing").click()
    page.locator("#board").wait_for()
    match.refresh_from_db()
    assert match.status == Match.Status.PLAYING
    page.get_by_role("link", name="Give up").click()
    page.get_by_role("button", name="Yes, give up").click()
    page.get_by_role("heading", name="You left this game").wait_for()
    match.refresh_from_db()
    assert match.status == Match.Status.ABANDONED


def test_a_teacher_plays_a_practice_game_that_no_report_shows(
    new_page, sign_in, teacher, classroom, student, shot
):
    page = new_page()
    sign_in(page, teacher)
    page.goto(reverse("class_list"))
    page.get_by_role("link", name="Try the games").click()
    page.locator(".game-tile", has_text="The Multiplication Game").get_by_role(
        "link", name="Play against bots"
    ).click()
    page.get_by_label("Free cards").select_option("2")
    page.get_by_role("button", name="Start").click()
    page.wait_for_url("**/matches/*/")
    page.get_by_text("Practice (not counted)").wait_for()
    match = Match.objects.get()
    assert match.mode == Match.Mode.PRACTICE
    assert match.settings == {"free_cards": 2, "product": "hidden"}
    page.get_by_role("button", name="Draw a card instead").click()
    page.wait_for_function("() => Number(document.querySelector('#board')?.dataset.version) > 1")
    shot(page, "teacher-practice-1366x768")
    assert match.moves.filter(seat=0).exists()

    page.goto(reverse("class_matches", args=[classroom.pk]))
    assert page.locator(f"a[href='{reverse('match_detail', args=[match.pk])}']").count() == 0
    page.goto(reverse("class_progress", args=[classroom.pk]))
    assert "Ms Rivera" not in page.locator("main").inner_text()
