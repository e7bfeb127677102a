"""Could this game of Prime Solitaire be won? A search that knows the order of the draw pile.

`solve(state)` looks for a line of play that clears the layout from this position, knowing
every card still face down (so it is a perfect-knowledge bound, not a fair player). It either
finds a winning line (replayable through the rules as ordinary moves: `line_moves`), proves that
none exists, or, when its node or time budget runs out, says "unknown" — it never claims a game
is unwinnable without having looked at every way to play it.

The search runs in phases (`solve`): depth first for a moment, then beam searches (`_Search.beam`:
turn by turn, the most promising positions side by side), then depth first again.

Depth first: sets before turning, the sets clearing the hardest layout cards first.
A position is (layout cards left, cards turned, the reachable top of the face-up stack by value,
and what the canonical form below needs); positions already shown lost are remembered. Only
lines of a canonical form are searched (see `_Search.win`). A position is lost at once when some
layout card can no longer be in any factor set of the cards that may still be taken. Stack cards
that can never be taken again are dropped (`_Search._cut`): everything under a card that
shares no factor set of the deck with any layout card (a wall), and what lies under more set
boundaries than there are layout cards left (each set takes one; a set takes at most 6 stack
cards, and two neighbours that are in no set of the deck with a layout card's value are never
in the same set).

Measured (bench/solitaire.py): most deals are decided in milliseconds. Nearly every deal at
levels 1-4 can be won; the hard tail there is wins that the depth-first search finds only after
proving lost every line of an early wrong choice, which the beam does not. At levels 5-6 about
half of the hard tail cannot be won, and proving that takes the whole depth-first search (3.5 s
and 5.8 s for level-6 seeds 6 and 46, and far longer for others). So a budget is always given.
"""

from __future__ import annotations

import hashlib
import math
import time
from collections import Counter
from dataclasses import dataclass, field
from datetime import date
from functools import cache, lru_cache
from typing import Any

from games.engine.protocol import Move, apply_logged

from ..cards import number_cards
from .layout import layout_of
from .moves import Collect, Turn
from .search import MAX_RUN, difficulty, find_collections, partner_sets
from .state import deal

WIN, NO_WIN, UNKNOWN = "win", "no_win", "unknown"
DEFAULT_NODES = 200_000
TURN = ("turn",)


@dataclass
class Solution:
    """The answer: "win" (with a line), "no_win" (proved), or "unknown" (budget spent)."""

    status: str
    line: list[tuple] = field(default_factory=list)  # ("turn",) or ("take", mask, run)
    nodes: int = 0
    seconds: float = 0.0

    @property
    def winnable(self) -> bool | None:
        return {WIN: True, NO_WIN: False}.get(self.status)


class _OutOfBudget(Exception):
    pass


# Where the last turned card is, for skipping sets that could have been taken before the turn.
ROOT, NEW, SAME, DUG = range(4)  # no turn yet; still on top; taken alone; taken with more
_AFTER_RUN = {ROOT: (ROOT, ROOT, ROOT), NEW: (NEW, SAME, DUG), SAME: (SAME, DUG, DUG)}
# The beam search: at most this many positions in it with the same layout cards left (one:
# many layouts side by side find more wins than many stacks of one layout); a card free to use
# counts this much for a position, a face-up card this much against it (see `score`).
PER_LAYOUT = 1
CLOSURE = 10  # positions looked at between two turns, per place in the beam
FREE_WEIGHT = 0.3
STACK_WEIGHT = 0.02


@cache
def _related(level: int) -> dict[int, frozenset[int]]:
    """For each card value, the values it shares at least one factor set of the deck with."""
    related: dict[int, set[int]] = {v: set() for v in set(number_cards(level))}
    for value, sets in partner_sets(level).items():
        for need in sets:
            related[value].update(v for v, c in need if v != value or c > 1)
    return {value: frozenset(values) for value, values in related.items()}


_PAIR = 1024  # two card values as one number: above * _PAIR + below (every value is below it)


