"""Could this game of Prime Solitaire be won? A search that knows the order of the draw pile.

`solve(state)` looks for a line of play that clears the layout from this position, knowing
every card still face down (so it is a perfect-knowledge bound, not a fair player). It either
finds a winning line (replayable through the rules as ordinary moves: `line_moves`), proves that
none exists, or, when its node or time budget runs out, says "unknown" — it never claims a game
is unwinnable without having looked at every way to play it.

The search: depth first, sets before turning, the sets clearing the hardest layout cards first.
A position is (layout cards left, cards turned, the reachable top of the face-up stack by value,
and what the canonical form below needs); positions already shown lost are remembered. Only
lines of a canonical form are searched (see `_Search.win`). A position is lost at once when some
layout card can no longer be in any factor set of the cards that may still be taken. Stack cards
that can never be taken again are dropped: those deeper than 6 per layout card left (no set of
the deck has more than 7 cards, and each set takes a layout card), and everything under a card
that shares no factor set of the deck with any layout card (a wall).

Measured (bench/solitaire.py): most deals are decided in milliseconds; the hard tail is mostly
deals without a win, which take an exhaustive search to prove, so a budget is always given.
"""

from __future__ import annotations

import hashlib
import time
from collections import Counter
from dataclasses import dataclass, field
from datetime import date
from functools import cache, lru_cache
from typing import Any

from games.engine.protocol import Move, apply_logged

from .cards import number_cards
from .solitaire import (
    MAX_RUN,
    SOLITAIRE,
    Clear,
    Collect,
    Select,
    Turn,
    difficulty,
    find_collections,
    layout_of,
    partner_sets,
)

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
# No factor set of the deck has more than 7 cards, and each holds a layout card: with k layout
# cards left, at most k more sets, so stack cards deeper than 6k can never be taken again.
STACK_CARDS_PER_SET = 6


