"""Prime Bomb's bots (games/primepak/primebomb/bots.py): every move they make is one the game
accepts, a bot that has chosen waits, they see only their own view, the strong bot beats the easy
one, and the plays of the rule text's examples."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from bench.primebomb import play
from games.primepak.cards import is_prime, level_counts
from games.primepak.primebomb import rules as pb
from games.primepak.primebomb.bots import BOTS, FLIP_PAUSE_SECONDS, best_capture
from games.primepak.primebomb.game import PRIME_BOMB, Choose, Flip, Swap

GAME = PRIME_BOMB
EASY, STRONG = BOTS["easy"], BOTS["strong"]


def rigged(level: int, hands, top: int, *, captured=None, seed=1, phase=pb.CHOOSE) -> dict:
    """A game whose seats hold exactly these hands, with `top` turned up (choosing) or on the
    deck's top (before the flip); every other card is in the deck."""
    players = len(hands)
    state = GAME.new_game({"level": level}, players, seed)
    captured = captured or [[] for _ in hands]
    pool = level_counts(level)
    pool.subtract(Counter(c for hand in hands for c in hand) + Counter([top]))
    pool.subtract(Counter(c for pile in captured for c in pile))
    assert min(pool.values()) >= 0, "the deck does not hold these cards"
    rest = sorted(pool.elements())
    random.Random(seed).shuffle(rest)
    state["hands"] = [sorted(hand) for hand in hands]
    state["captured"] = [list(pile) for pile in captured]
    state["scores"] = [sum(pile) for pile in captured]
    if phase == pb.CHOOSE:
        state["deck"], state["stack"], state["flips"] = rest, [top], 1
    else:
        state["deck"], state["stack"] = [*rest, top], []
    state["phase"], state["flipper"] = phase, 0
    GAME.check_invariants(state)
    return state


def choose(bot, state, seat, seed=0):
    view = GAME.view(state, seat)
    return bot.choose_move(view, GAME.legal_moves(state, seat), random.Random(seed))


def values(state, seat, move):
    return sorted(state["hands"][seat][p] for p in move.cards)


def test_the_game_offers_both_bots_weakest_first():
    assert list(GAME.bots()) == ["easy", "strong"]
    assert GAME.bots() is BOTS


CASES = [  # (level, players, hand, strengths)
    (1, 2, 7, ["strong", "easy"]),
    (2, 3, 5, ["easy", "strong", "easy"]),
    (3, 4, 7, ["strong", "strong", "easy", "easy"]),
    (4, 5, 5, ["easy", "strong", "easy", "strong", "easy"]),
    (5, 6, 5, ["strong", "easy", "easy", "strong", "easy", "easy"]),
    (6, 2, 5, ["easy", "strong"]),
    (6, 3, 7, ["strong"] * 3),
]


@pytest.mark.parametrize(("level", "players", "hand", "strengths"), CASES)
def test_bots_make_only_moves_the_game_accepts_and_finish(level, players, hand, strengths):
    """Whole seeded games: every move a bot returns is among its legal moves, survives the
    log (JSON and back), applies, and keeps the state's invariants; every game ends."""
    settings = {"level": level, "hand": hand, "scoring": "count" if level % 2 else "sum"}
    for seed in range(1):
        state = GAME.new_game(settings, players, seed)
        rng = random.Random(seed)
        for _ in range(5_000):
            if GAME.outcome(state) is not None:
                break
            moves = []
            for seat in GAME.actors(state, players):
                legal = GAME.legal_moves(state, seat)
                move = BOTS[strengths[seat]].choose_move(GAME.view(state, seat), legal, rng)
                if move is not None:
                    assert move in legal, f"{move} is not a legal move"
                    assert GAME.parse_move(move.to_json()) == move
                    moves.append((seat, move))
                if state["phase"] == pb.CHOOSE and state["choices"][seat] is not None:
                    assert move is None, "a bot that has chosen must wait"
            if moves:
                seat, move = rng.choice(moves)
                state = GAME.apply_move(state, seat, move)
            else:
                state = GAME.apply_timeout(state)
            GAME.check_invariants(state)
        assert GAME.outcome(state) is not None, "the game did not end"


