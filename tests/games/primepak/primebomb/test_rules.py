"""Prime Bomb – Capture's rules core (games/primepak/primebomb/rules.py): scenario tests quoting the
text Prime Bomb's rule text and our decisions (docs/rules.md, "Prime Bomb – Capture"), bad input
refused, and seeded random playouts that keep every card to the end."""

from __future__ import annotations

import json
import random
from collections import Counter

import pytest

from games.engine.protocol import IllegalMove, SettingsError
from games.primepak.cards import number_cards
from games.primepak.primebomb import rules as pb


def game(players: int = 4, level: int = 3, hand: int = 7, scoring: str = "sum", seed: int = 1):
    return pb.new_state({"level": level, "hand": hand, "scoring": scoring}, players, seed)


def arrange(state, hands, *, flips=(), stack=(), captured=None, flipper=0, rest="deck"):
    """Put chosen cards in place: hands (padded to the hand size with cards nobody uses),
    the next cards to flip (first to flip first), the stack, captured piles. The cards left
    over go under the deck, or into the captured piles of seat(s) `rest` (shared out one by
    one), so cards stay conserved."""
    size = state["settings"]["hand"]
    captured = captured or [[] for _ in hands]
    pool = Counter(number_cards(state["settings"]["level"]))
    pool -= Counter(
        [*flips, *stack, *(c for h in hands for c in h), *(c for p in captured for c in p)]
    )
    fillers = sorted(pool.elements(), reverse=True)  # the big cards: far from every target here
    full = []
    for hand in hands:
        pad = [fillers.pop(0) for _ in range(size - len(hand))]
        full.append(sorted([*hand, *pad]))
    leftover = sorted(fillers)
    new = pb.copy_state(state)
    new.update(hands=full, stack=list(stack), flipper=flipper, phase=pb.FLIP)
    new["captured"] = [list(p) for p in captured]
    if rest == "deck":
        new["deck"] = leftover + list(reversed(flips))
    else:
        new["deck"] = list(reversed(flips))
        seats = [rest] if type(rest) is int else rest
        for k, card in enumerate(leftover):
            new["captured"][seats[k % len(seats)]].append(card)
    new["scores"] = [pb.score_of(new, seat) for seat in range(new["players"])]
    pb.check_state(new)
    return new


def at(state, seat, *values):
    """The hand positions of these card values (repeats take the next equal card)."""
    hand, used = state["hands"][seat], []
    for value in values:
        used.append(next(p for p, c in enumerate(hand) if c == value and p not in used))
    return used


def play_round(state, throws, orders=None):
    """Flip, let each seat throw the given values (None: no choice at all), reveal."""
    state = pb.flip(state, state["flipper"])
    orders = orders or list(range(1, len(throws) + 1))
    for seat, values in enumerate(throws):
        if values is not None:
            state = pb.choose(state, seat, at(state, seat, *values), orders[seat])
    return pb.reveal(state, clock_ended=any(v is None for v in throws))


def text(parts) -> str:
    """A reveal's sentence with seats written as "P1".."P6" (players as the text numbers them)."""
    return "".join(f"P{p['seat'] + 1}" if "seat" in p else p["text"] for p in parts)


# --- the deal -------------------------------------------------------------------------------------
def test_deal_gives_each_player_the_hand_size_and_the_rest_is_the_deck():
    for hand in (7, 5):
        state = game(players=6, level=1, hand=hand)
        assert [len(h) for h in state["hands"]] == [hand] * 6
        assert len(state["deck"]) == 56 - 6 * hand
        assert state["phase"] == pb.FLIP and state["stack"] == []
        assert 0 <= state["flipper"] < 6
        pb.check_state(state)
        assert json.loads(json.dumps(state)) == state


def test_the_deck_is_the_number_cards_of_the_level_without_wilds():
    state = game(players=2, level=6)
    cards = [c for h in state["hands"] for c in h] + state["deck"]
    assert sorted(cards) == number_cards(6) and len(cards) == 158
    assert all(type(c) is int for c in cards)


def test_the_same_seed_deals_the_same_game_and_the_first_flipper_is_by_lot():
    assert game(seed=7) == game(seed=7)
    flippers = {game(seed=s)["flipper"] for s in range(40)}
    assert flippers == {0, 1, 2, 3}


@pytest.mark.parametrize(
    "settings, players",
    [({"level": 0}, 2), ({"level": 7}, 2), ({}, 2), ({"level": 1, "hand": 6}, 2),
     ({"level": 1, "scoring": "max"}, 2), ({"level": 1}, 1), ({"level": 1}, 7)],
)  # fmt: skip
def test_bad_settings_are_refused(settings, players):
    with pytest.raises(SettingsError):
        pb.new_state(settings, players, 1)


