"""Prime Climb's settings, numbers and limits, and reading and copying its state.

A state is plain JSON data. Pawns are [at, goal] pairs ([-1, -1] once home), two per seat; a
pawn is also named by a global id, seat * 2 + index (0 = pawn A, 1 = pawn B). The turn in
progress lives in state["turn"]: its phase ("roll", "move", "action"), the dice, the steps so
far and the snapshots Undo goes back to.
"""

from __future__ import annotations

from collections import Counter
from functools import cache
from typing import Any

from games.engine import log
from games.engine.protocol import State

from .cards import deck_specs, is_keeper
from .numbers import FINISH, START, is_prime
from .steps import HOME, HOME_PAWN, Ctx, Pawn, Pawns, distance

CLASSIC, DOUBLE_TIME, WAY_STATIONS, SPRINT = "classic", "double_time", "way_stations", "sprint"
DECLINE, THERE_AND_BACK, SOLITAIRE_1, SOLITAIRE_2 = (
    "decline",
    "there_and_back",
    "solitaire_1",
    "solitaire_2",
)
VARIANT_LABELS = {
    CLASSIC: "Prime Climb",
    DOUBLE_TIME: "Double Time",
    WAY_STATIONS: "Way Stations",
    SPRINT: "Prime Sprint",
    DECLINE: "Prime Decline",
    THERE_AND_BACK: "There and Back Again",
    SOLITAIRE_1: "Solitaire 1",
    SOLITAIRE_2: "Solitaire 2 (there and back)",
}
VARIANT_HELP = (
    "Double Time: bump and draw after every move. Way Stations: land on the chosen primes "
    "before 101. Prime Sprint: one pawn to 101 wins. Prime Decline: start on 101, race to 0. "
    "There and Back Again: to 101 and back to 0. Solitaire (1 player): fewest rolls."
)
SOLITAIRE = frozenset({SOLITAIRE_1, SOLITAIRE_2})
TURN_BACK = frozenset({THERE_AND_BACK, SOLITAIRE_2})
DOUBLES_LABELS = {
    "must": "Doubles: use the number 4 times",
    "may": "Doubles: use it 2 or 4 times",
}
# Our decision (issue 11): by default the player works out where a pawn lands and the rules
# check it; a teacher may let the board show each step's result (for younger classes).
SHOW_RESULTS_LABELS = {
    "no": "No: children work out where each pawn lands",
    "yes": "Yes: the board shows each step's result (younger classes)",
}
# Way Stations: "Choose one or more prime number(s) between 30 and 80."
STATION_PRIMES = tuple(n for n in range(31, 80) if is_prime(n))
STATION_CHOICES = {"53": "53", "37,71": "37 and 71", "31,53,79": "31, 53 and 79"}

ROLL, MOVE, ACTION = "roll", "move", "action"
# Our decision (not in the rules): a safety cap so every game ends ("roughly 10 minutes per
# player" is 20 to 30 turns each). Bots finish in 10 to 60 turns each; after the game's turn
# limit (turns per player; a teacher may choose a shorter game) the game ends and the player
# who climbed furthest wins (solitaire: nobody).
TURN_LIMIT = 60
TURN_LIMITS = range(5, 101)  # what clean_settings accepts
TURN_LIMIT_LABELS = {
    TURN_LIMIT: "Until someone wins (at most 60 turns each)",
    30: "At most 30 turns each",
    15: "At most 15 turns each (a short game)",
}
LOG_SIZE = 24  # public events kept for the board (between turns)
TURN_EVENTS = 64  # more than a turn can log (bumps, draws and cards of one turn)
PAWN_NAMES = ("A", "B")


# --- the variant's shape -------------------------------------------------------------------
def start_space(variant: str) -> int:
    """Prime Decline: "both pawns start at 101, and must get to 0"; otherwise Start, 0."""
    return FINISH if variant == DECLINE else START


def first_goal(variant: str) -> int:
    """Where pawns head first: 101, or 0 in Prime Decline."""
    return START if variant == DECLINE else FINISH


