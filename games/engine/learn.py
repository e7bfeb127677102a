"""Walking a Learn to play script: which step is next, whether a learner's move is the one the
coach asked for, and the script's own moves (other seats, the clock). Pure Python.

A round's progress is plain JSON kept with the match: {"step": i, "done": [k, ...]} where
`done` lists the moves of an `all_of` step already made.
"""

from __future__ import annotations

import itertools
from typing import Any

from .protocol import Game, IllegalMove, Move, State, Timeout
from .texts import CLOCK, LEARNER, LearnScript, LearnStep

Progress = dict[str, Any]


def learn_start() -> Progress:
    """The progress of a round that has not begun."""
    return {"step": 0, "done": []}


def learn_step(script: LearnScript, progress: Progress) -> LearnStep | None:
    """The step the round is at (None once every step is done)."""
    index = progress["step"]
    return script.steps[index] if index < len(script.steps) else None


def learn_done(script: LearnScript, progress: Progress) -> bool:
    """Whether every step of the round has been made."""
    return progress["step"] >= len(script.steps)


def learn_accepts(
    game: Game, script: LearnScript, progress: Progress, move: Move
) -> Progress | None:
    """The progress after the learner's `move` if it is what the current step asks for;
    None if it is not (the platform then says the step again)."""
    step = learn_step(script, progress)
    if step is None or step.seat != LEARNER:
        return None
    wanted = [game.parse_move(data) for data in step.moves]
    done = set(progress["done"])
    for index, candidate in enumerate(wanted):
        if candidate == move and index not in done:
            if not step.all_of:
                return {"step": progress["step"] + 1, "done": []}
            done.add(index)
            if len(done) == len(wanted):
                return {"step": progress["step"] + 1, "done": []}
            return {"step": progress["step"], "done": sorted(done)}
    return None


def learn_script_move(
    game: Game, script: LearnScript, progress: Progress
) -> tuple[int | None, Move, Progress] | None:
    """The script's own move at this step: (seat, move, progress after) for another seat's
    step, (None, Timeout(), ...) for a clock step; None when it is the learner's step."""
    step = learn_step(script, progress)
    if step is None or step.seat == LEARNER:
        return None
    after = {"step": progress["step"] + 1, "done": []}
    if step.seat == CLOCK:
        return None, Timeout(), after
    return step.seat, game.parse_move(step.moves[0]), after


def learn_playthrough(game: Game) -> State:
    """Play the game's Learn to play script from its deal, checking that every step can be
    made as written (an `all_of` step in any order); the state at the end."""
    script = game.learn_to_play()
    state = game.new_game(script.settings, script.players, script.seed)
    for number, step in enumerate(script.steps, 1):
        where = f"{game.slug} Learn to play step {number} ({step.say[:40]!r})"
        if step.seat == CLOCK:
            assert game.timer(state) is not None, f"{where}: no clock runs"
            state = game.apply_timeout(state)
            continue
        moves = [game.parse_move(data) for data in step.moves]
        if step.seat != LEARNER or not step.all_of:
            for move in moves if step.seat == LEARNER else moves[:1]:
                assert _legal(game, state, step.seat, move), f"{where}: {move} is not legal"
            state = game.apply_move(state, step.seat, moves[0])
            continue
        orders = list(itertools.permutations(moves)) if len(moves) <= 4 else [moves]
        for order in orders:
            each = state
            for move in order:
                assert _legal(game, each, LEARNER, move), f"{where}: {move} in {order}"
                try:
                    each = game.apply_move(each, LEARNER, move)
                except IllegalMove as error:  # pragma: no cover - legal_moves said yes
                    raise AssertionError(f"{where}: {error.reason}") from None
        state = each
    return state


def _legal(game: Game, state: State, seat: int, move) -> bool:
    """Listed by legal_moves, or of a kind the game lists only in part and accepted."""
    if move in game.legal_moves(state, seat):
        return True
    if not game.listed_in_part(move):
        return False
    try:
        game.apply_move(state, seat, move)
    except IllegalMove:
        return False
    return True
