"""Prime Climb on the platform's protocol: moves and their JSON, the seeded roll, what views
hide, learning events, describe, and the purity of the rules."""

from __future__ import annotations

import ast
import json
import random
from pathlib import Path

import pytest

from games.engine.conformance import GARBAGE
from games.engine.protocol import IllegalMove
from games.engine.rng import rng_for
from games.primeclimb.moves import (
    BumpCard,
    Curse,
    EndTurn,
    Nudge,
    PickPawn,
    Roll,
    Steal,
    Step,
    Switch,
    Undo,
)
from games.primeclimb.numbers import colours, factor_text

from .scenario import GAME, play, refusal, scenario

ALL_MOVES = [
    Roll(),
    Step(1, 9, "multiply"),
    Step(1, 9, "multiply", 99),
    Step(0, 5, "subtract", -2),
    Nudge("plus3", 0, "subtract"),
    Nudge("plus3", 0, "subtract", 11),
    BumpCard("bump2", 5),
    Curse("curse1", 3),
    Undo(),
    EndTurn(),
    PickPawn(1),
    Switch(2, 7),
    Steal("plus9"),
]


def test_every_move_has_a_stable_json_form():
    for move in ALL_MOVES:
        data = json.loads(json.dumps(move.to_json()))
        assert GAME.parse_move(data) == move
    assert Step(0, 3, "subtract").to_json() == {
        "type": "step",
        "pawn": 0,
        "die": 3,
        "op": "subtract",
    }  # the board showed the result: no answer (and an old move log reads the same)
    assert Step(0, 3, "subtract", 11).to_json() == {
        "type": "step",
        "pawn": 0,
        "die": 3,
        "op": "subtract",
        "answer": 11,
    }


@pytest.mark.parametrize(
    "data",
    [
        *GARBAGE,
        {"type": "step", "pawn": 2, "die": 3, "op": "add"},
        {"type": "step", "pawn": True, "die": 3, "op": "add"},
        {"type": "step", "pawn": 0, "die": 0, "op": "add"},
        {"type": "step", "pawn": 0, "die": 3, "op": "power"},
        {"type": "step", "pawn": 0, "die": 3, "op": ["add"]},
        {"type": "step", "pawn": 0, "die": 3},
        {"type": "step", "pawn": 0, "die": 3, "op": "add", "answer": "17"},
        {"type": "step", "pawn": 0, "die": 3, "op": "add", "answer": 10**9},
        {"type": "step", "pawn": 0, "die": 3, "op": "add", "answer": 17.5},
        {"type": "step", "pawn": 0, "die": 3, "op": "add", "answer": True},
        {"type": "step", "pawn": 0, "die": 3, "op": "add", "result": 17},
        {"type": "nudge", "card": "plus3", "pawn": 0, "op": "multiply"},
        {"type": "nudge", "card": "joker", "pawn": 0, "op": "add"},
        {"type": "switch", "first": 3, "second": 3},
        {"type": "curse", "card": "curse1", "seat": 9},
        {"type": "roll", "extra": 1},
        {"type": "timeout"},
    ],
)
def test_garbage_is_refused(data):
    with pytest.raises(IllegalMove):
        GAME.parse_move(data)


def test_the_roll_is_seeded_and_replays_exactly():
    """The dice come from rng_for(seed, "dice", turn number): a replay rolls the same."""
    state = GAME.new_game({}, 2, 42)
    player = GAME.current_player(state)
    assert GAME.view(state, player)["dice"] is None  # nobody knows them before the roll
    rolled = GAME.apply_move(state, player, Roll())
    dice_rng = rng_for(42, "dice", 1)
    expected = [dice_rng.choice(range(1, 11)), dice_rng.choice(range(1, 11))]
    assert rolled["turn"]["dice"] == expected
    assert GAME.apply_move(state, player, Roll()) == rolled
    assert GAME.describe(state, player, Roll()).startswith("rolled ")
    assert "already rolled" in refusal(rolled, Roll()).reason
    assert refusal(state, Roll(), player=1 - player).reason == "It's not your turn."


