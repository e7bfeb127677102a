"""Equate's rules core (games/equate/rules.py, board.py): scenario tests quoting the text
Equate's rule text and our decisions (docs/rules.md, "Equate"), refusals a child can
read, and seeded random playouts that keep every tile to the end."""

from __future__ import annotations

import itertools
import json
import random
from collections import Counter
from fractions import Fraction
from operator import add, mul, sub, truediv

import pytest

from games.engine.protocol import IllegalMove, SettingsError
from games.equate import rules
from games.equate.board import ACROSS, DOWN, key, line_through
from games.equate.expr import read_line
from games.equate.tiles import BLANK, CENTRE, DIGITS, EQUALS, EQUALS_SUPPLY

from .boards import arrange, at, game, lay, place, place_all

# "2 + 3 = 5" across the centre (9, 9): the 3 is on the centre square.
START = lay(9, 7, "2 + 3 = 5")


def refused(state, seat, placements) -> IllegalMove:
    with pytest.raises(IllegalMove) as info:
        rules.play(state, seat, placements)
    return info.value


def faces_on(state, row, col, step=ACROSS) -> str:
    """The line through (row, col) as people read it ("2 + 3 = 5")."""
    filled = {tuple(map(int, k.split(","))) for k in state["board"]}
    squares = line_through(filled, (row, col), step)
    return read_line([state["board"][key(sq)]["face"] for sq in squares]).text


# --- a new game -----------------------------------------------------------------------------------
def test_new_game_deals_nine_each_and_keeps_the_equals_beside_the_board():
    """ "Players draw nine tiles from the bag ... An equal symbol is always available and is
    the tenth tile in the hand." """
    state = game(players=3, seed=7)
    rules.check_state(state)
    assert [len(rack) for rack in state["racks"]] == [9, 9, 9]
    assert len(state["bag"]) == 150 - 27
    assert EQUALS not in state["bag"] and all(EQUALS not in rack for rack in state["racks"])
    assert state["equals_left"] == EQUALS_SUPPLY == 40
    assert state["board"] == {} and state["scores"] == [0, 0, 0]
    assert rules.current_player(state) == 0
    assert game(players=3, seed=7) == state  # the seed decides the deal
    assert json.loads(json.dumps(state)) == state  # plain JSON


def test_advanced_tiles_are_in_the_bag_only_when_chosen():
    advanced = game(tiles="advanced")
    rules.check_state(advanced)
    assert len(advanced["bag"]) + 18 == 150 + 18 + 12
    assert "-2" in rules.bag_tiles(advanced["settings"])
    assert "-2" not in rules.bag_tiles(game()["settings"])


@pytest.mark.parametrize(
    ("settings", "players"),
    [({"tiles": "easy"}, 2), ({"rounds": 0}, 2), ({"rounds": "3"}, 2), ({}, 0), ({}, 5)],
)
def test_settings_that_cannot_be_used_are_refused(settings, players):
    with pytest.raises(SettingsError):
        rules.new_state(settings, players, 1)


# --- where tiles may go ---------------------------------------------------------------------------
def test_the_first_play_must_cover_the_centre():
    """docs/rules.md: "the centre square is a 2E and the first play must cover it"."""
    state = arrange(game(), [["2", "+", "3", "5"], []])
    error = refused(state, 0, place(state, 0, 3, 3, "2 + 3 = 5"))
    assert error.reason == "The first play must cover the centre square." and error.kind == "centre"
    after = rules.play(state, 0, place(state, 0, 9, 7, "2 + 3 = 5"))
    rules.check_state(after)
    assert faces_on(after, 9, 9) == "2 + 3 = 5"


def test_one_tile_on_the_centre_is_an_expression_scoring_0():
    """docs/rules.md, Equate: "A play" (a tile alone on the empty board), and "Examples of
    numerical expressions are 45, ..." """
    state = arrange(game(), [["5"], []])
    after = rules.play(state, 0, place(state, 0, 9, 9, "5"))
    assert after["scores"] == [0, 0]
    assert after["last"]["lines"] == [
        {"text": "5", "kind": "expression", "down": False, "score": 0}
    ]