def test_a_bot_that_has_chosen_returns_none_and_the_flipper_flips():
    state = rigged(3, [[2, 2, 7, 14, 3, 5, 9], [2, 3, 5, 7, 11, 4, 6]], 28)
    for bot in (EASY, STRONG):
        chosen = GAME.apply_move(state, 0, choose(bot, state, 0))
        assert chosen["phase"] == pb.CHOOSE
        assert choose(bot, chosen, 0) is None
        assert choose(bot, chosen, 1) is not None
    before = rigged(3, [[2, 2, 7, 14, 3, 5, 9], [2, 3, 5, 7, 11, 4, 6]], 28, phase=pb.FLIP)
    assert choose(EASY, before, 0) == Flip()
    assert choose(STRONG, before, 0) == Flip()  # nothing captured: nothing to swap
    assert choose(EASY, before, 1) is None and choose(STRONG, before, 1) is None


def test_the_strong_bot_plays_the_texts_28_with_the_most_cards():
    state = rigged(3, [[2, 2, 7, 14, 3, 9, 11], [2, 3, 5, 7, 11, 4, 6]], 28)
    assert values(state, 0, choose(STRONG, state, 0)) == [2, 2, 7]
    assert best_capture([5, 4, 2, 8, 3, 9, 11], 40) == (5, 4, 2)  # the text's 40


def test_the_strong_bot_captures_a_2_with_its_highest_even_composite():
    state = rigged(3, [[36, 25, 50, 3, 5, 9, 2], [2, 3, 5, 7, 6, 4, 8]], 2)
    assert values(state, 0, choose(STRONG, state, 0)) == [50]
    nothing = rigged(3, [[25, 3, 5, 9, 2, 75, 27], [2, 3, 5, 7, 6, 4, 8]], 2)
    assert choose(STRONG, nothing, 0) == Choose(())  # no even composite: throws nothing


def test_the_easy_bot_plays_like_a_child():
    """Singles and pairs only: the exact pair 2 × 14 for 28, never the three cards 2 × 2 × 7;
    for 40, 5 × 9 = 45 (no pair is closer, and 2 × 2 × 2 × 5 is beyond it);
    for a prime any composite with it, and never a card without it."""
    state = rigged(3, [[2, 2, 7, 14, 3, 9, 11], [2, 3, 5, 7, 11, 4, 6]], 28)
    picks = {tuple(values(state, 0, choose(EASY, state, 0, seed))) for seed in range(20)}
    assert picks == {(2, 14)}
    far = rigged(3, [[3, 5, 11, 9, 2, 2, 2], [2, 3, 5, 7, 11, 4, 6]], 40)
    assert {tuple(values(far, 0, choose(EASY, far, 0, s))) for s in range(20)} == {(5, 9)}
    prime = rigged(3, [[36, 25, 50, 3, 5, 9, 2], [2, 3, 5, 7, 6, 4, 8]], 2)
    picks = {tuple(values(prime, 0, choose(EASY, prime, 0, seed))) for seed in range(30)}
    assert picks == {(36,), (50,)}
    nothing = rigged(3, [[25, 3, 5, 9, 2, 75, 27], [2, 3, 5, 7, 6, 4, 8]], 2)
    assert choose(EASY, nothing, 0) == Choose(())


def test_the_strong_bot_swaps_only_when_it_pays():
    """Counting cards, a swap is free: a hand of primes takes in a composite with many small
    factors for the prime targets to come. Scoring by the sum, giving up a captured 900 for a
    5 in hand costs 895 points and is not done."""
    hand, pile = [2, 2, 3, 3, 5, 5, 7], [60, 9]
    state = rigged(3, [hand, [11, 11, 7, 2, 3, 5, 7]], 28, captured=[pile, []], phase=pb.FLIP)
    state["settings"]["scoring"] = "count"
    state["scores"] = [2, 0]
    move = choose(STRONG, state, 0)
    assert isinstance(move, Swap) and state["captured"][0][move.captured] == 60
    dear = rigged(2, [[*hand[:-1], 3], [2, 3, 5, 9, 2, 2, 2]], 4, captured=[[900], []],
                  phase=pb.FLIP)  # fmt: skip
    assert choose(STRONG, dear, 0) == Flip()


