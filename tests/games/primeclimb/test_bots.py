"""Prime Climb's bots: legal, blind to hidden cards, one move at a time, and of the strengths
they claim."""

from __future__ import annotations

import copy
import random

import pytest

from games.engine.protocol import Bot
from games.engine.rng import rng_for
from games.primeclimb.bots import BOTS, EasyBot, StrongBot, read_position
from games.primeclimb.evaluate import score
from games.primeclimb.pawnpaths import SplitTurn
from games.primeclimb.planner import best_plan, whole_turn_plan
from games.primeclimb.search import MAX_CARDS, CardStep

from .scenario import GAME, scenario

STRENGTH_GAMES = 10  # a handful, for correctness: strength is measured in bench/


def play(seats: list[Bot], seed: int, check=None, **settings) -> dict:
    """A whole game between bots (seat i played by seats[i]); the final state."""
    state = GAME.new_game(settings, len(seats), seed)
    rng = rng_for(seed, "bots")
    while GAME.outcome(state) is None:
        player = GAME.current_player(state)
        moves = GAME.legal_moves(state, player)
        view = GAME.view(state, player)
        move = seats[player].choose_move(view, moves, rng)
        if check:
            check(state, player, view, moves, move)
        state = GAME.apply_move(state, player, move)
    return state


def test_the_game_offers_both_bots_weakest_first():
    assert list(GAME.bots()) == ["easy", "strong"]
    assert isinstance(BOTS["easy"], EasyBot) and isinstance(BOTS["strong"], StrongBot)


@pytest.mark.parametrize(
    "variant",
    ["classic", "double_time", "way_stations", "sprint", "decline", "there_and_back"],
)
def test_bots_only_choose_legal_moves_and_never_change_their_view(variant):
    def check(state, player, view, moves, move):
        assert move in moves
        assert view == GAME.view(state, player)  # the bot did not change it

    for seed in range(3):
        seats = [BOTS["strong"], BOTS["easy"], BOTS["strong"]][: 2 + seed % 2]
        play(seats, seed, check, variant=variant, doubles=["must", "may"][seed % 2])


@pytest.mark.parametrize("variant", ["solitaire_1", "solitaire_2"])
def test_bots_play_solitaire_to_the_end(variant):
    for name, bot in BOTS.items():
        state = play([bot], 1, variant=variant)
        assert GAME.outcome(state).winners == (0,), name


def test_bots_see_only_their_view():
    """Shuffling the draw pile again changes nothing the bot does."""
    state = scenario([[10, 30], [40, 0]], dice=(6, 6), keepers={0: ["plus4", "plus7"]})
    view = GAME.view(state, 0)
    moves = GAME.legal_moves(state, 0)
    other = GAME.resample_hidden(state, 0, rng_for(3, "x"))
    for bot in BOTS.values():
        first = bot.choose_move(copy.deepcopy(view), moves, rng_for(1, "b"))
        again = bot.choose_move(GAME.view(other, 0), GAME.legal_moves(other, 0), rng_for(1, "b"))
        assert first == again


def bot_turn(state: dict, bot: Bot) -> dict:
    """Let a bot play the rest of the current turn, move by move."""
    seat = GAME.current_player(state)
    while GAME.current_player(state) == seat:
        moves = GAME.legal_moves(state, seat)
        state = GAME.apply_move(state, seat, bot.choose_move(GAME.view(state, seat), moves, None))
    return state


def test_the_strong_bot_takes_a_win_it_can_see():
    state = scenario([[None, 90], [50, 60]], dice=(5, 6), keepers={0: ["plus9"]})
    assert GAME.outcome(bot_turn(state, BOTS["strong"])).winners == (0,)  # 90 + 5 + 6 = 101


def test_the_strong_bot_bumps_a_pawn_it_can_reach():
    state = scenario([[60, 0], [62, 0]], dice=(2, 5))
    state = bot_turn(state, BOTS["strong"])
    assert state["pawns"][1][0] == [0, 101]  # 60 + 2 = 62 (and 0 + 5) rather than 60 + 7


def test_the_strong_bot_beats_the_easy_bot_in_seeded_games():
    """10 seeded two-player games (seats alternating): every game ends, and the strong bot
    wins these. How strong it is belongs to bench/primeclimb.py and bench/strength.py (200
    games: the lower end of its 95 % interval is above 80 %)."""
    wins = 0
    for seed in range(STRENGTH_GAMES):
        strong = seed % 2
        seats = [BOTS["easy"], BOTS["easy"]]
        seats[strong] = BOTS["strong"]
        wins += strong in play(seats, seed)["winners"]
    assert wins >= STRENGTH_GAMES - 1, f"strong won {wins} of {STRENGTH_GAMES}"


