"""Prime Bomb – Capture's moves: Flip, Choose and Swap, their JSON form and their parsing.

Pure Python: no Django.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from itertools import combinations
from typing import Any, ClassVar

from games.engine.common import move_index, move_positions
from games.engine.protocol import IllegalMove, Move

NOT_A_MOVE = "That is not a move in Prime Bomb."
MAX_POSITIONS = 20


# --- moves ----------------------------------------------------------------------------------------
@dataclass(frozen=True)
class Flip(Move):
    """The flipper turns up the next card."""

    type: ClassVar[str] = "flip"

    def label(self) -> str:
        return "turned up the next card"


@lru_cache(maxsize=4096)
def hand_choices(hand: tuple[int, ...]) -> tuple[Choose, ...]:
    """Every different set of cards from the hand (one per set of values), smallest first:
    the same hand is asked for at every step of a round, by every part of the app."""
    moves: list[Choose] = []
    seen: set[tuple[int, ...]] = set()
    for size in range(len(hand) + 1):
        for positions in combinations(range(len(hand)), size):
            values = tuple(hand[p] for p in positions)
            if values not in seen:
                seen.add(values)
                moves.append(Choose(positions))
    return tuple(moves)


@dataclass(frozen=True)
class Choose(Move):
    """A secret choice: hand positions (sorted), none to throw nothing."""

    type: ClassVar[str] = "choose"
    cards: tuple[int, ...] = ()

    def to_json(self) -> dict[str, Any]:
        return {"type": self.type, "cards": list(self.cards)}

    def label(self) -> str:
        return "chose their cards"  # never which: the choice is secret until the reveal


@dataclass(frozen=True)
class Swap(Move):
    """One captured card (by its index in the pile) for one hand card (by hand position)."""

    type: ClassVar[str] = "swap"
    card: int = 0
    captured: int = 0

    def label(self) -> str:
        return "swapped a card"


def _index(value: Any, reason: str) -> int:
    return move_index(value, reason)


def _positions(value: Any) -> tuple[int, ...]:
    """Hand positions, sorted: none (absent, "" or []), an int, a list, or a form's "3,5"."""
    return move_positions(value, "Pick cards from your hand.", most=MAX_POSITIONS)


def parse_move(data: Any) -> Move:
    """A move from its JSON form (what the board posts); anything malformed is IllegalMove."""
    if not isinstance(data, dict) or not isinstance(data.get("type"), str):
        raise IllegalMove(NOT_A_MOVE)
    kind = data["type"]
    if kind == Flip.type:
        return Flip()
    if kind == Choose.type:
        return Choose(_positions(data.get("cards")))
    if kind == Swap.type:
        card = _index(data.get("card"), "Pick a card from your hand to swap.")
        captured = _index(data.get("captured"), "Pick one of your captured cards to swap.")
        return Swap(card, captured)
    raise IllegalMove(NOT_A_MOVE)
