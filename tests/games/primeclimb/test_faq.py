"""Prime Climb's FAQ, answer by answer, and the Draw phase (each test quotes the rule text)."""

from __future__ import annotations

from games.primeclimb.moves import EndTurn, Nudge, PickPawn, Step, Undo

from .scenario import GAME, at, play, refusal, scenario


def test_26_has_some_red_but_no_card():
    """ "Q: I ended a turn on 26. That has some red in it. Do I still get a card? A: No. Only
    take a card if you land on a circle that is entirely red, like 29." """
    state = scenario([[20, 0], [0, 0]], dice=(6, 9), draw_top=["plus1"])
    state = play(state, Step(0, 6, "add"), Step(1, 9, "multiply"), EndTurn())
    assert at(state, 0) == [26, 0] and state["keepers"][0] == []
    state = scenario([[20, 0], [0, 0]], dice=(9, 9), draw_top=["plus1"])
    state = play(state, *[Step(0, 9, op) for op in ("add", "subtract", "add")], Step(1, 9, "add"))
    state = play(state, EndTurn())
    assert at(state, 0) == [29, 9] and state["keepers"][0] == ["plus1"]


def test_a_keeper_card_may_go_on_either_pawn():
    """ "Q: Can I apply a card to either pawn? A: If it's a Keeper card, yes." """
    state = scenario([[20, 30], [0, 0]], dice=(2, 3), keepers={0: ["plus4"]})
    plays = [m for m in GAME.legal_moves(state, 0) if isinstance(m, Nudge)]
    assert plays == [
        Nudge("plus4", 0, "add", 24),
        Nudge("plus4", 0, "subtract", 16),
        Nudge("plus4", 1, "add", 34),
        Nudge("plus4", 1, "subtract", 26),
    ]
    state = play(state, Nudge("plus4", 1, "subtract", 26))
    assert at(state, 0) == [20, 26] and state["discard"] == ["plus4"]


def test_an_action_card_applies_to_the_pawn_on_the_prime():
    """ "Otherwise, Action cards apply to the pawn that is on the prime number." "Q: Do Action
    cards apply only to the pawn that landed on the red square? A: Yes." """
    state = scenario([[10, 30], [0, 0]], dice=(1, 2), draw_top=["fifty"])
    state = play(state, Step(0, 1, "add"), Step(1, 2, "add"), EndTurn())
    assert at(state, 0) == [61, 32]  # the pawn on 11 moved: below 50, add 50


def test_both_pawns_on_primes_draw_one_card_and_choose_the_pawn():
    """ "If both pawns are on red circles, then you may choose which pawn the card applies
    to." "Q: When both tokens land on a prime number, do I draw one card or two? A: Just 1." """
    state = scenario([[10, 30], [0, 0]], dice=(1, 1), draw_top=["to64", "plus3"])
    state = play(state, Step(0, 1, "add"), Step(1, 1, "add"), Step(0, 1, "add"))
    state = play(state, Step(0, 1, "subtract"), EndTurn())  # 11 and 31: both red
    assert state["turn"]["phase"] == "action"
    assert GAME.legal_moves(state, 0) == [PickPawn(0), PickPawn(1)]
    assert GAME.view(state, 0)["action"]["name"] == "Go to 64"
    state = play(state, PickPawn(1))
    assert at(state, 0) == [11, 64] and state["draw"][-1] == "plus3"  # one card only
    assert GAME.current_player(state) == 1


def test_99_with_2_and_5_use_the_2_and_the_5_goes_to_the_other_pawn():
    """ "Q: I was on 99 and rolled a 2 and a 5. Can I just use the 2 to get to 101 and forget
    about the 5? A: Yes! If you have a second pawn, you must apply the 5 to it. If not, the
    game ends as soon as you land on 101, and you don't have to use the 5." """
    state = play(scenario([[99, 40], [0, 0]], dice=(2, 5)), Step(0, 2, "add"))
    assert "still have 5" in refusal(state, EndTurn()).reason
    state = play(state, Step(1, 5, "add"), EndTurn())
    assert at(state, 0) == [None, 45]
    state = play(scenario([[None, 99], [0, 0]], dice=(2, 5)), Step(1, 2, "add"))
    assert GAME.outcome(state).winners == (0,)


def test_division_must_be_exact():
    """ "Q: When using division does the die number need to exactly divide the board number?
    A: Yes. Do not use fractions or rounding when you divide." """
    state = scenario([[7, 0], [0, 0]], dice=(2, 7))
    error = refusal(state, Step(0, 2, "divide"))
    assert error.kind == "not_whole" and error.reason.startswith("7 ÷ 2 is not a whole number")
    events = GAME.learning_events(state, 0, Step(0, 2, "divide"), error)
    assert [(e.kind, e.skill, e.correct, e.mistake) for e in events] == [
        ("fact", "7/2", False, "not_whole")
    ]
    assert Step(0, 7, "divide", 1) in GAME.legal_moves(state, 0)


def test_no_card_when_a_token_lands_on_101():
    """ "Q: When a token lands on 101, do I draw a card? A: No." """
    state = scenario([[97, 3], [0, 0]], dice=(4, 6), draw_top=["plus2"])
    state = play(state, Step(0, 4, "add"), Step(1, 6, "add"), EndTurn())
    assert at(state, 0) == [None, 9] and state["keepers"][0] == []


def test_you_have_to_move_even_backwards():
    """ "Q: Do I have to move? If the only thing I can do is subtract, do you have to move
    backwards? A: You do have to move. That may mean moving backwards." """
    state = scenario([[None, 97], [0, 0]], dice=(9, 9))
    assert GAME.legal_moves(state, 0) == [Step(1, 9, "subtract", 88)]  # 106 is off the board
    assert "Use all your dice first" in refusal(state, EndTurn()).reason
    state = play(state, Step(1, 9, "subtract", 88))
    assert at(state, 0) == [None, 88]


