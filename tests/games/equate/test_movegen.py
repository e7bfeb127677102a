"""Equate's move generator (games/equate/movegen.py, scan.py): every legal play, each once.

Completeness is proven against a brute force that tries every ordering of the hand's tiles
(and every face of a blank) on every run of empty squares through an anchor, asking
rules.play; plus positions whose plays are counted by hand."""

from __future__ import annotations

import itertools
import random
from fractions import Fraction

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from games.engine.protocol import IllegalMove
from games.equate import movegen, rules, scan
from games.equate.board import ACROSS, DOWN, key, on_board
from games.equate.expr import read_line
from games.equate.tiles import BLANK, CENTRE, EQUALS, all_faces

from .boards import arrange, game, lay

START = lay(9, 7, "2 + 3 = 5")
# "2 + 3 = 5" across the centre and "3 × 2 = 6" down from its 3 (sharing the 3).
CROSSED = START | lay(9, 9, "3 × 2 = 6", down=True)
# Two parallel lines, the second touching nothing but the first's 5 from below.
CORNER = START | lay(10, 11, "1 0", down=True)


def canonical(state, play) -> tuple:
    """A play as (row, col, face shown, rack / "=" / blank), in square order."""
    rack = state["racks"][state["turn"]]
    out = []
    for row, col, tile, face in play:
        if tile == rules.FROM_SUPPLY:
            out.append((row, col, EQUALS, 1))
        elif rack[tile] == BLANK:
            out.append((row, col, face, 2))
        else:
            out.append((row, col, rack[tile], 0))
    return tuple(sorted(out))


def main_line(state, placements) -> str | None:
    """The kind of the play's main line ("equation" / "expression"), None if refused."""
    try:
        return rules.play(state, state["turn"], placements)["last"]["lines"][0]["kind"]
    except IllegalMove:
        return None


def brute_force(state) -> dict[tuple, str]:
    """Every play rules.play accepts: each ordering of the hand on each run of empty squares
    (1 to hand-size long) that covers a square next to a tile (the centre on an empty board)."""
    seat = state["turn"]
    rack = state["racks"][seat]
    filled = {tuple(map(int, k.split(","))) for k in state["board"]}
    faces = sorted(set(all_faces(state["settings"]["tiles"])) - {BLANK})
    hand = [(p, [f] if f != BLANK else faces) for p, f in enumerate(rack)]
    if state["equals_left"]:
        hand.append((rules.FROM_SUPPLY, [EQUALS]))
    runs = set()
    for step in (ACROSS, DOWN):
        for row, col in itertools.product(range(19), range(19)):
            if (row, col) in filled:
                continue
            run, sq, touching = [], (row, col), False
            while len(run) < len(hand) and on_board(sq):
                if sq not in filled:
                    run.append(sq)
                    near = [(sq[0] + a, sq[1] + b) for a, b in ((0, 1), (1, 0), (0, -1), (-1, 0))]
                    touching = touching or any(n in filled for n in near) or sq == CENTRE
                    if touching and (filled or CENTRE in run):
                        runs.add(tuple(run))
                sq = (sq[0] + step[0], sq[1] + step[1])
    found = {}
    for run in runs:
        for chosen in itertools.permutations(hand, len(run)):
            for picked in itertools.product(*(options for _, options in chosen)):
                placements = [
                    (r, c, tile, face if len(options) > 1 else None)
                    for (r, c), (tile, options), face in zip(run, chosen, picked, strict=True)
                ]
                kind = main_line(state, placements)
                if kind is not None:
                    found[canonical(state, placements)] = kind
    return found


def check_against_brute_force(state) -> list:
    plays = movegen.generate(state, state["turn"])
    keys = [canonical(state, play) for play in plays]
    assert len(set(keys)) == len(keys), "a play listed twice"
    every = brute_force(state)
    assert set(keys) == set(every)
    equations = movegen.generate(state, state["turn"], expressions=False)
    assert [canonical(state, play) for play in equations] == [
        k for k in keys if every[k] == "equation"
    ]
    assert keys == sorted(keys, key=lambda k: [(r, c, f, s) for r, c, f, s in k])
    rack = state["racks"][state["turn"]]
    for play in plays:
        assert [p[:2] for p in play] == sorted(p[:2] for p in play), "not in reading order"
        taken = [p[2] for p in play if p[2] != rules.FROM_SUPPLY]
        for position in taken:  # equal tiles: the first positions holding that face
            earlier = [q for q in range(position) if rack[q] == rack[position]]
            assert all(q in taken for q in earlier)
    return plays


