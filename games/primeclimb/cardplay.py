"""The Bump and Draw phases and the Prime Cards that act: bumping pawns back to the start of
their leg, drawing (with the reshuffle), Keepers kept, Action cards performed at once or after
the player's choice.

These change, in place, a state their caller has copied already (resolve copies it).
"""

from __future__ import annotations

from typing import Any

from games.engine.protocol import State
from games.engine.rng import shuffled

from .cards import (
    PAWN_ACTIONS,
    ROLL_AGAIN,
    STEAL,
    SWITCH,
    card_name,
    is_keeper,
    pawn_action_target,
)
from .numbers import FINISH, is_all_red
from .state import (
    ACTION,
    DOUBLE_TIME,
    MOVE,
    PAWN_NAMES,
    copy_state,
    ctx_of,
    every_pawn,
    is_home,
    leg_start,
    log_event,
    on_numbered_space,
    pawns_of,
    place,
)
from .steps import land, won
from .turns import next_turn, win


# --- the bump and draw phases ------------------------------------------------------------------
def may_draw(pawn: list[int], began_on: int) -> bool:
    """Draw "if a) at least one of your pawns is on an entirely red space (i.e., a prime number
    greater than 10), and b) that pawn did not begin its turn on that space" — never on 101."""
    at = pawn[0]
    return not is_home(pawn) and at != FINISH and is_all_red(at) and at != began_on


def bump_phase(state: State, seat: int) -> None:
    """ "If you end your Move Phase with either of your pawns on the same space as another pawn,
    send the pawn you landed on back to Start." Of two of your own pawns, the one that got
    there last stays."""
    moved = state["turn"]["moved"]
    mine = sorted(range(2), key=lambda i: -moved[i])  # the last mover bumps first, and stays
    for index in mine:
        if moved[index] >= 0 and not is_home(state["pawns"][seat][index]):
            bump_onto(state, seat, seat, index)


def bump_onto(state: State, actor: int, seat: int, index: int) -> None:
    """Every other pawn on the space of pawn (seat, index) goes back to the start of its leg."""
    at = state["pawns"][seat][index][0]
    if not on_numbered_space(at):
        return
    for gid, owner, other, pawn in every_pawn(state):
        if pawn[0] == at and gid != seat * 2 + index:
            bump_pawn(state, actor, owner, other)


def bump_pawn(state: State, actor: int, owner: int, index: int) -> None:
    """Send one pawn back to the start of its way, and say who did it."""
    pawn = tuple(state["pawns"][owner][index])
    at = pawn[0]
    state["pawns"][owner][index] = list(leg_start(pawn))  # type: ignore[arg-type]
    to = state["pawns"][owner][index][0]
    name = PAWN_NAMES[index]
    own = " own" if owner == actor else ""
    log_event(state, "bump", actor, " bumped ", ("own", owner), f"{own} pawn {name}: {at} to {to}.")


def draw_card(state: State, seat: int, pawns: list[int]) -> None:
    """Draw one Prime Card; a Keeper is kept, an Action card acts at once."""
    if not state["draw"] and state["discard"]:
        # "If you run out of cards, shuffle the discard pile and continue drawing."
        state["draw"] = shuffled(state["discard"], state["seed"], "reshuffle", state["reshuffles"])
        state["discard"] = []
        state["reshuffles"] += 1
        log_event(state, "reshuffle", "The discard pile was shuffled into a new draw pile.")
    if not state["draw"]:
        log_event(state, "no_card", seat, " would draw a card, but there are none left.")
        return
    card = state["draw"].pop()
    spec = state["cards"][card]
    state["turn"]["drew"] = True
    if is_keeper(spec):
        state["keepers"][seat].append(card)
        state["turn"]["fresh"].append(card)
        log_event(state, "draw", seat, f" drew a Keeper card: {card_name(spec)}.")
        return
    log_event(state, "draw", seat, f" drew an Action card: {card_name(spec)}!")
    act(state, seat, card, pawns)