def test_tiles_not_in_one_row_or_column_are_refused():
    """ "The tiles that are played in one turn must be placed within one horizontal or
    vertical equation." """
    state = arrange(game(), [["2", "+", "3"], []], board=START)
    placements = [(10, 6, *at(state, 0, "2"), None), (11, 7, *at(state, 0, "3"), None)]
    error = refused(state, 0, placements)
    assert error.reason == "These tiles are not in one row or one column."
    assert error.kind == "not_in_line"


def test_a_gap_between_the_tiles_is_refused():
    """ "... forming with the tiles already there one contiguous line" (the contract)."""
    state = arrange(game(), [["1", "×", "2"], []], board=START)
    # "× 1" after the 5 would be fine; the 1 one square further leaves a hole.
    placements = [(9, 12, *at(state, 0, "×"), None), (9, 14, *at(state, 0, "1"), None)]
    error = refused(state, 0, placements)
    assert error.reason == "There is a gap between your tiles." and error.kind == "gap"
    # Tiles already on the board fill the space between new tiles: no gap.
    state = arrange(game(), [["1", "×", "×", "1"], []], board=START)
    both = place_all(state, 0, [(9, 5, "1 ×", False), (9, 12, "× 1", False)])
    assert faces_on(rules.play(state, 0, both), 9, 9) == "1 × 2 + 3 = 5 × 1"


def test_a_play_that_touches_nothing_is_refused():
    """ "The play must connect with a previous play; that is, at least one of the tiles in
    the equation must have a side that is adjacent to a previously played tile." """
    state = arrange(game(), [["4", "4"], []], board=START)
    error = refused(state, 0, place(state, 0, 12, 7, "4 = 4"))
    assert error.reason == "Your play must touch a tile already on the board."
    assert error.kind == "not_connected"
    # Touching at one corner is not a side.
    error = refused(state, 0, place(state, 0, 10, 12, "4 = 4", down=True))
    assert error.kind == "not_connected"


def test_a_play_touching_only_from_the_side_is_connected():
    """docs/rules.md, Equate: "A play": a play beside earlier tiles is connected; its short
    lines across (the 5 above the 0 reads 50 going down) must be right."""
    state = arrange(game(), [["0", "+", "1", "1"], []], board=START)
    after = rules.play(state, 0, place(state, 0, 10, 11, "0 + 1 = 1"))
    rules.check_state(after)
    assert faces_on(after, 9, 11, DOWN) == "50"
    assert [(line["text"], line["kind"]) for line in after["last"]["lines"]] == [
        ("0 + 1 = 1", "equation"),
        ("50", "expression"),
    ]


@pytest.mark.parametrize(
    ("placement", "reason"),
    [
        ((19, 0, 0, None), "That square is not on the board."),
        ((9, 9, 0, None), "That square already has a tile on it."),
        ((9, 12, 9, None), "You can only use tiles that are in your rack."),
        ((9, 12, "x", None), "You can only use tiles that are in your rack."),
        ((9, 12, 0, "7"), "Only a blank tile can stand for 7."),
        ((9, 12, 0, ["7"]), "Only a blank tile can stand for another tile."),
        ((9, 12, 1, None), "Choose what your blank tile stands for."),
        ((9, 12, 1, "?"), "Choose what your blank tile stands for."),
        ((9, 12, 1, ["7"]), "Choose what your blank tile stands for."),
        ((9, 12, 1, "-7"), "Choose what your blank tile stands for."),
        ((9, 12), "Each tile needs a square and a tile from your rack."),
    ],
)
def test_placements_that_cannot_be_made_are_refused(placement, reason):
    state = arrange(game(), [["×", BLANK], []], board=START)
    assert refused(state, 0, [placement]).reason == reason


def test_the_same_tile_or_square_twice_and_a_second_equals_are_refused():
    """ "An equal symbol is always available and is the tenth tile in the hand": one each
    turn (docs/rules.md, Equate: "The tiles")."""
    state = arrange(game(), [["4", "4", "×"], []], board=START)
    assert refused(state, 0, []).reason == "Put at least one tile on the board."
    twice = [(10, 9, 0, None), (11, 9, 0, None)]
    assert refused(state, 0, twice).reason == "You picked the same tile twice."
    same = [(10, 9, 0, None), (10, 9, 1, None)]
    assert refused(state, 0, same).reason == "You put two tiles on the same square."
    two = [(10, 9, "=", None), (11, 9, 0, None), (12, 9, "=", None), (13, 9, 1, None)]
    assert refused(state, 0, two).reason == "You can take only one = each turn."


