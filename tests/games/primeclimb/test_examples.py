"""Prime Climb's rules, example by example from the rule text (each test quotes it).

Rule text: Prime Climb's rule text; decisions: docs/rules.md ("Prime Climb").
"""

from __future__ import annotations

from games.primeclimb.moves import EndTurn, Step
from games.primeclimb.numbers import SPACES, colour_hint, colours
from games.primeclimb.search import best_distance
from games.primeclimb.steps import Ctx

from .scenario import GAME, at, play, refusal, scenario


def builder_texts(state: dict, pawn: int, die: int) -> dict[str, str]:
    """What the step builder shows for a pawn and a die, by operation, before anything is
    chosen (the teacher's "show the results")."""
    view = GAME.view(state, state["turn"]["seat"])
    group = next(g for g in view["builder"] if g["pawn"] == pawn)
    ops = next(d for d in group["dice"] if d["die"] == die)["ops"]
    return {op["op"]: op["text"] for op in ops if op["legal"]}


def ask_texts(state: dict, pawn: int, die: int) -> dict[str, str]:
    """What the step form shows once a pawn, a die and an operation are chosen (the player
    works out the result): the sum, or why the step may not be taken."""
    ask = GAME.view(state, state["turn"]["seat"])["ask"]
    slot = next(d["slot"] for d in ask["dice"] if d["die"] == die)
    return {
        c["op"]: c["why"] or c["text"]
        for c in ask["choices"]
        if c["pawn"] == pawn and c["slot"] == slot
    }


# --- 2. Move --------------------------------------------------------------------------------------
def test_14_with_3_and_9_subtract_3_to_11_then_multiply_by_9_to_99():
    """ "Say you have a pawn on 14, and you roll a 3 and a 9. You could, if you chose, subtract
    3 from 14 to land on 11, then multiply 11 by 9 to move to 99." """
    state = scenario([[14, 0], [0, 0]], dice=(3, 9))
    assert ask_texts(state, 0, 3)["subtract"] == "14 − 3"  # the player works out the 11
    state = play(state, Step(0, 3, "subtract", 11))
    assert at(state, 0) == [11, 0]
    assert ask_texts(state, 0, 9)["multiply"] == "11 × 9"
    state = play(state, Step(0, 9, "multiply", 99))
    assert at(state, 0) == [99, 0]
    shown = scenario([[14, 0], [0, 0]], dice=(3, 9), show_results="yes")
    assert builder_texts(shown, 0, 3)["subtract"] == "14 − 3 = 11"  # shown before choosing
    shown = play(shown, Step(0, 3, "subtract"))
    assert builder_texts(shown, 0, 9)["multiply"] == "11 × 9 = 99"
    assert at(play(shown, Step(0, 9, "multiply")), 0) == [99, 0]


def test_each_die_is_applied_one_at_a_time_never_3_times_9_as_27():
    """ "Note that each die is applied one at a time. You cannot multiply 3 times 9 and use 27
    for your move." """
    state = scenario([[14, 0], [0, 0]], dice=(3, 9))
    error = refusal(state, Step(0, 27, "add"))
    assert "one die at a time" in error.reason
    assert {m.die for m in GAME.legal_moves(state, 0) if isinstance(m, Step)} == {3, 9}


def test_98_with_7_only_subtract_to_91_or_divide_to_14():
    """ "You want to apply a roll of 7 to pawn on 98. You cannot roll to 101 by adding, and
    cannot roll forward 3 and back 4 to end at 97. The only options available are to subtract
    to end at 91, or divide to end at 14." """
    state = scenario([[98, None], [0, 0]], dice=(7, 7))
    steps = [m for m in GAME.legal_moves(state, 0) if isinstance(m, Step)]
    assert steps == [Step(0, 7, "subtract", 91), Step(0, 7, "divide", 14)]
    assert ask_texts(state, 0, 7) == {
        "add": "98 + 7 goes past 101: try another way.",
        "subtract": "98 − 7",
        "multiply": "98 × 7 goes past 101: try another way.",
        "divide": "98 ÷ 7",
    }
    assert refusal(state, Step(0, 7, "add", 104)).reason == (
        "98 + 7 goes past 101. A pawn can never go past 101: try another way."
    )  # the player's wrong sum is not corrected by telling the right one
    assert refusal(state, Step(0, 7, "add", 105)).reason == (
        "Yes, 98 + 7 = 105, but that's past 101. A pawn can never go past 101: try another way."
    )
    assert "one die at a time" in refusal(state, Step(0, 3, "add")).reason
    shown = scenario([[98, None], [0, 0]], dice=(7, 7), show_results="yes")
    assert builder_texts(shown, 0, 7) == {"subtract": "98 − 7 = 91", "divide": "98 ÷ 7 = 14"}
    assert refusal(shown, Step(0, 7, "add")).reason == (
        "98 + 7 = 105, but that's past 101. A pawn can never go past 101: try another way."
    )