# --- positions counted by hand --------------------------------------------------------------------
def test_one_number_on_the_empty_board_has_one_play_on_the_centre():
    """docs/rules.md, Equate: "A play": one tile alone on the centre is an expression ("45" is
    one); "5 =" and "= 5" are not complete."""
    state = arrange(game(), [["5"], []])
    state["racks"][0] = ["5"]
    assert movegen.generate(state, 0) == [[[9, 9, 0, None]]]


def test_two_fives_on_the_empty_board_make_eleven_plays():
    """5 on the centre; 55 across or down, on the centre twice each (4); 5 = 5 across or
    down, with the centre under either 5 or the = (6). The two 5s give each play once."""
    state = arrange(game(), [["5", "5"], []])
    state["racks"][0] = ["5", "5"]
    plays = check_against_brute_force(state)
    assert len(plays) == 11
    assert [[9, 7, 0, None], [9, 8, "=", None], [9, 9, 1, None]] in plays
    assert plays[0] == [[7, 9, 0, None], [8, 9, "=", None], [9, 9, 1, None]]  # top-left first


def test_a_0_goes_only_under_a_number_of_2_plus_3_equals_5():
    """Under the 2, the 3 and the 5 it makes 20, 30, 50 going down; above them 02, 03, 05 have
    a 0 they do not need; after the 5, 2 + 3 = 50 is not true; before the 2, 02 again."""
    state = arrange(game(), [["0"], []], board=START)
    state["racks"][0] = ["0"]
    plays = check_against_brute_force(state)
    assert plays == [[[10, 7, 0, None]], [[10, 9, 0, None]], [[10, 11, 0, None]]]


def test_hand_built_positions_match_the_brute_force():
    cases = [
        (START, ["1", "+"]),
        (START, ["1", "×", "4"]),
        (CROSSED, ["6", "−", "1/2"]),
        (CORNER, ["÷", "2", "0"]),
        (START, ["5", BLANK]),
        (lay(9, 7, "0 = 0 × 5"), ["2", "1"]),  # one tile: 0 = 0 × 52 is an equation
        (START, ["-3", "+", "4"]),  # Advanced: a negative tile lets a line go below 0
        (START, ["−", "9", "-1"]),
    ]
    for board, rack in cases:
        tiles = "advanced" if any(face.startswith("-") for face in rack) else "original"
        state = arrange(game(tiles=tiles), [rack, []], board=board)
        state["racks"][0] = list(rack)
        assert check_against_brute_force(state), rack


def test_right_sides_found_once_serve_every_left_side_of_their_value():
    """Equations only, the right sides after an "=" are found once per square and tiles left
    and matched to each left side by value: 1 = 1, 2 = 2, 12 = 12, 21 = 21, 1 + 1 = 2 ...,
    across and down, each on the centre at every tile; all as the brute force finds them."""
    for rack in (["1", "2", "1", "2"], ["2", "+", "1", "1"]):
        state = arrange(game(), [rack, []])
        state["racks"][0] = list(rack)
        plays = check_against_brute_force(state)
        equations = movegen.generate(state, 0, expressions=False)
        assert equations and len(equations) < len(plays), rack
        for play in equations:
            assert main_line(state, play) == "equation"


def test_a_blank_can_be_any_face_even_the_equals_when_none_is_left():
    """docs/rules.md, Equate: "Scoring": with no "=" beside the board, a blank can stand for
    one."""
    state = arrange(game(), [["5", BLANK], []], board=START)
    state["racks"][0] = ["5", BLANK]
    state["equals_left"] = 0
    plays = check_against_brute_force(state)
    assert [[10, 11, 1, "="], [11, 11, 0, None]] in plays  # 5 = 5 going down from the 5


