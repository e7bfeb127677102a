"""The Prime Cards: the 24 of docs/rules.md, what each one does, the reshuffle, and the
teacher's four blank cards."""

from __future__ import annotations

import pytest

from games.engine.protocol import SettingsError
from games.primeclimb.cards import (
    BASE_DECK,
    FIFTY,
    KEEPER_KINDS,
    clean_custom_cards,
    deck_specs,
    pawn_action_target,
)
from games.primeclimb.moves import BumpCard, Curse, EndTurn, Roll, Steal, Step, Switch

from .scenario import GAME, at, play, refusal, scenario


def test_the_deck_is_the_24_prime_cards_of_decisions():
    """docs/rules.md: Keeper (13): "add or subtract N" for N = 1..9, 2 × bump, 2 × curse; Action
    (11): 3 × roll again, and one each of eight more."""
    kinds = [spec["kind"] for spec in BASE_DECK.values()]
    assert len(kinds) == 24 and sum(k in KEEPER_KINDS for k in kinds) == 13
    assert sorted(s["n"] for s in BASE_DECK.values() if s["kind"] == "plus_minus") == list(
        range(1, 10)
    )
    assert kinds.count("bump") == 2 and kinds.count("curse") == 2
    assert kinds.count("roll_again") == 3 and BASE_DECK["to64"] == {"kind": "send_to", "n": 64}
    state = GAME.new_game({}, 2, 3)
    assert sorted(state["draw"]) == sorted(BASE_DECK)  # shuffled with the seed
    assert state["draw"] != sorted(BASE_DECK)


def test_half_way_cards_treat_50_as_not_below_50():
    """docs/rules.md: "A pawn exactly on 50 is "not below 50" (the above-50 half applies)." """
    assert pawn_action_target({"kind": FIFTY}, 50, []) == 0
    assert pawn_action_target({"kind": FIFTY}, 49, []) == 99
    assert pawn_action_target({"kind": "double_or_back"}, 50, []) == 40
    assert pawn_action_target({"kind": "double_or_back"}, 23, []) == 46
    assert pawn_action_target({"kind": "digits"}, 37, []) == 73
    assert pawn_action_target({"kind": "digits"}, 11, []) is None  # no effect
    assert pawn_action_target({"kind": "advance"}, 37, [20, 45, 60]) == 45
    assert pawn_action_target({"kind": "advance"}, 97, [20]) is None  # nobody ahead
    assert pawn_action_target({"kind": "reverse"}, 37, [20, 45]) == 20


def land_on_red(card: str, pawns: list, **kwargs) -> dict:
    """Pawn A steps from 10 onto 11 (red) with a 1; pawn B uses the 3; `card` is drawn."""
    state = scenario(pawns, dice=(1, 3), draw_top=[card], **kwargs)
    return play(state, Step(0, 1, "add"), Step(1, 3, "add"), EndTurn())


def test_action_cards_move_the_pawn_on_red_and_bump_where_it_lands():
    """ "If an Action Card takes your pawn to an occupied space on the board, bump the pawn you
    land on back to Start. If an Action Card takes your pawn to a new red space, do not draw
    another Prime Card." """
    state = land_on_red("to64", [[10, 0], [64, 0]])
    assert at(state, 0) == [64, 3] and at(state, 1) == [0, 0]
    state = land_on_red("fifty", [[10, 0], [0, 0]])
    assert at(state, 0) == [61, 3]  # 61 is red, but no second card
    assert state["discard"] == ["fifty"] and state["keepers"][0] == []
    state = land_on_red("double", [[10, 0], [0, 0]])
    assert at(state, 0) == [22, 3]
    state = land_on_red("advance", [[10, 0], [30, 15]])
    assert at(state, 0) == [15, 3] and at(state, 1) == [30, 0]
    state = land_on_red("digits", [[10, 0], [0, 0]])
    assert at(state, 0) == [11, 3]  # 11 reversed is 11: no effect


def test_roll_again_gives_the_same_player_another_turn():
    state = land_on_red("again1", [[10, 0], [0, 0]])
    assert GAME.current_player(state) == 0 and state["turn"]["phase"] == "roll"
    assert GAME.legal_moves(state, 0) == [Roll()]


