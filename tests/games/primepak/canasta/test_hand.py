"""Prime Canasta: the player's own hand on the board — ready groups, sorting, the hint — the
booklet's 100-point penalties as a teacher setting, the clock between rounds, and what each view
shows (docs/rules.md, Prime Canasta: "Ready groups", "Help and learning records", "Mistakes",
"Between rounds")."""

from __future__ import annotations

import pytest

from games.engine.protocol import IllegalMove
from games.primepak.canasta import moves as cm
from games.primepak.canasta import state as cs
from games.primepak.canasta.game import PRIME_CANASTA
from games.primepak.cards import WILD

from .test_rules import play, refused, setup

W = WILD


GAME = PRIME_CANASTA


def game(mistakes: str = "refuse", players: int = 2, partnerships: bool = False) -> dict:
    settings = {"level": 6, "partnerships": partnerships, "mistakes": mistakes}
    return cs.new_state(settings, players, 1)


def move(state: dict, seat: int, data: dict) -> dict:
    """A move through the Game (penalties live there), checked."""
    after = GAME.apply_move(state, seat, GAME.parse_move(data))
    GAME.check_invariants(after)
    return after


def test_ready_groups_build_a_first_laydown_shown_with_its_points():
    """The first laydown (minimum 100 at score 0) made of two ready groups, laid down at once;
    the view shows the points so far while it is built, and the hand without the ready cards
    is never judged before it is laid down."""
    state = setup(game(), hands=[[42, 6, 7, 90, 9, 10, 13, 8], None], discard=[50])
    state = move(state, 0, {"type": "ready", "cards": "0,1,2"})  # 42 = 6 × 7: 50 points
    view = GAME.view(state, 0)
    assert view["ready"][0]["points"] == 50 and view["ready_points"] == 50
    assert view["laydown"]["minimum"] == 100
    too_small = refused(state, 0, {"type": "lay_down"})
    assert too_small.kind == "laydown_minimum" and "worth 50" in too_small.reason
    state = move(state, 0, {"type": "ready", "cards": "3,4,5"})  # 90 = 9 × 10: 40+10+10
    assert GAME.view(state, 0)["ready_points"] == 110
    with pytest.raises(IllegalMove, match=r"twice|no such"):
        GAME.apply_move(state, 0, GAME.parse_move({"type": "ready", "cards": "0,6"}))
    after = move(state, 0, {"type": "lay_down"})
    assert [s["cards"] for s in after["sets"][0]] == [[42, 6, 7], [90, 9, 10]]
    assert after["hands"][0] == [13, 8] and after["ready"][0] == []
    assert after["laid_down"][0]


def test_ready_groups_follow_their_cards_and_go_when_a_card_leaves():
    state = setup(game(), hands=[[42, 6, 7, 90, 9, 10, 14, 8, 19, W], None], discard=[50],
                  sets=[[[2, 3, 5, 7, 11, 13]], []])  # fmt: skip
    state = move(state, 0, {"type": "ready", "cards": "4,5,3"})  # 9, 10, 90
    state = move(state, 0, {"type": "ready", "cards": "8", "to": 0})  # 19 for the primes
    state = move(state, 0, {"type": "add", "set": 0, "cards": "9"})  # a prime card, as 17
    # The ready groups named 9, 10, 90 and 19: they still do after the prime card left.
    hand = state["hands"][0]
    assert [[hand[p] for p in g["cards"]] for g in state["ready"][0]] == [[90, 9, 10], [19]]
    state = move(state, 0, {"type": "unready", "group": 1})
    assert len(state["ready"][0]) == 1
    state = move(state, 0, {"type": "discard", "cards": "4"})  # 9 leaves: its group is gone
    assert state["ready"][0] == [] and state["turn"] == 1


def test_ready_groups_are_private_and_not_judged():
    state = setup(game(), hands=[[42, 6, 7, 90, 9], None], discard=[50], phase=cs.DRAW)
    state = move(state, 0, {"type": "ready", "cards": "0,3,4"})  # 42, 90, 9: not a set
    assert GAME.view(state, 0)["ready"][0]["points"] == 20 + 40 + 10
    other = GAME.view(state, 1)
    assert other["ready"] == [] and other["hand"] != GAME.view(state, 0)["hand"]
    assert GAME.view(state, None)["ready"] is None
    # Another player may arrange their own hand while it is not their turn.
    assert move(state, 1, {"type": "sort", "by": "factor"})["sort"] == ["value", "factor"]


