"""Factor Rummy's bots (games/primepak/rummy/bots.py), its texts (rummy/texts.py), and the
shared PrimePak base the refactor made (games/primepak/base.py)."""

from __future__ import annotations

import random

from games.engine.common import redeal
from games.engine.learn import learn_playthrough
from games.engine.texts import check_texts
from games.primepak.base import PrimePakGame
from games.primepak.canasta.game import PRIME_CANASTA
from games.primepak.challenge.game import CHALLENGE
from games.primepak.primebomb.game import PRIME_BOMB
from games.primepak.rummy.game import FACTOR_RUMMY, Discard, Draw, NextRound
from games.primepak.rummy.state import ROUND_OVER
from games.primepak.solitaire.game import SOLITAIRE

from .test_game import bots_game, rigged

GAME = FACTOR_RUMMY
BOTS = GAME.bots()


def test_the_bots_weakest_first():
    assert list(BOTS) == ["easy", "strong"]


def test_bots_see_only_their_view_so_hidden_cards_never_change_their_move():
    """A bot's choice depends on its view alone: dealing the hidden cards again (others'
    hands, the draw pile) changes nothing it does."""
    for seed in range(8):
        state = GAME.new_game({"level": 1 + seed % 6}, 3, seed)
        for _ in range(12):
            p = GAME.current_player(state)
            legal = GAME.legal_moves(state, p)
            for bot in BOTS.values():
                move = bot.choose_move(GAME.view(state, p), legal, random.Random(1))
                other = GAME.resample_hidden(state, p, random.Random(seed))
                assert bot.choose_move(GAME.view(other, p), legal, random.Random(1)) == move
                assert move in legal
            state = GAME.apply_move(state, p, BOTS["strong"].choose_move(
                GAME.view(state, p), legal, random.Random(1)))  # fmt: skip
            if state["phase"] == ROUND_OVER:
                break


def test_between_rounds_and_out_of_turn_bots_wait():
    """The scoring stays up for people to read: bots do not deal the next round."""
    state = GAME.new_game({"level": 2}, 2, 1)
    other = 1 - state["turn"]
    for bot in BOTS.values():
        assert bot.choose_move(GAME.view(state, other), [], random.Random(0)) is None
    state["phase"] = ROUND_OVER
    for bot in BOTS.values():
        assert bot.choose_move(GAME.view(state, 0), [NextRound()], random.Random(0)) is None


def test_easy_discards_its_highest_loose_card_and_keeps_obvious_sets():
    hand = [42, 6, 7, 20, 4, 5, 90, 2, 3, 11, 14]
    state = rigged(3, [hand, [2] * 11], top=77)
    state = GAME.apply_move(state, 0, Draw("pile"))
    move = BOTS["easy"].choose_move(GAME.view(state, 0), GAME.legal_moves(state, 0),
                                    random.Random(0))  # fmt: skip
    assert isinstance(move, Discard)
    card = state["hands"][0][move.card]
    assert card not in (42, 6, 7, 20, 4, 5), "an obvious set is kept"
    loose = [c for c in state["hands"][0] if c not in (42, 6, 7, 20, 4, 5)]
    assert card == max(c for c in loose if c != "P")


def test_strong_takes_the_discard_only_when_it_lowers_its_deadwood():
    hand = [42, 6, 20, 4, 5, 36, 4, 9, 55, 77, 91]
    useful = rigged(4, [hand, [2] * 11], top=7)  # 42 = 6 × 7
    useless = rigged(4, [hand, [2] * 11], top=64)
    strong = BOTS["strong"]
    for state, wanted in ((useful, Draw("discard")), (useless, Draw("pile"))):
        move = strong.choose_move(GAME.view(state, 0), GAME.legal_moves(state, 0), random.Random(0))
        assert move == wanted


def test_strong_goes_out_by_grouping_its_sets_then_claiming():
    hand = [42, 6, 7, 20, 4, 5, 36, 4, 9, 10, 2]
    state = rigged(4, [hand, [8, 16, 32, 64, 81, 27, 49, 77, 91, 13, 11]], top=5)
    strong = BOTS["strong"]
    for _ in range(8):
        if state["phase"] == ROUND_OVER:
            break
        move = strong.choose_move(GAME.view(state, 0), GAME.legal_moves(state, 0),
                                  random.Random(0))  # fmt: skip
        state = GAME.apply_move(state, 0, move)
    assert state["phase"] == ROUND_OVER and state["last_round"]["out"] == 0
    assert state["last_round"]["how"] == "rummy"


def test_strong_wins_clearly_more_than_its_share_against_easy():
    """bench/rummy.py measures this over 1,000 games; here a few seeded ones."""
    wins = 0
    games = 10
    for seed in range(games):
        strong = seed % 2
        seats = ["strong", "easy"] if strong == 0 else ["easy", "strong"]
        state, _ = bots_game({"level": 2 + seed % 5, "target": 100}, 2, seed, seats)
        wins += state["winner"] == strong
    assert wins >= 8


# --- texts ----------------------------------------------------------------------------------------
def test_the_texts_teach_the_game_and_learn_to_play_plays_through():
    check_texts(GAME)
    how = GAME.how_to_play()
    kinds = {step.picture.kind for step in how.steps if step.picture}
    assert kinds <= {"hand", "set", "out", "piles", "scoring", "buttons"}
    words = " ".join(step.text for step in how.steps)
    for rule in ("25 points", "20 points", "one or two deadwood", "10 points off", "200 points"):
        assert rule in words
    final = learn_playthrough(GAME)
    assert final["phase"] == ROUND_OVER and final["last_round"]["out"] == 0
    assert final["last_round"]["how"] == "rummy"
    titles = [section.title for section in GAME.rules_for_teachers()]
    assert "When the draw pile runs out" in titles and "Going out and scoring" in titles


# --- the shared PrimePak base (the refactor) ------------------------------------------------------
def test_every_primepak_game_shares_one_base_for_levels_progress_and_hidden_cards():
    for game in (CHALLENGE, SOLITAIRE, GAME, PRIME_CANASTA, PRIME_BOMB):
        assert isinstance(game, PrimePakGame)
        assert game.progress_levels()[0] == ("level-1", "Level 1")
        assert game.progress_level({"level": 3}) == ("level-3", "Level 3")
        assert game.skill_label("factor_set", "factors:91") == "factors of 91"
        assert game.bots()
    zones = [[1, 2, 3], [4, 5], []]
    redeal(zones, random.Random(2))
    assert [len(z) for z in zones] == [3, 2, 0] and sorted(c for z in zones for c in z) == [
        1,
        2,
        3,
        4,
        5,
    ]