# --- random small positions -----------------------------------------------------------------------
SMALL_HAND = st.lists(
    st.sampled_from(["0", "1", "2", "3", "4", "6", "1/2", "+", "−", "×", "÷"]),
    min_size=1,
    max_size=3,
)


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(hand=SMALL_HAND, board=st.sampled_from([{}, START, CROSSED, CORNER]))
def test_random_small_hands_match_the_brute_force(hand, board):
    state = arrange(game(), [hand, []], board=board)
    state["racks"][0] = list(hand)
    check_against_brute_force(state)


def test_every_play_of_a_seeded_game_position_is_accepted_and_scored():
    """A full hand in the middle of a game: every play listed is one rules.play accepts, and
    score_of gives its points."""
    state = arrange(game(seed=3), [["1", "2", "+", "×"], []], board=CROSSED)
    state["racks"][0] = ["1", "2", "+", "×"]
    plays = movegen.generate(state, 0)
    assert plays
    for play in random.Random(3).sample(plays, min(40, len(plays))):
        after = rules.play(state, 0, play)
        assert movegen.score_of(state, 0, play) == after["last"]["score"]


def test_a_finished_game_has_no_plays():
    state = arrange(game(), [["5"], []])
    state = rules.pass_turn(rules.pass_turn(state, 0), 1)
    assert movegen.generate(state, 0) == []


# --- scan: the line read one face at a time -------------------------------------------------------
ADVANCED = sorted(set(all_faces("advanced")) - {BLANK})
NUMBERS = [f for f in ADVANCED if f not in ("+", "−", "×", "÷", EQUALS)]


def expected(faces) -> str | None:
    try:
        return read_line(faces).kind
    except IllegalMove:
        return None


@settings(max_examples=400, deadline=None)
@given(
    st.lists(
        st.one_of(st.sampled_from(NUMBERS), st.sampled_from(["+", "−", "×", "÷", EQUALS])),
        min_size=1,
        max_size=8,
    )
)
def test_scan_reads_every_line_as_read_line_does(faces):
    assert scan.read(faces) == expected(faces)


def test_scan_agrees_with_read_line_on_lines_that_are_right():
    """Random lines are mostly wrong; these are right (or wrong only by their value)."""
    lines = [
        "2 + 3 = 5", "1 2 ÷ 8 = 1 1/2", "7 − 2 × 3 = 1", "3 − 5 + 4 = 2", "-2 4 + 3 0 = 6",
        "1 5² = 2 2 5", "0 = 0", "1 0² ÷ 4 = 2 5", "5 ÷ 0² = 0", "1/2 + 1/2 = 1", "2 1/2 × 2 = 5",
        "6 ÷ 4 = 1 1/2", "6 ÷ 4 = 1 1/3", "4 5", "0", "9 − 9", "9 − 9 − 1", "-3", "2 × -3 + 7 = 1",
        "3 ÷ 1/3 = 9", "1 − 1/2 − 1/2 = 0", "8 ÷ 2 ÷ 2 = 2", "2 + 3 = 5 = 5", "0 5 = 5",
    ]  # fmt: skip
    for text in lines:
        assert scan.read(text.split()) == expected(text.split()), text


def test_a_strict_reading_drops_a_line_the_moment_it_goes_below_0():
    state = scan.initial(strict=True)
    for face in ["3", "−", "5"]:
        state = scan.step(state, face)
    assert scan.step(state, "+") is None  # 3 − 5 is below 0 already
    assert scan.step(state, "×") is not None  # 3 − 5 × 0 is not


def test_the_placements_name_rack_tiles_on_free_squares():
    state = arrange(game(), [["2", "2", "×"], []], board=START)
    state["racks"][0] = ["2", "2", "×"]
    for play in movegen.generate(state, 0):
        assert all(key((r, c)) not in state["board"] for r, c, _, _ in play)


def test_side_value_is_the_value_a_complete_side_ends_on():
    def side(text):
        state = scan.initial()
        for face in text.split():
            state = scan.step(state, face)
        return scan.side_value(state)

    assert side("1/2 + 1/2") == 1
    assert side("2 1/2 × 2 ÷ 3") == Fraction(5, 3)
    assert side("3 − 5") is None  # below 0
    assert side("6 ×") is None  # not complete
