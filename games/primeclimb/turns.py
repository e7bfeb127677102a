"""Whose turn it is: a new turn (with a curse taking effect), the next one (or the same
player again after "roll again"), the seeded dice, and the end of the game."""

from __future__ import annotations

from games.engine.protocol import State
from games.engine.rng import rng_for

from .numbers import DIE_FACES
from .state import (
    DECLINE,
    SOLITAIRE,
    SPRINT,
    THERE_AND_BACK,
    log_event,
    new_turn,
    seat_scores,
    trim_log,
)


def begin_turn(state: State, seat: int) -> None:
    """A new turn (or, past the safety cap, the end of the game)."""
    trim_log(state)
    if state["turns"] >= state["settings"]["turn_limit"] * state["players"]:
        _finish_at_limit(state)
        return
    state["turns"] += 1
    cursed = seat in state["cursed"]
    if cursed:
        state["cursed"] = [s for s in state["cursed"] if s != seat]
        log_event(state, "curse", "A curse on ", seat, ": only moves backwards this turn!")
    state["turn"] = new_turn(seat, cursed)


def next_turn(state: State) -> None:
    """The next player's turn, or the same player's after "roll again"."""
    turn = state["turn"]
    seat = turn["seat"]
    extra = int(turn["extra"])  # "roll again" cards drawn, still to play (a bool in old games)
    if extra:
        log_event(state, "again", "Roll again for ", seat, "!")
        begin_turn(state, seat)
        if state["turn"] is not None:  # the turn limit may have ended the game
            state["turn"]["extra"] = extra - 1
    else:
        begin_turn(state, (seat + 1) % state["players"])


def finish(state: State, winners: list[int], reason: str) -> None:
    """End the game."""
    state["turn"] = None
    state["winners"] = winners
    state["ended"] = reason
    log_event(state, "end", f"The game is over: {reason}.")
    trim_log(state)


def _finish_at_limit(state: State) -> None:
    # Our decision: the safety cap. The player who climbed furthest wins (solitaire: nobody).
    scores = seat_scores(state)
    solitaire = state["settings"]["variant"] in SOLITAIRE
    best = max(scores)
    winners = [] if solitaire else [s for s, score in enumerate(scores) if score == best]
    limit = state["settings"]["turn_limit"]
    finish(state, winners, f"the turn limit ({limit} turns each) was reached")


def win(state: State, seat: int) -> None:
    """This seat has won: the game ends with the variation's reason."""
    variant = state["settings"]["variant"]
    if variant in SOLITAIRE:
        rolls = state["rolls"][seat]
        reason = f"both pawns made it in {rolls} roll{'s' if rolls != 1 else ''}"
    elif variant == SPRINT:
        reason = "a pawn reached 101 first"
    elif variant == DECLINE:
        reason = "both pawns reached 0 first"
    elif variant == THERE_AND_BACK:
        reason = "both pawns went to 101 and back first"
    else:
        reason = "both pawns reached 101 first"
    finish(state, [seat], reason)


def dice_for(state: State) -> tuple[int, int]:
    """This turn's dice: seeded by the game and the turn, so a replay rolls the same."""
    dice_rng = rng_for(state["seed"], "dice", state["turns"])
    return dice_rng.choice(DIE_FACES), dice_rng.choice(DIE_FACES)
