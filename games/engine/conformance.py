"""Checks every registered game must pass (tests/games/test_conformance.py runs them).

Pure Python, so a game's author can run them without Django.
"""

from __future__ import annotations

import json
import random
from typing import Any

from .protocol import SPECTATOR, Game, IllegalMove, Move

GARBAGE: list[Any] = [
    None,
    42,
    "discard",
    [],
    {},
    {"type": "no-such-move"},
    {"type": None},
    {"type": "discard", "card": "x" * 10_000},
    {"type": "discard", "card": -1, "a": "seven", "b": None},
    {"type": "discard", "card": 1e308, "a": float("nan"), "b": True},
]


def playout(
    game: Game, settings: dict, players: int, seed: int, max_moves: int = 5000, thorough: int = 20
):
    """Play random legal moves to the end, checking the protocol as it goes.

    Every step is checked for the first `thorough` moves, then every tenth step (the costly
    hidden-information and refusal checks), so hundreds of playouts stay fast.
    Returns (final state, [(player, move), ...]).
    """
    rng = random.Random(seed)
    state = game.new_game(settings, players, seed)
    _check_state(game, state, players, rng)
    history: list[tuple[int, Move]] = []
    seen_moves: list[Move] = []
    for step in range(max_moves):
        if game.outcome(state) is not None:
            break
        full = step < thorough or step % 10 == 0
        player = game.current_player(state)
        assert player is not None and 0 <= player < players
        moves = game.legal_moves(state, player)
        assert moves, "a player whose turn it is must have a move"
        if full:
            assert moves == game.legal_moves(state, player), "legal_moves must be deterministic"
            for other in range(players):
                if other != player:
                    assert not game.legal_moves(state, other), "only the current player moves"
            _check_moves_round_trip(game, moves)
            _check_refusals(game, state, player, players, moves, seen_moves, rng)
        move = rng.choice(moves)
        before = json.dumps(state, sort_keys=True) if full else None
        after = game.apply_move(state, player, move)
        if full:
            same = json.dumps(state, sort_keys=True) == before
            assert same, "apply_move must not change its input"
        events = game.learning_events(state, player, move, after)
        assert all(event.player == player for event in events)
        history.append((player, move))
        seen_moves.extend(moves[:5])
        state = after
        if full:
            _check_state(game, state, players, rng)
        else:
            game.check_invariants(state)
    _check_state(game, state, players, rng)
    outcome = game.outcome(state)
    assert outcome is not None, f"no end after {max_moves} moves"
    assert len(outcome.scores) == players and outcome.winners
    assert game.current_player(state) is None
    return state, history


def replay(game: Game, settings: dict, players: int, seed: int, history) -> dict:
    """The state after replaying a move list from the start."""
    state = game.new_game(settings, players, seed)
    for player, move in history:
        state = game.apply_move(state, player, game.parse_move(move.to_json()))
    return state


def _check_state(game: Game, state: dict, players: int, rng: random.Random) -> None:
    json.loads(json.dumps(state))  # plain JSON data
    game.check_invariants(state)
    for viewer in [*range(players), SPECTATOR]:
        view = game.view(state, viewer)
        json.dumps(view)
        other = game.resample_hidden(state, viewer, rng)
        game.check_invariants(other)
        assert game.view(other, viewer) == view, f"view of {viewer} shows hidden information"


def _check_moves_round_trip(game: Game, moves: list[Move]) -> None:
    for move in moves:
        data = json.loads(json.dumps(move.to_json()))
        assert game.parse_move(data) == move


def _check_refusals(game, state, player, players, moves, seen_moves, rng) -> None:
    for data in GARBAGE:
        try:
            move = game.parse_move(data)
        except IllegalMove:
            continue
        _assert_refused_unless_legal(game, state, player, move, moves)
    for other in range(players):
        if other != player and moves:
            _assert_refused(game, state, other, rng.choice(moves))
    for move in rng.sample(seen_moves, min(len(seen_moves), 5)):
        _assert_refused_unless_legal(game, state, player, move, moves)


def _assert_refused_unless_legal(game, state, player, move, moves) -> None:
    if move in moves:
        return
    _assert_refused(game, state, player, move)


def _assert_refused(game, state, player, move) -> None:
    try:
        game.apply_move(state, player, move)
    except IllegalMove as error:
        assert error.reason and len(error.reason) < 200
        return
    raise AssertionError(f"{move} by {player} should have been refused")
