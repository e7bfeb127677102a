"""Finding the sets the rules of Prime Solitaire allow in a layout and the face-up stack, and
how hard each card is to clear (for the game, the bots and the solver).

Pure Python: no Django.
"""

from __future__ import annotations

from collections import Counter
from functools import cache

from ..cards import LEVELS, is_prime, number_cards, prime_factors
from ..factorsets import value_sets
from .layout import Layout


@cache
def deck_counts(level: int) -> Counter[int]:
    """How many cards of each value the level's deck holds."""
    return Counter(number_cards(level))


# --- finding the sets the rules allow ---------------------------------------------------------
# No factor set of a deck without wilds has more than 7 cards (64 = 2 × 2 × 2 × 2 × 2 × 2,
# 900 = 2 × 2 × 3 × 3 × 5 × 5), and one of them comes from the layout.
MAX_RUN = 6


def find_collections(
    layout: Layout,
    values: list[int],
    present: int,
    stack: list[int],
    limit: int | None = None,
    min_run: int = 0,
    cache: dict | None = None,
) -> list[tuple[int, int]]:
    """Every set that may be taken now, as (layout positions bitmask, cards from the stack top).

    `values` holds each position's card (anything for gone positions), `present` the bitmask
    of positions still holding a card, `stack` the face-up stack, bottom first. A set takes a
    run from the top of the stack, at least one layout card, and a layout card only with every
    card lying on it. Each result is a different group of cards; at most `limit` of them, and
    only those taking at least `min_run` stack cards. A search may pass a `cache` (of this
    layout and these values, with no `limit`): the sets of each run's product are kept there.
    """
    order = [(p, values[p]) for p in layout.order if present >> p & 1]  # (position, value)
    top = stack[: -MAX_RUN - 1 : -1]
    found: list[tuple[int, int]] = []
    product, biggest = 1, 0
    for run in range(len(top) + 1):
        if run:
            card = top[run - 1]
            product *= card
            biggest = max(biggest, card)
            if biggest % (product // biggest) and product > _MAX_VALUE:
                break  # these stack cards fit in no set together, and neither will more
        if run < min_run:
            continue
        if cache is not None:
            key = (present, run, product, biggest)
            sets = cache.get(key)
            if sets is None:
                sets = cache[key] = []
                _sets_with_run(layout, values, present, order, run, product, biggest, sets, None)
            found += sets
        elif _sets_with_run(layout, values, present, order, run, product, biggest, found, limit):
            break
    return found


_MAX_VALUE = max(number_cards(LEVELS[-1]))
_PRIMES = frozenset(v for v in range(2, _MAX_VALUE + 1) if is_prime(v))


def _sets_with_run(layout, values, present, order, run, product, biggest, found, limit) -> bool:
    """Add the sets taking exactly `run` stack cards; True once `limit` is reached."""
    covered_by = layout.covered_by
    if run:
        others = product // biggest
        if biggest % others == 0 and biggest // others >= 2:
            # The answer is the biggest stack card; the layout gives the rest of its factors.
            for chosen in _closed_sets(order, values, present, covered_by, biggest // others,
                                       biggest, -1):  # fmt: skip
                if run + chosen.bit_count() >= 3:
                    found.append((chosen, run))
                    if limit is not None and len(found) >= limit:
                        return True
    for answer, value in order:
        if value <= biggest or value % product or value in _PRIMES:
            continue
        target, bit = value // product, 1 << answer
        if target == 1:
            if run >= 2 and not covered_by[answer] & present:
                found.append((bit, run))
        else:
            for chosen in _closed_sets(order, values, present, covered_by, target, value, answer):
                if run + 1 + chosen.bit_count() >= 3:
                    found.append((chosen | bit, run))
        if limit is not None and len(found) >= limit:
            return True
    return False


def _closed_sets(order, values, present, covered_by, target, below, answer) -> list[int]:
    """Groups of layout cards smaller than `below` multiplying to `target`, each taken with
    every card lying on it (the answer's position, if any, counts as taken too). `order`: the
    layout cards left, (position, value), in the layout's order."""
    if answer >= 0:
        # Cards lying on the answer must be among its factors: a quick way out if not.
        on = covered_by[answer] & present
        while on:
            low = on & -on
            if target % values[low.bit_length() - 1]:
                return []
            on ^= low
    candidates = [(p, v) for p, v in order if v < below and not target % v and p != answer]
    results: list[int] = []
    start = 1 << answer if answer >= 0 else 0

    def extend(i: int, chosen: int, rest: int) -> None:
        if rest == 1:
            if answer < 0 or not covered_by[answer] & present & ~chosen:
                results.append(chosen & ~start)
            return
        for j in range(i, len(candidates)):
            p, value = candidates[j]
            if rest % value == 0 and not covered_by[p] & present & ~chosen:
                extend(j + 1, chosen | 1 << p, rest // value)

    extend(0, start, target)
    return results


SMALL_PRIMES = (2, 3, 5)


@cache
def difficulty(value: int) -> float:
    """How hard a card is to clear, from the booklet's Strategy: larger primes, composites
    with larger prime factors (44, 51, 57), many factors of 2 or 3 (32, 64, 81, 96), and
    numbers of 70 or above are hard; 2, 3 and 5 are easy."""
    if value in SMALL_PRIMES:
        return 0.5
    factors = prime_factors(value)
    return 1.0 + (factors[-1] >= 7) + (factors[-1] >= 11) + (len(factors) >= 4) + (value >= 70)


@cache
def partner_sets(level: int) -> dict[int, tuple[tuple[tuple[int, int], ...], ...]]:
    """For each card value of the level, every factor set of its deck holding that value, as
    (value, how many) pairs; the sets of the commonest cards first."""
    counts = deck_counts(level)
    found: dict[int, list[tuple[tuple[int, int], ...]]] = {}
    for vs in value_sets(counts, 0, level):
        need = tuple(sorted(Counter((vs.answer, *vs.multipliers)).items()))
        for value, _ in need:
            found.setdefault(value, []).append(need)
    rarity = {v: 1 / n for v, n in counts.items()}
    return {
        value: tuple(sorted(sets, key=lambda need: sum(rarity[v] * c for v, c in need)))
        for value, sets in found.items()
    }
