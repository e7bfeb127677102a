"""The Multiplication Game's rules, from the worked examples of the rule text.

Rule text: The Multiplication Game's rule text; decisions: docs/rules.md.
"""

from __future__ import annotations

import math
import random
from collections import Counter

import pytest

from games.engine import get_game
from games.engine.conformance import GARBAGE, playout, replay
from games.engine.protocol import IllegalMove, SettingsError
from games.engine.rng import shuffled
from games.multiplication.cards import FACTORISATIONS, FREE, NUMBERS, SQUARES, deck
from games.multiplication.game import MultiplicationGame
from games.multiplication.moves import Discard, Draw
from games.multiplication.rules import MOVE_LIMIT

GAME = MultiplicationGame()


def scenario(
    hands: list[list],
    open_card: int | str = 12,
    declared: list[tuple[int, int]] | None = None,
    turn: int = 0,
    draw: list | None = None,
    free_cards: int = 0,
    moves: int = 10,
    product: str = "hidden",
) -> dict:
    """A state with exactly these hands and open card; the other cards go to the draw pile
    (or, when `draw` is given, to the discards). `product`: the teacher's "Multipliers while
    choosing" (hidden unless said)."""
    declared = declared or list(FACTORISATIONS[open_card])
    used = Counter(card for hand in hands for card in hand) + Counter([open_card])
    rest = list((Counter(deck(free_cards)) - used - Counter(draw or [])).elements())
    state = {
        "players": len(hands),
        "settings": {"free_cards": free_cards, "product": product},
        "hands": [list(hand) for hand in hands],
        "draw": rest if draw is None else list(draw),
        "discard": [] if draw is None else rest,
        "open": {
            "card": open_card,
            "value": declared[0][0] * declared[0][1],
            "declared": [list(pair) for pair in declared],
        },
        "turn": turn,
        "dealer": (turn - 1) % len(hands),
        "seed": 7,
        "reshuffles": 0,
        "moves": moves,
        "winner": None,
        "winners": [],
        "log": [],
    }
    GAME.check_invariants(state)
    return state


def discards(state: dict, player: int) -> list[Discard]:
    """The discards among a player's legal moves."""
    return [move for move in GAME.legal_moves(state, player) if isinstance(move, Discard)]


def refusal(state: dict, player: int, move) -> IllegalMove:
    """The IllegalMove a move gets (failing the test if it is allowed)."""
    with pytest.raises(IllegalMove) as error:
        GAME.apply_move(state, player, move)
    return error.value


# --- the deck ------------------------------------------------------------------------------------
def test_the_deck_is_the_42_products_of_the_table_with_its_squares():
    """Rule text: all 42 cards of the multiplication table; docs/rules.md: squares are marked."""
    assert len(NUMBERS) == 42 and NUMBERS[0] == 1 and NUMBERS[-1] == 100
    assert list(SQUARES) == [1, 4, 9, 16, 25, 36, 49, 64, 81, 100]
    assert deck(2).count(FREE) == 2 and len(deck(2)) == 44


# --- rule 1: a number is declared as a product of two multipliers --------------------------------
def test_35_is_declared_5_times_7():
    """Rule text: a player discarding “35” has to declare “5 times 7”."""
    assert FACTORISATIONS[35] == ((5, 7),)
    state = scenario([[35, 2], [3, 4]], open_card=14, declared=[(2, 7)])
    assert [m for m in discards(state, 0) if m.card == 35] == [Discard(35, 5, 7)]
    after = GAME.apply_move(state, 0, Discard(35, 5, 7))
    assert after["open"] == {"card": 35, "value": 35, "declared": [[5, 7]]}
    wrong = refusal(state, 0, Discard(35, 6, 6))
    # The reason never gives 6 × 6's product: finding products is the child's work.
    assert (wrong.kind, wrong.reason) == (
        "wrong_product",
        "35 is not 6 × 6. Look for 35 on the multiplication table card.",
    )