def test_defaults_are_seven_cards_and_the_sum():
    state = pb.new_state({"level": 2}, 3, 1)
    assert state["settings"] == {"level": 2, "hand": 7, "scoring": "sum"}


# --- the worked examples of the text --------------------------------------------------------------
def test_capturing_28_players_1_and_4_exact_and_4_wins_with_more_cards():
    """Player 1: 2 and 14; player 2: 2 and 7; player 3: 7; player 4: 2, 2 and 7. "Both players
    1 and 4 had exact matches to 28, however player 4 wins as they captured by using more
    cards." Player 1 even submitted first: cards count before order."""
    state = arrange(game(), [[2, 14], [2, 7], [7], [2, 2, 7]], flips=[28])
    state = play_round(state, [[2, 14], [2, 7], [7], [2, 2, 7]])
    reveal = state["last_reveal"]
    assert reveal["winner"] == 3 and reveal["rule"] == "more_cards"
    assert [p["product"] for p in reveal["plays"]] == [28, 14, 7, 28]
    assert [p["distance"] for p in reveal["plays"]] == [0, 14, 21, 0]
    assert text(reveal["why"]) == (
        "P4's 2 × 2 × 7 = 28 is exact and uses 3 cards; P1's 2 × 14 = 28 uses only 2."
    )
    assert state["captured"][3] == [28] and state["scores"][3] == 28
    assert state["flipper"] == 3 and state["phase"] == pb.FLIP and state["stack"] == []
    pb.check_state(state)


def test_capturing_40_players_1_and_3_exact_and_1_wins_with_more_cards():
    """Player 1: 5, 4 and 2; player 2: nothing; player 3: 5 and 8; player 4: three 2's.
    "Player 1 and 3 had exact matches, but player 1 wins by throwing more cards." Player 3
    submitted first here, and still loses."""
    state = arrange(game(), [[5, 4, 2], [], [5, 8], [2, 2, 2]], flips=[40])
    state = play_round(state, [[5, 4, 2], [], [5, 8], [2, 2, 2]], orders=[4, 2, 1, 3])
    reveal = state["last_reveal"]
    assert reveal["winner"] == 0 and reveal["rule"] == "more_cards"
    assert [p["product"] for p in reveal["plays"]] == [40, None, 40, 8]
    nothing = reveal["plays"][1]
    assert nothing["chosen"] and nothing["cards"] == [] and not nothing["valid"]
    assert text(reveal["why"]) == (
        "P1's 2 × 4 × 5 = 40 is exact and uses 3 cards; P3's 5 × 8 = 40 uses only 2."
    )
    assert state["captured"][0] == [40]


def test_capturing_a_2_50_beats_42_and_36_and_25_is_illegal():
    """Player 1: 36; player 2: 42; player 3: 25, "illegal play (5x5=25, does not contain a
    2)"; player 4: 50 "wins the prime as they have the highest non-prime with 2"."""
    state = arrange(game(), [[36], [42], [25], [50]], flips=[2])
    state = play_round(state, [[36], [42], [25], [50]])
    reveal = state["last_reveal"]
    assert reveal["prime"] and reveal["winner"] == 3 and reveal["rule"] == "highest"
    wrong = reveal["plays"][2]
    assert (
        not wrong["valid"] and wrong["mistake"] == "25 has no 2." and wrong["kind"] == "no_factor"
    )
    assert [p["valid"] for p in reveal["plays"]] == [True, True, False, True]
    assert text(reveal["why"]) == "P4's 50 has a 2 and is the highest."
    assert state["captured"][3] == [2] and state["scores"][3] == 2


# --- ties, changes of mind, the clock -------------------------------------------------------------
def test_equal_product_and_cards_the_earliest_submission_wins():
    state = arrange(game(players=2), [[2, 14], [4, 7]], flips=[28])
    state = play_round(state, [[2, 14], [4, 7]], orders=[9, 5])
    assert state["last_reveal"]["winner"] == 1 and state["last_reveal"]["rule"] == "first"
    assert text(state["last_reveal"]["why"]) == (
        "P2's 4 × 7 = 28 is exact and uses 2 cards, just like P1's 2 × 14 = 28; P2 played first."
    )


def test_changing_a_choice_goes_to_the_back_of_the_line():
    state = arrange(game(players=2), [[2, 14], [4, 7]], flips=[28])
    state = pb.flip(state, 0)
    state = pb.choose(state, 1, at(state, 1, 4, 7), 1)
    state = pb.choose(state, 0, at(state, 0, 2, 14), 2)
    state = pb.choose(state, 1, at(state, 1, 4, 7), 3)  # the same cards, submitted again
    state = pb.reveal(state)
    assert state["last_reveal"]["winner"] == 0