def test_bots_never_peek():
    """The same choice when the deck, the other hands and their pending choices are dealt
    again (resample_hidden): a bot reads only its own view."""
    for level, players, seed in [(3, 3, 1), (6, 4, 2), (2, 2, 3), (5, 5, 4)]:
        state = GAME.new_game({"level": level, "scoring": "count"}, players, seed)
        rng = random.Random(seed)
        checked = 0
        for _ in range(200):
            if GAME.outcome(state) is not None:
                break
            seat = rng.choice(GAME.actors(state, players))
            for bot in (EASY, STRONG):
                expected = choose(bot, state, seat, seed)
                for k in range(2):
                    other = GAME.resample_hidden(state, seat, random.Random(k))
                    assert choose(bot, other, seat, seed) == expected
                    checked += 1
            move = choose(STRONG, state, seat, seed)
            state = GAME.apply_move(state, seat, move) if move else GAME.apply_timeout(state)
        assert checked > 50


def test_the_strong_bot_beats_the_easy_bot():
    """8 seeded games of two (levels 1-6, seats alternating): strong wins clearly more than
    half; bench/primebomb.py measures it over 1,000 games."""
    wins = 0.0
    for number in range(8):
        seats = ["strong", "easy"] if number % 2 == 0 else ["easy", "strong"]
        state = GAME.new_game({"level": 1 + number % 6}, 2, 100 + number)
        state, _ = play(GAME, state, seats, random.Random(number))
        winners = GAME.outcome(state).winners
        strong = number % 2
        wins += 1 / len(winners) if strong in winners else 0
    assert wins >= 7


def test_best_capture_follows_the_rules_ranking():
    assert best_capture([2, 3, 7], 20) == (3, 7)  # 21 is 1 away: closer than 2 × 7 = 14
    assert best_capture([2, 3], 11) == ()  # no composite with 11 in the hand
    assert best_capture([22, 44, 11], 11) == (44,)
    assert not any(is_prime(c) for c in best_capture([2, 4, 6, 9], 3))


def test_bots_think_a_share_of_the_choosing_clock_before_choosing():
    """Easy 30-55 %, strong 15-35 % of the clock, drawn from the platform's generator; none
    once chosen."""
    state = GAME.new_game({"level": 2, "choose_seconds": 60}, 3, 5)
    flipper = state["flipper"]
    state = GAME.apply_move(state, flipper, Flip())
    for name, (low, high) in (("easy", (0.3, 0.55)), ("strong", (0.15, 0.35))):
        for seat in range(3):
            view = GAME.view(state, seat)
            moves = GAME.legal_moves(state, seat)
            seconds = [
                BOTS[name].reaction_seconds(view, moves, random.Random(d)) for d in range(40)
            ]
            assert all(60 * low <= s <= 60 * high for s in seconds)
            assert BOTS[name].reaction_seconds(view, moves, random.Random(3)) == seconds[3]
    chosen = GAME.apply_move(state, 0, Choose(()))
    view, moves = GAME.view(chosen, 0), GAME.legal_moves(chosen, 0)
    assert BOTS["easy"].reaction_seconds(view, moves, random.Random(0)) is None
    fresh = GAME.new_game({"level": 2}, 3, 5)
    view = GAME.view(fresh, fresh["flipper"])
    moves = GAME.legal_moves(fresh, fresh["flipper"])
    assert BOTS["strong"].reaction_seconds(view, moves, random.Random(0)) == FLIP_PAUSE_SECONDS
    other = (fresh["flipper"] + 1) % 3
    assert BOTS["strong"].reaction_seconds(GAME.view(fresh, other), [], random.Random(0)) is None


def test_a_bot_s_think_time_never_depends_on_its_hand():
    """Issue 36: timing "chose ✓" over five rounds told the bot's hand from 9,575 possible.
    Two deals that differ only in the bot's hand give the same think times: the draw comes
    from the platform's generator alone."""
    state = GAME.new_game({"level": 3}, 3, 8)
    state = GAME.apply_move(state, state["flipper"], Flip())
    hand, deck = list(state["hands"][1]), list(state["deck"])
    spare = next(i for i, card in enumerate(deck) if card not in hand)
    hand[0], deck[spare] = deck[spare], hand[0]  # one card of the bot's hand from the deck
    other = {**state, "hands": [state["hands"][0], sorted(hand), state["hands"][2]], "deck": deck}
    GAME.check_invariants(other)
    assert GAME.view(other, 1) != GAME.view(state, 1)
    for name in ("easy", "strong"):
        times = [
            BOTS[name].reaction_seconds(GAME.view(s, 1), GAME.legal_moves(s, 1), random.Random(77))
            for s in (state, other)
        ]
        assert times[0] is not None and times[0] == times[1]
