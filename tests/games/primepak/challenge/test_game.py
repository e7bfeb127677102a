"""Prime Challenge's rules, scenario by scenario from the booklet's text.

Rule text: the PrimePak booklet (Deck Levels, Terminology, PRIME CHALLENGE);
decisions: docs/rules.md (PrimePak) and the "Our decision" comments in the rules module.
"""

from __future__ import annotations

import itertools
import json
import random
import re
from collections import Counter

import pytest

from games.engine.conformance import GARBAGE, playout, replay
from games.engine.protocol import IllegalMove, SettingsError, Timeout
from games.primepak.cards import WILD, deck
from games.primepak.challenge.game import (
    CHALLENGE,
    MOVE_LIMIT,
    SELECT_LIMIT,
    TURN_LIMIT,
    WILDS_BY_LEVEL,
    Challenge,
    Clear,
    Collect,
    Done,
    Hit,
    PrimeChallenge,
    Select,
    product_so_far,
)

GAME = CHALLENGE
P = WILD


def scenario(
    foundation: list,
    hits: tuple = (),
    *,
    level: int = 3,
    players: int = 2,
    turn: int = 0,
    draw_top: tuple = (),
    empty_draw: bool = False,
    **settings,
) -> dict:
    """A state at the start of `turn`'s turn with exactly these cards on the table (missing
    slots are empty). The rest of the deck is the draw pile (draw_top[0] on top), or with
    `empty_draw` the last seat's stack (so it scores them). Timing is the booklet's unless
    said (the scenarios quote the booklet)."""
    settings.setdefault("time_limits", "booklet")
    state = GAME.new_game({"level": level, **settings}, players, seed=1)
    size = len(state["foundation"])
    slots = list(foundation) + [None] * (size - len(foundation))
    table = Counter(c for c in slots if c is not None) + Counter(hits) + Counter(draw_top)
    rest = list((Counter(deck(level, WILDS_BY_LEVEL[level])) - table).elements())
    stacks = [[] for _ in range(players)]
    if empty_draw:
        stacks[-1], draw = rest, []
    else:
        draw = rest + list(reversed(draw_top))
    state.update(foundation=slots, hits=list(hits), draw=draw, stacks=stacks, turn=turn)
    state.update(actor=turn, turns=1, log=[])
    GAME.check_invariants(state)
    return state


def play(state: dict, player: int, *moves) -> dict:
    """Apply moves (Move objects, or refs to select) one after the other."""
    for move in moves:
        state = GAME.apply_move(state, player, Select(move) if isinstance(move, str) else move)
    return state


def take(state: dict, player: int, *refs: str) -> dict:
    """Take these cards as a set, picked up in this order (the board's take names them)."""
    return play(state, player, Collect(refs))


def refusal(state: dict, player: int, move) -> IllegalMove:
    """The IllegalMove a move gets (failing the test if it is allowed)."""
    with pytest.raises(IllegalMove) as error:
        GAME.apply_move(state, player, move)
    return error.value


def log_text(state: dict, player_names=("Ana", "Ben", "Cy", "Dee")) -> list[str]:
    """The board's event log as sentences."""
    return [
        "".join(part.get("text", "") or player_names[part["seat"]] for part in event["parts"])
        for event in GAME.view(state, None)["log"]
    ]


