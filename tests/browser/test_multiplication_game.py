"""The Multiplication Game in Chromium: against bots, against a classmate live, and watched."""

import pytest
from django.urls import reverse

from games import services
from games.engine import get_game
from games.models import Match

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

RULES = get_game("multiplication")


@pytest.fixture(autouse=True)
def _fast_games(settings):
    settings.GAMES_BOT_DELAY_SECONDS = 0
    settings.GAMES_STREAM_SECONDS = 3


def board_version(page) -> int:
    return int(page.locator("#board").get_attribute("data-version"))


def wait_for_new_board(page, old: int) -> None:
    page.wait_for_function(
        "old => Number(document.querySelector('#board')?.dataset.version) > old", arg=old
    )


def best_move(match: Match, seat: int):
    """What the strong bot would do in this seat: a sensible move for the test to play."""
    view = RULES.view(match.state, seat)
    moves = RULES.legal_moves(match.state, seat)
    import random

    return RULES.bots()["strong"].choose_move(view, moves, random.Random(match.move_count))


def play_move(page, move, keyboard: bool = False) -> None:
    """Make a move through the board, with the mouse (labels) or the keyboard alone."""
    if move.type == "draw":
        button = page.get_by_role("button", name="Draw a card instead")
        button.focus() if keyboard else None
        button.press("Enter") if keyboard else button.click()
        return
    labels = [
        page.locator(f".mg-cards label:has(input[value='{move.card}'])").first,
        page.locator(".mg-keypad").nth(0).locator(f"label:has(input[value='{move.a}'])"),
        page.locator(".mg-keypad").nth(1).locator(f"label:has(input[value='{move.b}'])"),
    ]
    play = page.get_by_role("button", name="Play this card")
    if keyboard:
        for label in labels:
            label.locator("input").focus()
            page.keyboard.press("Space")
        play.focus()
        page.keyboard.press("Enter")
    else:
        for label in labels:
            label.click()
        play.click()


def test_a_student_plays_a_full_game_against_two_bots(new_page, shot, sign_in, student):
    page = new_page()
    sign_in(page, student.user)
    page.goto(reverse("match_new", args=["multiplication"]))
    page.get_by_label("Free cards").select_option("1")
    page.get_by_label("Player 2").select_option("easy")
    page.get_by_label("Player 3").select_option("strong")
    page.get_by_role("button", name="Start").click()
    page.wait_for_url("**/matches/*/")
    shot(page, "10-game-start", full_page=True)
    match = Match.objects.get()
    wrong_tried = False
    for turn in range(150):
        page.locator("#board-status", has_text="Your turn!").or_(
            page.locator("#board-status", has_text="Game over!")
        ).wait_for()
        match.refresh_from_db()
        if match.status == "finished":
            break
        old = board_version(page)
        assert old == match.version
        move = best_move(match, 0)
        if not wrong_tried and move.type == "discard" and move.card != "free":
            wrong_tried = True  # a wrong declaration first: the board explains and nothing moves
            wrong = RULES.parse_move({"type": "discard", "card": move.card, "a": 1, "b": 1})
            if move.card != 1:
                play_move(page, wrong)
                page.locator(".board-error").wait_for()
                shot(page, "11-wrong-declaration", full_page=True)
                assert Match.objects.get(pk=match.pk).version == old
        play_move(page, move, keyboard=turn % 3 == 1)
        wait_for_new_board(page, old)
    else:
        pytest.fail("the game did not end")
    page.get_by_text("Game over").first.wait_for()
    shot(page, "12-game-over", full_page=True)
    assert match.moves.filter(by_bot=True).exists()
    # The last moves show in "What happened" on the board.
    assert page.locator(".mg-story li").count() >= 1


def test_two_classmates_play_live_while_the_teacher_watches(peer_table, shot):
    ana_page, ben_page, teacher_page, match = peer_table("multiplication")
    ben_page.locator(".mg-board").wait_for(timeout=3000)
    players = {0: ana_page, 1: ben_page}
    for _ in range(6):
        match.refresh_from_db()
        mover = RULES.current_player(match.state)
        other = players[1 - mover]
        page = players[mover]
        page.locator("#board-status", has_text="Your turn!").wait_for(timeout=3000)
        before = board_version(other)
        watched = board_version(teacher_page)
        play_move(page, best_move(match, mover))
        wait_for_new_board(other, before)  # the opponent sees the move within a second or so
        wait_for_new_board(teacher_page, watched)
    shot(ana_page, "13-live-ana", full_page=True)
    shot(teacher_page, "14-teacher-watching", full_page=True)
    assert teacher_page.locator(".mg-hand").count() == 0  # a watcher sees no hand
    assert "Your cards" not in teacher_page.content()


def test_a_student_who_reloads_finds_the_game_where_it_was(new_page, sign_in, student):
    match = services.match_create(
        game="multiplication",
        settings={},
        classroom=student.classroom,
        seats=[services.SeatSpec(student=student), services.SeatSpec(bot="easy")],
        host=student,
    )
    page = new_page()
    sign_in(page, student.user)
    page.goto(reverse("match_detail", args=[match.pk]))
    page.get_by_text("Your turn!").wait_for()
    hand = page.locator(".mg-cards .num").all_inner_texts()
    page.reload()
    assert page.locator(".mg-cards .num").all_inner_texts() == hand
