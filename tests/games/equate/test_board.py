"""The Equate board (templates/games/equate/board.html) rendered from the game's own views: the
empty board's centre and bonus squares, tiles with their points, the last play marked, my rack
against a watcher's board and another player's turn, the forms and their hidden fields, trades
only while the bag has tiles enough, the last turn told in words, the end of the game, values
never shown unless the teacher turned them on, and a hint drawn as dashed tiles. Placing tiles
is static/games/equate/equate.js's (looked at in Chromium); these tests read the HTML it starts
from."""

from __future__ import annotations

import json
import re
from html import unescape

from django.template.loader import render_to_string
from django.test import RequestFactory

from games.equate import rules
from games.equate.game import EQUATE
from games.equate.moves import Hint, Trade
from games.equate.tiles import BOARD_SIZE, PREMIUMS
from tests.games.primepak.boards import FakeMatch, FakeSeat

from .boards import arrange, game, lay, place

TEMPLATE = "games/equate/board.html"
NAMES = ["Ana", "Ben", "Cy", "Dee"]


GAME = EQUATE


def render(state, me, *, htmx=True, status="playing", extra_view=None, **extra) -> str:
    request = RequestFactory().get("/")
    request.htmx = htmx
    match = FakeMatch(status=status)
    seats = [FakeSeat(i, NAMES[i], match=match) for i in range(state["players"])]
    view = GAME.view(json.loads(json.dumps(state)), me)
    view.update(extra_view or {})
    context = {
        "rules": GAME,
        "view": view,
        "me": me,
        "seats": seats,
        "match": match,
        "request": request,
        "clock_seconds": None,
        "board_key": "k3y",
        "replay": False,
        "gave_up": False,
        **extra,
    }
    return render_to_string(TEMPLATE, context, request=request)


BLOCK = re.compile(
    r"</?(?:p|div|li|ul|ol|h\d|section|form|fieldset|legend|label|button|t[rdh])\b[^>]*>"
)


def text_of(html: str) -> str:
    """The words as read: blocks apart, inline tags gone."""
    words = re.sub(r"<[^>]+>", "", BLOCK.sub(" ", html))
    return re.sub(r"\s+", " ", unescape(words)).strip()


def by_id(html: str, ident: str) -> str:
    """The element with this id, to its matching closing tag."""
    found = re.search(rf'<(\w+)[^>]*\bid="{ident}"', html)
    assert found, f"no #{ident}"
    tag, depth = found.group(1), 0
    for step in re.finditer(rf"<(/?){tag}\b[^>]*>", html[found.start() :]):
        depth += -1 if step.group(1) else 1
        if depth == 0:
            return html[found.start() : found.start() + step.end()]
    raise AssertionError(f"#{ident} is never closed")


def square(html: str, row: int, col: int) -> str:
    """One square of the board, with what is inside it."""
    found = re.search(rf'<div role="gridcell"[^>]*data-row="{row}" data-col="{col}"[^>]*>', html)
    assert found, f"no square {row}, {col}"
    end = html.index('<div role="gridcell"', found.end()) if row + col < 36 else None
    return html[found.start() : end]


def label(html: str, row: int, col: int) -> str:
    return unescape(re.search(r'aria-label="([^"]*)"', square(html, row, col)).group(1))


def forms_of(html: str) -> list[str]:
    return re.findall(r"<form\b.*?</form>", html, re.S)


def tag_with_id(html: str, ident: str) -> str:
    return re.search(rf'<[^>]*\bid="{ident}"[^>]*>', html).group(0)


# Cy (seat 2) is to move. "2 + 3 = 5" is across row 9 (its 3 on the centre); Ben has just played
# "4 + 1 =" down column 11 onto its 5. Cy holds 1 2 × 3 ½ (blank) 7 − 6.
CY_RACK = ["1", "2", "×", "3", "1/2", "?", "7", "−", "6"]


