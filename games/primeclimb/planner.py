"""The strong bot's plan for its turn: the end of the move phase that evaluate.score() likes
best, and the steps and cards that get there.

Uncursed turns are searched pawn by pawn (pawnpaths.py): every end within MAX_CARDS cards is
found, and branch and bound on each pawn's share of the score skips the ends that cannot be
best, so few are scored. Ties go to the smallest end, as they always did. Cursed turns search
the whole turn tree (search.turn_ends, which stops trying cards after NODE_LIMIT positions).
"""

from __future__ import annotations

from collections.abc import Iterable

from games.engine.protocol import View

from .evaluate import Judge, score
from .pawnpaths import Split, SplitTurn, splittable
from .search import MAX_CARDS, Action, no_gc, turn_ends
from .steps import Ctx, Pawn, Pawns, can_stop, won

# Far above rounding (scores are sums of a few hundred), far below any difference the bot
# could mean: ends within EPS of the best are all scored with score() itself.
EPS = 1e-6


def best_plan(view: View, ctx: Ctx, pawns: Pawns, left, missing, nudges) -> list[Action]:
    """The actions to the best end of the turn from here (none if the turn cannot end)."""
    with no_gc():
        if splittable(ctx, missing):
            return _split_plan(view, ctx, pawns, left, missing, nudges)
        return whole_turn_plan(view, ctx, pawns, left, missing, nudges, fast=True)


def whole_turn_plan(view: View, ctx: Ctx, pawns, left, missing, nudges, fast: bool) -> list:
    """The plan from the whole-turn search (search.turn_ends) and score(); with `fast`, only
    the ends Judge.pair puts within EPS of the best are scored (the same choice, sooner)."""
    found = turn_ends(ctx, pawns, left, missing, nudges)
    ends = set(found.ends)
    if fast and ends:
        judge = Judge(view, ctx, tuple(sorted(nudges)))
        wins = [end for end in ends if won(ctx, end[0])]
        values = {end: judge.pair(end[0], end[3], end[2]) for end in ends if not wins}
        top = max(values.values(), default=0.0)
        ends = set(wins) or {end for end, value in values.items() if value >= top - EPS}
    if not ends:
        return []
    best = min(ends, key=lambda end: (-score(view, ctx, end, nudges), end))
    return found.path(best)


def _split_plan(view: View, ctx: Ctx, pawns: Pawns, left, missing, nudges) -> list[Action]:
    turn = SplitTurn(ctx, pawns, left, missing, nudges, MAX_CARDS)
    splits = list(turn.splits())
    wins = []
    if turn.may_win():
        wins = [(turn.node(p, s), p, s) for s in splits for p in turn.won_ends(s)]
    if wins:
        _, pair, split = min(wins, key=lambda found: found[0])  # score: all infinite
        return turn.path(pair, split)
    judge = Judge(view, ctx, turn.nudges)
    candidates = _candidates(turn, judge, splits)
    if not candidates:
        return []
    _, pair, split = min(candidates, key=lambda found: (-judge.score(found[0]), found[0]))
    return turn.path(pair, split)


def _candidates(turn: SplitTurn, judge: Judge, splits: Iterable[Split]) -> list:
    """(end, pawns, split) of every not-won end whose score is within EPS of the best, found
    by branch and bound: splits, then each pawn's places, in order of their upper bounds."""
    ranked = _Ranking(turn, judge)
    ordered = []
    for split in splits:
        if not can_stop(turn.ctx, split.left):
            continue
        tops = ranked.top(split, 0), ranked.top(split, 1)
        if tops[0] is not None and tops[1] is not None:
            extra = judge.split_bound(split.nudges, split.missing)
            ordered.append((tops[0] + tops[1] + extra, extra, split))
    ordered.sort(key=lambda entry: -entry[0])  # stable: ties keep the splits' order
    best, found = float("-inf"), []
    for bound, extra, split in ordered:
        if bound < best - EPS:
            break
        first, second = ranked.places(split, 0), ranked.places(split, 1)
        for bound_a, a in first:
            if bound_a + second[0][0] + extra < best - EPS:
                break
            for bound_b, b in second:
                if bound_a + bound_b + extra < best - EPS:
                    break
                if won(turn.ctx, (a, b)):
                    continue
                value = judge.pair((a, b), split.nudges, split.missing)
                if value >= best - EPS:
                    found.append((value, (a, b), split))
                    best = max(best, value)
    return [(turn.node(p, s), p, s) for value, p, s in found if value >= best - EPS]


class _Ranking:
    """Each pawn's places for a split, best upper bound first (worked out once per key)."""

    def __init__(self, turn: SplitTurn, judge: Judge) -> None:
        self.turn = turn
        self._bounds = [_Bounds(judge, i, turn.nudges, turn.missing) for i in (0, 1)]
        self._tops: dict[tuple, float | None] = {}
        self._lists: dict[tuple, list[tuple[float, Pawn]]] = {}

    def top(self, split: Split, index: int) -> float | None:
        """The best upper bound of pawn `index` at a not-won end of `split` (None: no end)."""
        key = (index, split.keys[index], self.turn.home_at_stop(split, index))
        if key not in self._tops:
            stop = self.turn.stop_places(split, index)
            self._tops[key] = max(map(self._bounds[index].__getitem__, stop), default=None)
        return self._tops[key]

    def places(self, split: Split, index: int) -> list[tuple[float, Pawn]]:
        """(upper bound, place) for pawn `index` at a not-won end of `split`, best first."""
        key = (index, split.keys[index], self.turn.home_at_stop(split, index))
        ranked = self._lists.get(key)
        if ranked is None:
            bounds = self._bounds[index]
            stop = self.turn.stop_places(split, index)
            ranked = sorted(zip(map(bounds.__getitem__, stop), stop, strict=True), reverse=True)
            self._lists[key] = ranked
        return ranked


class _Bounds(dict):
    """place → Judge.bound for one pawn, worked out when first asked."""

    def __init__(self, judge: Judge, index: int, nudges, missing) -> None:
        super().__init__()
        self.judge, self.index, self.nudges, self.missing = judge, index, nudges, missing

    def __missing__(self, place: Pawn) -> float:
        self[place] = found = self.judge.bound(self.index, place, self.nudges, self.missing)
        return found