# --- the strong bot's plan: as good as the whole-turn search it replaced ------------------------
def keeper_states(seed: int, count: int, cursed: bool = False) -> list[dict]:
    """Seeded positions at the strong bot's move phase: doubles half the time, two to four
    add-or-subtract Keepers, pawns spread out or near the finish, other pawns to bump."""
    rng = random.Random(seed)
    states = []
    for _ in range(count):
        variant = rng.choice(["classic", "classic", "sprint", "way_stations", "there_and_back"])
        a = rng.randrange(1, 11)
        dice = (a, a) if rng.random() < 0.5 else (a, rng.randrange(1, 11))
        mine = [rng.randrange(60, 101) if rng.random() < 0.5 else rng.randrange(0, 101)]
        mine.append(rng.randrange(0, 101))
        theirs = rng.sample(range(1, 100), 2)
        keepers = [f"plus{n}" for n in sorted(rng.sample(range(1, 10), rng.randrange(2, 5)))]
        states.append(
            scenario(
                [mine, theirs],
                dice=dice,
                keepers={0: keepers},
                cursed=cursed,
                variant=variant,
                doubles=rng.choice(["must", "may"]),
            )
        )
    return states


def plan_end(plan: list, position: tuple) -> tuple:
    """The end of the move phase a plan leads to, as the searches name it."""
    pawns, left, missing, nudges = (list(part) for part in position)
    for action in plan:
        pawns[action.pawn] = action.to
        missing = [s for s in missing if s != action.to[0]]
        if isinstance(action, CardStep):
            nudges.remove(action.n)
        else:
            left.remove(action.die)
    return tuple(pawns), tuple(left), tuple(missing), tuple(nudges)


@pytest.mark.parametrize("seed", range(3))
def test_the_strong_bot_plans_a_turn_no_worse_than_the_whole_turn_search(seed):
    """Against the whole-turn search it used before (which stopped trying cards after
    NODE_LIMIT positions), the chosen end scores as high or higher, and among equal scores is
    the same end or a smaller one (the tie-break was always the smallest end)."""
    for state in keeper_states(seed, 12):
        view = GAME.view(state, 0)
        ctx, pawns, left, missing, nudges = read_position(view)
        args = (view, ctx, pawns, left, missing, nudges)
        position = (pawns, left, missing, nudges)
        new = plan_end(best_plan(*args), position)
        old = plan_end(whole_turn_plan(*args, fast=False), position)
        new_score, old_score = score(view, ctx, new, nudges), score(view, ctx, old, nudges)
        assert (-new_score, new) <= (-old_score, old), (position, old, new)


def test_the_strong_bot_picks_the_best_of_every_end():
    """Branch and bound skips only ends that cannot be best: the plan ends where scoring every
    end of the turn (within MAX_CARDS cards) would, ties to the smallest end."""
    for state in keeper_states(20, 10):
        view = GAME.view(state, 0)
        ctx, pawns, left, missing, nudges = read_position(view)
        turn = SplitTurn(ctx, pawns, left, missing, nudges, MAX_CARDS)
        ends = {end for end, _ in turn.ends()}
        best = min(ends, key=lambda end: (-score(view, ctx, end, nudges), end))
        plan = best_plan(view, ctx, pawns, left, missing, nudges)
        assert plan_end(plan, (pawns, left, missing, nudges)) == best


def test_the_fast_scoring_of_a_cursed_turn_picks_what_score_picks():
    """Cursed turns keep the whole-turn search; scoring only the ends near the best changes
    nothing."""
    for state in keeper_states(7, 15, cursed=True):
        view = GAME.view(state, 0)
        args = (view, *read_position(view))
        assert whole_turn_plan(*args, fast=True) == whole_turn_plan(*args, fast=False)


def test_the_strong_bot_decides_the_same_on_a_second_asking():
    """Deterministic: a fresh bot (and warm caches) make the same whole turn."""
    for state in keeper_states(11, 6):
        first = bot_turn(copy.deepcopy(state), StrongBot())
        assert bot_turn(copy.deepcopy(state), StrongBot()) == first
