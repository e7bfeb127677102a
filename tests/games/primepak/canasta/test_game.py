"""Prime Canasta's Game class (games/primepak/canasta/game.py): settings, the deal, what each player
sees, and the listed legal moves applying cleanly on seeded games."""

from __future__ import annotations

import random

import pytest

from games.engine.protocol import IllegalMove, SettingsError
from games.primepak.canasta import moves as cm
from games.primepak.canasta import state as cs
from games.primepak.canasta.game import PRIME_CANASTA
from games.primepak.cards import WILD

GAME = PRIME_CANASTA


def playout(state: dict, seed: int, moves: int) -> dict:
    """Random listed moves, every one applied through the JSON form and checked."""
    rng = random.Random(seed)
    for _ in range(moves):
        player = GAME.current_player(state)
        if player is None:
            break
        legal = GAME.legal_moves(state, player)
        assert legal, f"no moves for seat {player} in phase {state['phase']}"
        assert GAME.actors(state, state["players"])
        move = rng.choice(legal)
        assert GAME.describe(state, player, move)
        after = GAME.apply_move(state, player, GAME.parse_move(move.to_json()))
        GAME.check_invariants(after)
        state = after
    return state


def test_settings_defaults_forms_and_refusals():
    assert GAME.clean_settings({}) == {
        "level": 3,
        "target": 5000,
        "partnerships": False,
        "mistakes": "refuse",
    }
    assert GAME.clean_settings({"level": "5", "target": "1000", "partnerships": "yes"}) == {
        "level": 5, "target": 1000, "partnerships": True, "mistakes": "refuse"}  # fmt: skip
    for bad in ({"level": 2}, {"target": 300}, {"partnerships": "maybe"}, {"colour": "red"}):
        with pytest.raises(SettingsError):
            GAME.clean_settings(bad)
    with pytest.raises(SettingsError, match="4 players"):
        GAME.new_game({"partnerships": True}, 3, 1)
    with pytest.raises(SettingsError):
        GAME.new_game({}, 5, 1)
    assert GAME.settings_label({"level": 4, "partnerships": True, "target": 1000}) == (
        "Level 4 · partners · to 1000 points")  # fmt: skip


def test_new_game_deals_thirteen_each_and_is_deterministic():
    state = GAME.new_game({"level": 6}, 3, 7)
    assert [len(h) for h in state["hands"]] == [13, 13, 13]
    assert state["phase"] == cs.DRAW
    GAME.check_invariants(state)
    assert GAME.new_game({"level": 6}, 3, 7) == state
    assert GAME.current_player(state) == (state["dealer"] + 1) % 3
    assert GAME.outcome(state) is None


def test_view_shows_own_hand_only():
    state = GAME.new_game({"level": 4, "partnerships": True}, 4, 3)
    view = GAME.view(state, 1)
    assert [c["card"] for c in view["hand"]] == state["hands"][1]
    assert view["hand_sizes"] == [13, 13, 13, 13]
    assert view["partner"] == 3 and view["my_side"] == 1
    assert view["laydown"] == {"minimum": 100, "laid_down": False,
                               "points_so_far": 0, "canastas_needed": 2}  # fmt: skip
    assert view["frozen_for_me"]  # nobody has laid down yet
    assert view["draw_count"] == len(state["draw"])
    spectator = GAME.view(state, None)
    assert spectator["hand"] is None and spectator["laydown"] is None
    # Others' hands (the partner's too) and the draw pile may be dealt again unseen.
    for seed in range(5):
        again = GAME.resample_hidden(state, 1, random.Random(seed))
        assert GAME.view(again, 1) == view
        GAME.check_invariants(again)
    assert "draw" not in view  # the draw pile is only a count


def test_view_marks_frozen_pile_and_sides_sets():
    state = GAME.new_game({"level": 6}, 2, 5)
    state["draw"].remove(WILD)
    state["discard"].append(WILD)
    view = GAME.view(state, 0)
    assert view["discard_frozen"] is True
    assert view["discard"][-1]["wild"] is True
    assert len(view["sides"]) == 2 and view["sides"][0]["sets"] == []


@pytest.mark.parametrize(
    ("level", "players", "partners", "seed"),
    [(3, 2, False, 1), (6, 3, False, 2), (4, 4, True, 3), (5, 4, False, 4)],
)
def test_listed_moves_apply_cleanly(level, players, partners, seed):
    state = GAME.new_game({"level": level, "partnerships": partners}, players, seed)
    state = playout(state, seed, 250)
    GAME.check_invariants(state)


