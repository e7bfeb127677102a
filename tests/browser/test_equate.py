"""Equate in Chromium: a student plays a whole game against the easy bot by mouse (3 turns
each), a turn by keyboard alone, a turn by touch on a tablet, a turn fits a Chromebook, a
tablet and a phone (with the zoom), a refused play keeps the tiles for fixing (fixed by a drag),
the hint's ghost tiles, and the read-out that shows the values of the sides only when the
teacher turned them on.

The student here plays well: each turn the test asks the strong bot's search what it would
play from the student's own view (a short search: `best_play(view, budget=20_000)`) and puts
those tiles down on the board one by one (the rack tile, then its square), then "Play"; with
no play it trades the whole rack ("Trade tiles", tick, "Trade these"). Screenshots go to
test-artifacts/equate/."""

from __future__ import annotations

import time
from pathlib import Path

import pytest
from django.urls import reverse

from games import services
from games.equate import rules
from games.equate.bots import best_play
from games.equate.game import EQUATE
from games.equate.tiles import EQUALS
from games.models import Match
from tests.browser.conftest import ARTIFACTS
from tests.browser.helpers import BoardHands, wait_for_version, wait_settled
from tests.browser.viewport import (
    CHROMEBOOK,
    PHONE,
    TABLET,
    assert_no_sideways_scroll,
    assert_on_first_screen,
    assert_reachable,
    keys_to,
    viewport,
)
from tests.games.equate.boards import arrange

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

SHOTS = ARTIFACTS / "equate"
HINT_BUDGET = 20_000  # a short search: the student's plays come quickly
CENTRE = (9, 9)


@pytest.fixture(autouse=True)
def _fast_bots(settings):
    settings.GAMES_BOT_DELAY_SECONDS = 0
    settings.GAMES_BOT_THINK_SCALE = 0
    settings.GAMES_STREAM_SECONDS = 3


@pytest.fixture
def shot():
    """Save a screenshot to test-artifacts/equate/ for people to look at."""
    SHOTS.mkdir(parents=True, exist_ok=True)

    def save(page, name: str, **options) -> Path:
        wait_settled(page)
        path = SHOTS / f"{name}.png"
        page.screenshot(path=str(path), **options)
        return path

    return save


BOT_PAUSE = 1.0  # seconds before the bot answers, in the whole game (see bot_pauses)


@pytest.fixture
def bot_pauses(monkeypatch):
    """The bot answers after a pause, as on a real server (its move is a Celery task with a
    countdown, GAMES_BOT_DELAY_SECONDS), instead of inline in the child's own request: the
    board then shows the child's turn in "What happened" before the bot's."""
    import threading

    from django.db import connections

    from games.tasks import bot_move

    def later(match_id: int, version: int, player: int) -> None:
        try:
            bot_move.apply((match_id, version, player))
        finally:
            connections.close_all()

    timers: list[threading.Timer] = []

    def schedule(match_id: int, version: int, player: int, delay: float) -> None:
        timer = threading.Timer(BOT_PAUSE, later, (match_id, version, player))
        timer.daemon = True
        timers.append(timer)
        timer.start()

    monkeypatch.setattr(services, "_schedule_bot", schedule)
    yield
    for timer in timers:  # no bot move while the test's database is emptied
        timer.cancel()
        timer.join()


def new_match(student, *, settings=None, seed=1, student_seat=0) -> Match:
    """A match of the student against the easy bot, the student in `student_seat`."""
    seats = [services.SeatSpec(bot="easy")]
    seats.insert(student_seat, services.SeatSpec(student=student))
    return services.match_create(
        game="equate",
        settings=settings or {},
        classroom=student.classroom,
        seats=seats,
        host=student,
        seed=seed,
    )


def rig(match: Match, racks, **options) -> Match:
    """Give the seats these racks (padded to nine), before the page is opened."""
    match.state = arrange(match.state, racks, **options)
    match.save(update_fields=["state"])
    return match


def open_board(page, sign_in, student, match: Match) -> None:
    sign_in(page, student.user)
    page.goto(reverse("match_detail", args=[match.pk]))
    page.locator("#eq").wait_for()
    wait_settled(page)


def line_of(state, seat: int, play) -> dict:
    """What the rules make of this play: the turn's "last" (lines, score)."""
    return rules.play({**state, "turn": seat}, seat, [list(p) for p in play])["last"]


# --- playing on the board ---------------------------------------------------------------------