def test_24_can_be_declared_4_times_6_or_3_times_8():
    """Rule text: a player discarding “24” can declare “4 times 6” or “3 times 8”."""
    assert FACTORISATIONS[24] == ((3, 8), (4, 6))
    state = scenario([[24, 2], [3, 5]], open_card=12)  # turned up: 2 × 6 and 3 × 4
    assert [m for m in discards(state, 0) if m.card == 24] == [
        Discard(24, 3, 8),
        Discard(24, 4, 6),
    ]


# --- rule 2: a common declared multiplier --------------------------------------------------------
def test_on_12_declared_2_times_6_24_as_4_times_6_but_not_3_times_8_then_28_as_4_times_7():
    """Rule text: upon the card “12”, which was discarded by declaring “2 times 6” ... He may
    discard “24” by declaring “4 times 6” (common declared multiplier=6), but cannot declare
    “3 times 8” (no common declared multiplier). Upon the “24” the next player may discard any
    card with a multiplier=4 or 6 (e.g. discard “28” by declaring “4 times 7”). (The board
    lists those multipliers when the teacher shows them.)"""
    state = scenario([[24, 2], [28, 5]], open_card=12, declared=[(2, 6)], product="shown")
    error = refusal(state, 0, Discard(24, 3, 8))
    assert error.kind == "no_common_multiplier"
    assert error.reason == (
        "24 as 3 × 8 has no 2 or 6 in it. On 12 = 2 × 6, play a card with a 2 or a 6. "
        "Is there another way to make 24?"
    )
    assert Discard(24, 3, 8) not in GAME.legal_moves(state, 0)
    state = GAME.apply_move(state, 0, Discard(24, 4, 6))
    assert GAME.view(state, 1)["open"]["multipliers"] == [4, 6]
    state = GAME.apply_move(state, 1, Discard(28, 4, 7))
    assert state["open"]["declared"] == [[4, 7]] and state["turn"] == 0


def test_1_is_a_multiplier_like_any_other():
    """Rule text: every number is a product of two multipliers (of the integers 1 - 10)."""
    state = scenario([[7, 2], [3, 5]], open_card=10, declared=[(1, 10)])
    assert Discard(7, 1, 7) in GAME.legal_moves(state, 0)


def test_an_open_card_with_several_declarations_names_every_multiplier_you_need():
    state = scenario([[49, 2], [3, 5]], open_card=24)  # turned up: 3 × 8 and 4 × 6
    assert refusal(state, 0, Discard(49, 7, 7)).reason == (
        "49 as 7 × 7 has no 3, 4, 6 or 8 in it. On 24 = 3 × 8 or 4 × 6, play a card with "
        "a 3, a 4, a 6 or an 8."
    )  # 49 has no other way to be made: no nudge to look for one


def test_declarations_outside_the_table_are_refused():
    state = scenario([[24, 2], [3, 5]], open_card=12)
    error = refusal(state, 0, GAME.parse_move({"type": "discard", "card": 24, "a": 12, "b": 2}))
    assert (error.kind, error.reason) == (
        "outside_table",
        "12 is too big: the table goes from 1 × 1 to 10 × 10.",
    )
    small = refusal(state, 0, Discard(24, 0, 5))
    assert (small.kind, small.reason) == (
        "outside_table",
        "0 is too small: the table goes from 1 × 1 to 10 × 10.",
    )


def test_platform_refusals():
    state = scenario([[24, 8], [3, 5]], open_card=12, free_cards=1)
    assert refusal(state, 1, Discard(3, 1, 3)).reason == "It's not your turn."
    assert refusal(state, 0, Discard(36, 4, 9)).reason == "You don't have a 36."
    assert refusal(state, 0, Discard(81, 9, 9)).reason == "You don't have an 81."
    assert refusal(state, 0, Discard(FREE, 2, 6)).reason == "You don't have a free card."
    assert {refusal(state, 0, Discard(36, 4, 9)).kind} == {"rules"}


