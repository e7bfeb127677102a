"""Equate's bots (games/equate/bots.py), their search (movegen.bot_plays), the quick scorer and
the hint: every play they choose is legal, they read only their own view, the strong bot
plays the best-scoring play it finds, and a hint is help."""

from __future__ import annotations

import json
import random

import pytest

from games.engine.protocol import IllegalMove
from games.equate import bots, movegen
from games.equate.moves import Hint, Pass, Place, Trade

from .boards import arrange, lay
from .test_game import GAME, START, place_move, post, rigged


def legal(state, seat, move):
    after = GAME.apply_move(state, seat, move)
    GAME.check_invariants(after)
    return after


def positions():
    """A few boards: the empty one, START with a rack, a crowded board with crossings."""
    yield rigged([["2", "+", "3", "5", "5", "×", "4", "1", "6"], []])
    yield rigged([["1", "+", "4", "×", "2", "6", "1/2", "−", "8"], []], board=START)
    # 2 + 3 = 5 across, 1 + 3 = 4 down through its 3, 5 × 2 = 10 down from its 5.
    crowded = START | lay(7, 9, "1 +", down=True) | lay(10, 9, "= 4", down=True)
    crowded |= lay(10, 11, "× 2 = 1 0", down=True)
    yield rigged([["9", "+", "3", "÷", "2", "6", "?", "0", "7"], []], board=crowded)


@pytest.mark.parametrize("index", range(3))
def test_the_quick_scorer_gives_the_rules_score_for_every_play(index):
    state = list(positions())[index]
    scorer = movegen.Scorer(state, 0)
    # The crowded board with a blank in the rack: short plays (the blank multiplies them).
    plays = movegen.generate(state, 0, expressions=False, max_tiles=5 if index < 2 else 3)
    assert plays, "each board has equations to play"
    for play in random.Random(index).sample(plays, min(len(plays), 400)):
        assert scorer.score(play) == movegen.score_of(state, 0, play), play


def test_the_bots_search_finds_every_play_of_its_hand_when_its_budget_allows():
    state = rigged([["1", "1", "1", "1", "1", "1", "+", "+", "+"], []], board=START)
    plays, depth = movegen.bot_plays(state, 0, budget=10**9)
    assert depth == 10  # nine tiles and the "=": the whole hand searched
    every = movegen.generate(state, 0, expressions=False, blanks=False)
    assert sorted(map(json.dumps, plays)) == sorted(map(json.dumps, every))


def test_a_small_budget_gives_every_shorter_play_and_some_longer_ones():
    state = list(positions())[1]
    plays, depth = movegen.bot_plays(state, 0, budget=30_000)
    assert 3 <= depth < 10
    shorter = movegen.generate(state, 0, expressions=False, max_tiles=depth, blanks=False)
    keys = set(map(json.dumps, plays))
    assert set(map(json.dumps, shorter)) <= keys, "every play of the depth searched to its end"
    assert movegen.bot_plays(state, 0, budget=30_000) == (plays, depth), "deterministic"
    for play in plays:
        legal(state, 0, Place(tuple(tuple(p) for p in play)))


def test_blanks_are_kept_back_unless_nothing_else_plays():
    state = rigged([["?", "+", "+", "×", "×", "÷", "÷", "−", "−"], []], board=START)
    plays, _ = movegen.bot_plays(state, 0, budget=50_000)
    assert plays and all(any(p[2] == 0 for p in play) for play in plays), "only the blank helps"
    kept = rigged([["?", "7", "7", "+", "1", "8", "3", "3", "3"], []], board=START)
    plays, _ = movegen.bot_plays(kept, 0, budget=50_000)
    assert plays and not any(p[2] == 0 for play in plays for p in play)


@pytest.mark.parametrize("name", ["easy", "strong"])
def test_every_move_a_bot_chooses_is_legal_and_reads_only_its_view(name, monkeypatch):
    monkeypatch.setattr(bots, "STRONG_STEPS", 20_000)
    bot = GAME.bots()[name]
    for index, state in enumerate(positions()):
        view = GAME.view(state, 0)
        move = bot.choose_move(view, GAME.legal_moves(state, 0), random.Random(index))
        legal(state, 0, move)
        # Another bag and other racks, the same view: the same move.
        other = GAME.resample_hidden(state, 0, random.Random(99))
        assert GAME.view(other, 0) == view
        again = bot.choose_move(
            GAME.view(other, 0), GAME.legal_moves(other, 0), random.Random(index)
        )
        assert again == move


def test_the_strong_bot_plays_the_best_score_it_finds_and_keeps_a_blank():
    state = rigged([["1", "+", "4", "×", "2", "6", "1/2", "−", "8"], []], board=START)
    move = GAME.bots()["strong"].choose_move(
        GAME.view(state, 0), GAME.legal_moves(state, 0), random.Random(1)
    )
    plays, _ = movegen.bot_plays(state, 0)
    best = max(movegen.score_of(state, 0, play) for play in plays)
    score = GAME.apply_move(state, 0, move)["last"]["score"]
    assert isinstance(move, Place) and score >= best - 6, "the best, less what a rack may cost"