@cache
def _together(level: int) -> dict[int, frozenset[int]]:
    """For two card values a stack may hold next to each other (as one number, see _PAIR):
    the values a third card (from the layout) may have in a factor set of the deck holding all
    three. A pair of values in no set together is missing."""
    found: dict[int, set[int]] = {}
    seen = set()
    for sets in partner_sets(level).values():
        for need in sets:
            if need in seen:
                continue
            seen.add(need)
            cards = [v for v, c in need for _ in range(c)]
            for i, a in enumerate(cards):
                for j, b in enumerate(cards):
                    if i != j:
                        third = found.setdefault(a * _PAIR + b, set())
                        third.update(v for k, v in enumerate(cards) if k != i and k != j)
    return {pair: frozenset(values) for pair, values in found.items()}


class _Search:
    def __init__(
        self,
        state: dict[str, Any],
        max_nodes: int,
        max_seconds: float | None,
        known_sets: dict | None = None,
    ):
        settings = state["settings"]
        self.layout = layout_of(settings)
        self.values = [card or 0 for card in state["foundation"]]
        self.hardness = [difficulty(card) if card else 0.0 for card in self.values]
        self.draw = list(reversed(state["draw"]))  # in the order they will be turned
        self.partners = partner_sets(settings["level"])
        self.related = _related(settings["level"])
        self.together = _together(settings["level"])
        self.stack_rules: dict[int, tuple[int, set[int], set[int]]] = {}
        self.value_rules: dict[frozenset[int], tuple[set[int], set[int]]] = {}
        # The cards still face down once `turned` cards have been turned, by value.
        self.unturned = [Counter(self.draw[turned:]) for turned in range(len(self.draw) + 1)]
        self.lost: set[tuple] = set()
        self.alone_lasts: dict[int, list[tuple[float, int]]] = {}
        self.helped: dict[tuple[int, int], float] = {}
        self.counts: dict[int, Counter] = {}
        self.layout_scores: dict[int, float] = {}  # the beam's, without the stack's part
        self.freeing: dict[tuple[int, int], bool] = {}
        self.where: dict[int, list[int]] = {}  # where each value lies in the draw pile
        for place, card in enumerate(self.draw):
            self.where.setdefault(card, []).append(place)
        # The same for each value with no other layout card's help: a bound from below.
        self.alone = {value: self._last(value, Counter([value])) for value in set(self.values)}
        # The sets of a layout and a stack top, sorted (keyed by layout, stack top, least run),
        # and find_collections' sets of a layout and a run's product (keyed by four numbers):
        # the same layout (and the same cards) may share these between searches of other
        # draw orders.
        self.known_sets = {} if known_sets is None else known_sets
        self.nodes = 0
        self.max_nodes = max_nodes
        self.deadline = None if max_seconds is None else time.perf_counter() + max_seconds

    def doomed(self, present: int, turned: int, stack: tuple) -> bool:
        """Some layout card can be in no set made of the cards that may still be taken: the
        layout, the reachable stack and the cards not yet turned."""
        alone = self.alone_lasts.get(present)
        if alone is None:  # each value's last turn for a set of cards not turned yet, least first
            values = self.values
            alone = sorted({(self.alone[values[p]], values[p]) for p in _bits(present)})
            self.alone_lasts[present] = alone
        if alone[0][0] >= turned:
            return False  # every card still has a set of cards not turned yet
        needy = []
        for last, value in alone:
            if last >= turned:
                break
            helped = self.helped.get((present, value))
            if helped is None:  # the same with the other layout cards' help
                helped = self._last(value, self.layout_counts(present))
                self.helped[present, value] = helped
            if helped < turned:
                needy.append(value)
        return bool(needy) and self._stuck(present, turned, stack, needy)

    def _last(self, value: int, here: Counter) -> float:
        """The most cards that may be turned while this value still has a set of the cards
        counted in `here` and cards not yet turned (infinite: no card need be turned)."""
        where = self.where
        best = -1.0
        for need in self.partners.get(value, ()):
            last = math.inf
            for v, c in need:
                missing = c - here[v]
                if missing > 0:
                    places = where.get(v, ())
                    last = min(last, places[-missing] if len(places) >= missing else -1)
            if last > best:
                best = last
                if best == math.inf:
                    break
        return best

    def _stuck(self, present: int, turned: int, stack: tuple, values: list[int]) -> bool:
        """One of these layout values is in no set of the layout's cards, the stack's and
        those not turned yet."""
        here = self.layout_counts(present)
        unturned = self.unturned[turned]
        on_stack: dict[int, int] = {}  # counted only when needed
        for value in values:
            for need in self.partners.get(value, ()):
                for v, c in need:
                    have = here[v] + unturned[v]
                    if have < c and stack:
                        n = on_stack.get(v)
                        if n is None:
                            n = on_stack[v] = stack.count(v)
                        have += n
                    if have < c:
                        break
                else:
                    break  # a set it can still be in
            else:
                return True
        return False

    def layout_counts(self, present: int) -> Counter:
        """The layout cards left, by value."""
        counts = self.counts.get(present)
        if counts is None:
            counts = self.counts[present] = Counter(self.values[p] for p in _bits(present))
        return counts

    def _cut(self, present: int, stack: tuple) -> tuple[tuple, tuple[int, tuple[int, ...]]]:
        """The top of the stack that sets may still take, and its shape: the fewest sets that
        take all of it, and the lengths of its runs of neighbours that may be in one set, top
        first (see `_turned`).

        A stack card leaves only in a set with a layout card, so one that shares no factor set
        of the deck with any layout card is a wall: nothing under it can ever be taken. Two
        neighbours in no set of the deck with a layout card's value are never taken in the same
        set, and no set takes more than 6 stack cards: reaching a card takes one set per such
        break above it, plus one, each with its own layout card.
        """
        sets_left, walls, near = self._rules(present)
        sets = 0  # the fewest sets that take this card and every card above it
        run = MAX_RUN  # cards since the last break
        above = -1
        runs, length = [], 0
        size = len(stack)
        for i, card in enumerate(reversed(stack)):
            linked = above * _PAIR + card in near  # (never so for a wall)
            if not linked or run == MAX_RUN:
                if sets == sets_left or (not linked and card in walls):
                    stack = stack[size - i :]
                    break
                sets, run = sets + 1, 0
                if not linked and length:
                    runs.append(length)
                    length = 0
            run += 1
            length += 1
            above = card
        if length:
            runs.append(length)
        return stack, (sets, tuple(runs))

    def _turned(self, present: int, stack: tuple, shape: tuple) -> tuple[tuple, tuple]:
        """`_cut` of a stack whose cards under its top were cut, with that shape: the
        new card adds one set to reach the cards under it, or none when it joins the top run
        and fits in its last set; when that is one set too many, the last set's cards go."""
        sets_left, walls, near = self._rules(present)
        card = stack[-1]
        if card in walls:
            return (), (0, ())
        sets, runs = shape
        if runs and card * _PAIR + stack[-2] in near:
            sets += runs[0] % MAX_RUN == 0
            runs = (runs[0] + 1, *runs[1:])
        else:
            sets, runs = sets + 1, (1, *runs)
        if sets > sets_left:
            bottom = runs[-1]
            keep = (bottom - 1) // MAX_RUN * MAX_RUN  # the bottom run's cards in other sets
            stack = stack[bottom - keep :]
            sets, runs = sets - 1, (*runs[:-1], keep) if keep else runs[:-1]
        return stack, (sets, runs)

    def _rules(self, present: int) -> tuple[int, set[int], set[int]]:
        """For these layout cards: how many sets may still be taken, and `_walls`."""
        rules = self.stack_rules.get(present)
        if rules is None:
            in_layout = frozenset(self.values[p] for p in _bits(present))
            rules = self.stack_rules[present] = (present.bit_count(), *self._walls(in_layout))
        return rules

    def _walls(self, in_layout: frozenset[int]) -> tuple[set[int], set[int]]:
        """For layout cards of these values: the stack cards that are walls, and the pairs of
        neighbours that may be in a set together (the same for every layout of these values)."""
        rules = self.value_rules.get(in_layout)
        if rules is None:
            walls = {v for v, links in self.related.items() if links.isdisjoint(in_layout)}
            near = {pair for pair, third in self.together.items()
                    if not third.isdisjoint(in_layout)}  # fmt: skip
            rules = self.value_rules[in_layout] = (walls, near)
        return rules

    def win(self, present: int, turned: int, stack: tuple, before: int, fresh: int,
            shape: tuple | None = None):  # fmt: skip
        """A winning line from here, or None if there is none.

        Only lines of a canonical form are searched; every winnable deal has one:

        - a set of layout cards covering no card outside the set frees nothing, so no other
          set ever needs it gone: it waits until the draw pile is empty;
        - every other set is taken as soon as it can be (taking it sooner only frees cards
          sooner), so one that could have been taken just before the last turn is skipped:
          `before` is the layout then, and `fresh` says where that turned card is now.

        (Move the first kind to the end of a winning line, then move each other set before
        the turn before it while it could be taken there: every move keeps the line legal, and
        each kind only ever moves one way, so this stops, in the canonical form.)

        `shape`, just after a turn: the shape of the stack under the new card (`_cut`), so that
        the stack is not scanned again (`_turned`).
        """
        if not present:
            return []
        size = len(stack)
        if shape is None:
            stack, shape = self._cut(present, stack)
        else:
            stack, shape = self._turned(present, stack, shape)
        just_turned = fresh == NEW and before == present
        if (not just_turned or len(stack) < size) and self.doomed(present, turned, stack):
            return None  # (turning alone moves a card, so only a cut can doom the layout)
        key = (present, turned, stack, before, fresh)
        if key in self.lost:
            return None
        self.count()
        covered_by = self.layout.covered_by
        more_turns = turned < len(self.draw)
        # Just after a turn, a set without the new card could have been taken before it.
        for mask, run in self.sets(present, stack, 1 if just_turned and more_turns else 0):
            if not run and not self.frees(present, mask):
                if more_turns:
                    continue  # it frees nothing: it waits for the end
            elif (
                fresh != ROOT
                and (not run or fresh == SAME)
                and all(not covered_by[p] & before & ~mask for p in _bits(mask))
            ):
                continue  # it could have been taken before the last turn
            after = fresh if fresh == DUG else _AFTER_RUN[fresh][min(run, 2)]
            line = self.win(present & ~mask, turned, stack[: len(stack) - run], before, after)
            if line is not None:
                return [("take", mask, run), *line]
        if more_turns:
            line = self.win(present, turned + 1, (*stack, self.draw[turned]), present, NEW, shape)
            if line is not None:
                return [TURN, *line]
        self.lost.add(key)
        return None

    def count(self) -> None:
        """One position more: stop when the budget of positions or of time is spent."""
        self.nodes += 1
        if self.nodes > self.max_nodes:
            raise _OutOfBudget
        deadline = self.deadline
        if deadline is not None and not self.nodes % 512 and time.perf_counter() > deadline:
            raise _OutOfBudget

    def sets(self, present: int, stack: tuple, min_run: int) -> list[tuple[int, int]]:
        """The sets that may be taken, those clearing the hardest layout cards first (this
        finds winning lines several times sooner than "most cards first")."""
        top = stack[-MAX_RUN:]  # no set takes more of the stack
        key = (present, top, min_run)
        sets = self.known_sets.get(key)
        if sets is None:
            # Sets are kept by the product of the stack cards they take: the same cards
            # make the same sets with the layout whatever lies under them.
            sets = find_collections(self.layout, self.values, present, list(top), None,
                                    min_run, self.known_sets)  # fmt: skip
            hard = self.hardness
            sets.sort(key=lambda s: (-sum(hard[p] for p in _bits(s[0])), -s[1]))
            self.known_sets[key] = sets
        return sets

    def beam(self, present: int, stack: tuple, width: int) -> list[tuple] | None:
        """A winning line found by a beam search, or None (which proves nothing).

        Turn by turn: every position reachable by taking sets before the next card is turned,
        then the `width` positions with the least hard layout left (at most `PER_LAYOUT` with
        the same layout cards, so the beam holds many layouts), none of them doomed. It looks
        at many lines side by side, so an early choice that was wrong does not trap it as it
        traps the depth-first search; the depth-first search is still what proves "no win".
        """
        last = len(self.draw)
        # A position: the layout cards left, the stack (`_cut`, and its shape), the line as
        # (step, earlier) links.
        beam: list[tuple] = [(present, *self._cut(present, stack), None)]
        for turned in range(last + 1):
            seen = {(p, s) for p, s, _, _ in beam}
            todo = beam
            room = CLOSURE * width  # with many like cards, sets combine many ways
            i = 0
            fresh = len(todo) if turned else 0  # the positions a turn made
            while i < len(todo):
                here, cards, _, line = todo[i]
                i += 1
                self.count()
                # Sets without the card just turned were there before the turn: the beam
                # already had the positions they make (or found better ones).
                for mask, run in self.sets(here, cards, 1 if i <= fresh else 0):
                    if turned < last and not run and not self.frees(here, mask):
                        continue  # it frees nothing: it waits for the end
                    left = here & ~mask
                    step = (("take", mask, run), line)
                    if not left:
                        return _unlink(step)
                    rest, shape = self._cut(left, cards[: len(cards) - run])
                    if (left, rest) not in seen and len(todo) < room:
                        seen.add((left, rest))
                        todo.append((left, rest, shape, step))
            if turned == last:
                return None
            card = self.draw[turned]
            scored = []
            for here, cards, shape, line in todo:
                cards, shape = self._turned(here, (*cards, card), shape)
                scored.append((self.score(here, cards), here, cards, shape, line))
            scored.sort(key=lambda entry: entry[0])
            beam, layouts = [], Counter()
            for _, here, cards, shape, line in scored:
                if layouts[here] >= PER_LAYOUT or self.doomed(here, turned + 1, cards):
                    continue
                layouts[here] += 1
                beam.append((here, cards, shape, (TURN, line)))
                if len(beam) >= width:
                    break
            if not beam:
                return None
        return None

    def frees(self, present: int, mask: int) -> bool:
        """Taking these layout cards uncovers a card that stays."""
        key = (present, mask)
        frees = self.freeing.get(key)
        if frees is None:
            covers = self.layout.covers
            frees = self.freeing[key] = any(covers[p] & present & ~mask for p in _bits(mask))
        return frees

    def score(self, present: int, stack: tuple) -> float:
        """How far a position is from a win, for the beam: the hardness of the layout cards
        left, less a little for each card free to use, plus a little for each face-up card
        (a card more on the stack buries the cards under it)."""
        layout_score = self.layout_scores.get(present)
        if layout_score is None:
            hard, covered_by = self.hardness, self.layout.covered_by
            cards = _bits(present)
            free = sum(1 for p in cards if not covered_by[p] & present)
            layout_score = sum(hard[p] for p in cards) - FREE_WEIGHT * free
            self.layout_scores[present] = layout_score
        return layout_score + STACK_WEIGHT * len(stack)


