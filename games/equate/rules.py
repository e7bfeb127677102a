"""Equate's rules core: the deal, plays, trades, passes, scoring and the end of the game.

Tiles, scores and premium squares come from tiles.py, the reading of one line (numbers, order
of operations, truth) from expr.read_line, the geometry and the scoring of one line from
board.py. Pure Python: no Django.

Rule text: Equate's rule text; decisions: docs/rules.md, "Equate" (here: "Players and turns",
"A play", "Scoring", "Trade and pass", "The end").

The state is plain JSON data, never changed in place: each move returns a new state.

- "board": {"row,col": {"face": "7", "blank": False, "seat": 0}} - a blank shows the face it
  stands for and has "blank": True; "seat" is who played the tile.
- "bag": faces, drawn from the end; "racks": one list of faces per seat (a blank is "?");
  "equals_left": the "=" tiles still beside the board (EQUALS_SUPPLY at the start).
- "turn": the seat to move; "turns": turns taken; "passes": passes in a row.
- "points": each seat's points from plays; "adjustments": the racks' scores added or taken
  away at the end; "scores" = points + adjustments.
- "end": None while playing, else "out", "passes" or "rounds"; "winners": seats.
- "hints": per seat, the play a hint showed this turn (docs/rules.md, Equate: "The hint"),
  else None.
- "last": the last turn for the board and learning events: {"kind": "play", "seat",
  "squares", "lines": [{"text", "kind", "down", "score"}], "bonus", "score"},
  {"kind": "trade", "seat", "count"} or {"kind": "pass", "seat"}.

A play is a list of placements [row, col, tile, face] (JSON lists or tuples): `tile` is a
rack position, or "=" for the "=" taken from beside the board; `face` is what a blank stands
for, and None for every other tile (its own face is accepted too).
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from games.engine.protocol import IllegalMove, SettingsError, State
from games.engine.rng import shuffled

from . import board as geo
from .expr import EQUATION, Line, read_line
from .tiles import BLANK, CENTRE, EQUALS, EQUALS_SUPPLY, SCORES, all_faces, display

RACK_SIZE = 9
ALL_NINE_BONUS = 40
MIN_PLAYERS, MAX_PLAYERS = 2, 4  # solo practice is against a bot: two seats
MAX_ROUNDS = 50
TILE_SETS = ("whole", "original", "advanced")
VALUES_SHOWN = ("hidden", "shown")  # the board works out the sides being built (help)
FROM_SUPPLY = EQUALS  # a placement's tile when the "=" comes from beside the board
ENDS = ("out", "passes", "rounds")


# --- a new game -----------------------------------------------------------------------------------
def check_settings(settings: dict[str, Any]) -> dict[str, Any]:
    """The settings filled in with their defaults (Original tiles, no round limit, the values
    of the sides being built hidden: docs/rules.md, Equate: "Settings")."""
    tiles = settings.get("tiles", "original")
    if tiles not in TILE_SETS:
        raise SettingsError(
            "The tiles must be whole numbers, the Original set or the Advanced set."
        )
    rounds = settings.get("rounds")
    if rounds is not None and (type(rounds) is not int or not 1 <= rounds <= MAX_ROUNDS):
        raise SettingsError(f"Rounds must be a whole number from 1 to {MAX_ROUNDS}, or no limit.")
    values = settings.get("values", "hidden")
    if values not in VALUES_SHOWN:
        raise SettingsError("Values while building must be hidden or shown.")
    return {"tiles": tiles, "rounds": rounds, "values": values}


def bag_tiles(settings: dict[str, Any]) -> Counter[str]:
    """Every tile that starts in the bag (all but the "=" supply)."""
    counts = Counter(all_faces(settings["tiles"]))
    del counts[EQUALS]
    return counts


def new_state(settings: dict[str, Any], players: int, seed: int) -> State:
    """A game dealt: racks of nine, the board empty, seat 0 to move (docs/rules.md, Equate:
    "Players and turns")."""
    settings = check_settings(settings)
    if type(players) is not int or not MIN_PLAYERS <= players <= MAX_PLAYERS:
        raise SettingsError(f"Equate is for {MIN_PLAYERS} to {MAX_PLAYERS} players.")
    bag = shuffled(sorted(bag_tiles(settings).elements()), seed, "bag")
    racks = [[bag.pop() for _ in range(RACK_SIZE)] for _ in range(players)]
    return {
        "settings": settings,
        "players": players,
        "seed": seed,
        "bag": bag,
        "racks": racks,
        "board": {},
        "equals_left": EQUALS_SUPPLY,
        "turn": 0,
        "turns": 0,
        "passes": 0,
        "points": [0] * players,
        "adjustments": [0] * players,
        "scores": [0] * players,
        "end": None,
        "winners": [],
        "last": None,
        "hints": [None] * players,
    }


def copy_state(state: State) -> State:
    """A copy a move may change (board entries are never changed, only added, so shared)."""
    new = dict(state)
    new["settings"] = dict(state["settings"])
    new["board"] = dict(state["board"])
    for name in ("bag", "points", "adjustments", "scores", "winners"):
        new[name] = list(state[name])
    new["racks"] = [list(rack) for rack in state["racks"]]
    return new


# --- small helpers --------------------------------------------------------------------------------
def current_player(state: State) -> int | None:
    """The seat to move, or None when the game is over."""
    return None if state["end"] else state["turn"]


def rack_score(rack: list[str]) -> int:
    """The points of the tiles in a rack (a blank is 0)."""
    return sum(SCORES[face] for face in rack)


def filled_squares(state: State) -> dict[geo.Square, dict[str, Any]]:
    return {geo.square_of(k): tile for k, tile in state["board"].items()}


def check_turn(state: State, seat: Any) -> None:
    if state["end"]:
        raise IllegalMove("The game is over.")
    if type(seat) is not int or not 0 <= seat < state["players"]:
        raise IllegalMove("There is no such player in this game.")
    if seat != state["turn"]:
        raise IllegalMove("It is not your turn.")


def check_positions(rack: list[str], positions: list[Any]) -> None:
    if any(type(p) is not int or not 0 <= p < len(rack) for p in positions):
        raise IllegalMove("You can only use tiles that are in your rack.")
    if len(set(positions)) != len(positions):
        raise IllegalMove("You picked the same tile twice.")


def refill(state: State, seat: int) -> None:
    """Draw from the bag until the rack holds nine tiles or the bag is empty. Changes `state`."""
    rack = state["racks"][seat]
    while len(rack) < RACK_SIZE and state["bag"]:
        rack.append(state["bag"].pop())


def next_turn(state: State) -> None:
    """Hand the turn on, and end the game after the last round (docs/rules.md, Equate: "The end").
    Changes `state`."""
    state["turns"] += 1
    state["hints"] = [None] * state["players"]  # for one turn (docs/rules.md, Equate: "The hint")
    state["turn"] = (state["turn"] + 1) % state["players"]
    rounds = state["settings"]["rounds"]
    if not state["end"] and rounds is not None and state["turns"] >= rounds * state["players"]:
        finish(state, "rounds")


def finish(state: State, end: str, out: int | None = None) -> None:
    """End the game: rack adjustments and the winners (docs/rules.md, Equate: "The end").
    Changes `state`."""
    held = [rack_score(rack) for rack in state["racks"]]
    if end == "out":
        state["adjustments"] = [-h for h in held]
        state["adjustments"][out] = sum(held)
    elif end == "passes":
        state["adjustments"] = [-h for h in held]
    state["scores"] = [p + a for p, a in zip(state["points"], state["adjustments"], strict=True)]
    state["end"] = end
    best = max(state["scores"])
    state["winners"] = [seat for seat, score in enumerate(state["scores"]) if score == best]


# --- a play ---------------------------------------------------------------------------------------
def read_placements(state: State, seat: int, placements: Any) -> list[dict[str, Any]]:
    """The placements checked against the rack and the board, as dicts (docs/rules.md, Equate:
    "The tiles": one "=" per play; "Scoring": a blank stands for any face of the set)."""
    if not isinstance(placements, (list, tuple)) or not placements:
        raise IllegalMove("Put at least one tile on the board.")
    rack, faces = state["racks"][seat], set(all_faces(state["settings"]["tiles"])) - {BLANK}
    tiles, squares = [], set()
    for placement in placements:
        if not isinstance(placement, (list, tuple)) or len(placement) != 4:
            raise IllegalMove("Each tile needs a square and a tile from your rack.")
        row, col, tile, face = placement
        if type(row) is not int or type(col) is not int or not geo.on_board((row, col)):
            raise IllegalMove("That square is not on the board.")
        if geo.key((row, col)) in state["board"]:
            raise IllegalMove("That square already has a tile on it.")
        if (row, col) in squares:
            raise IllegalMove("You put two tiles on the same square.")
        squares.add((row, col))
        if tile == FROM_SUPPLY:
            own = EQUALS
        else:
            check_positions(rack, [tile])
            own = rack[tile]
        if own == BLANK:
            if type(face) is not str or face not in faces:
                raise IllegalMove("Choose what your blank tile stands for.")
        elif face is not None and face != own:
            what = display(face) if type(face) is str else "another tile"
            raise IllegalMove(f"Only a blank tile can stand for {what}.")
        blank = own == BLANK
        tiles.append(
            {"square": (row, col), "tile": tile, "face": face if blank else own, "blank": blank}
        )
    used = [t["tile"] for t in tiles if t["tile"] != FROM_SUPPLY]
    check_positions(rack, used)
    if len(used) < len(tiles) - 1:
        raise IllegalMove("You can take only one = each turn.")
    if len(used) < len(tiles) and state["equals_left"] == 0:
        raise IllegalMove("There are no = tiles left. A blank tile can stand for =.")
    return tiles


def main_step(new: set[geo.Square], filled: set[geo.Square]) -> geo.Step:
    """Across or down: the direction of the play's main line (docs/rules.md, Equate: "A play")."""
    rows, cols = {r for r, _ in new}, {c for _, c in new}
    if len(new) > 1:
        if len(rows) == 1:
            return geo.ACROSS
        if len(cols) == 1:
            return geo.DOWN
        raise IllegalMove("These tiles are not in one row or one column.", kind="not_in_line")
    (row, col) = next(iter(new))
    beside = (row, col - 1) in filled or (row, col + 1) in filled
    return geo.ACROSS if beside or not filled else geo.DOWN