# --- deck levels and layout ----------------------------------------------------------------------
@pytest.mark.parametrize(
    ("level", "slots", "wilds", "numbers"),
    [(1, 9, 0, 56), (2, 9, 0, 98), (3, 12, 7, 134), (4, 12, 11, 144), (5, 12, 11, 151),
     (6, 12, 13, 158)],
)  # fmt: skip
def test_foundation_size_and_prime_cards_by_level(level, slots, wilds, numbers):
    """Booklet, Deck: "Level 1 or 2, include no prime wild cards; Level 3, include 7 prime wild
    cards; Level 4 or 5, include 11 prime wild cards; Level 6, include 13 prime wild cards."
    Layout: "For deck levels 3 through 6, the foundation is a rectangular array of 12 cards face
    up, three rows of four cards each. For deck levels 1 and 2, lay out only nine cards"."""
    state = GAME.new_game({"level": level}, 3, seed=level)
    assert len(state["foundation"]) == slots and None not in state["foundation"]
    cards = state["foundation"] + state["draw"]
    assert cards.count(P) == wilds and len(cards) == numbers + wilds
    view = GAME.view(state, 0)
    assert [len(row) for row in view["rows"]] == [slots // 3] * 3
    assert view["draw_count"] == numbers + wilds - slots and "draw" not in view
    assert [slot["ref"] for slot in view["foundation"]] == [f"f{i}" for i in range(slots)]


def test_the_first_player_is_drawn_by_lot_and_fills_the_foundation():
    """Booklet: "A player's turn begins by the dealer filling up the main foundation." Our
    decision: the app deals, so the first player is drawn by lot (seeded)."""
    firsts = {GAME.new_game({}, 4, seed)["turn"] for seed in range(40)}
    assert firsts == {0, 1, 2, 3}
    assert GAME.new_game({}, 3, 5) == GAME.new_game({}, 3, 5)


# --- settings ------------------------------------------------------------------------------------
def test_settings_are_completed_and_checked():
    """Our decision (docs/rules.md): new games and assignments get the gentle timing a class
    can manage; the booklet's is a choice."""
    assert (
        GAME.clean_settings({})
        == GAME.default_settings()
        == {
            "level": 1,
            "time_limits": "gentle",
            "invalid_sets": "challenge",
            "teams": "off",
            "product": "hidden",
        }
    )
    form = {"level": "4", "time_limits": "gentle", "invalid_sets": "refuse", "teams": "pairs"}
    assert GAME.clean_settings(form)["level"] == 4  # form posts arrive as text
    for bad in [{"level": 7}, {"level": "0"}, {"level": True}, {"level": 2.0}]:
        with pytest.raises(SettingsError, match="1, 2, 3, 4, 5 or 6"):
            GAME.clean_settings(bad)
    for bad in [{"time_limits": "fast"}, {"invalid_sets": 1}, {"teams": ["pairs"]}]:
        with pytest.raises(SettingsError, match="choose"):
            GAME.clean_settings(bad)
    with pytest.raises(SettingsError, match="Unknown setting: colour"):
        GAME.clean_settings({"colour": "red"})
    names = [field["name"] for field in GAME.settings_fields()]
    assert names == ["level", "time_limits", "invalid_sets", "teams", "product"]
    assert [v for v, _ in GAME.settings_fields()[0]["choices"]] == [1, 2, 3, 4, 5, 6]
    timing = GAME.settings_fields()[1]["choices"]
    assert [v for v, _ in timing] == ["gentle", "relaxed", "booklet"]  # the default first
    assert "2 s to challenge" in dict(timing)["booklet"]


def test_settings_label_starts_with_the_level():
    assert GAME.settings_label({"level": 3}) == "Level 3"
    assert GAME.settings_label({"level": "3", "time_limits": "relaxed"}) == (
        "Level 3 · relaxed timing"
    )
    assert GAME.settings_label({"level": 1, "time_limits": "booklet"}) == (
        "Level 1 · booklet timing"
    )
    label = GAME.settings_label({"level": 5, "invalid_sets": "refuse", "teams": "pairs"})
    assert label == "Level 5 · wrong sets refused · teams"
    assert GAME.settings_label({"level": 2, "product": "shown"}) == "Level 2 · product shown"
    assert GAME.settings_label({"level": 2, "product": "hidden"}) == "Level 2"


def test_the_product_while_choosing_is_hidden_unless_the_teacher_shows_it():
    """Issue 30: "Give these games the setting Prime Bomb and Equate have (“Products while
    choosing: hidden / shown — counts as help”), hidden by default" — in the same words as
    Prime Bomb's, so a teacher meets one setting with one meaning."""
    from games.primepak.primebomb.game import PRIME_BOMB

    assert GAME.default_settings()["product"] == "hidden"
    assert GAME.clean_settings({"level": 3})["product"] == "hidden"  # a missing key: hidden
    assert GAME.new_game({}, 2, seed=1)["settings"]["product"] == "hidden"
    ours = next(f for f in GAME.settings_fields() if f["name"] == "product")
    bombs = next(f for f in PRIME_BOMB.settings_fields() if f["name"] == "product")
    assert (ours["label"], ours["choices"], ours["teacher_only"]) == (
        bombs["label"], bombs["choices"], True)  # fmt: skip
    assert dict(ours["choices"])["shown"].endswith("(counts as help)")
    assert "help" in ours["help"]
    for bad in ("yes", True, None, ["shown"]):
        with pytest.raises(SettingsError, match="hidden or shown"):
            GAME.clean_settings({"product": bad})


@pytest.mark.parametrize("players", [2, 3])
def test_teams_of_two_need_four_players(players):
    """Booklet: "2 to 4 players or teams". Ours: teams are two pairs of a 4-player game."""
    with pytest.raises(SettingsError, match="exactly 4 players"):
        GAME.new_game({"teams": "pairs"}, players, seed=1)
    with pytest.raises(SettingsError, match="exactly 4 players"):
        GAME.clean_settings({"teams": "pairs"}, players)
    GAME.new_game({"teams": "pairs"}, 4, seed=1)


@pytest.mark.parametrize("players", [1, 5, "2", None])
def test_two_to_four_players(players):
    with pytest.raises(SettingsError, match="2 to 4 players"):
        GAME.new_game({}, players, seed=1)


# --- picking up a set ----------------------------------------------------------------------------
def test_a_take_names_its_cards_in_the_order_they_were_picked_up():
    """Booklet: "When picking up a factor set the player is required to pick up the answer
    first, then the numbers that multiply to give that result. ... The order and method is
    important so that opponents can easily check the accuracy of a play." The pick is made on
    the player's own screen (issue 30: no tap is lost on its way); the take names the cards in
    the order picked up, and everyone sees the set in that order once it is taken."""
    state = scenario([42, 6, 7, 11])
    after = take(state, 0, "f0", "f1", "f2")
    assert after["stacks"][0] == [42, 6, 7]
    assert after["foundation"][:4] == [None, None, None, 11]
    assert log_text(after)[-1] == "Ana took 42 = 6 × 7."
    window = GAME.view(after, 1)["window"]
    assert window["set"] == [42, 6, 7] and window["set_text"] == "42 = 6 × 7"
    # Picked up answer last: shown as picked (the others may challenge the order).
    assert GAME.view(take(state, 0, "f1", "f2", "f0"), 1)["window"]["set_text"] == "6 = 7 × 42"
    assert Collect(("f0", "f1", "f2")) in GAME.legal_moves(state, 0)
    assert GAME.describe(state, 0, Collect(("f0", "f1", "f2"))) == "took 42 = 6 × 7"


def test_a_take_sent_in_the_tables_order_puts_the_answer_first():
    """A page without JavaScript cannot tell the order of the taps: its cards come in the
    table's order, and the biggest number card is read as the answer (docs/rules.md)."""
    state = scenario([6, 7, 42, 11])
    move = GAME.parse_move({"type": "collect", "cards": "f0,f1,f2", "order": "table"})
    assert move == Collect(("f0", "f1", "f2"), table_order=True)
    after = GAME.apply_move(state, 0, move)
    assert after["last_set"]["refs"] == ["f2", "f0", "f1"]
    assert log_text(after)[-1] == "Ana took 42 = 6 × 7."
    # The same cards in the same order, said to be the order tapped: the answer came last.
    tapped = GAME.parse_move({"type": "collect", "cards": "f0,f1,f2", "order": "tapped"})
    assert GAME.apply_move(state, 0, tapped)["last_set"]["refs"] == ["f0", "f1", "f2"]


def test_a_take_is_judged_as_a_pick_up_card_by_card_would_be():
    """The rules, not the page, decide: too few cards, cards not on the table, the same card
    twice, another player's turn, a wrong set where wrong sets are refused."""
    state = scenario([42, 6, 7, 11], hits=(10,))
    assert "at least 3 cards" in refusal(state, 0, Collect(("f0", "f1"))).reason
    assert refusal(state, 0, Collect(("f0", "f1", "f5"))).reason == "There is no card there."
    assert refusal(state, 0, Collect(("f0", "f1", "h1"))).reason == "There is no card there."
    assert refusal(state, 0, Collect(("f0", "f1", "f1"))).reason == "You named the same card twice."
    assert refusal(state, 1, Collect(("f0", "f1", "f2"))).reason == "It's not your turn."
    strict = scenario([42, 6, 7, 5], invalid_sets="refuse")
    error = refusal(strict, 0, Collect(("f0", "f1", "f3")))
    assert error.kind == "wrong_product" and "not 42" in error.reason
    assert refusal(strict, 0, Collect(("f1", "f2", "f0"))).kind == "wrong_order"
    # Any three cards may be taken where a wrong set stands unless challenged.
    assert take(state, 0, "f3", "h0", "f1")["stacks"][0] == [11, 10, 6]


def test_a_set_picked_up_card_by_card_is_seen_by_everyone():
    """Games saved before issue 30 picked cards up one at a time on the server (Select, Clear,
    Collect naming no cards): those moves stay legal, so the games replay and go on. With the
    teacher's "Product while choosing: shown" the board multiplies as they pick
    (test_challenge_view)."""
    state = scenario([42, 6, 7, 11], product="shown")
    state = play(state, 0, "f0", "f1")
    watcher = GAME.view(state, 1)
    assert watcher["pick"]["refs"] == ["f0", "f1"] and watcher["pick"]["labels"] == ["42", "6"]
    assert [slot["picked"] for slot in watcher["foundation"][:4]] == [1, 2, None, None]
    assert watcher["pick"]["text"] == "6 so far (you want 42)."
    state = play(state, 0, "f2")
    assert GAME.view(state, 1)["pick"]["text"] == "6 × 7 = 42 so far (you want 42)."
    # Selecting a picked card puts it back; Clear puts them all back.
    assert play(state, 0, "f1")["picked"] == ["f0", "f2"]
    assert play(state, 0, Clear())["picked"] == []
    after = play(state, 0, Collect())
    assert after["stacks"][0] == [42, 6, 7]
    assert after["foundation"][:4] == [None, None, None, 11]
    assert log_text(after)[-1] == "Ana took 42 = 6 × 7."
    # A take naming its cards takes those, whatever was picked up before.
    assert play(state, 0, Collect(("f1", "f2", "f3")))["stacks"][0] == [6, 7, 11]


def test_product_so_far_in_words():
    assert product_so_far([]).startswith("Pick the answer first")
    assert product_so_far([40]) == "Answer 40: now pick numbers that multiply to make 40."
    assert product_so_far([40, 2, 10]) == "2 × 10 = 20 so far (you want 40)."
    assert product_so_far([10, 2, P]) == "2 × prime so far (you want 10)."
    assert product_so_far([P, 10]).startswith("A prime card can't be the answer")


def test_collect_needs_three_cards_and_only_cards_on_the_table():
    """Terminology: "Factor Set - A set of at least three cards"."""
    state = scenario([42, 6, 7, 11])
    assert Collect() not in GAME.legal_moves(play(state, 0, "f0", "f1"), 0)
    assert "at least 3 cards" in refusal(play(state, 0, "f0", "f1"), 0, Collect()).reason
    assert refusal(state, 0, Select("f5")).reason == "There is no card there."
    assert refusal(state, 0, Select("h0")).reason == "There is no card there."
    assert refusal(state, 1, Select("f0")).reason == "It's not your turn."
    assert refusal(state, 0, Clear()).reason == "You have no cards picked up."
    selects = [Select(f"f{i}") for i in range(4)]
    assert GAME.legal_moves(state, 0) == [*selects, Collect(("f0", "f1", "f2")), Hit()]
    assert GAME.legal_moves(scenario([42, 5, 7, 11]), 0) == [*selects, Hit()]
    assert GAME.legal_moves(state, 1) == []


def test_picking_cards_up_and_down_has_a_limit():
    """Our decision: every pick restarts the clock, so picks between two actions are limited."""
    state = scenario([42, 6, 7, 11])
    for _ in range(SELECT_LIMIT):
        state = play(state, 0, "f3", "f3")  # only picking a card up counts
    assert Select("f0") not in GAME.legal_moves(state, 0)
    assert "too many times" in refusal(state, 0, Select("f0")).reason
    assert Hit() in GAME.legal_moves(state, 0)
    assert take(state, 0, "f0", "f1", "f2")["stacks"][0] == [42, 6, 7]  # a take still may


# --- hit -----------------------------------------------------------------------------------------
def test_hit_deals_a_card_outside_the_foundation_after_the_window():
    """Booklet: "When a player sees no factor set in a full foundation, the player says hit ...
    If there is no challenge from an opponent the dealer places a card outside the main
    foundation. The player may now use this card to help make a factor set.\""""
    state = scenario([40, 4, 11], draw_top=(10, 7))
    state = play(state, 0, Hit())
    assert state["phase"] == "window" and GAME.timer(state) == 2
    assert GAME.legal_moves(state, 0) == [] and GAME.legal_moves(state, 1) == [Challenge()]
    assert refusal(state, 0, Select("f0")).reason == "Wait a moment: the others may challenge."
    state = GAME.apply_timeout(state)
    assert state["hits"] == [10] and state["phase"] == "turn" and state["actor"] == 0
    assert GAME.view(state, 1)["hits"][0] == {
        "ref": "h0", "card": 10, "label": "10", "wild": False, "picked": None
    }  # fmt: skip
    state = take(state, 0, "f0", "f1", "h0")
    assert state["stacks"][0] == [40, 4, 10] and state["hits"] == []


def test_no_hit_after_a_set_that_used_a_foundation_card():
    """Booklet: "Within a single turn, a player may not request a hit if he has already formed
    a factor set using a card from the main foundation.\""""
    state = scenario([42, 6, 7, 11])
    state = GAME.apply_timeout(take(state, 0, "f0", "f1", "f2"))
    assert Hit() not in GAME.legal_moves(state, 0)
    assert "no more hits this turn" in refusal(state, 0, Hit()).reason


def test_no_hit_when_the_draw_pile_is_empty():
    state = scenario([42, 6, 7, 11], empty_draw=True)
    assert Hit() not in GAME.legal_moves(state, 0)
    assert "no hit cards left" in refusal(state, 0, Hit()).reason


def test_sets_of_hit_cards_alone_are_fine_but_neither_end_hits_nor_allow_done():
    """Booklet: "It's okay for players to form factor sets using only those hit cards that are
    outside the main foundation." and "Additional hit cards may be requested until at least one
    card from the main foundation is used in a factor set.\""""
    state = scenario([11, 7], hits=(20, 4, 5), draw_top=(3,))
    state = GAME.apply_timeout(take(state, 0, "h0", "h1", "h2"))
    assert state["stacks"][0] == [20, 4, 5] and state["hits"] == []
    moves = GAME.legal_moves(state, 0)
    assert Hit() in moves and Done() not in moves
    assert "Take a set that uses a card from the foundation" in refusal(state, 0, Done()).reason


def test_hit_cards_stay_outside_until_used_even_across_turns():
    """Booklet: "Any hit cards that accumulate outside are left there until used in a factor
    set.\""""
    state = scenario([11, 7], hits=(13,), level=5, draw_top=(17, 2, 3))
    state = GAME.apply_timeout(play(state, 0, Hit()))
    assert state["hits"] == [13, 17]
    state = GAME.apply_timeout(GAME.apply_timeout(state))  # out of time, then the window
    assert state["turn"] == 1 and state["hits"] == [13, 17]
    assert state["foundation"][:3] == [11, 7, 2] and state["foundation"][3] == 3  # refilled


# --- done ----------------------------------------------------------------------------------------
def test_with_the_draw_pile_empty_done_says_no_set_and_can_be_challenged():
    """Our decision (docs/rules.md): with no hit card left, a player who sees no set says
    "done" instead of waiting for the clock; a set they missed can still be challenged."""
    state = scenario([42, 6, 7, 11], players=3, empty_draw=True)
    assert Done() in GAME.legal_moves(state, 0)
    state = play(state, 0, Done())
    assert state["phase"] == "window"
    assert GAME.legal_moves(state, 1) == [Challenge()]
    challenged = play(state, 1, Challenge())
    assert challenged["phase"] == "challenger" and challenged["actor"] == 1


def test_done_only_after_a_set_with_a_foundation_card_then_play_passes_left():
    """Booklet: "After a player has made at least one factor set that uses at least one card
    from the main foundation, and the player sees no more factor sets to form, he says done to
    end the turn.\""""
    state = scenario([42, 6, 11], hits=(7,), players=3)
    assert Done() not in GAME.legal_moves(state, 0)
    state = GAME.apply_timeout(take(state, 0, "f0", "f1", "h0"))
    assert GAME.legal_moves(state, 0)[-1] == Done()
    state = play(state, 0, Done())
    assert state["phase"] == "window" and GAME.timer(state) == 2
    assert GAME.legal_moves(state, 1) == GAME.legal_moves(state, 2) == [Challenge()]
    state = GAME.apply_timeout(state)
    assert state["turn"] == state["actor"] == 1 and None not in state["foundation"]
    assert log_text(state)[-1] == "Ana said “done”."


# --- challenges after hit and done ---------------------------------------------------------------
def test_a_missed_set_after_hit_gives_the_challenger_a_turn_and_no_card_is_dealt():
    """Booklet: "If a player says hit or done and an opponent sees that the foundation actually
    has a factor set, an opponent may challenge. ... The challenger picks up as many factor sets
    as possible from the foundation and puts these cards in his own stack. When finished the
    challenger says, done. The challenged player's turn ends. The foundation is replenished by
    the dealer and play passes to the left of the challenged player.\""""
    state = scenario([42, 6, 7, 11, 22, 2], players=3, draw_top=(5, 3, 9, 2, 2))
    state = play(state, 0, Hit())
    state = GAME.apply_move(state, 2, Challenge())
    assert state["phase"] == "challenger" and GAME.current_player(state) == 2
    assert state["hits"] == [] and state["turn"] == 0
    assert GAME.timer(state) == 30  # the challenger's first set: the first-action time
    # Our decision: no hit, and no "done" before the set they saw is taken.
    assert Hit() not in GAME.legal_moves(state, 2) and Done() not in GAME.legal_moves(state, 2)
    assert GAME.legal_moves(state, 0) == GAME.legal_moves(state, 1) == []
    assert log_text(state)[-1] == (
        "Cy challenged Ana: there was a set, 22 = 2 × 11! Now Cy may take sets."
    )
    # A challenger must show real sets: a wrong one is refused with its reason.
    wrong = play(state, 2, "f0", "f1", "f5")
    assert Collect() not in GAME.legal_moves(wrong, 2)
    assert refusal(wrong, 2, Collect()).reason == "2 × 6 = 12, not 42."
    state = take(state, 2, "f0", "f1", "f2")
    state = take(state, 2, "f4", "f5", "f3")
    assert state["stacks"][2] == [42, 6, 7, 22, 2, 11] and state["phase"] == "challenger"
    state = play(state, 2, Done())
    # Their "done" may be challenged like anyone's (issue 13); nobody does.
    assert state["phase"] == "window" and state["window"]["challenger"]
    assert GAME.legal_moves(state, 0) == GAME.legal_moves(state, 1) == [Challenge()]
    state = GAME.apply_timeout(state)
    assert state["turn"] == state["actor"] == 1 and state["phase"] == "turn"
    assert state["foundation"][:5] == [5, 3, 9, 2, 2] and None not in state["foundation"]
    assert state["bonus"] == [0, 0, 0] and state["hits"] == []


def test_a_false_challenge_after_hit_costs_3_points_and_the_card_is_dealt():
    """Booklet: "If a challenge is invalid, the challenger must give up 3 cards (or 3 points) to
    the player that was falsely challenged ... and play continues normally.\""""
    state = scenario([2, 3, 5, 7, 11], draw_top=(21,))
    state = GAME.apply_move(play(state, 0, Hit()), 1, Challenge())
    assert state["bonus"] == [3, -3] and state["hits"] == [21]
    assert state["phase"] == "turn" and state["actor"] == 0
    assert log_text(state)[-2] == (
        "Ben challenged Ana, but there was no set: Ben gave 3 points to Ana."
    )
    assert GAME.outcome(state) is None and GAME.view(state, 0)["scores"] == [3, -3]


def test_a_missed_set_after_done_ends_the_turn_once_the_challenger_is_done():
    state = scenario([42, 6, 7, 40, 4, 10, 11], players=4)
    state = play(take(state, 0, "f0", "f1", "f2"), 0)
    state = play(GAME.apply_timeout(state), 0, Done())
    assert [GAME.legal_moves(state, p) for p in range(4)] == [[], *[[Challenge()]] * 3]
    state = GAME.apply_move(state, 3, Challenge())
    assert state["actor"] == 3 and state["turn"] == 0
    state = GAME.apply_timeout(take(state, 3, "f3", "f4", "f5"))  # ran out of time
    assert state["window"] == {"kind": "done", "player": 3, "timed_out": True, "challenger": True}
    state = GAME.apply_timeout(state)  # nobody challenged: the turn passes
    assert state["turn"] == 1 and state["stacks"][3] == [40, 4, 10]


def test_a_false_challenge_after_done_costs_3_points_and_the_turn_passes():
    state = scenario([42, 6, 7, 11, 2])
    state = play(GAME.apply_timeout(take(state, 0, "f0", "f1", "f2")), 0, Done())
    state = GAME.apply_move(state, 1, Challenge())
    assert state["bonus"] == [3, -3] and state["turn"] == 1 and state["phase"] == "turn"


def test_only_the_first_challenge_counts():
    """Booklet: "If there is more than one challenger, the first to say challenge gets the
    opportunity." The server applies moves one at a time: the second finds no window."""
    state = scenario([42, 6, 7, 11], players=3)
    state = GAME.apply_move(play(state, 0, Hit()), 1, Challenge())
    assert GAME.legal_moves(state, 2) == []
    error = refusal(state, 2, Challenge())
    assert error.reason == (
        "You can only challenge just after a player says “hit” or “done”, or takes a set."
    )


def test_nobody_challenges_themselves_or_their_partner():
    state = scenario([42, 6, 7, 11], players=4, teams="pairs")
    state = play(state, 0, Hit())
    assert [bool(GAME.legal_moves(state, p)) for p in range(4)] == [False, True, False, True]
    assert GAME.actors(state, 4) == [1, 3]
    assert refusal(state, 2, Challenge()).reason == "You can't challenge your partner."
    assert refusal(state, 0, Challenge()).reason == "You can't challenge yourself."
    assert GAME.view(state, 3)["can_challenge"] and not GAME.view(state, 2)["can_challenge"]


# --- a challenger's "done" is challenged like anyone's (issue 13) --------------------------------
def test_a_challenger_who_leaves_a_set_is_challenged_in_turn():
    """Booklet, Challenges: "If a player says hit or done and an opponent sees that the
    foundation actually has a factor set, an opponent may challenge. ... The challenger picks
    up as many factor sets as possible from the foundation and puts these cards in his own
    stack. When finished the challenger says, done. The challenged player's turn ends. The
    foundation is replenished by the dealer and play passes to the left of the challenged
    player."

    The challenger's "done" is a "done" like any other: Ben catches Ana's hit, takes one set
    and says "done" with 42 = 6 × 7 still there; Cy challenges Ben, takes it and says "done";
    then play passes to the left of Ana, whose turn it was (our decision, docs/rules.md)."""
    state = scenario([10, 2, 5, 42, 6, 7, 11], players=3, draw_top=(3, 9, 2, 2, 5, 3))
    state = play(state, 0, Hit())
    state = GAME.apply_move(state, 1, Challenge())  # the challenge succeeds
    assert log_text(state)[-1] == (
        "Ben challenged Ana: there was a set, 10 = 2 × 5! Now Ben may take sets."
    )
    state = take(state, 1, "f0", "f1", "f2")  # Ben takes 10 = 2 × 5 ...
    state = play(state, 1, Done())  # ... and stops with 42 = 6 × 7 left
    assert state["phase"] == "window" and state["window"]["player"] == 1
    assert state["window"]["challenger"] and not state["window"]["timed_out"]
    # Every other player may challenge Ben's "done": Cy, and Ana, whose turn it was.
    assert GAME.actors(state, 3) == [0, 2]
    assert refusal(state, 1, Challenge()).reason == "You can't challenge yourself."
    assert refusal(state, 1, Select("f3")).reason == "Wait a moment: the others may challenge."

    caught = GAME.apply_move(state, 2, Challenge())  # Cy challenges Ben's "done"
    assert caught["phase"] == "challenger" and caught["actor"] == 2 and caught["turn"] == 0
    assert log_text(caught)[-1] == (
        "Cy challenged Ben: there was still a set, 42 = 6 × 7! Now Cy may take sets."
    )
    # The consequence the text gives, again: Cy picks up the sets, and nobody loses points.
    assert caught["bonus"] == [0, 0, 0] and caught["stacks"][1] == [10, 2, 5]
    assert GAME.view(caught, 1)["notes"] == [
        "You caught a missed set, but you said “done” while 42 = 6 × 7 was still on the table. "
        "Take every set you can before you say “done”."
    ]
    assert Done() not in GAME.legal_moves(caught, 2) and Hit() not in GAME.legal_moves(caught, 2)
    caught = play(take(caught, 2, "f3", "f4", "f5"), 2, Done())
    assert caught["stacks"][2] == [42, 6, 7]
    assert caught["phase"] == "window" and caught["window"]["player"] == 2
    assert GAME.actors(caught, 3) == [0, 1]  # Cy's "done" may be challenged too
    # Nobody challenges (only 11 is left): "play passes to the left of the challenged player",
    # Ana — the hit she asked for was never dealt.
    passed = GAME.apply_timeout(caught)
    assert passed["phase"] == "turn" and passed["turn"] == passed["actor"] == 1
    assert passed["hits"] == [] and passed["foundation"][:7] == [3, 9, 2, 2, 5, 3, 11]
    assert passed["challenger_sets"] == 0


def test_the_player_who_was_challenged_may_catch_what_their_challenger_left():
    """Booklet, Challenges: "an opponent may challenge" any "done" — also the player whose turn
    it was, when their challenger leaves a set. The turn still passes to their left."""
    state = scenario([10, 2, 5, 42, 6, 7, 11], players=3)
    state = GAME.apply_move(play(state, 0, Hit()), 1, Challenge())
    state = play(take(state, 1, "f0", "f1", "f2"), 1, Done())
    state = GAME.apply_move(state, 0, Challenge())  # Ana catches what Ben left
    assert state["phase"] == "challenger" and state["actor"] == state["turn"] == 0
    assert Hit() not in GAME.legal_moves(state, 0)  # a challenger never asks for hits
    state = play(take(state, 0, "f3", "f4", "f5"), 0, Done())
    assert state["stacks"][:2] == [[42, 6, 7], [10, 2, 5]]
    state = GAME.apply_timeout(state)
    assert state["turn"] == 1 and state["phase"] == "turn"


def test_a_false_challenge_of_a_challengers_done_costs_3_points_and_the_turn_passes():
    """Booklet: "If a challenge is invalid, the challenger must give up 3 cards (or 3 points) to
    the player that was falsely challenged ... and play continues normally.\""""
    state = scenario([10, 2, 5, 42, 6, 7, 11], players=3)
    state = GAME.apply_move(play(state, 0, Hit()), 1, Challenge())
    state = take(take(state, 1, "f0", "f1", "f2"), 1, "f3", "f4", "f5")
    state = GAME.apply_move(play(state, 1, Done()), 2, Challenge())  # only 11 is left
    assert state["bonus"] == [0, 3, -3]
    assert log_text(state)[-1] == (
        "Cy challenged Ben, but there was no set: Cy gave 3 points to Ben."
    )
    assert state["phase"] == "turn" and state["turn"] == 1
    assert GAME.view(state, 1)["notes"] == []


def test_challenges_of_challengers_go_on_as_long_as_sets_are_left():
    """The text's consequence, again and again: each successful challenge of a "done" hands the
    table to the new challenger, whose own "done" may be challenged. Partners still never
    challenge each other (seats 1 and 3 against 2 and 4)."""
    state = scenario([10, 2, 5, 42, 6, 7, 20, 4, 5, 11], players=4, teams="pairs")
    state = GAME.apply_move(play(state, 0, Hit()), 1, Challenge())
    state = play(take(state, 1, "f0", "f1", "f2"), 1, Done())
    assert GAME.actors(state, 4) == [0, 2]  # not Dee, Ben's partner
    state = play(take(GAME.apply_move(state, 2, Challenge()), 2, "f3", "f4", "f5"), 2, Done())
    assert GAME.actors(state, 4) == [1, 3]  # not Ana, Cy's partner
    state = GAME.apply_move(state, 3, Challenge())
    assert log_text(state)[-1] == (
        "Dee challenged Cy: there was still a set, 20 = 4 × 5! Now Dee may take sets."
    )
    state = play(take(state, 3, "f6", "f7", "f8"), 3, Done())
    state = GAME.apply_timeout(state)  # only 11 is left: nobody challenges Dee
    assert [len(stack) for stack in state["stacks"]] == [0, 3, 3, 3]
    assert state["turn"] == 1 and state["bonus"] == [0, 0, 0, 0]


def test_a_challenger_must_take_a_set_before_saying_done():
    """Our decision (docs/rules.md): they said "challenge" because they saw a set."""
    state = GAME.apply_move(play(scenario([42, 6, 7, 11]), 0, Hit()), 1, Challenge())
    assert Done() not in GAME.legal_moves(state, 1)
    assert refusal(state, 1, Done()).reason == (
        "You said “challenge” because you saw a set: take it first, then say “done”."
    )
    view = GAME.view(state, 1)
    assert view["can_select"] and not view["can_done"] and view["challenger_sets"] == 0
    after = take(state, 1, "f0", "f1", "f2")
    assert GAME.view(after, 1)["can_done"] and GAME.view(after, 1)["challenger_sets"] == 1


def test_learning_events_for_a_set_a_challenger_left():
    """Issue 13: a set a challenger left on the table is their missed set, in the same words
    as anyone's, marked as missed while challenging."""
    state = scenario([10, 2, 5, 42, 6, 7, 11], players=3)
    state = GAME.apply_move(play(state, 0, Hit()), 1, Challenge())
    state = play(take(state, 1, "f0", "f1", "f2"), 1, Done())
    missed, caught = events(state, 2, Challenge())
    assert (missed["player"], missed["kind"], missed["skill"]) == (1, "factor_set", "factors:42")
    assert (missed["correct"], missed["mistake"]) == (False, "missed_set")
    assert missed["detail"]["while_challenging"] is True
    assert missed["detail"]["challenged_by"] == 2 and missed["detail"]["equation"] == "42 = 6 × 7"
    assert (caught["player"], caught["skill"], caught["correct"]) == (
        2, "challenge:missed_set", True
    )  # fmt: skip
    # A plain missed set (the turn's own player) is not marked.
    [plain, _] = events(play(scenario([42, 6, 7, 11]), 0, Hit()), 1, Challenge())
    assert plain["detail"]["while_challenging"] is False


# --- challenges after a set ----------------------------------------------------------------------
def test_a_wrong_set_goes_back_where_it_was_3_points_and_the_turn_ends():
    """Booklet: "If a player picks up a set of cards that do not form a valid factor set, an
    opponent may challenge. If the challenge is valid, the invalid factor set is put back in the
    foundation and the challenger wins three cards (or 3 points) from the player. The original
    challenged player's turn ends and play passes to the left." and "Any invalid factor sets
    collected are placed back in their original positions\""""
    state = scenario([11, 40, 7, 2], hits=(3, 10, 5), players=3)
    before = (list(state["foundation"]), list(state["hits"]))
    state = take(state, 0, "f1", "f3", "h1")  # 40 = 2 × 10?
    assert state["phase"] == "window" and state["stacks"][0] == [40, 2, 10]
    assert GAME.view(state, 1)["window"]["set_text"] == "40 = 2 × 10"
    after = GAME.apply_move(state, 1, Challenge())
    assert (after["foundation"][:4], after["hits"]) == (before[0][:4], before[1])
    assert after["stacks"][0] == [] and after["bonus"] == [-3, 3, 0]
    assert after["turn"] == 1 and after["phase"] == "turn"
    assert log_text(after)[-1] == (
        "Ben challenged Ana: 2 × 10 = 20, not 40. Ben won 3 points and the cards went back."
    )
    # Unchallenged, a wrong set stands (booklet: it is up to the opponents to check).
    kept = GAME.apply_timeout(state)
    assert kept["stacks"][0] == [40, 2, 10] and kept["actor"] == 0


def test_the_answer_picked_up_last_costs_one_point_and_the_set_stays():
    """Booklet: "There are some offenses that do not end a player's turn and the challenged
    player is penalized only one card (or one point). These offenses include picking up cards in
    the wrong order (the correct order is the answer first ...)\""""
    state = take(scenario([6, 7, 42, 11]), 0, "f0", "f1", "f2")
    state = GAME.apply_move(state, 1, Challenge())
    assert state["bonus"] == [-1, 1] and state["stacks"][0] == [6, 7, 42]
    assert state["phase"] == "turn" and state["actor"] == 0 and state["foundation_set"]
    assert log_text(state)[-1] == (
        "Ben challenged Ana: the answer 42 must be picked up first. Ana gave 1 point to Ben."
    )


def test_more_than_three_prime_cards_costs_one_point_and_the_set_goes_back():
    """Booklet: "... using more than three prime wild cards in a factor set ... After the
    challenge, the player corrects the action and gives up 1 card (or 1 point)\""""
    state = scenario([48, 3, P, P, P, P, 11])
    state = GAME.apply_move(take(state, 0, "f0", "f1", "f2", "f3", "f4", "f5"), 1, Challenge())
    assert state["bonus"] == [-1, 1] and state["stacks"][0] == []
    assert state["foundation"][:7] == [48, 3, P, P, P, P, 11]
    assert state["phase"] == "turn" and not state["foundation_set"]
    assert Hit() in GAME.legal_moves(state, 0)  # the set went back: hits are allowed again


def test_fewer_than_two_number_cards_costs_one_point():
    """Booklet: "... or not using at least two natural cards in a factor set.\""""
    state = take(scenario([10, P, P]), 0, "f0", "f1", "f2")
    state = GAME.apply_move(state, 1, Challenge())
    assert state["bonus"] == [-1, 1] and state["foundation"][:3] == [10, P, P]


def test_offences_are_combined():
    """Booklet: "Penalty scores are combined if the challenger identifies more than one
    offense." Here: a prime card first (wrong order) and only one number card."""
    state = take(scenario([P, 10, P]), 0, "f0", "f1", "f2")
    state = GAME.apply_move(state, 1, Challenge())
    assert state["bonus"] == [-2, 2] and state["stacks"][0] == [] and state["actor"] == 0
    assert log_text(state)[-1] == (
        "Ben challenged Ana: the answer 10 must be picked up first; a set needs at least 2 "
        "number cards. Ana gave 2 points to Ben and the set went back."
    )


def test_a_false_challenge_of_a_good_set_costs_the_challenger_3_points():
    state = take(scenario([42, 6, 7, 11]), 0, "f0", "f1", "f2")
    state = GAME.apply_move(state, 1, Challenge())
    assert state["bonus"] == [3, -3] and state["stacks"][0] == [42, 6, 7]
    assert state["phase"] == "turn" and state["actor"] == 0
    assert log_text(state)[-1] == (
        "Ben challenged Ana, but 42 = 6 × 7 is right: Ben gave 3 points to Ana."
    )


# --- refusals, in a child's words ----------------------------------------------------------------
def test_refusals_say_plainly_what_to_do_instead():
    state = scenario([42, 6, 7, 11])
    said = {
        "not your turn": refusal(state, 1, Select("f0")).reason,
        "too few": refusal(play(state, 0, "f0", "f1"), 0, Collect()).reason,
    }
    window = take(state, 0, "f0", "f1", "f2")
    said["waiting"] = refusal(window, 0, Select("f3")).reason
    said["watching"] = refusal(window, 1, Select("f3")).reason
    challenger = GAME.apply_move(play(state, 0, Hit()), 1, Challenge())
    said["challenger's hit"] = refusal(challenger, 1, Hit()).reason
    said["done too early"] = refusal(state, 0, Done()).reason
    assert said == {
        "not your turn": "It's not your turn.",
        "too few": (
            "Pick up at least 3 cards: the answer first, then the numbers that multiply to make it."
        ),
        "waiting": "Wait a moment: the others may challenge.",
        "watching": "Right now you can only press “Challenge!”, or wait.",
        "challenger's hit": (
            "You caught a missed set, so you can't ask for a hit: take sets, then say “done”."
        ),
        "done too early": ("Take a set that uses a card from the foundation first, or say “hit”."),
    }
    for reason in said.values():  # no words of the code: refs, phases, moves
        assert not re.search(r"\b(f\d+|h\d+|ref|phase|window|select|collect)\b", reason)


# --- prime cards: the board and the log name the prime a prime card stood for ---------------------
def test_a_prime_card_is_named_by_the_prime_it_stood_for():
    """Booklet, Terminology: "The prime wild cards shown here are being used for the primes 2,
    2, and 5." Issue 11: the board and the log name the prime a wild stood for (before a
    challenge, only with the products shown: test_challenge_view)."""
    state = play(scenario([42, 6, P, 11], product="shown"), 0, "f0", "f1", "f2")
    assert GAME.describe(state, 0, Collect()) == "took 42 = 6 × (prime as 7)"
    state = GAME.apply_move(state, 0, Collect())
    assert GAME.view(state, 1)["window"]["set_text"] == "42 = 6 × (prime as 7)"
    assert log_text(state)[-1] == "Ana took 42 = 6 × (prime as 7)."
    booklet = take(scenario([40, 2, P, P, P], product="shown"), 0, "f0", "f1", "f2", "f3", "f4")
    assert log_text(booklet)[-1] == (
        "Ana took 40 = 2 × (prime as 2) × (prime as 2) × (prime as 5)."
    )
    # A set missed with a prime card in it, found by a challenge.
    missed = GAME.apply_move(play(scenario([42, 6, P, 11]), 0, Hit()), 1, Challenge())
    assert log_text(missed)[-1] == (
        "Ben challenged Ana: there was a set, 42 = 6 × (prime as 7)! Now Ben may take sets."
    )
    # In a wrong set a prime card stands for nothing.
    wrong = take(scenario([40, 2, P, 11], product="shown"), 0, "f0", "f1", "f2")
    assert GAME.view(wrong, 1)["window"]["set_text"] == "40 = 2 × prime"


# --- "refuse" mode: the app refuses wrong sets at once -------------------------------------------
def test_refuse_mode_says_at_once_why_a_set_is_wrong():
    state = scenario([40, 2, 10, 6, 7, 42, 3, P, P, P, P, 48], invalid_sets="refuse")
    cases = [
        (("f0", "f1", "f2"), "wrong_product", "2 × 10 = 20, not 40."),
        (("f3", "f4", "f5"), "wrong_order", "Pick up the answer first: 42, then the numbers "
                                            "that make it."),
        (("f11", "f6", "f7", "f8", "f9", "f10"), "too_many_wilds",
         "A factor set can have at most 3 prime cards, not 4."),
    ]  # fmt: skip
    for refs, kind, reason in cases:
        picked = play(state, 0, *refs)
        assert Collect() not in GAME.legal_moves(picked, 0)
        assert GAME.view(picked, 0)["can_collect"]  # the button shows; the app explains
        error = refusal(picked, 0, Collect())
        assert (error.kind, error.reason) == (kind, reason)
    good = play(state, 0, "f5", "f3", "f4")
    assert Collect() in GAME.legal_moves(good, 0)
    after = GAME.apply_move(good, 0, Collect())
    assert after["phase"] == "turn" and after["stacks"][0] == [42, 6, 7]  # no window


# --- time limits ---------------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("timing", "first", "further", "window"),
    [("booklet", 30, 15, 2), ("relaxed", 60, 30, 5), ("gentle", 120, 60, 8)],
)
def test_time_limits(timing, first, further, window):
    """Booklet: "Initial player action must take place within about 30 seconds, additional
    actions within about 15 seconds. A challenge must come within 2 seconds of the offense."
    docs/rules.md: these are defaults a teacher can loosen."""
    state = scenario([42, 6, 7, 11], time_limits=timing)
    assert GAME.timer(state) == first
    state = play(state, 0, "f0")
    assert GAME.timer(state) == further
    state = play(state, 0, "f1", "f2", Collect())
    assert GAME.timer(state) == window
    assert GAME.timer(GAME.apply_timeout(state)) == further
    assert GAME.view(state, 1)["time_limits"] == {
        "first": first, "further": further, "window": window
    }  # fmt: skip


