"""Equate as a Game: settings, legal moves, views, learning events and the hint.

The rules are rules.py (with tiles.py, expr.py and board.py), the moves (Place, Trade, Pass,
Hint) and their JSON and form text are moves.py; this module adds what the platform needs: the
settings, legal_moves (listed in part; the plays come from movegen.generate), the views, the
learning events and the hint.

Decisions: docs/rules.md, "Equate" (here: "Settings", "Moves offered", "What a player sees",
"Learning events", "The hint").

Pure Python: no Django.
"""

from __future__ import annotations

import json
import random
from fractions import Fraction
from functools import lru_cache
from typing import Any

from games.engine.common import known_keys, redeal, whole_number
from games.engine.protocol import (
    Game,
    IllegalMove,
    LearningEvent,
    Move,
    Outcome,
    Played,
    SettingsError,
    State,
    View,
)

from . import board as geo
from . import rules
from .expr import EQUATION, read_line
from .grid import grid_html
from .moves import NOT_A_MOVE, Hint, Pass, Place, Trade, parse_move, parse_placements
from .tiles import (
    BLANK,
    BOARD_SIZE,
    CENTRE,
    EQUALS,
    OPERATORS,
    PREMIUMS,
    SCORES,
    display,
    is_exponent,
    is_fraction,
    is_negative,
    is_number_face,
)

__all__ = ["EQUATE", "Equate"]

ROUND_CHOICES = (3, 5, 10, 15, 20)
TILE_LEVELS = {  # easiest first
    "whole": "Whole numbers",
    "original": "Original tiles",
    "advanced": "Advanced tiles",
}
TILE_CHOICES = {
    "whole": "Whole numbers: the Original tiles without fractions",
    "original": "Original tiles: whole numbers and fractions",
    "advanced": "Advanced tiles: adds negative numbers and powers",
}
ENDINGS = {
    "out": "a player used their last tile",
    "passes": "everyone passed, one after the other",
    "rounds": "the last round was played",
}
# Refusals that show the child's arithmetic (expr.py's kinds) and where tiles may go.
ARITHMETIC = frozenset({"false", "negative", "syntax", "leading_zero", "divide_by_zero",
                        "two_equals"})  # fmt: skip
PLACING = frozenset({"not_in_line", "gap", "centre", "not_connected"})
SKILLS = {
    "equate:+": "adding in equations",
    "equate:−": "subtracting in equations",
    "equate:×": "multiplying in equations",
    "equate:÷": "dividing in equations",
    "equate:fractions": "fractions in equations",
    "equate:negatives": "negative numbers in equations",
    "equate:powers": "squares and cubes in equations",
    "equate:numbers": "writing numbers (no operation)",
    "equate:placing": "placing tiles by the rules",
    "equate:plays": "finding a play",
}
VALUES = {"hidden": "Hidden: children work out each side", "shown": "Shown (counts as help)"}


def _told(move: Move, after: State) -> str:
    """A move's line in the game log, from the state it made."""
    if not isinstance(move, Place):
        return move.label()
    last = after["last"]
    score = last["score"]
    return f"played {last['lines'][0]['text']} for {score} point{'s' * (score != 1)}"