# --- rule 3 and docs/rules.md: drawing -------------------------------------------------------
def test_a_player_who_does_not_discard_draws_one_card_and_the_turn_passes():
    """Rule text: a player who does not discard a card loses a turn and has to draw an extra
    card. docs/rules.md: a player may decline to discard: they draw one card and the turn passes."""
    state = scenario([[24, 2], [3, 5], [7, 9]], open_card=12)
    moves = GAME.legal_moves(state, 0)
    assert moves[-1] == Draw() and Discard(24, 4, 6) in moves  # declining is always allowed
    top = state["draw"][-1]
    after = GAME.apply_move(state, 0, Draw())
    assert sorted(after["hands"][0]) == sorted([24, 2, top])
    assert after["turn"] == 1 and after["open"] == state["open"]
    assert after["log"] == [{"player": 0, "kind": "draw", "move": 10}]  # never which card


def test_an_empty_draw_pile_is_refilled_from_the_discards_except_the_open_card():
    """docs/rules.md: "If the draw pile runs out, the discards except the open card are shuffled
    into a new draw pile"."""
    state = scenario([[24, 2], [3, 5]], open_card=12, draw=[])
    discards = list(state["discard"])
    after = GAME.apply_move(state, 0, Draw())
    assert after["reshuffles"] == 1 and after["discard"] == []
    assert sorted(after["draw"] + after["hands"][0], key=str) == sorted([*discards, 24, 2], key=str)
    assert after["open"] == state["open"]
    assert [e["kind"] for e in after["log"]] == ["reshuffle", "draw"]
    assert after == GAME.apply_move(state, 0, Draw())  # seeded: the same shuffle every time


def test_with_nothing_left_to_draw_the_turn_just_passes():
    everything = [n for n in NUMBERS if n != 12]
    state = scenario([everything[:20], everything[20:]], open_card=12, draw=[])
    after = GAME.apply_move(state, 0, Draw())
    assert after["hands"] == state["hands"] and after["turn"] == 1
    assert after["log"] == [{"player": 0, "kind": "no_draw", "move": 10}]


# --- special cards -------------------------------------------------------------------------------
def test_a_square_makes_the_next_player_draw_and_lose_their_turn():
    """Rule text: upon the card “28” which was discarded by declaring “4 times 7”, player A
    discarded “36” by declaring “4 times 9” (common declared multiplier=4), and player B had to
    draw a card from the draw pile. Now, player C may continue according to the basic rules of
    play and discard upon the “36” any card with a multiplier=4 or 9."""
    state = scenario([[36, 2], [5, 7], [8, 27, 35]], open_card=28, declared=[(4, 7)])
    after = GAME.apply_move(state, 0, Discard(36, 4, 9))
    assert len(after["hands"][1]) == 3  # B drew a card
    assert after["turn"] == 2  # and lost the turn: C plays next
    assert [e["kind"] for e in after["log"]] == ["discard", "penalty"]
    assert after["log"][1]["player"] == 1
    assert discards(after, 2) == [Discard(8, 2, 4), Discard(27, 3, 9)]  # 35 shares no 4 or 9
    assert GAME.view(after, 2)["open"]["square"] is True


def test_a_square_is_a_square_whatever_the_declaration():
    state = scenario([[16, 2], [5, 7], [3]], open_card=8, declared=[(2, 4)])
    after = GAME.apply_move(state, 0, Discard(16, 2, 8))
    assert after["turn"] == 2 and len(after["hands"][1]) == 3


def test_a_square_with_two_players_gives_the_player_another_turn():
    state = scenario([[36, 2], [5, 7]], open_card=28, declared=[(4, 7)])
    after = GAME.apply_move(state, 0, Discard(36, 4, 9))
    assert after["turn"] == 0 and len(after["hands"][1]) == 3