def start():
    state = game(players=3, seed=3)
    state = arrange(
        state, [["9", "8"], ["4", "+", "1"], CY_RACK], board=lay(9, 7, "2 + 3 = 5"), turn=1
    )
    return rules.play(state, 1, place(state, 1, 5, 11, "4 + 1 =", down=True))


# --- the board --------------------------------------------------------------------------------
def test_the_empty_board_marks_the_centre_and_labels_every_bonus_square_in_text():
    html = render(game(players=2), 0)
    board = by_id(html, "eq-board")
    assert 'role="grid"' in board
    squares = re.findall(r'data-row="(\d+)" data-col="(\d+)"', board)
    assert len(squares) == BOARD_SIZE * BOARD_SIZE
    assert label(html, 9, 9) == "Row 10, column 10, centre, 2E, empty"
    centre = square(html, 9, 9)
    assert "eq-centre" in centre and "★" in centre and "2E" in centre
    # Every bonus square says what it is, in its text and its label; the others say nothing.
    for (row, col), kind in PREMIUMS.items():
        assert '<span class="eq-p" aria-hidden="true">' in square(html, row, col)
        assert f"{kind}</span>" in square(html, row, col)
        assert f", {kind}, empty" in label(html, row, col)
    assert label(html, 0, 0) == "Row 1, column 1, 3E, empty"
    assert label(html, 0, 1) == "Row 1, column 2, empty"
    assert len(re.findall(r'class="eq-p"', board)) == len(PREMIUMS)
    # The legend says it in children's words.
    legend = text_of(html[html.index('class="eq-legend"') :])
    assert "2S the tile scores 2 times" in legend
    assert "3E the equation scores 3 times" in legend
    assert "★ start here (it is a 2E)" in legend


def test_the_board_is_one_tab_stop_starting_at_the_centre_then_at_the_last_play():
    html = render(game(players=2), 0)
    assert len(re.findall(r'tabindex="0"', by_id(html, "eq-board"))) == 1
    assert 'tabindex="0"' in square(html, 9, 9)
    html = render(start(), 2)
    assert len(re.findall(r'tabindex="0"', by_id(html, "eq-board"))) == 1
    assert 'tabindex="0"' in square(html, 5, 11)  # the first tile Ben just played


def test_tiles_show_their_face_and_points_and_the_last_play_is_marked():
    state = start()
    html = render(state, 2)
    ben = square(html, 5, 11)  # Ben's 4, just played
    assert 'data-face="4"' in ben and "eq-new" in ben
    assert '<span class="eq-f">4</span><span class="eq-s">2</span>' in ben
    assert label(html, 5, 11) == "Row 6, column 12, 4, 2 points, just played"
    assert label(html, 8, 11) == "Row 9, column 12, =, 0 points, just played"
    old = square(html, 9, 7)  # the 2 played before: not new
    assert "eq-new" not in old and '<span class="eq-f">2</span><span class="eq-s">1</span>' in old
    assert label(html, 9, 7) == "Row 10, column 8, 2, 1 point"
    # The bonus square under a tile is not shown any more.
    assert "eq-p" not in square(html, 9, 9)


def test_fractions_show_as_one_glyph_and_a_blank_shows_what_it_stands_for_with_0_points():
    state = arrange(game(players=2), [[], []], board=lay(9, 8, "?7 = 7"))
    state = arrange(state, [["1/2", "1/2", "1"], []], board=lay(9, 8, "?7 = 7"))
    state = rules.play(state, 0, place(state, 0, 10, 8, "1/2", down=True))  # 7½ going down
    html = render(state, 1)
    half = square(html, 10, 8)
    assert (
        'data-face="1/2"' in half
        and '<span class="eq-f">½</span><span class="eq-s">3</span>' in half
    )
    blank = square(html, 9, 8)
    assert "eq-blank" in blank and '<span class="eq-f">7</span><span class="eq-s">0</span>' in blank
    assert label(html, 9, 8) == "Row 10, column 9, 7 (a blank tile), 0 points"