# --- the game -------------------------------------------------------------------------------------
class Equate(Game):
    """Equate for 2 to 4 players: equations crossword-style; bots in bots.py, texts in texts.py."""

    slug = "equate"
    stylesheet = "games/equate/equate.css"
    script = "games/equate/equate.js"
    errors_in_place = frozenset({"place"})
    list_fields = frozenset({"tiles"})
    name = "Equate"
    min_players = rules.MIN_PLAYERS
    max_players = rules.MAX_PLAYERS
    conformance_playouts = 10  # each position searches the board: about 2 s a playout
    summary = (
        "Make true equations on the board from your tiles, like a crossword of numbers. "
        "Bonus squares and hard tiles score more!"
    )

    # --- settings -------------------------------------------------------------------------
    def default_settings(self) -> dict[str, Any]:
        """The Original tiles and no time limit."""
        return {"tiles": "original", "rounds": None, "values": "hidden"}

    def settings_fields(self) -> list[dict[str, Any]]:
        """The tile set (the teacher's level) and the equal-turns time limit."""
        return [
            {
                "name": "tiles",
                "label": "Tiles",
                "choices": list(TILE_CHOICES.items()),
                "help": "The Advanced tiles add negative numbers (-2) and powers (5²).",
                "teacher_only": True,
            },
            {
                "name": "rounds",
                "label": "Time limit",
                "choices": [(None, "No limit: play until the tiles run out")]
                + [(n, f"{n} turns each") for n in ROUND_CHOICES],
                "help": "Everyone gets the same number of turns, then the highest score wins.",
            },
            {
                "name": "values",
                "label": "Values while building",
                "choices": list(VALUES.items()),
                "help": "Shown: the board works out each side of the equation being built, "
                "so every equation counts as help, not the child's own arithmetic.",
                "teacher_only": True,
            },
        ]

    def clean_settings(self, settings: dict[str, Any]) -> dict[str, Any]:
        """Fill in defaults; accept form text ("10", "None"); refuse anything else."""
        defaults = self.default_settings()
        clean = {**defaults, **known_keys(settings, defaults)}
        rounds = clean["rounds"]
        if rounds in ("", "None"):
            rounds = None
        elif rounds is not None:
            number = whole_number(rounds)
            rounds = rounds if number is None else number
        if not isinstance(clean["tiles"], str):
            raise SettingsError(
                "The tiles must be whole numbers, the Original set or the Advanced set."
            )
        return rules.check_settings({**clean, "rounds": rounds})

    def settings_label(self, settings: dict[str, Any]) -> str:
        """ "Original tiles", "Advanced tiles · 10 turns each"."""
        clean = self.clean_settings(settings)
        parts = [TILE_LEVELS[clean["tiles"]]]
        if clean["rounds"] is not None:
            parts.append(f"{clean['rounds']} turns each")
        if clean["values"] == "shown":
            parts.append("values shown")
        return " · ".join(parts)

    # --- play -----------------------------------------------------------------------------
    def new_game(self, settings: dict[str, Any], players: int, seed: int) -> State:
        """Racks of nine dealt by the seed, the board empty, seat 0 to move."""
        return rules.new_state(self.clean_settings(settings), players, seed)

    def current_player(self, state: State) -> int | None:
        return rules.current_player(state)

    def actors(self, state: State, players: int) -> list[int]:
        """Only the player to move (who may always pass)."""
        current = rules.current_player(state)
        return [] if current is None else [current]

    def legal_moves(self, state: State, player: int) -> list[Move]:
        """Pass, the trades, then the plays making an equation; all listed in part (docs/rules.md,
        Equate: "Moves offered")."""
        if player != rules.current_player(state) or type(player) is not int:
            return []
        plays = _plays(json.dumps(state, sort_keys=True), player)
        return [Pass(), *listed_trades(state, player), *plays]

    def listed_in_part(self, move: Move) -> bool:
        """Trades and plays are listed in part; a hint is never listed (docs/rules.md, Equate:
        "Moves offered")."""
        return isinstance(move, (Place, Trade, Hint))

    def canonical_move(self, state: State, player: int, move: Move) -> Move:
        """Equal tiles named by the first places holding their face; non-blank faces None."""
        if type(player) is not int or not 0 <= player < state["players"]:
            return move
        rack = state["racks"][player]
        tiles = move.tiles if isinstance(move, Trade) else ()
        if tiles and len(set(tiles)) == len(tiles) and all(0 <= p < len(rack) for p in tiles):
            return Trade(tuple(sorted(_first_places(rack, list(move.tiles)))))
        if isinstance(move, Place):
            return _canonical_place(rack, move)
        return move

    def apply_move(self, state: State, player: int, move: Move) -> State:
        """The state after the move; the rules judge it."""
        if type(player) is not int or not 0 <= player < state["players"]:
            raise IllegalMove("You are not playing in this game.")
        if isinstance(move, Hint):
            return _hint(self, state, player)
        if isinstance(move, Place):
            after = rules.play(state, player, [list(p) for p in move.tiles])
        elif isinstance(move, Trade):
            after = rules.trade(state, player, list(move.tiles))
        elif isinstance(move, Pass):
            after = rules.pass_turn(state, player)
        else:
            raise IllegalMove(NOT_A_MOVE)
        return after

    def parse_move(self, data: Any) -> Move:
        """A move from its JSON form; malformed: IllegalMove."""
        return parse_move(data)

    def view(self, state: State, player: int | None) -> View:
        """What this player may see (docs/rules.md, Equate: "What a player sees")."""
        players = state["players"]
        mine = player if type(player) is int and 0 <= player < players else None
        rack = None
        if mine is not None:
            rack = [
                {
                    "pos": p,
                    "face": f,
                    "display": display(f),
                    "score": SCORES[f],
                    "blank": f == BLANK,
                }
                for p, f in enumerate(state["racks"][mine])
            ]
        last = state["last"]
        hint = None
        if mine is not None and state["hints"][mine] is not None:
            hint = _hint_view(state, mine, state["hints"][mine])
        return {
            "tiles": state["settings"]["tiles"],
            "values_shown": state["settings"]["values"] == "shown",
            "hint": hint,
            "rounds": state["settings"]["rounds"],
            "players": players,
            "me": mine,
            "turn": rules.current_player(state),
            "turns": state["turns"],
            "passes": state["passes"],
            "rack": rack,
            "rack_sizes": [len(r) for r in state["racks"]],
            "bag_count": len(state["bag"]),
            "equals_left": state["equals_left"],
            "rows": _rows(state),
            "points": list(state["points"]),
            "adjustments": list(state["adjustments"]),
            "scores": list(state["scores"]),
            "last": json.loads(json.dumps(last)) if last is not None else None,
            "end": state["end"],
            "winners": list(state["winners"]),
        }

    def outcome(self, state: State) -> Outcome | None:
        """The highest score wins; equal highest scores share the win."""
        if state["end"] is None:
            return None
        return Outcome(tuple(state["winners"]), tuple(state["scores"]), ENDINGS[state["end"]])

    def learning_events(
        self, before: State, player: int, move: Move, after: State | IllegalMove
    ) -> list[LearningEvent]:
        """The equations a play made, or why a play was refused (docs/rules.md, Equate:
        "Learning events")."""
        if isinstance(move, Hint) and not isinstance(after, IllegalMove):
            hinted = after["hints"][player]
            detail = {"play": _play_text(after, player, hinted) if hinted else ""}
            return [LearningEvent(player, "hint", "equate:plays", False, "asked_hint", detail)]
        if not isinstance(move, Place):
            return []
        if isinstance(after, IllegalMove):
            return _mistakes(before, player, move, after)
        helped = _helped(before, player)
        tiles = rules.read_placements(before, player, [list(p) for p in move.tiles])
        made = rules.lines_made(before, tiles)
        board = after["board"]
        events = []
        for (_, squares, line), scored in zip(made, after["last"]["lines"], strict=True):
            if line.kind != EQUATION:
                continue
            detail = {"text": line.text, "score": scored["score"]}
            faces = [board[geo.key(sq)]["face"] for sq in squares]
            for skill in skills_of(faces, line.values):
                events.append(
                    LearningEvent(player, "fact", skill, True, detail=dict(detail), helped=helped)
                )
        return events

    def resample_hidden(self, state: State, player: int | None, rng: random.Random) -> State:
        """The bag and the other players' racks dealt again, each keeping its size."""
        new = rules.copy_state(state)
        others = [s for s in range(new["players"]) if s != player]
        redeal([new["bag"], *(new["racks"][s] for s in others)], rng)
        return new

    def check_invariants(self, state: State) -> None:
        """The rules' checks: every tile kept, the board's lines right, the scores."""
        rules.check_state(state)

    def describe(self, state: State, player: int, move: Move) -> str:
        """ "played 2 + 3 = 5 for 12 points", "traded 3 tiles", "passed"."""
        if isinstance(move, Place):
            try:
                return _told(move, self.apply_move(state, player, move))
            except IllegalMove:
                return move.label()
        return move.label()

    def board_html(self, part: str, *args: Any) -> str:
        """ "grid": the 19 × 19 squares (grid.py), from a view and the hint's tiles."""
        if part != "grid":
            raise KeyError(part)
        return grid_html(*args)

    def play(self, state: State, player: int, move: Move) -> Played:
        """The play worked out once: its log line comes from the state it made."""
        after = self.apply_move(state, player, move)
        events = self.learning_events(state, player, move, after)
        return Played(after, _told(move, after), events)

    # --- progress reports -----------------------------------------------------------------
    def progress_level(self, settings: dict[str, Any]) -> tuple[str, str]:
        """A match counts toward its tile set (the teacher's level)."""
        tiles = self.clean_settings(settings)["tiles"]
        return (tiles, TILE_LEVELS[tiles])

    def progress_levels(self) -> list[tuple[str, str]]:
        return list(TILE_LEVELS.items())

    def skill_label(self, kind: str, skill: str) -> str:
        """ "multiplying in equations", "fractions in equations"."""
        return SKILLS.get(skill, skill)