@cache
def _related(level: int) -> dict[int, frozenset[int]]:
    """For each card value, the values it shares at least one factor set of the deck with."""
    related: dict[int, set[int]] = {v: set() for v in set(number_cards(level))}
    for value, sets in partner_sets(level).items():
        for need in sets:
            related[value].update(v for v, c in need if v != value or c > 1)
    return {value: frozenset(values) for value, values in related.items()}


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
        # The cards still face down once `turned` cards have been turned, by value.
        self.unturned = [Counter(self.draw[turned:]) for turned in range(len(self.draw) + 1)]
        self.lost: set[tuple] = set()
        # The sets of a layout and a stack top, sorted: the same layout (and the same cards)
        # may share this between searches of other draw orders.
        self.known_sets = {} if known_sets is None else known_sets
        self.nodes = 0
        self.max_nodes = max_nodes
        self.deadline = None if max_seconds is None else time.perf_counter() + max_seconds

    def doomed(self, present: int, turned: int, stack: tuple) -> bool:
        """Some layout card can be in no set made of the cards that may still be taken: the
        layout, the reachable stack and the cards not yet turned."""
        values = self.values
        layout_cards = [values[p] for p in _bits(present)]
        here = Counter(stack)
        here.update(layout_cards)
        unturned = self.unturned[turned]
        for value in set(layout_cards):
            for need in self.partners.get(value, ()):
                if all(here[v] + unturned[v] >= c for v, c in need):
                    break
            else:
                return True
        return False

    def reachable(self, present: int, stack: tuple) -> tuple:
        """The top of the stack that sets may still take.

        A stack card leaves only in a set with a layout card, so one that shares no factor set
        of the deck with any layout card is a wall: nothing under it can ever be taken. And two
        neighbours sharing no set of the deck are never taken in the same set: reaching a card
        takes one set per such break above it, plus one, each with its own layout card.
        """
        in_layout = {self.values[p] for p in _bits(present)}
        sets_left = present.bit_count()
        related = self.related
        breaks = 0
        above = None
        for depth in range(len(stack) - 1, -1, -1):
            card = stack[depth]
            links = related[card]
            if links.isdisjoint(in_layout):
                return stack[depth + 1 :]
            if above is not None and above not in links:
                breaks += 1
                if breaks >= sets_left:
                    return stack[depth + 1 :]
            above = card
        return stack

    def win(self, present: int, turned: int, stack: tuple, before: int, fresh: int):
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
        """
        if not present:
            return []
        size = len(stack)
        reach = STACK_CARDS_PER_SET * present.bit_count()
        if size > reach:
            stack = stack[-reach:]  # the rest is buried for good
        just_turned = fresh == NEW and before == present
        stack = self.reachable(present, stack)
        if (not just_turned or len(stack) < size) and self.doomed(present, turned, stack):
            return None  # (turning alone moves a card, so only a cut can doom the layout)
        key = (present, turned, stack, before, fresh)
        if key in self.lost:
            return None
        self.nodes += 1
        if self.nodes > self.max_nodes:
            raise _OutOfBudget
        if (
            self.deadline is not None
            and not self.nodes % 512
            and time.perf_counter() > self.deadline
        ):
            raise _OutOfBudget
        covered_by, covers = self.layout.covered_by, self.layout.covers
        more_turns = turned < len(self.draw)
        # Just after a turn, a set without the new card could have been taken before it.
        for mask, run in self.sets(present, stack, 1 if just_turned and more_turns else 0):
            if not run and all(not covers[p] & present & ~mask for p in _bits(mask)):
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
            line = self.win(present, turned + 1, (*stack, self.draw[turned]), present, NEW)
            if line is not None:
                return [TURN, *line]
        self.lost.add(key)
        return None

    def sets(self, present: int, stack: tuple, min_run: int) -> list[tuple[int, int]]:
        """The sets that may be taken, those clearing the hardest layout cards first (this
        finds winning lines several times sooner than "most cards first")."""
        top = stack[-MAX_RUN:]  # no set takes more of the stack
        key = (present, top, min_run)
        sets = self.known_sets.get(key)
        if sets is None:
            sets = find_collections(self.layout, self.values, present, list(top), None, min_run)
            hard = self.hardness
            sets.sort(key=lambda s: (-sum(hard[p] for p in _bits(s[0])), -s[1]))
            self.known_sets[key] = sets
        return sets


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


def solve(
    state: dict[str, Any], *, max_nodes: int = DEFAULT_NODES, max_seconds: float | None = None
) -> Solution:
    """Search for a winning line from this position, knowing the draw pile's order."""
    start = time.perf_counter()
    search = _Search(state, max_nodes, max_seconds)
    present = sum(1 << p for p, card in enumerate(state["foundation"]) if card is not None)
    try:
        line = search.win(present, 0, tuple(state["stack"]), present, ROOT)
    except _OutOfBudget:
        return Solution(UNKNOWN, nodes=search.nodes, seconds=time.perf_counter() - start)
    seconds = time.perf_counter() - start
    if line is None:
        return Solution(NO_WIN, nodes=search.nodes, seconds=seconds)
    return Solution(WIN, line, search.nodes, seconds)


def line_moves(state: dict[str, Any], line: list[tuple]) -> list[Move]:
    """A solver line as the game's moves (Select ... Collect, Turn), from this state."""
    layout = layout_of(state["settings"])
    moves: list[Move] = [Clear()] if state["selection"] else []
    for step in line:
        if step == TURN:
            moves.append(Turn())
            continue
        _, mask, run = step
        # Cards lying on others first, so every choice is of an uncovered (or freed) card.
        moves += [Select(f"f{p}") for p in layout.order if mask >> p & 1]
        moves += [Select(f"s{depth}") for depth in range(run)]
        moves.append(Collect())
    return moves


TEACHER_SECONDS = 2.0  # enough for most deals (bench/solitaire.py); the rest say "unknown"
PROBE_SECONDS = 1.5  # each later position looked at while finding the first wrong move


DAY_NODES = 40_000  # positions per candidate deal of the day (a count, so every server agrees)
DAY_CANDIDATES = 200


@lru_cache(maxsize=64)
def _deal_of_the_day(day: str, level: int, layout: str, extra_rows: int) -> int:
    settings = {"level": level, "layout": layout, "extra_rows": extra_rows, "deal": "day"}
    for candidate in range(DAY_CANDIDATES):
        digest = hashlib.sha256(f"{day}|{level}|{layout}|{extra_rows}|{candidate}".encode())
        seed = int.from_bytes(digest.digest()[:6], "big")
        state = SOLITAIRE.new_game(settings, 1, seed)
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
