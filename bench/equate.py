"""Equate: the strong bot against the easy bot, its decision time, how often its play is the
best there is, and the complete move generator on positions from those games.

Run: .venv/bin/python bench/equate.py [--games 500] [--workers 2] [--positions 24] [--timeout 30]
Targets (issue 17): strong bot p95 under 1 s; strong vs easy over 500 games with a 95 %
interval; plays found per position and the generation time p50/p95/max.

1. Games: seeded two-player games, Original tiles, no time limit, the strong bot in seat 0 in
   even games and seat 1 in odd ones. Decision time = the bot's choose_move with its view and
   legal_moves (what the platform runs for a bot's turn). For every 4th strong decision, its
   search (best.best_play, bots.STRONG_STEPS steps) is run again for its figures: whether it
   proved its play the best, and the steps it took.
2. Positions: --positions positions taken from the first games (every 8th turn). On each, in
   a child process stopped after --timeout seconds:
   - the best there is: best.best_play without a budget (the strong bot's value: score and
     what the rack keeps), against the strong bot's play on its budget, and against the best
     score of the bounded search the strong bot used before (movegen.bot_plays);
   - the complete generation: movegen.generate(state, seat, expressions=False), every equation
     play of the whole rack (a stopped one counts in "errors" at the time limit, so its
     percentiles are lower bounds).
"""

from __future__ import annotations

import argparse
import multiprocessing
import random
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench._common import HEADER, machine, summary, wilson
from games.equate import best, bots, movegen
from games.equate.game import EQUATE as GAME

MAX_TURNS = 400
SAMPLE_EVERY = 8
STATS_EVERY = 4  # the strong bot's search is run again for its figures at 1 of its turns in 4


def one_game(number: int) -> dict:
    strong = number % 2
    seats = ["easy", "easy"]
    seats[strong] = "strong"
    state = GAME.new_game({"tiles": "original"}, 2, number)
    rng = random.Random(number)
    times: dict[str, list[float]] = {"easy": [], "strong": []}
    steps, proven, samples = [], [], []
    for turn in range(MAX_TURNS):
        if GAME.outcome(state) is not None:
            break
        seat = GAME.current_player(state)
        if turn % SAMPLE_EVERY == 0:
            samples.append((state, seat))
        started = time.perf_counter()
        view = GAME.view(state, seat)
        move = GAME.bots()[seats[seat]].choose_move(view, GAME.legal_moves(state, seat), rng)
        times[seats[seat]].append((time.perf_counter() - started) * 1000)
        if seats[seat] == "strong" and len(times["strong"]) % STATS_EVERY == 1:
            answer = strong_search(view)
            steps.append(answer.steps)
            proven.append(answer.proven)
        state = GAME.apply_move(state, seat, move)
    outcome = GAME.outcome(state)
    winners = outcome.winners if outcome else ()
    return {
        "finished": outcome is not None,
        "won": (1 / len(winners)) if strong in winners else 0.0,
        "tied": strong in winners and len(winners) > 1,
        "scores": (state["scores"][strong], state["scores"][1 - strong]),
        "end": state["end"],
        "times": times,
        "steps": steps,
        "proven": proven,
        "samples": samples,
    }


def strong_search(view, budget=None) -> best.Best:
    """The strong bot's search on its view, as bots.best_play runs it."""
    rack = [tile["face"] for tile in view["rack"]]
    bag = view["bag_count"]
    return best.best_play(
        bots.view_state(view),
        view["me"],
        leave=lambda faces: bots.leave_value(faces, bag),
        leave_bound=bots.leave_bound(rack, bag),
        budget=bots.STRONG_STEPS if budget is None else budget,
    )


def _proven(view, out) -> None:
    started = time.perf_counter()
    answer = strong_search(view, float("inf"))
    out.put((answer.value, answer.score, time.perf_counter() - started))


def proven_best(view, timeout: float) -> tuple[float, int, float] | None:
    """(value, score, seconds) of the best play there is, or None when stopped at `timeout`."""
    return _in_child(_proven, (view,), timeout)


def _in_child(target, args, timeout: float):
    out = multiprocessing.Queue()
    child = multiprocessing.Process(target=target, args=(*args, out))
    child.start()
    child.join(timeout)
    if child.is_alive():
        child.terminate()
        child.join()
        return None
    return out.get()


def _generate(state, seat, out) -> None:
    started = time.perf_counter()
    plays = movegen.generate(state, seat, expressions=False)
    seconds = time.perf_counter() - started
    out.put((len(plays), seconds, best_score(state, seat, plays)))


