"""Which moves a player may make now, and why any other move is refused (in a child's words).

legal_moves and apply_move both come through here, so the list and the checks never differ.
"""

from __future__ import annotations

from games.engine.protocol import IllegalMove, Move, State

from . import cardplay, flow
from .cards import BUMP, CURSE, PLUS_MINUS, card_name
from .moves import (
    PAWN_NAMES,
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
    checked_move,
)
from .numbers import ADD, FINISH, SUBTRACT, SYMBOLS, raw_result
from .state import ACTION, ROLL, ctx_of, every_pawn, missing_stations, on_numbered_space
from .steps import (
    BELOW_0,
    CURSED,
    NOT_WHOLE,
    PAST_101,
    STATION,
    Option,
    legal_steps,
    may_end,
    try_step,
)

CURSE_WORDS = {FINISH: "subtract or divide", 0: "add or multiply"}


# --- the moves a player has --------------------------------------------------------------------
def position(state: State) -> tuple:
    """The current player's (ctx, pawns, dice left, way stations missing) for steps.py."""
    turn = state["turn"]
    seat = turn["seat"]
    pawns = tuple((p[0], p[1]) for p in state["pawns"][seat])
    return ctx_of(state), pawns, tuple(sorted(turn["left"])), missing_stations(state, seat)


def step_options(state: State) -> tuple[Option, ...]:
    """The legal steps of the player whose turn it is."""
    return legal_steps(*position(state))


def legal_moves(state: State, player: int) -> list[Move]:
    """Roll; or Steps, Keeper cards, Undo, EndTurn; or the answers to an Action card."""
    turn = state["turn"]
    if turn is None or player != turn["seat"]:
        return []
    if turn["phase"] == ROLL:
        return [Roll()]
    if turn["phase"] == ACTION:
        return _answers(turn["pending"])
    here = position(state)
    moves: list[Move] = [Step(o.pawn, o.die, o.op) for o in legal_steps(*here)]
    if state["keepers"][player]:
        moves += keeper_moves(state, player)
    if turn["undo"]:
        moves.append(Undo())
    if may_end(*here):
        moves.append(EndTurn())
    return moves


def _answers(pending: dict) -> list[Move]:
    if pending["kind"] == "pick":
        return [PickPawn(i) for i in pending["pawns"]]
    if pending["kind"] == "switch":
        ids = pending["pawns"]
        return [Switch(a, b) for i, a in enumerate(ids) for b in ids[i + 1 :]]
    return [Steal(card) for card in pending["cards"]]


def keeper_moves(state: State, seat: int) -> list[Move]:
    """Every Keeper card play, card by card in hand order ("You may not play a Keeper Card the
    turn you draw it")."""
    ctx, pawns, _, missing = position(state)
    moves: list[Move] = []
    for card in state["keepers"][seat]:
        if card in state["turn"]["fresh"]:
            continue
        spec = state["cards"][card]
        if spec["kind"] == PLUS_MINUS:
            for i, pawn in enumerate(pawns):
                for op in (ADD, SUBTRACT):
                    if pawn[0] >= 0 and try_step(ctx, pawn, missing, op, spec["n"])[0]:
                        moves.append(Nudge(card, i, op))
        elif spec["kind"] == BUMP:
            for gid, _, _, pawn in every_pawn(state):
                if on_numbered_space(pawn[0]):
                    moves.append(BumpCard(card, gid))
        elif spec["kind"] == CURSE:
            for other in range(state["players"]):
                if other != seat and other not in state["cursed"]:
                    moves.append(Curse(card, other))
    return moves


# --- applying a move -----------------------------------------------------------------------------
def play(state: State, player: int, move: Move) -> State:
    """The state after the move, or IllegalMove saying why not."""
    move = checked_move(move)
    turn = state["turn"]
    if turn is None:
        raise IllegalMove("The game is over.")
    if type(player) is not int or player != turn["seat"]:
        raise IllegalMove("It's not your turn.")
    if isinstance(move, Roll):
        if turn["phase"] != ROLL:
            raise IllegalMove("You already rolled the dice this turn.")
        return flow.roll(state)
    if turn["phase"] == ROLL:
        raise IllegalMove("Roll the dice first.")
    if isinstance(move, PickPawn | Switch | Steal):
        if turn["phase"] != ACTION or move not in _answers(turn["pending"]):
            raise IllegalMove("That is not a choice the card gives you.")
        choice = (move.first, move.second) if isinstance(move, Switch) else None
        if isinstance(move, PickPawn):
            choice = move.pawn
        elif isinstance(move, Steal):
            choice = move.card
        return cardplay.resolve(state, choice)
    if turn["phase"] == ACTION:
        raise IllegalMove("First choose what the card does.")
    return _move_phase(state, player, move)


