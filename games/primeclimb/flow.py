"""How a Prime Climb turn is played: the roll, steps and Keeper cards (with Undo), and the end
of the move phase (then the Bump and Draw phases of cardplay.py, and the next turn).

Each public function copies the state and returns the new one; legality is checked before
these run (legal.py).
"""

from __future__ import annotations

from typing import Any

from games.engine.protocol import State

from .cardplay import bump_onto, bump_pawn, bump_phase, draw_card, may_draw
from .numbers import SYMBOLS, raw_result, step_text
from .state import ACTION, DOUBLE_TIME, MOVE, copy_state, ctx_of, log_event, pawns_of, place
from .steps import Option, won
from .turns import dice_for, next_turn, win


# --- roll -------------------------------------------------------------------------------------
def roll(state: State) -> State:
    """Roll the seeded dice: "In the case of doubles, you must use the number you rolled four
    times instead of twice." """
    new = copy_state(state)
    turn = new["turn"]
    seat = turn["seat"]
    a, b = dice_for(new)
    turn.update(phase=MOVE, dice=[a, b], left=[a] * 4 if a == b else [a, b])
    turn["start"] = [list(pawn) for pawn in new["pawns"][seat]]
    turn["visited"] = list(new["visited"][seat])
    new["rolls"][seat] += 1
    log_event(new, "roll", seat, f" rolled double {a}s." if a == b else f" rolled {a} and {b}.")
    return new


# --- the move phase: steps, Keeper cards, Undo ----------------------------------------------
def _snapshot(state: State) -> dict[str, Any]:
    turn = state["turn"]
    return {
        "pawns": [[list(p) for p in pawns] for pawns in state["pawns"]],
        "visited": [list(v) for v in state["visited"]],
        "keepers": [list(k) for k in state["keepers"]],
        "discard": list(state["discard"]),
        "cursed": list(state["cursed"]),
        "left": list(turn["left"]),
        "steps": list(turn["steps"]),
        "moved": list(turn["moved"]),
        "log": len(state["log"]),  # the log is trimmed only between turns
    }


def undo(state: State) -> State:
    """Take back the last step or card of this turn."""
    new = copy_state(state)
    turn = new["turn"]
    snap = turn["undo"].pop()
    new["pawns"] = [[list(p) for p in pawns] for pawns in snap["pawns"]]
    for key in ("visited", "keepers"):
        new[key] = [list(x) for x in snap[key]]
    new.update(discard=list(snap["discard"]), cursed=list(snap["cursed"]))
    new["log"] = new["log"][: snap["log"]]
    turn.update(left=list(snap["left"]), steps=list(snap["steps"]), moved=list(snap["moved"]))
    return new


def step(state: State, option: Option) -> State:
    """Apply a legal step: the die is used and the pawn moves."""
    new = copy_state(state)
    turn = new["turn"]
    turn["undo"].append(_snapshot(new))
    seat = turn["seat"]
    before = new["pawns"][seat][option.pawn][0]
    turn["left"].remove(option.die)
    text = step_text(before, option.op, option.die, raw_result(before, option.op, option.die))
    if option.forced:
        sign = SYMBOLS[option.op]
        text = f"{before} {sign} {option.die} is off the board: stay at {option.to[0]}"
    record = {"pawn": option.pawn, "die": option.die, "op": option.op, "from": before}
    _move_pawn(new, seat, option.pawn, option.to, {**record, "text": text})
    return new


def nudge(state: State, card: str, pawn: int, to: tuple[int, int], op: str) -> State:
    """Play an add-or-subtract Keeper card on one of your pawns."""
    new = copy_state(state)
    turn = new["turn"]
    turn["undo"].append(_snapshot(new))
    seat = turn["seat"]
    n = new["cards"][card]["n"]
    before = new["pawns"][seat][pawn][0]
    _discard_keeper(new, seat, card)
    text = f"{step_text(before, op, n, raw_result(before, op, n))} (card)"
    record = {"pawn": pawn, "die": None, "op": op, "from": before, "card": card}
    _move_pawn(new, seat, pawn, to, {**record, "text": text})
    return new


def bump_card(state: State, card: str, target: int) -> State:
    """Play a "bump any pawn back to Start" Keeper card."""
    new = copy_state(state)
    turn = new["turn"]
    turn["undo"].append(_snapshot(new))
    seat = turn["seat"]
    _discard_keeper(new, seat, card)
    owner, index = divmod(target, 2)
    at = new["pawns"][owner][index][0]
    bump_pawn(new, seat, owner, index)
    turn["steps"] = [*turn["steps"], {"card": card, "text": f"bump card: pawn on {at}"}]
    return new


def curse(state: State, card: str, target: int) -> State:
    """Play a curse Keeper card on another player's next turn."""
    new = copy_state(state)
    turn = new["turn"]
    turn["undo"].append(_snapshot(new))
    seat = turn["seat"]
    _discard_keeper(new, seat, card)
    new["cursed"] = sorted([*new["cursed"], target])
    log_event(new, "curse", seat, " cursed ", target, " for their next turn.")
    turn["steps"] = [*turn["steps"], {"card": card, "text": "curse card", "seat": target}]
    return new


def _discard_keeper(state: State, seat: int, card: str) -> None:
    state["keepers"][seat] = [c for c in state["keepers"][seat] if c != card]
    state["discard"].append(card)  # "After you play a card, discard it."


def _move_pawn(
    state: State, seat: int, index: int, to: tuple[int, int], record: dict[str, Any]
) -> None:
    turn = state["turn"]
    before = tuple(state["pawns"][seat][index])
    place(state, seat, index, to)
    turn["steps"] = [*turn["steps"], record]
    turn["moved"][index] = len(turn["steps"]) - 1
    if won(ctx_of(state), pawns_of(state, seat)):
        log_event(state, "turn", seat, f": {steps_text(turn)}.")
        win(state, seat)  # "You win immediately"
        return
    if state["settings"]["variant"] == DOUBLE_TIME:
        # "In Double Time, you bump and draw after each move of a pawn."
        bump_onto(state, seat, seat, index)
        if may_draw(state["pawns"][seat][index], before[0]):
            draw_card(state, seat, [index])
            turn["undo"] = []  # a card drawn stays drawn: no taking back past it


# --- the bump and draw phases ------------------------------------------------------------------
def end_turn(state: State) -> State:
    """End the move phase: bump, then draw (one card at most), then the next turn."""
    new = copy_state(state)
    turn = new["turn"]
    seat = turn["seat"]
    turn["undo"] = []
    if turn["steps"]:
        log_event(new, "turn", seat, f": {steps_text(turn)}.")
    elif turn["left"]:
        log_event(new, "pass", seat, " could not move: the turn passes.")
    if new["settings"]["variant"] != DOUBLE_TIME:
        bump_phase(new, seat)
        starts = turn["start"]
        drawing = [
            i
            for i, pawn in enumerate(new["pawns"][seat])
            if starts and may_draw(pawn, starts[i][0])
        ]
        if drawing:
            draw_card(new, seat, drawing)
    if new["turn"] is not None and new["turn"]["phase"] != ACTION:
        next_turn(new)
    return new


def steps_text(turn: dict[str, Any]) -> str:
    """The turn's steps in one line: "14 − 3 = 11, 11 × 9 = 99"."""
    return ", ".join(record["text"] for record in turn["steps"])