# --- my rack, a watcher, another player's turn --------------------------------------------------
def test_on_my_turn_my_rack_is_tiles_to_pick_with_the_equals_always_there():
    html = render(start(), 2)
    rack = by_id(html, "eq-rack")
    tiles = re.findall(
        r'<button type="button" class="([^"]*)" data-pos="(\d+)" data-face="([^"]*)"', rack
    )
    assert [(int(p), f) for _, p, f in tiles] == list(enumerate(CY_RACK))
    assert all("eq-rack-tile" in c for c, _, _ in tiles)
    assert '<span class="eq-f">½</span><span class="eq-s">3</span>' in rack
    # The blank says what it is; the first tile gets the focus when the turn comes.
    assert 'data-face="?"' in rack and "blank tile: it can be any symbol, 0 points" in rack
    first = re.search(r'<button[^>]*data-pos="0"[^>]*>', rack).group(0)
    assert "data-focus-next" in first
    assert rack.count("data-focus-next") == 1
    equals = tag_with_id(html, "eq-equals")
    assert 'data-face="="' in equals and "data-pos" not in equals
    assert "38 left" in equals  # Ben took one of the 40
    assert "Your turn! Make a true equation with your tiles." in text_of(html)


def test_with_no_equals_left_the_rack_has_none_and_says_a_blank_can_be_one():
    state = start()
    state["equals_left"] = 0  # as if the 40 were all on the board (a view of it)
    html = render(state, 2)
    assert 'id="eq-equals"' not in html
    assert "No = left. A blank tile can be =." in text_of(html)


def test_a_watcher_sees_the_board_and_scores_but_no_rack_and_no_forms():
    html = render(start(), None)
    assert 'id="eq-board"' in html and 'id="eq-scores"' in html
    assert 'id="eq-rack"' not in html and "data-pos" not in html
    assert forms_of(html) == []
    assert "Cy is playing." in text_of(html)
    assert "eq-watching" in tag_with_id(html, "eq")


def test_on_another_players_turn_my_tiles_are_there_to_plan_with_but_nothing_to_press():
    state = start()
    html = render(state, 0)
    assert forms_of(html) == []
    # The only button is the phones' zoom: nothing to pick, place or post.
    assert re.findall(r'<button[^>]*id="([^"]*)"', html) == ["eq-zoom"]
    assert len(re.findall(r"<button", html)) == 1
    text = text_of(html)
    assert "Cy is playing. Get ready: your turn comes." in text
    rack = by_id(html, "eq-rack")
    assert re.findall(r'data-pos="(\d+)" data-face="([^"]*)"', rack) == [
        (str(p), f) for p, f in enumerate(state["racks"][0])
    ]
    assert "data-focus-next" not in html


def test_nobody_sees_another_players_tiles():
    state = start()
    # Cy alone holds a ½, and it is not on the board: no other board shows it.
    assert "½" in by_id(render(state, 2), "eq-rack")
    for me in (0, 1, None):
        html = render(state, me)
        assert "½" not in html and "1/2" not in html
        racks = re.findall(r'data-pos="(\d+)" data-face="([^"]*)"', html)
        mine = [] if me is None else [(str(p), f) for p, f in enumerate(state["racks"][me])]
        assert racks == mine