def test_when_every_equals_is_on_the_board_a_blank_can_stand_for_one():
    """docs/rules.md, Equate: "The tiles", "Scoring": 40 "=" tiles beside the board; then a
    blank may stand for "="."""
    state = arrange(game(), [["5", BLANK], []], board=START)
    state["equals_left"] = 0  # pretend the other 39 are on the board
    error = refused(state, 0, place(state, 0, 10, 11, "= 5", down=True))
    assert error.reason == "There are no = tiles left. A blank tile can stand for =."
    after = rules.play(state, 0, place(state, 0, 10, 11, "?= 5", down=True))
    assert after["board"][key((10, 11))] == {"face": "=", "blank": True, "seat": 0}
    assert after["last"]["lines"][0]["text"] == "5 = 5"


def test_moves_out_of_turn_or_after_the_end_are_refused():
    state = arrange(game(), [["5"], ["5"]])
    assert refused(state, 1, place(state, 1, 9, 9, "5")).reason == "It is not your turn."
    with pytest.raises(IllegalMove, match="no such player"):
        rules.pass_turn(state, 2)
    over = rules.pass_turn(rules.pass_turn(state, 0), 1)
    assert over["end"] == "passes" and rules.current_player(over) is None
    with pytest.raises(IllegalMove, match="The game is over"):
        rules.trade(over, 0, [0])


# --- the lines a play makes -----------------------------------------------------------------------
def test_extending_an_equation_on_one_side():
    """ "... an equation may be extended by placing tiles on one or both sides as long as the
    resulting equation is true and contains only one equal symbol." """
    state = arrange(game(), [["×", "1"], []], board=START)
    after = rules.play(state, 0, place(state, 0, 9, 12, "× 1"))
    rules.check_state(after)
    assert faces_on(after, 9, 9) == "2 + 3 = 5 × 1"
    # 2 + 1 + 1 + 0 + 2 from the board, × 2 and the 1 on a 2S (9, 13): 1 × 2. No 2E again.
    assert after["scores"] == [9, 0]


def test_extending_an_equation_on_both_sides():
    """ "A player may place tiles on one or both sides of an existing equation to form a new
    equation. The premium board position awards are received only once by the player that
    originally put them there. The player does receive the individual scores for all the
    tiles in the new equation, including the tiles that were already there and the new
    tiles." """
    state = arrange(game(), [["1", "×", "×", "1"], []], board=START)
    both = place_all(state, 0, [(9, 5, "1 ×", False), (9, 12, "× 1", False)])
    after = rules.play(state, 0, both)
    rules.check_state(after)
    assert after["last"]["lines"] == [
        {"text": "1 × 2 + 3 = 5 × 1", "kind": "equation", "down": False, "score": 13}
    ]
    # New: 1 on the 2S (9, 5) 2, × 2, × 2, 1 on the 2S (9, 13) 2; old 1 + 1 + 1 + 0 + 2 = 5.
    # The centre's 2E was used by the first play: it does not double again.
    assert after["scores"] == [13, 0]


def test_an_extension_may_not_add_a_second_equals_or_make_it_false():
    """ "Equations may NOT be extended to contain more than one equal symbol." """
    state = arrange(game(), [["5", "+", "1"], []], board=START)
    error = refused(state, 0, place(state, 0, 9, 12, "= 5"))
    assert error.reason == "2 + 3 = 5 = 5 has two = signs: a line can have only one =."
    assert error.kind == "two_equals"
    error = refused(state, 0, place(state, 0, 9, 12, "+ 1"))
    assert (
        error.reason == "2 + 3 = 5 + 1 is not true: 2 + 3 = 5 and 5 + 1 = 6"
        and error.kind == "false"
    )


