"""Prime Climb: worst-case turn enumeration, the strong bot's win rate against the easy one,
and bot decision time per strength.

Run: .venv/bin/python bench/primeclimb.py [--positions 150] [--games 1000] [--variant-games 100]
     [--only enumeration|strength|decisions]

1. Enumeration: seeded positions with doubles (four uses of one die) and a hand of "add or
   subtract" Keeper cards; the time to find the ways the whole turn can end: the whole-turn
   search the strong bot used before (search.turn_ends, which stops trying cards after
   NODE_LIMIT positions; still the search for cursed turns) beside the pawn-by-pawn search it
   uses now (pawnpaths.py: every end, found per pawn), and legal_moves on the same positions
   (the baseline the rules need for every move). Then the strong bot's plan, before and now.
2. Strength: the strong bot against the easy bot over seeded two-player games, seats
   alternating; win rate with a 95% Wilson interval.
3. Decision time per bot strength (target: under 50 ms at p95): on positions from seeded
   games, and on the worst cases (doubles with 3 or 4 Keepers, uncursed and cursed), with
   the strong bot as it was ("before") as the baseline measured in the same run.
"""

import argparse
import functools
import os
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench._common import HEADER, machine, summary, wilson
from games.engine.rng import rng_for
from games.primeclimb.bots import BOTS, EasyBot, StrongBot
from games.primeclimb.evaluate import reach_table
from games.primeclimb.game import PRIME_CLIMB
from games.primeclimb.numbers import FINISH
from games.primeclimb.pawnpaths import SplitTurn
from games.primeclimb.planner import whole_turn_plan
from games.primeclimb.search import MAX_CARDS, NODE_LIMIT, no_gc, turn_ends
from games.primeclimb.state import MOVE
from games.primeclimb.steps import Ctx

GAME = PRIME_CLIMB
HANDS = (0, 1, 2, 3, 4, 9)  # add-or-subtract cards held
WORST_HANDS = (3, 4)  # the decision-time worst cases


class StrongBotBefore(StrongBot):
    """The strong bot as it was: the whole-turn search, every end it finds scored."""

    plan = staticmethod(functools.partial(whole_turn_plan, fast=False))


def worst_case_positions(count: int, cards: int, cursed: bool = False) -> list[dict]:
    """Seeded states in the move phase with doubles and `cards` add-or-subtract Keepers (and,
    `cursed`, the curse on the player: only backward steps)."""
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
        turn.update(phase=MOVE, dice=[die, die], left=[die] * 4, cursed=cursed)
        turn["start"] = [list(p) for p in state["pawns"][seat]]
        states.append(state)
    return states


def time_ms(function, *args) -> float:
    start = time.perf_counter()
    function(*args)
    return (time.perf_counter() - start) * 1000


def bench_enumeration(count: int) -> None:
    print(f"\n1. Whole-turn enumeration, doubles (four uses), {count} seeded positions per row")
    print(
        f"   (at most {MAX_CARDS} cards a turn; before: no new card after {NODE_LIMIT} positions)"
    )
    print(HEADER)
    for cards in HANDS:
        states = worst_case_positions(count, cards)
        seats = [GAME.current_player(s) for s in states]
        baseline = [time_ms(GAME.legal_moves, s, p) for s, p in zip(states, seats, strict=True)]
        print(summary(f"legal_moves, {cards} cards (baseline)", baseline))
        positions = [_position(state, seat) for state, seat in zip(states, seats, strict=True)]
        timings, ends = _timed(positions, lambda *p: len(turn_ends(*p).ends))
        print(summary(f"before: turn_ends, {cards} cards", timings) + f"   ends: max {max(ends)}")
        timings, _ = _timed(positions, lambda *p: list(SplitTurn(*p, MAX_CARDS).splits()))
        print(summary(f"now: pawn paths, {cards} cards", timings))
        timings, ends = _timed(positions, lambda *p: len(_every_end(*p)))
        print(summary(f"now: every end, {cards} cards", timings) + f"   ends: max {max(ends)}")
        for name, bot in (("before", StrongBotBefore), ("now", StrongBot)):
            decisions = [
                _decision_ms(bot(), *position) for position in zip(states, seats, strict=True)
            ]
            print(summary(f"{name}: strong bot plans, {cards} cards", decisions))


def _position(state: dict, seat: int) -> tuple:
    """(ctx, pawns, dice left, missing, cards) of a benchmark position."""
    pawns = tuple(tuple(p) for p in state["pawns"][seat])
    nudges = tuple(int(c[4:]) for c in state["keepers"][seat])
    return Ctx(), pawns, tuple(state["turn"]["left"]), (), nudges


def _every_end(ctx, pawns, left, missing, nudges) -> set:
    return {end for end, _ in SplitTurn(ctx, pawns, left, missing, nudges, MAX_CARDS).ends()}