def _unlink(step: tuple) -> list[tuple]:
    line = []
    while step is not None:
        line.append(step[0])
        step = step[1]
    return line[::-1]


class Lookahead:
    """One imagined order of the draw pile, and the clairvoyant search of it, asked about
    several moves from the same position (positions shown lost are shared between them).

    The strong bot builds one per imagined order: `after(mask, run, nodes)` says whether the layout
    could still be cleared after taking that set (`mask`, `run`; (0, 0) for turning a card
    instead) — WIN, NO_WIN, or UNKNOWN when `nodes` positions were not enough.
    """

    def __init__(self, state: dict[str, Any], known_sets: dict | None = None):
        self.search = _Search(state, 0, None, known_sets)
        self.present = sum(1 << p for p, card in enumerate(state["foundation"]) if card)
        self.stack = tuple(state["stack"])

    def after(self, mask: int, run: int, nodes: int) -> str:
        search = self.search
        search.max_nodes = search.nodes + nodes
        present, stack = self.present & ~mask, self.stack[: len(self.stack) - run]
        turned = 0
        if not mask:
            if not search.draw:
                return NO_WIN
            turned, stack = 1, (*stack, search.draw[0])
        try:
            line = search.win(present, turned, stack, present, ROOT)
        except _OutOfBudget:
            return UNKNOWN
        return NO_WIN if line is None else WIN


