"""Bot strength, every game: the strong bot against the easy bot over seeded two-player games
(each bot starting half of them), with default settings. The tests play a handful of games for
correctness only; how strong a bot is belongs here (issue 31).

Run: .venv/bin/python bench/strength.py [--games 200] [--game prime-climb]
Prints, per game: the strong bot's wins (a shared win counts half) with its 95 % interval,
and seconds per game.
"""

import argparse
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench._common import machine, wilson
from games.engine import SettingsError, all_games, get_game
from games.engine.protocol import Game

MAX_STEPS = 20_000


def bot_game(game: Game, seats: list, seed: int, settings: dict | None = None) -> tuple:
    """One game to the end, each seat played by its bot (clocks run out when nobody moves);
    the outcome. Moves are chosen from each player's own view."""
    rng = random.Random(seed)
    state = game.new_game(settings or game.default_settings(), len(seats), seed)
    for _ in range(MAX_STEPS):
        if game.outcome(state) is not None:
            return game.outcome(state)
        current = game.current_player(state)
        actors = game.actors(state, len(seats))
        for player in sorted(actors, key=lambda p: p != current):
            moves = game.legal_moves(state, player)
            move = seats[player].choose_move(game.view(state, player), moves, rng)
            if move is not None:
                state = game.apply_move(state, player, move)
                break
        else:
            if game.timer(state) is None:
                raise AssertionError(f"{game.slug} seed {seed}: nobody moves and no clock runs")
            state = game.apply_timeout(state)
    raise AssertionError(f"{game.slug} seed {seed}: no end after {MAX_STEPS} steps")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--game", help="one game's slug (default: every game for 2 players)")
    args = parser.parse_args()
    print(f"Bot strength, strong against easy, {args.games} games each — {machine()}")
    games = [get_game(args.game)] if args.game else all_games()
    for game in games:
        bots = game.bots()
        if "strong" not in bots or "easy" not in bots or game.max_players < 2:
            print(f"{game.slug:<18} no strong and easy bots for two players: not measured")
            continue
        wins, started, played = 0.0, time.perf_counter(), 0
        for seed in range(args.games):
            strong = seed % 2
            seats = [bots["easy"], bots["easy"]]
            seats[strong] = bots["strong"]
            try:
                outcome = bot_game(game, seats, seed)
            except SettingsError:
                continue
            played += 1
            if strong in outcome.winners:
                wins += 1 / len(outcome.winners)
        seconds = (time.perf_counter() - started) / max(played, 1)
        low, high = wilson(wins, played)
        print(
            f"{game.slug:<18} strong won {wins:6.1f} of {played} = {100 * wins / played:5.1f} % "
            f"[{100 * low:4.1f}–{100 * high:4.1f}]  {seconds:6.2f} s a game"
        )


if __name__ == "__main__":
    main()
