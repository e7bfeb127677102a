"""Prime Bomb – Capture: the strong bot against the easy bot over seeded games, and decision times.

Run: .venv/bin/python bench/primebomb.py [--games 1000] [--workers 4]
Targets (issue 16): strong wins clearly more than its share, with 95 % intervals; every
decision under 50 ms at p95.

Two tables: two players (strong against easy; its share is 1/2) and four (one strong against
three easy; its share is 1/4). Game n is at deck level 1 + n % 6, hand 7, scored by the sum; the
strong bot sits in seat n % players. A shared win counts as a fraction for the strong bot
(1 / the number of winners: a half at a two-way tie), so the share to beat stays 1/players.

Simultaneous play is driven like the platform: at each step every actor's bot is asked, and
one of the moves it got (in a random, seeded order: submissions race) is applied; when nobody
moves and the game's clock runs, the clock ends (apply_timeout). "Decision" times are
choose_move alone, for every call (a None too); "with view" adds the view and legal_moves.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench._common import HEADER, machine, summary
from bench.rummy import wilson
from games.primepak.primebomb.game import PRIME_BOMB

MAX_STEPS = 20_000  # far more than a game needs: a game past it counts as unfinished


GAME = PRIME_BOMB


def play(game, state, seats: list[str], rng: random.Random, times=None, whole=None):
    """Play a game to its end between bots named by strength; returns (state, steps)."""
    bots = game.bots()
    steps = 0
    while game.outcome(state) is None and steps < MAX_STEPS:
        moves = []
        for seat in game.actors(state, state["players"]):
            start = time.perf_counter()
            view, legal = game.view(state, seat), game.legal_moves(state, seat)
            chosen = time.perf_counter()
            move = bots[seats[seat]].choose_move(view, legal, rng)
            end = time.perf_counter()
            if times is not None:
                times[seats[seat]].append((end - chosen) * 1000)
                whole[seats[seat]].append((end - start) * 1000)
            if move is not None:
                moves.append((seat, move))
        if moves:
            seat, move = rng.choice(moves)
            state = game.apply_move(state, seat, move)
        elif game.timer(state) is not None:
            state = game.apply_timeout(state)
        else:
            raise AssertionError("nobody moves and no clock runs")
        steps += 1
    return state, steps


def one_game(args: tuple[int, int]) -> dict:
    number, players = args
    level = 1 + number % 6
    strong = number % players
    seats = ["easy"] * players
    seats[strong] = "strong"
    state = GAME.new_game({"level": level}, players, number)
    times: dict[str, list[float]] = {"easy": [], "strong": []}
    whole: dict[str, list[float]] = {"easy": [], "strong": []}
    state, steps = play(GAME, state, seats, random.Random(number), times, whole)
    outcome = GAME.outcome(state)
    winners = outcome.winners if outcome else ()
    return {
        "finished": outcome is not None,
        "won": (1 / len(winners)) if strong in winners else 0.0,
        "tied": strong in winners and len(winners) > 1,
        "score": state["scores"][strong],
        "others": sum(s for k, s in enumerate(state["scores"]) if k != strong) / (players - 1),
        "level": level,
        "steps": steps,
        "times": times,
        "whole": whole,
    }


def report(title: str, results: list[dict], players: int, seconds: float) -> None:
    games = len(results)
    wins = sum(r["won"] for r in results)
    low, high = wilson(wins, games)
    print(f"{title}: {games} seeded games in {seconds:.0f} s")
    print(f"  strong won {wins:g} games ({wins / games:.1%}; 95 % interval {low:.1%} to "
          f"{high:.1%}); its share is {1 / players:.0%}. Shared wins (counted as a fraction): "
          f"{sum(r['tied'] for r in results)}.")  # fmt: skip
    for level in sorted({r["level"] for r in results}):
        mine = [r for r in results if r["level"] == level]
        print(f"    level {level}: won {sum(r['won'] for r in mine):g}/{len(mine)}, mean score "
              f"strong {sum(r['score'] for r in mine) / len(mine):.0f} against an easy bot's "
              f"{sum(r['others'] for r in mine) / len(mine):.0f}")  # fmt: skip
    print(f"  unfinished: {sum(not r['finished'] for r in results)}; steps per game: mean "
          f"{sum(r['steps'] for r in results) / games:.0f}")  # fmt: skip


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--workers", type=int, default=4)
    options = parser.parse_args()
    print(machine())
    print("Prime Bomb – Capture, levels 1-6, hand 7, scored by the sum, strong against easy.")
    print()
    everything: dict[str, list[dict]] = {}
    with ProcessPoolExecutor(options.workers) as pool:
        for title, players in (("2 players, strong vs easy", 2),
                               ("4 players, strong vs 3 easy", 4)):  # fmt: skip
            started = time.perf_counter()
            jobs = [(n, players) for n in range(options.games)]
            results = list(pool.map(one_game, jobs, chunksize=8))
            report(title, results, players, time.perf_counter() - started)
            everything[title] = results
            print()
    print(HEADER)
    for title, results in everything.items():
        short = title.split(",")[0]
        for strength in ("easy", "strong"):
            values = [t for r in results for t in r["times"][strength]]
            print(summary(f"{short} {strength} decision", values))
            values = [t for r in results for t in r["whole"][strength]]
            print(summary(f"{short} {strength} with view", values))


if __name__ == "__main__":
    main()
