"""The strong bot's search: the Equate play of highest value, by branch and bound.

movegen lists every play, and a full rack can make 10^4 to 10^5 equations: listing them all
takes seconds. The strong bot (and the hint) wants only the best one, so this search walks
the same tree as movegen (anchors, cross-checks, scan.step refusing lines that cannot be right)
but carries each play's score as it grows and cuts every branch that cannot beat the best
play found so far:

- The value of a play is its score (rules.play's: the symbols, 2S/3S, then 2E/3E on the main
  line, the lines across that are equations, 40 for all nine) plus what the tiles kept are
  worth (`leave`, the bot's judgement; none for the hint).
- A bound for a branch: the points so far, plus for each number j of tiles still to come the
  most they could add (the j best tiles left, on the best symbol premium of the next j empty
  squares, the tiles already on the board there, every 2E/3E among those squares multiplying
  the line, the best each square's line across could score, the 40 when j makes nine), plus
  the best `leave` can be. One of the tiles to come is an "=" (worth 0) while the line has
  none (unless a blank, which counts toward the nine, is left to be it). The bound is never
  below what a play of that branch scores, so cutting it loses nothing.
- Cuts by value, for an equation's two sides must be equal (never for a line that may go
  below 0: an Advanced negative tile): after the "=" with at most SIDES tiles left, the right
  sides that can follow are found once for that square and those tiles, by value, and each
  left side meets only those of its value; a right side is dropped when the least it can
  still add up to is more than the left side, or the most is less; a left side is dropped
  when the least it can still add up to is more than any right side of the tiles left could
  be (the most: every digit in one number, × and ÷ at their largest, the tiles on the board
  ahead counted in).
- The search starts where the bound is highest (a line through two 3E squares can score 9
  times its tiles), so a high play is found early and cuts most of the rest.
- Plays without the blanks are searched first; then, while steps are left, plays with them
  (a blank stands for any of 30 faces at each square: far more plays), cut by the best found
  without them. With no play found without them, they get a quarter of the budget at least.
- It runs on a budget of search steps (deterministic: steps, not seconds). First the plays of
  at most SHORT tiles (quick: a play to beat), then those of at most MEDIUM tiles on a part of
  the budget (their bounds cut more), then every start gets a few steps (FIRST_LOOK), so good
  plays all over the board are seen, then the starts are searched to their end in the order
  of their bounds. When that ends within the budget the play is proved the best there is
  (`proven`); otherwise it is the best found.

Equal values go to the first play found, so the search is deterministic.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass

from games.engine.protocol import State

from . import rules, scan
from .board import ACROSS, DOWN, LINE_FACTORS, SYMBOL_FACTORS, other, square_of
from .movegen import FROM_BLANK, Scorer, _lines, _OutOfSteps, _Search
from .tiles import BLANK, DIVIDE, EQUALS, FRACTIONS, MINUS, PLUS, PREMIUMS, SCORES, TIMES

LETTER = {sq: SYMBOL_FACTORS.get(kind, 1) for sq, kind in PREMIUMS.items()}
WORD = {sq: LINE_FACTORS.get(kind, 1) for sq, kind in PREMIUMS.items()}
NOTHING = float("-inf")
INFINITY = float("inf")
SHRINKS = frozenset({"0", *FRACTIONS})  # × by one of these can make a number smaller

BEST_STEPS = 100_000  # the strong bot's budget: steps of the search (about 0.65 s here)
FIRST_LOOK = 400  # the steps each start gets in the first look over the board
SIDES = 6  # right sides are found once (by value) when at most this many tiles are left
MEDIUM, MEDIUM_SHARE = 5, 0.25  # then those of at most 5, on a quarter of the budget at most
SHORT = 3  # the plays of at most this many tiles are searched first, to their end


@dataclass(frozen=True)
class Best:
    """The search's answer: the play (None: none found), its value and score, whether it is
    proved the best, and the steps taken."""

    play: list[list] | None
    value: float
    score: int
    proven: bool
    steps: int


def best_play(
    state: State,
    seat: int,
    *,
    leave: Callable[[list[str]], float] | None = None,
    leave_bound: float = 0.0,
    budget: float = BEST_STEPS,
) -> Best:
    """The play of `seat` whose score + leave(tiles kept) is highest (only plays whose main
    line is an equation: the others score 0), within `budget` steps. `leave_bound` must be at
    least every value `leave` gives."""
    search = _BranchAndBound(state, seat, leave, leave_bound, budget)
    proven = search.run(blanks=False)
    if BLANK in state["racks"][seat]:
        if search.best_play is None:  # nothing without them: a quarter of the budget at least
            search.budget = max(search.budget, budget / 4)
        if search.budget > 0:
            search.reset(blanks=True)  # every play, with or without the blanks
            proven = search.run(blanks=True)
        else:
            proven = False
    play = search.best_play
    score = Scorer(state, seat).score(play) if play else 0
    return Best(play, search.best_value, score, proven, search.steps)


class _BranchAndBound(_Search):
    """movegen's search with the score carried along and the branches that cannot win cut."""

    def __init__(self, state, seat, leave, leave_bound, budget) -> None:
        self.state, self.seat = state, seat
        self.leave = leave or (lambda faces: 0.0)
        self.leave_bound = leave_bound
        self.budget = budget
        self.steps = 0
        self.best_value: float = NOTHING
        self.best_play: list[list] | None = None
        self.points = {
            square_of(k): 0 if tile["blank"] else SCORES[tile["face"]]
            for k, tile in state["board"].items()
        }
        self.reset(blanks=False)

    def reset(self, blanks: bool) -> None:
        """The hand for a search without or with the blanks (the budget goes on)."""
        budget = self.budget
        _Search.__init__(self, self.state, self.seat, expressions=False, blanks=blanks)
        self.budget = budget
        self.initial = dict(self.left)
        self.rack_hand = sum(n for source, n in self.left.items() if source != EQUALS)
        self.ends: dict[tuple, float] = {}
        self.tops: dict[tuple, tuple] = {}
        self.right_tables: dict[tuple, dict | None] = {}
        self.faces_left: dict[tuple, frozenset] = {}
        self.mosts: dict[tuple, tuple | None] = {}

    # --- tables -----------------------------------------------------------------------------------
    def _score_tables(self) -> None:
        """Points of the tiles beside each empty square, the lines across, and for each empty
        square the steps ahead (the bound's figures)."""
        self._tables()
        run = {step: {} for step in (ACROSS, DOWN)}
        before = {step: {} for step in (ACROSS, DOWN)}
        for step in (ACROSS, DOWN):
            for sq in self.empty:
                before[step][sq] = self._points_run(sq, step, -1)
                run[step][sq] = self._points_run(sq, step, 1)
        self.run_points, self.before_points = run, before
        # The tiles on the board ahead of each empty square in its line: their faces, and
        # their faces counted (as sorted (face, count) pairs).
        self.board_ahead: dict = {step: {} for step in (ACROSS, DOWN)}
        self.board_counts: dict = {step: {} for step in (ACROSS, DOWN)}
        for step in (ACROSS, DOWN):
            for line in _lines(step):
                seen: Counter = Counter()
                for sq in reversed(line):
                    if sq in self.filled:
                        seen[self.filled[sq]] += 1
                    else:
                        self.board_ahead[step][sq] = frozenset(seen)
                        self.board_counts[step][sq] = tuple(sorted(seen.items()))
        best_tile = max((SCORES[s] for s in self.left if s != BLANK), default=0)
        self.across: dict = {step: {} for step in (ACROSS, DOWN)}
        cross_most: dict = {step: {} for step in (ACROSS, DOWN)}
        for step in (ACROSS, DOWN):
            way = other(step)
            for sq in self.empty:
                ahead, behind = self.before[way][sq], self.after[way][sq][0]
                if not (ahead or behind):
                    self.across[step][sq] = None
                    cross_most[step][sq] = 0
                    continue
                board = before[way][sq] + run[way][sq]
                equation = EQUALS in ahead or EQUALS in behind
                self.across[step][sq] = (board, equation)
                most = board + (best_tile * LETTER.get(sq, 1) if equation else 0)
                cross_most[step][sq] = most * WORD.get(sq, 1)
        # ahead[step][sq][j - 1]: for the next j empty squares from sq on (sq first), the
        # product of their 2E/3E, the board tiles' points after each, their best 2S/3S, and
        # the best their lines across can score.
        self.ahead: dict = {step: {} for step in (ACROSS, DOWN)}
        for step in (ACROSS, DOWN):
            for sq in self.empty:
                rows, factor, board, letter, cross, at = [], 1, 0, 1, 0, sq
                while at is not None and len(rows) < self.hand_size:
                    factor *= WORD.get(at, 1)
                    board += run[step][at]
                    letter = max(letter, LETTER.get(at, 1))
                    cross += cross_most[step][at]
                    rows.append((factor, board, letter, cross))
                    at = self.after[step][at][1]
                self.ahead[step][sq] = rows

    def _points_run(self, sq, step, way: int) -> int:
        total, (row, col) = 0, (sq[0] + way * step[0], sq[1] + way * step[1])
        while (row, col) in self.filled:
            total += self.points[(row, col)]
            row, col = row + way * step[0], col + way * step[1]
        return total

    # --- values -----------------------------------------------------------------------------------
    def _cross(self, sq, step, face: str, points: int) -> int:
        """What the line across a new tile on `sq` scores (a play along `step`)."""
        across = self.across[step][sq]
        if across is None or not (across[1] or face == EQUALS):
            return 0
        return (across[0] + points * LETTER.get(sq, 1)) * WORD.get(sq, 1)

    def _end(self) -> float:
        """The 40 for nine rack tiles, plus what the tiles kept are worth."""
        key = tuple(self.left.values())
        value = self.ends.get(key)
        if value is None:
            used = Counter({s: self.initial[s] - n for s, n in self.left.items() if s != EQUALS})
            kept = list((Counter(self.state["racks"][self.seat]) - used).elements())
            nine = sum(used.values()) == rules.RACK_SIZE
            value = self.ends[key] = (rules.ALL_NINE_BONUS if nine else 0) + self.leave(kept)
        return value

    def _top(self) -> tuple[list[int], int]:
        """The points of the best 0, 1, 2 ... rack tiles left, and how many are left."""
        key = tuple(self.left.values())
        top = self.tops.get(key)
        if top is None:
            points = sorted(
                (
                    0 if source == BLANK else SCORES[source]
                    for source, n in self.left.items()
                    if source != EQUALS
                    for _ in range(n)
                ),
                reverse=True,
            )
            sums = [0]
            for value in points:
                sums.append(sums[-1] + value)
            top = self.tops[key] = (sums, len(points))
        return top

    def _bound(
        self, sq, step, main: int, factor: int, cross: int, needs_equals: bool, beat=INFINITY
    ) -> float:
        """The most a play can be worth that goes on with tiles from the empty square `sq`,
        its main line at `main` points × `factor` so far and its lines across at `cross`
        (or, as soon as it is known to be more than `beat`, a value that is)."""
        key = tuple(self.left.values())
        top = self.tops.get(key) or self._top()
        sums, rack_left = top
        placed = self.rack_hand - rack_left
        # The "=" to come is worth 0, but a blank may be it: then it counts toward the nine.
        needs_equals = needs_equals and not self.left.get(BLANK)
        target = beat - self.leave_bound
        best = NOTHING
        for j, (more, board, letter, crossing) in enumerate(self.ahead[step][sq], 1):
            k = j - 1 if needs_equals else j  # rack tiles among the j
            if k > rack_left:
                break
            value = (main + board + sums[k] * letter) * factor * more + cross + crossing
            if placed + k == rules.RACK_SIZE:
                value += rules.ALL_NINE_BONUS
            if value > best:
                best = value
                if best > target:
                    break
        return best + self.leave_bound

    # --- the search -------------------------------------------------------------------------------
    def run(self, blanks: bool) -> bool:
        """Search within the budget: the short plays, the plays of up to MEDIUM tiles, a first
        look, then every start to its end in the order of their bounds. True when the last
        ran to its end."""
        whole = self.hand_size
        self.hand_size = min(SHORT, whole)
        self._score_tables()
        self._singles()
        for _, sq, step in self._starts():
            if not self._try(sq, step):
                return False
        # Plays of a few more tiles, on a part of the budget: a better play to beat.
        self.hand_size = min(MEDIUM, whole)
        self._score_tables()
        kept = 0 if self.budget == INFINITY else int(self.budget * (1 - MEDIUM_SHARE))
        self.budget -= kept
        for bound, sq, step in self._starts():
            if -bound <= self.best_value or not self._try(sq, step):
                break
        self.budget += kept
        self.hand_size = whole
        self._score_tables()
        starts = self._starts()
        total = self.budget
        for bound, sq, step in starts:  # a few steps for each start, best bound first
            if -bound <= self.best_value or total <= 0:
                break
            self.budget = min(FIRST_LOOK, total)
            before = self.budget
            finished = self._try(sq, step)
            total -= before - self.budget if finished else before
        self.budget = total
        for bound, sq, step in starts:
            if -bound <= self.best_value:
                return True
            if not self._try(sq, step):
                return False
        return True

    def _starts(self) -> list[tuple]:
        """(-bound, square, step) for every square a play can start on, best bound first."""
        starts = []
        for sq in self.empty:
            for step in (ACROSS, DOWN):
                if self.cost[step][sq] <= self.hand_size:
                    needs = EQUALS not in self.before[step][sq] and not self.equals_ahead[step][sq]
                    bound = self._bound(sq, step, self.before_points[step][sq], 1, 0, needs)
                    starts.append((-bound, sq, step))
        starts.sort()
        return starts

    def _try(self, sq, step) -> bool:
        """Search the plays starting on `sq` along `step`; False when the budget ran out."""
        try:
            self._start(sq, step)
        except _OutOfSteps:
            self.left.update(self.initial)  # the hand as it was before the search stopped
            self.placed.clear()
            self.budget = 0
            return False
        return True

    def _singles(self) -> None:
        """One tile alone, its main line an equation (docs/rules.md, Equate: "A play")."""
        scorer = Scorer(self.state, self.seat)
        lone = not self.filled
        for sq in sorted(self.anchors):
            down, across = self.cross[ACROSS][sq], self.cross[DOWN][sq]
            for face, source, rank in self.choices:
                fits = (down is None or face in down) and (across is None or face in across)
                if fits and self._alone_ok(sq, face, lone):
                    tile = self.positions[source][0]
                    play = [[sq[0], sq[1], tile, face if rank == FROM_BLANK else None]]
                    self.left[source] -= 1
                    self._offer(scorer.score(play) + self._end(), play)
                    self.left[source] += 1

    def _offer(self, value: float, play: list[list]) -> None:
        if value > self.best_value:
            self.best_value, self.best_play = value, play

    def _start(self, sq, step) -> None:
        context = self._context(sq, step)
        if context is not None:
            before = self.before_points[step][sq]
            self._put(sq, step, context, self.choices, sq in self.anchors, 1, before, 0)

    def _enter(self, sq, step, state):
        """One step of the search (out of budget: _OutOfSteps): the reading after a tile on
        `sq` and the tiles on the board after it, or None when the line cannot be right."""
        if self.budget <= 0:
            raise _OutOfSteps
        self.budget -= 1
        self.steps += 1
        for face in self.after[step][sq][0]:
            state = scan.step(state, face)
            if state is None:
                return None
        return state

    def _grow(self, sq, step, state, touching: bool, factor: int, main: int, cross: int) -> None:
        """After a tile on `sq`: read the tiles after it, end the play there, or go on."""
        state = self._enter(sq, step, state)
        if state is None:
            return
        beyond = self.after[step][sq][1]
        main += self.run_points[step][sq]
        equation = state[8] is not None and len(self.placed) > 1
        if equation and touching and scan.finish(state) == "equation":
            self._offer(main * factor + cross + self._end(), [list(p) for p in self.placed])
        if state[8] is None and not self._equals_to_come(beyond, step):
            return
        hand = self.hand_size - len(self.placed)
        if beyond is None or hand <= 0 or not (touching or self.cost[step][beyond] <= hand):
            return
        if state[8] is not None:
            if self._right_sides(state, beyond, step, touching, main, factor, cross):
                return
            if self._too_big(state, beyond, step) or self._too_small(state, beyond, step):
                return
        elif self._left_too_big(state, beyond, step):
            return
        needs_equals = state[8] is None and not self.equals_ahead[step][beyond]
        beat = self.best_value
        if self._bound(beyond, step, main, factor, cross, needs_equals, beat) <= beat:
            return
        touching = touching or beyond in self.anchors
        choices = self._next_choices(state)
        self._put(beyond, step, state, choices, touching, factor, main, cross)

    def _right_sides(self, state, beyond, step, touching: bool, main, factor, cross) -> bool:
        """Right after an "=" (or "= 0 +") with few tiles left: every right side that can
        follow is found once for the square it starts on and the tiles left, with its value
        and points (_sides), and only those of the left side's value are offered. False when
        this does not apply (the search goes on tile by tile)."""
        mode, _, _, _, term, mulop, total, adding, left, below, negtile, _ = state
        if mode != scan.START or term is not None or mulop is not None or total != 0:
            return False
        if not adding or below or negtile or beyond is None:
            return False
        hand = self.hand_size - len(self.placed)
        sides = self._sides(beyond, step, hand)
        if sides is None:
            return False
        held, placed = self.left, self.placed
        for tiles, used, more_main, more_factor, more_cross, touch in sides.get(left, ()):
            if not (touching or touch):
                continue
            for source in used:
                held[source] -= 1
            end = self._end()
            for source in used:
                held[source] += 1
            value = (main + more_main) * factor * more_factor + cross + more_cross + end
            if value > self.best_value:
                self._offer(value, [list(p) for p in placed] + [list(t) for t in tiles])
        return True

    def _too_big(self, state, beyond, step) -> bool:
        """On the right side: True when the least it can still add up to (_least) is more
        than the left side."""
        least = self._least(state, beyond, step)
        return least is not None and least > state[8]

    def _too_small(self, state, beyond, step) -> bool:
        """On the right side: True when the most it can still add up to (the number being
        read grown by every digit left, the term multiplied by everything, then every term
        _most allows, the tiles on the board ahead counted in) is less than the left side."""
        if state[10] or not state[11]:
            return False
        shape = self._most(beyond, step)
        if shape is None:
            return False
        most, digits, factors, number = shape
        mode, whole, _, value, term, mulop, total, adding, left, *_ = state
        grow = max(number, 6) ** factors
        if mode == scan.OPEN:
            last = (whole + 1) * 10**digits
        else:
            last = value if mode == scan.CLOSED else number
        if not adding:
            current = 0  # taken away
        elif mulop is None:
            current = last * grow
        else:
            current = term * max(last, 6) * grow
        return total + current + most < left

    def _left_too_big(self, state, beyond, step) -> bool:
        """On the left side: True when the least it can still add up to (_least) is more
        than any right side of the tiles left and those on the board ahead could be."""
        least = self._least(state, beyond, step)
        if least is None:
            return False
        shape = self._most(beyond, step)
        return shape is not None and least > shape[0]

    def _least(self, state, beyond, step):
        """The least the side being read can still add up to: what it adds up to so far,
        with the number being read when nothing to come can make it smaller (÷, or × with a
        0 or a fraction), less all that the terms to come can be (_most) when a − is left.
        None when unknown (a − waiting for its term, a negative tile; a blank stands for any
        face, a − among them)."""
        mode, whole, _, value, _, mulop, total, adding, _, _, negtile, strict = state
        if not (adding and strict) or negtile:
            return None
        faces = self._faces_left(beyond, step)
        shrinks = DIVIDE in faces or (TIMES in faces and not SHRINKS.isdisjoint(faces))
        if mulop is None and not shrinks:
            total = scan._add(total, whole if mode == scan.OPEN else value)
        if MINUS in faces:
            shape = self._most(beyond, step)
            if shape is None:
                return None
            total -= shape[0]  # all it may still take away
        return total

    def _most(self, beyond, step) -> tuple[int, int, int, int] | None:
        """(more than any sum of terms the tiles left and those on the board ahead of
        `beyond` can make, their digits, their × and ÷, their digits in one number + 1):
        each number is less than all the digits in one number (+ 1 for a fraction), each ×
        or ÷ multiplies by at most that or 6 (÷ ⅙), and there are at most one more terms
        than + and − tiles. None with a blank or an Advanced tile among them."""
        board = self.board_counts[step][beyond]
        key = (tuple(self.left.values()), board)
        if key in self.mosts:
            return self.mosts[key]
        held = Counter({source: n for source, n in self.left.items() if n})
        held.update(dict(board))
        shape = None
        if not any(s == BLANK or s.startswith("-") or s[-1] in "²³" for s in held):
            digits = sorted(held.elements(), reverse=True)
            digits = [face for face in digits if face.isdigit()]
            number = int("".join(digits) or "0") + 1
            factors = held[TIMES] + held[DIVIDE]
            terms = held[PLUS] + held[MINUS] + 1
            shape = (terms * number * max(number, 6) ** factors, len(digits), factors, number)
        self.mosts[key] = shape
        return shape

    def _faces_left(self, beyond, step) -> frozenset:
        """The faces still in the hand and on the board ahead of `beyond` in its line."""
        key = (beyond, step, tuple(self.left.values()))
        faces = self.faces_left.get(key)
        if faces is None:
            held = {source for source, n in self.left.items() if n}
            if BLANK in held:
                held |= set(self.faces)
            faces = self.faces_left[key] = frozenset(held) | self.board_ahead[step][beyond]
        return faces

    def _sides(self, beyond, step, hand: int) -> dict | None:
        """Every right side from the empty square `beyond` on with the tiles left (at most
        `hand`), by value: (placements, sources used, main points, 2E/3E factor, points of
        the lines across, whether it touches a tile), or None for more than SIDES tiles left
        or a blank among them. Counted in the search's steps."""
        key = (beyond, step, hand, tuple(self.left.values()))
        if key in self.right_tables:
            return self.right_tables[key]
        tiles = sum(n for source, n in self.left.items() if source != EQUALS)
        if tiles > SIDES or self.left.get(BLANK):
            self.right_tables[key] = None
            return None
        found: dict = {}
        left, placed = self.left, []

        def walk(sq, state, main: int, factor: int, cross: int, touch: bool) -> None:
            state = self._enter(sq, step, state)
            if state is None:
                return
            after = self.after[step][sq][1]
            main += self.run_points[step][sq]
            value = scan.side_value(state)
            if value is not None:
                used = tuple(source for _, _, _, source in placed)
                tiles = tuple((r, c, tile, None) for r, c, tile, _ in placed)
                found.setdefault(value, []).append((tiles, used, main, factor, cross, touch))
            if after is not None and len(placed) < hand:
                go_on(after, state, main, factor, cross, touch)

        def go_on(sq, state, main, factor, cross, touch) -> None:
            keep = self.cross[step][sq]
            letter, word = LETTER.get(sq, 1), WORD.get(sq, 1)
            touch = touch or sq in self.anchors
            for face, source, _ in self._next_choices(state):
                if face == EQUALS or not left[source] or (keep is not None and face not in keep):
                    continue
                after = scan.step(state, face)
                if after is None:
                    continue
                points = SCORES[face]
                placed.append((sq[0], sq[1], self._tile(source), source))
                left[source] -= 1
                more = self._cross(sq, step, face, points)
                walk(sq, after, main + points * letter, factor * word, cross + more, touch)
                left[source] += 1
                placed.pop()

        # Read as after an "=" (its left side's value aside): a second "=" is refused.
        fresh = scan.initial(self.start[-1])
        try:
            go_on(beyond, (*fresh[:8], 0, *fresh[9:]), 0, 1, 0, False)
        except _OutOfSteps:
            left.update(self.initial)
            raise
        self.right_tables[key] = found
        return found

    def _put(self, sq, step, state, choices, touching: bool, factor, main, cross) -> None:
        """Each tile of `choices` that may go on the empty square `sq` next, and on from there."""
        keep = self.cross[step][sq]
        letter, word = LETTER.get(sq, 1), WORD.get(sq, 1)
        left, placed = self.left, self.placed
        for face, source, rank in choices:
            if not left[source] or (keep is not None and face not in keep):
                continue
            after = scan.step(state, face)
            if after is None:
                continue
            points = 0 if rank == FROM_BLANK else SCORES[face]
            placed.append((sq[0], sq[1], self._tile(source), face if rank == FROM_BLANK else None))
            left[source] -= 1
            more = self._cross(sq, step, face, points)
            self._grow(
                sq, step, after, touching, factor * word, main + points * letter, cross + more
            )
            left[source] += 1
            placed.pop()