def test_out_of_time_counts_as_done_and_the_others_may_still_challenge():
    state = scenario([42, 6, 7, 11, 40, 4, 10])
    state = GAME.apply_timeout(take(state, 0, "f0", "f1", "f2"))
    state = GAME.apply_timeout(play(state, 0, "f4"))
    assert state["phase"] == "window" and state["window"]["kind"] == "done"
    assert state["picked"] == [] and GAME.describe(state, 0, Timeout()) == "ended the turn"
    assert log_text(state)[-1] == "Ana ran out of time."
    challenged = GAME.apply_move(state, 1, Challenge())
    assert challenged["phase"] == "challenger"
    passed = GAME.apply_timeout(state)
    assert passed["turn"] == 1


def test_out_of_time_without_any_set_passes_the_turn_the_same_way():
    state = GAME.apply_timeout(scenario([42, 6, 7, 11]))
    assert state["window"] == {"kind": "done", "player": 0, "timed_out": True, "challenger": False}
    assert GAME.apply_timeout(state)["turn"] == 1


def test_a_challenger_out_of_time_says_done_and_the_set_they_left_can_be_challenged():
    """Our decision (docs/rules.md): out of time counts as "done", for a challenger too."""
    state = scenario([42, 6, 7, 11], players=3)
    state = GAME.apply_move(play(state, 0, Hit()), 1, Challenge())
    state = GAME.apply_timeout(state)
    assert state["phase"] == "window" and state["window"]["player"] == 1
    assert state["window"]["challenger"] and state["window"]["timed_out"]
    assert log_text(state)[-1] == "Ben ran out of time."
    assert GAME.actors(state, 3) == [0, 2]  # Ana too: she may catch what Ben left
    passed = GAME.apply_timeout(state)
    assert passed["turn"] == 1 and passed["phase"] == "turn" and passed["stacks"][1] == []
    caught = GAME.apply_move(state, 2, Challenge())
    assert caught["phase"] == "challenger" and caught["actor"] == 2
    assert GAME.view(caught, 1)["notes"] == [
        "You caught a missed set, but your time ran out while 42 = 6 × 7 was still on the "
        "table. Take every set you can before you say “done”."
    ]


