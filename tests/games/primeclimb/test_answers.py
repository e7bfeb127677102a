"""The child works out where a pawn lands (issue 11): a step carries the answer, the rules
check it, a wrong one is explained kindly and recorded as a mistake; with the teacher's "show
the results" the board works it out and the facts count as help.

Rule text: "you add, subtract, multiply, or divide the number your pawn is on by a number you
rolled and send that pawn to the resulting number."
"""

from __future__ import annotations

import random

import pytest

from games import services
from games.engine.protocol import IllegalMove
from games.forms import move_data_from_post
from games.models import LearningRecord, Match
from games.primeclimb.bots import BOTS
from games.primeclimb.moves import EndTurn, Nudge, Step, Undo

from .scenario import GAME, at, play, refusal, scenario


def test_the_resulting_number_is_the_childs_answer():
    """ "... send that pawn to the resulting number": 14 + 3 sends pawn A to 17."""
    state = scenario([[14, 26], [0, 0]], dice=(3, 9))
    steps = [m for m in GAME.legal_moves(state, 0) if isinstance(m, Step)]
    assert Step(0, 3, "add", 17) in steps and Step(1, 9, "divide") not in steps
    assert all(m.answer is not None for m in steps)  # every step says where it lands
    state = GAME.apply_move(state, 0, Step(0, 3, "add", 17))
    assert at(state, 0) == [17, 26]


@pytest.mark.parametrize(
    ("step", "reason"),
    [
        (
            Step(0, 3, "add", 18),
            "14 + 3 is not 18: 18 is too big. Count on 3 from 14, then try again.",
        ),
        (
            Step(0, 3, "subtract", 10),
            "14 − 3 is not 10: 10 is too small. Count back 3 from 14, then try again.",
        ),
        (
            Step(0, 3, "multiply", 40),
            "14 × 3 is not 40: 40 is too small. Think of 3 groups of 14, or find the circle "
            "with the colours of 14 and 3 together.",
        ),
    ],
)
def test_a_wrong_result_is_refused_kindly_without_giving_the_answer_away(step, reason):
    state = scenario([[14, 26], [0, 0]], dice=(3, 9))
    error = refusal(state, step)
    assert (error.kind, error.reason) == ("wrong_result", reason)
    right = str({"add": 17, "subtract": 11, "multiply": 42}[step.op])
    assert right not in error.reason
    events = GAME.learning_events(state, 0, step, error)
    assert [(e.kind, e.correct, e.mistake, e.helped) for e in events] == [
        ("fact", False, "wrong_result", False)
    ]
    assert events[0].skill == "14" + {"add": "+", "subtract": "-", "multiply": "x"}[step.op] + "3"
    assert events[0].detail["answer"] == step.answer
    assert events[0].detail["result"] == int(right)


def test_division_answers_are_checked_too():
    state = scenario([[84, 0], [0, 0]], dice=(4, 7))
    error = refusal(state, Step(0, 4, "divide", 22))
    assert error.reason == (
        "84 ÷ 4 is not 22: 22 is too big. Which number times 4 makes 84? Then try again."
    )
    state = play(state, Step(0, 4, "divide", 21))
    assert at(state, 0) == [21, 0]


def test_a_right_answer_is_a_correct_fact_of_the_childs_own():
    state = scenario([[14, 26], [0, 0]], dice=(3, 9))
    move = Step(0, 3, "multiply", 42)
    events = GAME.learning_events(state, 0, move, GAME.apply_move(state, 0, move))
    assert [(e.kind, e.skill, e.correct, e.helped) for e in events] == [
        ("fact", "14x3", True, False)
    ]


def test_no_answer_is_asked_for_not_counted():
    state = scenario([[14, 26], [0, 0]], dice=(3, 9))
    error = refusal(state, Step(0, 3, "add"))
    assert error.kind == "rules"
    assert error.reason == (
        "Where does your pawn land? Type the number, or tap its circle on the board."
    )
    assert GAME.learning_events(state, 0, Step(0, 3, "add"), error) == []


def test_the_step_form_posts_text_and_tells_what_is_missing():
    """The board's form posts text; a choice not made yet is asked for, in order."""
    data = move_data_from_post(
        {"type": "step", "pawn": "0", "die": "3", "op": "add", "answer": "17"}
    )
    assert GAME.parse_move(data) == Step(0, 3, "add", 17)
    missing = [
        ({"type": "step", "die": "3", "op": "add", "answer": "17"}, "First choose a pawn"),
        ({"type": "step", "pawn": "0", "op": "add", "answer": "17"}, "Choose which die"),
        ({"type": "step", "pawn": "0", "die": "3", "answer": "17"}, "Choose what to do"),
        ({"type": "step", "pawn": "0", "die": "3", "op": "add", "answer": ""}, "Type the number"),
        ({"type": "step", "pawn": "0", "die": "3", "op": "add", "answer": "x"}, "like 17"),
    ]
    for post, words in missing:
        with pytest.raises(IllegalMove, match=words):
            GAME.parse_move(move_data_from_post(post))


