"""Building Prime Climb positions for scenario tests: pawns where the rule text puts them,
dice as the text rolls them, cards where a test wants them.

The rule scenarios write a step as the rule text does ("subtract 3", Step(0, 3, "subtract"));
`play` makes it as a player who works out where the pawn lands correctly: a step or an
add-or-subtract card without an answer gets the right one (tests of the answers themselves,
test_answers.py, give theirs)."""

from __future__ import annotations

import pytest

from games.engine.protocol import IllegalMove
from games.primeclimb.game import PRIME_CLIMB
from games.primeclimb.moves import Nudge, Step
from games.primeclimb.state import MOVE, new_turn

GAME = PRIME_CLIMB
HOME = None


def _pawn(spec) -> list[int]:
    """12 → on 12 heading for 101; (101, 0) → on 101 heading back to 0; None → home."""
    if spec is None:
        return [-1, -1]
    if isinstance(spec, tuple):
        return list(spec)
    return [spec, 101]


def scenario(
    pawns: list[list],
    *,
    dice: tuple[int, int] | None = None,
    seat: int = 0,
    keepers: dict[int, list[str]] | None = None,
    draw_top: list[str] | None = None,
    cursed: bool = False,
    visited: list[int] | None = None,
    **settings,
) -> dict:
    """A state at `seat`'s turn with exactly these pawns (one list per seat). With `dice`, the
    roll is made (move phase); `keepers` are taken out of the draw pile; `draw_top` lists the
    next cards to be drawn, first one first."""
    state = GAME.new_game(settings, len(pawns), seed=7)
    state["pawns"] = [[_pawn(p) for p in seat_pawns] for seat_pawns in pawns]
    for owner, cards in (keepers or {}).items():
        for card in cards:
            state["draw"].remove(card)
            state["keepers"][owner].append(card)
    for card in reversed(draw_top or []):
        state["draw"].remove(card)
        state["draw"].append(card)
    if visited is not None:
        state["visited"][seat] = list(visited)
    state["turn"] = new_turn(seat, cursed)
    if dice is not None:
        a, b = dice
        turn = state["turn"]
        turn.update(phase=MOVE, dice=[a, b], left=[a] * 4 if a == b else [a, b])
        turn["start"] = [list(p) for p in state["pawns"][seat]]
        turn["visited"] = list(state["visited"][seat])
        state["rolls"][seat] += 1
    GAME.check_invariants(state)
    return state


def answered(state: dict, move, player: int | None = None):
    """The move with the right answer, if it is a legal step or card play without one."""
    if not isinstance(move, Step | Nudge) or move.answer is not None:
        return move
    who = GAME.current_player(state) if player is None else player
    for legal in GAME.legal_moves(state, who):
        if type(legal) is type(move) and legal.to_json() | {"answer": None} == move.to_json() | {
            "answer": None
        }:
            return legal
    return move


def play(state: dict, *moves, player: int | None = None) -> dict:
    """Apply moves in turn (by the player whose turn it is), answering steps right."""
    for move in moves:
        who = GAME.current_player(state) if player is None else player
        state = GAME.apply_move(state, who, answered(state, move, who))
        GAME.check_invariants(state)
    return state


def refusal(state: dict, move, player: int | None = None) -> IllegalMove:
    """The IllegalMove a move gets (failing the test if it is allowed)."""
    who = GAME.current_player(state) if player is None else player
    with pytest.raises(IllegalMove) as error:
        GAME.apply_move(state, who, move)
    assert move not in GAME.legal_moves(state, who)
    return error.value


def at(state: dict, seat: int) -> list:
    """Where a seat's pawns are (None: home)."""
    return [None if p[0] < 0 else p[0] for p in state["pawns"][seat]]
