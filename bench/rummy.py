"""Factor Rummy: the strong bot against the easy bot over seeded games, and bot decision time.

Run: .venv/bin/python bench/rummy.py [--games 1000] [--target 200] [--workers 4]
Targets (issue 14): strong wins clearly more than its share (1 in 2 at a table of two), with a
95 % interval; every bot decides in under 50 ms at p95.

Each game is two players at level 2 + game % 5 (levels 2 to 6), the strong bot in seat 0 in
even games and seat 1 in odd ones; the next round is dealt at once. Decision times are measured
around choose_move only (the bot's own view and legal moves given).
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench._common import HEADER, machine, summary, wilson
from games.primepak.rummy.game import FACTOR_RUMMY as GAME
from games.primepak.rummy.state import ROUND_OVER


def one_game(args: tuple[int, int]) -> tuple[bool, int, dict[str, list[float]]]:
    """(strong won, rounds, decision times in ms by strength) for one seeded game."""
    number, target = args
    bots = GAME.bots()
    strong = number % 2
    seats = ["strong", "easy"] if strong == 0 else ["easy", "strong"]
    state = GAME.new_game({"level": 2 + number % 5, "target": target}, 2, number)
    rng = random.Random(number)
    times: dict[str, list[float]] = {"easy": [], "strong": []}
    while GAME.outcome(state) is None:
        if state["phase"] == ROUND_OVER:
            state = GAME.apply_timeout(state)
            continue
        player = GAME.current_player(state)
        view, legal = GAME.view(state, player), GAME.legal_moves(state, player)
        start = time.perf_counter()
        move = bots[seats[player]].choose_move(view, legal, rng)
        times[seats[player]].append((time.perf_counter() - start) * 1000)
        state = GAME.apply_move(state, player, move)
    return state["winner"] == strong, state["round"], times


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--target", type=int, default=200, choices=(50, 100, 200))
    parser.add_argument("--workers", type=int, default=4)
    options = parser.parse_args()
    print(machine())
    started = time.perf_counter()
    jobs = [(n, options.target) for n in range(options.games)]
    with ProcessPoolExecutor(options.workers) as pool:
        results = list(pool.map(one_game, jobs, chunksize=10))
    wins = sum(won for won, _, _ in results)
    rounds = [r for _, r, _ in results]
    low, high = wilson(wins, options.games)
    print(
        f"Factor Rummy, 2 players, levels 2-6, to {options.target} points, "
        f"{options.games} seeded games ({time.perf_counter() - started:.0f} s):"
    )
    print(
        f"strong beat easy in {wins} ({wins / options.games:.1%}; 95 % interval "
        f"{low:.1%} to {high:.1%}); its share at a table of two is 50 %."
    )
    print(f"rounds per game: mean {sum(rounds) / len(rounds):.1f}, max {max(rounds)}")
    print()
    print(HEADER)
    for strength in ("easy", "strong"):
        values = [t for _, _, times in results for t in times[strength]]
        print(summary(f"factor-rummy {strength} decision", values))


if __name__ == "__main__":
    main()