def test_views_hide_the_draw_order_and_show_keepers_face_up():
    state = scenario([[10, 20], [30, 0]], dice=(2, 5), keepers={1: ["plus9"]})
    for viewer in (0, 1, None):
        view = GAME.view(state, viewer)
        assert "draw" not in view and view["draw_count"] == 23
        assert view["keepers"][1][0]["name"] == "+/− 9"
        other = GAME.resample_hidden(state, viewer, random.Random(1))
        assert GAME.view(other, viewer) == view
    assert GAME.view(state, 0)["ask"] and not GAME.view(state, 1)["ask"]
    assert not GAME.view(state, None)["ask"] and GAME.view(state, None)["me"] is None
    assert not GAME.view(state, 0)["builder"]  # the results are the player's to work out


def test_the_board_shows_colours_and_factorisations_as_text():
    """docs/rules.md: composites show one segment per prime factor with multiplicity; 0 and 1
    are neutral. The text alternative names the factors."""
    assert colours(4) == ["orange", "orange"] and colours(64) == ["orange"] * 6
    assert colours(26) == ["orange", "red"] and colours(0) == colours(1) == []
    assert factor_text(42) == "42 = 2 × 3 × 7 (orange, green, purple)"
    assert factor_text(29) == "29 is prime (red)" and factor_text(1) == "1: no colour"
    view = GAME.view(GAME.new_game({}, 2, 1), 0)
    assert view["spaces"][42] == factor_text(42) and len(view["spaces"]) == 102
    assert [p["name"] for p in view["here"][0]] == ["A", "B", "A", "B"]


def test_learning_events_facts_mistakes_and_the_closest_to_101():
    state = scenario([[14, 0], [0, 0]], dice=(3, 9))
    after = play(state, Step(0, 3, "subtract", 11))
    events = GAME.learning_events(state, 0, Step(0, 3, "subtract", 11), after)
    assert [(e.kind, e.skill, e.correct, e.helped) for e in events] == [
        ("fact", "14-3", True, False)
    ]
    assert events[0].detail == {
        "from": 14,
        "op": "subtract",
        "number": 3,
        "result": 11,
        "answer": 11,
    }
    error = refusal(state, Step(0, 9, "multiply", 126))
    assert error.kind == "past_101"
    events = GAME.learning_events(state, 0, Step(0, 9, "multiply", 126), error)
    assert [(e.skill, e.mistake) for e in events] == [("14x9", "past_101")]
    assert GAME.learning_events(state, 0, Undo(), IllegalMove("no")) == []
    done = play(after, Step(0, 9, "multiply", 99))
    closest = GAME.learning_events(done, 0, EndTurn(), play(done, EndTurn()))
    assert [(e.kind, e.correct) for e in closest] == [("closest_to_101", True)]
    assert closest[0].detail["achieved"] == 2 and closest[0].detail["best"] == 2


def test_describe_reads_like_a_game_log():
    state = scenario([[14, 0], [0, 0]], dice=(3, 9), keepers={0: ["plus3"]})
    assert GAME.describe(state, 0, Step(0, 3, "subtract")) == "moved pawn A: 14 − 3 = 11"
    assert GAME.describe(state, 0, Nudge("plus3", 1, "add")) == (
        "moved pawn B: 0 + 3 = 3 (Keeper card)"
    )
    assert GAME.describe(state, 0, EndTurn()) == "ended the turn"


def test_the_rules_never_import_django():
    """Pure Python: nothing under games/primeclimb may import Django."""
    package = Path(__file__).resolve().parents[3] / "games" / "primeclimb"
    for path in package.glob("*.py"):
        for node in ast.walk(ast.parse(path.read_text())):
            names = []
            if isinstance(node, ast.Import):
                names = [alias.name for alias in node.names]
            elif isinstance(node, ast.ImportFrom):
                names = [node.module or ""]
            assert not any(name.split(".")[0] == "django" for name in names), path