# --- the forms --------------------------------------------------------------------------------
def test_the_play_form_posts_the_move_with_the_version_and_board_key_and_play_waits_for_a_tile():
    html = render(start(), 2)
    form = by_id(html, "eq-play-form")
    opening = re.search(r"<form[^>]*>", form).group(0)
    assert 'method="post"' in opening and 'action="/matches/7/move/"' in opening
    assert 'hx-post="/matches/7/move/"' in opening and 'hx-target="#board"' in opening
    assert '<input type="hidden" name="version" value="12">' in form
    assert '<input type="hidden" name="board_key" value="k3y">' in form
    play = tag_with_id(html, "eq-play")
    assert 'type="submit"' in play and 'name="type" value="place"' in play and "disabled" in play
    # The placed tiles' hidden fields are added here by equate.js, one per tile.
    assert by_id(html, "eq-placed") == '<div id="eq-placed" class="eq-placed"></div>'
    for ident in ("eq-takeback", "eq-shuffle", "eq-trade"):
        assert 'type="button"' in tag_with_id(html, ident)
    assert "Take back" in by_id(html, "eq-takeback") and "Shuffle" in by_id(html, "eq-shuffle")
    assert 'id="eq-readout"' in html and 'aria-live="polite"' in tag_with_id(html, "eq-readout")
    # A plain POST (no htmx) carries the CSRF token; htmx sends it as a header.
    assert "csrfmiddlewaretoken" not in html
    assert "csrfmiddlewaretoken" in by_id(render(start(), 2, htmx=False), "eq-play-form")


def test_pass_and_hint_are_buttons_of_their_own_small_forms():
    html = render(start(), 2)
    passing = tag_with_id(html, "eq-pass")
    assert 'form="eq-pass-form"' in passing and 'name="type" value="pass"' in passing
    hint = tag_with_id(html, "eq-hint")
    assert 'form="eq-hint-form"' in hint and 'name="type" value="hint"' in hint
    assert "Show me a good play (counts as help)" in text_of(by_id(html, "eq-hint"))
    for ident in ("eq-pass-form", "eq-hint-form"):
        form = by_id(html, ident)
        assert 'action="/matches/7/move/"' in form and 'name="version" value="12"' in form
        assert 'name="board_key" value="k3y"' in form


def test_passing_when_everyone_else_passed_says_the_game_ends():
    state = rules.pass_turn(rules.pass_turn(start(), 2), 0)  # Cy, then Ana passed: Ben's turn
    assert "if you pass too, the game ends" in text_of(render(state, 1))
    assert "the game ends" not in text_of(render(start(), 2))


def test_trading_ticks_rack_positions_that_the_game_reads_as_a_trade():
    state = start()
    html = render(state, 2)
    form = by_id(html, "eq-trade-form")
    assert 'data-bag="' + str(len(state["bag"])) + '"' in form
    boxes = re.findall(r'<input type="checkbox" name="tiles" value="(\d+)"', form)
    assert boxes == [str(p) for p in range(9)]
    go = tag_with_id(html, "eq-trade-go")
    assert 'name="type" value="trade"' in go and "Trade these" in by_id(html, "eq-trade-go")
    assert 'name="version" value="12"' in form and 'name="board_key" value="k3y"' in form
    assert "A trade is your whole turn and scores 0." in text_of(form)
    # Two ticked boxes, as the platform joins them: the game trades those two tiles.
    move = GAME.parse_move({"type": "trade", "tiles": ",".join(boxes[3:5])})
    assert move == Trade((3, 4))
    after = GAME.apply_move(state, 2, move)
    assert after["last"] == {"kind": "trade", "seat": 2, "count": 2}


def test_a_trade_is_offered_only_while_the_bag_holds_tiles_and_says_how_many():
    state = start()
    few = dict(state, bag=state["bag"][:3])
    html = render(few, 2)
    assert 'data-bag="3"' in by_id(html, "eq-trade-form")
    assert "The bag has 3 tiles: trade 3 or fewer." in text_of(html)
    empty = dict(state, bag=[])
    html = render(empty, 2)
    assert 'id="eq-trade"' not in html and 'id="eq-trade-form"' not in html
    assert "The bag is empty: no more trades." in text_of(html)
    assert "The bag has" not in text_of(render(state, 2))