def _timed(positions: list[tuple], function) -> tuple[list[float], list]:
    """Each search timed as the bot runs it: without the cycle collector (search.no_gc)."""
    timings, results = [], []
    for position in positions:
        start = time.perf_counter()
        with no_gc():
            results.append(function(*position))
        timings.append((time.perf_counter() - start) * 1000)
    return timings, results


def _decision_ms(bot, state: dict, seat: int) -> float:
    view, moves = GAME.view(state, seat), GAME.legal_moves(state, seat)
    return time_ms(bot.choose_move, view, moves, random.Random(1))


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


def bench_strength(games: int, variant: str, bot=BOTS["strong"], name: str = "") -> None:
    wins, turns, start = 0, [], time.perf_counter()
    for seed in range(games):
        strong = seed % 2
        seats = [BOTS["easy"], BOTS["easy"]]
        seats[strong] = bot
        final = play(seats, seed, variant)
        wins += strong in final["winners"]
        turns.append(final["turns"])
    low, high = wilson(wins, games)
    seconds = time.perf_counter() - start
    print(
        f"{variant + name:<24} {games:>6} games  strong won {wins:>5} = {wins / games:6.1%}  "
        f"95% CI {low:6.1%} – {high:6.1%}  turns/game {sum(turns) / games:5.1f} "
        f"(max {max(turns)})  {seconds:5.1f} s"
    )


def bench_decisions(count: int, worst: int) -> None:
    print("\n3. Bot decision time per strength; target: under 50 ms at p95")
    sample = game_positions(count)
    hard = [
        (state, GAME.current_player(state))
        for cards in WORST_HANDS
        for cursed in (False, True)
        for state in worst_case_positions(worst, cards, cursed)
    ]
    # Fresh bots: the strong one played the sample and still holds its plans for it.
    bots = {"easy": EasyBot(), "strong (before)": StrongBotBefore(), "strong": StrongBot()}
    print(f"   a) {count} positions from seeded strong-vs-easy games (one bot each, as in a game)")
    print(HEADER)
    baseline = [time_ms(lambda s, p: (GAME.view(s, p), GAME.legal_moves(s, p)), *x) for x in sample]
    print(summary("view + legal moves (baseline)", baseline))
    timings = {name: _decisions(bot, sample) for name, bot in bots.items()}
    for name, found in timings.items():
        print(summary(f"{name} bot decides", found))
    print(f"   b) worst cases: doubles, {' or '.join(map(str, WORST_HANDS))} Keepers, uncursed and")
    print(f"      cursed, {len(hard)} positions (a fresh bot each: the whole turn is planned)")
    print(HEADER)
    for name, bot in bots.items():
        found = [_decision_ms(type(bot)(), state, seat) for state, seat in hard]
        print(summary(f"{name} bot decides", found))
        for cursed in (False, True):
            part = [
                t for t, (s, _) in zip(found, hard, strict=True) if s["turn"]["cursed"] == cursed
            ]
            print(summary(f"  {'cursed' if cursed else 'uncursed'}", part))
        timings[name] += found
    print(f"   c) all {len(sample) + len(hard)} positions together")
    print(HEADER)
    for name, found in timings.items():
        print(summary(f"{name} bot decides", found))


def game_positions(count: int) -> list[tuple[dict, int]]:
    """(state, player) pairs from seeded strong-vs-easy games."""
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
    return sample


def _decisions(bot, sample: list[tuple[dict, int]]) -> list[float]:
    rng = random.Random(1)
    timings = []
    for state, player in sample:
        view, moves = GAME.view(state, player), GAME.legal_moves(state, player)
        start = time.perf_counter()
        bot.choose_move(view, moves, rng)
        timings.append((time.perf_counter() - start) * 1000)
    return timings


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--positions", type=int, default=150)
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--variant-games", type=int, default=100)
    parser.add_argument("--only", choices=("enumeration", "strength", "decisions"))
    args = parser.parse_args()
    print(f"Prime Climb — {machine()}")
    print(f"load average at the start: {_load()} (other work on the machine slows the figures)")
    for start in range(FINISH + 1):
        reach_table(start)  # the strong bot's lookup tables, made once per process: not timed
    if args.only in (None, "enumeration"):
        bench_enumeration(args.positions)
    if args.only in (None, "strength"):
        print(
            f"\n2. Strong bot against easy bot, two players, seats alternating ({args.games} seeds)"
        )
        if args.games:
            bench_strength(args.games, "classic", StrongBotBefore(), " (before)")
            bench_strength(args.games, "classic")
        for variant in ("double_time", "way_stations", "sprint", "decline", "there_and_back"):
            if args.variant_games:
                bench_strength(args.variant_games, variant)
    if args.only in (None, "decisions"):
        bench_decisions(args.positions * 10, args.positions)
    print(f"\nload average at the end: {_load()}")


def _load() -> str:
    return " ".join(f"{x:.2f}" for x in os.getloadavg())


if __name__ == "__main__":
    main()