def _bits(mask: int) -> list[int]:
    return [p for p in range(mask.bit_length()) if mask >> p & 1]


# The search's phases: depth first for a moment (most deals are decided there), then beam
# searches of these widths (they find the wins depth first gets lost looking for), then depth
# first again with the rest of the budget (it alone can prove "no win"). A depth-first phase
# looks at this many positions more (None: all the rest); positions shown lost are kept from
# one depth-first phase to the next.
PHASES = (("depth", 4_000), ("beam", 100), ("beam", 400), ("depth", None))


def solve(
    state: dict[str, Any], *, max_nodes: int = DEFAULT_NODES, max_seconds: float | None = None
) -> Solution:
    """Search for a winning line from this position, knowing the draw pile's order."""
    start = time.perf_counter()
    search = _Search(state, max_nodes, max_seconds)
    present = sum(1 << p for p, card in enumerate(state["foundation"]) if card is not None)
    stack = tuple(state["stack"])
    for kind, size in PHASES:
        # A depth-first phase may use `size` positions more; a beam, all the rest.
        more = size if kind == "depth" and size else max_nodes
        search.max_nodes = min(max_nodes, search.nodes + more)
        try:
            if kind == "beam":
                line = search.beam(present, stack, size)
                if line is None:
                    continue  # no win found, which proves nothing
            else:
                line = search.win(present, 0, stack, present, ROOT)
        except _OutOfBudget:
            if search.nodes < max_nodes and (
                search.deadline is None or time.perf_counter() < search.deadline
            ):
                continue  # only this phase's share is spent
            return Solution(UNKNOWN, nodes=search.nodes, seconds=time.perf_counter() - start)
        seconds = time.perf_counter() - start
        if line is None:
            return Solution(NO_WIN, nodes=search.nodes, seconds=seconds)
        return Solution(WIN, line, search.nodes, seconds)
    raise AssertionError("the last phase always answers")  # pragma: no cover