def test_a_free_card_declared_4_times_1_on_28_makes_the_next_player_draw_and_miss_a_turn():
    """Rule text: upon the card “28” which was discarded by declaring “4 times 7” a player may
    discard a “free” card, and determine its number is “4” by declaring “4 times 1”, thus
    obliging the following player to lose a turn and draw a card from the draw pile."""
    state = scenario([[FREE, 2], [5, 7], [3]], open_card=28, declared=[(4, 7)], free_cards=1)
    move = GAME.parse_move({"type": "discard", "card": "free", "a": 4, "b": 1})
    assert move == Discard(FREE, 1, 4) and move in GAME.legal_moves(state, 0)
    assert move.label() == "free card as 4 = 4 × 1"
    assert GAME.describe(state, 0, move) == "played a free card as 4 = 4 × 1"
    after = GAME.apply_move(state, 0, move)
    assert after["open"] == {"card": FREE, "value": 4, "declared": [[1, 4]]}
    assert after["turn"] == 2 and len(after["hands"][1]) == 3


def test_a_free_card_may_be_any_product_of_the_table_that_matches():
    state = scenario([[FREE, 2], [5, 7]], open_card=28, declared=[(4, 7)], free_cards=2)
    free_moves = [m for m in discards(state, 0) if m.card == FREE]
    assert len(free_moves) == len([p for p in _all_pairs() if {4, 7} & set(p)])
    assert Discard(FREE, 7, 10) in free_moves and Discard(FREE, 3, 5) not in free_moves
    assert refusal(state, 0, Discard(FREE, 3, 5)).kind == "no_common_multiplier"


def _all_pairs() -> list[tuple[int, int]]:
    return [(a, b) for a in range(1, 11) for b in range(a, 11)]


# --- set-up --------------------------------------------------------------------------------------
@pytest.mark.parametrize(("players", "size"), [(2, 7), (3, 7), (4, 5), (5, 5), (6, 5)])
def test_deal_seven_cards_each_or_five_with_four_or_more_players(players, size):
    """Rule text: if there are 4 or more players, each player is dealt only 5 cards."""
    state = GAME.new_game({"free_cards": 2}, players, seed=3)
    assert [len(hand) for hand in state["hands"]] == [size] * players
    assert len(state["draw"]) == 44 - players * size - 1
    GAME.check_invariants(state)


def test_the_turned_up_card_counts_every_declaration_and_the_player_after_the_dealer_starts():
    """docs/rules.md: "every way of writing it as a product in the table counts as declared. The
    player after the dealer starts"."""
    dealers = set()
    for seed in range(60):
        state = GAME.new_game({"free_cards": 2}, 4, seed)
        open_ = state["open"]
        assert open_["card"] != FREE and open_["value"] == open_["card"]
        assert open_["declared"] == [list(p) for p in FACTORISATIONS[open_["card"]]]
        assert state["turn"] == (state["dealer"] + 1) % 4
        dealers.add(state["dealer"])
    assert dealers == {0, 1, 2, 3}
    state = scenario([[2], [3]], open_card=24, product="shown")
    assert GAME.view(state, 0)["open"]["multipliers"] == [3, 4, 6, 8]


def test_a_free_card_turned_up_goes_back_into_the_pile():
    # Our decision: find a seed whose deal leaves a free card on top of the pile.
    seed = next(s for s in range(500) if shuffled(deck(2), s, "deal")[-1] == FREE)
    state = GAME.new_game({"free_cards": 2}, 2, seed)
    assert (
        state["open"]["card"] != FREE
        and state["draw"].count(FREE) + sum(hand.count(FREE) for hand in state["hands"]) == 2
    )
    assert state == GAME.new_game({"free_cards": 2}, 2, seed)


# --- the end -------------------------------------------------------------------------------------
def test_discarding_the_last_card_wins_at_once_even_with_a_square():
    """Rule text: object of the game: to discard all cards in a player’s hand."""
    state = scenario([[36], [5, 7], [3]], open_card=28, declared=[(4, 7)])
    after = GAME.apply_move(state, 0, Discard(36, 4, 9))
    assert after["hands"][1] == [5, 7]  # no penalty once the game is over
    outcome = GAME.outcome(after)
    assert outcome.winners == (0,) and outcome.reason == "first to play every card"
    assert outcome.scores == (0, -2, -1)
    assert GAME.current_player(after) is None and after["winner"] == 0
    assert all(GAME.legal_moves(after, seat) == [] for seat in range(3))
    assert refusal(after, 1, Draw()).reason == "The game is over."
    assert GAME.view(after, None)["over"] is True


