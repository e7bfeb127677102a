"""Checks every registered game must pass (tests/games/test_conformance.py runs them).

Pure Python, so a game's author can run them without Django.
"""

from __future__ import annotations

import itertools
import json
import random
from typing import Any

from . import limits
from .protocol import SPECTATOR, Game, IllegalMove, LearningEvent, Move, Timeout, apply_logged

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

    Each step picks among every player who may act (the current player, and others where the
    rules let them act out of turn) and, when a clock runs, the clock running out.
    Every step is checked for the first `thorough` moves, then every tenth step up to the 200th
    and every 50th after it (the costly hidden-information and refusal checks, and that
    `actors` names exactly the players with legal moves), so hundreds of playouts stay fast;
    the other steps check the invariants and that every actor has a move.
    Returns (final state, [(player, move), ...]); the clock's entries are (None, Timeout()).
    """
    rng = random.Random(seed)
    random_moves = game.random_playout_moves
    strongest = list(game.bots().values())[-1] if random_moves is not None else None
    state = game.new_game(settings, players, seed)
    _check_state(game, state, players, rng)
    history: list[tuple[int | None, Move]] = []
    seen_moves: list[Move] = []
    for step in range(max_moves):
        if game.outcome(state) is not None:
            break
        # The bots' part of a bot-finished playout is checked lightly (invariants every move).
        by_bots = random_moves is not None and step >= random_moves
        # Long playouts (Prime Bomb's swaps run to a thousand steps) are checked every 50th
        # step after their first 200.
        every = 10 if step < 200 else 50
        full = step < thorough or (step % every == 0 and not by_bots)
        current = game.current_player(state)
        assert current is not None and 0 <= current < players
        actors = game.actors(state, players)
        if full:  # everyone's moves: actors() names exactly the players who have some
            options = {p: game.legal_moves(state, p) for p in range(players)}
            assert actors == [p for p, moves in options.items() if moves], "actors() is wrong"
        else:  # the actors' moves alone (a player's list may be long: Prime Bomb's swaps)
            options = {p: game.legal_moves(state, p) for p in actors}
            assert all(options.values()), "every actor has a legal move"
        clock = game.timer(state)
        assert clock is None or clock > 0, "a clock runs for a positive time"
        assert actors or clock is not None, "someone must be able to move, or a clock run"
        if full:
            for p in range(players):
                assert options[p] == game.legal_moves(state, p), "legal_moves is deterministic"
                _check_moves_round_trip(game, options[p], rng)
                listed = Listed(game, state, p, options[p], events=step < thorough)
                _check_refusals(game, state, listed, seen_moves, rng)
                # Another player's moves are refused unless this player may make them too.
                for move in rng.sample(options[current], min(3, len(options[current]))):
                    listed.assert_refused_unless_legal(move)
        before = json.dumps(state, sort_keys=True) if full else None
        choice = rng.randrange(len(actors) + (clock is not None))
        if strongest is not None and step >= random_moves:
            choice, move = _bot_choice(game, strongest, state, actors, options, rng)
        if choice == len(actors):
            player, move = None, Timeout()
            after = game.apply_timeout(state)
            events = game.learning_events(state, game.current_player(state), move, after)
        else:
            player = actors[choice]
            if strongest is None or step < random_moves:
                move = rng.choice(options[player])
            after = game.apply_move(state, player, move)
            events = game.learning_events(state, player, move, after)
            seen_moves.extend(options[player][:5])
        assert all(0 <= event.player < players for event in events)
        check_events_fit(events)
        if full:
            same = json.dumps(state, sort_keys=True) == before
            assert same, "apply_move must not change its input"
        history.append((player, move))
        state = after
        if full:
            _check_state(game, state, players, rng)
        else:
            game.check_invariants(state)
    _check_state(game, state, players, rng)
    outcome = game.outcome(state)
    assert outcome is not None, f"no end after {max_moves} moves"
    assert len(outcome.scores) == players
    assert outcome.winners or players == 1, "a game of several players has a winner"
    assert all(0 <= w < players for w in outcome.winners)
    assert game.current_player(state) is None
    assert game.timer(state) is None, "no clock runs once the game is over"
    assert not game.actors(state, players), "nobody moves once the game is over"
    return state, history


def _bot_choice(game, bot, state, actors, options, rng):
    """The strongest bot's move for the first actor it has one for (the current player first);
    (len(actors), None) when none of them moves now: the clock runs out."""
    current = game.current_player(state)
    for index in sorted(range(len(actors)), key=lambda i: actors[i] != current):
        player = actors[index]
        move = bot.choose_move(game.view(state, player), options[player], rng)
        if move is not None:
            # A listed move, or another choice of cards the rules accept (legal_moves lists
            # simple forms only in games such as Prime Canasta).
            if move not in options[player]:
                game.apply_move(state, player, move)  # raises IllegalMove if it is not legal
            return index, move
    return len(actors), None


def replay(game: Game, settings: dict, players: int, seed: int, history) -> dict:
    """The state after replaying a move list from the start (moves through their JSON)."""
    state = game.new_game(settings, players, seed)
    for player, move in history:
        state = apply_logged(game, state, player, json.loads(json.dumps(move.to_json())))
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


ROUND_TRIP_SAMPLE = 24


def _check_moves_round_trip(game: Game, moves: list[Move], rng: random.Random) -> None:
    """Listed moves survive their JSON (a sample when a player has many: Prime Bomb's choices
    of cards run to 128 for each of six players at every step)."""
    if len(moves) > ROUND_TRIP_SAMPLE:
        moves = rng.sample(moves, ROUND_TRIP_SAMPLE)
    for move in moves:
        data = json.loads(json.dumps(move.to_json()))
        assert game.parse_move(data) == move


def _check_refusals(game, state, listed: Listed, seen_moves, rng) -> None:
    """Garbage, moves seen earlier and other players' moves are refused unless legal here;
    a player with no moves has every move refused; the clock's Timeout is never a move."""
    for data in [*GARBAGE, Timeout().to_json()]:
        try:
            move = game.parse_move(data)
        except IllegalMove:
            continue
        assert data != Timeout().to_json(), "parse_move must refuse the clock's Timeout"
        listed.assert_refused_unless_legal(move)
    for move in rng.sample(seen_moves, min(len(seen_moves), 5)):
        listed.assert_refused_unless_legal(move)