# --- Example 1 ------------------------------------------------------------------------------------
def test_example_1_pawns_on_4_and_26_with_3_and_9():
    """ "With pawns on 4 and 26, you roll a 3 and a 9. You could: Add 3 to move your pawn from 4
    to 7, then multiply by 9 to move your pawn from 7 to 63. Multiply by 3 to move your pawn
    from 26 to 78, then add 9 to move it from 78 to 87." """
    start = scenario([[4, 26], [0, 0]], dice=(3, 9))
    state = play(start, Step(0, 3, "add"), Step(0, 9, "multiply"))
    assert at(state, 0) == [63, 26]
    state = play(start, Step(1, 3, "multiply"), Step(1, 9, "add"))
    assert at(state, 0) == [4, 87]


def test_example_1_13_is_completely_red_so_you_draw_a_prime_card():
    """ "Add 9 to move one pawn from 4 to 13, and multiply by 3 to move the other from 26 to 78.
    Since 13 is completely red, you would draw a Prime Card." """
    state = scenario([[4, 26], [0, 0]], dice=(3, 9), draw_top=["plus5"])
    state = play(state, Step(0, 9, "add"), Step(1, 3, "multiply"), EndTurn())
    assert at(state, 0) == [13, 78]
    assert state["keepers"][0] == ["plus5"]


def test_example_1_you_cannot_add_or_multiply_the_dice_together():
    """ "You CANNOT add the 3 and 9 to use a 12. You CANNOT multiply 3 and 9 to use a 27." """
    state = scenario([[4, 26], [0, 0]], dice=(3, 9))
    for die in (12, 27):
        assert "one die at a time" in refusal(state, Step(0, die, "add")).reason


def test_example_1_you_must_stay_on_the_board_at_every_step():
    """ "You CANNOT add 9 to 26 to make 35, and then multiply 35 by 3, for if you did, you
    would go to 105, which is off the board. You must stay on the board at all times." """
    state = play(scenario([[4, 26], [0, 0]], dice=(3, 9)), Step(1, 9, "add"))
    error = refusal(state, Step(1, 3, "multiply"))
    assert error.kind == "past_101"
    assert error.reason == "35 × 3 goes past 101. A pawn can never go past 101: try another way."


# --- Example 2 ------------------------------------------------------------------------------------
def doubles_on_78(**settings) -> dict:
    """ "You roll double 2s, with a pawn on 78, and an opponent pawn on 42." """
    return scenario([[78, 0], [42, 0]], dice=(2, 2), draw_top=["plus7"], **settings)


def test_example_2_double_2s_give_four_2s_to_use():
    """ "This means you have four 2s that you must use." """
    state = play(doubles_on_78(), Step(0, 2, "add"), Step(0, 2, "add"))
    assert state["turn"]["left"] == [2, 2]
    assert "still have 2 and 2" in refusal(state, EndTurn()).reason


def test_example_2_passing_through_42_does_not_bump():
    """ "Add 2 (80), divide by 2 (40), add 2 (42), and add 2 (44). Note that even though you
    passed through a spot where an opponent had a pawn, you do not bump it back to start,
    because you did not end your Move Phase on 42." """
    state = doubles_on_78()
    for op in ("add", "divide", "add", "add"):
        state = play(state, Step(0, 2, op))
    assert at(state, 0) == [44, 0]
    state = play(state, EndTurn())
    assert at(state, 1) == [42, 0]