# --- Action cards ---------------------------------------------------------------------------
def act(state: State, seat: int, card: str, pawns: list[int]) -> None:
    """ "Immediately perform the action the card requires": at once, or after the player's
    choice (which pawn; which two pawns to switch; which card to steal)."""
    kind = state["cards"][card]["kind"]
    turn = state["turn"]
    if kind == ROLL_AGAIN:
        # Each card is a turn of its own: two in one turn (Double Time) give two more turns.
        turn["extra"] = int(turn["extra"]) + 1
        state["discard"].append(card)
        return
    if kind in PAWN_ACTIONS:
        choices: list[Any] = pawns
        pending = {"card": card, "kind": "pick", "pawns": pawns}
    elif kind == SWITCH:
        choices = [gid for gid, _, _, pawn in every_pawn(state) if on_numbered_space(pawn[0])]
        choices = choices if len(choices) >= 2 else []
        pending = {"card": card, "kind": "switch", "pawns": choices}
    else:
        assert kind == STEAL
        choices = stealable(state, seat)
        pending = {"card": card, "kind": "steal", "cards": choices}
    if not choices:
        log_event(state, "no_effect", "The card has no effect here.")
        state["discard"].append(card)
    elif len(choices) == 1 or (kind == SWITCH and len(choices) == 2):
        resolve_choice(state, seat, card, choices[:2] if kind == SWITCH else choices[0])
    else:
        turn["pending"] = pending
        turn["phase"] = ACTION


def stealable(state: State, seat: int) -> list[str]:
    """Other players' Keeper cards, seat by seat."""
    return [
        card
        for other in range(state["players"])
        if other != seat
        for card in state["keepers"][other]
    ]


def resolve(state: State, choice: Any) -> State:
    """The player's answer to an Action card that needed a choice."""
    new = copy_state(state)
    turn = new["turn"]
    card = turn["pending"]["card"]
    turn["pending"] = None
    turn["phase"] = MOVE
    resolve_choice(new, turn["seat"], card, choice)
    if new["turn"] is not None and new["turn"]["phase"] != ACTION:
        if new["settings"]["variant"] == DOUBLE_TIME:
            turn["undo"] = []
        else:
            next_turn(new)
    return new


def resolve_choice(state: State, seat: int, card: str, choice: Any) -> None:
    """Perform an Action card with its choice (a pawn index, two pawn ids, a card)."""
    spec = state["cards"][card]
    kind = spec["kind"]
    state["discard"].append(card)
    if kind == SWITCH:
        first, second = choice
        a, b = divmod(first, 2), divmod(second, 2)
        pa, pb = state["pawns"][a[0]][a[1]], state["pawns"][b[0]][b[1]]
        place(state, a[0], a[1], (pb[0], pa[1]))
        place(state, b[0], b[1], (pa[0], pb[1]))
        log_event(state, "switch", f"The pawns on {pa[0]} and {pb[0]} switched places.")
        return
    if kind == STEAL:
        owner = next(o for o in range(state["players"]) if choice in state["keepers"][o])
        state["keepers"][owner].remove(choice)
        state["keepers"][seat].append(choice)
        state["turn"]["fresh"].append(choice)
        name = card_name(state["cards"][choice])
        log_event(state, "steal", seat, " stole ", ("own", owner), f" Keeper card: {name}.")
        return
    pawn = state["pawns"][seat][choice]
    others = [
        p[0]
        for gid, _, _, p in every_pawn(state)
        if gid != seat * 2 + choice and on_numbered_space(p[0])
    ]
    to = pawn_action_target(spec, pawn[0], others)
    if to is None:
        log_event(state, "no_effect", "The card has no effect here.")
        return
    at = pawn[0]
    place(state, seat, choice, land(ctx_of(state), to, pawn[1]))
    log_event(state, "action", ("own", seat), f" pawn {PAWN_NAMES[choice]} went from {at} to {to}.")
    # "If an Action Card takes your pawn to an occupied space on the board, bump the pawn you
    # land on back to Start. If [it] takes your pawn to a new red space, do not draw another."
    bump_onto(state, seat, seat, choice)
    if won(ctx_of(state), pawns_of(state, seat)):
        win(state, seat)