def test_a_line_across_must_be_complete():
    """ "Adjacent tiles running perpendicular to your equation must form either a complete
    numerical expression or an equation." Under the 3 of "3 = 1 + 2", a + leaves "3 +"
    hanging going down."""
    board = lay(9, 9, "3 = 1 + 2")
    state = arrange(game(), [["4", "+", "5"], []], board=board)
    error = refused(state, 0, place(state, 0, 10, 8, "4 + 5"))
    assert error.reason == "Going down, 3 + is not complete: a number must come after +."
    assert error.kind == "syntax"
    # The main line's own mistake comes without "Going ...".
    down = lay(5, 9, "1 + 2 = 3", down=True)
    state = arrange(game(), [["4", "+", "5"], []], board=down)
    error = refused(state, 0, place(state, 0, 10, 8, "4 + 5"))
    assert error.reason == "Going down, 1 + 2 = 3 + is not complete: a number must come after +."
    error = refused(state, 0, place(state, 0, 10, 9, "+ 5"))
    assert error.reason == "+ 5 is not complete: it cannot start with +."


def test_a_line_across_that_is_an_equation_is_scored_too():
    """ "You do not receive points for forming only a numerical expression" - but a true
    equation across is scored. Going down 1 + 2 = 3, the 2 makes 25 × 0 = 0 across."""
    state = arrange(game(), [["1", "+", "2", "3"], []], board=lay(9, 9, "5 × 0 = 0"))
    after = rules.play(state, 0, place(state, 0, 7, 8, "1 + 2 = 3", down=True))
    rules.check_state(after)
    assert after["last"]["lines"] == [
        # 1 + (+ on 2S (8, 8): 1 × 2) + 2 + (= on 2S (10, 8): 0) + 3
        {"text": "1 + 2 = 3", "kind": "equation", "down": True, "score": 5},
        # 2 + 2 + 2 + 1 + 0 + 1: the 5 on the centre 2E was played before.
        {"text": "25 × 0 = 0", "kind": "equation", "down": False, "score": 7},
    ]
    assert after["scores"] == [12, 0]


def test_a_false_line_across_is_refused_with_its_direction():
    state = arrange(game(), [["1", "+", "3", "4"], []], board=lay(9, 9, "5 × 0 = 0"))
    after_play = place(state, 0, 7, 8, "1 + 3 = 4", down=True)
    assert rules.play(state, 0, after_play)["last"]["lines"][1]["text"] == "35 × 0 = 0"
    state = arrange(game(), [["1", "+", "1", "2"], []], board=lay(9, 8, "5 = 5 × 1"))
    error = refused(state, 0, place(state, 0, 7, 7, "1 + 1 = 2", down=True))
    assert error.reason == "Going across, 15 = 5 × 1 is not true: 5 × 1 = 5"


def test_one_tile_can_make_two_equations_and_its_premium_counts_in_both():
    """docs/rules.md, Equate: "A play", "Scoring": one 2 on the 2S (8, 8) starts 25 × 0 = 0
    across and down."""
    board = lay(8, 9, "5 × 0 = 0") | lay(9, 8, "5 0") | lay(9, 8, "5 × 0 = 0", down=True)
    state = arrange(game(), [["2"], []], board=board)
    after = rules.play(state, 0, place(state, 0, 8, 8, "2"))
    rules.check_state(after)
    # 1 × 2 (2S) + 2 + 2 + 1 + 0 + 1 in each line.
    assert after["last"]["lines"] == [
        {"text": "25 × 0 = 0", "kind": "equation", "down": False, "score": 8},
        {"text": "25 × 0 = 0", "kind": "equation", "down": True, "score": 8},
    ]
    assert after["scores"] == [16, 0]


# --- scoring --------------------------------------------------------------------------------------
def test_symbol_premiums_come_before_equation_premiums():
    """ "The individual symbol scores are computed first then apply the premium board
    position awards 2E and 3E." 8 on the 2S (9, 5), 5 on the centre 2E."""
    state = arrange(game(), [["8", "−", "3", "5"], []])
    after = rules.play(state, 0, place(state, 0, 9, 5, "8 − 3 = 5"))
    # (2 × 2 + 2 + 1 + 0 + 2) × 2 = 18, not (2 + 2 + 1 + 0 + 2) × 2 + 2 = 16.
    assert after["scores"] == [18, 0]