def test_off_the_board_steps_say_why_without_the_result_unless_the_child_said_it():
    state = scenario([[98, 3], [0, 0]], dice=(7, 5))
    assert refusal(state, Step(0, 7, "add", 104)).reason == (
        "98 + 7 goes past 101. A pawn can never go past 101: try another way."
    )
    assert refusal(state, Step(1, 5, "subtract", -2)).reason == (
        "Yes, 3 − 5 = −2, but that's below 0. A pawn can never go below 0: try another way."
    )
    assert refusal(state, Step(1, 5, "subtract")).reason == (
        "3 − 5 goes below 0. A pawn can never go below 0: try another way."
    )
    view = GAME.view(state, 0)
    whys = {c["text"]: c["why"] for c in view["ask"]["choices"]}
    assert whys["98 + 7"] == "98 + 7 goes past 101: try another way."
    assert whys["3 − 5"] == "3 − 5 goes below 0: try another way."
    assert whys["98 − 7"] == "" and "91" not in str(view["ask"])
    clue = GAME.view(scenario([[14, 0], [0, 0]], dice=(3, 9)), 0)["ask"]["choices"][2]
    assert clue["text"] == "14 × 3" and clue["hint"]["result"] == ["orange", "green", "purple"]
    assert "42" not in str(clue)  # the colours of the answer, never its number


def test_keeper_cards_are_worked_out_like_steps():
    state = scenario([[20, 30], [0, 0]], dice=(2, 3), keepers={0: ["plus4"]})
    error = refusal(state, Nudge("plus4", 1, "subtract", 34))
    assert error.kind == "wrong_result" and error.reason.startswith("30 − 4 is not 34")
    assert GAME.learning_events(state, 0, Nudge("plus4", 1, "subtract", 34), error)[0].skill == (
        "30-4"
    )
    state = play(state, Nudge("plus4", 1, "subtract", 26))
    assert at(state, 0) == [20, 26]
    [card] = GAME.view(scenario([[20, 30], [0, 0]], dice=(2, 3), keepers={0: ["plus4"]}), 0)[
        "card_asks"
    ]
    assert [c["text"] for c in card["choices"]] == ["20 + 4", "20 − 4", "30 + 4", "30 − 4"]


def test_show_the_results_the_board_works_it_out_and_the_facts_are_help():
    """A teacher's setting for younger classes: the results are shown before a step is
    chosen, the step carries no answer, and its fact is recorded as help (helped=True)."""
    state = scenario([[14, 26], [0, 0]], dice=(3, 9), show_results="yes")
    steps = [m for m in GAME.legal_moves(state, 0) if isinstance(m, Step)]
    assert Step(0, 3, "add") in steps and all(m.answer is None for m in steps)
    assert GAME.view(state, 0)["ask"] is None and GAME.view(state, 0)["builder"]
    after = GAME.apply_move(state, 0, Step(0, 3, "add"))
    events = GAME.learning_events(state, 0, Step(0, 3, "add"), after)
    assert [(e.skill, e.correct, e.helped) for e in events] == [("14+3", True, True)]
    assert "answer" not in events[0].detail
    error = refusal(state, Step(0, 3, "add", 17))  # the board answers: a typed one is not asked
    assert "the board shows the results" in error.reason


def test_take_back_a_step_after_an_answer():
    state = scenario([[14, 26], [0, 0]], dice=(3, 9))
    before = GAME.view(state, 0)
    state = play(state, Step(0, 3, "subtract", 11), Undo())
    assert GAME.view(state, 0) == before
    state = play(state, Step(1, 3, "add", 29), Step(1, 9, "subtract", 20), EndTurn())
    assert at(state, 0) == [14, 20]


@pytest.mark.parametrize("show_results", ["no", "yes"])
def test_bots_give_the_right_answer_and_play_games_to_the_end(show_results):
    """Both bots pick legal moves only: with the results hidden their steps carry the right
    answer (legal_moves lists only that one), shown, none."""
    settings = {"turn_limit": 8, "show_results": show_results}
    for seed in range(3):
        state = GAME.new_game(settings, 2, seed)
        rng = random.Random(seed)
        bots = [type(BOTS["strong"])(), BOTS["easy"]]
        while GAME.outcome(state) is None:
            player = GAME.current_player(state)
            moves = GAME.legal_moves(state, player)
            move = bots[player].choose_move(GAME.view(state, player), moves, rng)
            assert move in moves
            if isinstance(move, Step | Nudge):
                assert (move.answer is None) == (show_results == "yes")
            state = GAME.apply_move(state, player, move)
            GAME.check_invariants(state)


# --- through the services: what a teacher's progress report reads -------------------------------
def _match(student, **settings) -> Match:
    match = services.match_create(
        game="prime-climb",
        settings=settings,
        classroom=student.classroom,
        seats=[services.SeatSpec(student=student), services.SeatSpec(bot="easy")],
        host=student,
    )
    state = scenario([[14, 26], [42, 0]], dice=(3, 9), **settings)
    match.state = state
    match.save(update_fields=["state"])
    return match


def test_a_wrong_result_is_kept_as_a_mistake_and_a_right_one_as_the_childs_fact(student):
    match = _match(student)
    wrong = {"type": "step", "pawn": 0, "die": 3, "op": "multiply", "answer": 40}
    with pytest.raises(IllegalMove, match="14 × 3 is not 40"):
        services.match_play(match_id=match.pk, player=student, move=wrong, version=match.version)
    right = {**wrong, "answer": 42}
    services.match_play(match_id=match.pk, player=student, move=right, version=match.version)
    records = LearningRecord.objects.filter(student=student).order_by("id")
    assert [(r.skill, r.correct, r.mistake, r.helped) for r in records] == [
        ("14x3", False, "wrong_result", False),
        ("14x3", True, "", False),
    ]
    assert records[0].move_number is None and records[0].detail["answer"] == 40


def test_with_the_results_shown_the_facts_are_recorded_as_help(student):
    match = _match(student, show_results="yes")
    step = {"type": "step", "pawn": 0, "die": 3, "op": "multiply"}
    services.match_play(match_id=match.pk, player=student, move=step, version=match.version)
    [record] = LearningRecord.objects.filter(student=student)
    assert (record.skill, record.correct, record.helped) == ("14x3", True, True)
