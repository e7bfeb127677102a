"""Prime Challenge's moves, their JSON form, and checking a move is one of them.

A card is named by a ref: "f7" is foundation slot 7, "h0" the first hit card.

The board builds a pick in the browser and "Take this set" names its cards, in the order they
were picked up (issue 30: a tap is never lost on its way to the server). Select and Clear, and
Collect naming no cards (the cards picked up with Select), are the moves of games saved before:
they stay legal, so those games replay and go on.
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
    """Take cards as a factor set (at least 3, the answer first): the cards named, in the order
    they were picked up; naming none, the cards picked up with Select. `table_order`: the page
    could not tell the order of the taps (it had no JavaScript), so the cards came in the
    table's order and the rules put the answer first (docs/rules.md)."""

    type: ClassVar[str] = "collect"
    cards: tuple[str, ...] = ()
    table_order: bool = False

    def to_json(self) -> dict[str, Any]:
        """{"type": "collect", "cards": "f0,f6,f1"} ("order": "table" when sent so)."""
        data: dict[str, Any] = {"type": self.type}
        if self.cards:
            data["cards"] = ",".join(self.cards)
        if self.table_order:
            data["order"] = ORDER_TABLE
        return data

    def label(self) -> str:
        """ "take the set", "take f0, f6, f1"."""
        return f"take {', '.join(self.cards)}" if self.cards else "take the set"


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


# A take names at most this many cards: every card on a table is far fewer (12 in the
# foundation, and hit cards until one of its cards is used); more is not a move.
MAX_TAKE = 40
ORDER_TABLE, ORDER_TAPPED = "table", "tapped"  # how a page sent the cards of a take

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
    if kind == Collect.type and set(data) <= {"type", "cards", "order"}:
        return _take_from_json(data)
    if kind == Select.type and set(data) == {"type", "card"}:
        ref = data["card"]
        if isinstance(ref, str) and REF.fullmatch(ref):
            return Select(ref)
        raise IllegalMove("There is no such card on the table.")
    raise IllegalMove("That is not a move in this game.")


def _take_from_json(data: dict[str, Any]) -> Collect:
    """A take: its cards ("f0,f6,f1", as a form sends ticked cards) and how they were sent."""
    order = data.get("order", ORDER_TAPPED)
    if order not in (ORDER_TABLE, ORDER_TAPPED):
        raise IllegalMove("That is not a move in this game.")
    cards = data.get("cards", "")
    if not isinstance(cards, str) or len(cards) > MAX_TAKE * 5:
        raise IllegalMove("There is no such card on the table.")
    refs = tuple(cards.split(",")) if cards else ()
    return checked_move(Collect(refs, table_order=order == ORDER_TABLE))


def checked_move(move: object) -> Move:
    """A move of this game; IllegalMove for anything else (a hand-built Select or take is
    checked)."""
    if type(move) is Collect:
        return _checked_take(move)
    if type(move) in _PLAIN_TYPES:
        return move  # type: ignore[return-value]
    if type(move) is Select and isinstance(move.card, str) and REF.fullmatch(move.card):
        return move
    raise IllegalMove("That is not a move in this game.")


def _checked_take(move: Collect) -> Collect:
    cards = move.cards
    if type(cards) is not tuple or type(move.table_order) is not bool or len(cards) > MAX_TAKE:
        raise IllegalMove("That is not a move in this game.")
    if not all(isinstance(ref, str) and REF.fullmatch(ref) for ref in cards):
        raise IllegalMove("There is no such card on the table.")
    if len(set(cards)) != len(cards):
        raise IllegalMove("You named the same card twice.")
    return move