def test_triple_symbol_squares():
    """ "... the 3S position awards 3 times the symbol score": 6 and 3 on the 3S squares
    (7, 7) and (11, 7), through the 2 already played."""
    state = arrange(game(), [["6", "×", "3"], []], board=START)
    after = rules.play(state, 0, place_all(state, 0, [(7, 7, "6 =", True), (10, 7, "× 3", True)]))
    assert faces_on(after, 9, 7, DOWN) == "6 = 2 × 3"
    assert after["scores"] == [2 * 3 + 0 + 1 + 2 + 1 * 3, 0]


def test_all_nine_tiles_earn_40_without_playing_the_equals():
    """ "... if you play all nine of your number and operation tiles in one turn you receive
    40 extra points." "To receive the extra 40 points a player does not need to play the
    equal symbol." Here the 3E (9, 18) triples the whole equation."""
    board = lay(9, 5, "2 + 3 = 5")
    rack = ["×", "1", "×", "1", "+", "0", "×", "1", "0"]
    state = arrange(game(), [rack, []], board=board)
    after = rules.play(state, 0, place(state, 0, 9, 10, "× 1 × 1 + 0 × 1 0"))
    rules.check_state(after)
    assert faces_on(after, 9, 9) == "2 + 3 = 5 × 1 × 1 + 0 × 10"
    # Old 5; new 2 + 1 + 2 + 1 × 2 (2S) + 1 + 1 + 2 + 1 × 2 (2S) + 1 (3E) = 14; × 3; + 40.
    assert after["last"]["bonus"] == 40
    assert after["scores"] == [(5 + 14) * 3 + 40, 0]


def test_fewer_than_nine_or_an_expression_earns_no_bonus():
    """docs/rules.md, Equate: "Scoring": nine rack tiles, in a play whose main line is an
    equation."""
    eight = ["×", "1", "×", "1", "×", "1", "×", "1"]
    state = arrange(game(), [[*eight, "7"], []], board=lay(9, 5, "2 + 3 = 5"))
    after = rules.play(state, 0, place(state, 0, 9, 10, "× 1 × 1 × 1 × 1"))
    assert after["last"]["bonus"] == 0
    nine = ["1", "+", "2", "+", "3", "+", "4", "+", "5"]
    state = arrange(game(), [nine, []])
    after = rules.play(state, 0, place(state, 0, 9, 5, "1 + 2 + 3 + 4 + 5"))
    assert after["last"]["bonus"] == 0 and after["scores"] == [0, 0]


def test_an_expression_scores_0():
    """ "A player may choose to form only an expression ... The player gets a 0 score for
    forming an expression." """
    state = arrange(game(), [["2", "×", "8", "−", "5"], []])
    after = rules.play(state, 0, place(state, 0, 9, 7, "2 × 8 − 5"))
    rules.check_state(after)
    assert after["scores"] == [0, 0]
    assert after["last"]["lines"][0] == {
        "text": "2 × 8 − 5", "kind": "expression", "down": False, "score": 0
    }  # fmt: skip
    assert rules.current_player(after) == 1


def test_a_blank_scores_0_whatever_it_stands_for():
    """docs/rules.md: "3 blanks worth 0 that stand for any symbol"."""
    state = arrange(game(), [[BLANK, "+", "3", "5"], []])
    after = rules.play(state, 0, place(state, 0, 9, 7, "?2 + 3 = 5"))
    assert after["board"][key((9, 7))] == {"face": "2", "blank": True, "seat": 0}
    assert after["scores"] == [(0 + 1 + 1 + 0 + 2) * 2, 0]
    assert BLANK not in after["racks"][0][:3]


def test_a_play_refills_the_rack_and_keeps_the_others_in_order():
    """ "After making a play, the player draws tiles from the bag to replenish his hand." """
    state = arrange(game(), [["2", "+", "3", "5"], []], draws=["7", "8", "9", "1/2"])
    kept = state["racks"][0][4:]
    after = rules.play(state, 0, place(state, 0, 9, 7, "2 + 3 = 5"))
    assert after["racks"][0] == [*kept, "7", "8", "9", "1/2"]
    assert after["equals_left"] == EQUALS_SUPPLY - 1
    assert state["racks"][0][:4] == ["2", "+", "3", "5"]  # the state before is unchanged


