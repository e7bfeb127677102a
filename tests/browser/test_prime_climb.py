"""Prime Climb in Chromium: a whole short game against a bot (mouse and keyboard), two
classmates climbing live while their teacher watches, and the board on a phone (touch)."""

import random

import pytest
from django.urls import reverse

from games import services
from games.engine import get_game
from games.models import Match

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

RULES = get_game("prime-climb")
BOT_WAIT = 20_000  # ms: a bot's whole turn on a slow CI machine
MAX_ACTIONS = 120  # a 5-turn game takes about 25 clicks; the caps only stop a runaway loop
MAX_TURN_MOVES = 20  # roll, up to four steps, cards, an Action card's choice, end


@pytest.fixture(autouse=True)
def _fast_games(settings):
    settings.GAMES_BOT_DELAY_SECONDS = 0
    settings.GAMES_STREAM_SECONDS = 3


def board_version(page) -> int:
    return int(page.locator("#board").get_attribute("data-version"))


def wait_for_version(page, version: int, timeout: int = BOT_WAIT) -> None:
    """Wait until the board on the page shows at least this version of the match."""
    page.wait_for_function(
        "v => Number(document.querySelector('#board')?.dataset.version) >= v",
        arg=version,
        timeout=timeout,
    )


def act(page, locator, *, tap: bool = False) -> None:
    """Press a button on the board and wait for the board the server sends back."""
    version = board_version(page)
    locator.tap() if tap else locator.click()
    wait_for_version(page, version + 1)


def press(page, locator, screenshot=None) -> None:
    """The same with the keyboard alone: Tab to the button (it shows its focus), then Enter."""
    version = board_version(page)
    for _ in range(80):
        page.keyboard.press("Tab")
        if locator.evaluate("b => b === document.activeElement"):
            break
    else:
        pytest.fail("Tab never reached the button")
    outline = locator.evaluate("b => getComputedStyle(b).outlineStyle")
    assert outline not in ("", "none"), "a focused button must show its focus"
    if screenshot:
        screenshot()
    page.keyboard.press("Enter")
    wait_for_version(page, version + 1)


def button_for(page, move):
    """The button on the board that posts this move: its form holds every field of the move."""
    fields = {name: str(value) for name, value in move.to_json().items()}
    form = "form" + "".join(f":has([name='{k}'][value='{v}'])" for k, v in fields.items())
    either = ", ".join(f"[name='{k}'][value='{v}']" for k, v in fields.items())
    return page.locator(f"{form} button:is({either})")


def planned_move(match: Match, seat: int):
    """What the strong bot would do in this seat: a sensible move for the test to play."""
    bot = type(RULES.bots()["strong"])()  # its own instance: bots remember their turn's plan
    moves = RULES.legal_moves(match.state, seat)
    return bot.choose_move(RULES.view(match.state, seat), moves, random.Random(match.version))


def play_my_move(page, match: Match, seat: int, *, tap: bool = False) -> None:
    """Wait until the page shows the latest board, then play the planned move through it."""
    wait_for_version(page, match.version)
    button = button_for(page, planned_move(match, seat))
    assert button.count() == 1, f"no single button for {planned_move(match, seat)}"
    act(page, button, tap=tap)


def play_to_the_end(page, match: Match, seat: int = 0) -> None:
    """Play this seat's moves (the bots play theirs) until the game is over."""
    for _ in range(MAX_ACTIONS):
        match.refresh_from_db()
        if match.status == Match.Status.FINISHED:
            return
        if RULES.current_player(match.state) != seat:
            page.wait_for_timeout(200)  # a bot moving (eager tasks: already done, normally)
            continue
        play_my_move(page, match, seat)
    pytest.fail(f"the game did not end within {MAX_ACTIONS} moves (turns: {match.state['turns']})")


def overflowing(page, width: int) -> list[str]:
    """What in the page's main part reaches past the right edge of a screen this wide."""
    return page.evaluate(
        """w => [...document.querySelectorAll('main *')]
            .filter(e => e.getBoundingClientRect().right > w + 0.5)
            .map(e => e.tagName + '.' + e.className)""",
        width,
    )


def my_turn(match: Match, seat: int = 0):
    """Loop over the moves left in this seat's current turn (a bot's whole turn runs within
    the request that ends ours, so the turn number tells when ours is over)."""
    match.refresh_from_db()
    turn = match.state["turns"]
    for _ in range(MAX_TURN_MOVES):
        match.refresh_from_db()
        state = match.state
        if not state["turn"] or state["turns"] != turn or state["turn"]["seat"] != seat:
            return
        yield state["turn"]
    pytest.fail(f"turn {turn} did not end within {MAX_TURN_MOVES} moves")


