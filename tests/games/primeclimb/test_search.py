"""The turn searches: the pawn-by-pawn search (pawnpaths.py) finds exactly the ends of the
whole-turn search (search.turn_ends) and of the rules themselves, and its paths are legal."""

from __future__ import annotations

import random

import pytest

from games.primeclimb.moves import EndTurn, Nudge, Step
from games.primeclimb.pawnpaths import SplitTurn, splittable
from games.primeclimb.search import MAX_CARDS, CardStep, turn_ends
from games.primeclimb.steps import HOME_PAWN, Ctx, legal_steps, try_step

from .scenario import GAME, scenario

UNLIMITED = 10**9  # no node limit: the whole-turn search finds every end
STATIONS = (31, 37, 53, 71, 79)


def random_position(rng: random.Random, cards: range = range(4)) -> tuple:
    """(ctx, pawns, dice left, way stations missing, add-or-subtract cards) of some uncursed
    variant, often with doubles and near the finish, sometimes mid-turn or with a pawn home."""
    variant = rng.choice(["classic", "may", "sprint", "there_and_back", "decline", "stations"])
    a = rng.randrange(1, 11)
    b = a if rng.random() < 0.6 else rng.randrange(1, 11)
    ctx = Ctx(
        turn_back=variant == "there_and_back",
        sprint=variant == "sprint",
        may_left=2 if variant == "may" and a == b else -1,
    )
    dice = (a,) * 4 if a == b else (a, b)
    left = dice[: rng.choice([len(dice)] * 3 + list(range(1, len(dice))))]
    pawns = (_pawn(rng, variant), _pawn(rng, variant))
    if rng.random() < 0.1 and not ctx.sprint:
        pawns = (pawns[0], HOME_PAWN)
    missing = ()
    if variant == "stations":
        missing = tuple(sorted(rng.sample(STATIONS, rng.randrange(1, 3))))
    nudges = tuple(sorted(rng.sample(range(1, 10), rng.choice(cards))))
    return ctx, pawns, left, missing, nudges


def _pawn(rng: random.Random, variant: str) -> tuple[int, int]:
    if variant == "decline" or (variant == "there_and_back" and rng.random() < 0.4):
        return (rng.randrange(0, 102), 0)
    return (rng.randrange(80, 101) if rng.random() < 0.5 else rng.randrange(0, 101), 101)


def split_ends(ctx, pawns, left, missing, nudges) -> set:
    return {end for end, _ in SplitTurn(ctx, pawns, left, missing, nudges, MAX_CARDS).ends()}


@pytest.mark.parametrize("seed", range(6))
def test_the_pawn_by_pawn_search_finds_the_ends_of_the_whole_turn_search(seed):
    rng = random.Random(seed)
    for _ in range(25):
        position = random_position(rng)
        assert splittable(position[0], position[3])
        whole = turn_ends(*position, limit=UNLIMITED)
        assert split_ends(*position) == set(whole.ends), position


def test_doubles_and_four_keepers_near_the_finish():
    """The worst case of the benchmark: four uses of one die and four cards to place anywhere."""
    position = (Ctx(), ((93, 101), (88, 101)), (3, 3, 3, 3), (), (2, 4, 5, 8))
    assert split_ends(*position) == set(turn_ends(*position, limit=UNLIMITED).ends)


@pytest.mark.parametrize("seed", range(4))
def test_every_path_replays_step_by_step_to_its_end(seed):
    """Each action of a path is one the step rules allow at that moment (a die step among
    legal_steps, a card a step that stays on the board), and the path ends on its end."""
    rng = random.Random(100 + seed)
    for _ in range(10):
        ctx, pawns, left, missing, nudges = random_position(rng)
        turn = SplitTurn(ctx, pawns, left, missing, nudges, MAX_CARDS)
        ends = list(turn.ends())
        for end, split in rng.sample(ends, min(len(ends), 20)):
            here = (pawns, tuple(sorted(left)), missing, tuple(sorted(nudges)))
            for action in turn.path(end[0], split):
                here = _replay(ctx, here, action)
            assert here == end