# --- trades and passes ----------------------------------------------------------------------------
def test_a_trade_scores_0_and_keeps_every_tile():
    """ "... a player may choose to trade in any number of tiles from the hand for more tiles.
    This trade-in constitutes the player's turn and a 0 score is recorded for that turn." """
    state = arrange(game(), [["÷", "÷", "÷"], []], draws=["1", "2", "3"])
    after = rules.trade(state, 0, [0, 1, 2])
    rules.check_state(after)
    assert after["racks"][0] == [*state["racks"][0][3:], "1", "2", "3"]
    assert len(after["bag"]) == len(state["bag"])
    assert Counter(after["bag"]) - Counter(state["bag"]) == Counter(["÷", "÷", "÷"])
    assert after["scores"] == [0, 0] and rules.current_player(after) == 1
    assert after["last"] == {"kind": "trade", "seat": 0, "count": 3}


def test_a_trade_needs_enough_tiles_in_the_bag():
    """docs/rules.md, Equate: "Trade and pass": no more tiles traded than the bag holds."""
    rack = ["1", "2", "3", "4", "5", "6", "7", "8", "9"]
    state = arrange(game(), [rack, rack], bag=["÷", "×"], board=lay(16, 0, "1"))
    with pytest.raises(IllegalMove, match="The bag has only 2 tiles"):
        rules.trade(state, 0, [0, 1, 2])
    with pytest.raises(IllegalMove, match="Pick at least one tile to trade"):
        rules.trade(state, 0, [])
    with pytest.raises(IllegalMove, match="You picked the same tile twice"):
        rules.trade(state, 0, [1, 1])
    after = rules.trade(state, 0, [0, 1])
    rules.check_state(after)
    assert sorted(after["bag"]) == ["1", "2"]
    empty = arrange(game(), [["1"], ["2"]], bag=[], board=lay(16, 0, "1"))
    with pytest.raises(IllegalMove, match="The bag is empty"):
        rules.trade(empty, 0, [0])


def test_everyone_passing_once_in_succession_ends_the_game():
    """ "... the game ends when each player passes once, successively. Each player subtracts
    from his score the total of the individual scores he is left holding." """
    state = arrange(
        game(players=3), [["9", "÷"], ["1/6"], ["+"]], bag=[], points=[20, 15, 9],
        board=lay(16, 0, "1"),
    )  # fmt: skip
    state = rules.pass_turn(state, 0)
    state = rules.pass_turn(state, 1)
    assert state["end"] is None
    state = rules.pass_turn(state, 2)
    rules.check_state(state)
    assert state["end"] == "passes"
    assert state["adjustments"] == [-(2 + 3), -5, -1]
    assert state["scores"] == [15, 10, 8] and state["winners"] == [0]


def test_a_play_or_trade_between_passes_starts_the_count_again():
    """docs/rules.md, Equate: "Trade and pass", "The end": "each player passes once,
    successively" - a play or a trade between the passes breaks the run."""
    state = arrange(game(players=2), [[], ["5"]])
    state = rules.pass_turn(state, 0)
    state = rules.play(state, 1, place(state, 1, 9, 9, "5"))
    state = rules.pass_turn(state, 0)
    state = rules.trade(state, 1, [0])
    state = rules.pass_turn(state, 0)
    assert state["end"] is None and state["passes"] == 1
    state = rules.pass_turn(state, 1)
    assert state["end"] == "passes"