def test_a_student_plays_a_short_game_to_the_end_against_a_bot(new_page, shot, sign_in, student):
    # The shortest game the rules allow: 5 turns each, then whoever climbed furthest wins.
    match = services.match_create(
        game="prime-climb",
        settings={"turn_limit": 5},
        classroom=student.classroom,
        seats=[services.SeatSpec(student=student), services.SeatSpec(bot="easy")],
        host=student,
    )
    page = new_page()
    sign_in(page, student.user)
    page.goto(reverse("match_detail", args=[match.pk]))
    roll = page.get_by_role("button", name="Roll the dice")
    roll.wait_for(timeout=BOT_WAIT)
    shot(page, "50-climb-start")  # the Chromebook's first screen: the roll button is on it
    box = roll.bounding_box()
    assert box["y"] + box["height"] <= 768, "the roll button shows without scrolling"

    # The first turn with the mouse: a step, taken back, and taken again.
    act(page, roll)
    first = page.locator(".pcl-op:not([disabled])").first
    box = first.bounding_box()
    assert box["y"] + box["height"] <= 768, "the first step shows without scrolling"
    act(page, first)
    shot(page, "51-climb-step", full_page=True)
    act(page, page.get_by_role("button", name="Take back a step"))
    act(page, page.locator(".pcl-op:not([disabled])").first)
    for _ in my_turn(match):
        play_my_move(page, match, 0)

    # The next turn with the keyboard alone.
    page.get_by_role("button", name="Roll the dice").wait_for(timeout=BOT_WAIT)
    for turn in my_turn(match):
        wait_for_version(page, match.version)
        focus = (lambda: shot(page, "54-climb-keyboard-focus")) if len(turn["steps"]) == 1 else None
        press(page, button_for(page, planned_move(match, 0)), screenshot=focus)

    play_to_the_end(page, match)
    match.refresh_from_db()
    wait_for_version(page, match.version)
    over = page.locator(".pcl-over")
    over.wait_for()
    page.evaluate("() => window.scrollTo(0, 0)")
    shot(page, "52-climb-game-over")  # the first screen says who won
    box = over.bounding_box()
    assert box["y"] + box["height"] <= 768, "the result shows without scrolling"
    shot(page, "53-climb-game-over-full", full_page=True)
    winners = match.outcome["winners"]
    assert winners, match.outcome
    names = {0: "You", 1: "Easy bot"}
    expected = " and ".join(names[w] for w in winners) + " won!"
    assert over.locator(".pcl-winner").inner_text() == expected
    assert page.locator(".pcl-say").inner_text() == expected
    assert "turn limit (5 turns each)" in over.inner_text()
    for seat, pawns in enumerate(match.state["pawns"]):
        row = over.locator(f".pcl-seat-row-{seat} .pcl-result-text").inner_text()
        assert row.startswith(names[seat]), row
        for name, (at, _) in zip("AB", pawns, strict=True):
            assert (f"{name} on {at}" if at >= 0 else f"{name} home") in row, row
        assert ("Winner!" in row) == (seat in winners)
    assert page.get_by_role("button", name="Roll the dice").count() == 0


def test_two_classmates_climb_live_while_the_teacher_watches(peer_table, shot):
    ana_page, ben_page, teacher_page, match = peer_table("prime-climb")
    pages = {0: ana_page, 1: ben_page}
    for page in (*pages.values(), teacher_page):
        page.locator(".pcl-spiral").wait_for()
    turns = 0
    for _ in range(MAX_ACTIONS):
        match.refresh_from_db()
        mover = RULES.current_player(match.state)
        play_my_move(pages[mover], match, mover)
        match.refresh_from_db()
        turn = match.state["turn"]
        # The other player and the teacher see the roll and every step, without reloading.
        for page in (pages[1 - mover], teacher_page):
            wait_for_version(page, match.version, timeout=10_000)
            if turn["seat"] == mover and turn["dice"]:
                dice = page.locator(".pcl-dice .pcl-die").all_inner_texts()
                assert dice == [str(d) for d in turn["dice"]]
                steps = page.locator(".pcl-steps li").all_inner_texts()
                assert steps == [step["text"] for step in turn["steps"]]
        if turn["seat"] == mover and len(turn["steps"]) == 1 and turns < 2:
            shot(pages[1 - mover], f"5{5 + turns}-climb-peer-sees-step", full_page=True)
        if turn["seat"] != mover:
            turns += 1
            if turns == 4:
                break
    else:
        pytest.fail("the classmates did not get through two turns each")
    shot(ana_page, "57-climb-peer-ana", full_page=True)
    shot(ben_page, "58-climb-peer-ben", full_page=True)
    shot(teacher_page, "59-climb-teacher-watching", full_page=True)
    log = teacher_page.locator(".pcl-log li")
    assert log.count() >= 8  # two rolls and two moves each
    assert teacher_page.locator(".pcl-build, .pcl-board button").count() == 0  # only watching


def test_the_board_fits_a_phone_and_answers_taps(new_page, shot, sign_in, student):
    match = services.match_create(
        game="prime-climb",
        settings={"turn_limit": 5},
        classroom=student.classroom,
        seats=[services.SeatSpec(student=student), services.SeatSpec(bot="easy")],
        host=student,
    )
    page = new_page(
        viewport={"width": 390, "height": 844},
        device_scale_factor=2,
        has_touch=True,
        is_mobile=True,
    )
    sign_in(page, student.user)
    page.goto(reverse("match_detail", args=[match.pk]))
    page.get_by_role("button", name="Roll the dice").wait_for(timeout=BOT_WAIT)
    shot(page, "60-climb-phone-start", full_page=True)
    assert overflowing(page, 390) == []
    spiral = page.locator(".pcl-spiral").bounding_box()
    assert spiral["width"] >= 340, "the board uses the phone's width"
    sizes = page.locator(".pcl-num").evaluate_all(
        "nums => nums.map(e => parseFloat(getComputedStyle(e).fontSize))"
    )
    assert min(sizes) >= 10, "every number on the board stays readable"

    # One whole turn by touch: every button of the turn is a finger-sized target on screen.
    for turn in my_turn(match):
        wait_for_version(page, match.version)
        if turn["phase"] == "move":
            if len(turn["steps"]) == 1:
                shot(page, "61-climb-phone-mid-turn", full_page=True)
            assert overflowing(page, 390) == []
            for button in page.locator(".pcl-board button").all():
                box = button.bounding_box()
                assert box["height"] >= 44 and box["width"] >= 44, button.inner_text()
        play_my_move(page, match, 0, tap=True)
    page.get_by_role("button", name="Roll the dice").wait_for(timeout=BOT_WAIT)
    shot(page, "62-climb-phone-next-turn", full_page=True)