def best_score(state, seat: int, plays) -> int | None:
    """The highest score among these plays (None: there are none)."""
    scorer = movegen.Scorer(state, seat)
    return max((scorer.score(play) for play in plays), default=None)


def complete(state, seat: int, timeout: float) -> tuple[int | None, float, int | None]:
    """(plays found, seconds, the best score) for the whole rack's equations, or (None,
    timeout, None) when stopped at `timeout`."""
    return _in_child(_generate, (state, seat), timeout) or (None, timeout, None)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=500)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--positions", type=int, default=24)
    parser.add_argument("--timeout", type=float, default=30.0)
    options = parser.parse_args()
    print(machine())
    print(f"Equate, Original tiles, 2 players: strong against easy, {options.games} seeded games; "
          f"strong search budget {bots.STRONG_STEPS} steps.")  # fmt: skip
    started = time.perf_counter()
    results = []
    with ProcessPoolExecutor(options.workers) as pool:
        for result in pool.map(one_game, range(options.games), chunksize=2):
            results.append(result)
            if len(results) % 50 == 0:  # a running tally: a long run stopped early still tells
                wins = sum(r["won"] for r in results)
                print(f"  after {len(results)} games ({time.perf_counter() - started:.0f} s): "
                      f"strong won {wins:g}", flush=True)  # fmt: skip
    seconds = time.perf_counter() - started
    games = len(results)
    wins = sum(r["won"] for r in results)
    low, high = wilson(wins, games)
    print(f"{games} games in {seconds:.0f} s: strong won {wins:g} ({wins / games:.1%}; 95 % "
          f"interval {low:.1%} to {high:.1%}); shared wins {sum(r['tied'] for r in results)}; "
          f"unfinished {sum(not r['finished'] for r in results)}.")  # fmt: skip
    mean = [sum(r["scores"][k] for r in results) / games for k in (0, 1)]
    ends = {end: sum(r["end"] == end for r in results) for end in ("out", "passes", "rounds")}
    print(f"Mean final score: strong {mean[0]:.0f}, easy {mean[1]:.0f}. Endings: {ends}.")
    steps = sorted(n for r in results for n in r["steps"])
    proven = [p for r in results for p in r["proven"]]
    if steps:
        print(f"Strong search, 1 decision in {STATS_EVERY}: {len(steps)} decisions, its play "
              f"proved the best in {sum(proven)} ({sum(proven) / len(proven):.0%}); steps "
              f"median {steps[len(steps) // 2]}, max {steps[-1]}.")  # fmt: skip
    print()
    samples = [s for r in results for s in r["samples"]][: options.positions]
    full: list[float] = []
    errors = 0
    counts, rows = [], []
    equal = proved = 0
    ratios = []
    for state, seat in samples:
        view = GAME.view(state, seat)
        budgeted = strong_search(view)
        old_best = best_score(state, seat, movegen.bot_plays(state, seat)[0])
        truth = proven_best(view, options.timeout)
        if truth is not None:
            proved += 1
            equal += budgeted.value == truth[0]
            if truth[1] > 0:
                ratios.append(budgeted.score / truth[1])
        mine = budgeted.score if budgeted.play else "-"
        before = "-" if old_best is None else old_best
        rows.append(f"{'?' if truth is None else truth[1]}/{mine}/{before}")
        plays, took, best_found = complete(state, seat, options.timeout)
        full.append(took * 1000)
        errors += plays is None
        counts.append("timed out" if plays is None else f"{plays} (best {best_found})")
    if not samples:
        rows = counts = ["none asked for"]
    print(f"{len(samples)} positions, {options.timeout:g} s limit each. Best score there is / "
          f"the strong bot's play / the bounded search used before: {', '.join(rows)}")  # fmt: skip
    if proved:
        mean = sum(ratios) / len(ratios) if ratios else 1.0
        print(f"The best play was proved in {proved} positions; the strong bot's play was worth "
              f"as much in {equal} ({equal / proved:.0%}); its score on average {mean:.0%} of "
              f"the best.")  # fmt: skip
    print(f"Complete generation (whole rack, equations), plays per position: {', '.join(counts)}")
    print()
    print(HEADER)
    for strength in ("strong", "easy"):
        values = [t for r in results for t in r["times"][strength]]
        print(summary(f"{strength} decision (view, moves)", values))
    print(summary("complete generation", full, errors))


if __name__ == "__main__":
    main()
