"""What a Prime Climb move shows about a player's arithmetic: the facts worked out (right, or
a wrong result the rules refused), the steps tried that leave the board, and whether the turn
ended as close to 101 as the dice allowed. With "show the results" the board worked the facts
out: they are recorded as help (helped=True), not as the player's own skill."""

from __future__ import annotations

from games.engine.protocol import IllegalMove, LearningEvent, Move, State

from .legal import WRONG_RESULT, check_step, position
from .moves import EndTurn, Nudge, Step, checked_move
from .numbers import raw_result, skill
from .search import best_distance
from .state import TURN_BACK, shows_results, stations
from .steps import ARITHMETIC_PROBLEMS, Pawns, distance

CLOSEST = "closest_to_101"
MISTAKES = ARITHMETIC_PROBLEMS | {WRONG_RESULT}


def learning_events(
    before: State, player: int, move: Move, after: State | IllegalMove
) -> list[LearningEvent]:
    """Each committed step's fact ("14-3", "11x9", "98/7"); a wrong result, a step off the
    board or a division that is not whole as a mistake; at the end of a turn (or a winning
    step) whether the player's closest pawn is as close to its goal as any way of using this
    roll could make it."""
    try:
        move = checked_move(move)
    except IllegalMove:
        return []
    if isinstance(after, IllegalMove):
        return _mistakes(before, player, move, after)
    if isinstance(move, Step | Nudge):
        events = _fact(before, player, move)
        if after["turn"] is None and player in after["winners"]:
            events += _closest(before, player, after)
        return events
    if isinstance(move, EndTurn) and before["turn"]["steps"]:
        return _closest(before, player, before)
    return []


def _fact(before: State, player: int, move: Step | Nudge) -> list[LearningEvent]:
    if isinstance(move, Step):
        option = check_step(before, move)
        if option.forced:
            return []  # "you stay at 0": no fact was used
        number = move.die
    else:
        number = before["cards"][move.card]["n"]
    at = before["pawns"][player][move.pawn][0]
    result = raw_result(at, move.op, number)
    detail = {"from": at, "op": move.op, "number": number, "result": result}
    if isinstance(move, Nudge):
        detail["card"] = move.card
    helped = shows_results(before)
    if not helped:
        detail["answer"] = move.answer
    fact = skill(at, move.op, number)
    return [LearningEvent(player, "fact", fact, True, detail=detail, helped=helped)]


def _mistakes(before: State, player: int, move: Move, error: IllegalMove) -> list[LearningEvent]:
    if not isinstance(move, Step | Nudge) or error.kind not in MISTAKES:
        return []
    detail = dict(error.detail)
    at, number = detail["from"], detail["die"]
    return [LearningEvent(player, "fact", skill(at, move.op, number), False, error.kind, detail)]


def _closest(before: State, player: int, end: State) -> list[LearningEvent]:
    """Kind "closest_to_101": correct when the closest pawn ends as near its goal as the best
    way of using this roll's dice would have got it (Keeper cards may do better still)."""
    turn = before["turn"]
    if not turn["start"]:
        return []
    ctx, _, _, _ = position(before)
    dice = turn["dice"]
    full = tuple(sorted(dice * 2 if dice[0] == dice[1] else dice))
    start: Pawns = tuple((p[0], p[1]) for p in turn["start"])
    missing = tuple(s for s in stations(before) if s not in turn["visited"])
    turn_back = before["settings"]["variant"] in TURN_BACK
    moving = [i for i, pawn in enumerate(start) if pawn[0] >= 0]
    best = best_distance(ctx, start, full, missing, tuple(moving))
    if end["turn"] is None:
        achieved = 0
    else:
        mine: Pawns = tuple((p[0], p[1]) for p in end["pawns"][player])
        achieved = _metric(mine, moving, turn_back)
    detail = {"achieved": achieved, "best": best, "dice": list(dice), "start": turn["start"]}
    return [LearningEvent(player, CLOSEST, CLOSEST, achieved <= best, detail=detail)]


def _metric(pawns: Pawns, moving: list[int], turn_back: bool) -> int:
    """Spaces to go for the pawn closest to its goal (among those that started on the board)."""
    return min(distance(pawns[i], turn_back) for i in moving)
