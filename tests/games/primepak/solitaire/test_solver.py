"""The Prime Solitaire solver: winning lines that replay through the rules, proofs that a deal
cannot be won, an honest "unknown" when the budget runs out, and its shortcuts checked against a
plain exhaustive search on small deals."""

from __future__ import annotations

import random
from functools import cache

import pytest

from games.primepak.cards import number_cards
from games.primepak.solitaire.game import PrimeSolitaire
from games.primepak.solitaire.layout import layout_for
from games.primepak.solitaire.moves import Turn
from games.primepak.solitaire.search import find_collections
from games.primepak.solitaire.solver import (
    NO_WIN,
    ROOT,
    UNKNOWN,
    WIN,
    Lookahead,
    _OutOfBudget,
    _Search,
    could_have_won,
    line_moves,
    solve,
)
from tests.games.primepak.solitaire.test_game import scenario

GAME = PrimeSolitaire()


def replays_to_a_win(state: dict, line: list) -> bool:
    """Play the solver's line through the rules, every move a legal one (a take of a set it
    names: the rules accept it, listed or not)."""
    for move in line_moves(state, line):
        assert move in GAME.legal_moves(state, 0) or GAME.listed_in_part(move), move
        state = GAME.apply_move(state, 0, move)
    return state["status"] == "won"


def test_a_hand_built_deal_is_solved_and_its_line_replays_to_a_win():
    """20 lies under 4, 14 beside them; the pile brings 5, then 2, then 7: turn the 5 and take
    20 = 4 × 5 (both layout cards at once), turn the 2 and the 7, take 14 = 7 × 2. The rest of
    the deck lies under an 81 that no set with these cards can ever use."""
    state = scenario({0: 20, 7: 4, 1: 14}, stack=[81], draw=[7, 2, 5], rest="stack")
    solution = solve(state)
    assert solution.status == WIN and solution.winnable
    assert solution.line[0] == ("turn",)
    assert replays_to_a_win(state, solution.line)
    assert could_have_won(state) is True


def test_a_hand_built_deal_that_cannot_be_won_is_proved_so():
    """77 needs a 7 and an 11 together, but the 7 comes first and the 3 after it buries it for
    good (a 3 is in no set with 77); the 11 comes too late."""
    state = scenario({0: 77}, stack=[81], draw=[11, 3, 7], rest="stack")
    solution = solve(state)
    assert solution.status == NO_WIN and solution.winnable is False and solution.nodes >= 1
    assert could_have_won(state) is False
    # The same cards in a kinder order: 11, then 7 on top of it.
    assert solve(scenario({0: 77}, stack=[81], draw=[3, 7, 11], rest="stack")).status == WIN


def test_the_budget_running_out_is_reported_as_unknown():
    """Never "no win" without having looked at every way to play."""
    state = scenario({0: 77}, stack=[81], draw=[11, 3, 7], rest="stack")
    assert solve(state, max_nodes=1).status == UNKNOWN
    assert solve(state, max_nodes=1).winnable is None
    assert could_have_won(state, max_nodes=1) is None
    hard = GAME.new_game({"level": 6}, 1, seed=2)
    assert solve(hard, max_seconds=0.05).status == UNKNOWN


def test_a_lookahead_says_which_moves_still_win_in_its_order():
    """The strong bot's question, for one imagined order of the pile. 77 is the last layout
    card and 7 is on top of the stack: if 11 comes next, turning wins (77 = 7 × 11 with both
    stack cards); if the 3 comes first, turning loses for good (the 3 buries the 7)."""
    state = scenario({0: 77}, stack=[81, 7], draw=[3, 11], rest="stack")
    look = Lookahead(state)
    assert look.after(0, 0, nodes=1_000) == WIN  # turn the 11
    state = scenario({0: 77}, stack=[81, 7], draw=[11, 3], rest="stack")
    look = Lookahead(state)
    assert look.after(0, 0, nodes=1_000) == NO_WIN  # the 3 buries the 7
    state = scenario({0: 77}, stack=[81, 7], draw=[3, 11], rest="stack")
    assert Lookahead(state).after(0, 0, nodes=0) == UNKNOWN  # no positions to look at