# --- the end --------------------------------------------------------------------------------------
def test_going_out_with_the_bag_empty_and_the_final_adjustment():
    """ "The game ends when there are no more tiles in the draw pile of numbers and operations
    and one player uses the last of his tiles. The player that goes out adds to his score
    the total of all the individual scores that the other players are left holding. Also,
    each player left with tiles must subtract from his score the total of the tile scores he
    is left holding." """
    # Every other tile is on the board; "1 + 2" waits in row 17, joined through column 0.
    board = lay(16, 0, "4") | lay(17, 0, "1 + 2")
    state = arrange(
        game(players=3), [["3"], ["7", "+", "1/2"], ["÷"]], bag=[], board=board,
        points=[30, 40, 10],
    )  # fmt: skip
    after = rules.play(state, 0, place(state, 0, 17, 3, "= 3"))
    rules.check_state(after)
    assert faces_on(after, 17, 0) == "1 + 2 = 3"
    # 1 + 1 + 1 + 0 + 3 on the 3S (17, 4) × 3; the 2E (17, 1) was used before.
    assert after["points"] == [30 + 6, 40, 10]
    assert after["end"] == "out" and rules.current_player(after) is None
    assert after["adjustments"] == [(2 + 1 + 3) + 3, -(2 + 1 + 3), -3]
    assert after["scores"] == [45, 34, 7] and after["winners"] == [0]


def test_going_out_with_an_expression():
    """ "... it can be a way to get rid of tiles and is especially useful at the end of the
    game when a player is trying to be the first to run out of tiles which ends the game."
    The 5 above column 0's long number makes it longer: an expression, 0 points."""
    state = arrange(game(), [["5"], ["×", "9"]], bag=[], points=[10, 12], board=lay(16, 0, "1"))
    after = rules.play(state, 0, place(state, 0, 0, 0, "5"))
    rules.check_state(after)
    assert after["last"]["lines"][0]["kind"] == "expression"
    assert after["end"] == "out"
    assert after["scores"] == [10 + 4, 12 - 4] and after["winners"] == [0]


def test_equal_highest_scores_share_the_win():
    state = arrange(game(), [["5"], ["×"]], bag=[], points=[10, 14], board=lay(16, 0, "1"))
    after = rules.play(state, 0, place(state, 0, 0, 0, "5"))
    assert after["scores"] == [12, 12] and after["winners"] == [0, 1]


def test_a_round_limit_gives_everyone_the_same_number_of_turns():
    """ "If time is a factor the game can end at a specified time but be sure that all
    players have had the same number of turns. The player with the highest score at that
    time wins." docs/rules.md, Equate: "The end": "rounds", no rack adjustment."""
    state = arrange(game(players=3, rounds=1), [["2", "+", "3", "5"], [], []])
    state = rules.play(state, 0, place(state, 0, 9, 7, "2 + 3 = 5"))
    state = rules.trade(state, 1, [0])
    assert state["end"] is None
    state = rules.pass_turn(state, 2)
    rules.check_state(state)
    assert state["end"] == "rounds" and state["turns"] == 3
    assert state["scores"] == [10, 0, 0] and state["adjustments"] == [0, 0, 0]
    assert state["winners"] == [0]


def test_check_state_finds_a_lost_tile_and_a_wrong_line():
    state = arrange(game(), [["5"], []], board=START)
    lost = rules.copy_state(state)
    lost["bag"].pop()
    with pytest.raises(AssertionError, match="tiles lost or doubled"):
        rules.check_state(lost)
    wrong = rules.copy_state(state)
    wrong["bag"].remove("5")
    wrong["board"][key((9, 12))] = {"face": "5", "blank": False, "seat": 0}
    with pytest.raises(AssertionError, match="2 \\+ 3 = 55 is not true"):
        rules.check_state(wrong)
    apart = rules.copy_state(state)
    apart["bag"].remove("7")
    apart["board"][key((0, 0))] = {"face": "7", "blank": False, "seat": 0}
    with pytest.raises(AssertionError, match="not all connected"):
        rules.check_state(apart)


# --- seeded random playouts -----------------------------------------------------------------------
OPERATIONS = {"+": add, "−": sub, "×": mul, "÷": truediv}


def small_equation(rack, rng: random.Random):
    """Rack positions (and "=") of a true "a op b = c" of one-digit numbers, or None."""
    digits = [p for p, face in enumerate(rack) if face in DIGITS]
    ops = [p for p, face in enumerate(rack) if face in OPERATIONS]
    rng.shuffle(digits)
    rng.shuffle(ops)
    for op, a, b, c in itertools.product(ops, digits, digits, digits):
        if len({a, b, c}) < 3 or (rack[op] == "÷" and rack[b] == "0"):
            continue
        if OPERATIONS[rack[op]](Fraction(rack[a]), Fraction(rack[b])) == int(rack[c]):
            return [a, op, b, rules.FROM_SUPPLY, c]
    return None