def read(faces: list[str], step: geo.Step | None) -> Line:
    """expr.read_line, with the direction in front of the reason for a line across."""
    try:
        return read_line(faces)
    except IllegalMove as error:
        if step is None:
            raise
        where = "Going across, " if step == geo.ACROSS else "Going down, "
        raise IllegalMove(where + error.reason, kind=error.kind, detail=error.detail) from None


def lines_made(
    state: State, tiles: list[dict[str, Any]]
) -> list[tuple[geo.Step, list[geo.Square], Line]]:
    """The lines a play makes, the main line first, each read; or IllegalMove (docs/rules.md,
    Equate: "A play")."""
    old = filled_squares(state)
    faces = {sq: tile["face"] for sq, tile in old.items()} | {t["square"]: t["face"] for t in tiles}
    new = {t["square"] for t in tiles}
    step = main_step(new, set(old))
    main = geo.line_through(faces, next(iter(new)), step)
    if not new <= set(main):
        raise IllegalMove("There is a gap between your tiles.", kind="gap")
    if not old and CENTRE not in new:
        raise IllegalMove("The first play must cover the centre square.", kind="centre")
    if old and not any(near in old for sq in new for near in geo.neighbours(sq)):
        raise IllegalMove("Your play must touch a tile already on the board.", kind="not_connected")
    lines = [(step, main, read([faces[sq] for sq in main], None))]
    across = geo.other(step)
    for sq in sorted(new):
        squares = geo.line_through(faces, sq, across)
        if len(squares) > 1:
            lines.append((across, squares, read([faces[s] for s in squares], across)))
    return lines