def test_lookahead_answers_agree_with_the_solver():
    """From real positions: some move wins exactly when the solver finds the deal winnable."""
    for seed in range(4):
        state = GAME.new_game({"level": 1}, 1, seed)
        for _ in range(6):
            state = GAME.apply_move(state, 0, Turn())
        look = Lookahead(state)
        layout = layout_for("rows", 5)
        present = sum(1 << p for p, card in enumerate(state["foundation"]) if card)
        moves = find_collections(layout, [c or 0 for c in state["foundation"]], present,
                                 state["stack"])  # fmt: skip
        answers = {look.after(mask, run, nodes=50_000) for mask, run in [*moves, (0, 0)]}
        assert UNKNOWN not in answers
        assert (WIN in answers) == (solve(state).status == WIN)


def test_real_deals_are_solved_and_replay():
    """Level 1 deals are nearly always won ("a player should win almost every time")."""
    for seed in range(5):
        state = GAME.new_game({"level": 1}, 1, seed)
        solution = solve(state)
        assert solution.status == WIN and replays_to_a_win(state, solution.line)
    state = GAME.new_game({"level": 3, "layout": "pyramid"}, 1, seed=4)
    solution = solve(state, max_seconds=5)
    assert solution.status != WIN or replays_to_a_win(state, solution.line)


def test_the_beam_finds_a_win_that_depth_first_search_is_slow_to_find():
    """Level 4, seed 9: depth first alone took 435,449 positions to find its win (every line
    after a wrong early choice had to be proved lost first). The beam, looking at 100 lines
    side by side, finds one in under 10,000, and `solve` (depth first for 4,000 positions,
    then the beam) returns it; the line replays through the rules."""
    state = GAME.new_game({"level": 4}, 1, seed=9)
    search = _Search(state, max_nodes=10_000, max_seconds=None)
    present = sum(1 << p for p, card in enumerate(state["foundation"]) if card)
    line = search.beam(present, tuple(state["stack"]), width=100)
    assert line is not None and replays_to_a_win(state, line)
    solution = solve(state, max_nodes=20_000)
    assert solution.status == WIN and replays_to_a_win(state, solution.line)
    # Depth first alone is still searching after that many positions.
    with pytest.raises(_OutOfBudget):
        _Search(state, 20_000, None).win(present, 0, (), present, ROOT)


def test_stack_cards_that_no_set_can_reach_are_dropped():
    """The face-up stack's cards under too many set boundaries can never be taken: each set
    takes a layout card. With 14 and 15 left, a 7 and a 5 are in no factor set with 14 or 15
    (35 = 5 x 7 and 70 = 14 x 5 have no room for the other), so 5, 7, 5, 7 needs a set per card:
    only the top two can be reached with two layout cards. And no set takes more than 6 stack
    cards: with 64 alone left, a seventh 2 lies out of reach."""
    state = scenario({0: 14, 1: 15})
    search = _Search(state, max_nodes=1, max_seconds=None)
    assert search._cut(0b11, (5, 7, 5, 7))[0] == (5, 7)
    assert search._cut(0b11, (7, 14, 2))[0] == (7, 14, 2)  # 14 = 7 x 2, one set
    state = scenario({0: 64})
    search = _Search(state, max_nodes=1, max_seconds=None)
    assert search._cut(0b1, (2,) * 7)[0] == (2,) * 6


@pytest.mark.parametrize("level", [1, 2, 3, 4, 5, 6])
def test_a_turned_card_cuts_the_stack_as_a_fresh_look_at_it_would(level):
    """The search does not look at the whole stack again after a turn (`_turned`): what it
    keeps must be what a fresh look keeps (`_cut`), for every card turned, whatever the
    layout left. Small layouts make many walls and breaks, long runs of 2s the six-card rule."""
    rng = random.Random(level)
    state = GAME.new_game({"level": level}, 1, seed=level)
    search = _Search(state, max_nodes=1, max_seconds=None)
    size = len(search.values)
    deck = number_cards(level)
    for _ in range(40):
        present = rng.randrange(1, 1 << size)
        if rng.random() < 0.5:  # a few layout cards left: sets are few, walls many
            present &= rng.randrange(1, 1 << size) & rng.randrange(1, 1 << size) or 1
        stack, shape = search._cut(present, ())
        for _ in range(60):
            card = rng.choice([2, 2, 2, 3, 5] if rng.random() < 0.3 else deck)
            turned = (*stack, card)
            stack, shape = search._turned(present, turned, shape)
            assert (stack, shape) == search._cut(present, turned)