def random_play(state, rng: random.Random, tries: int = 300):
    """A random try at a play touching the board: a few rack tiles (and sometimes "=", or a
    small equation from the rack) in a row or column through an empty square next to the
    board. None if no try was legal."""
    seat = state["turn"]
    rack = state["racks"][seat]
    filled = {tuple(map(int, k.split(","))) for k in state["board"]}
    anchors = sorted(
        {(r + dr, c + dc) for r, c in filled for dr, dc in ((0, 1), (1, 0), (0, -1), (-1, 0))}
        - filled
    ) or [CENTRE]
    anchors = [(r, c) for r, c in anchors if 0 <= r < 19 and 0 <= c < 19]
    for _ in range(tries):
        row, col = rng.choice(anchors)
        dr, dc = rng.choice((ACROSS, DOWN))
        equation = small_equation(rack, rng) if rng.random() < 0.3 else None
        count = len(equation) if equation else rng.randint(1, min(5, len(rack)))
        back = rng.randrange(count)
        while back and 0 <= row - dr < 19 and 0 <= col - dc < 19:
            row, col = row - dr, col - dc
            back -= (row, col) not in filled
        squares = []
        while len(squares) < count and row < 19 and col < 19:
            if (row, col) not in filled:
                squares.append((row, col))
            row, col = row + dr, col + dc
        if len(squares) < count:
            continue  # the edge of the board
        tiles: list = equation or rng.sample(range(len(rack)), count)
        if not equation and count > 2 and rng.random() < 0.5 and state["equals_left"]:
            tiles[rng.randrange(len(tiles))] = rules.FROM_SUPPLY
        placements = []
        for (r, c), tile in zip(squares, tiles, strict=True):
            face = rng.choice(DIGITS) if tile != rules.FROM_SUPPLY and rack[tile] == BLANK else None
            placements.append((r, c, tile, face))
        try:
            return rules.play(state, seat, placements)
        except IllegalMove:
            continue
    return None


def playout(seed: int, players: int, tiles: str = "original"):
    """A seeded game of random plays, trades and passes, checked after every turn; the final
    state and the number of equations played."""
    rng = random.Random(seed)
    state = rules.new_state({"tiles": tiles}, players, seed)
    plays = equations = 0
    for _ in range(600):
        if state["end"]:
            break
        seat = state["turn"]
        after = random_play(state, rng)
        if after is not None:
            plays += 1
            equations += after["last"]["lines"][0]["kind"] == "equation"
            last = after["last"]
            gained = after["points"][seat] - state["points"][seat]
            assert gained == sum(line["score"] for line in last["lines"]) + last["bonus"]
        elif state["bag"] and rng.random() < 0.8:
            count = rng.randint(1, min(len(state["bag"]), len(state["racks"][seat])))
            after = rules.trade(state, seat, rng.sample(range(len(state["racks"][seat])), count))
        else:
            after = rules.pass_turn(state, seat)
        rules.check_state(after)
        assert after["turns"] == state["turns"] + 1
        state = after
    return state, plays, equations


@pytest.mark.parametrize(("seed", "players"), [(1, 2), (2, 3), (3, 4), (4, 2)])
def test_random_playouts_keep_every_tile_to_the_end(seed, players):
    state, plays, _ = playout(seed, players)
    assert state["end"] in ("out", "passes") and state["bag"] == []
    assert plays >= 50 and len(state["board"]) >= 100
    assert playout(seed, players) == (state, plays, _)  # the same seed plays the same game
    assert json.loads(json.dumps(state)) == state


def test_random_playouts_play_equations_too():
    assert sum(playout(seed, 2)[2] for seed in (4, 7)) >= 3


def test_random_playout_with_the_advanced_tiles():
    state, plays, _ = playout(5, 2, tiles="advanced")
    assert state["end"] in ("out", "passes") and plays >= 50
