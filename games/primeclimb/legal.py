"""Which moves a player may make now, and why any other move is refused (in a child's words).

legal_moves and apply_move both come through here, so the list and the checks never differ.
A step (or an add-or-subtract card) names the circle its pawn lands on: the player's answer,
checked here ("14 + 3 is not 18"); with "show the results" the board works it out and the
move carries no answer.
"""

from __future__ import annotations

from games.engine.protocol import IllegalMove, Move, State

from . import cardplay, flow
from .cards import BUMP, CURSE, PLUS_MINUS, card_name
from .moves import (
    NO_ANSWER,
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
from .numbers import ADD, FINISH, MULTIPLY, SUBTRACT, SYMBOLS, raw_result
from .state import (
    ACTION,
    ROLL,
    ctx_of,
    every_pawn,
    missing_stations,
    on_numbered_space,
    shows_results,
)
from .steps import (
    BELOW_0,
    CURSED,
    NOT_WHOLE,
    PAST_101,
    STATION,
    Option,
    landing,
    legal_steps,
    may_end,
    try_step,
)

CURSE_WORDS = {FINISH: "subtract or divide", 0: "add or multiply"}
WRONG_RESULT = "wrong_result"  # the kind of mistake: a step's result worked out wrongly
UNUSABLE = "If you do that, you can't use all your dice. Try another step."


# --- the moves a player has --------------------------------------------------------------------
def position(state: State) -> tuple:
    """The current player's (ctx, pawns, dice left, way stations missing) for steps.py."""
    turn = state["turn"]
    seat = turn["seat"]
    pawns = tuple((p[0], p[1]) for p in state["pawns"][seat])
    return ctx_of(state), pawns, tuple(sorted(turn["left"])), missing_stations(state, seat)


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
    shown = shows_results(state)
    pawns = here[1]
    moves: list[Move] = [
        Step(o.pawn, o.die, o.op, None if shown else landing(pawns[o.pawn][0], o))
        for o in legal_steps(*here)
    ]
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
    shown = shows_results(state)
    moves: list[Move] = []
    for card in state["keepers"][seat]:
        if card in state["turn"]["fresh"]:
            continue
        spec = state["cards"][card]
        if spec["kind"] == PLUS_MINUS:
            n = spec["n"]
            for i, pawn in enumerate(pawns):
                for op in (ADD, SUBTRACT):
                    if pawn[0] >= 0 and try_step(ctx, pawn, missing, op, n)[0]:
                        moves.append(Nudge(card, i, op, None if shown else pawn[0] + _sign(op) * n))
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
            raise IllegalMove(f"Use all your dice first: you still have {_and(left)} to use.")
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
    """The legal step this move is (with the right answer), or IllegalMove saying what is
    wrong with it: first whether the step may be taken at all, then the answer."""
    ctx, pawns, left, missing = position(state)
    pawn = pawns[move.pawn]
    for option in legal_steps(ctx, pawns, left, missing):
        if option.key == (move.pawn, move.die, move.op):
            stays = landing(pawn[0], option) if option.forced else None
            check_answer(state, pawn[0], move.op, move.die, move.answer, stays)
            return option
    if pawn[0] < 0:
        raise IllegalMove(f"Pawn {PAWN_NAMES[move.pawn]} is already home: move your other pawn.")
    if move.die not in left:
        dice = state["turn"]["dice"]
        if move.die in dice:
            raise IllegalMove(f"You already used your {move.die}.")
        rolled = f"double {dice[0]}s" if dice[0] == dice[1] else f"{dice[0]} and {dice[1]}"
        raise IllegalMove(f"You rolled {rolled}: use one die at a time.")
    _, problem = try_step(ctx, pawn, missing, move.op, move.die)
    if problem:
        raise step_problem(state, pawn, move.op, move.die, problem, missing, move.answer)
    raise IllegalMove(UNUSABLE)


def check_answer(
    state: State, at: int, op: str, n: int, answer: int | None, stays: int | None = None
) -> None:
    """Refuse a wrong answer for a step that may be taken (`stays`: the edge a pawn pushed off
    the board stays on). With "show the results" the board answers: the move has none."""
    if shows_results(state):
        if answer is not None:
            raise IllegalMove("In this game the board shows the results: choose a step button.")
        return
    if answer is None:
        raise IllegalMove(NO_ANSWER)
    text = f"{at} {SYMBOLS[op]} {n}"
    if stays is not None:
        if answer != stays:
            stay = f"{text} is off the board, so your pawn stays at {stays}."
            raise IllegalMove(f"{stay} Your answer is {stays}.")
        return
    result = raw_result(at, op, n)
    if answer != result:
        raise wrong_result(at, op, n, answer, result)


def wrong_result(at: int, op: str, n: int, answer: int, result: int | None) -> IllegalMove:
    """A wrong answer explained kindly, without giving the right one away."""
    text = f"{at} {SYMBOLS[op]} {n}"
    size = "too big" if result is not None and answer > result else "too small"
    if op == ADD:
        tip = f"Count on {n} from {at}, then try again."
    elif op == SUBTRACT:
        tip = f"Count back {n} from {at}, then try again."
    elif op == MULTIPLY:
        tip = f"Think of {n} groups of {at}, then try again."
        if at > 1 and n > 1:
            colours = f"find the circle with the colours of {at} and {n} together"
            tip = f"Think of {n} groups of {at}, or {colours}."
    else:
        tip = f"Which number times {n} makes {at}? Then try again."
    said = _number(answer)
    reason = f"{text} is not {said}: {said} is {size}. {tip}"
    detail = {"from": at, "op": op, "die": n, "result": result, "answer": answer}
    return IllegalMove(reason, kind=WRONG_RESULT, detail=detail)


def step_problem(
    state: State, pawn, op: str, die: int, problem: str, missing, answer: int | None
) -> IllegalMove:
    """Why a die (or a card) cannot move this pawn this way, for a 9-year-old. When the
    player works out the results, the result is told only if they gave it themselves."""
    at = pawn[0]
    result = raw_result(at, op, die)
    text = f"{at} {SYMBOLS[op]} {die}"
    detail = {"from": at, "op": op, "die": die, "result": result}
    if answer is not None:
        detail["answer"] = answer
    reveal = shows_results(state) or (answer is not None and answer == result)
    said = ("Yes, " if answer is not None else "") + f"{text} = {_number(result)}"
    if problem == CURSED:
        return IllegalMove(f"You are cursed: this turn you may only {CURSE_WORDS[pawn[1]]}.")
    if problem == NOT_WHOLE:
        reason = (
            f"{text} is not a whole number: {die} does not go into {at} exactly. Try another way."
        )
        return IllegalMove(reason, kind=NOT_WHOLE, detail=detail)
    if problem in (BELOW_0, PAST_101):
        edge = "below 0" if problem == BELOW_0 else "past 101"
        if reveal:
            reason = f"{said}, but that's {edge}. A pawn can never go {edge}: try another way."
        else:
            reason = f"{text} goes {edge}. A pawn can never go {edge}: try another way."
        return IllegalMove(reason, kind=problem, detail=detail)
    assert problem == STATION
    if not reveal and answer is not None:
        return wrong_result(at, op, die, answer, result)
    stations = f"way station{'s' if len(missing) > 1 else ''} {_and(list(missing))}"
    if reveal:
        return IllegalMove(f"{said}, but first land on the {stations}. Then go to 101.")
    return IllegalMove(f"First land on the {stations}. Then you may go to 101.")


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
    plays = keeper_moves(state, player)
    if isinstance(move, Nudge):
        ctx, pawns, _, missing = position(state)
        pawn = pawns[move.pawn]
        if any(_same_nudge(move, play) for play in plays):
            check_answer(state, pawn[0], move.op, spec["n"], move.answer)
            return
        if pawn[0] < 0:
            raise IllegalMove(
                f"Pawn {PAWN_NAMES[move.pawn]} is already home: move your other pawn."
            )
        _, problem = try_step(ctx, pawn, missing, move.op, spec["n"])
        raise step_problem(state, pawn, move.op, spec["n"], problem, missing, move.answer)
    if move in plays:
        return
    if isinstance(move, BumpCard):
        raise IllegalMove("A bump card needs a pawn on the board: not on Start, not home.")
    if move.seat == player:  # type: ignore[attr-defined]
        raise IllegalMove("Curse another player, not yourself.")
    raise IllegalMove("That player is not playing, or is cursed already.")


def _same_nudge(move: Nudge, play: Move) -> bool:
    """The same card on the same pawn the same way (whatever the answer)."""
    return isinstance(play, Nudge) and (play.card, play.pawn, play.op) == (
        move.card,
        move.pawn,
        move.op,
    )


def _number(n: int | None) -> str:
    """A number as a child reads it: −2 with a real minus sign."""
    return str(n).replace("-", "−")


def _sign(op: str) -> int:
    return 1 if op == ADD else -1


def _and(numbers: list[int]) -> str:
    """ "3", "3 and 9", "31, 53 and 79"."""
    words = [str(n) for n in numbers]
    return words[0] if len(words) == 1 else ", ".join(words[:-1]) + " and " + words[-1]