def test_forced_below_0_you_stay_at_0():
    """ "In the unlikely event that you are forced to go below 0, you stay at 0." Only a curse
    (subtract or divide only) can force it: from 3 and 4, neither 5 nor 7 can be taken away or
    divide exactly."""
    state = scenario([[3, 4], [0, 0]], dice=(5, 7), cursed=True)
    steps = [m for m in GAME.legal_moves(state, 0) if isinstance(m, Step)]
    assert steps == [Step(p, d, "subtract", 0) for p in (0, 1) for d in (5, 7)]  # answer: 0
    choice = GAME.view(state, 0)["ask"]["choices"][0]
    assert (choice["text"], choice["op"], choice["stays"]) == ("3 − 5", "subtract", 0)
    assert refusal(state, Step(0, 5, "subtract", -2)).reason == (
        "3 − 5 is off the board, so your pawn stays at 0. Your answer is 0."
    )
    shown = scenario([[3, 4], [0, 0]], dice=(5, 7), cursed=True, show_results="yes")
    assert GAME.view(shown, 0)["builder"][0]["dice"][0]["ops"][1]["text"] == "3 − 5: stay at 0"
    state = play(state, Step(0, 5, "subtract", 0))
    assert at(state, 0) == [0, 4]
    # Now 0 ÷ 7 = 0 stays on the board: no need to push the other pawn off it.
    steps = [m for m in GAME.legal_moves(state, 0) if isinstance(m, Step)]
    assert steps == [Step(0, 7, "divide", 0)]


def test_moving_one_pawn_or_both():
    """ "Q: In any one turn, can I move one pawn OR both? A: Yes!" """
    state = scenario([[10, 20], [0, 0]], dice=(3, 4))
    assert at(play(state, Step(0, 3, "add"), Step(0, 4, "add")), 0) == [17, 20]
    assert at(play(state, Step(0, 3, "add"), Step(1, 4, "add")), 0) == [13, 24]


def test_reversing_to_your_own_pawn_bumps_it():
    """ "Q: I drew an Action Card that said I should reverse to the nearest pawn and send it
    back to Start. But the nearest pawn behind me is also my pawn! Do I send my own pawn back
    to Start? A: Yes." """
    state = scenario([[40, 20], [10, 0]], dice=(1, 1), draw_top=["reverse"])
    state = play(state, *[Step(0, 1, op) for op in ("add", "subtract", "add")], Step(1, 1, "add"))
    state = play(state, EndTurn())  # 41 is red; pawn B went to 21
    assert at(state, 0) == [21, 0] and at(state, 1) == [10, 0]


# --- the Draw phase and Keeper cards --------------------------------------------------------------
def test_no_card_for_a_pawn_that_began_its_turn_on_red():
    """ "b) That pawn did not begin its turn on that space." """
    state = scenario([[13, 20], [0, 0]], dice=(2, 3), draw_top=["plus1"])
    state = play(state, Step(1, 2, "add"), Step(1, 3, "add"), EndTurn())
    assert at(state, 0) == [13, 25] and state["keepers"][0] == []  # stayed on 13
    state = scenario([[13, 20], [0, 0]], dice=(2, 2), draw_top=["plus1"])
    state = play(state, Step(0, 2, "add"), Step(0, 2, "subtract"), Step(1, 2, "add"))
    state = play(state, Step(1, 2, "subtract"), EndTurn())
    assert at(state, 0) == [13, 20] and state["keepers"][0] == []  # back where it began


def test_a_keeper_is_kept_face_up_and_not_played_the_turn_it_is_drawn():
    """ "If you draw a Keeper Card, keep that card, face up, for a future turn ... You may not
    play a Keeper Card the turn you draw it." (Double Time draws in the middle of a turn.)"""
    state = scenario([[10, 20], [0, 0]], dice=(1, 5), draw_top=["plus3"], variant="double_time")
    state = play(state, Step(0, 1, "add"))  # 11: draw at once
    assert state["keepers"][0] == ["plus3"]
    assert not any(isinstance(m, Nudge) for m in GAME.legal_moves(state, 0))
    assert "this turn" in refusal(state, Nudge("plus3", 1, "add")).reason
    assert GAME.view(state, 1)["keepers"][0][0]["name"] == "+/− 3"  # face up for everyone
    state = play(state, Step(1, 5, "add"), EndTurn())
    assert state["keepers"][0] == ["plus3"] and GAME.current_player(state) == 1
    later = scenario([[11, 25], [0, 0]], dice=(1, 5), keepers={0: ["plus3"]})
    assert Nudge("plus3", 0, "add", 14) in GAME.legal_moves(later, 0)


def test_undo_takes_back_steps_and_cards_until_the_turn_ends():
    state = scenario([[10, 20], [0, 30]], dice=(2, 5), keepers={0: ["plus4"]})
    before = GAME.view(state, 0)
    moved = play(state, Step(0, 2, "multiply"), Nudge("plus4", 1, "add"))
    assert at(moved, 0) == [20, 24] and Undo() in GAME.legal_moves(moved, 0)
    back = play(moved, Undo(), Undo())
    assert GAME.view(back, 0) == before
    assert Undo() not in GAME.legal_moves(back, 0)
    ended = play(moved, Step(0, 5, "add"), EndTurn())
    assert GAME.current_player(ended) == 1 and Undo() not in GAME.legal_moves(ended, 1)
