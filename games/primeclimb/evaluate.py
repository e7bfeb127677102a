"""The strong bot's judgement of an end of the move phase: pawns home, progress, bumping
others, not being easy to bump, drawing a card, cards kept, way stations.

score() is the definition. Judge gives the same value split pawn by pawn (cached per pawn
position) and an upper bound per pawn, so the planner can rank thousands of ends without
scoring each one; the planner scores its few best candidates with score() itself.
"""

from __future__ import annotations

from functools import cache

from games.engine.protocol import View

from .numbers import DIE_FACES, FINISH, OPS, START, is_all_red, raw_result
from .search import Node
from .steps import HOME_PAWN, Ctx, Pawn, Pawns, distance, won

# The strong bot's weights, in spaces climbed. Tuned against the easy bot over seeded games.
HOME_BONUS = 25.0  # a pawn home can never be bumped again
FINISH_WEIGHT = 40.0  # × the chance of reaching the goal next turn
BUMP_WEIGHT = 0.8  # × the spaces an opponent's bumped pawn loses
DANGER_WEIGHT = 0.7  # × the spaces I would lose × the chance of being bumped next turn
CARD_VALUE = 6.0  # drawing a Prime Card
NUDGE_VALUE = 4.0  # keeping an "add or subtract" card for later
STATION_BONUS = 40.0  # Way Stations: each station ticked off


def others_of(view: View) -> tuple[Pawn, ...]:
    """The other players' pawns still on the board."""
    return tuple(
        (p["at"], p["goal"]) for p in view["pawns"] if p["seat"] != view["me"] and not p["home"]
    )


def score(view: View, ctx: Ctx, node: Node, nudges_before: tuple[int, ...]) -> float:
    """How good an end of the move phase is for the bot."""
    pawns, _, missing, nudges = node
    if won(ctx, pawns):
        return float("inf")
    others = others_of(view)
    total = sum(pawn_value(pawn, ctx.turn_back, nudges, missing) for pawn in pawns)
    spaces = [p[0] for p in pawns if p != HOME_PAWN]
    for at, goal in (p for p in pawns if p != HOME_PAWN and START < p[0] < FINISH):
        loss = bump_loss((at, goal), ctx.turn_back)
        gone = [o for o in others if o[0] == at]
        total += BUMP_WEIGHT * sum(bump_loss(o, ctx.turn_back) for o in gone)
        if spaces.count(at) > 1:
            total -= loss / 2  # one of my own goes back
        total -= DANGER_WEIGHT * loss * _danger(at, others)
    if _draws(pawns, view["turn_start"]):
        total += CARD_VALUE
    total -= NUDGE_VALUE * (len(nudges_before) - len(nudges))
    for station in missing:
        # A station still to visit: a pawn above it must come down and climb again (twice the
        # gap), and a good chance to land on it next turn is worth half the bonus.
        if spaces:
            near = max(reach_chance(at, station) for at in spaces)
            detour = min(2 * max(0, at - station) for at in spaces)
            total -= STATION_BONUS * (1 - near / 2) + detour
    return total


def _stations_cost(spaces: list[int], missing: tuple[int, ...]) -> float:
    """The stations part of score(), as one sum."""
    cost = 0.0
    for station in missing:
        if spaces:
            near = max(reach_chance(at, station) for at in spaces)
            detour = min(2 * max(0, at - station) for at in spaces)
            cost += STATION_BONUS * (1 - near / 2) + detour
    return cost


def _draws(pawns: Pawns, starts: list[int]) -> bool:
    """Whether a pawn ends on an all-red space it did not start the turn on."""
    return bool(starts) and any(_draws_one(p, starts[i]) for i, p in enumerate(pawns))


def _draws_one(pawn: Pawn, start: int) -> bool:
    return pawn != HOME_PAWN and pawn[0] != FINISH and is_all_red(pawn[0]) and pawn[0] != start


def pawn_value(
    pawn: Pawn, turn_back: bool, nudges: tuple[int, ...] = (), missing: tuple[int, ...] = ()
) -> float:
    """A pawn's climb, and its chance to get home next turn (sure with a card that fits; none
    while a way station is missing)."""
    if pawn == HOME_PAWN:
        return FINISH * (2 if turn_back else 1) + HOME_BONUS
    return climbed(pawn, turn_back) + FINISH_WEIGHT * _finish_chance(pawn, nudges, missing)


def _finish_chance(pawn: Pawn, nudges: tuple[int, ...], missing: tuple[int, ...]) -> float:
    at, goal = pawn
    if goal == FINISH and missing:
        return 0.0
    if any(abs(goal - at) == n for n in nudges):
        return 1.0
    return reach_chance(at, goal)


def climbed(pawn: Pawn, turn_back: bool) -> int:
    """Spaces climbed so far (There and Back Again counts both ways)."""
    full = FINISH * (2 if turn_back else 1)
    return full - distance(pawn, turn_back)


def bump_loss(pawn: Pawn, turn_back: bool) -> int:
    """The spaces a pawn loses if it is bumped (back to the start of its leg)."""
    back = (START if pawn[1] == FINISH else FINISH, pawn[1])
    return climbed(pawn, turn_back) - climbed(back, turn_back)