def play(state: State, seat: int, placements: Any) -> State:
    """Put tiles from the rack on the board as one line (the main objective; docs/rules.md,
    Equate: "A play", "Scoring")."""
    check_turn(state, seat)
    tiles = read_placements(state, seat, placements)
    lines = lines_made(state, tiles)
    new = {t["square"] for t in tiles}
    placed = [(t["square"], t) for t in tiles]
    old = filled_squares(state)
    points = {
        sq: 0 if tile["blank"] else SCORES[tile["face"]] for sq, tile in [*old.items(), *placed]
    }
    scored = []
    for line_step, squares, line in lines:
        score = geo.line_score(squares, points, new) if line.kind == EQUATION else 0
        down = line_step == geo.DOWN
        scored.append({"text": line.text, "kind": line.kind, "down": down, "score": score})
    used = [t["tile"] for t in tiles if t["tile"] != FROM_SUPPLY]
    bonus = ALL_NINE_BONUS if len(used) == RACK_SIZE and lines[0][2].kind == EQUATION else 0
    score = sum(line["score"] for line in scored) + bonus

    after = copy_state(state)
    for t in tiles:
        tile = {"face": t["face"], "blank": t["blank"], "seat": seat}
        after["board"][geo.key(t["square"])] = tile
    after["racks"][seat] = [f for p, f in enumerate(state["racks"][seat]) if p not in used]
    after["equals_left"] -= len(tiles) - len(used)
    refill(after, seat)
    after["points"][seat] += score
    after["scores"][seat] += score
    after["passes"] = 0
    after["last"] = {
        "kind": "play",
        "seat": seat,
        "squares": [list(t["square"]) for t in tiles],
        "lines": scored,
        "bonus": bonus,
        "score": score,
    }
    if not after["racks"][seat]:
        finish(after, "out", seat)
    next_turn(after)
    return after


