"""How long the meld layer takes on the hands Factor Rummy really deals.

Hands of 10 and 11 cards from seeded shuffles of the Factor Rummy deck of each level 2-6 (the
booklet: 7 prime wilds at levels 2-3, 11 at levels 4-6). Timed per call:

- `best_arrangement` (the target: p95 under 5 ms, max under 50 ms), on 10 and 11 cards;
- `best_arrangements` (every grouping with the fewest deadwood cards), on 11 cards;
- `going_out` and `discard_options` on 12 cards (an 11-card hand after drawing);
- `completing_cards` on 11 cards (the hint "which card would let me go out");
- a stress row: 11 cards drawn only from the small numbers (2 to 12) and wilds, where sets
  overlap most (not a real deal: it checks that such hands are no slow tail).

Baselines from the same run: sorting the hand, and `possible_melds` alone (listing the sets the
search starts from).

Each hand's time is the fastest of `--repeat` calls (3): on a shared machine a single call's
maximum measures the scheduler more than the hand (`--repeat 1` shows single calls).

Run: .venv/bin/python bench/meld.py [--samples 2000] [--repeat 3]
"""

import argparse
import os
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench._common import HEADER, machine, summary
from games.engine.rng import shuffled
from games.primepak.cards import WILD, deck, sort_key
from games.primepak.meld import (
    best_arrangement,
    best_arrangements,
    completing_cards,
    discard_options,
    going_out,
    possible_melds,
)

RUMMY_WILDS = {2: 7, 3: 7, 4: 11, 5: 11, 6: 11}  # the booklet's Factor Rummy deck


REPEAT = 3


def timed(function, *args, **kwargs) -> tuple[float, object]:
    """The fastest of REPEAT calls, in ms, and the result."""
    best = float("inf")
    for _ in range(REPEAT):
        start = time.perf_counter()
        result = function(*args, **kwargs)
        best = min(best, (time.perf_counter() - start) * 1000)
    return best, result


def deals(level: int, size: int, count: int) -> list[list]:
    """The first `size` cards of seeded shuffles of the level's Factor Rummy deck."""
    cards = deck(level, RUMMY_WILDS[level])
    return [shuffled(cards, seed, "bench-meld", level, size)[:size] for seed in range(count)]


def stress(level: int, count: int) -> list[list]:
    """11 cards from the deck's numbers 2-12 and its wilds only."""
    cards = [c for c in deck(level, RUMMY_WILDS[level]) if c == WILD or c <= 12]
    return [shuffled(cards, seed, "bench-meld-stress", level)[:11] for seed in range(count)]


def row(name: str, function, hands: list[list], *args, **kwargs) -> list:
    times, results = [], []
    for hand in hands:
        ms, result = timed(function, hand, *args, **kwargs)
        times.append(ms)
        results.append(result)
    print(summary(name, times), end="")
    return results


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--samples", type=int, default=2000, help="hands per level and size")
    parser.add_argument("--repeat", type=int, default=REPEAT, help="calls per hand (fastest)")
    args = parser.parse_args()
    globals()["REPEAT"] = max(1, args.repeat)
    n = args.samples
    load = ", ".join(f"{x:.1f}" for x in os.getloadavg())
    print(f"meld layer per call (fastest of {REPEAT}) — {machine()}; load average: {load}")
    print(HEADER)
    for level in RUMMY_WILDS:
        wilds = RUMMY_WILDS[level]
        for size in (10, 11):
            hands = deals(level, size, n)
            found = row(f"L{level} best_arrangement {size}", best_arrangement, hands, level)
            dead = sorted(len(a.deadwood) for a in found)
            print(f"   deadwood: median {dead[len(dead) // 2]}, none {dead.count(0)}")
        hands = deals(level, 11, n)
        every = row(f"L{level} best_arrangements 11", best_arrangements, hands, level)
        print(f"   groupings: max {max(len(e) for e in every)}")
        after_draw = deals(level, 12, n)
        ways = row(f"L{level} going_out 12", going_out, after_draw, level)
        print(f"   can go out: {sum(w is not None for w in ways)}")
        row(f"L{level} discard_options 12", discard_options, after_draw, level)
        print()
        cards = row(f"L{level} completing_cards 11", completing_cards, hands, level, wilds=wilds)
        print(f"   completing cards: mean {sum(map(len, cards)) / len(cards):.1f}")
        hard = stress(level, n)
        every = row(f"L{level} stress best_arrangement 11", best_arrangement, hard, level)
        print()
        row(f"L{level} stress best_arrangements 11", best_arrangements, hard, level)
        print()
        row(f"L{level} baseline sort 11", lambda h: sorted(h, key=sort_key), hands)
        print()
        row(f"L{level} baseline possible_melds 11", possible_melds, hands, level)
        print()


if __name__ == "__main__":
    main()