def test_no_forms_when_the_game_is_not_being_played_or_i_gave_up():
    state = start()
    gave_up = render(state, 2, gave_up=True)
    assert forms_of(gave_up) == [] and "You gave up this game." in text_of(gave_up)
    assert forms_of(render(state, 2, status="abandoned")) == []
    assert forms_of(render(state, 2, replay=True)) == []


def test_the_blank_picker_offers_the_faces_of_the_tile_set():
    html = render(start(), 2)
    dialog = by_id(html, "eq-blank-dialog")
    values = re.findall(r'class="eq-tile eq-choice" value="([^"]*)"', dialog)
    assert values == [*"0123456789", "1/2", "1/3", "2/3", "1/4", "3/4", "1/6", "5/6",
                      "+", "−", "×", "÷", "="]  # fmt: skip
    assert "What does your blank tile stand for?" in text_of(dialog)
    assert "-3" not in values
    advanced = arrange(game(players=2, tiles="advanced"), [["?"], []])
    values = re.findall(r'value="([^"]*)"', by_id(render(advanced, 0), "eq-blank-dialog"))
    assert "-3" in values and "5²" in values and "3³" in values


# --- the last turn, the scores, the end ---------------------------------------------------------
def test_the_last_play_is_told_with_its_line_and_points():
    state = start()
    score = state["last"]["score"]
    assert score == 8
    assert "Ben played 4 + 1 = 5 for 8 points." in text_of(by_id(render(state, 2), "eq-last"))
    assert "You played 4 + 1 = 5 for 8 points." in text_of(by_id(render(state, 1), "eq-last"))


def test_a_play_with_a_line_across_and_the_40_for_nine_tiles():
    state = arrange(game(players=2), [["1", "2", "3", "+", "4", "5", "1", "6", "8"], []])
    state = rules.play(state, 0, place(state, 0, 9, 4, "1 2 3 + 4 5 = 1 6 8"))
    assert state["last"]["bonus"] == 40
    last = text_of(by_id(render(state, 1), "eq-last"))
    assert f"Ana played 123 + 45 = 168 for {state['last']['score']} points." in last
    assert "+40 for using all nine tiles!" in last
    # A play whose tiles also make a line across: each line and its points.
    state = start()
    rack = ["1", "2", "3", "×", "4"]
    state = arrange(state, [state["racks"][0], state["racks"][1], rack], board=_board(state),
                    turn=2)  # fmt: skip
    state = rules.play(state, 2, place(state, 2, 0, 10, "1 2 = 3 × 4", down=True))
    lines = state["last"]["lines"]
    assert [line["text"] for line in lines] == ["12 = 3 × 4", "44"]
    last = text_of(by_id(render(state, 0), "eq-last"))
    assert f"Cy played 12 = 3 × 4 for {state['last']['score']} points." in last
    assert f"12 = 3 × 4: {lines[0]['score']} points" in last
    assert "Also going across, 44: no = sign, 0 points" in last


def _board(state):
    return {tuple(map(int, k.split(","))): t["face"] for k, t in state["board"].items()}


def test_a_trade_and_a_pass_are_told():
    state = rules.trade(start(), 2, [0, 1, 2])
    assert "Cy traded 3 tiles." in text_of(by_id(render(state, 0), "eq-last"))
    assert "You traded 3 tiles." in text_of(by_id(render(state, 2), "eq-last"))
    state = rules.pass_turn(state, 0)
    assert "Ana passed." in text_of(by_id(render(state, 1), "eq-last"))


def test_before_the_first_play_the_story_says_where_to_start():
    assert "The first play must cover the ★ in the middle." in text_of(
        by_id(render(game(players=2), 0), "eq-last")
    )


def test_scores_show_every_seat_with_its_tiles_the_turn_the_bag_and_the_equals_left():
    state = start()
    scores = by_id(render(state, 2), "eq-scores")
    rows = re.findall(r'<tr class="([^"]*)" data-seat="(\d)">(.*?)</tr>', scores, re.S)
    assert [text_of(cells) for _, _, cells in rows] == [
        "Ana 9 0",
        "Ben 9 8",
        "▶playing now: You 9 0",
    ]
    assert "turn" in rows[2][0] and "me" in rows[2][0]
    text = text_of(scores)
    assert f"Bag: {len(state['bag'])} tiles" in text and "= left: 38" in text