def ctx_of(state: State) -> Ctx:
    """The rules of the turn in progress, for the step functions."""
    variant = state["settings"]["variant"]
    turn = state["turn"]
    doubles = len(turn["dice"]) == 2 and turn["dice"][0] == turn["dice"][1]
    may_left = 2 if doubles and state["settings"]["doubles"] == "may" else -1
    return _ctx(variant in TURN_BACK, variant == SPRINT, turn["cursed"], may_left)


@cache
def _ctx(turn_back: bool, sprint: bool, cursed: bool, may_left: int) -> Ctx:
    return Ctx(turn_back=turn_back, sprint=sprint, cursed=cursed, may_left=may_left)


def stations(state: State) -> tuple[int, ...]:
    """The way stations of this game (none unless playing Way Stations)."""
    if state["settings"]["variant"] != WAY_STATIONS:
        return ()
    return tuple(int(s) for s in state["settings"]["stations"].split(","))


def missing_stations(state: State, seat: int) -> tuple[int, ...]:
    """The way stations this seat has not landed on yet."""
    return tuple(s for s in stations(state) if s not in state["visited"][seat])


def shows_results(state: State) -> bool:
    """Whether the board shows each step's result (the teacher's "show the results")."""
    return state["settings"].get("show_results") == "yes"


# --- pawns ---------------------------------------------------------------------------------
def pawns_of(state: State, seat: int) -> Pawns:
    """A seat's two pawns as (at, goal) tuples."""
    return tuple((pawn[0], pawn[1]) for pawn in state["pawns"][seat])


def is_home(pawn: Pawn | list[int]) -> bool:
    """Whether a pawn has finished (it is off the board)."""
    return pawn[0] == HOME


def on_numbered_space(at: int) -> bool:
    """The circles 1–100: where pawns bump, and where cards may find a pawn (our decision:
    not Start, not 101, not home)."""
    return START < at < FINISH


def place(state: State, seat: int, index: int, pawn: Pawn) -> None:
    """Put a pawn somewhere (in a state the caller copied); a way station it lands on counts."""
    state["pawns"][seat][index] = [pawn[0], pawn[1]]
    if pawn[0] in stations(state) and pawn[0] not in state["visited"][seat]:
        state["visited"][seat] = sorted([*state["visited"][seat], pawn[0]])


def leg_start(pawn: Pawn) -> Pawn:
    """Where a bumped pawn goes: "back to Start"; Prime Decline: "sent back to 101"; There and
    Back Again: "to 101 or 0, whichever is worse for you" (the start of its current leg)."""
    goal = pawn[1]
    return (START if goal == FINISH else FINISH, goal)


def every_pawn(state: State) -> list[tuple[int, int, int, Pawn]]:
    """(global id, seat, index, pawn) for every pawn still on the board."""
    found = []
    for seat, pawns in enumerate(state["pawns"]):
        for index, pawn in enumerate(pawns):
            if not is_home(pawn):
                found.append((seat * 2 + index, seat, index, (pawn[0], pawn[1])))
    return found


def progress(pawn: Pawn | list[int], variant: str) -> int:
    """Spaces climbed so far (101 per pawn home; There and Back Again counts both ways)."""
    turn_back = variant in TURN_BACK
    full = FINISH * (2 if turn_back else 1)
    if is_home(pawn):
        return full
    return full - distance((pawn[0], pawn[1]), turn_back)


def seat_scores(state: State) -> list[int]:
    """Each seat's climb: the sum of its pawns' progress."""
    variant = state["settings"]["variant"]
    return [sum(progress(pawn, variant) for pawn in pawns) for pawns in state["pawns"]]


# --- new state, copies and the log ---------------------------------------------------------
def new_state(settings: dict[str, Any], players: int, seed: int, draw: list[str]) -> State:
    """A game at its first turn's roll (settings already clean, the deck shuffled)."""
    variant = settings["variant"]
    pawn = [start_space(variant), first_goal(variant)]
    return {
        "players": players,
        "settings": settings,
        "seed": seed,
        "cards": deck_specs(settings["custom_cards"], variant in SOLITAIRE),
        "pawns": [[list(pawn), list(pawn)] for _ in range(players)],
        "visited": [[] for _ in range(players)],
        "keepers": [[] for _ in range(players)],
        "draw": draw,
        "discard": [],
        "reshuffles": 0,
        "cursed": [],
        "turns": 0,
        "rolls": [0] * players,
        "turn": None,
        "winners": [],
        "ended": "",
        "moves": 0,
        "log": [],
    }


