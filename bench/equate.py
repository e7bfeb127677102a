"""Equate's move generator: plays found and time taken on positions from seeded games.

Run: .venv/bin/python bench/equate.py [--games 2] [--turns 8] [--timeout 60]
Target (issue 17, step 2): movegen.generate under 1 s at p95.

Positions: seeded two-player games (Original tiles) played by a greedy player against
itself. Its move is the highest-scoring play whose main line is an equation among those of
the first FIVE tiles of its rack (the whole rack is far too slow to search every turn:
see the figures); with none, it trades its whole rack (or passes when the bag is short).
At each position, in a child process stopped after --timeout seconds:

- "all plays": movegen.generate(state, seat), every legal play (expressions included);
- "equations": movegen.generate(state, seat, expressions=False).

A position that runs out of time counts in "errors" and its time is the time limit, so the
percentiles are lower bounds when there are errors.
"""

from __future__ import annotations

import argparse
import multiprocessing
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench._common import HEADER, machine, summary
from games.engine.protocol import IllegalMove
from games.equate import movegen, rules

SEARCHED = 5  # rack tiles the greedy player searches


def greedy(state, seat: int):
    """The state after the greedy player's turn, and what it did."""
    rack = state["racks"][seat]
    small = {**state, "racks": [list(r) for r in state["racks"]]}
    small["racks"][seat] = rack[:SEARCHED]  # the same positions hold the same faces
    best, best_score = None, -1
    for play in movegen.generate(small, seat, expressions=False):
        score = movegen.score_of(state, seat, play)
        if score > best_score:
            best, best_score = play, score
    if best is not None:
        return rules.play(state, seat, best), f"play for {best_score}"
    try:
        return rules.trade(state, seat, list(range(len(rack)))), "trade"
    except IllegalMove:
        return rules.pass_turn(state, seat), "pass"


def _timed(state, seat, expressions, out) -> None:
    started = time.perf_counter()
    plays = movegen.generate(state, seat, expressions=expressions)
    out.put((len(plays), time.perf_counter() - started))


def measure(state, seat: int, expressions: bool, timeout: float) -> tuple[int | None, float]:
    """(plays found or None, seconds) for one generation, stopped after `timeout` seconds."""
    out = multiprocessing.Queue()
    child = multiprocessing.Process(target=_timed, args=(state, seat, expressions, out))
    child.start()
    child.join(timeout)
    if child.is_alive():
        child.terminate()
        child.join()
        return None, timeout
    return out.get()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=2)
    parser.add_argument("--turns", type=int, default=8, help="positions measured per game")
    parser.add_argument("--timeout", type=float, default=60.0)
    options = parser.parse_args()
    print(machine())
    print(f"Equate move generation: {options.games} seeded games, {options.turns} positions "
          f"each, {options.timeout:g} s limit per generation.")  # fmt: skip
    print()
    times: dict[str, list[float]] = {"all plays": [], "equations": []}
    errors = {name: 0 for name in times}
    for number in range(options.games):
        state = rules.new_state({"tiles": "original"}, 2, number)
        for turn in range(options.turns):
            if state["end"]:
                break
            seat = state["turn"]
            found = []
            for name, expressions in (("all plays", True), ("equations", False)):
                plays, seconds = measure(state, seat, expressions, options.timeout)
                times[name].append(seconds * 1000)
                errors[name] += plays is None
                found.append("timed out" if plays is None else f"{plays} in {seconds:.2f} s")
            rack = " ".join(state["racks"][seat])
            where = f"{len(state['board']):>3} tiles on the board, rack {rack}"
            state, did = greedy(state, seat)
            print(f"game {number} turn {turn}: {where}: all plays {found[0]}; "
                  f"equations {found[1]}; then {did}")  # fmt: skip
    print()
    print(HEADER)
    for name, values in times.items():
        print(summary(f"generate, {name}", values, errors[name]))


if __name__ == "__main__":
    main()