class Hands(BoardHands):
    """A student at the Equate board: rack tiles, squares, trade boxes."""

    def tile(self, tile):
        """A rack tile by its position (its place on screen may be shuffled), or the "="."""
        if tile == EQUALS:
            return self.page.locator("#eq-equals")
        return self.page.locator(f"#eq-rack .eq-rack-tile[data-pos='{tile}']")

    def square(self, row: int, col: int):
        return self.page.locator(f"#eq-board [data-row='{row}'][data-col='{col}']")

    def put(self, row: int, col: int, tile, face=None) -> None:
        """Pick a rack tile, then its square (a blank: then what it stands for)."""
        self.click(self.tile(tile))
        assert self.tile(tile).get_attribute("aria-pressed") == "true"
        self.click(self.square(row, col))
        if face is not None and self.tile(tile).get_attribute("data-face") == "?":
            self.click(self.page.locator(f"#eq-blank-dialog button[value='{face}']"))
        assert "eq-pending" in (self.square(row, col).get_attribute("class") or "")
        assert self.tile(tile).is_disabled()

    def put_all(self, play) -> None:
        for row, col, tile, face in play:
            self.put(row, col, tile, face)
        fields = self.page.locator("#eq-placed input[name=tiles]").evaluate_all(
            "inputs => inputs.map(i => i.value)"
        )
        wanted = [f"{r}:{c}:{t}" + (f":{f}" if f else "") for r, c, t, f in play]
        assert sorted(fields) == sorted(wanted)

    def trade(self, positions) -> bool:
        self.click(self.page.locator("#eq-trade"))
        for pos in positions:
            self.click(self.page.locator(f"#eq-trade-form label.eq-pick[data-pos='{pos}']"))
            assert self.page.locator(
                f"#eq-trade-form input[name=tiles][value='{pos}']"
            ).is_checked()
        return self.press(self.page.locator("#eq-trade-go"))

    def readout(self) -> str:
        return " ".join(self.page.locator("#eq-readout").inner_text().split())