def _move_phase(state: State, player: int, move: Move) -> State:
    if isinstance(move, Step):
        return flow.step(state, check_step(state, move))
    if isinstance(move, Undo):
        if not state["turn"]["undo"]:
            raise IllegalMove("There is nothing to take back.")
        return flow.undo(state)
    if isinstance(move, EndTurn):
        if not may_end(*position(state)):
            left = state["turn"]["left"]
            raise IllegalMove(f"Use all your dice first: you still have {_and(left)}.")
        return flow.end_turn(state)
    _check_keeper(state, player, move)
    if isinstance(move, Nudge):
        ctx, pawns, _, missing = position(state)
        n = state["cards"][move.card]["n"]
        to, _ = try_step(ctx, pawns[move.pawn], missing, move.op, n)
        assert to is not None
        return flow.nudge(state, move.card, move.pawn, to, move.op)
    if isinstance(move, BumpCard):
        return flow.bump_card(state, move.card, move.target)
    assert isinstance(move, Curse)
    return flow.curse(state, move.card, move.seat)


def check_step(state: State, move: Step) -> Option:
    """The legal step this move is, or IllegalMove saying what is wrong with it."""
    ctx, pawns, left, missing = position(state)
    for option in legal_steps(ctx, pawns, left, missing):
        if option.key == (move.pawn, move.die, move.op):
            return option
    pawn = pawns[move.pawn]
    if pawn[0] < 0:
        raise IllegalMove(f"Pawn {PAWN_NAMES[move.pawn]} is already home.")
    if move.die not in left:
        dice = state["turn"]["dice"]
        if move.die in dice:
            raise IllegalMove(f"You already used your {move.die}.")
        rolled = f"double {dice[0]}s" if dice[0] == dice[1] else f"{dice[0]} and {dice[1]}"
        raise IllegalMove(f"You rolled {rolled}: use one die at a time.")
    _, problem = try_step(ctx, pawn, missing, move.op, move.die)
    if problem:
        raise step_problem(pawn, move.op, move.die, problem, missing)
    raise IllegalMove("Then your other dice could not all be used: try another step.")


def step_problem(pawn, op: str, die: int, problem: str, missing) -> IllegalMove:
    """Why a die (or a card) cannot move this pawn this way, for a 9-year-old."""
    at = pawn[0]
    result = raw_result(at, op, die)
    text = f"{at} {SYMBOLS[op]} {die}"
    detail = {"from": at, "op": op, "die": die, "result": result}
    if problem == CURSED:
        return IllegalMove(f"You are cursed: this turn you may only {CURSE_WORDS[pawn[1]]}.")
    if problem == NOT_WHOLE:
        reason = f"{text} is not a whole number: {die} does not go into {at} exactly."
        return IllegalMove(reason, kind=NOT_WHOLE, detail=detail)
    if problem == BELOW_0:
        return IllegalMove(f"{text} = {result}: that's below 0.", kind=BELOW_0, detail=detail)
    if problem == PAST_101:
        return IllegalMove(f"{text} = {result}: that's past 101.", kind=PAST_101, detail=detail)
    assert problem == STATION
    return IllegalMove(f"Land on the way station{'s' if len(missing) > 1 else ''} "
                       f"{_and(list(missing))} before you go to 101.")  # fmt: skip


def _check_keeper(state: State, player: int, move: Move) -> None:
    card = getattr(move, "card", None)
    if card not in state["keepers"][player]:
        raise IllegalMove("You don't have that Keeper card.")
    spec = state["cards"][card]
    if card in state["turn"]["fresh"]:
        raise IllegalMove("You got that card this turn: keep it for a later turn.")
    wanted = {Nudge: PLUS_MINUS, BumpCard: BUMP, Curse: CURSE}[type(move)]
    if spec["kind"] != wanted:
        raise IllegalMove(f"The card “{card_name(spec)}” does not do that.")
    if move in keeper_moves(state, player):
        return
    if isinstance(move, Nudge):
        ctx, pawns, _, missing = position(state)
        pawn = pawns[move.pawn]
        if pawn[0] < 0:
            raise IllegalMove(f"Pawn {PAWN_NAMES[move.pawn]} is already home.")
        _, problem = try_step(ctx, pawn, missing, move.op, spec["n"])
        raise step_problem(pawn, move.op, spec["n"], problem, missing)
    if isinstance(move, BumpCard):
        raise IllegalMove("Choose a pawn on the board (not on Start, not home).")
    if move.seat == player:  # type: ignore[attr-defined]
        raise IllegalMove("Curse another player, not yourself.")
    raise IllegalMove("That player is not playing, or is cursed already.")


def _and(numbers: list[int]) -> str:
    """ "3", "3 and 9", "31, 53 and 79"."""
    words = [str(n) for n in numbers]
    return words[0] if len(words) == 1 else ", ".join(words[:-1]) + " and " + words[-1]
