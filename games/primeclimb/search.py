"""Every way a whole move phase can end: all orders of the dice, operations, pawns and
"add or subtract" Keeper cards, found once each (memoised on the pawns, the dice left, the way
stations missing and the cards left).

The strong bot plans a cursed turn with it (an uncursed one pawn by pawn, pawnpaths.py,
which finds the same ends sooner); learning events use best_distance (dice only) to know the
closest a player could have got to 101. Steps come from steps.legal_steps, so a plan never
holds a step the rules would refuse.
"""

from __future__ import annotations

import gc
from contextlib import contextmanager
from dataclasses import dataclass
from functools import lru_cache

from .numbers import ADD, SUBTRACT
from .steps import (
    HOME_PAWN,
    Ctx,
    Option,
    Pawns,
    after,
    can_stop,
    distance,
    legal_steps,
    try_step,
    visit,
    won,
)

Node = tuple[Pawns, tuple[int, ...], tuple[int, ...], tuple[int, ...]]


@dataclass(frozen=True)
class CardStep:
    """An "add or subtract n" Keeper card played on pawn `pawn`."""

    n: int
    pawn: int
    op: str
    to: tuple[int, int]


Action = Option | CardStep


# Our decision: the strong bot's plan combines at most MAX_CARDS add-or-subtract cards in a
# turn (each may go anywhere among the dice). Here positions with fewer cards are searched
# first and no new card is tried once NODE_LIMIT positions are known, so a hand of nine cards
# stays quick (the pawn-by-pawn search needs no such limit).
MAX_CARDS = 2
NODE_LIMIT = 2_500


@dataclass
class TurnEnds:
    """The ends of a move phase found by turn_ends, and how to reach each one."""

    ends: list[Node]
    parents: dict[Node, tuple[Node, Action] | None]

    def path(self, end: Node) -> list[Action]:
        """The steps and cards from the start to `end`, in order."""
        path: list[Action] = []
        link = self.parents[end]
        while link is not None:
            node, action = link
            path.append(action)
            link = self.parents[node]
        path.reverse()
        return path


def turn_ends(
    ctx: Ctx,
    pawns: Pawns,
    left: tuple[int, ...],
    missing: tuple[int, ...],
    nudges: tuple[int, ...] = (),
    max_cards: int = MAX_CARDS,
    limit: int = NODE_LIMIT,
) -> TurnEnds:
    """Every reachable end of the move phase (pawns, dice left, stations missing, cards left).
    An end is a node where the turn may stop: the dice used up (doubles with "may": two or
    four), no step possible, or the game won."""
    with no_gc():
        return _search(
            ctx, pawns, tuple(sorted(left)), missing, tuple(sorted(nudges)), max_cards, limit
        )


def _search(ctx, pawns, left, missing, nudges, max_cards: int, limit: int) -> TurnEnds:
    root: Node = (pawns, left, missing, nudges)
    parents: dict[Node, tuple[Node, Action] | None] = {root: None}
    ends: list[Node] = []
    # The dice steps from a position are the same whatever cards are left, and the card plays
    # whatever dice are left: each found once.
    steps_from: dict[tuple, tuple[bool, tuple]] = {}
    cards_from: dict[tuple, list] = {}
    tier = [root]
    for used in range(max_cards + 1):
        next_tier: list[Node] = []
        stack = tier
        while stack:
            node = stack.pop()
            here, dice, stations, cards = node
            position = (here, dice, stations)
            found = steps_from.get(position)
            if found is None:
                found = steps_from[position] = _step_children(ctx, here, dice, stations)
            stops, children = found
            if stops:
                ends.append(node)
            for after_step, option in children:
                child = (*after_step, cards)
                if child not in parents:
                    parents[child] = (node, option)
                    stack.append(child)
            if used < max_cards and cards and len(parents) < limit and not won(ctx, here):
                plays = cards_from.get((here, stations, cards))
                if plays is None:
                    plays = cards_from[(here, stations, cards)] = _card_children(
                        ctx, here, stations, cards
                    )
                for moved, visited, kept, action in plays:
                    child = (moved, dice, visited, kept)
                    if child not in parents:
                        parents[child] = (node, action)
                        next_tier.append(child)
        tier = next_tier
        if not tier:
            break
    return TurnEnds(ends, parents)


@contextmanager
def no_gc():
    """The search makes tens of thousands of small tuples and no reference cycles: without
    this, the cycle collector's full passes make one search in twenty take five times longer.
    Collection resumes as before when the search ends."""
    enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if enabled:
            gc.enable()


def _step_children(ctx: Ctx, pawns: Pawns, left: tuple[int, ...], missing: tuple[int, ...]):
    """(whether the turn may stop here, ((pawns, dice, stations) after each legal step, step))."""
    if won(ctx, pawns):
        return True, ()
    steps = legal_steps(ctx, pawns, left, missing)
    stops = can_stop(ctx, left) or not steps
    return stops, tuple((after(pawns, left, missing, option), option) for option in steps)


def _card_children(ctx: Ctx, pawns: Pawns, missing, nudges: tuple[int, ...]) -> list:
    """(pawns, stations missing, cards left, play) after every add-or-subtract card play from
    here (one card of each value); the dice left do not change."""
    children = []
    for n in sorted(set(nudges)):
        rest = list(nudges)
        rest.remove(n)
        kept = tuple(rest)
        for i, pawn in enumerate(pawns):
            if pawn == HOME_PAWN:
                continue
            for op in (ADD, SUBTRACT):
                to, _ = try_step(ctx, pawn, missing, op, n)
                if to is not None:
                    moved = (to, pawns[1]) if i == 0 else (pawns[0], to)
                    play = CardStep(n, i, op, to)
                    children.append((moved, visit(missing, to[0]), kept, play))
    return children


@lru_cache(maxsize=20_000)
def best_distance(
    ctx: Ctx,
    pawns: Pawns,
    left: tuple[int, ...],
    missing: tuple[int, ...],
    moving: tuple[int, ...],
) -> int:
    """The fewest spaces to go that any end of the move phase, using only the dice, leaves for
    the pawn (of those in `moving`) closest to its goal. Memoised: turns share positions."""
    if won(ctx, pawns):
        return 0
    best = min(distance(pawns[i], ctx.turn_back) for i in moving)
    steps = legal_steps(ctx, pawns, left, missing)
    if not (can_stop(ctx, left) or not steps):
        best = FAR
    for option in steps:
        best = min(best, best_distance(ctx, *after(pawns, left, missing, option), moving))
    return best


FAR = 10_000  # more than any distance on the board
