"""Prime Canasta: the strong bot against the easy bot over seeded games, and decision times.

Run: .venv/bin/python bench/canasta.py [--games 1000] [--target 1000] [--workers 4]
Targets (issue 15): strong wins clearly more than its share, alone (1 in 2 at a table of two)
and in partnerships (strong + easy against easy + easy: 1 in 2), with 95 % intervals; every
decision, legal_moves included, under 50 ms at p95.

Games are played to 1000 points by default (the smallest target a teacher can choose): to 5000
a game takes many rounds, and the rounds are what the bots play. Round-level win rates (the
strong side scored more in the round) are reported beside game win rates.

Each game is at deck level 3 + game % 4 (levels 3 to 6). Alone: two players, the strong bot in
seat 0 in even games and seat 1 in odd ones. Partnerships: four players, the strong bot in seat
game % 4 with an easy partner across, against two easy bots. The next round is dealt at once.
"Decision" times are choose_move alone; "with legal moves" adds the platform's view and
legal_moves for the same decision (what a bot's turn costs the server).
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
from games.primepak.canasta.game import PRIME_CANASTA as GAME
from games.primepak.canasta.state import ROUND_OVER, TARGETS

MAX_MOVES = 60_000  # far more than any game needs: a game past it counts as unfinished


def one_game(args: tuple[int, int, bool]) -> dict:
    """One seeded game: who won, the rounds, the decision times (ms) by strength."""
    number, target, partners = args
    bots = GAME.bots()
    players = 4 if partners else 2
    strong = number % players
    seats = ["easy"] * players
    seats[strong] = "strong"
    state = GAME.new_game(
        {"level": 3 + number % 4, "target": target, "partnerships": partners}, players, number
    )
    strong_side = strong % 2 if partners else strong
    rng = random.Random(number)
    times: dict[str, list[float]] = {"easy": [], "strong": []}
    whole: dict[str, list[float]] = {"easy": [], "strong": []}
    moves = 0
    while GAME.outcome(state) is None and moves < MAX_MOVES:
        if state["phase"] == ROUND_OVER:
            state = GAME.apply_timeout(state)
            continue
        player = GAME.current_player(state)
        start = time.perf_counter()
        view, legal = GAME.view(state, player), GAME.legal_moves(state, player)
        chosen = time.perf_counter()
        move = bots[seats[player]].choose_move(view, legal, rng)
        end = time.perf_counter()
        times[seats[player]].append((end - chosen) * 1000)
        whole[seats[player]].append((end - start) * 1000)
        state = GAME.apply_move(state, player, move)
        moves += 1
    rounds = state["rounds"]
    won_rounds = sum(
        r["points"][strong_side] > max(p for s, p in enumerate(r["points"]) if s != strong_side)
        for r in rounds
    )
    out = sum(r["out"] is not None for r in rounds)
    strong_out = sum(r["out"] == strong or (partners and r["out"] == (strong + 2) % 4)
                     for r in rounds)  # fmt: skip
    return {
        "finished": GAME.outcome(state) is not None,
        "won": state["winner"] == strong_side,
        "rounds": len(rounds),
        "won_rounds": won_rounds,
        "out": out,
        "strong_out": strong_out,
        "moves": moves,
        "times": times,
        "whole": whole,
        "level": 3 + number % 4,
    }


def report(title: str, results: list[dict], seconds: float) -> None:
    games = len(results)
    wins = sum(r["won"] for r in results)
    low, high = wilson(wins, games)
    rounds = sum(r["rounds"] for r in results)
    won_rounds = sum(r["won_rounds"] for r in results)
    rlow, rhigh = wilson(won_rounds, rounds)
    unfinished = sum(not r["finished"] for r in results)
    print(f"{title}: {games} seeded games in {seconds:.0f} s")
    print(f"  strong side won {wins} games ({wins / games:.1%}; 95 % interval {low:.1%} to "
          f"{high:.1%}); its share is 50 %.")  # fmt: skip
    print(f"  strong side won {won_rounds} of {rounds} rounds ({won_rounds / rounds:.1%}; "
          f"95 % interval {rlow:.1%} to {rhigh:.1%}).")  # fmt: skip
    for level in sorted({r["level"] for r in results}):
        mine = [r for r in results if r["level"] == level]
        print(f"    level {level}: games {sum(r['won'] for r in mine)}/{len(mine)}, rounds "
              f"{sum(r['won_rounds'] for r in mine)}/{sum(r['rounds'] for r in mine)}")  # fmt: skip
    out = sum(r["out"] for r in results)
    strong_out = sum(r["strong_out"] for r in results)
    print(f"  rounds per game: mean {rounds / games:.1f}, max {max(r['rounds'] for r in results)};"
          f" someone went out in {out / rounds:.0%} of rounds (the strong side in "
          f"{strong_out / rounds:.0%}); moves per game: mean "
          f"{sum(r['moves'] for r in results) / games:.0f}; unfinished: {unfinished}")  # fmt: skip


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--target", type=int, default=1000, choices=TARGETS)
    parser.add_argument("--workers", type=int, default=4)
    options = parser.parse_args()
    print(machine())
    note = "" if options.target == 5000 else " (not the booklet's 5000: see the docstring)"
    print(f"Prime Canasta, levels 3-6, games to {options.target} points{note}, strong against "
          "easy.")  # fmt: skip
    print()
    everything: dict[str, list[dict]] = {}
    with ProcessPoolExecutor(options.workers) as pool:
        for title, partners in (("Alone, 2 players", False),
                                ("Partnerships, strong+easy vs easy+easy", True)):  # fmt: skip
            started = time.perf_counter()
            jobs = [(n, options.target, partners) for n in range(options.games)]
            results = list(pool.map(one_game, jobs, chunksize=4))
            report(title, results, time.perf_counter() - started)
            everything[title] = results
            print()
    print(HEADER)
    for title, results in everything.items():
        short = "alone" if "Alone" in title else "partners"
        for strength in ("easy", "strong"):
            values = [t for r in results for t in r["times"][strength]]
            print(summary(f"{short} {strength} decision", values))
            values = [t for r in results for t in r["whole"][strength]]
            print(summary(f"{short} {strength} with legal moves", values))
    every = [r for results in everything.values() for r in results]
    for level in sorted({r["level"] for r in every}):
        for strength in ("easy", "strong"):
            values = [t for r in every if r["level"] == level for t in r["whole"][strength]]
            print(summary(f"level {level} {strength} with legal moves", values))


if __name__ == "__main__":
    main()
