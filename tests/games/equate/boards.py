"""Test helpers for Equate: games with chosen racks, boards and bags that keep every tile.

`arrange` puts chosen tiles in place and the rest in the bag, or (to test the end of a game)
on the board as `filler`: rows of long, correct expressions in rows 1, 3, ..., 15 from column
0, joined by a column of digits down column 0. Scenario tiles go below it (rows 16-18),
joined to it through column 0, or anywhere when the rest is in the bag.
"""

from __future__ import annotations

import itertools
from collections import Counter

from games.equate import rules
from games.equate.board import key
from games.equate.tiles import BLANK, DIGITS, EQUALS, FRACTIONS, OPERATORS

FILLER_ROWS = range(1, 16, 2)


def game(players: int = 2, seed: int = 1, **settings):
    return rules.new_state(settings, players, seed)


def lay(row: int, col: int, text: str, down: bool = False) -> dict[tuple[int, int], str]:
    """Faces written with spaces ("2 + 3 = 5", "1 0" for 10) laid from (row, col); a blank
    is written "?" and its face ("?5")."""
    step = (1, 0) if down else (0, 1)
    return {(row + k * step[0], col + k * step[1]): f for k, f in enumerate(text.split())}


def filler(pool: Counter) -> dict[tuple[int, int], str]:
    """Every tile of `pool` (the Original set only) on the board as correct expressions."""
    pool = Counter(pool)
    blanks = pool.pop(BLANK, 0)
    ops = [op for op in OPERATORS for _ in range(pool.pop(op, 0))]
    ops = [op for group in itertools.zip_longest(*[ops[k::4] for k in range(4)]) for op in group]
    ops = [op for op in ops if op]  # + − × ÷ taking turns, so products stay short
    fractions = [f for f in FRACTIONS for _ in range(pool.pop(f, 0))]
    zeros = ["0"] * pool.pop("0", 0)
    digits = [d for d in DIGITS[1:] for _ in range(pool.pop(d, 0))] + ["?1"] * blanks
    assert not +pool, f"filler takes only Original tiles, not {+pool}"
    rows = len(FILLER_ROWS)
    leads = [digits.pop() for _ in range(rows)]
    links = [(zeros or digits).pop() for _ in range(rows - 1)]
    tokens = fractions + digits[: max(0, len(ops) - len(fractions))]
    digits = digits[len(tokens) - len(fractions) :]
    body = zeros + digits  # never first in a number: zeros are not "unnecessary" there
    assert len(tokens) == len(ops), "not enough numbers for the operations"
    squares: dict[tuple[int, int], str] = {}
    for index, row in enumerate(FILLER_ROWS):
        # A long first number keeps every − far from going below 0.
        line = [leads[index], *body[index::rows]]
        for op, token in zip(ops[index::rows], tokens[index::rows], strict=True):
            line += [op, token]
        assert len(line) <= 19, "too many tiles for the filler"
        squares |= {(row, col): face for col, face in enumerate(line)}
        if index < rows - 1:
            squares[(row + 1, 0)] = links[index]
    return squares


def arrange(
    state,
    racks,
    *,
    board=None,
    turn=0,
    draws=(),
    bag="rest",
    points=None,
    seat=0,
):
    """A copy of `state` with these racks (padded to nine from the rest while tiles are
    drawn from the bag), these tiles on the board (laid by `seat`) and `draws` the next
    tiles drawn, first first. `bag="rest"`: every other tile is in the bag; a list: the bag
    is exactly that and every other tile is on the board (`filler`). Faces are strings;
    "=" on the board comes from beside it."""
    board = dict(board or {})
    pool = rules.bag_tiles(state["settings"])
    faces = [f for rack in racks for f in rack] + list(draws)
    faces += [BLANK if f.startswith(BLANK) else f for f in board.values() if f != EQUALS]
    faces += [] if bag == "rest" else list(bag)
    assert not Counter(faces) - pool, "more tiles than the set has"
    pool -= Counter(faces)
    racks = [list(rack) for rack in racks]
    if bag == "rest":
        spare = sorted(pool.elements())
        for rack in racks:
            while len(rack) < rules.RACK_SIZE:
                rack.append(spare.pop())  # the last in order: "÷", "×", "+" ...
        new_bag = spare + list(reversed(draws))
    else:
        board |= filler(pool)
        new_bag = list(bag)
    new = rules.copy_state(state)
    new["racks"] = racks
    new["bag"] = new_bag
    new["board"] = {
        key(square): {"face": face.lstrip(BLANK), "blank": face.startswith(BLANK), "seat": seat}
        for square, face in board.items()
    }
    new["equals_left"] = rules.EQUALS_SUPPLY - list(board.values()).count(EQUALS)
    new["turn"] = turn
    new["points"] = list(points or [0] * state["players"])
    new["scores"] = list(new["points"])
    rules.check_state(new)
    return new


def at(state, seat: int, *faces: str) -> list[int]:
    """Rack positions of these faces (repeats take the next equal tile)."""
    rack, used = state["racks"][seat], []
    for face in faces:
        used.append(next(p for p, f in enumerate(rack) if f == face and p not in used))
    return used


def place(state, seat: int, row: int, col: int, text: str, down: bool = False):
    """Placements for tiles from the rack laid from (row, col): "=" comes from beside the
    board, "?5" is a blank standing for 5."""
    return place_all(state, seat, [(row, col, text, down)])


def place_all(state, seat: int, pieces):
    """Placements for several pieces (row, col, text, down) of one play, each rack tile
    used once."""
    squares: dict[tuple[int, int], str] = {}
    for row, col, text, down in pieces:
        squares |= lay(row, col, text, down)
    rack_faces = [BLANK if f.startswith(BLANK) else f for f in squares.values() if f != EQUALS]
    positions = iter(at(state, seat, *rack_faces))
    out = []
    for (r, c), face in squares.items():
        if face == EQUALS:
            out.append((r, c, rules.FROM_SUPPLY, None))
        elif face.startswith(BLANK):
            out.append((r, c, next(positions), face[1:]))
        else:
            out.append((r, c, next(positions), None))
    return out
