"""The move phase pawn by pawn: where each pawn can get with which dice and "add or subtract"
cards, and the ends of the whole move phase made of two such pawn paths.

Uncursed, one pawn's steps never depend on the other pawn: every die fits every pawn on the
board (see steps.legal_steps), so two paths that share out the dice and cards play one after
the other as a legal turn. Searching each pawn alone finds the ends search.turn_ends finds
(tests compare them) without walking every interleaving of the two. The pawns meet only at
the end of the turn: both home wins (Prime Sprint: one), and in Way Stations a pawn may go to
101 once the two paths together visit every missing station (the other pawn moves first).
A cursed turn (a step must leave the other dice usable) is left to search.turn_ends.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from functools import lru_cache
from typing import NamedTuple

from .numbers import ADD, OPS, SUBTRACT
from .search import Action, CardStep, Node
from .steps import HOME_PAWN, Ctx, Option, Pawn, Pawns, can_stop, try_step, won

# (dice used, cards used, missing way stations visited): what a pawn path has used so far.
Key = tuple[tuple[int, ...], tuple[int, ...], tuple[int, ...]]
ROOT: Key = ((), (), ())
NUDGE_OPS = (ADD, SUBTRACT)


def splittable(ctx: Ctx, missing: tuple[int, ...]) -> bool:
    """Whether this turn can be searched pawn by pawn: uncursed, and (never in the game's
    variants) no way stations when pawns turn round on 101."""
    return not ctx.cursed and not (missing and ctx.turn_back)


class Split(NamedTuple):
    """One way to share the turn out: each pawn's key, and the dice, cards, stations left."""

    keys: tuple[Key, Key]
    left: tuple[int, ...]
    nudges: tuple[int, ...]
    missing: tuple[int, ...]


@dataclass
class PawnPaths:
    """For each key, every place one pawn can end its part of the turn with exactly it."""

    index: int
    places: dict[Key, frozenset[Pawn]]
    by_use: dict[tuple, list[Key]]  # (dice used, cards used): the keys with them


