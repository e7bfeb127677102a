"""Every legal Equate play for a seat's rack on a board, found in the manner of Appel–Jacobson.

`generate(state, seat)` lists the plays rules.play accepts, each once; `score_of` scores one.

How it searches (the lines are read left to right or downward, as rules.py reads them):

- Anchors: the empty squares that share a side with a tile (on the empty board, the centre).
  A play must cover one. Along each line, the number of empty squares to the next anchor
  tells how far from it a play may start with the tiles in hand.
- Cross-checks: for each empty square, the faces that keep the line across it (the other
  direction) a complete expression or a true equation, or "anything" when no tile is across.
  scan.allowed works them out, remembered between calls (boards change a little each turn).
- Each play is found from its first tile (the top-left one): the tiles already on the board
  before it (left or above) are read first, then tiles are put down one by one to the right (or
  downward), reading through tiles already there, with scan.step refusing at once any line that
  can no longer be right: an incomplete string ("6 + ×"), a number that cannot be one ("½ 3",
  "05"), ÷ 0, a running total below 0 (when no negative tile can come later: docs/rules.md,
  Equate: "Reading a line"), a second "=". A play may end wherever the line ends (the next
  square is empty or off the board) and the line is complete: an expression, or an equation
  whose two sides have the same value.
- Equations only (expressions=False): the right sides after an "=" depend only on where they
  start, the reading without the left side's value, the tiles left and whether the play
  touches a tile yet. They are found once for each of these, with the value each ends on,
  and kept: every left side that reaches the same place takes those of its own value
  (left sides in another order, "2 × 6 =" and "6 × 2 =", or of another value).
- A blank may stand for any face of the set: it is one more choice at each square, tried
  only where the reading allows a face of its kind.

Its own decisions (the contract of generate and bot_plays, made exact; numbered for the
comments below):

1. Equal rack tiles give one play: the tiles taken, in the play's order, are the first
   positions of the rack holding that face (a blank's too). "=" from beside the board is
   "=" (rules.FROM_SUPPLY); a blank standing for "=" is another play (it scores 0 and keeps
   the "=" supply). A placement is [row, col, tile, face], face None unless the tile is a blank.
2. Placements are in reading order (left to right, or downward), and the plays are sorted
   by their placements' (row, col, face shown, then a rack tile before the "=" from beside
   the board before a blank), a shorter play before the longer ones it begins. The search
   visits them in that order, so nothing is sorted afterwards.
3. The turn is not checked: the plays are those the seat could make on this board when it is
   its turn. A finished game has none.
4. The whole search is complete but can take seconds on a full rack (a blank stands for any
   of 30 faces at every square). The easy bot searches a narrower hand (bot_plays): at most
   a few tiles, the blanks kept back; such a search finds every play of that narrower hand.
   The strong bot and the hint do not list plays: best.py looks for the best one by branch
   and bound on this same search. The placements name the real rack positions either way.
"""

from __future__ import annotations

from typing import Any

from games.engine.protocol import State

from . import rules, scan
from .board import ACROSS, DOWN, line_score, line_through, on_board, other, square_of
from .tiles import BLANK, CENTRE, EQUALS, SCORES, all_faces, is_negative, is_number_face

Square = tuple[int, int]
Placement = list  # [row, col, tile, face]
FAR = 1_000  # more empty squares than any hand can fill

# Rank of a tile's source among equal faces at one square (decision 2).
FROM_RACK, FROM_SUPPLY, FROM_BLANK = 0, 1, 2


def generate(
    state: State,
    seat: int,
    *,
    expressions: bool = True,
    max_tiles: int | None = None,
    blanks: bool = True,
) -> list[list[Placement]]:
    """Every distinct legal play of `seat` (rules.play accepts each), in a fixed order; with
    expressions=False only those whose main line is an equation (the ones that score).

    A narrower search for the bots (decision 4): max_tiles, the plays putting down at most
    that many tiles (the "=" from beside the board counts); blanks=False, the plays without
    the rack's blanks. Both are every such play: the search is cut by the hand it is given."""
    if state["end"] is not None:
        return []
    return _Search(state, seat, expressions, max_tiles, blanks).run()


