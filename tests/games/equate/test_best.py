"""The strong bot's search (games/equate/best.py): the play of highest value, by branch and
bound. Without a budget its value is the best of every equation play movegen lists (each
scored by the rules, plus what the tiles kept are worth); with one it is still a legal play,
scored as the rules score it, and says it is not proved the best."""

from __future__ import annotations

from collections import Counter

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from games.equate import best, movegen, rules
from games.equate.tiles import BLANK, EQUALS

from .boards import arrange, game, lay
from .test_movegen import CORNER, CROSSED, START

NO_LIMIT = float("inf")


def kept(rack: list[str], play: list) -> list[str]:
    used = {p[2] for p in play if p[2] != EQUALS}
    return [face for position, face in enumerate(rack) if position not in used]


def fewer_is_better(faces: list[str]) -> float:
    """A leave that makes long plays worth more (and shows the search adds it right)."""
    return -1.5 * len(faces) + 2.0 * faces.count(BLANK)


def every_value(state, leave) -> float | None:
    """The best score + leave over every equation play movegen lists (None: there are none)."""
    rack = state["racks"][0]
    scorer = movegen.Scorer(state, 0)
    plays = movegen.generate(state, 0, expressions=False)
    return max((scorer.score(p) + leave(kept(rack, p)) for p in plays), default=None)


def check(state, leave=fewer_is_better, bound=4.0) -> best.Best:
    found = best.best_play(state, 0, leave=leave, leave_bound=bound, budget=NO_LIMIT)
    expected = every_value(state, leave)
    assert found.proven
    if expected is None:
        assert found.play is None
        return found
    assert found.value == expected
    after = rules.play(state, 0, found.play)  # legal, and scored as the rules score it
    assert found.score == after["last"]["score"]
    assert found.value == found.score + leave(kept(state["racks"][0], found.play))
    return found


def position(board, rack, **settings):
    state = arrange(game(**settings), [list(rack), []], board=board)
    state["racks"][0] = list(rack)
    return state


def test_the_best_play_on_hand_built_boards_is_the_best_of_every_play():
    cases = [
        ({}, ["2", "+", "3", "5"]),
        (START, ["1", "+", "4", "5"]),
        (CROSSED, ["6", "−", "1/2", "2"]),
        (CORNER, ["÷", "2", "0", "4"]),
        (START, ["5", BLANK]),
        (lay(9, 7, "0 = 0 × 5"), ["2", "1", "+"]),  # one tile: 0 = 0 × 52 is an equation
        # A right side may not read through a second "=" already on the board: 3 + 3 = 6 = 6.
        (lay(9, 9, "6 = 6"), ["3", "+", "3"]),
        # Racks of six: long plays, right sides cut by the values of the tiles left.
        (START, ["1", "2", "3", "+", "×", "4"]),
        (CROSSED, ["6", "2", "÷", "3", "−", "8"]),
        # No − to come: a right side already past the left side's value is dropped.
        (START, ["9", "1", "+", "2", "8", "×"]),
        # A left side already more than any right side of the tiles left is dropped: 987 =.
        (CORNER, ["9", "8", "7", "+", "1", "−"]),
    ]
    for board, rack in cases:
        check(position(board, rack))
        check(position(board, rack), leave=lambda faces: 0.0, bound=0.0)


def test_advanced_tiles_negatives_and_powers_are_searched_like_the_others():
    """A negative tile lets a line go below 0; a power makes a number bigger than its digits
    (1 then 5² is 15²): the cuts by value stand aside for them."""
    for rack in (["-3", "+", "4", "1"], ["2²", "+", "5", "2"], ["1", "5²", "−", "9", "×"]):
        check(position(START, rack, tiles="advanced"))