def test_no_clock_once_the_game_is_over():
    state = GAME.apply_timeout(take(scenario([42, 6, 7], empty_draw=True), 0, "f0", "f1", "f2"))
    assert GAME.outcome(state) is not None and GAME.timer(state) is None
    assert refusal(state, 0, Done()).reason == "The game is over."
    with pytest.raises(IllegalMove):
        GAME.apply_timeout(state)


# --- the end of the round and scoring ------------------------------------------------------------
def test_the_round_ends_when_the_pile_is_empty_and_no_set_is_left():
    """Booklet: "Each round ends when the draw pile is out of cards and there are no more factor
    sets in the foundation. One point is awarded for each natural card and two points for each
    prime wild card. The winner is the player with the highest total score.\""""
    state = scenario([10, 2, P, 11, 3], empty_draw=True)
    state = GAME.apply_timeout(take(state, 0, "f0", "f1", "f2"))  # 10 = 2 × prime(5)
    outcome = GAME.outcome(state)
    assert outcome is not None and outcome.reason == "no cards left to draw and no sets left"
    rest = len(deck(3, 7)) - 5
    assert outcome.scores == (4, rest + 6)  # 10 and 2 score 1 each, the prime card 2
    assert outcome.winners == (1,)
    assert GAME.current_player(state) is None and GAME.actors(state, 2) == []
    assert log_text(state)[-1] == ("The round is over: no cards left to draw and no sets left.")
    assert GAME.view(state, 0)["over"] and GAME.view(state, 0)["winners"] == [1]