def test_a_turn_clock_counts_down_for_everyone():
    html = render(start(), 2, clock_seconds=45)
    assert 'class="countdown" data-seconds="45"' in html
    assert "Time left: 45 s" in text_of(html)
    assert "Time left for this turn: 45 s" in text_of(render(start(), 0, clock_seconds=45))
    assert "countdown" not in render(start(), 2)


def test_a_time_limit_in_rounds_is_told():
    state = rules.new_state({"rounds": 5}, 2, 1)
    assert "The game ends after 5 turns each." in text_of(render(state, 0))


def test_game_over_when_everyone_passed_shows_final_scores_winners_and_why():
    state = start()
    for seat in (2, 0, 1):
        state = rules.pass_turn(state, seat)
    assert state["end"] == "passes"
    html = render(state, 0, status="finished")
    assert forms_of(html) == []
    scores = by_id(html, "eq-scores")
    assert "Final scores" in scores and "For tiles left" in scores
    held = [rules.rack_score(rack) for rack in state["racks"]]
    rows = re.findall(r'data-seat="(\d)">(.*?)</tr>', scores, re.S)
    for seat, cells in rows:
        i = int(seat)
        words = text_of(cells).split()
        taken = f"−{held[i]}" if held[i] else "0"  # the real minus sign, as on the tiles
        assert words[-3:] == [str(state["points"][i]), taken, str(state["scores"][i])]
    best = state["winners"]
    assert len(best) == 1
    last = text_of(by_id(html, "eq-last"))
    winner = "You" if best[0] == 0 else NAMES[best[0]]
    assert f"{winner} won with {state['scores'][best[0]]} points!" in last
    assert "Everyone passed, one after the other, so the game ended." in last
    assert "The last turn: Ben passed." in last
    assert "★ winner" in by_id(html, "eq-scores")
    assert "Your tiles left" in text_of(html)


def test_game_over_when_a_player_goes_out_adds_the_others_tiles_to_theirs():
    # Every other tile is on the board (tests/games/equate/boards.py); Ana's 5 goes out.
    state = arrange(game(), [["5"], ["×", "9"]], bag=[], points=[10, 12], board=lay(16, 0, "1"))
    state = rules.play(state, 0, place(state, 0, 0, 0, "5"))
    assert state["end"] == "out" and state["scores"] == [14, 8]
    html = render(state, 1, status="finished")
    last = text_of(by_id(html, "eq-last"))
    assert "Ana won with 14 points!" in last
    assert "Ana used their last tile and the bag was empty, so the game ended." in last
    assert (
        "The tiles the others still held count for Ana and are taken off their own scores." in last
    )
    assert "for 0 points (no = sign, so it scores 0)." in last
    rows = re.findall(r'data-seat="(\d)">(.*?)</tr>', by_id(html, "eq-scores"), re.S)
    assert [text_of(cells) for _, cells in rows] == ["Ana ★ winner 10 +4 14", "You 12 −4 8"]
    mine = text_of(by_id(render(state, 0, status="finished"), "eq-last"))
    assert "You won with 14 points!" in mine and "You used your last tile" in mine
    assert "count for you and are taken off their own scores." in mine


def test_game_over_after_the_last_round_keeps_the_scores():
    state = rules.new_state({"rounds": 1}, 2, 1)
    state = rules.pass_turn(state, 0)
    state = rules.trade(state, 1, [0])
    assert state["end"] == "rounds"
    last = text_of(by_id(render(state, None, status="finished"), "eq-last"))
    assert "The last turn was played, so the game ended. The scores stay as they are." in last
    assert "A shared win: Ana and Ben, with 0 points each." in last