def test_a_game_under_way_is_solved_from_where_it_stands():
    state = GAME.new_game({"level": 1}, 1, seed=3)
    for _ in range(3):
        state = GAME.apply_move(state, 0, Turn())
    solution = solve(state)
    assert solution.status == WIN and replays_to_a_win(state, solution.line)


# --- the shortcuts against a plain search -------------------------------------------------------
def tiny_deal(seed: int) -> dict:
    """A few layout cards in overlapping rows and a short draw pile (not a whole deck: the
    solver and the rules only need the cards that are there)."""
    rng = random.Random(seed)
    level = rng.choice([1, 2, 3, 4, 5, 6])
    small = [v for v in number_cards(level) if v <= 40]
    shape = rng.choice(["rows", "pyramid"])
    layout = layout_for(shape, 3)
    foundation = [None] * layout.size
    if shape == "rows":
        for col in range(7):
            for row in range(rng.choice([0, 0, 0, 1, 1, 2])):
                foundation[row * 7 + col] = rng.choice(small)
    else:  # a pyramid is filled from its top: no card may lie on an empty place
        for p in range(rng.choice([1, 3, 6])):
            foundation[p] = rng.choice(small)
    if not any(foundation):
        foundation[0] = rng.choice(small)
    return {
        "settings": {"level": level, "layout": shape, "extra_rows": 0},  # three rows: see below
        "foundation": foundation,
        "stack": [],
        "draw": [rng.choice(small) for _ in range(rng.randint(3, 8))],
        "selection": [],
    }


def plain_search(state: dict) -> bool:
    """Every legal set and every turn, in every order (remembering positions seen)."""
    shape = state["settings"]["layout"]
    layout = layout_for(shape, 3)
    values = [card or 0 for card in state["foundation"]]
    draw = state["draw"][::-1]

    @cache
    def wins(present: int, turned: int, stack: tuple) -> bool:
        if not present:
            return True
        for mask, run in find_collections(layout, values, present, list(stack)):
            if wins(present & ~mask, turned, stack[: len(stack) - run]):
                return True
        return turned < len(draw) and wins(present, turned + 1, (*stack, draw[turned]))

    present = sum(1 << p for p, card in enumerate(values) if card)
    return wins(present, 0, ())


@pytest.fixture
def three_rows(monkeypatch):
    """Tiny deals use three rows at every level (the solver reads the layout from settings)."""
    import games.primepak.solitaire.solver as solver

    monkeypatch.setattr(solver, "layout_of", lambda s: layout_for(s["layout"], 3))


@pytest.mark.usefixtures("three_rows")
def test_the_solvers_shortcuts_never_change_the_answer():
    """600 tiny deals (at every level): the solver (canonical lines, walls, reach, doomed
    cards) and a plain exhaustive search agree on every one, and every winning line replays."""
    answers = {True: 0, False: 0}
    for seed in range(600):
        state = tiny_deal(seed)
        expected = plain_search(state)
        solution = solve(state)
        assert solution.winnable is expected, (seed, state)
        answers[expected] += 1
        if expected:
            assert _replay_tiny(state, solution.line), (seed, state)
    print(answers)
    assert answers[True] > 50 and answers[False] > 50


def _replay_tiny(state: dict, line: list) -> bool:
    layout = layout_for(state["settings"]["layout"], 3)
    values = [card or 0 for card in state["foundation"]]
    present = sum(1 << p for p, card in enumerate(values) if card)
    stack, draw = [], list(state["draw"])
    for step in line:
        if step == ("turn",):
            stack.append(draw.pop())
            continue
        _, mask, run = step
        assert (mask, run) in find_collections(layout, values, present, stack)
        present &= ~mask
        del stack[len(stack) - run :]
    return present == 0
