"""Computer players for Equate. They read only their own view: the board, their own rack, the
"=" left beside the board, the bag's size and the scores. They never see another rack or the
bag's order.

Each chooses a pass or a trade Equate.legal_moves lists, or a play its own search finds
(legal_moves lists only the short plays): the easy bot's movegen.bot_plays (every play making
an equation, shortest first, the blanks kept back, on a small budget), the strong bot's
best.best_play. Each play is scored exactly by the rules, from a state built out of the view
(the bag's faces are unknown: it holds blanks there, which only refill the rack after the play
and never change a score).

- easy: plays like a child starting out. It looks only at short plays (at most EASY_TILES
  tiles), and picks one of them at random, weighted toward the lower scores: a valid
  equation, often not the best. With none it trades its whole rack when the bag allows,
  else a tile, else passes.
- strong: the highest value, where value = the play's score + what the rack keeps (a balanced
  rack: some operations, mostly numbers, few fractions of one kind; a blank kept is worth
  keeping). With an empty bag it plays to go out (the tiles it keeps count against it at the
  end; going out earns the others'). With no play, or only poor plays and a poor rack, it
  trades (the whole rack, or its worst tile), else passes.

Equal values go to the first play found, so both bots are deterministic for a given rng.

The strong bot's play comes from best.best_play, a branch-and-bound search for the play of
highest value on a budget of STRONG_STEPS search steps (about 0.65 s): every play it does not
look at is proved to be worth no more than the best found, when the search ends within its
budget. Plays with its blanks are searched only after those without them, while steps are
left. Measured in bench/equate.py (positions of seeded bot games): how often its play is the
best there is (a search without a budget), and its decision time.
"""

from __future__ import annotations

import random
from collections import Counter

from games.engine.protocol import Bot, Move, State, View

from . import best, movegen, rules
from . import board as geo
from .moves import Place
from .tiles import BLANK, EQUALS, OPERATORS, SCORES, is_fraction

EASY_TILES = 5  # the easy bot's plays: at most this many tiles put down
EASY_NODES = 20_000  # and a short search
STRONG_STEPS = best.BEST_STEPS  # the strong bot's search (best.best_play): about 0.65 s here

# The strong bot's judgement of the tiles it keeps.
BLANK_KEPT = 8.0  # a blank is worth keeping: it saves a later play
NO_OPERATION = -6.0  # a rack with no operation can hardly make an equation
NO_NUMBER = -8.0
MANY_OPERATIONS = 4  # keeping more operations than this is clumsy
EXTRA_OPERATION = -2.5
SAME_FRACTION = -2.0  # each extra copy of a fraction
GOING_OUT = 10.0  # with the bag empty: the game ends and the others' tiles are yours
POOR_PLAY = 6  # a best play worth less than this, with a poor rack: trade instead


def view_state(view: View) -> State:
    """A state with what the view shows (the others' racks empty, the bag of blanks): enough
    to score a play with the rules exactly."""
    board = {}
    for row in view["rows"]:
        for cell in row:
            tile = cell["tile"]
            if tile is not None:
                board[geo.key((cell["row"], cell["col"]))] = {
                    "face": tile["face"],
                    "blank": tile["blank"],
                    "seat": tile["seat"],
                }
    me = view["me"]
    racks: list[list[str]] = [[] for _ in range(view["players"])]
    racks[me] = [tile["face"] for tile in view["rack"]]
    return {
        "settings": {"tiles": view["tiles"], "rounds": None},
        "players": view["players"],
        "seed": 0,
        "bag": [BLANK] * view["bag_count"],
        "racks": racks,
        "equals_left": view["equals_left"],
        "board": board,
        "turn": me,
        "turns": 0,
        "passes": 0,
        "points": [0] * view["players"],
        "adjustments": [0] * view["players"],
        "scores": [0] * view["players"],
        "end": None,
        "winners": [],
        "last": None,
        "hints": [None] * view["players"],
    }


def kept(rack: list[str], play: list) -> list[str]:
    """The rack tiles a play leaves."""
    used = {p[2] for p in play if p[2] != EQUALS}
    return [face for position, face in enumerate(rack) if position not in used]


