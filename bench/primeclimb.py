"""Prime Climb: worst-case turn enumeration, the strong bot's win rate against the easy one,
and bot decision time.

Run: .venv/bin/python bench/primeclimb.py [--positions 150] [--games 1000] [--variant-games 100]

1. Enumeration: seeded positions with doubles (four uses of one die) and a hand of "add or
   subtract" Keeper cards; the time to list every way the whole turn can end (the strong
   bot's search), beside legal_moves on the same positions (the baseline the rules need for
   every move).
2. Strength: the strong bot against the easy bot over seeded two-player games, seats
   alternating; win rate with a 95% Wilson interval.
3. Decision time per bot strength on positions from seeded games.
"""

import argparse
import math
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench._common import HEADER, machine, summary
from games.engine.rng import rng_for
from games.primeclimb.bots import BOTS, StrongBot
from games.primeclimb.rules import PRIME_CLIMB
from games.primeclimb.search import MAX_CARDS, NODE_LIMIT, turn_ends
from games.primeclimb.state import MOVE
from games.primeclimb.steps import Ctx

GAME = PRIME_CLIMB
HANDS = (0, 1, 2, 3, 4, 9)  # add-or-subtract cards held


def worst_case_positions(count: int, cards: int) -> list[dict]:
    """Seeded states in the move phase with doubles and `cards` add-or-subtract Keepers."""
    states = []
    for seed in range(count):
        rng = random.Random(seed)
        state = GAME.new_game({}, 2, seed)
        seat = GAME.current_player(state)
        state["pawns"][seat] = [[rng.randrange(0, 101), 101], [rng.randrange(0, 101), 101]]
        hand = [f"plus{n}" for n in sorted(rng.sample(range(1, 10), cards))]
        for card in hand:
            state["draw"].remove(card)
        state["keepers"][seat] = hand
        die = rng.randrange(1, 11)
        turn = state["turn"]
        turn.update(phase=MOVE, dice=[die, die], left=[die] * 4)
        turn["start"] = [list(p) for p in state["pawns"][seat]]
        states.append(state)
    return states


def time_ms(function, *args) -> float:
    start = time.perf_counter()
    function(*args)
    return (time.perf_counter() - start) * 1000


def bench_enumeration(count: int) -> None:
    print(f"\n1. Whole-turn enumeration, doubles (four uses), {count} seeded positions per row")
    print(f"   (the strong bot combines at most {MAX_CARDS} cards a turn; {NODE_LIMIT} positions)")
    print(HEADER)
    for cards in HANDS:
        states = worst_case_positions(count, cards)
        seats = [GAME.current_player(s) for s in states]
        baseline = [time_ms(GAME.legal_moves, s, p) for s, p in zip(states, seats, strict=True)]
        print(summary(f"legal_moves, {cards} cards (baseline)", baseline))
        timings, ends = [], []
        for state, seat in zip(states, seats, strict=True):
            pawns = tuple(tuple(p) for p in state["pawns"][seat])
            left = tuple(state["turn"]["left"])
            nudges = tuple(int(c[4:]) for c in state["keepers"][seat])
            start = time.perf_counter()
            found = turn_ends(Ctx(), pawns, left, (), nudges)
            timings.append((time.perf_counter() - start) * 1000)
            ends.append(len(found.ends))
        print(summary(f"turn_ends, {cards} cards", timings) + f"   ends: max {max(ends)}")
        decisions = []
        for state, seat in zip(states, seats, strict=True):
            view, moves = GAME.view(state, seat), GAME.legal_moves(state, seat)
            decisions.append(time_ms(StrongBot().choose_move, view, moves, random.Random(1)))
        print(summary(f"strong bot plans, {cards} cards", decisions))


def play(seats, seed: int, variant: str) -> dict:
    state = GAME.new_game({"variant": variant}, len(seats), seed)
    rng = rng_for(seed, "bench")
    while GAME.outcome(state) is None:
        player = GAME.current_player(state)
        moves = GAME.legal_moves(state, player)
        state = GAME.apply_move(
            state, player, seats[player].choose_move(GAME.view(state, player), moves, rng)
        )
    return state


def wilson(wins: int, games: int, z: float = 1.96) -> tuple[float, float]:
    p = wins / games
    centre = p + z * z / (2 * games)
    margin = z * math.sqrt(p * (1 - p) / games + z * z / (4 * games * games))
    scale = 1 + z * z / games
    return (centre - margin) / scale, (centre + margin) / scale


def bench_strength(games: int, variant: str) -> None:
    wins, turns, start = 0, [], time.perf_counter()
    for seed in range(games):
        strong = seed % 2
        seats = [BOTS["easy"], BOTS["easy"]]
        seats[strong] = BOTS["strong"]
        final = play(seats, seed, variant)
        wins += strong in final["winners"]
        turns.append(final["turns"])
    low, high = wilson(wins, games)
    seconds = time.perf_counter() - start
    print(
        f"{variant:<16} {games:>6} games  strong won {wins:>5} = {wins / games:6.1%}  "
        f"95% CI {low:6.1%} – {high:6.1%}  turns/game {sum(turns) / games:5.1f} "
        f"(max {max(turns)})  {seconds:5.1f} s"
    )


def bench_decisions(count: int) -> None:
    print(f"\n3. Bot decision time, {count} positions from seeded strong-vs-easy games")
    sample = []
    seed = 0
    while len(sample) < count:
        state = GAME.new_game({}, 2, seed)
        rng = rng_for(seed, "positions")
        seats = [BOTS["strong"], BOTS["easy"]]
        while GAME.outcome(state) is None and len(sample) < count:
            player = GAME.current_player(state)
            sample.append((state, player))
            move = seats[player].choose_move(
                GAME.view(state, player), GAME.legal_moves(state, player), rng
            )
            state = GAME.apply_move(state, player, move)
        seed += 1
    print(HEADER)
    baseline = [time_ms(lambda s, p: (GAME.view(s, p), GAME.legal_moves(s, p)), *x) for x in sample]
    print(summary("view + legal moves (baseline)", baseline))
    for name, bot in BOTS.items():
        rng = random.Random(1)
        timings = []
        for state, player in sample:
            view, moves = GAME.view(state, player), GAME.legal_moves(state, player)
            start = time.perf_counter()
            bot.choose_move(view, moves, rng)
            timings.append((time.perf_counter() - start) * 1000)
        print(summary(f"{name} bot decides", timings))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--positions", type=int, default=150)
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--variant-games", type=int, default=100)
    args = parser.parse_args()
    print(f"Prime Climb — {machine()}")
    bench_enumeration(args.positions)
    print(f"\n2. Strong bot against easy bot, two players, seats alternating ({args.games} seeds)")
    if args.games:
        bench_strength(args.games, "classic")
    for variant in ("double_time", "way_stations", "sprint", "decline", "there_and_back"):
        if args.variant_games:
            bench_strength(args.variant_games, variant)
    bench_decisions(args.positions * 10)


if __name__ == "__main__":
    main()