def test_example_2_ending_on_42_sends_the_opponent_back_to_start():
    """ "Add 2 (80), add 2 (82), add 2 (84) and divide by 2 (42) to end your turn at 42 and send
    your opponent back to start." """
    state = doubles_on_78()
    for op in ("add", "add", "add", "divide"):
        state = play(state, Step(0, 2, op))
    state = play(state, EndTurn())
    assert at(state, 0) == [42, 0] and at(state, 1) == [0, 0]


def test_example_2_ending_on_41_draws_a_prime_card():
    """ "Divide by 2 (39), add 2 (41), add 2 (43), and subtract 2 (41) to end at 41, and draw a
    Prime Card." """
    state = doubles_on_78()
    for op in ("divide", "add", "add", "subtract"):
        state = play(state, Step(0, 2, op))
    state = play(state, EndTurn())
    assert at(state, 0) == [41, 0] and state["keepers"][0] == ["plus7"]


# --- Example 3 ------------------------------------------------------------------------------------
def test_example_3_64_with_2_and_3_divide_then_subtract_to_29_and_draw():
    """ "With a pawn on 64, you roll a 2 and a 3. You could: Divide by 2 (32) then subtract 3 to
    end at 29. Since 29 is completely red, draw a Prime Card." """
    state = scenario([[64, None], [0, 0]], dice=(2, 3), draw_top=["plus1"])
    state = play(state, Step(0, 2, "divide"), Step(0, 3, "subtract"), EndTurn())
    assert state["keepers"][0] == ["plus1"]


def test_example_3_divide_then_multiply_to_96_is_the_closest_to_101():
    """ "Divide by 2 (32) and multiply by 3 to end at 96! Division gets you closer to 101 than
    any of your other options." """
    state = scenario([[64, None], [0, 0]], dice=(2, 3))
    assert best_distance(Ctx(), ((64, 101), (-1, -1)), (2, 3), (), (0,)) == 101 - 96
    best = play(state, Step(0, 2, "divide"), Step(0, 3, "multiply"))
    event = GAME.learning_events(best, 0, EndTurn(), play(best, EndTurn()))[0]
    assert (event.kind, event.correct, event.detail["best"]) == ("closest_to_101", True, 5)
    worse = play(state, Step(0, 2, "add"), Step(0, 3, "add"))
    event = GAME.learning_events(worse, 0, EndTurn(), play(worse, EndTurn()))[0]
    assert (event.correct, event.detail["achieved"], event.detail["best"]) == (False, 32, 5)


# --- 3. Bump --------------------------------------------------------------------------------------
def test_31_to_33_to_37_bumps_only_the_pawn_on_37():
    """ "You have a pawn on 31. Your opponents have pawns on 33 and 37. You roll a 2 and a 4,
    which you apply by adding the 2 to move from 31 to 33, and then adding the 4 to move from
    33 to 37. You bump the pawn on 37 back to Start. You do not bump the pawn on 33 back to
    Start, since you did not end your Move Phase on 33." """
    state = scenario([[31, 0], [33, 37]], dice=(2, 4), draw_top=["plus2"])  # 37 is red
    state = play(state, Step(0, 2, "add"))
    assert at(state, 1) == [33, 37]  # passing through: nothing yet
    state = play(state, Step(0, 4, "add"), EndTurn())
    assert at(state, 0) == [37, 0] and at(state, 1) == [33, 0]


def test_you_can_bump_your_own_pawns():
    """ "Note: You can bump your own pawns." The pawn that was there goes back."""
    state = scenario([[20, 17], [0, 0]], dice=(3, 5))
    state = play(state, Step(1, 3, "add"), Step(1, 5, "subtract"), EndTurn())
    assert at(state, 0) == [20, 15]
    state = scenario([[20, 17], [0, 0]], dice=(1, 2))
    state = play(state, Step(1, 1, "add"), Step(1, 2, "add"), EndTurn())
    assert at(state, 0) == [0, 20]
    state = scenario([[10, 17], [0, 0]], dice=(3, 2))
    state = play(state, Step(1, 3, "add"), Step(0, 2, "multiply"), EndTurn())
    assert at(state, 0) == [20, 0]  # 17 + 3 = 20 first, then 10 × 2 = 20 landed on it