# --- helpers --------------------------------------------------------------------------------------
@lru_cache(maxsize=16)
def _plays(state_json: str, seat: int) -> tuple[Place, ...]:
    """The plays movegen finds whose main line is an equation, in the form canonical_move gives,
    each once (docs/rules.md, Equate: "Moves offered"). Cached: the platform and the
    conformance check ask for the same state's moves more than once."""
    from . import movegen  # written alongside this module: loaded when plays are asked for

    state = json.loads(state_json)
    rack = state["racks"][seat]
    found = movegen.generate(
        state, seat, expressions=False, max_tiles=movegen.LISTED_TILES, blanks=False
    )
    plays = (_canonical_place(rack, Place(parse_placements(play))) for play in found)
    return tuple(dict.fromkeys(plays))


def _helped(state: State, seat: int) -> bool:
    """Whether the app helped with this seat's play: a hint this turn, or values shown."""
    return state["hints"][seat] is not None or state["settings"]["values"] == "shown"


def _hint(game: Equate, state: State, player: int) -> State:
    """The strong bot's best play for the player's own view, kept for their board (docs/rules.md,
    Equate: "The hint")."""
    rules.check_turn(state, player)
    if state["hints"][player] is not None:
        raise IllegalMove("Your hint is already on the board.")
    from .bots import best_play

    best = best_play(game.view(state, player))
    new = dict(state)
    new["hints"] = list(state["hints"])
    new["hints"][player] = [] if best is None else [list(p) for p in best[2]]
    return new