# --- a trade and a pass ---------------------------------------------------------------------------
def trade(state: State, seat: int, positions: Any) -> State:
    """Trade rack tiles for as many from the bag; the turn scores 0 (docs/rules.md, Equate:
    "Trade and pass")."""
    check_turn(state, seat)
    if not isinstance(positions, (list, tuple)) or not positions:
        raise IllegalMove("Pick at least one tile to trade.")
    check_positions(state["racks"][seat], list(positions))
    if not state["bag"]:
        raise IllegalMove("The bag is empty, so you cannot trade. You can play or pass.")
    if len(positions) > len(state["bag"]):
        left = len(state["bag"])
        raise IllegalMove(f"The bag has only {left} tile{'s' * (left > 1)}: trade fewer tiles.")
    after = copy_state(state)
    rack = state["racks"][seat]
    after["racks"][seat] = [face for p, face in enumerate(rack) if p not in positions]
    refill(after, seat)
    after["bag"] = shuffled(
        after["bag"] + [rack[p] for p in sorted(positions)], state["seed"], "trade", state["turns"]
    )
    after["passes"] = 0
    after["last"] = {"kind": "trade", "seat": seat, "count": len(positions)}
    next_turn(after)
    return after


def pass_turn(state: State, seat: int) -> State:
    """Pass; when everyone has passed in a row, the game ends (docs/rules.md, Equate:
    "The end")."""
    check_turn(state, seat)
    after = copy_state(state)
    after["passes"] += 1
    after["last"] = {"kind": "pass", "seat": seat}
    if after["passes"] >= after["players"]:
        finish(after, "passes")
    next_turn(after)
    return after


# --- checks ---------------------------------------------------------------------------------------
def check_state(state: State) -> None:
    """Raise AssertionError if the state breaks a rule (tiles conserved, the board's lines,
    rack sizes, the turn, the scores)."""
    settings = state["settings"]
    assert check_settings(settings) == settings, "settings not filled in"
    players = state["players"]
    filled = filled_squares(state)
    on_board = Counter(BLANK if t["blank"] else t["face"] for t in filled.values())
    supply_used = on_board.pop(EQUALS, 0)
    held = Counter(state["bag"]) + sum((Counter(rack) for rack in state["racks"]), Counter())
    assert held + on_board == bag_tiles(settings), "tiles lost or doubled"
    assert supply_used + state["equals_left"] == EQUALS_SUPPLY, "= tiles lost or doubled"
    assert len(state["racks"]) == players and len(state["hints"]) == players
    for rack in state["racks"]:
        assert len(rack) == RACK_SIZE if state["bag"] else len(rack) <= RACK_SIZE, "rack size"
    faces = set(all_faces(settings["tiles"])) - {BLANK}
    for sq, tile in filled.items():
        assert geo.on_board(sq) and tile["face"] in faces and type(tile["blank"]) is bool
        assert 0 <= tile["seat"] < players
    if filled:
        assert CENTRE in filled, "the centre square is empty"
        assert geo.is_connected(filled), "the tiles on the board are not all connected"
    for _, line in geo.all_lines(filled):
        try:
            read_line([filled[sq]["face"] for sq in line])
        except IllegalMove as error:
            raise AssertionError(f"a wrong line on the board: {error.reason}") from None
    assert 0 <= state["turn"] < players and state["turns"] >= 0
    rounds = settings["rounds"]
    assert rounds is None or state["turns"] <= rounds * players, "played past the last round"
    assert 0 <= state["passes"] <= players
    assert state["end"] in (None, *ENDS)
    assert (state["passes"] == players) == (state["end"] == "passes"), "passes and the end"
    sums = [p + a for p, a in zip(state["points"], state["adjustments"], strict=True)]
    assert state["scores"] == sums, "scores are not points + adjustments"
    if state["end"] is None:
        assert not any(state["adjustments"]) and not state["winners"]
    else:
        best = max(state["scores"])
        assert state["winners"] == [s for s, v in enumerate(state["scores"]) if v == best]
