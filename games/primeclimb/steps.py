"""One step of a turn: a die applied to a pawn with +, −, × or ÷, and which steps are legal.

Pure functions of small tuples, shared by the rules, the view, the bots and the search, so
legality is decided in one place. A pawn is (at, goal): goal 101 on the way up, 0 on the way
down (Prime Decline, the way back in There and Back Again); (HOME, HOME) once it is home.

Rule text: "Pawns may never move to a space not on the board, such as negative numbers,
non-whole numbers, or numbers greater than 101." "You must use all your rolls." FAQ: "You do
have to move. That may mean moving backwards. In the unlikely event that you are forced to go
below 0, you stay at 0." docs/rules.md: "If every legal sequence is impossible (no move keeps a
pawn on the board), the turn passes."
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from .numbers import ADD, DIVIDE, FINISH, MULTIPLY, OPS, START, SUBTRACT, raw_result

HOME = -1
Pawn = tuple[int, int]
Pawns = tuple[Pawn, ...]
HOME_PAWN: Pawn = (HOME, HOME)

# Problems a step can have (the kinds of IllegalMove and of learning-event mistakes).
NOT_WHOLE, BELOW_0, PAST_101, STATION, CURSED = (
    "not_whole",
    "below_0",
    "past_101",
    "station",
    "cursed",
)
ARITHMETIC_PROBLEMS = frozenset({NOT_WHOLE, BELOW_0, PAST_101})
# The curse: "an opponent may only subtract or divide on their next turn". Our decision: it
# means "only move backwards", so a pawn on its way down to 0 may only add or multiply.
BACKWARD_OPS = {FINISH: (SUBTRACT, DIVIDE), START: (ADD, MULTIPLY)}


@dataclass(frozen=True)
class Ctx:
    """What legality depends on besides the pawns, the dice left and the way stations."""

    turn_back: bool = False  # There and Back Again: a pawn reaching 101 turns round for 0
    sprint: bool = False  # Prime Sprint: one pawn home wins
    cursed: bool = False  # this player was cursed for this turn
    may_left: int = -1  # doubles with "may": the turn may stop with this many dice left


@dataclass(frozen=True)
class Option:
    """A legal step: pawn `pawn` (0 or 1) uses a die of value `die` with `op`."""

    pawn: int
    die: int
    op: str
    to: Pawn  # the pawn afterwards
    forced: bool = False  # "forced to go below 0, you stay at 0"

    @property
    def key(self) -> tuple[int, int, str]:
        """(pawn, die, op), as a Step move names it."""
        return (self.pawn, self.die, self.op)


def landing(at: int, option: Option) -> int:
    """The number of the circle a step from `at` lands on: what the player answers (for a pawn
    pushed off the board behind it, the edge it stays on)."""
    if option.forced:
        return option.to[0]
    result = raw_result(at, option.op, option.die)
    assert result is not None, "a legal step gives a whole number"
    return result


def allowed_ops(ctx: Ctx, goal: int) -> tuple[str, ...]:
    """The operations a pawn heading for `goal` may use (all four unless cursed)."""
    return BACKWARD_OPS[goal] if ctx.cursed else OPS


def land(ctx: Ctx, to: int, goal: int) -> Pawn:
    """A pawn arriving on `to`: home on its goal (or, There and Back Again, turning on 101)."""
    if to != goal:
        return (to, goal)
    if goal == FINISH and ctx.turn_back:
        return (FINISH, START)
    return HOME_PAWN


def try_step(
    ctx: Ctx, pawn: Pawn, missing: tuple[int, ...], op: str, die: int, forced: bool = False
) -> tuple[Pawn | None, str]:
    """(the pawn after the step, "") or (None, the problem). With `forced`, a pawn pushed off
    the board behind it stays on its starting edge (0 on the way up, 101 on the way down)."""
    at, goal = pawn
    if op not in allowed_ops(ctx, goal):
        return None, CURSED
    to = raw_result(at, op, die)
    if to is None:
        return None, NOT_WHOLE  # FAQ: "Do not use fractions or rounding when you divide."
    if to < START:
        if forced and goal == FINISH:
            return (START, goal), ""
        return None, BELOW_0
    if to > FINISH:
        if forced and goal == START:
            return (FINISH, goal), ""
        return None, PAST_101
    if to == FINISH and goal == FINISH and missing:
        return None, STATION  # Way Stations: "Before a player can move any pawn to 101..."
    return land(ctx, to, goal), ""


def won(ctx: Ctx, pawns: Pawns) -> bool:
    """Both pawns home (Prime Sprint: one)."""
    home = [pawn == HOME_PAWN for pawn in pawns]
    return any(home) if ctx.sprint else all(home)


def can_stop(ctx: Ctx, left: tuple[int, ...]) -> bool:
    """Every die used (or, doubles with "may", two of the four)."""
    return not left or len(left) == ctx.may_left


def after(
    pawns: Pawns, left: tuple[int, ...], missing: tuple[int, ...], option: Option
) -> tuple[Pawns, tuple[int, ...], tuple[int, ...]]:
    """The pawns, dice left and way stations still missing after a step."""
    new = list(pawns)
    new[option.pawn] = option.to
    rest = list(left)
    rest.remove(option.die)
    return tuple(new), tuple(rest), visit(missing, option.to[0])


def visit(missing: tuple[int, ...], at: int) -> tuple[int, ...]:
    """Way Stations: landing on a chosen space ticks it off."""
    return tuple(s for s in missing if s != at) if at in missing else missing


def ordinary_steps(
    ctx: Ctx, pawns: Pawns, left: tuple[int, ...], missing: tuple[int, ...]
) -> list[Option]:
    """Every step that keeps its pawn on the board, in the fixed order (pawn, die, op)."""
    return _steps(ctx, pawns, left, missing, forced=False)


def _steps(ctx, pawns, left, missing, forced: bool) -> list[Option]:
    options = []
    for i, pawn in enumerate(pawns):
        if pawn == HOME_PAWN:
            continue
        for die in sorted(set(left)):
            for op in OPS:
                to, _ = try_step(ctx, pawn, missing, op, die, forced)
                if to is None:
                    continue
                if forced and try_step(ctx, pawn, missing, op, die)[0] is not None:
                    continue  # only the steps that need "you stay at 0"
                options.append(Option(i, die, op, to, forced))
    return options


@lru_cache(maxsize=20_000)
def completes(ctx: Ctx, pawns: Pawns, left: tuple[int, ...], missing: tuple[int, ...]) -> bool:
    """Whether the dice left can all be used with steps that stay on the board (or win)."""
    if won(ctx, pawns) or can_stop(ctx, left):
        return True
    return any(
        completes(ctx, *after(pawns, left, missing, option))
        for option in ordinary_steps(ctx, pawns, left, missing)
    )


@lru_cache(maxsize=20_000)
def legal_steps(
    ctx: Ctx, pawns: Pawns, left: tuple[int, ...], missing: tuple[int, ...]
) -> tuple[Option, ...]:
    """The steps a player may take now, in the fixed order (pawn, die, op).

    Steps after which the other dice can still all be used; if there are none, any step that
    stays on the board, and the FAQ's "you stay at 0" for a pawn pushed below 0. Empty when
    the turn is won or no die is left (or, never in practice, nothing at all is possible:
    then the turn passes)."""
    if won(ctx, pawns) or not left:
        return ()
    ordinary = ordinary_steps(ctx, pawns, left, missing)
    if not ctx.cursed:
        # Uncursed, every die fits every pawn on the board: from 1–100 one of p + d ≤ 101 or
        # p − d ≥ 0 holds, and Start or 101 take any die (0 ÷ d, 101 − d). So no step can
        # leave a die unusable.
        return tuple(ordinary)
    good = [o for o in ordinary if completes(ctx, *after(pawns, left, missing, o))]
    if good:
        return tuple(good)
    forced = _steps(ctx, pawns, left, missing, forced=True)
    order = {op: i for i, op in enumerate(OPS)}
    return tuple(sorted(ordinary + forced, key=lambda o: (o.pawn, o.die, order[o.op])))


def may_end(ctx: Ctx, pawns: Pawns, left: tuple[int, ...], missing: tuple[int, ...]) -> bool:
    """Whether the move phase may end now: dice used up, or no step possible (the turn
    passes)."""
    return can_stop(ctx, left) or not legal_steps(ctx, pawns, left, missing)


def distance(pawn: Pawn, turn_back: bool) -> int:
    """Spaces still to go: to 101 (and, There and Back Again, back to 0); 0 once home."""
    at, goal = pawn
    if pawn == HOME_PAWN:
        return 0
    if goal == START:
        return at
    return (FINISH - at) + (FINISH if turn_back else 0)
