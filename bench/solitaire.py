"""Prime Solitaire: how often the bots win, and how often a deal can be won at all.

For each level with the booklet's layout (five rows at levels 1-2, three rows at levels 3-6),
then a pyramid row or two: over seeded deals, the easy bot (the baseline, measured in the same
run), the medium bot ("fair": it plays by the booklet's Strategy), the strong bot (it imagines
orders of the face-down cards and asks the solver about each move; it never peeks either; it
plays the first --strong-deals seeds, and its decision times are shown), and the solver, which
knows the order of the draw pile (a perfect-knowledge bound: no player can do better). Rates
have 95% Wilson intervals; the solver's deals it could not decide within its budget are
counted as "unknown" and bound its rate from above.

The booklet's claim: "At levels 3 through 6, a player should win about 1 out of 4 attempts when
playing with the foundation of three overlapping rows of seven cards each. At levels 1 and 2, a
player should win almost every time, even when playing with the pyramid foundation."

Run: .venv/bin/python bench/solitaire.py [--deals 1000] [--strong-deals 1000] [--budget 2]
     [--levels 1,2,3,4,5,6] [--pyramid 1,3] [--only easy,medium,strong,solver] [--first-seed 0]
(--first-seed splits a long run, e.g. the strong bot's, between processes: 0 and 500.)
"""

import argparse
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench._common import machine, percentile, wilson
from games.primepak.solitaire.game import SOLITAIRE as GAME
from games.primepak.solitaire.solver import NO_WIN, UNKNOWN, WIN, solve

BOOKLET = {1: "almost always", 2: "almost always", 3: "about 1 in 4", 4: "about 1 in 4",
           5: "about 1 in 4", 6: "about 1 in 4"}  # fmt: skip
# "A pyramid layout of overlapping rows can make any level more challenging"; at levels 1-2
# "almost every time, even when playing with the pyramid foundation".
BOOKLET_PYRAMID = {1: "almost always", 2: "almost always", 3: "harder", 4: "harder",
                   5: "harder", 6: "harder"}  # fmt: skip


def rate(wins: int, n: int) -> str:
    low, high = wilson(wins, n)
    return f"{wins:>5} {100 * wins / n:5.1f}% [{100 * low:4.1f}–{100 * high:4.1f}]"


def bot_wins(bot, settings: dict, deals: int, first: int = 0) -> tuple[int, float, list[float]]:
    """Games won by a bot playing through the ordinary moves; seconds per game; the time of
    each decision that was not a card of a set already chosen (ms)."""
    wins = 0
    decisions = []
    start = time.perf_counter()
    for seed in range(first, first + deals):
        state = GAME.new_game(settings, 1, seed)
        rng = random.Random(seed)
        while GAME.outcome(state) is None:
            view, moves = GAME.view(state, 0), GAME.legal_moves(state, 0)
            began = time.perf_counter()
            move = bot.choose_move(view, moves, rng)
            if not view["selection"]["cards"]:
                decisions.append(1000 * (time.perf_counter() - began))
            state = GAME.apply_move(state, 0, move)
        wins += state["status"] == "won"
    return wins, (time.perf_counter() - start) / max(1, deals), decisions


def solver_results(
    settings: dict, deals: int, budget: float, first: int = 0
) -> tuple[dict, list[float]]:
    counts = {WIN: 0, NO_WIN: 0, UNKNOWN: 0}
    times = []
    for seed in range(first, first + deals):
        solution = solve(GAME.new_game(settings, 1, seed), max_seconds=budget, max_nodes=10**9)
        counts[solution.status] += 1
        times.append(solution.seconds * 1000)
    return counts, times


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--deals", type=int, default=1000)
    parser.add_argument("--strong-deals", type=int, default=1000, help="deals for the strong bot")
    parser.add_argument("--budget", type=float, default=2.0, help="solver seconds a deal")
    parser.add_argument("--levels", default="1,2,3,4,5,6")
    parser.add_argument("--pyramid", default="1,3", help="levels to try as a pyramid too")
    parser.add_argument("--only", default="easy,medium,strong,solver", help="columns to measure")
    parser.add_argument("--first-seed", type=int, default=0, help="to split a long run")
    args = parser.parse_args()
    only = set(args.only.split(","))
    print(f"Prime Solitaire win rates — {machine()}")
    print(
        f"{args.deals} seeded deals per row from seed {args.first_seed} (the strong bot: the "
        f"first {args.strong_deals}); "
        f"solver budget {args.budget} s per deal; the strong bot's decision times in ms"
    )
    print(
        f"{'layout':<18} {'booklet':<15} {'easy bot (baseline)':<27} {'medium (fair) bot':<27} "
        f"{'strong bot':<27} {'p50/p95/max ms':>15} "
        f"{'solver: won':<27} {'no win':>6} {'unknown':>7} {'≤ rate':>7} "
        f"{'ms p50':>7} {'ms p95':>7} {'bots s/game':>17}"
    )
    rows = [({"level": int(level)}, "rows") for level in args.levels.split(",") if level]
    rows += [({"level": int(level), "layout": "pyramid"}, "pyramid")
             for level in args.pyramid.split(",") if level]  # fmt: skip
    for settings, shape in rows:
        settings = GAME.clean_settings(settings)
        level, deals = settings["level"], args.deals
        cells, seconds = {}, []
        for name, n in (("easy", deals), ("medium", deals), ("strong", args.strong_deals)):
            if name in only and n:
                wins, per_game, decisions = bot_wins(
                    GAME.bots()[name], settings, n, args.first_seed
                )
                cells[name] = rate(wins, n)
                seconds.append(f"{per_game:.3f}")
                if name == "strong":
                    cells["times"] = (
                        f"{statistics.median(decisions):.0f}/{percentile(decisions, 95):.0f}/"
                        f"{max(decisions):.0f}"
                    )
        solver = (
            ""
            if "solver" not in only
            else solver_row(settings, deals, args.budget, args.first_seed)
        )
        claims = BOOKLET if shape == "rows" else BOOKLET_PYRAMID
        label = f"level {level} {'5 rows' if shape == 'rows' and level <= 2 else shape}"
        if shape == "rows" and level > 2:
            label = f"level {level} 3 rows"
        print(
            f"{label:<18} {claims[level]:<15} {cells.get('easy', '–'):<27} "
            f"{cells.get('medium', '–'):<27} {cells.get('strong', '–'):<27} "
            f"{cells.get('times', '–'):>15} {solver} {'/'.join(seconds):>17}",
            flush=True,
        )


def solver_row(settings: dict, deals: int, budget: float, first: int = 0) -> str:
    counts, times = solver_results(settings, deals, budget, first)
    ceiling = 100 * (counts[WIN] + counts[UNKNOWN]) / deals
    return (
        f"{rate(counts[WIN], deals):<27} {counts[NO_WIN]:>6} {counts[UNKNOWN]:>7} "
        f"{ceiling:>6.1f}% {statistics.median(times):>7.1f} {percentile(times, 95):>7.1f}"
    )


if __name__ == "__main__":
    main()
