"""Bot decision time per game and strength, on positions from seeded games.

Run: .venv/bin/python bench/bots.py [--positions 3000]
Target (issue 3): every bot decides in under 50 ms at p95.
"""

import argparse
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench._common import HEADER, machine, summary
from games.engine import SettingsError, all_games


def positions(game, count: int) -> list[tuple[dict, int]]:
    """(state, player) pairs from seeded games played by the game's strongest bot."""
    found: list[tuple[dict, int]] = []
    seed = 0
    strongest = list(game.bots().values())[-1]
    while len(found) < count:
        players = game.min_players + seed % (game.max_players - game.min_players + 1)
        try:
            state = game.new_game(game.default_settings(), players, seed)
        except SettingsError:  # a player count these settings do not allow (solo Prime Climb)
            seed += 1
            continue
        rng = random.Random(seed)
        while game.outcome(state) is None and len(found) < count:
            player = game.current_player(state)
            moves = game.legal_moves(state, player)
            found.append((state, player))
            move = strongest.choose_move(game.view(state, player), moves, rng)
            if move is None:  # the bot waits (Factor Rummy between rounds): the clock moves on
                found.pop()
                state = game.apply_timeout(state)
                continue
            state = game.apply_move(state, player, move)
        seed += 1
    return found


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--positions", type=int, default=3000)
    args = parser.parse_args()
    print(f"Bot decision time — {machine()}")
    print(HEADER)
    for game in all_games():
        sample = positions(game, args.positions)
        baseline = []
        for state, player in sample:  # the same positions: view + legal moves only
            start = time.perf_counter()
            game.view(state, player), game.legal_moves(state, player)
            baseline.append((time.perf_counter() - start) * 1000)
        print(summary(f"{game.slug}: view + legal moves", baseline))
        for name, bot in game.bots().items():
            timings = []
            rng = random.Random(1)
            for state, player in sample:
                view, moves = game.view(state, player), game.legal_moves(state, player)
                start = time.perf_counter()
                bot.choose_move(view, moves, rng)
                timings.append((time.perf_counter() - start) * 1000)
            print(summary(f"{game.slug}: {name} bot decides", timings))


if __name__ == "__main__":
    main()
