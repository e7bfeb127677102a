"""Equate's moves (Place, Trade, Hint, Pass), their JSON form, and reading them from the JSON
or the form text the board posts.

Decisions: docs/rules.md, "Equate" (here: "Moves as text").

Pure Python: no Django.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, ClassVar

from games.engine.common import move_index, move_positions
from games.engine.protocol import IllegalMove, Move

from . import rules
from .tiles import BLANK, EQUALS, all_faces, display, is_fraction

__all__ = ["Hint", "Pass", "Place", "Placement", "Trade", "parse_move", "parse_placements"]

NOT_A_MOVE = "That is not a move in Equate."
PICK_TILES = "Pick tiles from your rack."
PUT_TILES = "Put tiles from your rack on squares of the board."
MAX_PLACEMENTS = rules.RACK_SIZE + 1  # nine rack tiles and the "=" from beside the board
MAX_POSITIONS = 20
# A blank's face as the board's form may post it: the face itself, or a fraction as shown.
FACES = {face: face for face in all_faces("advanced") if face != BLANK} | {
    display(face): face for face in all_faces("advanced") if is_fraction(face)
}

Placement = tuple[int, int, int | str, str | None]


@dataclass(frozen=True)
class Place(Move):
    """Tiles from the rack put on the board: (row, col, rack position or "=", blank's face)."""

    type: ClassVar[str] = "place"
    tiles: tuple[Placement, ...] = ()

    def to_json(self) -> dict[str, Any]:
        return {"type": self.type, "tiles": [list(p) for p in self.tiles]}

    def label(self) -> str:
        return "played tiles"


@dataclass(frozen=True)
class Trade(Move):
    """Rack tiles (by position, sorted) given back for as many new ones."""

    type: ClassVar[str] = "trade"
    tiles: tuple[int, ...] = ()

    def to_json(self) -> dict[str, Any]:
        return {"type": self.type, "tiles": list(self.tiles)}

    def label(self) -> str:
        count = len(self.tiles)
        return f"traded {count} tile{'s' * (count != 1)}"


@dataclass(frozen=True)
class Hint(Move):
    """Ask the app for a good play (help: docs/rules.md, Equate: "The hint")."""

    type: ClassVar[str] = "hint"

    def label(self) -> str:
        return "asked for a hint"


@dataclass(frozen=True)
class Pass(Move):
    """Nothing this turn."""

    type: ClassVar[str] = "pass"

    def label(self) -> str:
        return "passed"


def _index(value: Any, reason: str) -> int:
    return move_index(value, reason)


def _tile(value: Any) -> int | str:
    return EQUALS if value == EQUALS else _index(value, PICK_TILES)


def _face(value: Any) -> str | None:
    if value is None or value == "":
        return None
    if isinstance(value, str) and value in FACES:
        return FACES[value]
    raise IllegalMove("Choose what your blank tile stands for.")


def _placement(value: Any) -> Placement:
    if isinstance(value, str):
        value = value.strip().split(":")
    if not isinstance(value, (list, tuple)) or len(value) not in (3, 4):
        raise IllegalMove(PUT_TILES)
    row, col = (_index(v, "That square is not on the board.") for v in value[:2])
    face = _face(value[3]) if len(value) == 4 else None
    return (row, col, _tile(value[2]), face)


def parse_placements(value: Any) -> tuple[Placement, ...]:
    """A list of [row, col, tile, face], or a form's "9:7:0,9:8:=,9:9:4:1/2"; sorted by square."""
    if isinstance(value, str):
        value = [part for part in value.replace(";", ",").split(",") if part.strip()]
    if not isinstance(value, (list, tuple)) or not value:
        raise IllegalMove("Put at least one tile on the board.")
    if len(value) > MAX_PLACEMENTS:
        raise IllegalMove(f"You can put at most {MAX_PLACEMENTS} tiles on the board at once.")
    return tuple(sorted((_placement(v) for v in value), key=lambda p: (p[0], p[1])))


def _positions(value: Any) -> tuple[int, ...]:
    """Rack positions to trade, sorted: at least one."""
    trade = "Pick at least one tile to trade."
    return move_positions(
        value, trade, most=MAX_POSITIONS, item_reason=PICK_TILES, may_be_empty=False
    )


def parse_move(data: Any) -> Move:
    """A move from its JSON form (what the board posts); anything malformed is IllegalMove."""
    if not isinstance(data, dict) or not isinstance(data.get("type"), str):
        raise IllegalMove(NOT_A_MOVE)
    kind = data["type"]
    if kind == Pass.type:
        return Pass()
    if kind == Hint.type:
        return Hint()
    if kind == Trade.type:
        return Trade(_positions(data.get("tiles")))
    if kind == Place.type:
        return Place(parse_placements(data.get("tiles")))
    raise IllegalMove(NOT_A_MOVE)