def test_the_move_limit_ends_the_game_and_the_fewest_cards_win():
    # Our decision: a safety cap so every game ends.
    state = scenario([[2, 3], [5, 7, 9], [4, 8]], open_card=49, moves=MOVE_LIMIT - 1)
    after = GAME.apply_move(state, 0, Draw())
    outcome = GAME.outcome(after)
    assert outcome.winners == (2,) and outcome.reason == "move limit" and after["winner"] == 2
    tie = scenario([[2, 3, 6], [5, 7]], open_card=49, moves=MOVE_LIMIT - 1, turn=1)
    tie = GAME.apply_move(tie, 1, Draw())
    assert GAME.outcome(tie).winners == (0, 1) and tie["winner"] is None


# --- settings ------------------------------------------------------------------------------------
def test_settings_are_completed_and_checked():
    default = {"free_cards": 0, "product": "hidden"}
    assert GAME.clean_settings({}) == default == GAME.default_settings()
    assert GAME.clean_settings({"free_cards": 2}) == {"free_cards": 2, "product": "hidden"}
    assert GAME.clean_settings({"free_cards": "1"})["free_cards"] == 1  # a form post
    assert GAME.clean_settings({"product": "shown"}) == {"free_cards": 0, "product": "shown"}
    for bad in [{"free_cards": 3}, {"free_cards": -1}, {"free_cards": True}, {"free_cards": 1.0}]:
        with pytest.raises(SettingsError, match="0, 1 or 2"):
            GAME.clean_settings(bad)
    for bad in [{"product": "yes"}, {"product": True}, {"product": None}]:
        with pytest.raises(SettingsError, match="hidden or shown"):
            GAME.clean_settings(bad)
    with pytest.raises(SettingsError, match="Unknown setting: colour"):
        GAME.clean_settings({"colour": "red"})
    assert GAME.settings_label({"free_cards": 2}) == "2 free cards"
    assert GAME.settings_label({}) == "No free cards"
    assert GAME.settings_label({"product": "shown"}) == "No free cards · multipliers shown"
    field, _ = GAME.settings_fields()
    assert field["name"] == "free_cards" and [v for v, _ in field["choices"]] == [0, 1, 2]


def test_the_multipliers_while_choosing_are_hidden_unless_the_teacher_shows_them():
    """Issue 30: the board said "Play a card with a multiplier of 3, 4, 6 or 8". The setting
    Prime Bomb and Equate have, hidden by default and a teacher's choice; its shown choice says
    it counts as help, in Prime Bomb's words."""
    from games.primepak.primebomb.game import PRIME_BOMB

    field = next(f for f in GAME.settings_fields() if f["name"] == "product")
    bombs = next(f for f in PRIME_BOMB.settings_fields() if f["name"] == "product")
    assert field["label"] == "Multipliers while choosing" and field["teacher_only"] is True
    assert (
        [value for value, _ in field["choices"]]
        == ["hidden", "shown"]
        == [value for value, _ in bombs["choices"]]
    )
    assert dict(field["choices"])["shown"].endswith("(counts as help)")
    assert dict(bombs["choices"])["shown"].endswith("(counts as help)")
    assert "help" in field["help"]
    assert GAME.new_game({}, 2, seed=1)["settings"]["product"] == "hidden"


def test_with_multipliers_shown_every_answer_counts_as_help():
    """Issue 30: shown, "every answer in that game counts as helped"."""
    for product, helped in (("hidden", False), ("shown", True)):
        state = scenario([[24, 49], [3, 5]], open_card=12, declared=[(2, 6)], product=product)
        found = [
            *events(state, 0, Discard(24, 4, 6)),  # right
            *events(state, 0, Discard(24, 4, 7)),  # a wrong fact
            *events(state, 0, Discard(24, 3, 8)),  # no common multiplier
            *events(state, 0, Draw()),  # a card that could have been played
        ]
        assert [e["correct"] for e in found] == [True, False, False, False]
        assert all(e["helped"] is helped for e in found), product
    with pytest.raises(SettingsError):
        GAME.new_game({}, 7, seed=1)