def line_moves(state: dict[str, Any], line: list[tuple]) -> list[Move]:
    """A solver line as the game's moves (a take naming its cards, Turn), from this state."""
    layout = layout_of(state["settings"])
    moves: list[Move] = []
    for step in line:
        if step == TURN:
            moves.append(Turn())
            continue
        _, mask, run = step
        # Cards lying on others first, as a player would pick them up.
        refs = [f"f{p}" for p in layout.order if mask >> p & 1]
        moves.append(Collect((*refs, *(f"s{depth}" for depth in range(run)))))
    return moves


TEACHER_SECONDS = 2.0  # enough for most deals (bench/solitaire.py); the rest say "unknown"
PROBE_SECONDS = 1.5  # each later position looked at while finding the first wrong move


DAY_NODES = 40_000  # positions per candidate deal of the day (a count, so every server agrees)
DAY_CANDIDATES = 200


@lru_cache(maxsize=64)
def _deal_of_the_day(day: str, level: int, layout: str, extra_rows: int) -> int:
    # Clean settings, as the game's new_game would make them (the product only changes the view).
    settings = {"level": level, "layout": layout, "extra_rows": extra_rows, "deal": "day",
                "product": "hidden"}  # fmt: skip
    for candidate in range(DAY_CANDIDATES):
        digest = hashlib.sha256(f"{day}|{level}|{layout}|{extra_rows}|{candidate}".encode())
        seed = int.from_bytes(digest.digest()[:6], "big")
        state = deal(settings, seed)
        if solve(state, max_nodes=DAY_NODES).status == WIN:
            return seed
    raise ValueError(f"no deal of the day found for {settings} on {day}")  # never seen


