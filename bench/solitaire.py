"""Prime Solitaire: how often the bots win, and how often a deal can be won at all.

For each level with the booklet's layout (five rows at levels 1-2, three rows at levels 3-6),
then a pyramid row or two: over seeded deals, the easy bot (the baseline, measured in the same
run), the fair bot, and the solver, which knows the order of the draw pile (a perfect-knowledge
bound: no player can do better). Rates have 95% Wilson intervals; the solver's deals it could
not decide within its budget are counted as "unknown" and bound its rate from above.

The booklet's claim: "At levels 3 through 6, a player should win about 1 out of 4 attempts when
playing with the foundation of three overlapping rows of seven cards each. At levels 1 and 2, a
player should win almost every time, even when playing with the pyramid foundation."

Run: .venv/bin/python bench/solitaire.py [--deals 1000] [--budget 0.5] [--levels 1,2,3,4,5,6]
"""

import argparse
import math
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench._common import machine, percentile
from games.primepak.solitaire import SOLITAIRE as GAME
from games.primepak.solitaire_solver import NO_WIN, UNKNOWN, WIN, solve

BOOKLET = {1: "almost always", 2: "almost always", 3: "about 1 in 4", 4: "about 1 in 4",
           5: "about 1 in 4", 6: "about 1 in 4"}  # fmt: skip
# "A pyramid layout of overlapping rows can make any level more challenging"; at levels 1-2
# "almost every time, even when playing with the pyramid foundation".
BOOKLET_PYRAMID = {1: "almost always", 2: "almost always", 3: "harder", 4: "harder",
                   5: "harder", 6: "harder"}  # fmt: skip


def wilson(wins: int, n: int, z: float = 1.96) -> tuple[float, float]:
    """The 95% Wilson score interval of a rate."""
    if not n:
        return (math.nan, math.nan)
    rate = wins / n
    centre = (rate + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(rate * (1 - rate) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return (centre - half, centre + half)


def rate(wins: int, n: int) -> str:
    low, high = wilson(wins, n)
    return f"{wins:>5} {100 * wins / n:5.1f}% [{100 * low:4.1f}–{100 * high:4.1f}]"


def bot_wins(bot, settings: dict, deals: int) -> tuple[int, float]:
    """Games won by a bot playing through the ordinary moves; seconds per game."""
    wins = 0
    start = time.perf_counter()
    for seed in range(deals):
        state = GAME.new_game(settings, 1, seed)
        rng = random.Random(seed)
        while GAME.outcome(state) is None:
            view, moves = GAME.view(state, 0), GAME.legal_moves(state, 0)
            state = GAME.apply_move(state, 0, bot.choose_move(view, moves, rng))
        wins += state["status"] == "won"
    return wins, (time.perf_counter() - start) / deals


def solver_results(settings: dict, deals: int, budget: float) -> tuple[dict, list[float]]:
    counts = {WIN: 0, NO_WIN: 0, UNKNOWN: 0}
    times = []
    for seed in range(deals):
        solution = solve(GAME.new_game(settings, 1, seed), max_seconds=budget, max_nodes=10**9)
        counts[solution.status] += 1
        times.append(solution.seconds * 1000)
    return counts, times


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--deals", type=int, default=1000)
    parser.add_argument("--budget", type=float, default=0.5, help="solver seconds per deal")
    parser.add_argument("--levels", default="1,2,3,4,5,6")
    parser.add_argument("--pyramid", default="1,3", help="levels to try as a pyramid too")
    args = parser.parse_args()
    print(f"Prime Solitaire win rates — {machine()}")
    print(f"{args.deals} seeded deals per row; solver budget {args.budget} s per deal")
    print(
        f"{'layout':<18} {'booklet':<15} {'easy bot (baseline)':<27} {'fair bot':<27} "
        f"{'solver: won':<27} {'no win':>6} {'unknown':>7} {'≤ rate':>7} "
        f"{'ms p50':>7} {'ms p95':>7} {'bots s/game':>11}"
    )
    rows = [({"level": int(level)}, "rows") for level in args.levels.split(",") if level]
    rows += [({"level": int(level), "layout": "pyramid"}, "pyramid")
             for level in args.pyramid.split(",") if level]  # fmt: skip
    for settings, shape in rows:
        settings = GAME.clean_settings(settings)
        level, deals = settings["level"], args.deals
        easy, easy_seconds = bot_wins(GAME.bots()["easy"], settings, deals)
        fair, fair_seconds = bot_wins(GAME.bots()["fair"], settings, deals)
        counts, times = solver_results(settings, deals, args.budget)
        ceiling = 100 * (counts[WIN] + counts[UNKNOWN]) / deals
        claims = BOOKLET if shape == "rows" else BOOKLET_PYRAMID
        label = f"level {level} {'5 rows' if shape == 'rows' and level <= 2 else shape}"
        if shape == "rows" and level > 2:
            label = f"level {level} 3 rows"
        print(
            f"{label:<18} {claims[level]:<15} {rate(easy, deals):<27} {rate(fair, deals):<27} "
            f"{rate(counts[WIN], deals):<27} {counts[NO_WIN]:>6} {counts[UNKNOWN]:>7} "
            f"{ceiling:>6.1f}% {statistics.median(times):>7.1f} {percentile(times, 95):>7.1f} "
            f"{easy_seconds:>5.3f}/{fair_seconds:<5.3f}",
            flush=True,
        )


if __name__ == "__main__":
    main()
