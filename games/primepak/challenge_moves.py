"""Prime Challenge's moves, their JSON form, and checking a move is one of them.

A card is named by a ref: "f7" is foundation slot 7, "h0" the first hit card.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any, ClassVar

from games.engine.protocol import IllegalMove, Move

REF = re.compile(r"[fh](0|[1-9][0-9]{0,2})")


@dataclass(frozen=True)
class Select(Move):
    """Pick up a card (it joins the end of the pick order), or put a picked card back."""

    type: ClassVar[str] = "select"
    card: str  # a ref: "f7" = foundation slot 7, "h0" = the first hit card

    def label(self) -> str:
        """ "pick f7"."""
        return f"pick {self.card}"


@dataclass(frozen=True)
class Clear(Move):
    """Put every picked card back."""

    type: ClassVar[str] = "clear"

    def label(self) -> str:
        """ "put the cards back"."""
        return "put the cards back"


@dataclass(frozen=True)
class Collect(Move):
    """Take the picked cards (at least 3, the answer first) as a factor set."""

    type: ClassVar[str] = "collect"

    def label(self) -> str:
        """ "take the set"."""
        return "take the set"


@dataclass(frozen=True)
class Hit(Move):
    """Ask the dealer for a card outside the foundation ("hit")."""

    type: ClassVar[str] = "hit"

    def label(self) -> str:
        """ "hit"."""
        return "hit"


@dataclass(frozen=True)
class Done(Move):
    """End the turn ("done")."""

    type: ClassVar[str] = "done"

    def label(self) -> str:
        """ "done"."""
        return "done"


@dataclass(frozen=True)
class Challenge(Move):
    """Say "challenge" while a challenge window is open."""

    type: ClassVar[str] = "challenge"

    def label(self) -> str:
        """ "challenge"."""
        return "challenge"


_PLAIN_TYPES = (Clear, Collect, Hit, Done, Challenge)  # the moves without a card
_PLAIN_MOVES: dict[str, Move] = {cls.type: cls() for cls in _PLAIN_TYPES}


def move_from_json(data: Any) -> Move:
    """A move from its JSON form; anything malformed raises IllegalMove."""
    if not isinstance(data, dict):
        raise IllegalMove("That is not a move in this game.")
    kind = data.get("type")
    if not isinstance(kind, str):
        raise IllegalMove("That is not a move in this game.")
    if kind in _PLAIN_MOVES and set(data) == {"type"}:
        return _PLAIN_MOVES[kind]
    if kind == Select.type and set(data) == {"type", "card"}:
        ref = data["card"]
        if isinstance(ref, str) and REF.fullmatch(ref):
            return Select(ref)
        raise IllegalMove("There is no such card on the table.")
    raise IllegalMove("That is not a move in this game.")


def checked_move(move: object) -> Move:
    """A move of this game; IllegalMove for anything else (a hand-built Select is checked)."""
    if type(move) in _PLAIN_TYPES:
        return move  # type: ignore[return-value]
    if type(move) is Select and isinstance(move.card, str) and REF.fullmatch(move.card):
        return move
    raise IllegalMove("That is not a move in this game.")