def _replay(ctx: Ctx, here: tuple, action) -> tuple:
    pawns, left, missing, nudges = here
    if isinstance(action, CardStep):
        to, _ = try_step(ctx, pawns[action.pawn], missing, action.op, action.n)
        rest = list(nudges)
        rest.remove(action.n)
        kept = tuple(rest)
    else:
        assert action in legal_steps(ctx, pawns, left, missing)
        to = action.to
        rest = list(left)
        rest.remove(action.die)
        left, kept = tuple(rest), nudges
    assert to == action.to
    moved = tuple(to if i == action.pawn else p for i, p in enumerate(pawns))
    return moved, left, tuple(s for s in missing if s != to[0]), kept


# --- against the rules themselves -------------------------------------------------------------
RULES_CASES = [
    # (pawns of seat 0, dice, keepers, settings)
    ([40, 7], (3, 5), ["plus2", "plus6"], {}),
    ([95, 60], (2, 4), ["plus3", "plus5"], {}),
    ([98, 99], (1, 2), ["plus1", "plus2"], {"variant": "sprint"}),
    ([12, 90], (4, 4), ["plus3"], {}),
    ([97, 94], (2, 2), ["plus4"], {"doubles": "may"}),
    ([(101, 0), (3, 0)], (3, 6), ["plus2", "plus3"], {"variant": "there_and_back"}),
    ([(9, 0), (50, 0)], (3, 3), ["plus9"], {"variant": "decline"}),
    ([50, 97], (3, 4), ["plus3", "plus4"], {"variant": "way_stations", "stations": "53"}),
    ([None, 92], (4, 5), ["plus9"], {}),
]


@pytest.mark.parametrize(("pawns", "dice", "keepers", "settings"), RULES_CASES)
def test_the_ends_are_those_the_rules_allow(pawns, dice, keepers, settings):
    """Every end that steps and card plays accepted by apply_move can reach (at most MAX_CARDS
    cards), walked through the game itself, is an end of the pawn-by-pawn search, and back."""
    state = scenario([pawns, [30, 31]], dice=dice, keepers={0: keepers}, **settings)
    position = _node(state)
    ctx = Ctx(
        turn_back=settings.get("variant") == "there_and_back",
        sprint=settings.get("variant") == "sprint",
        may_left=2 if dice[0] == dice[1] and settings.get("doubles") == "may" else -1,
    )
    assert split_ends(ctx, *position[:2], position[2], position[3]) == _rules_ends(state)


def _node(state: dict, left: tuple[int, ...] = ()) -> tuple:
    """Seat 0's move phase as a search node (pawns, dice left, missing, cards left); `left`:
    the dice left when the game was won (it then has no turn)."""
    pawns = tuple(HOME_PAWN if p[0] < 0 else (p[0], p[1]) for p in state["pawns"][0])
    missing = ()
    if state["settings"]["variant"] == "way_stations":
        stations = state["settings"]["stations"].split(",")
        missing = tuple(int(s) for s in stations if int(s) not in state["visited"][0])
    if state["turn"] is not None:
        left = tuple(sorted(state["turn"]["left"]))
    cards = [state["cards"][c]["n"] for c in state["keepers"][0] if c.startswith("plus")]
    return pawns, left, missing, tuple(sorted(cards))


def _rules_ends(state: dict) -> set:
    """The ends reachable through legal_moves and apply_move, each position visited once."""
    start_cards = len(_node(state)[3])
    ends, seen, stack = set(), set(), [state]
    while stack:
        here = stack.pop()
        node = _node(here)
        if node in seen:
            continue
        seen.add(node)
        moves = GAME.legal_moves(here, 0)
        if EndTurn() in moves:
            ends.add(node)
        for move in moves:
            if isinstance(move, Nudge) and start_cards - len(node[3]) >= MAX_CARDS:
                continue
            if isinstance(move, Step | Nudge):
                after = GAME.apply_move(here, 0, move)
                if GAME.outcome(after) is None:
                    stack.append(after)
                else:  # won: the turn is over with the dice left
                    left = list(node[1])
                    if isinstance(move, Step):
                        left.remove(move.die)
                    ends.add(_node(after, tuple(left)))
    return ends
