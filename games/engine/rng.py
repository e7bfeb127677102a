"""Seeded randomness that lives in the state: a game replays exactly from its seed."""

from __future__ import annotations

import random


def rng_for(seed: int, *purpose: object) -> random.Random:
    """A generator for one purpose ("deal", "reshuffle", 3): the same inputs, the same numbers."""
    return random.Random(":".join(str(part) for part in (seed, *purpose)))


def shuffled(items: list, seed: int, *purpose: object) -> list:
    """A shuffled copy of items."""
    copy = list(items)
    rng_for(seed, *purpose).shuffle(copy)
    return copy