def test_sorting_shows_the_hand_by_value_or_by_smallest_prime_factor():
    state = setup(game(), hands=[[W, 9, 10, 4, 15, 7], None], discard=[50])
    by_value = [c["card"] for c in GAME.view(state, 0)["hand"]]
    assert by_value == [4, 7, 9, 10, 15, W]
    state = move(state, 0, {"type": "sort", "by": "factor"})
    shown = GAME.view(state, 0)["hand"]
    assert [c["card"] for c in shown] == [4, 10, 9, 15, 7, W]
    assert [c["pos"] for c in shown] == [3, 2, 1, 4, 5, 0]  # positions stay the hand's


def test_hint_shows_sets_and_counts_as_help():
    state = setup(game(), hands=[[42, 6, 7, 13, 8], None], discard=[50], sets=[[[12, 3, 4]], []])
    hinted = move(state, 0, {"type": "hint"})
    shown = GAME.view(hinted, 0)["hint"]
    assert {"cards": ["42", "7", "6"], "to": None} in [
        {"cards": sorted(h["cards"], key=lambda c: -int(c)), "to": h["to"]} for h in shown
    ]
    events = GAME.learning_events(state, 0, cm.Hint(), hinted)
    assert [(e.kind, e.helped) for e in events] == [("hint", True)]
    laid = move(hinted, 0, {"type": "lay_down", "sets": [[0, 1, 2]]})
    (event,) = GAME.learning_events(hinted, 0, cm.LayDown(((0, 1, 2),)), laid)
    assert event.correct and event.helped and event.skill == "factors:42"
    # Without the hint, the same set is the child's own.
    own = move(state, 0, {"type": "lay_down", "sets": [[0, 1, 2]]})
    (event,) = GAME.learning_events(state, 0, cm.LayDown(((0, 1, 2),)), own)
    assert event.correct and not event.helped


@pytest.mark.parametrize(
    "ready, data, kind",
    [
        ("0,1,2", {"type": "lay_down"}, "laydown_minimum"),  # 42 = 6 × 7 is worth 50
        ("0,1,3", {"type": "lay_down"}, "no_answer"),  # 42, 6, 90 has no answer
        ("0,1,2", {"type": "go_out", "cards": "3"}, "cards_left"),
    ],
)
def test_the_booklets_penalties_record_100_and_give_the_cards_back(ready, data, kind):
    """ "Players are penalized 100 points for each irregular action ... recorded on the score
    sheet but are not subtracted until the end of the round." Irregular actions are made at
    the table: with the board's forms (the ready groups, the ticked cards)."""
    state = setup(game("penalty"), hands=[[42, 6, 7, 90, 9], None], discard=[50])
    if ready:
        state = move(state, 0, {"type": "ready", "cards": ready})
    after = move(state, 0, data)
    assert after["penalties"] == [1, 0] and after["hands"] == state["hands"]
    assert after["sets"] == state["sets"] and after["last_penalty"]["kind"] == kind
    assert GAME.view(after, 0)["last_penalty"]["reason"]
    assert GAME.view(after, 1)["last_penalty"] is None  # the reason is the mover's to read
    assert "penalty" in after["log"][-1]["parts"][-1]["text"]
    # Refused the same way without the setting, and nothing is charged.
    plain = setup(game(), hands=[[42, 6, 7, 90, 9], None], discard=[50])
    with pytest.raises(IllegalMove):
        GAME.apply_move(plain, 0, GAME.parse_move(data))


def test_a_wrong_addition_at_the_table_costs_100():
    state = setup(game("penalty"), hands=[[42, 6, 7, 90, 9], None], discard=[50],
                  sets=[[[12, 3, 4]], []])  # fmt: skip
    after = move(state, 0, {"type": "add", "set": 0, "cards": "3"})  # 12, 4, 3, 90
    assert after["penalties"] == [1, 0] and after["sets"] == state["sets"]
    with pytest.raises(IllegalMove):
        GAME.apply_move(state, 0, cm.AddToSet(0, (3,)))  # a bot's move: refused, no charge