class SplitTurn:
    """Both pawns' paths from one position, and the ends of the move phase they make."""

    def __init__(self, ctx: Ctx, pawns: Pawns, left, missing, nudges, max_cards: int) -> None:
        self.ctx, self.pawns, self.missing = ctx, pawns, missing
        self.left, self.nudges = tuple(sorted(left)), tuple(sorted(nudges))
        self.max_cards = max_cards
        self.paths = tuple(
            pawn_paths(ctx, i, pawn, self.left, self.nudges, missing, max_cards)
            for i, pawn in enumerate(pawns)
        )

    def splits(self) -> Iterator[Split]:
        """Every way to share out the dice and cards between the two pawn paths."""
        first, second = self.paths
        for (used0, cards0), keys0 in first.by_use.items():
            dice, cards = _minus(self.left, used0), _minus(self.nudges, cards0)
            room = self.max_cards - len(cards0)
            for used1 in _parts(dice, len(self.left)):
                left = _minus(dice, used1)
                for cards1 in _parts(cards, room):
                    keys1 = second.by_use.get((used1, cards1))
                    if keys1 is None:
                        continue
                    kept = _minus(cards, cards1)
                    for key0 in keys0:
                        for key1 in keys1:
                            seen = key0[2] + key1[2]
                            missing = tuple(s for s in self.missing if s not in seen)
                            yield Split((key0, key1), left, kept, missing)

    def may_home(self, split: Split, index: int) -> bool:
        """Whether pawn `index` may be home at the end of this split (Way Stations: only when
        the two paths visit every missing station; it was home already: always)."""
        return not split.missing or self.pawns[index] == HOME_PAWN

    def may_win(self) -> bool:
        """Whether some path brings a pawn home (else no end wins)."""
        return any(HOME_PAWN in found for paths in self.paths for found in paths.places.values())

    def won_ends(self, split: Split) -> Iterator[Pawns]:
        """The pairs of this split that win the game (with whatever dice are left)."""
        places = [self.paths[i].places[split.keys[i]] for i in (0, 1)]
        homes = [HOME_PAWN in places[i] and self.may_home(split, i) for i in (0, 1)]
        if not self.ctx.sprint:
            if all(homes):
                yield (HOME_PAWN, HOME_PAWN)
            return
        # Prime Sprint: the first pawn home wins at once, so the other one is not home.
        for i in (0, 1):
            if homes[i]:
                for other in places[1 - i]:
                    if other != HOME_PAWN:
                        yield (HOME_PAWN, other) if i == 0 else (other, HOME_PAWN)

    def stop_places(self, split: Split, index: int) -> list[Pawn]:
        """Where pawn `index` may be at a not-won end of this split (none: not an end)."""
        if not can_stop(self.ctx, split.left):
            return []
        places = self.paths[index].places[split.keys[index]]
        if self.home_at_stop(split, index):
            return list(places)
        return [p for p in places if p != HOME_PAWN]

    def home_at_stop(self, split: Split, index: int) -> bool:
        """Whether pawn `index` may be home at a not-won end (Prime Sprint: that wins)."""
        return not self.ctx.sprint and self.may_home(split, index)

    def ends(self) -> Iterator[tuple[Node, Split]]:
        """Every end of the move phase (repeats possible: two splits may reach one end)."""
        for split in self.splits():
            for pawns in self.won_ends(split):
                yield self.node(pawns, split), split
            second = self.stop_places(split, 1)
            for a in self.stop_places(split, 0):
                for b in second:
                    if not won(self.ctx, (a, b)):
                        yield self.node((a, b), split), split

    @staticmethod
    def node(pawns: Pawns, split: Split) -> Node:
        """The end as search.turn_ends names it."""
        return (pawns, split.left, split.missing, split.nudges)

    def path(self, pawns: Pawns, split: Split) -> list[Action]:
        """The steps and cards to this end: a pawn that stays out moves first, and the
        steps that bring pawns home come last."""
        parts = [
            pawn_path(self.ctx, self.paths[i], split.keys[i], pawns[i], self.missing)
            for i in (0, 1)
        ]
        homing = [i for i in (0, 1) if pawns[i] == HOME_PAWN and parts[i]]
        staying = [i for i in (0, 1) if i not in homing]
        actions = [action for i in staying for action in parts[i]]
        actions += [action for i in homing for action in parts[i][:-1]]
        return actions + [parts[i][-1] for i in homing]


# --- one pawn ------------------------------------------------------------------------------
def pawn_paths(ctx, index: int, pawn: Pawn, left, nudges, missing, max_cards: int) -> PawnPaths:
    """Where pawn `index` can get with each share of the dice and cards, breadth first: a
    key's places are all known once the keys one action shorter are done."""
    places: dict[Key, set[Pawn]] = {ROOT: {pawn}}
    layer = [ROOT]
    while layer:
        grown: dict[Key, set[Pawn]] = {}
        for key in layer:
            here = [p for p in places[key] if p != HOME_PAWN]  # home: the path is over
            if not here:
                continue
            used, cards, seen = key
            for die in _distinct(_minus(left, used)):
                targets = _moves(ctx, die, OPS).targets(here)
                _spread(grown, (_plus(used, die), cards), seen, targets, missing)
            if len(cards) < max_cards:
                for n in _distinct(_minus(nudges, cards)):
                    targets = _moves(ctx, n, NUDGE_OPS).targets(here)
                    _spread(grown, (used, _plus(cards, n)), seen, targets, missing)
        places.update(grown)
        layer = list(grown)
    by_use: dict[tuple, list[Key]] = {}
    for key in places:
        by_use.setdefault(key[:2], []).append(key)
    frozen = {key: frozenset(found) for key, found in places.items()}
    return PawnPaths(index, frozen, by_use)


def _spread(grown: dict, head: tuple, seen: tuple, targets: set[Pawn], missing) -> None:
    """File the places reached under their key (a missing station landed on is visited)."""
    if not missing:
        grown.setdefault((*head, seen), set()).update(targets)
        return
    for to in targets:
        at = to[0]
        visited = seen
        if at in missing and at not in seen:
            visited = tuple(s for s in missing if s in seen or s == at)
        grown.setdefault((*head, visited), set()).add(to)


