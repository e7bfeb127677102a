"""The board's 102 circles as HTML, built in Python: a template loop over them took most of
the time a move's answer takes. The markup is the board template's: one list item a circle
(its number, colour class, way station, the pawns on it, told by name in its label) and, when
the child works out where a pawn lands, a tap target on each circle."""

from __future__ import annotations

from html import escape

from games.engine.protocol import View


def spiral_html(view: View, me: int | None, names: dict[int, str]) -> str:
    """The circles' list items; `names`: each seat's name as the board tells it."""
    taps = bool(view["ask"])
    stations = set(view["stations"])
    parts = []
    for n, text in enumerate(view["spaces"]):
        pawns = view["here"][n]
        classes = f"pcl-space pcl-at-{n} pcl-c-{n}"
        classes += " pcl-goal" if n == 101 else ""
        classes += " pcl-station" if n in stations else ""
        classes += " pcl-occupied" if pawns else ""
        label = escape(text) + (", a way station" if n in stations else "")
        for pawn in pawns:
            whose = "your" if pawn["seat"] == me else f"{escape(names.get(pawn['seat'], ''))}’s"
            label += f"; {whose} pawn {escape(pawn['name'])}"
        tap = (
            f'<button type="submit" form="pcl-step" name="answer" value="{n}" class="pcl-tap" '
            f'tabindex="-1" aria-label="Land on {n}"></button>'
            if taps
            else ""
        )
        on = ""
        if pawns:
            on = (
                '<span class="pcl-pawns" aria-hidden="true">'
                + "".join(
                    f'<span class="pcl-pawn pcl-seat-{p["seat"]}" '
                    f'data-piece="pcl-pawn-{p["seat"]}-{escape(p["name"])}">{escape(p["name"])}</span>'
                    for p in pawns
                )
                + "</span>"
            )
        parts.append(
            f'\n      <li data-space="{n}" class="{classes}"\n'
            f'          aria-label="{label}">\n'
            f'        <span class="pcl-num" aria-hidden="true">{n}</span>\n'
            f"        {tap}\n"
            f"        {on}\n"
            f"      </li>\n      "
        )
    return "".join(parts)