def deal_of_the_day(settings: dict[str, Any], day: date) -> int:
    """The seed of the day's deal for these (clean) settings: the first of a list of seeds
    made from the date and the settings whose deal the solver proves can be won, within a
    count of positions (not a time), so every server picks the same deal."""
    return _deal_of_the_day(
        day.isoformat(), settings["level"], settings["layout"], settings["extra_rows"]
    )


def could_have_won(
    initial_state: dict[str, Any],
    *,
    max_nodes: int = DEFAULT_NODES,
    max_seconds: float | None = TEACHER_SECONDS,
) -> bool | None:
    """For the teacher: could this deal have been won, knowing the draw pile? None: unknown.

    Pass the state at the start (the platform rebuilds it with new_game(settings, 1, seed));
    any later state asks the same question from that position. Run it in a task, not in a
    request: it may take `max_seconds`.
    """
    return solve(initial_state, max_nodes=max_nodes, max_seconds=max_seconds).winnable


@dataclass
class WrongMove:
    """Where a game that could have been won stopped being winnable.

    `before`: the moves made while it could still be won (the replay's step where the choice
    was made) and `state` there; `move`: the number of the move that ended that choice (the
    set taken, the card turned, the giving up) and `at_move` the state just before it;
    `lost_by`: the first step known lost (`proved`: it is the step right after the choice;
    otherwise the solver could not tell about the steps between); `instead`: the first step of
    the solver's winning line from `before`.
    """

    before: int
    state: dict[str, Any]
    move: int
    at_move: dict[str, Any]
    lost_by: int
    proved: bool
    instead: tuple
    gave_up: bool = False