def test_the_round_ends_at_a_turn_start_with_no_set_left():
    state = scenario([42, 6, 7, 11], empty_draw=True)
    state["stacks"][1].remove(3)
    state["draw"] = [3]  # the last card of the pile
    state = play(GAME.apply_timeout(take(state, 0, "f0", "f1", "f2")), 0, Done())
    assert GAME.outcome(state) is None
    state = GAME.apply_timeout(state)  # the next turn: 3 fills a slot; 11 and 3 make no set
    assert state["foundation"][:4] == [3, None, None, 11] and state["draw"] == []
    assert GAME.outcome(state).reason == "no cards left to draw and no sets left"


def test_the_round_ends_when_nobody_finds_the_last_sets_in_a_whole_cycle():
    """Our decision: with the pile empty, a full cycle of turns without a set ends the round."""
    state = scenario([42, 6, 7, 11], players=3, empty_draw=True)
    for _ in range(3):
        assert GAME.outcome(state) is None
        state = GAME.apply_timeout(GAME.apply_timeout(state))
    assert GAME.outcome(state).reason == "nobody found a set in a whole round of turns"


def test_safety_caps_end_the_game():
    """Our decision: a turn limit (and a move cap behind it) so every game ends."""
    state = scenario([42, 6, 7, 11])
    state["turns"] = TURN_LIMIT
    state = GAME.apply_timeout(GAME.apply_timeout(state))
    assert GAME.outcome(state).reason == "the turn limit was reached"
    state = scenario([42, 6, 7, 11])
    state["moves"] = MOVE_LIMIT - 1
    assert GAME.outcome(play(state, 0, "f0")).reason == "the move limit was reached"


