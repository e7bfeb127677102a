"""Prime Climb's variations and settings (each test quotes the rule text)."""

from __future__ import annotations

import pytest

from games.engine.protocol import SettingsError
from games.primeclimb.moves import EndTurn, Nudge, Roll, Step
from games.primeclimb.turns import next_turn

from .scenario import GAME, at, play, refusal, scenario


def test_doubles_must_be_used_four_times_or_with_may_two_or_four():
    """Rule text: "you must use the number you rolled four times instead of twice"; docs/rules.md:
    "the newer printing says "may". Default "must", with a setting." """
    state = play(scenario([[10, 20], [0, 0]], dice=(3, 3)), Step(0, 3, "add"), Step(0, 3, "add"))
    assert EndTurn() not in GAME.legal_moves(state, 0)
    state = scenario([[10, 20], [0, 0]], dice=(3, 3), doubles="may")
    state = play(state, Step(0, 3, "add"), Step(0, 3, "add"))
    assert EndTurn() in GAME.legal_moves(state, 0)
    state = play(state, Step(1, 3, "add"))
    assert EndTurn() not in GAME.legal_moves(state, 0)  # two or four, not three
    assert at(play(state, Step(1, 3, "add"), EndTurn()), 0) == [16, 26]


def test_double_time_bumps_and_draws_after_each_move():
    """ "In Double Time, you bump and draw after each move of a pawn. You can draw two or more
    Prime cards per turn in Double Time." """
    state = scenario(
        [[10, 36], [15, 0]], dice=(5, 1), draw_top=["plus2", "plus6"], variant="double_time"
    )
    state = play(state, Step(0, 5, "add"))
    assert at(state, 1) == [0, 0]  # bumped at once
    state = play(state, Step(1, 1, "add"))  # 37: a card at once
    assert state["keepers"][0] == ["plus2"]
    state = scenario(
        [[10, 30], [0, 0]], dice=(1, 1), draw_top=["plus2", "plus6"], variant="double_time"
    )
    state = play(state, Step(0, 1, "add"), Step(1, 1, "add"))
    assert state["keepers"][0] == ["plus2", "plus6"]  # two cards in one turn


def test_way_stations_must_be_landed_on_before_101():
    """ "Choose one or more prime number(s) between 30 and 80. Before a player can move any
    pawn to 101, they need to land a pawn on the chosen space(s)." """
    state = scenario([[99, 50], [0, 0]], dice=(2, 3), variant="way_stations", stations="53")
    error = refusal(state, Step(0, 2, "add"))
    assert error.reason == "First land on the way station 53. Then you may go to 101."
    error = refusal(state, Step(0, 2, "add", 101))  # right, but not yet
    assert error.reason == (
        "Yes, 99 + 2 = 101, but first land on the way station 53. Then go to 101."
    )
    assert refusal(state, Step(0, 2, "add", 100)).kind == "wrong_result"
    state = play(state, Step(1, 3, "add"))
    assert state["visited"][0] == [53]
    state = play(state, Step(0, 2, "add"))
    assert at(state, 0) == [None, 53]
    assert GAME.settings_label({"variant": "way_stations", "stations": [71, 37]}) == (
        "Way Stations (37 and 71)"
    )
    for bad in ("29", "51", [], "31,37,41,43,47,53"):
        with pytest.raises(SettingsError):
            GAME.clean_settings({"stations": bad})


def test_prime_sprint_one_pawn_on_101_wins():
    """ "Whoever gets a single pawn to 101 wins." """
    state = play(scenario([[99, 0], [0, 0]], dice=(2, 3), variant="sprint"), Step(0, 2, "add"))
    assert GAME.outcome(state).winners == (0,)


def test_prime_decline_starts_on_101_goes_to_0_and_bumps_back_to_101():
    """ "Instead of starting at 0, both pawns start at 101, and must get to 0. If your pawn is
    bumped, it is sent back to 101." """
    fresh = GAME.new_game({"variant": "decline"}, 2, 1)
    assert fresh["pawns"] == [[[101, 0], [101, 0]], [[101, 0], [101, 0]]]
    state = scenario([[(12, 0), (40, 0)], [(20, 0), (101, 0)]], dice=(2, 10), variant="decline")
    state = play(state, Step(1, 2, "divide"), Step(0, 10, "subtract"), EndTurn())
    assert at(state, 0) == [2, 20] and at(state, 1) == [101, 101]  # 20 was bumped to 101
    state = play(scenario([[None, (5, 0)], [(101, 0)] * 2], dice=(5, 1), variant="decline"))
    state = play(state, Step(1, 5, "subtract"))
    assert GAME.outcome(state).reason == "both pawns reached 0 first"