# --- values and hints ---------------------------------------------------------------------------
def test_the_read_out_shows_no_values_unless_the_teacher_turned_them_on():
    html = render(start(), 2)
    assert "data-values-shown" not in html
    readout = text_of(by_id(html, "eq-readout"))
    assert readout == "Put tiles on the board to make an equation."
    for words in ("left side", "right side", "is true", "not true", "value is"):
        assert words not in text_of(html)
    # The teacher's setting "values shown": only then may equate.js add each side's value.
    shown = rules.new_state({"values": "shown"}, 2, 1)
    assert GAME.view(shown, 0)["values_shown"] is True
    html = render(shown, 0)
    assert "data-values-shown" in tag_with_id(html, "eq")
    assert "data-values-shown" not in render(rules.new_state({}, 2, 1), 0)
    # A view without the key (older boards) counts as hidden.
    view = GAME.view(start(), 2)
    del view["values_shown"]
    request = RequestFactory().get("/")
    request.htmx = True
    context = {
        "rules": GAME,
        "view": view,
        "me": 2,
        "seats": [],
        "match": FakeMatch(),
        "request": request,
    }
    assert "data-values-shown" not in render_to_string(TEMPLATE, context, request=request)


def test_a_hint_is_drawn_as_dashed_tiles_and_marked_as_help():
    state = GAME.apply_move(start(), 2, Hint())
    hint = GAME.view(state, 2)["hint"]
    assert hint["tiles"]
    html = render(state, 2)
    for tile in hint["tiles"]:
        ghost = square(html, tile["row"], tile["col"])
        drawn = (
            f'<span class="eq-t eq-ghost" aria-hidden="true"><span class="eq-f">{tile["display"]}'
        )
        assert drawn + "</span></span>" in ghost
        assert label(html, tile["row"], tile["col"]).endswith(f"empty, hint: {tile['display']}")
    assert len(re.findall(r"eq-ghost", by_id(html, "eq-board"))) == len(hint["tiles"])
    said = f"Hint (counts as help): the dashed tiles show a good play: {hint['text']}."
    assert said in text_of(html)
    assert 'id="eq-hint"' not in html  # shown already: no second hint this turn
    # Nobody else sees it.
    for me in (0, 1, None):
        assert "eq-ghost" not in render(state, me) and "Hint" not in text_of(render(state, me))
    plain = render(start(), 2)
    assert "eq-ghost" not in plain and "Hint (counts as help)" not in text_of(plain)
    assert 'id="eq-hint"' in plain


def test_a_hint_given_as_a_plain_list_of_tiles_is_drawn_too():
    hint = [{"row": 10, "col": 9, "display": "×"}, {"row": 11, "col": 9, "display": "½"}]
    html = render(start(), 2, extra_view={"hint": hint})
    assert '<span class="eq-f">×</span></span>' in square(html, 10, 9)
    assert '<span class="eq-f">½</span></span>' in square(html, 11, 9)
    assert "Hint (counts as help): the dashed tiles show a good play." in text_of(html)


def test_a_hint_that_found_nothing_says_so():
    html = render(start(), 2, extra_view={"hint": {"tiles": [], "text": ""}})
    assert "eq-ghost" not in html
    assert "the app found no equation for your tiles. You can trade or pass." in text_of(html)


# --- a replay -----------------------------------------------------------------------------------
def test_a_replay_shows_one_board_and_each_players_tiles_without_a_second_board():
    state = start()
    watcher = render(state, None, replay=True, status="finished")
    assert 'id="eq-board"' in watcher and forms_of(watcher) == []
    hand = render(state, 2, replay=True, status="finished")
    assert 'id="eq-board"' not in hand and ' id="' not in hand
    assert re.findall(r'data-pos="(\d+)" data-face="([^"]*)"', hand) == [
        (str(p), f) for p, f in enumerate(CY_RACK)
    ]
