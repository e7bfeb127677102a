"""Prime Climb's moves, their JSON form, and checking a move is one of them.

A turn is built step by step: Roll, then Steps (a die on a pawn with +, −, × or ÷) and Keeper
cards in any order, Undo to take a step back, EndTurn. An Action card that needs a choice is
answered with PickPawn, Switch or Steal. Pawns of the player moving are 0 (A) and 1 (B);
other pawns are named by their global id, seat * 2 + index.

A Step or an add-or-subtract Nudge carries the player's `answer`: the number of the circle
the pawn lands on, which the player works out (the rules check it). With the teacher's
setting "show the results" the board works it out instead and the move has no answer
(None, left out of its JSON).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, ClassVar

from games.engine.protocol import IllegalMove, Move

from .cards import ALL_IDS
from .numbers import ADD, DIE_FACES, OPS, SUBTRACT, SYMBOLS

MAX_PAWN_ID = 7  # 4 players × 2 pawns
MAX_SEAT = 3
PAWN_NAMES = ("A", "B")


@dataclass(frozen=True)
class Roll(Move):
    """Roll the two dice (the app rolls them, seeded: the move log replays the same roll)."""

    type: ClassVar[str] = "roll"

    def label(self) -> str:
        """ "roll the dice"."""
        return "roll the dice"


class _Answered(Move):
    """A move that may carry the player's answer: its JSON leaves out an answer of None."""

    def to_json(self) -> dict[str, Any]:
        data = super().to_json()
        if data["answer"] is None:
            del data["answer"]
        return data


@dataclass(frozen=True)
class Step(_Answered):
    """Apply one die to one of your pawns: pawn 0 (A) or 1 (B), the die's value, the op, and
    the number the player says the pawn lands on (None: the board showed the result)."""

    type: ClassVar[str] = "step"
    pawn: int
    die: int
    op: str
    answer: int | None = None

    def label(self) -> str:
        """ "pawn A: − 3", "pawn A: − 3 → 11"."""
        said = "" if self.answer is None else f" → {self.answer}"
        return f"pawn {PAWN_NAMES[self.pawn]}: {SYMBOLS[self.op]} {self.die}{said}"


@dataclass(frozen=True)
class Nudge(_Answered):
    """Play an "add or subtract N" Keeper card on one of your pawns (with the player's answer,
    as a Step)."""

    type: ClassVar[str] = "nudge"
    card: str
    pawn: int
    op: str
    answer: int | None = None

    def label(self) -> str:
        """ "card plus3 on pawn A: + 3"."""
        return f"card {self.card} on pawn {PAWN_NAMES[self.pawn]}: {SYMBOLS[self.op]}"


@dataclass(frozen=True)
class BumpCard(Move):
    """Play a "bump any pawn back to Start" Keeper card on a pawn (its global id)."""

    type: ClassVar[str] = "bump"
    card: str
    target: int

    def label(self) -> str:
        """ "bump pawn 3"."""
        return f"bump pawn {self.target}"


@dataclass(frozen=True)
class Curse(Move):
    """Play a curse Keeper card on another player (their seat)."""

    type: ClassVar[str] = "curse"
    card: str
    seat: int

    def label(self) -> str:
        """ "curse player 2"."""
        return f"curse player {self.seat + 1}"


@dataclass(frozen=True)
class Undo(Move):
    """Take back the last step or card of this turn."""

    type: ClassVar[str] = "undo"

    def label(self) -> str:
        """ "take back a step"."""
        return "take back a step"


@dataclass(frozen=True)
class EndTurn(Move):
    """Finish the move phase: bump, draw, and the next player's turn."""

    type: ClassVar[str] = "end"

    def label(self) -> str:
        """ "end the turn"."""
        return "end the turn"


@dataclass(frozen=True)
class PickPawn(Move):
    """Choose which of your pawns an Action card moves (both landed on red)."""

    type: ClassVar[str] = "pick"
    pawn: int

    def label(self) -> str:
        """ "use the card on pawn A"."""
        return f"use the card on pawn {PAWN_NAMES[self.pawn]}"


@dataclass(frozen=True)
class Switch(Move):
    """Choose the two pawns (global ids, first < second) a "switch" card swaps."""

    type: ClassVar[str] = "switch"
    first: int
    second: int

    def label(self) -> str:
        """ "switch pawns 1 and 4"."""
        return f"switch pawns {self.first} and {self.second}"


@dataclass(frozen=True)
class Steal(Move):
    """Choose the Keeper card a "steal" card takes from another player."""

    type: ClassVar[str] = "steal"
    card: str

    def label(self) -> str:
        """ "steal plus3"."""
        return f"steal {self.card}"


