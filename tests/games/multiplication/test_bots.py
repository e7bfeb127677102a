"""The Multiplication Game's bots: legal, blind to hidden cards, and of the strengths they claim."""

from __future__ import annotations

import copy
import random

from games.engine.protocol import Bot
from games.engine.rng import rng_for
from games.multiplication.bots import BOTS, EasyBot, StrongBot
from games.multiplication.game import MultiplicationGame
from games.multiplication.moves import Discard, Draw

GAME = MultiplicationGame()


def play(seats: list[Bot], seed: int, free_cards: int = 0, check=None) -> dict:
    """Play a whole game between bots (seat i played by seats[i]); the final state."""
    state = GAME.new_game({"free_cards": free_cards}, len(seats), seed)
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
    assert BOTS["easy"].label == "Easy — still learning the table"
    assert BOTS["strong"].label == "Strong — plans ahead"


def test_bots_only_ever_choose_a_legal_move():
    def check(state, player, view, moves, move):
        assert move in moves

    for seed in range(30):
        players = 2 + seed % 5
        seats = [BOTS["easy"] if (seat + seed) % 2 else BOTS["strong"] for seat in range(players)]
        play(seats, seed, free_cards=seed % 3, check=check)


def test_bots_decide_from_their_view_alone():
    """Dealing the hidden cards again (same view) never changes a bot's choice."""

    def check(state, player, view, moves, move):
        other = GAME.resample_hidden(state, player, random.Random(len(state["log"])))
        other_view = copy.deepcopy(GAME.view(other, player))
        assert other_view == view
        again = seats[player].choose_move(other_view, GAME.legal_moves(other, player), rng)
        assert again == seats[player].choose_move(view, moves, rng)

    rng = random.Random(0)  # the strong bot is deterministic; the easy one is checked below
    for seed in range(10):
        seats = [BOTS["strong"]] * (2 + seed % 5)
        play(seats, seed, free_cards=seed % 3, check=check)


def test_the_easy_bot_sometimes_draws_when_it_could_discard_and_the_strong_one_never_does():
    missed = {"easy": 0, "strong": 0}

    def check(state, player, view, moves, move):
        if isinstance(move, Draw) and any(isinstance(m, Discard) for m in moves):
            missed["easy" if isinstance(seats[player], EasyBot) else "strong"] += 1

    for seed in range(20):
        seats = [BOTS["easy"], BOTS["strong"]][:: 1 if seed % 2 else -1]
        play(seats, seed, free_cards=seed % 3, check=check)
    assert missed["easy"] > 0 and missed["strong"] == 0


def strong_view(hand: list, open_declared: list[list[int]]) -> dict:
    """A two-player view for the strong bot (seat 0, to play)."""
    value = open_declared[0][0] * open_declared[0][1]
    return {
        "players": 2,
        "me": 0,
        "turn": 0,
        "hand": hand,
        "hand_counts": [len(hand), 5],
        "open": {
            "card": value,
            "value": value,
            "declared": open_declared,
            "multipliers": sorted({m for pair in open_declared for m in pair}),
            "square": False,
        },
        "draw_count": 30,
        "discard_count": 3,
        "free_cards": 1,
        "log": [],
        "winner": None,
        "over": False,
        "squares": [1, 4, 9, 16, 25, 36, 49, 64, 81, 100],
    }


def test_the_strong_bot_keeps_its_free_card_while_a_number_card_will_do():
    free_moves = [Discard("free", a, 6) for a in range(1, 11)]
    view = strong_view([24, 49, "free"], [[2, 6]])
    moves = [Discard(24, 4, 6), *free_moves, Draw()]
    assert BOTS["strong"].choose_move(view, moves, random.Random(1)) == Discard(24, 4, 6)
    # Nothing else works: the free card, never a draw.
    view = strong_view([49, "free"], [[2, 6]])
    assert BOTS["strong"].choose_move(view, [*free_moves, Draw()], random.Random(1)).card == "free"


def test_the_strong_bot_prefers_a_square():
    view = strong_view([36, 24, 30, 7], [[2, 6]])
    moves = [Discard(24, 4, 6), Discard(30, 5, 6), Discard(36, 6, 6), Draw()]
    assert BOTS["strong"].choose_move(view, moves, random.Random(1)) == Discard(36, 6, 6)


def test_the_strong_bot_beats_the_easy_bot_in_seeded_games():
    """10 seeded two-player games, the strong bot starting every other one: they end, and the
    strong bot wins most. How strong it is belongs to bench/strength.py (300 games: 94 %)."""
    strong_wins = 0
    for seed in range(10):
        start = GAME.new_game({"free_cards": seed % 3}, 2, seed)["turn"]
        strong = start if seed % 2 == 0 else 1 - start
        seats = [BOTS["easy"], BOTS["easy"]]
        seats[strong] = BOTS["strong"]
        final = play(seats, seed, free_cards=seed % 3)
        strong_wins += GAME.outcome(final).winners == (strong,)
    assert strong_wins >= 8