def test_ties_share_the_win():
    state = GAME.apply_timeout(take(scenario([42, 6, 7], empty_draw=True), 0, "f0", "f1", "f2"))
    state["stacks"] = [[2, 3, 6], [4, 2, 8]]
    state["bonus"] = [0, 0]
    assert GAME.outcome(state).winners == (0, 1)


def test_teams_add_their_scores_and_partners_win_together():
    """Booklet: "2 to 4 players or teams". Ours: seats 1 and 3 against 2 and 4."""
    state = scenario([42, 6, 7, 11], players=4, teams="pairs", empty_draw=True)
    state = GAME.apply_timeout(take(state, 0, "f0", "f1", "f2"))  # no set left: the end
    state["stacks"] = [[42, 6, 7], [2, 3], [10, 2, 5], [20, 4, 5, 2, 2]]  # as if
    outcome = GAME.outcome(state)
    assert outcome.scores == (3, 2, 3, 5) and outcome.winners == (1, 3)  # 6 against 7
    view = GAME.view(state, 0)
    assert view["teams"] == [[0, 2], [1, 3]] and view["team_scores"] == [6, 7]


# --- views, hidden cards, moves' JSON form -------------------------------------------------------
def test_only_the_draw_pile_is_hidden():
    state = scenario([42, 6, 7, 11], hits=(13,), level=4)
    for viewer in (0, 1, None):
        other = GAME.resample_hidden(state, viewer, random.Random(3))
        assert other["draw"] != state["draw"] and sorted(map(str, other["draw"])) == sorted(
            map(str, state["draw"])
        )
        assert GAME.view(other, viewer) == GAME.view(state, viewer)
    view = GAME.view(state, None)
    assert view["me"] is None and not view["can_select"] and "draw" not in view
    assert json.dumps(view)


