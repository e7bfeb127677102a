"""Prime Solitaire's moves: choose a card (Select), put them back (Clear), take a set
(Collect), turn over a card (Turn), ask for a hint (Hint), give up (Resign); their JSON form,
their parsing and their checking.

Pure Python: no Django.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cache
from typing import Any, ClassVar

from games.engine.protocol import IllegalMove, Move

# --- moves ----------------------------------------------------------------------------------
CARD_REF = re.compile(r"[fs](0|[1-9][0-9]{0,2})")


@dataclass(frozen=True)
class Select(Move):
    """Choose a card for the set, or put it back: "f12" is layout position 12, "s0" the top
    of the face-up stack, "s1" the card under it."""

    type: ClassVar[str] = "select"
    card: str

    def label(self) -> str:
        return f"chose {self.card}"


@dataclass(frozen=True)
class Clear(Move):
    """Put back every chosen card."""

    type: ClassVar[str] = "clear"

    def label(self) -> str:
        return "put the chosen cards back"


@dataclass(frozen=True)
class Collect(Move):
    """Take cards as a factor set: the cards named (in any order: the biggest is the answer),
    or, naming none, the cards chosen with Select."""

    type: ClassVar[str] = "collect"
    cards: tuple[str, ...] = ()

    def __post_init__(self) -> None:
        # The order says nothing in solitaire: one order for the same cards (layout cards by
        # place, then the face-up pile from the top), so the same take is one move.
        if isinstance(self.cards, tuple):
            object.__setattr__(self, "cards", tuple(sorted(self.cards, key=_ref_order)))

    def to_json(self) -> dict[str, Any]:
        """{"type": "collect", "cards": "f28,f33,s0"}, as a form sends ticked cards."""
        if not self.cards:
            return {"type": self.type}
        return {"type": self.type, "cards": ",".join(self.cards)}

    def label(self) -> str:
        return "took a factor set"


@dataclass(frozen=True)
class Turn(Move):
    """Turn the next card of the draw pile onto the face-up stack."""

    type: ClassVar[str] = "turn"

    def label(self) -> str:
        return "turned over a card"


@dataclass(frozen=True)
class Hint(Move):
    """Ask where a set is (made only from cards you can see)."""

    type: ClassVar[str] = "hint"

    def label(self) -> str:
        return "asked for a hint"


@dataclass(frozen=True)
class Resign(Move):
    """Give up this game."""

    type: ClassVar[str] = "resign"

    def label(self) -> str:
        return "gave up"


def _ref_order(ref: object) -> tuple[str, int, str]:
    """Layout cards by place, then the face-up pile from the top (anything else after)."""
    text = str(ref)
    return (text[:1], len(text), text)


@cache
def _stack_refs(size: int) -> tuple[str, ...]:
    return tuple(f"s{depth}" for depth in range(size))


@cache
def _select(ref: str) -> Select:
    """Select moves are immutable: legal_moves shares them (a stack may hold 130 cards)."""
    return Select(ref)


_SIMPLE_MOVES: dict[str, Move] = {cls.type: cls() for cls in (Clear, Collect, Turn, Hint, Resign)}
# A take names at most this many cards: the biggest layout (a pyramid with two extra rows) has
# 45 cards and the face-up pile shows 8 to choose from; more is not a move.
MAX_TAKE = 60


def parse_move(data: Any) -> Move:
    """A move from its JSON form; anything malformed raises IllegalMove."""
    if not isinstance(data, dict):
        raise IllegalMove("That is not a move in this game.")
    kind = data.get("type")
    if isinstance(kind, str) and kind in _SIMPLE_MOVES and set(data) == {"type"}:
        return _SIMPLE_MOVES[kind]
    if kind == "select" and set(data) == {"type", "card"}:
        card = data["card"]
        if isinstance(card, str) and CARD_REF.fullmatch(card):
            return Select(card)
        raise IllegalMove("There is no such card.")
    if kind == "collect" and set(data) == {"type", "cards"}:
        cards = data["cards"]
        if not isinstance(cards, str) or len(cards) > MAX_TAKE * 5:
            raise IllegalMove("There is no such card.")
        return _checked(Collect(tuple(cards.split(",")) if cards else ()))
    raise IllegalMove("That is not a move in this game.")


def _checked(move: object) -> Move:
    """A move of this game, even one built by hand; IllegalMove for anything else."""
    if type(move) is Select:
        if isinstance(move.card, str) and CARD_REF.fullmatch(move.card):
            return move
        raise IllegalMove("There is no such card.")
    if type(move) is Collect:
        cards = move.cards
        if type(cards) is not tuple or len(cards) > MAX_TAKE:
            raise IllegalMove("That is not a move in this game.")
        if not all(isinstance(ref, str) and CARD_REF.fullmatch(ref) for ref in cards):
            raise IllegalMove("There is no such card.")
        if len(set(cards)) != len(cards):
            raise IllegalMove("You named the same card twice.")
        return move
    if type(move) in (Clear, Turn, Hint, Resign):
        return move
    raise IllegalMove("That is not a move in this game.")