class _Moves(dict):
    """pawn → where it can go with n and one of ops, worked out when first asked."""

    def __init__(self, ctx: Ctx, n: int, ops: tuple[str, ...]) -> None:
        super().__init__()
        self.ctx, self.n, self.ops = ctx, n, ops

    def __missing__(self, pawn: Pawn) -> tuple[Pawn, ...]:
        # Way stations are checked when the ends are put together, so not here.
        found = (try_step(self.ctx, pawn, (), op, self.n)[0] for op in self.ops)
        self[pawn] = moves = tuple(to for to in found if to is not None)
        return moves

    def targets(self, here: list[Pawn]) -> set[Pawn]:
        """Every place one of `here` can go."""
        return set().union(*map(self.__getitem__, here))


def _moves(ctx: Ctx, n: int, ops: tuple[str, ...]) -> _Moves:
    by_rules = _MOVES.get(ctx)
    if by_rules is None:
        if len(_MOVES) > 64:
            _MOVES.clear()  # never in practice: a process sees a few rule sets
        by_rules = _MOVES[ctx] = {}
    moves = by_rules.get((n, ops))
    if moves is None:
        moves = by_rules[(n, ops)] = _Moves(ctx, n, ops)
    return moves


# The moves of each rule set (a process sees a few), by (n, ops): worked out once.
_MOVES: dict[Ctx, dict[tuple, _Moves]] = {}


def pawn_path(ctx: Ctx, paths: PawnPaths, key: Key, place: Pawn, missing) -> list[Action]:
    """One way for the pawn to use exactly `key` and end on `place`, found backwards."""
    actions: list[Action] = []
    while key != ROOT:
        key, place, action = _step_back(ctx, paths, key, place, missing)
        actions.append(action)
    actions.reverse()
    return actions


def _step_back(ctx: Ctx, paths: PawnPaths, key: Key, place: Pawn, missing) -> tuple:
    """(the key before, the place before, the action) of a last action that reaches `place`."""
    used, cards, seen = key
    seens = [seen]
    if place[0] in seen:
        seens.append(tuple(s for s in seen if s != place[0]))  # or first visited just now
    options = [((_minus(used, (d,)), cards), d, OPS, False) for d in _distinct(used)]
    options += [((used, _minus(cards, (n,))), n, NUDGE_OPS, True) for n in _distinct(cards)]
    for head, n, ops, card in options:
        for before_seen in seens:
            before = (*head, before_seen)
            for pawn in sorted(paths.places.get(before, ())):
                if pawn == HOME_PAWN:
                    continue
                for op in ops:
                    if try_step(ctx, pawn, (), op, n)[0] == place:
                        if card:
                            return before, pawn, CardStep(n, paths.index, op, place)
                        return before, pawn, Option(paths.index, n, op, place)
    raise AssertionError("a place with no way to it")  # pawn_paths found a way


# --- dice and cards as sorted tuples ---------------------------------------------------------
@lru_cache(maxsize=4096)
def _minus(whole: tuple[int, ...] | None, part: tuple[int, ...]) -> tuple[int, ...] | None:
    """The sorted multiset whole − part, or None if part is not all in whole."""
    if whole is None:
        return None
    rest = list(whole)
    for x in part:
        if x not in rest:
            return None
        rest.remove(x)
    return tuple(rest)


@lru_cache(maxsize=4096)
def _parts(items: tuple[int, ...] | None, most: int) -> tuple[tuple[int, ...], ...]:
    """Every sorted sub-multiset of items with at most `most` members."""
    found = {()}
    for x in items or ():
        found |= {_plus(part, x) for part in found if len(part) < most}
    return tuple(sorted(found))


def _plus(items: tuple[int, ...], x: int) -> tuple[int, ...]:
    return tuple(sorted((*items, x)))


def _distinct(items: tuple[int, ...] | None) -> tuple[int, ...]:
    return tuple(sorted(set(items or ())))