LISTED_TILES = 3  # the plays Equate.legal_moves lists: at most this many tiles put down
BOT_NODES = 120_000  # bot_plays' default budget: steps of the search (about 0.5 s)
FIRST_DEPTH = 3


class _OutOfSteps(Exception):
    """The search used its budget of steps."""


def bot_plays(
    state: State, seat: int, budget: int = BOT_NODES
) -> tuple[list[list[Placement]], int]:
    """The bots' search (decision 4): plays making an equation, found for 3 tiles put down,
    then 4, 5, ... up to the whole hand, until `budget` steps of the search are used (the
    last depth then gives the plays it found so far). The blanks are kept back; with no play
    without them, the search is made again with them, on what is left of the budget. Returns
    (plays, the deepest depth searched to its end). Deterministic: the budget counts steps,
    not seconds."""
    plays, depth, used = _deepening(state, seat, budget, blanks=False)
    if not plays and BLANK in state["racks"][seat]:
        # What is left of the budget (a quarter at least): the whole decision stays bounded.
        plays, depth, _ = _deepening(state, seat, max(budget - used, budget // 4), blanks=True)
    return plays, depth


def _deepening(state: State, seat: int, budget: int, blanks: bool):
    """(plays, the deepest depth searched to its end, steps used)."""
    if state["end"] is not None:
        return [], 0, 0
    search = _Search(state, seat, expressions=False, blanks=blanks)
    search._tables()
    whole = search.hand_size
    found: dict[tuple, list[Placement]] = {}
    complete = 0
    search.budget = budget
    for depth in range(min(FIRST_DEPTH, whole), whole + 1):
        search.hand_size, search.plays, search.sides = depth, [], {}
        try:
            search.search()
        except _OutOfSteps:
            for play in search.plays:
                found.setdefault(_play_key(play), play)
            break
        found = {_play_key(play): play for play in search.plays}  # every shallower play too
        complete = depth
    return list(found.values()), complete, budget - max(search.budget, 0)


def _play_key(play: list[Placement]) -> tuple:
    return tuple(tuple(p) for p in play)


class Scorer:
    """The points of plays the generator found (so already legal), without reading lines
    again: rules.play's scoring (the lines through the new tiles that are equations, the
    40 extra points), a little faster for the bots."""

    def __init__(self, state: State, seat: int) -> None:
        self.faces = {square_of(k): tile["face"] for k, tile in state["board"].items()}
        self.points = {
            square_of(k): 0 if tile["blank"] else SCORES[tile["face"]]
            for k, tile in state["board"].items()
        }
        self.rack = state["racks"][seat]

    def score(self, play: list[Placement]) -> int:
        faces, points = dict(self.faces), dict(self.points)
        new = set()
        for row, col, tile, face in play:
            shown = face if face is not None else (EQUALS if tile == EQUALS else self.rack[tile])
            faces[(row, col)] = shown
            blank = tile != EQUALS and self.rack[tile] == BLANK
            points[(row, col)] = 0 if blank else SCORES[shown]
            new.add((row, col))
        squares = sorted(new)
        main = rules.main_step(new, set(self.faces))
        total = 0
        lines = [line_through(faces, squares[0], main)]
        lines += [line_through(faces, sq, other(main)) for sq in squares]
        for index, line in enumerate(lines):
            if (index == 0 or len(line) > 1) and any(faces[sq] == EQUALS for sq in line):
                total += line_score(line, points, new)
        rack_tiles = sum(1 for p in play if p[2] != EQUALS)
        equation = any(faces[sq] == EQUALS for sq in lines[0])
        if rack_tiles == rules.RACK_SIZE and equation:
            total += rules.ALL_NINE_BONUS
        return total


def score_of(state: State, seat: int, play: list[Placement]) -> int:
    """The points rules.play gives this play (the turn is made the seat's for scoring)."""
    return rules.play({**state, "turn": seat}, seat, play)["last"]["score"]


class _Search:
    """One generation: the board's tables and the hand, then the search from each square."""

    def __init__(
        self,
        state: State,
        seat: int,
        expressions: bool = True,
        max_tiles: int | None = None,
        blanks: bool = True,
    ) -> None:
        self.expressions = expressions
        self.filled: dict[Square, str] = {
            square_of(k): tile["face"] for k, tile in state["board"].items()
        }
        tile_set = state["settings"]["tiles"]
        self.faces = tuple(sorted(set(all_faces(tile_set)) - {BLANK}))
        rack = state["racks"][seat]
        self._hand(rack, state["equals_left"] > 0, blanks)
        if max_tiles is not None:
            self.hand_size = min(self.hand_size, max_tiles)
        negative_later = tile_set == "advanced" and (
            BLANK in rack
            or any(is_negative(f) for f in rack)
            or any(is_negative(f) for f in self.filled.values())
        )
        self.start = scan.initial(strict=not negative_later)
        self.plays: list[list[Placement]] = []
        self.placed: list[tuple] = []
        # Right sides (after "="), remembered by where they start and the tiles left; each
        # as (its value, the placements), matched to the left side's value (equations only).
        self.sides: dict[tuple, list[tuple]] = {}
        self.sink: list[tuple] | None = None
        self.budget = float("inf")  # steps of the search left (bot_plays sets a budget)

    def _hand(self, rack: list[str], supply: bool, blanks: bool = True) -> None:
        """The tiles to play: the choices at a square, sorted (decision 2), and their counts."""
        self.positions: dict[str, list[Any]] = {}
        for position, face in enumerate(rack):
            if blanks or face != BLANK:
                self.positions.setdefault(face, []).append(position)
        choices = [(f, f, FROM_RACK) for f in self.positions if f != BLANK]
        if supply:
            self.positions[EQUALS] = [rules.FROM_SUPPLY]
            choices.append((EQUALS, EQUALS, FROM_SUPPLY))  # a rack never holds "="
        if BLANK in self.positions:
            choices += [(f, BLANK, FROM_BLANK) for f in self.faces]
        choices.sort(key=lambda c: (c[0], c[2]))
        self.choices = choices
        self.numbers = [c for c in choices if is_number_face(c[0])]
        self.others = [c for c in choices if not is_number_face(c[0])]
        self.left = {source: len(held) for source, held in self.positions.items()}
        self.hand_size = sum(self.left.values())

    # --- the board's tables ---------------------------------------------------------------------
    def _tables(self) -> None:
        filled = self.filled
        size = range(19)
        empty = [(r, c) for r in size for c in size if (r, c) not in filled]
        if filled:
            anchors = {
                sq for sq in empty if any(n in filled for n in _neighbours(sq) if on_board(n))
            }
        else:
            anchors = {CENTRE}
        self.empty, self.anchors = empty, anchors
        self.before = {step: {} for step in (ACROSS, DOWN)}
        self.after = {step: {} for step in (ACROSS, DOWN)}
        self.cost = {step: {} for step in (ACROSS, DOWN)}
        self.equals_ahead = {step: {} for step in (ACROSS, DOWN)}  # an "=" on the line from sq on
        self.cross = {step: {} for step in (ACROSS, DOWN)}
        for step in (ACROSS, DOWN):
            before, after, cost = self.before[step], self.after[step], self.cost[step]
            for sq in empty:
                before[sq] = tuple(self._run(sq, step, -1))
                run = self._run(sq, step, 1)
                beyond = (sq[0] + step[0] * (len(run) + 1), sq[1] + step[1] * (len(run) + 1))
                after[sq] = (tuple(run), beyond if on_board(beyond) else None)
            for line in _lines(step):
                to_anchor, equals = FAR, False
                for sq in reversed(line):
                    equals = equals or filled.get(sq) == EQUALS
                    self.equals_ahead[step][sq] = equals
                    if sq in filled:
                        continue
                    to_anchor = 1 if sq in anchors else to_anchor + 1
                    cost[sq] = to_anchor
        # A play along `step` needs the line across each new tile right: the other direction.
        for step, across in ((ACROSS, DOWN), (DOWN, ACROSS)):
            cross = self.cross[step]
            for sq in empty:
                cross[sq] = scan.allowed(
                    self.before[across][sq], self.after[across][sq][0], self.faces
                )

    def _run(self, sq: Square, step: tuple[int, int], way: int) -> list[str]:
        """The faces of the tiles next to `sq` going `way` (1 or -1), in reading order."""
        faces = []
        row, col = sq[0] + way * step[0], sq[1] + way * step[1]
        while (row, col) in self.filled:
            faces.append(self.filled[(row, col)])
            row, col = row + way * step[0], col + way * step[1]
        return faces[::-1] if way < 0 else faces

    # --- the search -----------------------------------------------------------------------------
    def run(self) -> list[list[Placement]]:
        self._tables()
        self.search()
        return self.plays

    def search(self) -> None:
        """Every play from the tables made: from each square that can start one."""
        hand = self.hand_size
        for sq in self.empty:
            across_ok = self.cost[ACROSS][sq] <= hand
            down_ok = self.cost[DOWN][sq] <= hand
            if not (across_ok or down_ok):
                continue
            self._first(sq, across_ok, down_ok)

    def _context(self, sq: Square, step: tuple[int, int]):
        state = self.start
        for face in self.before[step][sq]:
            state = scan.step(state, face)
            if state is None:
                return None
        return state

    def _first(self, sq: Square, across_ok: bool, down_ok: bool) -> None:
        """Every play whose first tile is on `sq`: one tile, then across, then down."""
        anchor = sq in self.anchors
        keep_down, keep_across = self.cross[ACROSS][sq], self.cross[DOWN][sq]
        lone = anchor and not self.filled
        start_across = self._context(sq, ACROSS) if across_ok else None
        start_down = self._context(sq, DOWN) if down_ok else None
        row, col = sq
        left, positions, placed, hand = self.left, self.positions, self.placed, self.hand_size
        for face, source, rank in self.choices:
            fits_across = keep_down is None or face in keep_down  # the line down stays right
            fits_down = keep_across is None or face in keep_across
            held = positions[source]
            tile = held[len(held) - left[source]]
            placement = (row, col, tile, face if rank == FROM_BLANK else None)
            left[source] -= 1
            placed.append(placement)
            if anchor and fits_across and fits_down and self._alone_ok(sq, face, lone):
                self.plays.append([list(placement)])
            if start_across is not None and fits_across:
                state = scan.step(start_across, face)
                if state is not None:
                    self._go_on(sq, ACROSS, state, anchor, hand - 1)
            if start_down is not None and fits_down:
                state = scan.step(start_down, face)
                if state is not None:
                    self._go_on(sq, DOWN, state, anchor, hand - 1)
            placed.pop()
            left[source] += 1

    def _alone_ok(self, sq: Square, face: str, lone: bool) -> bool:
        """Whether one tile on `sq` is a play, its lines across and down being right already:
        on the empty board it is a line of one; else its main line is its row when it has a
        tile beside it, else its column (docs/rules.md, Equate: "A play")."""
        if lone:
            kind = scan.read([face])
            return kind is not None and (self.expressions or kind == "equation")
        if self.expressions:
            return True
        main = ACROSS if self.before[ACROSS][sq] or self.after[ACROSS][sq][0] else DOWN
        line = (*self.before[main][sq], face, *self.after[main][sq][0])
        return scan.read(line) == "equation"

    def _go_on(self, sq: Square, step, state, touching: bool, hand: int) -> None:
        """After a tile on `sq`: read the tiles after it, end the play there, or go on."""
        self.budget -= 1
        if self.budget < 0:
            raise _OutOfSteps
        run, beyond = self.after[step][sq]
        for face in run:
            state = scan.step(state, face)
            if state is None:
                return
        if self.sink is not None:  # recording a right side
            if touching:  # the play has the left side's tiles too: 2 or more
                value = scan.side_value(state)
                if value is not None:
                    self.sink.append((value, tuple(self.placed)))
        elif touching and len(self.placed) > 1:
            line = scan.finish(state)
            if line is not None and (self.expressions or line == "equation"):
                self.plays.append([list(p) for p in self.placed])
        if not self.expressions and state[8] is None and not self._equals_to_come(beyond, step):
            return
        if beyond is not None and hand > 0 and (touching or self.cost[step][beyond] <= hand):
            self._extend(beyond, step, state, touching, hand)

    def _equals_to_come(self, sq: Square | None, step) -> bool:
        """Whether an "=" can still come in the line from `sq` on (in hand or on the board)."""
        if self.left.get(EQUALS) or self.left.get(BLANK):
            return True
        return sq is not None and self.equals_ahead[step].get(sq, False)

    def _extend(self, sq: Square, step, state, touching: bool, hand: int) -> None:
        """Each tile that may go on the empty square `sq` next in the line, in order; after
        the "=" (equations only), the right sides from here are found once for the tiles
        left and kept for every left side of the same value."""
        if self.expressions or state[8] is None or self.sink is not None:
            self._extend_now(sq, step, state, touching, hand)
            return
        key = (sq, step, state[:8], state[9:], touching, hand, tuple(self.left.values()))
        sides = self.sides.get(key)
        if sides is None:
            placed = self.placed
            self.placed, self.sink = [], []
            self._extend_now(sq, step, state, touching, hand)
            sides = self.sides[key] = self.sink
            self.placed, self.sink = placed, None
        wanted = state[8]
        prefix = [list(p) for p in self.placed]
        for value, suffix in sides:
            if value == wanted:
                self.plays.append(prefix + [list(p) for p in suffix])

    def _next_choices(self, state) -> list[tuple]:
        """The choices that may come next in a line read so far: only numbers after an
        operation, no number after a complete one."""
        mode = state[0]
        if mode == scan.START:
            return self.numbers
        return self.others if mode == scan.CLOSED else self.choices

    def _tile(self, source: str):
        """The rack position the next tile of `source` comes from (decision 1)."""
        held = self.positions[source]
        return held[len(held) - self.left[source]]

    def _extend_now(self, sq: Square, step, state, touching: bool, hand: int) -> None:
        keep = self.cross[step][sq]
        left, placed = self.left, self.placed
        anchor = touching or sq in self.anchors
        row, col = sq
        for face, source, rank in self._next_choices(state):
            if not left[source] or (keep is not None and face not in keep):
                continue
            after = scan.step(state, face)
            if after is None:
                continue
            tile = self._tile(source)
            placed.append((row, col, tile, face if rank == FROM_BLANK else None))
            left[source] -= 1
            self._go_on(sq, step, after, anchor, hand - 1)
            left[source] += 1
            placed.pop()


def _neighbours(sq: Square):
    row, col = sq
    return ((row - 1, col), (row + 1, col), (row, col - 1), (row, col + 1))


def _lines(step: tuple[int, int]) -> list[list[Square]]:
    """Every row (ACROSS) or column (DOWN) of the board, in reading order."""
    size = range(19)
    if step == ACROSS:
        return [[(r, c) for c in size] for r in size]
    return [[(r, c) for r in size] for c in size]