def test_with_no_play_a_bot_trades_its_rack_or_passes():
    stuck = rigged([["+", "+", "×", "×", "÷", "÷", "−", "−", "+"], []])
    for name in ("easy", "strong"):
        move = GAME.bots()[name].choose_move(
            GAME.view(stuck, 0), GAME.legal_moves(stuck, 0), random.Random(1)
        )
        assert move == Trade(tuple(range(9)))
    # With the bag empty nothing can be traded: no play wanted means a pass.
    no_trades = {"place": [], "trade": [], "pass": [Pass()]}
    assert bots._fallback(no_trades, ["+", "×"]) == Pass()


def test_the_strong_bot_beats_the_easy_bot_in_a_seeded_game(monkeypatch):
    monkeypatch.setattr(bots, "STRONG_STEPS", 25_000)
    state, rng, strong = GAME.new_game({"rounds": 8}, 2, 7), random.Random(7), 1
    while GAME.outcome(state) is None:
        seat = GAME.current_player(state)
        bot = GAME.bots()["strong" if seat == strong else "easy"]
        move = bot.choose_move(GAME.view(state, seat), GAME.legal_moves(state, seat), rng)
        state = legal(state, seat, move)
    scores = GAME.outcome(state).scores
    assert scores[strong] > scores[1 - strong]


# --- the hint -------------------------------------------------------------------------------------
def test_a_hint_shows_the_strong_bots_play_to_its_player_only_and_counts_as_help():
    state = rigged([["1", "+", "4", "×", "2", "6", "1/2", "−", "8"], []], board=START)
    after = post(state, 0, {"type": "hint"})
    assert after["turn"] == 0 and after["racks"] == state["racks"], "a hint is not a turn"
    hint = GAME.view(after, 0)["hint"]
    assert hint["tiles"] and hint["text"]
    assert GAME.view(after, 1)["hint"] is None and GAME.view(after, None)["hint"] is None
    events = GAME.learning_events(state, 0, Hint(), after)
    assert [(e.kind, e.skill, e.correct, e.mistake) for e in events] == [
        ("hint", "equate:plays", False, "asked_hint")
    ]
    with pytest.raises(IllegalMove, match="already"):
        GAME.apply_move(after, 0, Hint())
    with pytest.raises(IllegalMove):
        GAME.apply_move(after, 1, Hint())
    hinted = Place(tuple((r, c, t, f) for r, c, t, f in after["hints"][0]))
    legal(after, 0, hinted)
    # A play made after the hint, in that turn, is help; the hint ends with the turn.
    played = GAME.apply_move(after, 0, hinted)
    assert played["hints"] == [None, None]
    events = GAME.learning_events(after, 0, hinted, played)
    assert events and all(e.helped for e in events)


def test_values_shown_make_every_equation_help():
    state = arrange(GAME.new_game({"values": "shown"}, 2, 1), [["2", "+", "3", "5"], []])
    move = place_move(state, 0, 9, 7, "2 + 3 = 5")
    events = GAME.learning_events(state, 0, move, GAME.apply_move(state, 0, move))
    assert events and all(e.helped and e.kind == "fact" for e in events)
    assert GAME.view(state, 0)["values_shown"] is True
    plain = rigged([["2", "+", "3", "5"], []])
    events = GAME.learning_events(plain, 0, move, GAME.apply_move(plain, 0, move))
    assert events and not any(e.helped for e in events)


def test_no_play_found_gives_an_empty_hint_that_says_so():
    stuck = rigged([["+", "+", "×", "×", "÷", "÷", "−", "−", "+"], []])
    after = post(stuck, 0, {"type": "hint"})
    assert after["hints"][0] == [] and GAME.view(after, 0)["hint"] == {"tiles": [], "text": ""}


def test_the_bots_are_deterministic_for_an_rng():
    state = rigged([["2", "+", "3", "5", "5", "×", "4", "1", "6"], []])
    for bot in GAME.bots().values():
        first = bot.choose_move(GAME.view(state, 0), GAME.legal_moves(state, 0), random.Random(5))
        second = bot.choose_move(GAME.view(state, 0), GAME.legal_moves(state, 0), random.Random(5))
        assert first == second


def test_the_strong_bot_likes_a_balanced_rack_and_going_out_at_the_end():
    balanced = bots.leave_value(["1", "2", "+", "7", "×"], 20)
    assert bots.leave_value(["1", "2", "3", "7", "8"], 20) < balanced, "no operation"
    assert bots.leave_value(["+", "−", "×", "÷", "+"], 20) < balanced, "no number"
    assert bots.leave_value(["?", "1"], 20) > bots.leave_value(["2", "1"], 20), "a blank kept"
    assert bots.leave_value([], 0) > bots.leave_value(["1"], 0), "going out"