def test_nine_tiles_earn_their_40_in_the_search_too():
    """Six 1s and three + on 2 + 3 = 5: the best plays put down all nine and an "=" (the 40
    extra points, docs/rules.md, Equate: "Scoring"); the search finds one and scores it as the
    rules do."""
    state = position(START, ["1", "1", "1", "1", "1", "1", "+", "+", "+"])
    found = check(state, leave=lambda faces: 0.0, bound=0.0)
    assert len([p for p in found.play if p[2] != EQUALS]) == 9
    assert rules.play(state, 0, found.play)["last"]["bonus"] == rules.ALL_NINE_BONUS


SMALL_HAND = st.lists(
    st.sampled_from(["0", "1", "2", "3", "4", "6", "8", "1/2", "+", "−", "×", "÷"]),
    min_size=1,
    max_size=3,
)


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(hand=SMALL_HAND, blank=st.booleans(), board=st.sampled_from([{}, START, CROSSED, CORNER]))
def test_random_small_hands_the_best_is_the_best_of_every_play(hand, blank, board):
    """Up to three tiles and maybe a blank (a blank is any of 30 faces: the plays to compare
    with multiply)."""
    check(position(board, [*hand, BLANK] if blank else hand))


def test_a_seeded_game_position_within_a_budget_gives_a_legal_play_scored_right():
    """A full rack in a seeded game's middle: a small budget does not prove the best, but the
    play is legal and its value is its rules score plus its leave; the same search gives the
    same play (steps, not seconds)."""
    from games.equate.bots import STRONG_STEPS
    from games.equate.game import EQUATE

    state = EQUATE.new_game({"tiles": "original"}, 2, 4)
    for _ in range(6):
        seat = EQUATE.current_player(state)
        found = best.best_play(state, seat, budget=20_000)
        if found.play is None:
            state = rules.trade(state, seat, list(range(9)))
        else:
            state = rules.play(state, seat, found.play)
    seat = EQUATE.current_player(state)
    rack = state["racks"][seat]
    small = best.best_play(state, seat, leave=fewer_is_better, leave_bound=4.0, budget=12_000)
    assert not small.proven and small.steps <= 12_000
    after = rules.play(state, seat, small.play)
    assert small.score == after["last"]["score"]
    assert small.value == small.score + fewer_is_better(kept(rack, small.play))
    again = best.best_play(state, seat, leave=fewer_is_better, leave_bound=4.0, budget=12_000)
    assert again == small
    bigger = best.best_play(
        state, seat, leave=fewer_is_better, leave_bound=4.0, budget=STRONG_STEPS
    )
    assert bigger.value >= small.value, "more steps never find less"


def test_the_search_never_looks_past_the_rack_it_is_given():
    """The tiles the search puts down are the seat's own, each once: the rack's positions."""
    state = position(START, ["7", "+", "2", "9", "×", "1", "1", "8", "−"])
    found = best.best_play(state, 0, budget=30_000)
    used = [p[2] for p in found.play if p[2] != EQUALS]
    assert len(set(used)) == len(used) and all(0 <= u < 9 for u in used)
    faces = Counter(state["racks"][0][u] for u in used)
    assert faces <= Counter(state["racks"][0])


def test_no_equation_means_no_play():
    stuck = position({}, ["+", "+", "×", "×", "÷", "÷", "−", "−", "+"])
    found = best.best_play(stuck, 0, budget=NO_LIMIT)
    assert found.play is None and found.proven and found.score == 0


def test_blanks_are_searched_after_the_plays_without_them_and_used_when_nothing_else_plays():
    only_blank = position(START, [BLANK, "+", "+", "×", "×", "÷", "÷", "−", "−"])
    found = best.best_play(only_blank, 0, budget=40_000)
    assert found.play and any(p[2] == 0 for p in found.play), "only the blank helps"
    rules.play(only_blank, 0, found.play)
    # A blank kept is worth something to the bot: with plays enough without it, it stays.
    kept_back = position(START, [BLANK, "7", "7", "+", "1", "8", "3", "3", "3"])
    found = best.best_play(
        kept_back, 0, leave=lambda faces: 30.0 * faces.count(BLANK), leave_bound=30.0
    )
    assert found.play and not any(p[2] == 0 for p in found.play)
