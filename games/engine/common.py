"""Small helpers every game may use: settings posted by a form, and hidden zones dealt again.

Pure Python, like the rules.
"""

from __future__ import annotations

import random
from dataclasses import replace
from typing import Any

from .protocol import LearningEvent, SettingsError, State

__all__ = ["as_help", "known_keys", "products_shown", "redeal", "whole_number"]


def whole_number(value: Any) -> int | None:
    """A setting's whole number: a form's "3" as 3; anything else None (and then refused)."""
    if isinstance(value, str) and value.isascii() and value.isdigit() and len(value) < 4:
        return int(value)
    return value if type(value) is int else None


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
    return [event if event.kind == "hint" else replace(event, helped=True) for event in events]