def leave_value(faces: list[str], bag_count: int) -> float:
    """How good the tiles kept are (the strong bot's judgement)."""
    if bag_count == 0:  # no new tiles: what is kept counts against you, going out ends it
        return -2.0 * rules.rack_score(faces) + (0.0 if faces else GOING_OUT)
    counts = Counter(faces)
    value = BLANK_KEPT * counts[BLANK]
    operations = sum(counts[op] for op in OPERATORS)
    numbers = len(faces) - operations - counts[BLANK]
    if faces and operations == 0:
        value += NO_OPERATION
    if faces and numbers == 0:
        value += NO_NUMBER
    value += EXTRA_OPERATION * max(0, operations - MANY_OPERATIONS)
    value += SAME_FRACTION * sum(n - 1 for face, n in counts.items() if is_fraction(face) and n > 1)
    return value


def _sorted_moves(legal_moves: list[Move]) -> dict[str, list[Move]]:
    kinds: dict[str, list[Move]] = {"place": [], "trade": [], "pass": []}
    for move in legal_moves:
        kinds.setdefault(move.type, []).append(move)
    return kinds


def _fallback(kinds: dict[str, list[Move]], rack: list[str]) -> Move:
    """No play wanted: the whole rack traded if the bag allows, else the worst tile, else pass."""
    trades = kinds["trade"]
    whole = [t for t in trades if len(t.tiles) == len(rack) > 1]
    if whole:
        return whole[0]
    if trades:
        return max(trades, key=lambda t: (SCORES[rack[t.tiles[0]]] == 0, -SCORES[rack[t.tiles[0]]]))
    return kinds["pass"][0]


class EasyBot(Bot):
    strength = "easy"
    label = "Easy"

    def choose_move(self, view: View, legal_moves: list[Move], rng: random.Random) -> Move | None:
        kinds = _sorted_moves(legal_moves)
        rack = [tile["face"] for tile in view["rack"]]
        state = view_state(view)
        plays, _ = movegen.bot_plays(state, view["me"], EASY_NODES)
        short = [play for play in plays if len(play) <= EASY_TILES]
        if not short:
            return _fallback(kinds, rack)
        scorer = movegen.Scorer(state, view["me"])
        ranked = sorted(range(len(short)), key=lambda i: (scorer.score(short[i]), i))
        # Lower scores more likely: the lowest has weight n, the highest 1.
        weights = [len(ranked) - rank for rank in range(len(ranked))]
        pick = rng.choices(ranked, weights=weights)[0]
        return Place(tuple(tuple(p) for p in short[pick]))


class StrongBot(Bot):
    strength = "strong"
    label = "Strong"

    def choose_move(self, view: View, legal_moves: list[Move], rng: random.Random) -> Move | None:
        kinds = _sorted_moves(legal_moves)
        rack = [tile["face"] for tile in view["rack"]]
        best = best_play(view)
        if best is None:
            return _fallback(kinds, rack)
        _, score, play = best
        bag = view["bag_count"]
        if score < POOR_PLAY and bag >= len(rack) and leave_value(rack, bag) < NO_OPERATION / 2:
            return _fallback(kinds, rack)
        return Place(tuple(tuple(p) for p in play))


def best_play(view: View, budget: int | None = None) -> tuple[float, int, list] | None:
    """The strong bot's play: (value, score, placements), the first of the highest value it
    finds within `budget` steps (STRONG_STEPS by default)."""
    state = view_state(view)
    rack = [tile["face"] for tile in view["rack"]]
    bag = view["bag_count"]
    found = best.best_play(
        state,
        view["me"],
        leave=lambda faces: leave_value(faces, bag),
        leave_bound=leave_bound(rack, bag),
        budget=STRONG_STEPS if budget is None else budget,
    )
    if found.play is None:
        return None
    return found.value, found.score, found.play


def leave_bound(rack: list[str], bag_count: int) -> float:
    """The most leave_value can give for tiles kept from this rack."""
    if bag_count == 0:
        return GOING_OUT
    return BLANK_KEPT * rack.count(BLANK)


BOTS: dict[str, Bot] = {"easy": EasyBot(), "strong": StrongBot()}