# --- Using the Colors -----------------------------------------------------------------------------
def test_14_times_3_combines_orange_purple_and_green_into_42():
    """ "Notice that 14 is orange and purple, while 3 is green. That means that 14 times 3 will
    be orange, purple, and green. The only circle with exactly those colors is 42." """
    hint = colour_hint(14, "multiply", 3)
    assert (hint["number"], hint["die"]) == (["orange", "purple"], ["green"])
    assert sorted(hint["result"]) == ["green", "orange", "purple"] and hint["value"] == 42
    same = [n for n in SPACES if sorted(colours(n)) == sorted(hint["result"])]
    assert same == [42]


def test_84_divided_by_4_removes_two_oranges_leaving_21():
    """ "Say you want to divide 84 by 4 ... you need to remove the two oranges in 4 from the
    colors in 84. That means you're looking for a number with the colors purple and green.
    Sure enough, 21 has precisely those colors." """
    hint = colour_hint(84, "divide", 4)
    assert hint["die"] == ["orange", "orange"] and hint["verb"] == "remove"
    assert sorted(hint["result"]) == ["green", "purple"] and hint["value"] == 21
    assert [n for n in SPACES if sorted(colours(n)) == ["green", "purple"]] == [21]


def test_the_step_form_shows_the_colour_hint_for_times_and_divide_only():
    state = scenario([[14, 0], [0, 0]], dice=(3, 9))
    choices = GAME.view(state, 0)["ask"]["choices"]
    ops = {c["op"]: c for c in choices if c["pawn"] == 0 and c["slot"] == 0}
    assert ops["multiply"]["hint"]["result"] == ["orange", "green", "purple"]
    assert ops["add"]["hint"] is None
    assert ops["divide"]["hint"] is None  # 3 does not go into 14: no colours to remove
    assert ops["divide"]["why"] == "14 ÷ 3 is not a whole number: try another way."
    shown = scenario([[14, 0], [0, 0]], dice=(3, 9), show_results="yes")
    group = GAME.view(shown, 0)["builder"][0]
    ops = {op["op"]: op for op in group["dice"][0]["ops"]}
    assert ops["multiply"]["hint"]["value"] == 42 and ops["add"]["hint"] is None
    assert ops["divide"]["reason"] == "not a whole number" and not ops["divide"]["legal"]


# --- 101 and Winning the Game ---------------------------------------------------------------------
def test_the_first_pawn_on_101_leaves_the_board_and_the_rest_of_the_dice_go_to_the_other():
    """ "When your first pawn reaches the 101 circle exactly, remove it from the board." "After
    your first pawn reaches 101, you must apply all dice rolls to your remaining pawn." """
    state = play(scenario([[99, 40], [0, 0]], dice=(2, 5)), Step(0, 2, "add"))
    assert at(state, 0) == [None, 40] and GAME.outcome(state) is None
    assert {m.pawn for m in GAME.legal_moves(state, 0) if isinstance(m, Step)} == {1}
    assert "already home" in refusal(state, Step(0, 5, "add")).reason


def test_you_win_at_once_and_need_not_use_both_dice():
    """ "You win immediately when you can apply a dice roll or Keeper Card to land your second
    pawn on 101. You do not have to use both dice rolls on your winning move." """
    state = play(scenario([[None, 99], [0, 0]], dice=(2, 5)), Step(1, 2, "add"))
    outcome = GAME.outcome(state)
    assert outcome.winners == (0,) and outcome.reason == "both pawns reached 101 first"
    assert GAME.current_player(state) is None and state["turn"] is None


def test_no_prime_card_for_landing_on_101():
    """ "Do not draw a Prime Card when you land on 101." """
    state = scenario([[98, 40], [0, 0]], dice=(3, 2), draw_top=["plus1"])
    state = play(state, Step(0, 3, "add"), Step(1, 2, "multiply"), EndTurn())
    assert at(state, 0) == [None, 80] and state["keepers"][0] == []