# --- moves' JSON form ----------------------------------------------------------------------------
JUNK = [
    *GARBAGE,
    {"type": "discard", "card": 24, "a": 4},
    {"type": "discard", "card": 24, "a": 4, "b": 6, "c": 1},
    {"type": "discard", "card": 24, "a": True, "b": 6},
    {"type": "discard", "card": 24, "a": 4.0, "b": 6},
    {"type": "discard", "card": 24, "a": math.nan, "b": 6},
    {"type": "discard", "card": 24, "a": "4", "b": 6},
    {"type": "discard", "card": 24, "a": 10**5000, "b": 6},
    {"type": "discard", "card": 24.0, "a": 4, "b": 6},
    {"type": "discard", "card": True, "a": 1, "b": 1},
    {"type": "discard", "card": 11, "a": 1, "b": 11},
    {"type": "discard", "card": "Free", "a": 1, "b": 1},
    {"type": "discard", "card": [24], "a": 4, "b": 6},
    {"type": "discard", "card": {"x": 1}, "a": 4, "b": 6},
    {"type": "draw", "card": 24},
    {"type": ["draw"]},
    {"type": "x" * 100_000},
    {1: "draw"},
]


@pytest.mark.parametrize("data", JUNK, ids=range(len(JUNK)))
def test_parse_move_refuses_anything_malformed(data):
    with pytest.raises(IllegalMove) as error:
        GAME.parse_move(data)
    assert error.value.kind == "rules" and len(error.value.reason) < 200


def test_a_discard_the_child_left_unfinished_says_what_is_missing():
    # The board's form leaves out what was not tapped (the browser asks for it first too).
    no_card = refusal_to_parse({"type": "discard", "a": 4, "b": 6})
    assert no_card == "Pick one of your cards first."
    no_keys = refusal_to_parse({"type": "discard", "card": 24, "a": 4})
    assert no_keys == "Tap two numbers to say your card as a multiplication."


def refusal_to_parse(data: dict) -> str:
    with pytest.raises(IllegalMove) as error:
        GAME.parse_move(data)
    assert error.value.kind == "rules"
    return error.value.reason


def test_parse_move_puts_the_smaller_multiplier_first_and_round_trips():
    assert GAME.parse_move({"type": "discard", "card": 24, "a": 6, "b": 4}) == Discard(24, 4, 6)
    assert GAME.parse_move({"type": "draw"}) == Draw()
    for move in [Discard(24, 4, 6), Discard(FREE, 1, 4), Draw()]:
        assert GAME.parse_move(move.to_json()) == move
    assert Discard(24, 4, 6).label() == "24 = 4 × 6" and Draw().label() == "draw a card"
    state = scenario([[24, 2], [3, 5]], open_card=12)
    assert GAME.describe(state, 0, Discard(24, 4, 6)) == "discarded 24 = 4 × 6"
    assert GAME.describe(state, 0, Draw()) == "drew a card"
    # A move built by hand with the multipliers swapped is the same declaration.
    assert GAME.apply_move(state, 0, Discard(24, 6, 4))["open"]["declared"] == [[4, 6]]


# --- learning events -----------------------------------------------------------------------------
def events(state: dict, player: int, move) -> list[dict]:
    """The learning events of a move, applied or refused, as JSON."""
    try:
        after = GAME.apply_move(state, player, move)
    except IllegalMove as error:
        after = error
    return [event.to_json() for event in GAME.learning_events(state, player, move, after)]