class Listed:
    """One player's listed moves in one state; their canonical forms are worked out once."""

    def __init__(
        self, game: Game, state: dict, player: int, moves: list[Move], events: bool = False
    ):
        self.game, self.state, self.player, self.moves = game, state, player, moves
        self.events = events  # also check the learning events of refused moves (costly)
        self._canonical: set | None = None

    def canonical(self) -> set:
        if self._canonical is None:
            game, state, player = self.game, self.state, self.player
            self._canonical = {game.canonical_move(state, player, m) for m in self.moves}
        return self._canonical

    def assert_refused_unless_legal(self, move: Move) -> None:
        game, state, player = self.game, self.state, self.player
        if move in self.moves:
            return
        if game.canonical_move(state, player, move) in self.canonical():
            return
        if game.listed_in_part(move):
            try:
                after = game.apply_move(state, player, move)
            except IllegalMove as error:
                assert error.reason and len(error.reason) < 200
                return
            game.check_invariants(after)  # another choice of cards the rules allow
            return
        _assert_refused(game, state, player, move, self.events)


def _assert_refused(game, state, player, move, events: bool = False) -> None:
    try:
        game.apply_move(state, player, move)
    except IllegalMove as error:
        assert error.reason and len(error.reason) < 200
        if events:  # a refused move's mistake is kept for progress reports too
            check_events_fit(game.learning_events(state, player, move, error))
        return
    raise AssertionError(f"{move} by {player} should have been refused")


# --- what the platform stores (games/engine/limits.py) -------------------------------------------


def settings_variants(game: Game) -> list[dict]:
    """Every combination of the game's setting choices, cleaned (slots settings keep their
    default)."""
    fields = [field for field in game.settings_fields() if field.get("type") != "slots"]
    names = [field["name"] for field in fields]
    choices = [[value for value, _ in field["choices"]] for field in fields]
    return [game.clean_settings(dict(zip(names, combo, strict=True))) for combo in
            itertools.product(*choices)]  # fmt: skip


def check_keys_fit(game: Game) -> None:
    """The game's slug, its bots' names and the progress level of every combination of its
    settings fit the columns that keep them; a level is one of the game's ordered levels
    when it lists them."""
    problems = [
        limits.too_long("the slug", game.slug, limits.SLUG),
        *(limits.too_long("the bot", name, limits.BOT) for name in game.bots()),
    ]
    ordered = {key for key, _ in game.progress_levels()}
    for settings in settings_variants(game):
        key, label = game.progress_level(settings)
        problems.append(limits.too_long("the progress level", key, limits.LEVEL_KEY))
        problems.append(limits.too_long("the progress level's label", label, limits.LEVEL_LABEL))
        if ordered and key not in ordered:
            problems.append(f"the progress level {key!r} is not in progress_levels()")
    problems = [problem for problem in problems if problem]
    assert not problems, "; ".join(sorted(set(problems)))


def check_events_fit(events: list[LearningEvent]) -> None:
    """Every learning event's kind, skill and mistake fit the columns that keep them."""
    for event in events:
        for what, value, limit in (
            ("the kind", event.kind, limits.KIND),
            ("the skill", event.skill, limits.SKILL),
            ("the mistake", event.mistake, limits.MISTAKE),
        ):
            problem = limits.too_long(what, value, limit)
            assert problem is None, problem