def test_the_latest_choice_is_the_one_played():
    state = arrange(game(players=2), [[2, 14, 3], [4, 7]], flips=[28])
    state = pb.flip(state, 0)
    state = pb.choose(state, 0, at(state, 0, 3), 1)
    state = pb.choose(state, 1, at(state, 1, 4, 7), 2)
    state = pb.choose(state, 0, at(state, 0, 2, 14), 3)
    state = pb.reveal(state)
    assert state["last_reveal"]["plays"][0]["cards"] == [2, 14]
    assert state["last_reveal"]["winner"] == 1  # equal, and 1's choice came first


def test_the_closest_product_wins_even_with_fewer_cards():
    state = arrange(game(players=3), [[2, 2, 2, 3], [5, 8], [7]], flips=[42])
    state = play_round(state, [[2, 2, 2, 3], [5, 8], [7]])
    reveal = state["last_reveal"]
    assert [p["distance"] for p in reveal["plays"]] == [18, 2, 35]
    assert reveal["winner"] == 1 and reveal["rule"] == "closest"
    assert text(reveal["why"]) == "P2's 5 × 8 = 40 is 2 away from 42 and uses 2 cards: the closest."


def test_a_product_above_the_card_counts_by_its_distance_too():
    state = arrange(game(players=2), [[5, 9], [3, 3, 5]], flips=[44])
    state = play_round(state, [[5, 9], [3, 3, 5]])
    assert [p["distance"] for p in state["last_reveal"]["plays"]] == [1, 1]
    assert state["last_reveal"]["winner"] == 1  # as close, more cards


def test_equal_prime_captures_go_to_the_earliest_submission():
    state = arrange(game(players=3, level=1), [[50], [50], [40]], flips=[5])
    state = play_round(state, [[50], [50], [40]], orders=[2, 1, 3])
    assert state["last_reveal"]["winner"] == 1 and state["last_reveal"]["rule"] == "first"
    assert (
        text(state["last_reveal"]["why"]) == "P2's 50 has a 5, just like P1's 50; P2 played first."
    )


@pytest.mark.parametrize(
    "cards, mistake, kind",
    [([7], "7 is a prime: capture a prime with a card that is not a prime.", "prime_card"),
     ([14, 28], "Capture a prime with just one card, not 2.", "several_cards"),
     ([2, 5], "Capture a prime with just one card, not 2.", "several_cards"),
     ([15], "15 has no 7.", "no_factor")],
)  # fmt: skip
def test_illegal_prime_plays_count_as_nothing(cards, mistake, kind):
    state = arrange(game(players=2), [cards, [21]], flips=[7])
    state = play_round(state, [cards, [21]], orders=[1, 2])
    play = state["last_reveal"]["plays"][0]
    assert (play["valid"], play["mistake"], play["kind"]) == (False, mistake, kind)
    assert state["last_reveal"]["winner"] == 1
    assert text(state["last_reveal"]["why"]) == "P2's 21 has a 7: the only capture."


def test_a_prime_card_may_capture_a_composite():
    state = arrange(game(players=2), [[7], [2]], flips=[9])
    state = play_round(state, [[7], [2]])
    assert state["last_reveal"]["winner"] == 0 and state["last_reveal"]["plays"][0]["valid"]


def test_throwing_nothing_never_captures():
    state = arrange(game(players=2), [[], []], flips=[28])
    state = play_round(state, [[], []])
    assert state["last_reveal"]["winner"] is None and state["stack"] == [28]


def test_the_reveal_waits_for_everyone_unless_the_clock_ended():
    state = arrange(game(players=3), [[4, 7], [], []], flips=[28])
    state = pb.flip(state, 0)
    state = pb.choose(state, 0, at(state, 0, 4, 7), 1)
    assert pb.waiting_for(state) == [1, 2]
    with pytest.raises(IllegalMove, match="Not everyone has chosen yet"):
        pb.reveal(state)
    state = pb.reveal(state, clock_ended=True)
    plays = state["last_reveal"]["plays"]
    assert [p["chosen"] for p in plays] == [True, False, False]
    assert plays[1]["cards"] == [] and state["last_reveal"]["winner"] == 0


def test_everyone_takes_back_their_cards():
    state = arrange(game(), [[2, 14], [2, 7], [7], [2, 2, 7]], flips=[28])
    hands = [list(h) for h in state["hands"]]
    state = play_round(state, [[2, 14], [2, 7], [7], [2, 2, 7]])
    assert state["hands"] == hands


