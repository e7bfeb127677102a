"""Prime Solitaire's layouts: which card lies on which.

Layouts (docs/rules.md: "a foundation of overlapping rows is 7 columns")

- ``rows``: rows of 7 cards, each row overlapping the one before (3 rows at levels 3-6, 5 at
  levels 1-2, plus ``extra_rows``). Position ``p = row * 7 + column``; row 0 is dealt first and
  lies underneath. A card is available when no card of a later row lies on it in its column,
  so each column is a little pile whose last card is the one to take.
- ``pyramid`` (our shape; the booklet only names it): rows of 1, 2, ..., 7 cards (28), each
  card overlapped by the two cards below it in the next row, as in the classic pyramid
  solitaire; ``extra_rows`` adds rows of 8 and 9 cards underneath. Card ``i`` of row ``r`` is
  position ``r * (r + 1) / 2 + i``. A card is available when both cards overlapping it are gone
  (docs/rules.md). The same 7-row pyramid at every level: at levels 3-6 it is bigger and more
  tangled than three rows (more challenging, as the booklet promises); at levels 1-2 it has
  fewer cards than five rows but more of them covered.

Pure Python: no Django.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from typing import Any

COLUMNS = 7  # docs/rules.md: a foundation of overlapping rows is 7 columns
PYRAMID_ROWS = 7  # our decision: rows of 1..7 cards, like the classic pyramid


def row_count(level: int) -> int:
    """The booklet's rows: three at levels 3 through 6, five at levels 1 and 2."""
    return 5 if level <= 2 else 3


# --- the layout -----------------------------------------------------------------------------
@dataclass(frozen=True)
class Layout:
    """Where the layout cards lie and which cards lie on which (bitmasks by position)."""

    shape: str
    rows: int
    cells: tuple[tuple[int, int], ...]  # (row, index within the row) by position
    covered_by: tuple[int, ...]  # the positions lying directly on each position
    covers: tuple[int, ...]  # the positions each position lies directly on
    order: tuple[int, ...]  # every position, the cards lying on a card before the card
    width: int  # cards in the widest row

    @property
    def size(self) -> int:
        return len(self.cells)

    def grid_column(self, position: int) -> int:
        """Where the card starts, in half-card steps from 1 (a pyramid's rows are offset)."""
        row, index = self.cells[position]
        if self.shape == "rows":
            return 2 * index + 1
        return (self.width - (row + 1)) + 2 * index + 1


@cache
def layout_for(shape: str, rows: int) -> Layout:
    """The layout of this shape with this many rows."""
    if shape == "rows":
        cells = [(row, col) for row in range(rows) for col in range(COLUMNS)]
        index = {cell: p for p, cell in enumerate(cells)}
        on = {cell: [(cell[0] + 1, cell[1])] for cell in cells}
        width = COLUMNS
    elif shape == "pyramid":
        cells = [(row, i) for row in range(rows) for i in range(row + 1)]
        index = {cell: p for p, cell in enumerate(cells)}
        on = {(row, i): [(row + 1, i), (row + 1, i + 1)] for row, i in cells}
        width = rows
    else:
        raise ValueError(f"no layout {shape!r}")
    covered_by = [0] * len(cells)
    covers = [0] * len(cells)
    for p, cell in enumerate(cells):
        for above in on[cell]:
            if above in index:
                covered_by[p] |= 1 << index[above]
                covers[index[above]] |= 1 << p
    order = sorted(range(len(cells)), key=lambda p: (-cells[p][0], cells[p][1]))
    return Layout(shape, rows, tuple(cells), tuple(covered_by), tuple(covers), tuple(order), width)


def layout_of(settings: dict[str, Any]) -> Layout:
    """The layout these (clean) settings deal."""
    extra = settings["extra_rows"]
    if settings["layout"] == "pyramid":
        return layout_for("pyramid", PYRAMID_ROWS + extra)
    return layout_for("rows", row_count(settings["level"]) + extra)