def _hint_view(state: State, seat: int, play: list) -> dict[str, Any]:
    """A hint for the board: the tiles as ghosts, and the line they make."""
    rack = state["racks"][seat]
    tiles = []
    for row, col, tile, face in play:
        shown = face if face is not None else (EQUALS if tile == EQUALS else rack[tile])
        tiles.append({"row": row, "col": col, "display": display(shown), "pos": tile})
    return {"tiles": tiles, "text": _play_text(state, seat, play) if play else ""}


def _play_text(state: State, seat: int, play: list) -> str:
    """The main line a play makes, as people read it ("2 + 3 = 5")."""
    try:
        after = rules.play({**state, "turn": seat}, seat, [list(p) for p in play])
    except IllegalMove:
        return ""
    return after["last"]["lines"][0]["text"]


def listed_trades(state: State, seat: int) -> list[Trade]:
    """One tile of each face (its first place), then all the tiles, as the bag allows."""
    rack, bag = state["racks"][seat], len(state["bag"])
    trades = [(rack.index(face),) for face in dict.fromkeys(rack)] if bag else []
    if 1 < len(rack) <= bag:
        trades.append(tuple(range(len(rack))))
    return [Trade(positions) for positions in trades]


def _first_places(rack: list[str], positions: list[int]) -> list[int]:
    """Each position replaced by the first place holding the same face, none used twice."""
    used: list[int] = []
    for p in positions:
        used.append(next(q for q, face in enumerate(rack) if face == rack[p] and q not in used))
    return used


def _canonical_place(rack: list[str], move: Place) -> Place:
    """Equal tiles named by the first rack positions holding their face, in the order of the
    squares (docs/rules.md, Equate: "Moves as text"); a play naming tiles that are not in the rack
    is left as it is."""
    placements = sorted(move.tiles, key=lambda p: (p[0], p[1]))
    positions = [p[2] for p in placements if p[2] != EQUALS]
    if len(set(positions)) != len(positions) or not all(
        type(p) is int and 0 <= p < len(rack) for p in positions
    ):
        return move
    first = iter(_first_places(rack, positions))
    tiles = []
    for row, col, tile, face in placements:
        if tile != EQUALS:
            tile = next(first)
            face = face if rack[tile] == BLANK else (None if face == rack[tile] else face)
        tiles.append((row, col, tile, face))
    return Place(tuple(tiles))


