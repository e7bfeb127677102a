"""Equate's board geometry and line scoring: squares, lines of adjacent tiles, premiums.

A square is (row, col) with rows and cols 0..18 and (0, 0) top-left. In the state the board is
a dict keyed "row,col" (JSON keys are strings); these helpers work on squares. Lines are read
left to right (ACROSS) or downward (DOWN): "Do not turn corners to read equations."
"""

from __future__ import annotations

from collections.abc import Collection, Iterator, Mapping

from .tiles import BOARD_SIZE, PREMIUMS

Square = tuple[int, int]
Step = tuple[int, int]
ACROSS: Step = (0, 1)
DOWN: Step = (1, 0)
SYMBOL_FACTORS = {"2S": 2, "3S": 3}
LINE_FACTORS = {"2E": 2, "3E": 3}


def key(square: Square) -> str:
    """The state's key for a square: (3, 4) is "3,4"."""
    return f"{square[0]},{square[1]}"


def square_of(text: str) -> Square:
    """The square a state key names: "3,4" is (3, 4)."""
    row, col = text.split(",")
    return int(row), int(col)


def on_board(square: Square) -> bool:
    return 0 <= square[0] < BOARD_SIZE and 0 <= square[1] < BOARD_SIZE


def neighbours(square: Square) -> Iterator[Square]:
    """The squares sharing a side with this one (on the board or not)."""
    row, col = square
    yield from ((row - 1, col), (row + 1, col), (row, col - 1), (row, col + 1))


def other(step: Step) -> Step:
    return DOWN if step == ACROSS else ACROSS


def line_through(filled: Collection[Square], square: Square, step: Step) -> list[Square]:
    """The longest run of filled squares through `square` along `step`, in reading order."""
    (row, col), (dr, dc) = square, step
    while (row - dr, col - dc) in filled:
        row, col = row - dr, col - dc
    line = []
    while (row, col) in filled:
        line.append((row, col))
        row, col = row + dr, col + dc
    return line


def all_lines(filled: Collection[Square]) -> Iterator[tuple[Step, list[Square]]]:
    """Every line of 2 or more tiles on a board, across ones first, each from its start."""
    for step in (ACROSS, DOWN):
        for row, col in sorted(filled):
            dr, dc = step
            if (row - dr, col - dc) not in filled and (row + dr, col + dc) in filled:
                yield step, line_through(filled, (row, col), step)


def is_connected(filled: Collection[Square]) -> bool:
    """True when every tile can be reached from every other through shared sides."""
    if not filled:
        return True
    start = next(iter(filled))
    seen, todo = {start}, [start]
    while todo:
        for near in neighbours(todo.pop()):
            if near in filled and near not in seen:
                seen.add(near)
                todo.append(near)
    return len(seen) == len(filled)


def line_score(line: list[Square], points: Mapping[Square, int], new: Collection[Square]) -> int:
    """An equation's score: each tile's points (× 2 or × 3 on a 2S or 3S square covered by this
    play), added up, then × 2 or × 3 for each 2E or 3E square this play covered in the line.
    Tiles already on the board count their points only: "Premium board position awards are
    received only once by the player who originally places the tile on that position." """
    total, factor = 0, 1
    for square in line:
        premium = PREMIUMS.get(square) if square in new else None
        total += points[square] * SYMBOL_FACTORS.get(premium, 1)
        factor *= LINE_FACTORS.get(premium, 1)
    return total * factor