def wait_for_my_turn(match: Match, page, seat: int, timeout: float = 30) -> bool:
    """Wait until it is this seat's turn (True) or the game is over (False), and the page
    shows that board."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        match.refresh_from_db()
        over = match.status != Match.Status.PLAYING or match.state["end"] is not None
        if over or rules.current_player(match.state) == seat:
            wait_for_version(page, match.version)
            return not over
        time.sleep(0.05)
    pytest.fail("the bot never gave the turn back")


def score_on_page(page, seat: int) -> int:
    return int(page.locator(f"#eq-scores tr[data-seat='{seat}'] strong").inner_text())


# --- 1. a whole game against the easy bot, by mouse ---------------------------------------------


def test_a_student_plays_a_whole_game_against_the_easy_bot_by_mouse(
    new_page, shot, sign_in, student, bot_pauses
):
    """Three turns each; the bot starts, so the student's play is the game's last turn."""
    seat, bot = 1, 0
    # Seed 37: the bot trades, the student has no play and trades, then plays twice.
    match = new_match(student, settings={"rounds": 3}, seed=37, student_seat=seat)
    page = new_page(**viewport(CHROMEBOOK), reduced_motion="reduce")
    open_board(page, sign_in, student, match)
    hands = Hands(page)
    what = page.locator("#eq-last .eq-turn-say")
    bot_name = match.seats.get(index=bot).display_name  # "Ace (easy bot)"
    played = traded = 0
    for turn in range(3):
        assert wait_for_my_turn(match, page, seat)
        state = match.state
        # "What happened" tells the bot's turn, as the rules saw it.
        told = " ".join(what.inner_text().split())
        if state["last"]["kind"] == "play":
            assert told.startswith(f"{bot_name} played {state['last']['lines'][0]['text']}")
        else:
            assert told == f"{bot_name} traded {state['last']['count']} tiles.", told
        assert page.locator("#board-status").inner_text().strip() == "Your turn!"
        before = score_on_page(page, seat)
        assert before == state["scores"][seat]
        best = best_play(EQUATE.view(state, seat), HINT_BUDGET)
        if best is None:
            assert hands.trade(range(len(state["racks"][seat]))), hands.refused
            traded += 1
            assert " ".join(what.inner_text().split()) == "You traded 9 tiles."
            shot(page, "game-traded-1366x657")
            continue
        play = best[2]
        last = line_of(state, seat, play)
        hands.put_all(play)
        # The read-out reads the line being made, as the rules read it, and no value.
        assert hands.readout() == f"You are making: {last['lines'][0]['text']}"
        if played == 0:
            shot(page, "game-placed-1366x657")
        assert hands.press(page.locator("#eq-play")), hands.refused
        played += 1
        said = f"You played {last['lines'][0]['text']} for {last['score']} points."
        if turn < 2:  # the bot has not answered yet
            assert " ".join(what.inner_text().split()) == said
            assert score_on_page(page, seat) == before + last["score"]
        for row, col, _, _ in play:
            square = hands.square(row, col)
            assert "eq-full" in square.get_attribute("class")
        if turn == 0:
            shot(page, "game-after-first-play-1366x657")
        wait_for_my_turn(match, page, seat)
        assert match.state["points"][seat] == state["points"][seat] + last["score"]
        assert score_on_page(page, seat) == before + last["score"]

    page.locator(".game-over").wait_for()
    wait_settled(page)
    shot(page, "game-over-1366x657")
    shot(page, "game-over-full", full_page=True)
    match.refresh_from_db()
    state = match.state
    assert match.status == Match.Status.FINISHED and state["end"] == "rounds"
    assert (played, traded) == (2, 1)
    assert state["turns"] == 6 and state["racks"][bot]
    # "What happened" ends with the student's last turn; the final scores are the engine's.
    assert page.locator("#eq-scores-title").inner_text() == "Final scores"
    finals = page.locator("#eq-scores tbody tr td strong").all_inner_texts()
    assert [int(s) for s in finals] == state["scores"]
    assert page.locator("#eq-scores tr.won").count() == len(state["winners"])
    end = " ".join(page.locator("#eq-last").inner_text().split())
    assert "The last turn was played, so the game ended." in end
    assert " ".join(what.inner_text().split()) == said, "the student's play is the last turn"
    assert page.locator("#eq-play, #eq-rack .eq-rack-tile").count() == 0
    # Every play was the student's own: no help was shown.
    assert not match.learning.filter(helped=True).exists()


# --- 2. a turn by keyboard alone ----------------------------------------------------------------


def test_a_turn_by_keyboard_alone(new_page, shot, sign_in, student):
    match = rig(new_match(student), [["5", "5", "+", "2", "3"], []])
    page = new_page(**viewport(CHROMEBOOK), reduced_motion="reduce")
    open_board(page, sign_in, student, match)
    hands = Hands(page, keyboard=True)
    focused = (
        "() => document.activeElement?.dataset?.row + ',' + document.activeElement?.dataset?.col"
    )

    # The page opens on the first rack tile; the board (one tab stop) is a key or two away.
    centre = hands.square(*CENTRE)
    assert page.evaluate("() => document.activeElement.dataset.pos") == "0"
    presses = keys_to(page, centre)
    assert presses <= 3, presses
    assert page.evaluate(focused) == "9,9"
    arrows = [("ArrowUp", "8,9"), ("ArrowRight", "8,10"), ("ArrowDown", "9,10"),
              ("ArrowLeft", "9,9"), ("ArrowLeft", "9,8"), ("ArrowLeft", "9,7")]  # fmt: skip
    for key, where in arrows:
        page.keyboard.press(key)
        assert page.evaluate(focused) == where, key
    # Typing a face puts that tile down and moves on: 5 = 5 ending on the star.
    for key in ("5", "=", "5"):
        page.keyboard.press(key)
    assert hands.readout() == "You are making: 5 = 5"
    assert page.locator("#eq-board .eq-pending").count() == 3
    assert page.evaluate(focused) == "9,10"
    # Backspace takes back the last tile; typed again, it comes back.
    page.keyboard.press("Backspace")
    assert hands.readout() == ("You are making: 5 = The first play must cover the ★ in the middle.")
    assert page.evaluate(focused) == "9,9"
    page.keyboard.press("5")
    assert hands.readout() == "You are making: 5 = 5"
    shot(page, "keyboard-placed-1366x657")
    # A face the rack does not hold puts nothing down, and says so.
    page.keyboard.press("9")
    assert page.locator("#eq-board .eq-pending").count() == 3
    page.locator("#eq-say", has_text="You have no 9 tile").wait_for()

    state = match.state
    assert hands.press(page.locator("#eq-play")), hands.refused
    match.refresh_from_db()
    wait_for_version(page, match.version)
    placed = {(r, c): t["face"] for r, c, t in _board(match.state) if t["seat"] == 0}
    assert placed == {(9, 7): "5", (9, 8): "=", (9, 9): "5"}
    expected = line_of(state, 0, [(9, 7, 0, None), (9, 8, EQUALS, None), (9, 9, 1, None)])
    assert match.state["points"][0] == expected["score"]
    # Focus stays on the board's controls: the first rack tile, ready for the next turn.
    page.wait_for_function("() => document.activeElement?.dataset?.pos === '0'")
    print("Tab presses:", presses, hands.presses)
    assert max(hands.presses) <= 12, hands.presses
    shot(page, "keyboard-played-1366x657")


def _board(state):
    for key, tile in state["board"].items():
        row, col = (int(n) for n in key.split(","))
        yield row, col, tile


# --- 3. touch on a tablet -----------------------------------------------------------------------


def test_a_turn_by_touch_on_a_tablet(new_page, shot, sign_in, student, bot_pauses):
    match = rig(new_match(student), [["2", "+", "3", "5"], []])
    page = new_page(**viewport(TABLET), reduced_motion="reduce")
    open_board(page, sign_in, student, match)
    hands = Hands(page, touch=True)
    play = [(9, 9, 0, None), (9, 10, 1, None), (9, 11, 2, None), (9, 12, EQUALS, None),
            (9, 13, 3, None)]  # fmt: skip
    hands.put_all(play)
    assert hands.readout() == "You are making: 2 + 3 = 5"
    # A tap on a tile put down takes it back; tapped again from the rack, it returns.
    hands.click(hands.square(9, 13))
    assert hands.readout() == "You are making: 2 + 3 ="
    assert not hands.tile(3).is_disabled()
    hands.put(9, 13, 3)
    shot(page, "touch-placed-768x1024")
    # It fits: the board, the tiles, the read-out and Play on the first screen, big squares.
    board = page.locator("#eq-board")
    assert_no_sideways_scroll(page, "the board")
    assert_on_first_screen(
        page,
        first_square=board.locator("[data-row='0'][data-col='0']"),
        last_square=board.locator("[data-row='18'][data-col='18']"),
        rack=page.locator("#eq-rack"),
        readout=page.locator("#eq-readout"),
        play=page.locator("#eq-play"),
    )
    assert_reachable(page, pass_=page.locator("#eq-pass"), scores=page.locator("#eq-scores"))
    square = board.locator("[data-row='9'][data-col='9']").bounding_box()
    assert square["width"] >= 30, square  # big enough for a finger
    expected = line_of(match.state, 0, play)
    assert hands.press(page.locator("#eq-play")), hands.refused
    match.refresh_from_db()
    assert match.state["points"][0] == expected["score"]
    what = " ".join(page.locator("#eq-last .eq-turn-say").inner_text().split())
    assert what == f"You played 2 + 3 = 5 for {expected['score']} points."
    shot(page, "touch-played-768x1024", full_page=True)
    assert_no_sideways_scroll(page, "the board after the play")


# --- 4. a turn fits the screen ------------------------------------------------------------------


def mid_game(match: Match, turns: int = 6) -> Match:
    """The easy bot plays both seats for a few turns: a board with tiles on it."""
    import random

    bot = EQUATE.bots()["easy"]
    state = match.state
    rng = random.Random(3)
    for _ in range(turns):
        seat = rules.current_player(state)
        move = bot.choose_move(EQUATE.view(state, seat), EQUATE.legal_moves(state, seat), rng)
        state = EQUATE.apply_move(state, seat, move)
    assert rules.current_player(state) == 0 and state["board"]
    match.state = state
    match.save(update_fields=["state"])
    return match


def test_a_turn_fits_a_chromebook(new_page, shot, sign_in, student):
    match = mid_game(new_match(student, seed=2))
    page = new_page(**viewport(CHROMEBOOK), reduced_motion="reduce")
    open_board(page, sign_in, student, match)
    hands = Hands(page)
    best = best_play(EQUATE.view(match.state, 0), HINT_BUDGET)
    assert best is not None
    hands.put_all(best[2])
    shot(page, "fit-1366x657")
    assert_no_sideways_scroll(page, "the board")
    board = page.locator("#eq-board")
    # Every square (the board's 2 px frame may end just below: see the report).
    assert_on_first_screen(
        page,
        first_square=board.locator("[data-row='0'][data-col='0']"),
        last_square=board.locator("[data-row='18'][data-col='18']"),
        rack=page.locator("#eq-rack"),
        equals=page.locator("#eq-equals"),
        readout=page.locator("#eq-readout"),
        play=page.locator("#eq-play"),
        take_back=page.locator("#eq-takeback"),
        trade=page.locator("#eq-trade"),
        scores=page.locator("#eq-scores"),
    )
    for tile in page.locator("#eq-rack .eq-rack-tile").all():
        box = tile.bounding_box()
        assert box["width"] >= 40 and box["height"] >= 40, box


def test_a_turn_fits_a_phone_with_the_zoom(new_page, shot, sign_in, student):
    match = mid_game(new_match(student, seed=2))
    page = new_page(**viewport(PHONE), reduced_motion="reduce")
    open_board(page, sign_in, student, match)
    shot(page, "fit-390x844")
    shot(page, "fit-390x844-full", full_page=True)
    assert_no_sideways_scroll(page, "the board")
    board = page.locator("#eq-board")
    zoom = page.locator("#eq-zoom")
    # The whole board shows, small, on the first screen; Zoom makes it big in a frame.
    assert_on_first_screen(page, board=board, zoom=zoom)
    assert_reachable(page, rack=page.locator("#eq-rack"), play=page.locator("#eq-play"),
                     trade=page.locator("#eq-trade"), pass_=page.locator("#eq-pass"))  # fmt: skip
    small = board.locator("[data-row='9'][data-col='9']").bounding_box()["width"]
    hands = Hands(page, touch=True)
    hands.click(zoom)
    assert zoom.get_attribute("aria-pressed") == "true" and zoom.inner_text() == "Zoom out"
    frame = page.locator("#eq-frame")
    square = board.locator("[data-row='9'][data-col='9']")
    assert square.bounding_box()["width"] > small * 1.4
    assert frame.evaluate("f => f.scrollWidth > f.clientWidth"), "the frame slides"
    assert_no_sideways_scroll(page, "the zoomed board")
    shot(page, "fit-390x844-zoomed")
    # A play by taps on the zoomed board: the squares it needs are scrolled into the frame.
    best = best_play(EQUATE.view(match.state, 0), HINT_BUDGET)
    hands.put_all(best[2])
    assert_no_sideways_scroll(page, "the zoomed board with tiles put down")
    assert_reachable(page, rack=page.locator("#eq-rack"), play=page.locator("#eq-play"))
    shot(page, "fit-390x844-placed")
    assert hands.press(page.locator("#eq-play")), hands.refused


def test_the_zoom_stays_on_after_a_move_on_a_phone(new_page, sign_in, student):
    match = rig(new_match(student), [["2", "+", "3", "5"], []])
    page = new_page(**viewport(PHONE), reduced_motion="reduce")
    open_board(page, sign_in, student, match)
    hands = Hands(page, touch=True)
    hands.click(page.locator("#eq-zoom"))
    assert page.locator("#eq.eq-zoomed").count() == 1
    hands.put_all([(9, 9, 0, None), (9, 10, 1, None), (9, 11, 2, None), (9, 12, EQUALS, None),
                   (9, 13, 3, None)])  # fmt: skip
    assert hands.press(page.locator("#eq-play")), hands.refused
    match.refresh_from_db()
    wait_for_version(page, match.version)
    page.wait_for_timeout(100)  # htmx's settling is over
    # Today the button still says "Zoom out" (pressed) while the board is small again.
    assert page.locator("#eq-zoom").get_attribute("aria-pressed") == "true"
    assert page.locator("#eq").evaluate("e => e.classList.contains('eq-zoomed')")


# --- 5. a refused play --------------------------------------------------------------------------


def test_a_refused_play_shows_why_and_keeps_the_tiles_for_fixing(new_page, shot, sign_in, student):
    match = rig(new_match(student), [["2", "+", "3", "6", "5"], []])
    before = match.state
    page = new_page(**viewport(CHROMEBOOK), reduced_motion="reduce")
    open_board(page, sign_in, student, match)
    hands = Hands(page)
    wrong = [(9, 9, 0, None), (9, 10, 1, None), (9, 11, 2, None), (9, 12, EQUALS, None),
             (9, 13, 3, None)]  # fmt: skip
    hands.put_all(wrong)
    assert not hands.press(page.locator("#eq-play"))
    error = page.locator(".board-error")
    assert error.inner_text() == "2 + 3 = 6 is not true: 2 + 3 = 5"
    # The tiles stay where the child put them, ready to fix; nothing was played.
    for row, col, tile, _ in wrong:
        assert "eq-pending" in hands.square(row, col).get_attribute("class")
        assert hands.tile(tile).is_disabled()
    assert hands.readout() == "You are making: 2 + 3 = 6"
    assert not page.locator("#eq-play").is_disabled()
    shot(page, "refused-1366x657")
    match.refresh_from_db()
    assert match.state == before and match.version == board_version_of(page)
    mistake = match.learning.get()
    assert (mistake.correct, mistake.mistake) == (False, "false")
    # Fixing it: take the 6 back (a click on it) and drag the 5 there from the rack.
    hands.click(hands.square(9, 13))
    assert not hands.tile(3).is_disabled()
    drag(page, hands.tile(4), hands.square(9, 13))
    assert "eq-pending" in hands.square(9, 13).get_attribute("class")
    assert hands.tile(4).is_disabled()
    assert hands.readout() == "You are making: 2 + 3 = 5"
    assert hands.press(page.locator("#eq-play")), hands.refused
    assert page.locator(".board-error").count() == 0
    match.refresh_from_db()
    assert match.state["board"]["9,13"]["face"] == "5"
    shot(page, "refused-then-fixed-1366x657")


def drag(page, source, target) -> None:
    """Drag with the mouse, in small steps, from the middle of one element to another's."""
    start, end = source.bounding_box(), target.bounding_box()
    page.mouse.move(start["x"] + start["width"] / 2, start["y"] + start["height"] / 2)
    page.mouse.down()
    page.mouse.move(end["x"] + end["width"] / 2, end["y"] + end["height"] / 2, steps=8)
    page.mouse.up()