# --- a card nobody captures -----------------------------------------------------------------------
def test_nobody_captures_the_stack_grows_and_the_next_winner_takes_both():
    """ "If a card cannot be captured, then another card is flipped on top of it from the deck,
    and both cards are captured in the next round." The same player flips again."""
    state = arrange(game(players=3), [[25, 4, 7], [3], []], flips=[2, 28], flipper=2)
    state = play_round(state, [[25], [3], []])
    reveal = state["last_reveal"]
    assert reveal["winner"] is None and reveal["rule"] == "nobody"
    assert (
        text(reveal["why"]) == "Nobody captured 2: it stays, and the next card goes on top of it."
    )
    assert state["stack"] == [2] and state["flipper"] == 2 and state["phase"] == pb.FLIP
    with pytest.raises(IllegalMove, match="not your turn"):
        pb.flip(state, 0)
    state = pb.flip(state, 2)
    assert state["stack"] == [2, 28] and pb.target(state) == 28  # the new card is on top
    state = pb.choose(state, 0, at(state, 0, 4, 7), 1)
    state = pb.choose(state, 1, at(state, 1, 3), 2)
    state = pb.reveal(state, clock_ended=True)
    assert state["last_reveal"]["stack"] == [2, 28] and state["last_reveal"]["target"] == 28
    assert state["captured"][0] == [2, 28] and state["scores"][0] == 30
    assert state["stack"] == [] and state["flipper"] == 0
    pb.check_state(state)


# --- swaps ----------------------------------------------------------------------------------------
def test_swapping_a_captured_card_for_a_hand_card_before_the_next_flip():
    state = arrange(game(players=2), [[4, 7], [3]], flips=[28, 9])
    state = play_round(state, [[4, 7], [3]])
    assert state["captured"][0] == [28]
    before = state
    state = pb.swap(state, 0, at(state, 0, 4)[0], 0)
    assert before["captured"][0] == [28]  # the input is not changed
    assert 28 in state["hands"][0] and 4 not in state["hands"][0]
    assert len(state["hands"][0]) == 7 and state["captured"][0] == [4]
    assert state["scores"][0] == 4  # the card put down is what scores
    state = pb.swap(state, 0, at(state, 0, 28)[0], 0)  # any number of swaps
    assert state["captured"][0] == [28]
    pb.check_state(state)
    state = pb.flip(state, 0)
    with pytest.raises(IllegalMove, match="before the next card is turned up"):
        pb.swap(state, 0, 0, 0)


def test_swaps_that_are_refused():
    state = arrange(game(players=2), [[4, 7], [3]], flips=[28, 9])
    with pytest.raises(IllegalMove, match="no captured cards"):
        pb.swap(state, 0, 0, 0)
    state = play_round(state, [[4, 7], [3]])
    with pytest.raises(IllegalMove, match="no captured cards"):
        pb.swap(state, 1, 0, 0)
    with pytest.raises(IllegalMove, match="a card you captured"):
        pb.swap(state, 0, 0, 1)
    with pytest.raises(IllegalMove, match="in your hand"):
        pb.swap(state, 0, 7, 0)
    with pytest.raises(IllegalMove, match="no such player"):
        pb.swap(state, 2, 0, 0)


# --- the end and scoring --------------------------------------------------------------------------
def last_two(scoring: str):
    """Two cards left: seat 0 captures 28, nobody captures the last 2."""
    state = arrange(game(players=2, scoring=scoring), [[4, 7], [3]], flips=[28, 2], rest=1)
    state = play_round(state, [[4, 7], [3]])
    assert state["phase"] == pb.FLIP and state["deck"] == [2]
    return play_round(state, [[7], []])  # 7 is a prime: an illegal play, nobody captures


def test_the_game_ends_when_the_deck_is_used_up_and_a_last_stack_scores_for_nobody():
    state = last_two("sum")
    assert state["phase"] == pb.OVER and state["deck"] == [] and state["stack"] == [2]
    pb.check_state(state)
    leftover = state["captured"][1]
    assert state["scores"] == [28, sum(leftover)] and state["winners"] == [1]
    with pytest.raises(IllegalMove, match="The game is over"):
        pb.flip(state, 0)
    with pytest.raises(IllegalMove, match="The game is over"):
        pb.swap(state, 0, 0, 0)
    with pytest.raises(IllegalMove, match="The game is over"):
        pb.choose(state, 0, [], 1)


def test_count_scoring_counts_the_captured_cards():
    state = last_two("count")
    assert state["scores"] == [1, len(state["captured"][1])]