def first_wrong_move(
    game: Any,
    start: dict[str, Any],
    log: list[tuple[int, Any]],
    *,
    probe_seconds: float = PROBE_SECONDS,
    max_probes: int = 10,
) -> tuple[str, WrongMove | None]:
    """The solver's verdict on the deal (WIN, NO_WIN, UNKNOWN) and, when it could have been
    won but was not, the first move after which it could no longer be won, from the start and
    the move log (seat, move data).

    Once a position cannot be won, no later one can, so a binary search over the positions
    between moves finds the boundary: the last position with a winning line, and the next
    one, proved lost (a lost game's end is lost by the rules).
    """
    steps, states = [0], [start]  # the positions between moves (nothing chosen) while playing
    state, every = start, [start]  # every: the state after each move
    for number, (seat, data) in enumerate(log, start=1):
        state = apply_logged(game, state, seat, data)
        every.append(state)
        if not state["selection"] and state["status"] == "playing":
            steps.append(number)
            states.append(state)
    if state["status"] == "won":
        return WIN, None
    steps.append(len(log))  # the end, after the last move
    states.append(state)
    end = len(states) - 1
    lines: dict[int, list[tuple]] = {}

    def verdict(i: int) -> str:
        seconds = TEACHER_SECONDS if i == 0 else probe_seconds
        solution = solve(states[i], max_nodes=10**9, max_seconds=seconds)
        if solution.status == WIN:
            lines[i] = solution.line
        return solution.status

    if (first := verdict(0)) != WIN:
        return first, None
    low, high, proved = 0, end, True
    if state["status"] != "lost":  # given up (or not over): could it still be won there?
        answer = verdict(end - 1) if end > 1 else WIN
        if answer == WIN:
            before = end - 1
            return WIN, WrongMove(steps[before], states[before], len(log), every[-2], len(log),
                                  True, _first(lines.get(before)), gave_up=True)  # fmt: skip
        high, proved = (end - 1, True) if answer == NO_WIN else (end, False)
    unknown: set[int] = set()
    for _ in range(max_probes):
        middle = next((i for i in _middle_out(low, high) if i not in unknown), None)
        if middle is None:
            break
        answer = verdict(middle)
        if answer == WIN:
            low = middle
        elif answer == NO_WIN:
            high = middle
        else:
            unknown.add(middle)
    return WIN, WrongMove(
        before=steps[low],
        state=states[low],
        move=steps[low + 1],
        at_move=every[steps[low + 1] - 1],
        lost_by=steps[high],
        proved=proved and high == low + 1,
        instead=_first(lines.get(low)),
    )


def _middle_out(low: int, high: int) -> list[int]:
    """The positions strictly between, from the middle outwards."""
    middle = (low + high) // 2
    return sorted(range(low + 1, high), key=lambda i: (abs(i - middle), i))


def _first(line: list[tuple] | None) -> tuple:
    return tuple(line[0]) if line else ()