def board_version_of(page) -> int:
    return int(page.locator("#board").get_attribute("data-version"))


# --- 6. the hint --------------------------------------------------------------------------------


def test_the_hint_shows_ghost_tiles_and_counts_as_help(new_page, shot, sign_in, student):
    match = mid_game(new_match(student, seed=2))
    page = new_page(**viewport(CHROMEBOOK), reduced_motion="reduce")
    open_board(page, sign_in, student, match)
    hands = Hands(page)
    hint = page.locator("#eq-hint")
    assert "(counts as help)" in hint.inner_text()
    assert hands.press(hint), hands.refused
    match.refresh_from_db()
    shown = match.state["hints"][0]
    assert shown, "the app found a play for this rack"
    ghosts = page.locator("#eq-board .eq-ghost")
    assert ghosts.count() == len(shown)
    for row, col, tile, face in shown:
        ghost = hands.square(row, col).locator(".eq-ghost")
        want = "=" if tile == EQUALS else match.state["racks"][0][tile]
        assert ghost.inner_text() == (face or want).replace("1/2", "½")
    said = " ".join(page.locator(".eq-hinted").inner_text().split())
    text = EQUATE.view(match.state, 0)["hint"]["text"]
    assert said == f"Hint (counts as help): the dashed tiles show a good play: {text}."
    assert page.locator("#eq-hint").count() == 0  # one hint a turn
    shot(page, "hint-1366x657")
    # Playing the hint counts as help in the progress reports.
    hands.put_all(shown)
    assert hands.press(page.locator("#eq-play")), hands.refused
    assert match.learning.filter(helped=True).exists()
    assert match.learning.filter(kind="hint").count() == 1


# --- 7. values hidden, unless the teacher shows them ---------------------------------------------


@pytest.mark.parametrize("values", ["hidden", "shown"])
def test_the_read_out_shows_the_values_only_when_the_teacher_says(
    values, new_page, shot, sign_in, student
):
    match = rig(new_match(student, settings={"values": values}), [["1", "2", "+", "3", "5"], []])
    page = new_page(**viewport(CHROMEBOOK), reduced_motion="reduce")
    open_board(page, sign_in, student, match)
    hands = Hands(page)
    hands.put_all([(9, 7, 0, None), (9, 8, 1, None), (9, 9, 2, None), (9, 10, 3, None)])
    if values == "hidden":
        assert hands.readout() == "You are making: 12 + 3"
    else:
        assert hands.readout() == "You are making: 12 + 3 — its value is 15"
    hands.put(9, 11, EQUALS)
    hands.put(9, 12, 4)
    readout = hands.readout()
    if values == "hidden":
        assert readout == "You are making: 12 + 3 = 5"
        assert "side" not in readout and "15" not in readout
    else:
        assert readout == "You are making: 12 + 3 = 5 — left side 15, right side 5"
    shot(page, f"values-{values}-1366x657")