def test_penalties_only_for_irregular_play_and_subtracted_at_the_round_end():
    state = setup(game("penalty"), hands=[[42, 6, 7, 90, 9], None], discard=[50])
    for data in ({"type": "discard", "cards": "9"}, {"type": "draw_two"}):
        with pytest.raises(IllegalMove):  # no such card; already drawn: not irregular play
            GAME.apply_move(state, 0, GAME.parse_move(data))
    with pytest.raises(IllegalMove):  # not your turn
        GAME.apply_move(state, 1, GAME.parse_move({"type": "lay_down", "sets": [[0, 1, 2]]}))
    with pytest.raises(IllegalMove):  # a move named in full (a bot's) is refused as always
        GAME.apply_move(state, 0, GAME.parse_move({"type": "lay_down", "sets": [[0, 1, 3]]}))
    wrong = move(state, 0, {"type": "lay_down", "cards": "0,1,3"})
    (event,) = GAME.learning_events(state, 0, cm.LayDown((), True, (0, 1, 3)), wrong)
    assert not event.correct and event.kind == "factor_set"
    drawn = setup(game("penalty"), hands=[[42, 6, 7, 90, 9], None], discard=[4, 8, 12],
                  phase=cs.DRAW)  # fmt: skip
    # Taking the pile before the first laydown with a set worth too little: 100 points.
    taken = move(drawn, 0, {"type": "take_pile", "cards": "4", "pick": "0,1"})
    assert taken["penalties"] == [1, 0] and taken["phase"] == cs.DRAW
    assert taken["scores"] == [0, 0]
    taken["discard"] += taken["draw"]
    taken["draw"] = []
    ended = move(taken, 0, {"type": "draw_two"})
    assert ended["last_round"]["sides"][0]["penalties"] == 100


def test_the_scoring_stays_up_a_minute_then_the_clock_deals():
    state = setup(game(), hands=[[42, 6], None], discard=[8], phase=cs.DRAW)
    state["discard"] += state["draw"]
    state["draw"] = []
    over = move(state, 0, {"type": "draw_two"})
    assert GAME.timer(over) == cs.ROUND_OVER_SECONDS == 60
    assert GAME.timer(state) is None
    with pytest.raises(IllegalMove):
        GAME.apply_timeout(state)
    dealt = GAME.apply_timeout(over)
    assert dealt["round"] == 2 and dealt["phase"] == cs.DRAW


def test_the_round_end_shows_cards_left_and_each_canasta():
    state = setup(game(), hands=[[42, 6, 7, 9], [14, 90, 4]], discard=[50],
                  sets=[[[81, 3, 3, 3, 3], [2, 3, 5, 7, 11, 13]], [[12, 3, 4]]])  # fmt: skip
    out = play(state, 0, {"type": "go_out", "sets": [[0, 1, 2]], "discard": 3})
    view = GAME.view(out, 1)
    mine, theirs = view["last_round"]["sides"]
    assert mine["canastas"] == [{"name": "natural factor canasta", "bonus": 400},
                                {"name": "natural prime canasta", "bonus": 400}]  # fmt: skip
    assert theirs["left"] == ["14", "90", "4"] and theirs["in_hand"] == 10 + 40 + 10
    assert [e["kind"] for e in out["log"][-3:]] == ["lay", "discard", "out"]


def test_log_is_public_and_names_no_hidden_card():
    state = setup(game(), hands=[[42, 6, 7, 90, 9, 10, 13], None], discard=[50], phase=cs.DRAW)
    state = move(state, 0, {"type": "draw_two"})
    state = move(state, 0, {"type": "ready", "cards": "0,1,2"})
    texts = " ".join(p.get("text", "") for line in state["log"] for p in line["parts"])
    assert "drew 2 cards" in texts and "42" not in texts
    assert GAME.view(state, 1)["log"] == GAME.view(state, 0)["log"]
    assert cm.parse_move(cm.Ready((0, 1), 2).to_json()) == cm.Ready((0, 1), 2)