JUNK = [
    *GARBAGE,
    {"type": "select"},
    {"type": "select", "card": 7},
    {"type": "select", "card": "f"},
    {"type": "select", "card": "f01"},
    {"type": "select", "card": "x7"},
    {"type": "select", "card": "f1234"},
    {"type": "select", "card": "f7", "extra": 1},
    {"type": "collect", "card": "f7"},
    {"type": "collect", "cards": ["f7", "f1", "f2"]},
    {"type": "collect", "cards": "f7,f1,x2"},
    {"type": "collect", "cards": "f7,,f2"},
    {"type": "collect", "cards": "f7,f1,f7"},
    {"type": "collect", "cards": ",".join(f"f{i}" for i in range(41))},
    {"type": "collect", "cards": "f7,f1,f2", "order": "sideways"},
    {"type": "collect", "cards": "f7,f1,f2", "extra": 1},
    {"type": "timeout"},
    {"type": ["hit"]},
    {"type": "x" * 100_000},
]


@pytest.mark.parametrize("data", JUNK, ids=range(len(JUNK)))
def test_parse_move_refuses_anything_malformed(data):
    with pytest.raises(IllegalMove) as error:
        GAME.parse_move(data)
    assert error.value.kind == "rules" and len(error.value.reason) < 200


def test_moves_round_trip_and_read_well():
    takes = [Collect(("f0", "h3", "f11")), Collect(("f2", "f1", "f0"), table_order=True)]
    plain = [Select("f7"), Select("h12"), Clear(), Collect(), Hit(), Done(), Challenge()]
    for move in [*plain, *takes]:
        assert GAME.parse_move(json.loads(json.dumps(move.to_json()))) == move
    assert takes[0].to_json() == {"type": "collect", "cards": "f0,h3,f11"}
    state = play(scenario([42, 6, 7, 11, P]), 0, "f0", "f1", "f2")
    assert GAME.describe(state, 0, Select("f3")) == "picked 11"
    assert GAME.describe(state, 0, Select("f4")) == "picked a prime card"
    assert GAME.describe(state, 0, Select("f1")) == "put back 6"
    assert GAME.describe(state, 0, Collect()) == "took 42 = 6 × 7"
    assert GAME.describe(state, 0, Hit()) == "said “hit”"
    assert GAME.describe(state, 0, Timeout()) == "ran out of time"
    with pytest.raises(IllegalMove):
        GAME.apply_move(state, 0, Select(7))  # a hand-built move with a bad ref


# --- learning events -----------------------------------------------------------------------------
def events(state: dict, player: int, move) -> list[dict]:
    """The learning events of a move, applied or refused, as JSON."""
    try:
        after = GAME.apply_move(state, player, move)
    except IllegalMove as error:
        after = error
    return [event.to_json() for event in GAME.learning_events(state, player, move, after)]


def test_learning_events_for_sets_right_and_wrong():
    state = play(scenario([42, 6, 7, 40, 2, 10]), 0, "f0", "f1", "f2")
    assert events(state, 0, Collect()) == [
        {
            "player": 0,
            "kind": "factor_set",
            "skill": "factors:42",
            "correct": True,
            "mistake": "",
            "detail": {
                "cards": ["42", "6", "7"],
                "equation": "42 = 6 × 7",
                "primes": [2, 3, 7],
                "prime_set": False,
                "wilds": 0,
            },
            "helped": False,
        }
    ]
    # A wrong set taken while others may challenge is judged when its window closes (below).
    wrong = play(scenario([42, 6, 7, 40, 2, 10]), 0, "f3", "f4", "f5")
    assert events(wrong, 0, Collect()) == []
    refused = play(scenario([40, 2, 10], invalid_sets="refuse"), 0, "f0", "f1", "f2")
    [event] = events(refused, 0, Collect())
    assert (event["correct"], event["mistake"]) == (False, "wrong_product")
    assert events(play(refused, 0, "f2"), 0, Collect()) == []  # too few cards: not maths
    assert events(scenario([42, 6, 7]), 0, Hit()) == []