def _danger(at: int, others: tuple[Pawn, ...]) -> float:
    safe = 1.0
    for other in others:
        safe *= 1 - reach_chance(other[0], at)
    return 1 - safe


@cache
def reach_table(start: int) -> dict[int, float]:
    """The chance a pawn on `start` can land on each space next turn (using one die, or both,
    or with doubles up to four), whatever the other pawn does."""
    chances: dict[int, float] = {}
    for a in DIE_FACES:
        for b in DIE_FACES:
            dice = [a] * 4 if a == b else [a, b]
            for space in _landings(start, tuple(dice)):
                chances[space] = chances.get(space, 0.0) + 1 / 100
    return chances


@cache
def _landings(start: int, dice: tuple[int, ...]) -> frozenset[int]:
    found: set[int] = set()
    for i, die in enumerate(dice):
        if i > 0 and die == dice[i - 1]:
            continue
        rest = dice[:i] + dice[i + 1 :]
        for op in OPS:
            to = raw_result(start, op, die)
            if to is not None and START <= to <= FINISH:
                found.add(to)
                if rest and to != FINISH:
                    found |= _landings(to, rest)
    return frozenset(found)


def reach_chance(start: int, target: int) -> float:
    """The chance a pawn on `start` can land on `target` next turn."""
    return reach_table(start).get(target, 0.0)


# --- the same judgement, pawn by pawn -----------------------------------------------------------
class Judge:
    """score() taken apart pawn by pawn for one decision (the view, the rules, the cards held),
    with each pawn position's share worked out once."""

    def __init__(self, view: View, ctx: Ctx, nudges_before: tuple[int, ...]) -> None:
        self.view, self.ctx, self.nudges_before = view, ctx, nudges_before
        self.others = others_of(view)
        self.starts = view["turn_start"]
        self._fixed: dict[tuple[int, Pawn], tuple[float, float, bool]] = {}

    def score(self, node: Node) -> float:
        """score() itself, the one that decides."""
        return score(self.view, self.ctx, node, self.nudges_before)

    def fixed(self, index: int, pawn: Pawn) -> tuple[float, float, bool]:
        """(climb + bumping − danger, spaces lost if bumped, draws a card) of my pawn `index`
        ending on `pawn`: the parts that do not depend on the cards kept or stations missing."""
        key = (index, pawn)
        found = self._fixed.get(key)
        if found is None:
            found = self._fixed[key] = self._work_out(index, pawn)
        return found

    def _work_out(self, index: int, pawn: Pawn) -> tuple[float, float, bool]:
        turn_back = self.ctx.turn_back
        if pawn == HOME_PAWN:
            return pawn_value(pawn, turn_back), 0.0, False
        at = pawn[0]
        value, loss = float(climbed(pawn, turn_back)), 0.0
        if START < at < FINISH:
            loss = bump_loss(pawn, turn_back)
            value += BUMP_WEIGHT * sum(bump_loss(o, turn_back) for o in self.others if o[0] == at)
            value -= DANGER_WEIGHT * loss * _danger(at, self.others)
        draws = bool(self.starts) and _draws_one(pawn, self.starts[index])
        return value, loss, draws

    def bound(self, index: int, pawn: Pawn, nudges: tuple[int, ...], missing) -> float:
        """An upper bound on what pawn `index` on `pawn` adds to an end's score, whichever of
        `nudges` are kept and of `missing` still to visit: a term the two pawns share (a card
        drawn, a station's chance) counts in full for each, a term that only takes away (two
        of my pawns on one space, a station's detour) not at all."""
        value, _, draws = self.fixed(index, pawn)
        if pawn == HOME_PAWN:
            return value
        at, goal = pawn
        fits = any(abs(goal - at) == n for n in nudges)
        value += FINISH_WEIGHT * (1.0 if fits else reach_chance(at, goal))
        near = sum(reach_chance(at, station) for station in missing)
        return value + CARD_VALUE * draws + STATION_BONUS / 2 * near

    def pair(self, pawns: Pawns, nudges: tuple[int, ...], missing: tuple[int, ...]) -> float:
        """score() of a not-won end of my two pawns (up to rounding), from the cached parts."""
        (v0, loss0, draw0), (v1, loss1, draw1) = self.fixed(0, pawns[0]), self.fixed(1, pawns[1])
        total = v0 + v1
        for pawn in pawns:
            if pawn != HOME_PAWN:
                total += FINISH_WEIGHT * _finish_chance(pawn, nudges, missing)
        if pawns[0][0] == pawns[1][0] and START < pawns[0][0] < FINISH:
            total -= (loss0 + loss1) / 2
        if draw0 or draw1:
            total += CARD_VALUE
        total -= NUDGE_VALUE * (len(self.nudges_before) - len(nudges))
        if missing:
            total -= _stations_cost([p[0] for p in pawns if p != HOME_PAWN], missing)
        return total

    def split_bound(self, nudges: tuple[int, ...], missing: tuple[int, ...]) -> float:
        """What an end with `nudges` kept and `missing` still to visit adds to its pawns'
        bounds: the cards played, and each station's bonus (its chance is in the bounds)."""
        return -NUDGE_VALUE * (len(self.nudges_before) - len(nudges)) - STATION_BONUS * len(missing)