def test_there_and_back_again_turns_on_101_and_bumps_to_the_worse_end():
    """ "Get both pawns in to 101, and then back to start. When you are bumped, you get sent to
    101 or 0, whichever is worse for you." """
    state = scenario([[99, 40], [(60, 0), 20]], dice=(2, 10), variant="there_and_back")
    state = play(state, Step(0, 2, "add"))
    assert state["pawns"][0][0] == [101, 0]  # turned round, still on the board
    state = play(state, Step(0, 10, "subtract"), EndTurn())
    assert at(state, 0) == [91, 40]
    state = scenario([[(65, 0), 18], [(60, 0), 20]], dice=(5, 2), variant="there_and_back")
    state = play(state, Step(0, 5, "subtract"), Step(1, 2, "add"), EndTurn())
    assert state["pawns"][1] == [[101, 0], [0, 101]]  # each to the worse end of its way
    state = play(scenario([[None, (3, 0)], [0, 0]], dice=(3, 4), variant="there_and_back"))
    assert GAME.outcome(play(state, Step(1, 3, "subtract"))).winners == (0,)


def test_solitaire_counts_rolls_with_only_the_nine_add_or_subtract_cards():
    """ "Get two pawns from 0 to 101 in the minimum number of rolls you can. Play only with the
    9 Keeper cards that allow you to add or subtract your pawn by a certain number. Keep track
    of your rolls, and try to break your record!" """
    state = GAME.new_game({"variant": "solitaire_1"}, 1, 4)
    assert sorted(state["draw"]) == sorted(f"plus{n}" for n in range(1, 10))
    state = play(state, Roll())
    assert state["rolls"] == [1]
    state = scenario([[None, 97]], dice=(2, 3), keepers={0: ["plus4"]}, variant="solitaire_1")
    state["rolls"] = [23]
    state = play(state, Nudge("plus4", 1, "add"))
    outcome = GAME.outcome(state)
    assert outcome.winners == (0,) and outcome.scores == (23,)
    assert outcome.reason.startswith("both pawns made it in 23 rolls (fewest rolls is best")


def test_solitaire_2_goes_there_and_back():
    """ "Same as Variation 1, except you have to get your two pawns to 101, and then back to
    0." """
    state = scenario([[None, 99]], dice=(2, 1), variant="solitaire_2")
    state = play(state, Step(1, 2, "add"))
    assert GAME.outcome(state) is None and state["pawns"][0][1] == [101, 0]


def test_solitaire_is_for_one_player_and_the_races_for_two_to_four():
    with pytest.raises(SettingsError, match="one player"):
        GAME.new_game({"variant": "solitaire_1"}, 2, 1)
    with pytest.raises(SettingsError, match="2 to 4 players"):
        GAME.new_game({"variant": "classic"}, 1, 1)
    with pytest.raises(SettingsError):
        GAME.new_game({}, 5, 1)


def test_settings_come_from_forms_as_text_and_unknown_ones_are_refused():
    defaults = GAME.default_settings()
    assert GAME.clean_settings(defaults) == defaults
    clean = GAME.clean_settings({"variant": "decline", "doubles": "may", "turn_limit": "15"})
    assert clean["turn_limit"] == 15 and clean["doubles"] == "may"
    assert (
        GAME.settings_label(clean) == "Prime Decline · doubles 2 or 4 times · at most 15 turns each"
    )
    for bad in ({"colour": "red"}, {"variant": "chess"}, {"doubles": "never"}, {"turn_limit": 0}):
        with pytest.raises(SettingsError):
            GAME.clean_settings(bad)
    names = [field["name"] for field in GAME.settings_fields()]
    assert names == ["variant", "doubles", "stations", "turn_limit", "show_results", "custom_cards"]
    assert all(name in defaults for name in names)
    assert defaults["show_results"] == "no"  # children work out where a pawn lands
    shown = GAME.clean_settings({"show_results": "yes"})
    assert GAME.settings_label(shown) == "Results shown"
    assert GAME.settings_label({}) == "Classic game"  # never "Prime Climb · Prime Climb"
    with pytest.raises(SettingsError, match="Show the results"):
        GAME.clean_settings({"show_results": True})


def test_the_turn_limit_ends_the_game_and_the_furthest_climber_wins():
    state = GAME.new_game({"turn_limit": 5}, 2, 9)
    while GAME.outcome(state) is None:
        player = GAME.current_player(state)
        moves = GAME.legal_moves(state, player)
        state = GAME.apply_move(state, player, EndTurn() if EndTurn() in moves else moves[0])
    outcome = GAME.outcome(state)
    assert state["turns"] == 10 and "turn limit (5 turns each)" in outcome.reason
    assert outcome.winners == tuple(
        s for s, score in enumerate(outcome.scores) if score == max(outcome.scores)
    )


def test_double_time_two_roll_again_cards_give_two_more_turns():
    """Double Time: "You can draw two or more Prime cards per turn in Double Time." Each
    "roll again" is a turn of its own, so two drawn in one turn give two more turns."""
    state = scenario(
        [[10, 10], [0, 0]], dice=(1, 3), draw_top=["again1", "again2"], variant="double_time"
    )
    state = play(state, Step(0, 1, "add"), Step(1, 3, "add"))  # 11 and 13: both red
    assert state["discard"][-2:] == ["again1", "again2"]
    state = play(state, EndTurn())
    assert GAME.current_player(state) == 0 and state["turn"]["phase"] == "roll"
    assert state["turn"]["extra"] == 1  # one more turn still to come after this one
    next_turn(state)  # this extra turn ends (however it is played)
    assert state["turn"]["seat"] == 0 and state["turn"]["extra"] == 0
    next_turn(state)
    assert state["turn"]["seat"] == 1  # then the other player's turn