def test_switch_any_two_pawns():
    """ "switch any two pawns": the player chooses among the pawns on the circles 1–100."""
    state = land_on_red("switch", [[10, 0], [90, 50]])
    assert state["turn"]["phase"] == "action"
    choices = GAME.legal_moves(state, 0)
    assert Switch(0, 2) in choices and Switch(2, 3) in choices and len(choices) == 6
    state = play(state, Switch(0, 2))
    assert at(state, 0) == [90, 3] and at(state, 1) == [11, 50]


def test_steal_another_players_keeper_card():
    state = land_on_red("steal", [[10, 0], [0, 0]], keepers={1: ["plus9", "bump1"]})
    assert GAME.legal_moves(state, 0) == [Steal("plus9"), Steal("bump1")]
    state = play(state, Steal("bump1"))
    assert state["keepers"] == [["bump1"], ["plus9"]]
    state = land_on_red("steal", [[10, 0], [0, 0]], keepers={1: ["plus9"]})
    assert state["keepers"] == [["plus9"], []]  # only one to take: taken at once
    state = land_on_red("steal", [[10, 0], [0, 0]])
    assert GAME.current_player(state) == 1 and "steal" in state["discard"]  # no effect


def test_bump_card_sends_any_pawn_on_the_board_back_to_start():
    state = scenario([[10, 0], [60, 0]], dice=(1, 2), keepers={0: ["bump1"]})
    assert [m for m in GAME.legal_moves(state, 0) if isinstance(m, BumpCard)] == [
        BumpCard("bump1", 0),
        BumpCard("bump1", 2),
    ]
    assert "not on Start" in refusal(state, BumpCard("bump1", 3)).reason
    state = play(state, BumpCard("bump1", 2))
    assert at(state, 1) == [0, 0] and state["discard"] == ["bump1"]


def test_curse_lets_the_next_player_only_subtract_or_divide():
    """docs/rules.md: "curse: an opponent may only subtract or divide on their next turn"."""
    state = scenario([[10, 0], [40, 0]], dice=(1, 2), keepers={0: ["curse1"]})
    assert Curse("curse1", 1) in GAME.legal_moves(state, 0)
    assert "not yourself" in refusal(state, Curse("curse1", 0)).reason
    state = play(state, Curse("curse1", 1), Step(0, 1, "add"), Step(0, 2, "add"), EndTurn())
    assert state["cursed"] == [] and state["turn"]["cursed"]
    state = play(state, Roll())
    ops = {m.op for m in GAME.legal_moves(state, 1) if isinstance(m, Step)}
    assert ops <= {"subtract", "divide"}
    error = refusal(state, Step(0, state["turn"]["left"][0], "add"))
    assert "cursed" in error.reason


def test_the_discard_pile_is_reshuffled_when_the_draw_pile_runs_out():
    """ "After you play a card, discard it. If you run out of cards, shuffle the discard pile
    and continue drawing as necessary." """
    state = scenario([[10, 0], [0, 0]], dice=(1, 3))
    state["discard"], state["draw"] = sorted(state["draw"]), []
    state = play(state, Step(0, 1, "add"), Step(1, 3, "add"), EndTurn())
    assert state["reshuffles"] == 1 and len(state["draw"]) + len(state["discard"]) <= 24
    assert any("shuffled" in part.get("text", "") for e in state["log"] for part in e["parts"])


def test_custom_cards_are_the_same_kinds_of_effect():
    """docs/rules.md: "The four blank cards: a teacher may define up to four custom cards from
    these same effect kinds." """
    cards = clean_custom_cards(["send_to:37", {"kind": "plus_minus", "n": "10"}, "switch"])
    assert cards == [
        {"kind": "send_to", "n": 37},
        {"kind": "plus_minus", "n": 10},
        {"kind": "switch"},
    ]
    for bad in (["teleport"], ["send_to:101"], ["switch"] * 5, [{"kind": "bump", "n": 2}], 7):
        with pytest.raises(SettingsError):
            clean_custom_cards(bad)
    specs = deck_specs(cards, solitaire=False)
    assert len(specs) == 27 and specs["custom1"] == {"kind": "send_to", "n": 37}
    assert set(deck_specs(cards, solitaire=True)) == {f"plus{n}" for n in range(1, 10)} | {
        "custom2"
    }
    state = GAME.new_game({"custom_cards": "send_to:37"}, 2, 1)
    assert "custom1" in state["draw"] and len(state["draw"]) == 25
    assert GAME.settings_label({"custom_cards": ["switch"]}) == "1 custom card"
