"""Prime Climb's bots: legal, blind to hidden cards, one move at a time, and of the strengths
they claim."""

from __future__ import annotations

import copy
import math

import pytest

from games.engine.protocol import Bot
from games.engine.rng import rng_for
from games.primeclimb.bots import BOTS, EasyBot, StrongBot

from .scenario import GAME, scenario

STRENGTH_GAMES = 200


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


def test_the_strong_bot_beats_the_easy_bot_clearly():
    """Over seeded two-player games (seats alternating), the strong bot wins far more often:
    the lower end of the 95% Wilson interval is above 80%."""
    wins = 0
    for seed in range(STRENGTH_GAMES):
        strong = seed % 2
        seats = [BOTS["easy"], BOTS["easy"]]
        seats[strong] = BOTS["strong"]
        wins += strong in play(seats, seed)["winners"]
    low = wilson_low(wins, STRENGTH_GAMES)
    assert low > 0.8, f"strong won {wins} of {STRENGTH_GAMES}"


def wilson_low(wins: int, games: int, z: float = 1.96) -> float:
    p = wins / games
    centre = p + z * z / (2 * games)
    margin = z * math.sqrt(p * (1 - p) / games + z * z / (4 * games * games))
    return (centre - margin) / (1 + z * z / games)
