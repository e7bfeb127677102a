"""The Multiplication Game's moves, their JSON form, and checking a move is one of them.

A turn is one move: Discard a card declaring it as a × b (a <= b), or Draw. Pure Python.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, ClassVar

from games.engine.protocol import IllegalMove, Move

from .cards import FREE, Card, is_card, product_text

# move_from_json refuses bigger numbers: Python cannot even print an int of 5000 digits.
NUMBER_LIMIT = 10_000


@dataclass(frozen=True)
class Discard(Move):
    """Discard a card declaring it as a × b (a <= b)."""

    type: ClassVar[str] = "discard"
    card: Card
    a: int
    b: int

    def label(self) -> str:
        """ "24 = 4 × 6" or "free card as 4 = 4 × 1"."""
        text = f"{self.a * self.b} = {product_text(self.a, self.b)}"
        return f"free card as {text}" if self.card == FREE else text


@dataclass(frozen=True)
class Draw(Move):
    """Draw one card instead of discarding; the turn passes."""

    type: ClassVar[str] = "draw"

    def label(self) -> str:
        """ "draw a card"."""
        return "draw a card"


def move_from_json(data: Any) -> Move:
    """A move from its JSON form; anything malformed raises IllegalMove."""
    if not isinstance(data, dict):
        raise IllegalMove("That is not a move in this game.")
    kind = data.get("type")
    if kind == "draw" and set(data) == {"type"}:
        return Draw()
    if kind != "discard" or not set(data) <= {"type", "card", "a", "b"}:
        raise IllegalMove("That is not a move in this game.")
    # The board's form leaves out what the child did not tap: say what is missing.
    if "card" not in data:
        raise IllegalMove("Pick one of your cards first.")
    if "a" not in data or "b" not in data:
        raise IllegalMove("Tap two numbers to say your card as a multiplication.")
    if not is_card(data["card"]):
        raise IllegalMove("There is no such card in this game.")
    a, b = _multiplier(data["a"]), _multiplier(data["b"])
    return Discard(data["card"], min(a, b), max(a, b))


def checked_move(move: object) -> Move:
    """A move of this game with a <= b, even one built by hand; IllegalMove for anything else."""
    if type(move) is Draw:
        return move
    if type(move) is not Discard or not is_card(move.card):
        raise IllegalMove("That is not a move in this game.")
    a, b = _multiplier(move.a), _multiplier(move.b)
    return move if a <= b else Discard(move.card, b, a)


def _multiplier(value: Any) -> int:
    if type(value) is not int or abs(value) > NUMBER_LIMIT:
        raise IllegalMove("A multiplier must be a whole number from 1 to 10.")
    return value