def skills_of(faces: list[str], values: tuple[Fraction, ...] = ()) -> list[str]:
    """The skills a line of faces shows (docs/rules.md, Equate: "Learning events"), in a fixed
    order."""
    skills = [f"equate:{op}" for op in OPERATORS if op in faces]
    if any(is_fraction(f) for f in faces) or any(v.denominator != 1 for v in values):
        skills.append("equate:fractions")
    if any(is_negative(f) for f in faces):
        skills.append("equate:negatives")
    if any(is_exponent(f) for f in faces):
        skills.append("equate:powers")
    return skills or ["equate:numbers"]


def _mistakes(before: State, player: int, move: Place, error: IllegalMove) -> list[LearningEvent]:
    """A refused play: its arithmetic (the line that failed) or where its tiles went."""
    helped = _helped(before, player)
    detail = {"reason": error.reason}
    if error.kind in PLACING:
        return [LearningEvent(player, "rule", "equate:placing", False, error.kind, detail)]
    if error.kind not in ARITHMETIC:
        return []
    faces = _failing_line(before, player, move)
    if faces is None:  # not expected: the rules refused this play for one of its lines
        return []
    detail["text"] = _line_text(faces)
    return [
        LearningEvent(player, "fact", skill, False, error.kind, dict(detail), helped)
        for skill in skills_of(faces)
    ]


def _failing_line(before: State, player: int, move: Place) -> list[str] | None:
    """The faces of the first line the play makes that cannot be read, in the rules' order
    (the main line, then the lines across, as rules.lines_made reads them)."""
    try:
        tiles = rules.read_placements(before, player, [list(p) for p in move.tiles])
        old = rules.filled_squares(before)
        step = rules.main_step({t["square"] for t in tiles}, set(old))
    except IllegalMove:
        return None
    faces = {sq: tile["face"] for sq, tile in old.items()} | {t["square"]: t["face"] for t in tiles}
    new = sorted(t["square"] for t in tiles)
    across = [geo.line_through(faces, sq, geo.other(step)) for sq in new]
    for squares in [geo.line_through(faces, new[0], step), *(s for s in across if len(s) > 1)]:
        try:
            read_line([faces[sq] for sq in squares])
        except IllegalMove:
            return [faces[sq] for sq in squares]
    return None


def _line_text(faces: list[str]) -> str:
    """A line as people read it: "2 + 3 = 57" (adjacent number tiles make one number)."""
    text = ""
    for before, face in zip([None, *faces], faces, strict=False):
        joined = before is None or (is_number_face(before) and is_number_face(face))
        text += ("" if joined else " ") + display(face)
    return text


def _rows(state: State) -> list[list[dict[str, Any]]]:
    """The board as rows of squares for the template: premium, tile, new this turn."""
    last = state["last"]
    fresh = {tuple(sq) for sq in last["squares"]} if last and last["kind"] == "play" else set()
    board = state["board"]
    rows = []
    for squares in _SQUARES:
        cells = []
        for row, col, key, premium, centre in squares:
            cell: dict[str, Any] = {
                "row": row, "col": col, "premium": premium, "centre": centre, "tile": None
            }  # fmt: skip
            tile = board.get(key)
            if tile is not None:
                cell["tile"] = {
                    "face": tile["face"],
                    "display": display(tile["face"]),
                    "blank": tile["blank"],
                    "score": 0 if tile["blank"] else SCORES[tile["face"]],
                    "seat": tile["seat"],
                    "new": (row, col) in fresh,
                }
            cells.append(cell)
        rows.append(cells)
    return rows


# Each square's row, column, key in the state's board, premium and whether it is the centre.
_SQUARES = [
    [
        (row, col, geo.key((row, col)), PREMIUMS.get((row, col)), (row, col) == CENTRE)
        for col in range(BOARD_SIZE)
    ]
    for row in range(BOARD_SIZE)
]


EQUATE = Equate()