def test_learning_events_for_challenges():
    state = play(scenario([42, 6, 7, 11]), 0, Hit())
    missed, caught = events(state, 1, Challenge())
    assert (missed["player"], missed["skill"], missed["correct"], missed["mistake"]) == (
        0, "factors:42", False, "missed_set"
    )  # fmt: skip
    assert missed["detail"]["equation"] == "42 = 6 × 7"
    assert (caught["player"], caught["kind"], caught["skill"], caught["correct"]) == (
        1, "challenge", "challenge:missed_set", True
    )  # fmt: skip
    [false] = events(play(scenario([2, 3, 11]), 0, Hit()), 1, Challenge())
    assert (false["player"], false["correct"], false["mistake"]) == (1, False, "false_challenge")
    wrong = take(scenario([40, 2, 10]), 0, "f0", "f1", "f2")
    mistake, catch = events(wrong, 1, Challenge())
    assert (mistake["player"], mistake["skill"], mistake["correct"], mistake["mistake"]) == (
        0, "factors:40", False, "wrong_product"
    )  # fmt: skip
    assert mistake["detail"]["challenged_by"] == 1
    assert (catch["skill"], catch["correct"], catch["detail"]["mistake"]) == (
        "challenge:set", True, "wrong_product"
    )  # fmt: skip
    assert events(wrong, 0, Challenge()) == []  # refused: nothing learnt
    # A set with too many prime cards is not a set either: its mistake comes with the challenge.
    wilds = take(scenario([48, 3, P, P, P, P]), 0, "f0", "f1", "f2", "f3", "f4", "f5")
    mistake, catch = events(wilds, 1, Challenge())
    assert (mistake["player"], mistake["mistake"]) == (0, "too_many_wilds")
    # A right set picked up in the wrong order was recorded (right) when it was taken.
    backwards = take(scenario([6, 7, 42]), 0, "f0", "f1", "f2")
    assert [event["player"] for event in events(backwards, 1, Challenge())] == [1]


def test_with_products_shown_every_answer_counts_as_help():
    """Issue 30: with "Product while choosing: shown", "every answer in that game counts as
    helped": the board multiplied every pick, for its player and for those who challenge."""
    for product, helped in (("hidden", False), ("shown", True)):
        right = play(scenario([42, 6, 7, 40, 2, 10], product=product), 0, "f0", "f1", "f2")
        refused = scenario([40, 2, 10], invalid_sets="refuse", product=product)
        wrong = take(scenario([40, 2, 10], product=product), 0, "f0", "f1", "f2")
        missed = play(scenario([42, 6, 7, 11], product=product), 0, Hit())
        found = [
            *events(right, 0, Collect()),
            *events(play(refused, 0, "f0", "f1", "f2"), 0, Collect()),
            *events(wrong, 1, Challenge()),
            *events(missed, 1, Challenge()),
            *events(play(scenario([2, 3, 11], product=product), 0, Hit()), 1, Challenge()),
        ]
        assert len(found) == 7 and {event["correct"] for event in found} == {True, False}
        assert all(event["helped"] is helped for event in found), product
        # A wrong set nobody challenged: the board had multiplied it for its player too.
        stands = take(scenario([100, 2, 2, 11], product=product), 0, "f0", "f1", "f2")
        [event] = GAME.learning_events(stands, 0, Timeout(), GAME.apply_timeout(stands))
        assert event.helped is helped


def test_a_wrong_set_nobody_challenges_is_told_and_recorded_when_the_window_closes():
    """Booklet: a wrong set is the opponents' to challenge ("an opponent may challenge"); issue
    11: when it stands because nobody challenged in time, the player is told afterwards what
    was wrong with it ("100 = 2 × 2 was not a set: 2 × 2 = 4") and it counts as a mistake."""
    state = take(scenario([100, 2, 2, 11, 7], players=3), 0, "f0", "f1", "f2")
    assert state["phase"] == "window"
    kept = GAME.apply_timeout(state)
    assert kept["stacks"][0] == [100, 2, 2] and kept["actor"] == 0  # it stands
    told = "Nobody challenged your 100 = 2 × 2, but it was not a factor set. 2 × 2 = 4, not 100."
    assert GAME.view(kept, 0)["notes"] == [told]
    assert GAME.view(kept, 1)["notes"] == [] and GAME.view(kept, None)["notes"] == []
    assert log_text(kept)[-1] == (
        "Ana kept 100 = 2 × 2: nobody challenged. But it was not a factor set. 2 × 2 = 4, not 100."
    )
    [event] = [e.to_json() for e in GAME.learning_events(state, 0, Timeout(), kept)]
    assert (event["player"], event["kind"], event["skill"]) == (0, "factor_set", "factors:100")
    assert (event["correct"], event["mistake"]) == (False, "wrong_product")
    assert event["detail"]["unchallenged"] is True and not event["helped"]
    # The note stays on the player's board until their next turn starts.
    later = GAME.apply_timeout(play(kept, 0, Done()))
    assert later["turn"] == 1 and GAME.view(later, 0)["notes"] == [told]
    for _ in range(4):  # Ben and Cy run out of time; each "done" window closes
        later = GAME.apply_timeout(later)
    assert later["turn"] == 0 and GAME.view(later, 0)["notes"] == []


def test_a_right_set_nobody_challenges_is_nothing_to_tell():
    state = take(scenario([42, 6, 7, 11]), 0, "f0", "f1", "f2")
    kept = GAME.apply_timeout(state)
    assert GAME.view(kept, 0)["notes"] == [] and log_text(kept)[-1] == "Ana took 42 = 6 × 7."
    assert GAME.learning_events(state, 0, Timeout(), kept) == []
    # Other clocks (a hit's window, a turn's time) teach nothing by themselves.
    hit = play(scenario([2, 3, 11]), 0, Hit())
    assert GAME.learning_events(hit, 0, Timeout(), GAME.apply_timeout(hit)) == []


def test_an_unchallenged_set_with_the_answer_last_gets_a_reminder_but_is_no_mistake():
    state = take(scenario([6, 7, 42, 11]), 0, "f0", "f1", "f2")
    kept = GAME.apply_timeout(state)
    assert GAME.view(kept, 0)["notes"] == [
        "Nobody challenged your 6 = 7 × 42, but the answer, 42, goes first."
    ]
    assert GAME.learning_events(state, 0, Timeout(), kept) == []


def test_a_wrong_set_with_prime_cards_is_told_too():
    state = take(scenario([40, 2, P, 11]), 0, "f0", "f1", "f2")  # 40 ÷ 2 = 20 is no prime
    kept = GAME.apply_timeout(state)
    [note] = GAME.view(kept, 0)["notes"]
    assert note.startswith("Nobody challenged your 40 = 2 × prime, but it was not a factor set.")
    assert "20" in note


# --- the protocol, on random games ---------------------------------------------------------------
def conformance_cases(count: int):
    """Seeds spread over every setting and player count (teams only with 4 players)."""
    fields = GAME.settings_fields()
    combos = [
        (dict(zip([f["name"] for f in fields], values, strict=True)), players)
        for values in itertools.product(*[[v for v, _ in f["choices"]] for f in fields])
        for players in range(2, 5)
        if values[3] == "off" or players == 4
    ]
    rng = random.Random(0)
    rng.shuffle(combos)
    return [(*combos[seed % len(combos)], seed) for seed in range(count)]


@pytest.mark.parametrize(("settings", "players", "seed"), conformance_cases(64))
def test_random_playouts_end_replay_exactly_and_keep_the_rules(settings, players, seed):
    state, history = playout(GAME, settings, players, seed)
    again = replay(GAME, settings, players, seed, history)
    assert json.dumps(again, sort_keys=True) == json.dumps(state, sort_keys=True)
    assert GAME.outcome(state) is not None


def test_chains_of_challenges_replay_exactly():
    """Issue 13: a challenger's "done" opens a window and may be challenged in turn; a match
    with such chains is still its settings, seed and move list."""
    settings, players, seed = {"level": 2, "time_limits": "booklet"}, 3, 5
    state, history = playout(GAME, settings, players, seed)
    again = GAME.new_game(settings, players, seed)
    chained = 0
    for player, move in history:
        window = again["window"]
        chained += bool(window and window["challenger"] and isinstance(move, Challenge))
        again = (
            GAME.apply_timeout(again) if player is None else GAME.apply_move(again, player, move)
        )
    assert chained > 0, "the playout challenged a challenger's done"
    assert json.dumps(again, sort_keys=True) == json.dumps(state, sort_keys=True)
    assert json.dumps(replay(GAME, settings, players, seed, history), sort_keys=True) == (
        json.dumps(state, sort_keys=True)
    )


def test_the_game_is_ready_for_the_registry():
    assert isinstance(CHALLENGE, PrimeChallenge)
    assert (GAME.slug, GAME.name, GAME.min_players, GAME.max_players) == (
        "prime-challenge", "Prime Challenge", 2, 4
    )  # fmt: skip
    assert list(GAME.bots()) == ["easy", "strong"]
    assert GAME.clean_settings(GAME.default_settings()) == GAME.default_settings()
