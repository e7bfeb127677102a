"""Factor Rummy's moves and their JSON form, as the board's forms post them.

The board's hand is one form of checkboxes `cards` (positions in the hand): nothing ticked
leaves the field out, one ticked card arrives as an int, several as "3,7,12". Every move
ignores fields it does not use (the buttons share one form). Pure Python.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any, ClassVar

from games.engine.protocol import IllegalMove, Move

PILE, DISCARD_PILE = "pile", "discard"
PRIME, RUMMY, DEADWOOD = "prime", "rummy", "deadwood"
HOW_WORDS = {PRIME: "prime factor", RUMMY: "factor rummy", DEADWOOD: "factor with deadwood"}
MAX_POSITIONS = 40  # far more than any hand: a longer list is not from the board
_POSITIONS = re.compile(r"\d{1,2}(,\d{1,2})*")
NOT_A_MOVE = "That is not a move in this game."
CHOOSE_HOW = "Choose how you go out first: prime factor, factor rummy or factor with deadwood."


@dataclass(frozen=True)
class Draw(Move):
    """Take the top card of the draw pile ("pile") or of the discard pile ("discard")."""

    type: ClassVar[str] = "draw"
    source: str = PILE

    def to_json(self) -> dict[str, Any]:
        return {"type": self.type, "from": self.source}

    def label(self) -> str:
        return "drew a card" if self.source == PILE else "took the top discard"


@dataclass(frozen=True)
class Discard(Move):
    """Put one card of the hand (its position) on the discard pile: the turn ends."""

    type: ClassVar[str] = "discard"
    card: int = 0

    def to_json(self) -> dict[str, Any]:
        return {"type": self.type, "cards": self.card}

    def label(self) -> str:
        return "discarded a card"


@dataclass(frozen=True)
class GoOut(Move):
    """Lay the hand down in its groups: "prime", "rummy" or "deadwood", with a discard (a
    position) or none (None)."""

    type: ClassVar[str] = "go_out"
    how: str = RUMMY
    discard: int | None = None

    def to_json(self) -> dict[str, Any]:
        return {"type": self.type, "how": self.how, "cards": "" if self.discard is None else
                self.discard}  # fmt: skip

    def label(self) -> str:
        return f"went out “{HOW_WORDS[self.how]}”"


@dataclass(frozen=True)
class Group(Move):
    """Make these cards (positions, smallest first) one group of the player's own arrangement;
    cards already in a group leave it."""

    type: ClassVar[str] = "group"
    cards: tuple[int, ...] = ()

    def to_json(self) -> dict[str, Any]:
        return {"type": self.type, "cards": ",".join(str(p) for p in self.cards)}

    def label(self) -> str:
        return "arranged their cards"


@dataclass(frozen=True)
class Ungroup(Move):
    """Take a group apart: its cards are loose again."""

    type: ClassVar[str] = "ungroup"
    group: int = 0

    def label(self) -> str:
        return "arranged their cards"


@dataclass(frozen=True)
class Hint(Move):
    """Ask the app for the best grouping of the hand (help, in the learning record)."""

    type: ClassVar[str] = "hint"

    def label(self) -> str:
        return "asked for the best grouping"


@dataclass(frozen=True)
class NextRound(Move):
    """After the scoring, deal the next round."""

    type: ClassVar[str] = "next_round"

    def label(self) -> str:
        return "dealt the next round"


def move_from_json(data: Any) -> Move:
    """A move from what the board posts; anything malformed raises IllegalMove."""
    if not isinstance(data, dict):
        raise IllegalMove(NOT_A_MOVE)
    kind = data.get("type")
    if kind == "draw":
        source = data.get("from")
        if source not in (PILE, DISCARD_PILE):
            raise IllegalMove("Draw from the draw pile or take the top card of the discard pile.")
        return Draw(source)
    if kind == "discard":
        ticked = positions(data.get("cards", data.get("card")))
        if not ticked:
            raise IllegalMove("Tick the one card you want to discard.")
        if len(ticked) > 1:
            raise IllegalMove(f"You ticked {len(ticked)} cards: tick only the card to discard.")
        return Discard(ticked[0])
    if kind == "go_out":
        how = data.get("how")
        if not isinstance(how, str) or how not in HOW_WORDS:
            raise IllegalMove(CHOOSE_HOW)
        ticked = positions(data.get("cards", data.get("discard")))
        if len(ticked) > 1:
            raise IllegalMove("To go out, tick no card, or only the one card you discard.")
        return GoOut(how, ticked[0] if ticked else None)
    if kind == "group":
        ticked = positions(data.get("cards"))
        if len(ticked) < 2:
            raise IllegalMove("Tick at least 2 cards to make a group.")
        return Group(tuple(sorted(set(ticked))))
    if kind == "ungroup":
        group = data.get("group")
        if type(group) is not int or not 0 <= group < MAX_POSITIONS:
            raise IllegalMove("There is no such group.")
        return Ungroup(group)
    if kind in ("hint", "next_round"):
        return Hint() if kind == "hint" else NextRound()
    raise IllegalMove(NOT_A_MOVE)


def positions(value: Any) -> list[int]:
    """Ticked positions: absent or "" (none), an int (one), or "3,7,12" (several)."""
    if value is None or value == "":
        return []
    if type(value) is int:
        if not 0 <= value < MAX_POSITIONS:
            raise IllegalMove("There is no such card in your hand.")
        return [value]
    if isinstance(value, str) and len(value) <= 3 * MAX_POSITIONS and _POSITIONS.fullmatch(value):
        return [int(part) for part in value.split(",")]
    raise IllegalMove("There is no such card in your hand.")
