"""What happened: the last moves of The Multiplication Game told next to the open card.

The rules keep a short public log (rules._log): every event names the move it belongs to, so a
move and all its effects (a square's penalty, a reshuffle) are told together: "Ben played 36 =
4 × 9, matching the 4. Square! You miss a turn and draw a card." Only public facts are told:
who played what as which product, who drew (never which card). Pure Python.
"""

from __future__ import annotations

from typing import Any

from .cards import FREE, is_square, product_text
from .rules import LOG_SIZE

STORY_MOVES = 6  # at most this many moves are told (a player penalised again and again)


def story(log: list[dict[str, Any]], players: int, me: int | None) -> list[dict[str, Any]]:
    """The moves to tell, oldest first: a player's own last move and every move since; a
    watcher (me None) sees the last round of moves."""
    told = [_tell(events) for events in _moves(log)]
    if me is None:
        return told[-players:]
    mine = [index for index, entry in enumerate(told) if entry["player"] == me]
    return told[mine[-1] if mine else 0 :][-STORY_MOVES:]


def _moves(log: list[dict[str, Any]]) -> list[list[dict[str, Any]]]:
    """The log's events grouped by move; a move whose first events were dropped from the
    log's front is left out, and so are events logged before moves were numbered."""
    groups: dict[int, list[dict[str, Any]]] = {}
    for event in log:
        if "move" in event:
            groups.setdefault(event["move"], []).append(event)
    moves = [groups[number] for number in sorted(groups)]
    if moves and len(log) >= LOG_SIZE:
        moves = moves[1:]  # the oldest move may have lost events off the front
    return [events for events in moves if _main(events) is not None]


def _main(events: list[dict[str, Any]]) -> dict[str, Any] | None:
    """The event that is the move itself: a discard, or a draw (made or impossible)."""
    for kinds in (("discard",), ("draw", "no_draw")):
        for event in events:
            if event["kind"] in kinds:
                return event
    return None


def _tell(events: list[dict[str, Any]]) -> dict[str, Any]:
    """One move as the board tells it (every key always there, so templates stay simple).

    drew: the player who had to draw got a card (the drawer of a draw move, the penalised
    player of a square); penalty: the seat that missed a turn, or None."""
    main = _main(events)
    assert main is not None
    kinds = [event["kind"] for event in events]
    penalty = next((event["player"] for event in events if event["kind"] == "penalty"), None)
    entry = {
        "player": main["player"],
        "kind": "discard" if main["kind"] == "discard" else "draw",
        "card": None,
        "free": False,
        "value": None,
        "says": "",
        "matching": "",
        "square": False,
        "left": None,
        "penalty": penalty,
        "drew": "no_draw" not in kinds,
        "reshuffled": "reshuffle" in kinds,
        "by": main.get("by"),  # who made the move: a stand-in bot's is told as its own
    }
    if main["kind"] == "discard":
        common = main.get("common", [])
        entry.update(
            card=main["card"],
            free=main["card"] == FREE,
            value=main["value"],
            says=product_text(main["a"], main["b"]),
            matching=" and the ".join(str(n) for n in common),
            square=is_square(main["value"]),
            left=main.get("left"),
        )
    return entry
