"""The 19 × 19 board as HTML, built in Python: a template loop over its 361 squares took most
of the time a move's answer takes. The markup is the board template's (see its header):
one tab stop, data-row/data-col, an aria-label read 1-based, the hint's dashed tiles."""

from __future__ import annotations

from functools import cache
from html import escape
from typing import Any

from games.engine.protocol import View

OPEN = (
    '<div id="eq-board" class="eq-grid" role="grid" aria-label="The board: 19 rows and 19 '
    'columns" aria-describedby="eq-board-how">'
)


def grid_html(view: View, hint_tiles: list[dict[str, Any]] | None) -> str:
    """The board's squares; the cursor (tabindex 0) on the first square of the last play,
    else on the centre."""
    last = view["last"]
    cr, cc = last["squares"][0] if last and last.get("kind") == "play" else (9, 9)
    hints: dict[tuple[int, int], list[str]] = {}
    for h in hint_tiles or ():
        hints.setdefault((h["row"], h["col"]), []).append(escape(str(h["display"])))
    parts = [OPEN]
    for row in view["rows"]:
        parts.append('<div class="eq-row" role="row">')
        for cell in row:
            parts.append(_square(cell, cell["row"] == cr and cell["col"] == cc, hints))
        parts.append("</div>")
    parts.append("</div>")
    return "".join(parts)


def _square(cell: dict[str, Any], cursor: bool, hints: dict) -> str:
    r, c, t, premium = cell["row"], cell["col"], cell["tile"], cell["premium"]
    if not t and (r, c) not in hints:  # most squares: the same markup every time
        return _empty_square(r, c, premium, cell["centre"], cursor)
    return _drawn(r, c, t, premium, cell["centre"], cursor, hints)


@cache
def _empty_square(r: int, c: int, premium: str | None, centre: bool, cursor: bool) -> str:
    return _drawn(r, c, None, premium, centre, cursor, {})


def _drawn(r, c, t, premium, centre: bool, cursor: bool, hints: dict) -> str:
    classes = "eq-sq"
    if t:
        classes += " eq-full" + (" eq-new" if t["new"] else "")
        classes += " eq-blank" if t["blank"] else ""
    elif premium:
        classes += f" eq-{escape(premium)}"
    if centre:
        classes += " eq-centre"
    face = f' data-face="{escape(str(t["face"]))}"' if t else ""
    label = f"Row {r + 1}, column {c + 1}, "
    here = hints.get((r, c), ())
    if t:
        display = escape(str(t["display"]))
        label += display + (" (a blank tile)" if t["blank"] else "")
        label += f", {t['score']} point{'s' * (t['score'] != 1)}"
        label += ", just played" if t["new"] else ""
        inside = f'<span class="eq-t"><span class="eq-f">{display}</span><span class="eq-s">{t["score"]}</span></span>'  # noqa: E501
    else:
        label += "centre, " if centre else ""
        label += f"{escape(premium)}, " if premium else ""
        label += "empty" + "".join(f", hint: {h}" for h in here)
        inside = ""
        if premium:
            star = '<span class="eq-star">★</span>' if centre else ""
            inside = f'<span class="eq-p" aria-hidden="true">{star}{escape(premium)}</span>'
        inside += "".join(
            f'<span class="eq-t eq-ghost" aria-hidden="true"><span class="eq-f">{h}</span></span>'
            for h in here
        )
    return (
        f'<div role="gridcell" class="{classes}" data-row="{r}" data-col="{c}"{face} '
        f'tabindex="{0 if cursor else -1}" aria-label="{label}">{inside}</div>'
    )