def test_learning_events_for_a_good_discard_and_each_mistake():
    state = scenario([[24, 49, FREE], [3, 5]], open_card=12, declared=[(2, 6)], free_cards=1)
    [good] = events(state, 0, Discard(24, 4, 6))
    assert good == {
        "player": 0,
        "kind": "fact",
        "skill": "4x6",
        "correct": True,
        "mistake": "",
        "detail": {"product": 24, "card": 24, "common": [6], "square": False},
        "helped": False,
    }
    [free] = events(state, 0, Discard(FREE, 2, 2))
    assert free["skill"] == "2x2" and free["detail"]["square"] is True
    assert free["helped"] is True  # the app works out a free card's number: not the child's
    [wrong] = events(state, 0, Discard(24, 4, 7))
    assert (wrong["kind"], wrong["skill"], wrong["correct"], wrong["mistake"]) == (
        "fact",
        "4x7",
        False,
        "wrong_product",
    )
    assert wrong["detail"] == {"card": 24, "declared": [4, 7]}
    [match] = events(state, 0, Discard(24, 3, 8))
    assert (match["kind"], match["skill"], match["mistake"]) == (
        "match",
        "3x8",
        "no_common_multiplier",
    )
    [outside] = events(state, 0, Discard(24, 2, 12))
    assert (outside["kind"], outside["correct"], outside["mistake"]) == (
        "fact",
        False,
        "outside_table",
    )
    assert events(state, 1, Discard(3, 1, 3)) == []  # not your turn: a platform refusal
    assert events(state, 0, Discard(36, 6, 6)) == []  # not in hand


def test_learning_events_for_drawing():
    state = scenario([[24, 49], [7, 5]], open_card=12, declared=[(2, 6)])
    [missed] = events(state, 0, Draw())
    assert (missed["kind"], missed["skill"], missed["mistake"]) == (
        "play",
        "discard",
        "missed_play",
    )
    assert missed["detail"] == {"options": 1}
    nothing = scenario([[49, 81], [7, 5]], open_card=12, declared=[(2, 6)])
    assert events(nothing, 0, Draw()) == []


# --- what players see ----------------------------------------------------------------------------
def test_the_view_shows_my_hand_sorted_and_only_counts_of_the_rest():
    state = scenario([[FREE, 24, 2], [3, 5]], open_card=12, free_cards=1, product="shown")
    view = GAME.view(state, 0)
    assert view["hand"] == [2, 24, FREE] and view["hand_counts"] == [3, 2]
    assert view["me"] == 0 and view["turn"] == 0 and view["free_cards"] == 1
    assert view["product_shown"] is True
    assert view["open"] == {
        "card": 12,
        "value": 12,
        "declared": [[2, 6], [3, 4]],
        "multipliers": [2, 3, 4, 6],
        "says": ["2 × 6", "3 × 4"],
        "square": False,
        "turned_up": True,  # nobody has discarded yet
    }
    assert view["squares"] == list(SQUARES) and view["winner"] is None
    spectator = GAME.view(state, None)
    assert spectator["hand"] is None and spectator["me"] is None
    assert set(view) == set(spectator) == {
        "players", "me", "turn", "hand", "hand_counts", "open", "draw_count",
        "discard_count", "free_cards", "log", "story", "winner", "over", "squares",
        "product_shown",
    }  # fmt: skip


def test_resampling_keeps_what_a_player_sees():
    state = GAME.new_game({"free_cards": 2}, 3, seed=5)
    other = GAME.resample_hidden(state, 1, random.Random(1))
    assert other["hands"][1] == state["hands"][1] and other != state
    assert [len(h) for h in other["hands"]] == [len(h) for h in state["hands"]]
    GAME.check_invariants(other)


def test_the_game_is_registered():
    assert isinstance(get_game("multiplication"), MultiplicationGame)


# --- conformance ---------------------------------------------------------------------------------
# 15 combinations × 3 = 45 playouts here, every player count with every free-card setting;
# the platform's tests/games/test_conformance.py runs 200 more seeded playouts of each game.
SEEDS_PER_COMBINATION = 3


@pytest.mark.parametrize("free_cards", [0, 1, 2])
@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_random_playouts_conform_and_replay_exactly(players, free_cards):
    """Seeded random playouts to the end pass the engine's checks and replay exactly."""
    settings = {"free_cards": free_cards}
    for seed in range(SEEDS_PER_COMBINATION):
        final, history = playout(GAME, settings, players, seed)
        assert replay(GAME, settings, players, seed, history) == final
