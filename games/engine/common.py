"""Small helpers every game may use: settings and moves posted by a form, and hidden zones
dealt again.

Pure Python, like the rules.
"""

from __future__ import annotations

import random
from dataclasses import replace
from typing import Any

from .protocol import HINT, IllegalMove, LearningEvent, SettingsError, State

__all__ = [
    "PRODUCT_CHOICES",
    "as_help",
    "known_keys",
    "move_index",
    "move_positions",
    "products_shown",
    "redeal",
    "whole_number",
]


def whole_number(value: Any) -> int | None:
    """A setting's whole number: a form's "3" as 3; anything else None (and then refused)."""
    if isinstance(value, str) and value.isascii() and value.isdigit() and len(value) < 4:
        return int(value)
    return value if type(value) is int else None


def move_index(value: Any, reason: str, limit: int = 1000) -> int:
    """A small whole number in a move (a card's, tile's or square's place): an int 0 <= n <
    `limit`, or a form's ASCII digits (at most 3); anything else IllegalMove(reason)."""
    if isinstance(value, str) and value.isascii() and value.isdigit() and len(value) < 4:
        value = int(value)
    if type(value) is not int or not 0 <= value < limit:
        raise IllegalMove(reason)
    return value


def move_positions(
    value: Any,
    reason: str,
    *,
    most: int,
    item_reason: str | None = None,
    may_be_empty: bool = True,
    limit: int = 1000,
    ordered: bool = True,
) -> tuple[int, ...]:
    """Places in a move (ticked cards): an int, a list of ints, or a form's "3,7,12"; absent,
    "" or [] is none (IllegalMove(reason) unless `may_be_empty`). At most `most`, each a
    move_index (refused with `item_reason`, else `reason`); sorted unless `ordered` is False
    (the order is the player's)."""
    if value is None or value == "" or value == []:
        if may_be_empty:
            return ()
        raise IllegalMove(reason)
    if isinstance(value, str):
        value = value.split(",")
    if type(value) is int:
        value = [value]
    if not isinstance(value, list) or len(value) > most:
        raise IllegalMove(reason)
    places = [move_index(v, item_reason or reason, limit) for v in value]
    return tuple(sorted(places) if ordered else places)


def known_keys(settings: Any, defaults: dict[str, Any]) -> dict[str, Any]:
    """The settings as a dict (None: no settings), refusing what is not a dict and any name
    the defaults do not have."""
    if settings is None:
        settings = {}
    if not isinstance(settings, dict):
        raise SettingsError("Settings must be a list of named choices.")
    unknown = sorted(str(key)[:40] for key in settings if key not in defaults)
    if unknown:
        raise SettingsError(f"Unknown setting: {', '.join(unknown)}.")
    return settings


def redeal(zones: list[list[Any]], rng: random.Random) -> None:
    """Deal the cards of these zones again at random, in place, each zone keeping its size
    (one zone: the same as shuffling it)."""
    pool = [card for zone in zones for card in zone]
    rng.shuffle(pool)
    start = 0
    for zone in zones:
        size = len(zone)
        zone[:] = pool[start : start + size]
        start += size


# The teacher's "Product while choosing" (setting key "product"), one setting with one meaning
# in every game that picks cards to multiply (Prime Bomb, Prime Challenge, Prime Solitaire):
# hidden, the child multiplies; shown, the board does, and every answer counts as help.
PRODUCT_CHOICES = {
    "hidden": "Hidden: the child multiplies",
    "shown": "Shown as cards are picked (counts as help)",
}


def products_shown(state: State) -> bool:
    """Whether the board works out products for the child (the teacher's "product while
    choosing" setting, key "product"). Games saved before the setting were played with the
    products shown, and keep them (docs/rules.md)."""
    return state["settings"].get("product", "shown") == "shown"


def as_help(events: list[LearningEvent], helped: bool) -> list[LearningEvent]:
    """The events, each marked as the app's help when `helped` (the board showed the result):
    asking for a hint stays what it was."""
    if not helped:
        return events
    return [event if event.kind == HINT else replace(event, helped=True) for event in events]