def new_turn(seat: int, cursed: bool) -> dict[str, Any]:
    """A turn waiting for its roll."""
    return {
        "seat": seat,
        "phase": ROLL,
        "dice": [],
        "left": [],
        "start": [],
        "visited": [],
        "cursed": cursed,
        "steps": [],
        "moved": [-1, -1],
        "undo": [],
        "fresh": [],
        "extra": 0,  # "roll again" turns still to come
        "drew": False,
        "pending": None,
    }


def copy_state(state: State) -> State:
    """A copy deep enough to change without touching `state`."""
    new = dict(state)
    new["pawns"] = [[list(pawn) for pawn in pawns] for pawns in state["pawns"]]
    new["visited"] = [list(v) for v in state["visited"]]
    new["keepers"] = [list(k) for k in state["keepers"]]
    new["draw"] = list(state["draw"])
    new["discard"] = list(state["discard"])
    new["cursed"] = list(state["cursed"])
    new["rolls"] = list(state["rolls"])
    new["winners"] = list(state["winners"])
    new["log"] = list(state["log"])  # events are never changed once logged: share them
    turn = state["turn"]
    if turn is not None:
        new["turn"] = {
            **turn,
            "dice": list(turn["dice"]),
            "left": list(turn["left"]),
            "start": [list(p) for p in turn["start"]],
            "visited": list(turn["visited"]),
            "steps": list(turn["steps"]),  # step records are never changed: share them
            "moved": list(turn["moved"]),
            "undo": list(turn["undo"]),  # snapshots are never changed: share them
            "fresh": list(turn["fresh"]),
        }
    return new


def log_event(state: State, kind: str, *parts: int | str | tuple[str, int]) -> None:
    """Add a public event (engine.log): an int is a name ("you"), ("own", seat) a possessive
    ("your", "Ana’s"). Trimmed between turns only (trim_log), so Undo can cut the log back to
    a length."""
    log.log_event(state, kind, *parts)


def trim_log(state: State) -> None:
    """Keep the last LOG_SIZE events."""
    state["log"] = state["log"][-LOG_SIZE:]


# --- checking a state ----------------------------------------------------------------------
def check_state(state: State) -> None:
    """Every card exactly once; pawns on the board; the turn makes sense."""
    cards = [*state["draw"], *state["discard"], *(c for k in state["keepers"] for c in k)]
    turn = state["turn"]
    if turn is not None and turn["pending"] is not None:
        cards.append(turn["pending"]["card"])
    assert sorted(cards) == sorted(state["cards"]), "cards lost or doubled"
    for seat, keepers in enumerate(state["keepers"]):
        assert all(is_keeper(state["cards"][c]) for c in keepers), f"{seat} holds an action"
    for pawns in state["pawns"]:
        assert len(pawns) == 2
        for at, goal in pawns:
            assert (at, goal) == HOME_PAWN or (START <= at <= FINISH and goal in (START, FINISH))
    assert len(state["log"]) <= LOG_SIZE + TURN_EVENTS
    if turn is None:
        assert state["ended"], "a finished game says why"
        return
    assert not state["ended"] and 0 <= turn["seat"] < state["players"]
    assert turn["phase"] in (ROLL, MOVE, ACTION)
    assert (turn["pending"] is not None) == (turn["phase"] == ACTION)
    assert Counter(turn["left"]) <= Counter(turn["dice"] * 2)
    if turn["phase"] == ROLL:
        assert not turn["steps"] and not turn["undo"]
        _check_spaces_shared_only_at_the_ends(state)


def _check_spaces_shared_only_at_the_ends(state: State) -> None:
    """Bumping leaves at most one pawn on each circle 1–100 between turns."""
    taken = [pawn[3][0] for pawn in every_pawn(state) if on_numbered_space(pawn[3][0])]
    assert len(taken) == len(set(taken)), "two pawns share a space between turns"