def test_only_the_player_to_move_has_moves():
    state = GAME.new_game({"level": 3}, 3, 2)
    turn = state["turn"]
    for seat in range(3):
        moves = GAME.legal_moves(state, seat)
        assert bool(moves) == (seat == turn)
    assert GAME.legal_moves(state, turn)[0] == cm.DrawTwo()
    assert GAME.actors(state, 3) == [turn]
    with pytest.raises(IllegalMove):
        GAME.apply_move(state, (turn + 1) % 3, cm.DrawTwo())
    after = GAME.apply_move(state, turn, cm.DrawTwo())
    moves = GAME.legal_moves(after, turn)
    discards = [m for m in moves if isinstance(m, cm.Discard)]
    assert len(discards) == len(set(after["hands"][turn]))
    assert not any(isinstance(m, (cm.DrawTwo, cm.TakePile)) for m in moves)


def test_ask_waits_for_the_partner():
    state = GAME.new_game({"level": 4, "partnerships": True}, 4, 9)
    turn = state["turn"]
    state = GAME.apply_move(state, turn, cm.DrawTwo())
    assert cm.Ask() in GAME.legal_moves(state, turn)
    asked = GAME.apply_move(state, turn, cm.Ask())
    partner = (turn + 2) % 4
    assert GAME.current_player(asked) == partner
    assert GAME.legal_moves(asked, turn) == []
    assert GAME.legal_moves(asked, partner) == [cm.Answer(True), cm.Answer(False)]
    answered = GAME.apply_move(asked, partner, cm.Answer(False))
    assert GAME.current_player(answered) == turn
    assert not any(isinstance(m, (cm.Ask, cm.GoOut)) for m in GAME.legal_moves(answered, turn))


def test_taking_the_pile_and_laying_down_are_listed_when_they_hold():
    seen: set[str] = set()
    for seed in range(1, 4):
        state = GAME.new_game({"level": 4}, 2, seed)
        rng = random.Random(seed)
        for _ in range(300):
            player = GAME.current_player(state)
            if player is None:
                break
            legal = GAME.legal_moves(state, player)
            seen |= {m.type for m in legal}
            state = GAME.apply_move(state, player, rng.choice(legal))
    assert {"take_pile", "lay_down", "add", "discard", "draw_two", "next_round"} <= seen


def test_going_out_is_listed_and_ends_the_round():
    state = GAME.new_game({"level": 4}, 2, 0)
    before = None
    rng = random.Random(0)
    for _ in range(400):
        player = GAME.current_player(state)
        legal = GAME.legal_moves(state, player)
        outs = [m for m in legal if isinstance(m, cm.GoOut)]
        if outs:
            before, state = state, GAME.apply_move(state, player, outs[0])
            break
        state = GAME.apply_move(state, player, rng.choice(legal))
    assert before is not None, "the seeded game never offered going out"
    assert state["phase"] in (cs.ROUND_OVER, cs.GAME_OVER)
    assert state["last_round"]["out"] == player
    assert state["hands"][player] == []
    GAME.check_invariants(state)
    if state["phase"] == cs.ROUND_OVER:
        assert GAME.legal_moves(state, 0) == [cm.NextRound()]
        assert GAME.actors(state, 2) == [0, 1]


def test_outcome_names_the_winning_partnership():
    state = GAME.new_game({"level": 4, "partnerships": True, "target": 1000}, 4, 2)
    state["phase"], state["winner"], state["scores"] = cs.GAME_OVER, 1, [400, 1200]
    result = GAME.outcome(state)
    assert result.winners == (1, 3)
    assert result.scores == (400, 1200, 400, 1200)
    assert GAME.current_player(state) is None
    assert GAME.legal_moves(state, 1) == []
    with pytest.raises(IllegalMove, match="over"):
        GAME.apply_move(state, 1, cm.DrawTwo())


def test_a_malformed_move_is_refused():
    state = GAME.new_game({}, 2, 1)
    with pytest.raises(IllegalMove):
        GAME.parse_move({"type": "fly"})
    with pytest.raises(IllegalMove):
        GAME.apply_move(state, 9, cm.DrawTwo())