def test_equal_highest_scores_share_the_win():
    """The cards left over are shared out one by one; with one or two cards left to flip (both
    captured by nobody) the two piles are the same size."""
    for flips in ([9], [9, 2]):
        state = arrange(game(players=2, scoring="count"), [[], []], flips=flips, rest=[0, 1])
        if len(state["captured"][0]) == len(state["captured"][1]):
            break
    while state["phase"] != pb.OVER:
        state = play_round(state, [[], []])
    assert state["scores"][0] == state["scores"][1] > 0
    assert state["winners"] == [0, 1]
    pb.check_state(state)


# --- bad input ------------------------------------------------------------------------------------
def test_moves_in_the_wrong_phase_or_by_the_wrong_player_are_refused():
    state = arrange(game(players=3), [[4, 7], [3], []], flips=[28, 9], flipper=1)
    with pytest.raises(IllegalMove, match="not your turn"):
        pb.flip(state, 0)
    with pytest.raises(IllegalMove, match="Wait for the next card"):
        pb.choose(state, 0, [0], 1)
    with pytest.raises(IllegalMove, match="turn up a card first"):
        pb.reveal(state)
    state = pb.flip(state, 1)
    with pytest.raises(IllegalMove, match="already turned up"):
        pb.flip(state, 1)
    with pytest.raises(IllegalMove, match="no such player"):
        pb.choose(state, 3, [], 1)


@pytest.mark.parametrize(
    "positions, reason",
    [([7], "only pick cards that are in your hand"), ([-1], "only pick cards"),
     (["0"], "only pick cards"), ([True], "only pick cards"), ([2, 2], "same card twice"),
     (3, "Pick cards from your hand")],
)  # fmt: skip
def test_bad_positions_are_refused(positions, reason):
    state = pb.flip(arrange(game(players=2), [[4, 7], [3]], flips=[28]), 0)
    with pytest.raises(IllegalMove, match=reason):
        pb.choose(state, 0, positions, 1)


def test_a_choice_needs_its_order():
    state = pb.flip(arrange(game(players=2), [[4, 7], [3]], flips=[28]), 0)
    with pytest.raises(IllegalMove):
        pb.choose(state, 0, [0], None)


def test_no_function_changes_its_input():
    state = arrange(game(players=2), [[4, 7], [3]], flips=[28, 9])
    frozen = json.dumps(state)
    flipped = pb.flip(state, 0)
    assert json.dumps(state) == frozen
    frozen = json.dumps(flipped)
    chosen = pb.choose(flipped, 0, [0, 1], 1)
    assert json.dumps(flipped) == frozen
    frozen = json.dumps(chosen)
    pb.reveal(chosen, clock_ended=True)
    assert json.dumps(chosen) == frozen


# --- random playouts ------------------------------------------------------------------------------
def playout(seed: int) -> dict:
    """A whole game of random legal choices and swaps, checked after every step."""
    rng = random.Random(seed)
    players = rng.randint(2, 6)
    state = game(players=players, level=rng.randint(1, 6), hand=rng.choice([7, 5]),
                 scoring=rng.choice(["sum", "count"]), seed=seed)  # fmt: skip
    order = 0
    while state["phase"] != pb.OVER:
        for _ in range(rng.randint(0, 2)):
            seat = rng.randrange(players)
            if state["captured"][seat]:
                pile = len(state["captured"][seat])
                state = pb.swap(state, seat, rng.randrange(state["settings"]["hand"]),
                                rng.randrange(pile))  # fmt: skip
                pb.check_state(state)
        state = pb.flip(state, state["flipper"])
        for seat in rng.sample(range(players), players):
            if rng.random() < 0.1:
                continue  # no choice: the clock ends it
            order += 1
            k = rng.choice([0, 1, 1, 2, 3])
            state = pb.choose(state, seat, rng.sample(range(state["settings"]["hand"]), k), order)
        state = pb.reveal(state, clock_ended=True)
        pb.check_state(state)
        reveal = state["last_reveal"]
        assert reveal["winner"] is None or reveal["winner"] == state["flipper"]
        json.dumps(state)
    return state


@pytest.mark.parametrize("seed", range(40))
def test_random_playouts_keep_every_card_to_the_end(seed):
    state = playout(seed)
    assert state["phase"] == pb.OVER and state["deck"] == []
    best = max(state["scores"])
    assert state["winners"] == [s for s, v in enumerate(state["scores"]) if v == best]
    assert any(state["captured"])  # cards were captured, not only left on the stack
    assert playout(seed) == state  # the same seed plays the same game