_PLAIN: dict[str, Move] = {cls.type: cls() for cls in (Roll, Undo, EndTurn)}
_FIELDS: dict[str, tuple[type[Move], tuple[str, ...]]] = {
    Step.type: (Step, ("pawn", "die", "op")),
    Nudge.type: (Nudge, ("card", "pawn", "op")),
    BumpCard.type: (BumpCard, ("card", "target")),
    Curse.type: (Curse, ("card", "seat")),
    PickPawn.type: (PickPawn, ("pawn",)),
    Switch.type: (Switch, ("first", "second")),
    Steal.type: (Steal, ("card",)),
}
ANSWERED = frozenset({Step.type, Nudge.type})
# What a child forgot to choose on the board's step form (its radio buttons post nothing
# until one is picked), in the order the form asks.
MISSING = {
    "pawn": "First choose a pawn to move: A or B.",
    "die": "Choose which die to use.",
    "op": "Choose what to do: +, −, × or ÷.",
}
NO_ANSWER = "Where does your pawn land? Type the number, or tap its circle on the board."
BAD_ANSWER = "Type the number your pawn lands on, like 17."
ANSWERS = range(-9_999, 10_000)  # any whole number a child might type; the rules judge it


def move_from_json(data: Any) -> Move:
    """A move from its JSON form; anything malformed raises IllegalMove. A step from the
    board's form that misses a choice or its answer is told what to do next."""
    if not isinstance(data, dict) or not isinstance(data.get("type"), str):
        raise IllegalMove("That is not a move in this game.")
    kind = data["type"]
    if kind in _PLAIN and set(data) == {"type"}:
        return _PLAIN[kind]
    if kind not in _FIELDS:
        raise IllegalMove("That is not a move in this game.")
    cls, names = _FIELDS[kind]
    fields = {"type", *names, "answer"} if kind in ANSWERED else {"type", *names}
    if not set(data) <= fields:
        raise IllegalMove("That is not a move in this game.")
    for name in names:
        if name not in data:
            raise IllegalMove(MISSING.get(name, "That is not a move in this game."))
    values = {name: data[name] for name in names}
    if kind in ANSWERED:
        values["answer"] = _answer(data.get("answer"))
    return checked_move(cls(**values))


def _answer(value: Any) -> int | None:
    """The player's answer: a whole number, or None when the move has none."""
    if value is None:
        return None
    if value == "":
        raise IllegalMove(NO_ANSWER)
    if type(value) is not int or value not in ANSWERS:
        raise IllegalMove(BAD_ANSWER)
    return value


def checked_move(move: object) -> Move:
    """A move of this game with sensible fields; IllegalMove for anything else."""
    if type(move) in (Roll, Undo, EndTurn):
        return move  # type: ignore[return-value]
    checks = {
        Step: lambda m: (
            _pawn(m.pawn) and _int(m.die, DIE_FACES) and _op(m.op, _OPS) and _said(m.answer)
        ),
        Nudge: lambda m: (
            _card(m.card) and _pawn(m.pawn) and _op(m.op, _NUDGE_OPS) and _said(m.answer)
        ),
        BumpCard: lambda m: _card(m.card) and _int(m.target, range(MAX_PAWN_ID + 1)),
        Curse: lambda m: _card(m.card) and _int(m.seat, range(MAX_SEAT + 1)),
        PickPawn: lambda m: _pawn(m.pawn),
        Switch: lambda m: (
            _int(m.first, range(MAX_PAWN_ID + 1))
            and _int(m.second, range(m.first + 1, MAX_PAWN_ID + 1))
        ),
        Steal: lambda m: _card(m.card),
    }
    check = checks.get(type(move))  # type: ignore[arg-type]
    if check is None or not check(move):
        if type(move) is Step and not _int(getattr(move, "die", None), DIE_FACES):
            raise IllegalMove("Use one die at a time: each die shows a number from 1 to 10.")
        raise IllegalMove("That is not a move in this game.")
    return move  # type: ignore[return-value]


_OPS = frozenset(OPS)
_NUDGE_OPS = frozenset({ADD, SUBTRACT})


def _op(value: Any, allowed: frozenset[str]) -> bool:
    return isinstance(value, str) and value in allowed


def _int(value: Any, allowed: range) -> bool:
    return type(value) is int and value in allowed


def _said(value: Any) -> bool:
    return value is None or _int(value, ANSWERS)


def _pawn(value: Any) -> bool:
    return _int(value, range(2))


def _card(value: Any) -> bool:
    return isinstance(value, str) and value in ALL_IDS
