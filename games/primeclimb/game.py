"""Prime Climb as a Game, and its registration: race both pawns up the coloured spiral to 101
with +, −, × and ÷.

Rule text: Prime Climb's rule text; what it leaves open is settled in docs/rules.md
("Prime Climb"), and the code marks each place with a comment "Our decision". Pure Python: no
Django here.

This module is the Game; the rest lives beside it: numbers (colours and operations), cards
(the Prime Cards), steps (one die on one pawn, and which steps are legal), state (settings
and reading a state), moves, legal (legal moves and refusals), flow (turns, bumps, draws,
Action cards), search (every way a turn can end), events (learning), view (the board), layout
and spiral (the spiral), texts (How to play, Learn to play, the rules for teachers) and bots.
"""

from __future__ import annotations

import random
import re
from typing import Any

from games.engine.protocol import (
    Game,
    IllegalMove,
    LearningEvent,
    Move,
    Outcome,
    RecordRule,
    SettingsError,
    State,
    View,
)
from games.engine.registry import register
from games.engine.rng import rng_for, shuffled

from . import events, legal, turns
from .cards import (
    CUSTOM_LIMIT,
    KINDS,
    NUMBER_RANGES,
    PLUS_MINUS,
    card_name,
    card_text,
    clean_custom_cards,
)
from .moves import (
    BumpCard,
    Curse,
    EndTurn,
    Nudge,
    PickPawn,
    Roll,
    Steal,
    Step,
    Switch,
    Undo,
    checked_move,
    move_from_json,
)
from .numbers import SYMBOLS, raw_result
from .spiral import spiral_html
from .state import (
    DOUBLES_LABELS,
    SHOW_RESULTS_LABELS,
    SOLITAIRE,
    STATION_CHOICES,
    STATION_PRIMES,
    TURN_LIMIT,
    TURN_LIMIT_LABELS,
    TURN_LIMITS,
    VARIANT_HELP,
    VARIANT_LABELS,
    WAY_STATIONS,
    check_state,
    copy_state,
    new_state,
    seat_scores,
)
from .view import board_view

DEFAULTS = {
    "variant": "classic",
    "doubles": "must",
    "stations": "53",
    "turn_limit": TURN_LIMIT,
    "show_results": "no",
    "custom_cards": [],
}
MAX_STATIONS = 5
CLASSIC_LABEL = "Classic game"  # the label and progress level of the classic game
SKILL_PATTERN = re.compile(r"(\d+)([-+x/])(\d+)")  # a fact's skill: "14-3", "11x9", "98/7"
SKILL_SYMBOLS = {"+": "+", "-": "−", "x": "×", "/": "÷"}
# The four blank Prime Cards, for a teacher's assignment ("Fill in the Blanks").
CUSTOM_CARDS_FIELD: dict[str, Any] = {
    "name": "custom_cards",
    "type": "slots",
    "label": "Blank Prime Cards",
    "slots": CUSTOM_LIMIT,
    "choices": [(kind, card_text({"kind": kind, "n": "N"})) for kind in KINDS],
    "numbers": {kind: (span[0], span[-1]) for kind, span in NUMBER_RANGES.items()},
    "help": "Make up to four Prime Cards of your own: they are shuffled in with the 24. "
    "“Add N or take away N” needs N from 1 to 10, “Send your pawn to N” from 1 to 100. "
    "In the solitaire games only the add-or-take-away cards are used.",
    "teacher_only": True,
}


class PrimeClimb(Game):
    """Prime Climb and its variations, for 2 to 4 players (solitaire: 1)."""

    slug = "prime-climb"
    stylesheet = "games/prime-climb/primeclimb.css"
    tells_own_story = True
    errors_in_place = frozenset({"step", "nudge"})
    name = "Prime Climb"
    min_players = 1  # the solitaire variations; the others need 2 to 4 (new_game checks)
    max_players = 4
    summary = (
        "Roll two dice and add, subtract, multiply or divide to move your two pawns up the "
        "coloured spiral. Land both exactly on 101 to win. Bump other pawns back to Start and "
        "land on red primes to draw Prime Cards."
    )
    turn_seconds = None  # Prime Climb has no clock

    # --- settings -------------------------------------------------------------------------
    def default_settings(self) -> dict[str, Any]:
        """The classic game; doubles used four times (docs/rules.md: default "must")."""
        return {**DEFAULTS, "custom_cards": []}

    def settings_fields(self) -> list[dict[str, Any]]:
        """The variation, doubles, way stations, game length, and the teacher's blank cards."""
        return [
            {
                "name": "variant",
                "label": "Game",
                "choices": list(VARIANT_LABELS.items()),
                "help": VARIANT_HELP,
            },
            {
                "name": "doubles",
                "label": "Doubles",
                "choices": list(DOUBLES_LABELS.items()),
                "help": "The rules say a double must be used four times; a newer printing "
                "says it may be.",
            },
            {
                "name": "stations",
                "label": "Way stations",
                "choices": list(STATION_CHOICES.items()),
                "help": "Only for Way Stations: the primes a player must land on before 101.",
                "only_if": {"variant": WAY_STATIONS},
            },
            {
                "name": "turn_limit",
                "label": "Game length",
                "choices": list(TURN_LIMIT_LABELS.items()),
                "help": "When the turns run out, whoever climbed furthest wins.",
            },
            {
                "name": "show_results",
                "label": "Show the results",
                "choices": list(SHOW_RESULTS_LABELS.items()),
                "help": "Prime Climb practises arithmetic: normally children work out where a "
                "pawn lands and type it or tap its circle. For younger classes the board can "
                "show every step's result instead (those facts then count as help, not as the "
                "child's own).",
                "teacher_only": True,
            },
            CUSTOM_CARDS_FIELD,
        ]

    def clean_settings(self, settings: dict[str, Any]) -> dict[str, Any]:
        """Fill in defaults; refuse unknown settings and bad values. Form posts are text."""
        if settings is None:
            settings = {}
        if not isinstance(settings, dict):
            raise SettingsError("Settings must be a list of named choices.")
        unknown = sorted(str(key)[:40] for key in settings if key not in DEFAULTS)
        if unknown:
            raise SettingsError(f"Unknown setting: {', '.join(unknown)}.")
        clean = {**self.default_settings(), **settings}
        if not isinstance(clean["variant"], str) or clean["variant"] not in VARIANT_LABELS:
            raise SettingsError(f"Game: choose one of {', '.join(VARIANT_LABELS)}.")
        if not isinstance(clean["doubles"], str) or clean["doubles"] not in DOUBLES_LABELS:
            raise SettingsError("Doubles: choose “must” or “may”.")
        clean["stations"] = clean_stations(clean["stations"])
        limit = clean["turn_limit"]
        if isinstance(limit, str) and limit.isdigit() and len(limit) <= 3:
            limit = int(limit)  # form posts arrive as text
        if type(limit) is not int or limit not in TURN_LIMITS:
            raise SettingsError("Game length: from 5 to 100 turns each.")
        clean["turn_limit"] = limit
        shown = clean["show_results"]
        if not isinstance(shown, str) or shown not in SHOW_RESULTS_LABELS:
            raise SettingsError("Show the results: choose “yes” or “no”.")
        clean["custom_cards"] = clean_custom_cards(clean["custom_cards"])
        return clean

    def settings_label(self, settings: dict[str, Any]) -> str:
        """ "Classic game", "Way Stations (37 and 71)", "Double Time · doubles 2 or 4 times",
        "At most 60 turns each": the classic game is not named again (the game's name is shown
        beside the label), only what differs from it."""
        clean = self.clean_settings(settings)
        parts = []
        if clean["variant"] != DEFAULTS["variant"]:
            label = VARIANT_LABELS[clean["variant"]]
            if clean["variant"] == WAY_STATIONS:
                label += f" ({_words(clean['stations'].split(','))})"
            parts.append(label)
        if clean["doubles"] == "may":
            parts.append("doubles 2 or 4 times")
        if clean["turn_limit"] != TURN_LIMIT:
            parts.append(f"at most {clean['turn_limit']} turns each")
        if clean["show_results"] == "yes":
            parts.append("results shown")
        if clean["custom_cards"]:
            count = len(clean["custom_cards"])
            parts.append(f"{count} custom card{'s' if count > 1 else ''}")
        if not parts:
            return CLASSIC_LABEL
        text = " · ".join(parts)
        return text[0].upper() + text[1:]

    # --- progress reports -----------------------------------------------------------------
    def progress_level(self, settings: dict[str, Any]) -> tuple[str, str]:
        """A match counts toward its variant ("double_time", "Double Time"); doubles, game
        length and custom cards do not split it."""
        try:
            variant = self.clean_settings(settings)["variant"]
        except SettingsError:
            variant = DEFAULTS["variant"]
        label = CLASSIC_LABEL if variant == DEFAULTS["variant"] else VARIANT_LABELS[variant]
        return (variant, label)

    # progress_levels stays empty: the variants are different games on the same board, not
    # harder and harder decks, so no variant is "the next level" of another.
    def skill_label(self, kind: str, skill: str) -> str:
        """ "14 + 3", "98 ÷ 7", "getting closest to 101"."""
        if skill == events.CLOSEST:
            return "getting closest to 101"
        found = SKILL_PATTERN.fullmatch(skill)
        if not found:
            return skill
        a, sign, b = found.groups()
        return f"{a} {SKILL_SYMBOLS[sign]} {b}"

    # --- play -----------------------------------------------------------------------------
    def new_game(self, settings: dict[str, Any], players: int, seed: int) -> State:
        """Shuffle the Prime Cards, put both pawns of each player on Start; the first player
        is drawn by lot ("roll the dice to decide who will play first")."""
        settings = self.clean_settings(settings)
        solitaire = settings["variant"] in SOLITAIRE
        if type(players) is not int or not 1 <= players <= self.max_players:
            raise SettingsError("Prime Climb is for 1 to 4 players.")
        if solitaire and players != 1:
            raise SettingsError("The solitaire games are for one player: choose no opponents.")
        if not solitaire and players < 2:
            raise SettingsError("This game needs 2 to 4 players (play alone: choose solitaire).")
        state = new_state(settings, players, seed, [])
        state["draw"] = shuffled(sorted(state["cards"]), seed, "deck")
        turns.begin_turn(state, rng_for(seed, "first").randrange(players))
        return state

    def current_player(self, state: State) -> int | None:
        """Whose turn it is; None once the game is over."""
        return None if state["turn"] is None else state["turn"]["seat"]

    def actors(self, state: State, players: int) -> list[int]:
        """Only the player whose turn it is."""
        current = self.current_player(state)
        return [] if current is None else [current]

    def legal_moves(self, state: State, player: int) -> list[Move]:
        """Roll; or Steps (pawn, die, op), Keeper cards, Undo, EndTurn; or an Action card's
        choices. Only the player whose turn it is has moves."""
        return legal.legal_moves(state, player)

    def apply_move(self, state: State, player: int, move: Move) -> State:
        """The state after the move; IllegalMove with a child-readable reason if refused."""
        new = legal.play(state, player, move)
        new["moves"] += 1
        return new

    def parse_move(self, data: Any) -> Move:
        """A move from its JSON form; anything malformed raises IllegalMove."""
        return move_from_json(data)

    def view(self, state: State, player: int | None) -> View:
        """Everything is public except the order of the draw pile and the dice before the
        roll."""
        return board_view(state, player)

    def outcome(self, state: State) -> Outcome | None:
        """Winners and scores once the game is over: the spaces each player climbed (101 per
        pawn home); in solitaire the number of rolls (fewer is better)."""
        if state["turn"] is not None:
            return None
        if state["settings"]["variant"] in SOLITAIRE:
            rolls = state["rolls"][0]
            reason = state["ended"]
            if state["winners"]:
                reason = f"{reason} (fewest rolls is best: try to beat your record)"
            return Outcome(winners=tuple(state["winners"]), scores=(rolls,), reason=reason)
        return Outcome(
            winners=tuple(state["winners"]),
            scores=tuple(seat_scores(state)),
            reason=state["ended"],
        )

    def record_rule(self, settings: dict[str, Any]) -> RecordRule | None:
        """Solitaire: "Keep track of your rolls, and try to break your record!" (fewest rolls).

        Our decision: Solitaire 1 and 2 keep separate records, and so do doubles "may" (easier)
        and custom add-or-subtract cards (a bigger deck), and games where the board shows the
        results (planning is easier); the game length does not matter (only won games count)
        nor do custom cards solitaire leaves out.
        """
        try:
            clean = self.clean_settings(settings)
        except SettingsError:
            return None
        variant = clean["variant"]
        if variant not in SOLITAIRE:
            return None
        key, title = variant, VARIANT_LABELS[variant]
        if clean["doubles"] == "may":
            key, title = f"{key}:doubles-may", f"{title} · doubles 2 or 4 times"
        extra = sorted(c["n"] for c in clean["custom_cards"] if c["kind"] == PLUS_MINUS)
        if extra:
            key += ":cards-" + "-".join(str(n) for n in extra)
            title += " · extra cards " + ", ".join(f"+/− {n}" for n in extra)
        if clean["show_results"] == "yes":
            key, title = f"{key}:results-shown", f"{title} · results shown"
        return RecordRule(key=key, title=title, label="rolls", lower_is_better=True)

    def learning_events(
        self, before: State, player: int, move: Move, after: State | IllegalMove
    ) -> list[LearningEvent]:
        """Facts used ("14-3"), steps off the board or not whole, and "closest_to_101"."""
        return events.learning_events(before, player, move, after)

    def resample_hidden(self, state: State, player: int | None, rng: random.Random) -> State:
        """Shuffle the draw pile again: everything else is face up."""
        new = copy_state(state)
        rng.shuffle(new["draw"])
        return new

    def check_invariants(self, state: State) -> None:
        """Every card exactly once; pawns on the board; the turn makes sense."""
        check_state(state)

    def board_html(self, part: str, *args: Any) -> str:
        """ "spiral": the 102 circles (spiral.py), from a view, the viewer's seat and the
        seats' names."""
        if part != "spiral":
            raise KeyError(part)
        return spiral_html(*args)

    def describe(self, state: State, player: int, move: Move) -> str:
        """ "rolled 3 and 9", "moved pawn A: 14 − 3 = 11", "took a step back", "ended the
        turn"."""
        move = checked_move(move)
        if isinstance(move, Roll):
            a, b = turns.dice_for(state)
            return f"rolled double {a}s" if a == b else f"rolled {a} and {b}"
        if isinstance(move, Step | Nudge):
            at = state["pawns"][player][move.pawn][0]
            n = move.die if isinstance(move, Step) else state["cards"][move.card]["n"]
            result = raw_result(at, move.op, n)
            shown = "?" if result is None else result
            card = " (Keeper card)" if isinstance(move, Nudge) else ""
            name = "AB"[move.pawn]
            return f"moved pawn {name}: {at} {SYMBOLS[move.op]} {n} = {shown}{card}"
        if isinstance(move, BumpCard):
            return "played a bump card"
        if isinstance(move, Curse):
            return "played a curse card"
        if isinstance(move, PickPawn):
            return f"used the card on pawn {'AB'[move.pawn]}"
        if isinstance(move, Switch):
            return "switched two pawns"
        if isinstance(move, Steal):
            return f"stole a Keeper card ({card_name(state['cards'][move.card])})"
        return {Undo: "took a step back", EndTurn: "ended the turn"}[type(move)]


def clean_stations(value: Any) -> str:
    """Way stations as "37,71": "Choose one or more prime number(s) between 30 and 80"."""
    if type(value) is int:
        value = [value]
    if isinstance(value, str):
        value = [part.strip() for part in value.split(",") if part.strip()]
    if not isinstance(value, list) or not 1 <= len(value) <= MAX_STATIONS:
        raise SettingsError("Way stations: choose 1 to 5 primes between 30 and 80.")
    numbers = []
    for item in value:
        if isinstance(item, str) and item.isdigit() and len(item) <= 3:
            item = int(item)
        if type(item) is not int or item not in STATION_PRIMES:
            raise SettingsError("Way stations must be primes between 30 and 80.")
        numbers.append(item)
    return ",".join(str(n) for n in sorted(set(numbers)))


def _words(parts: list[str]) -> str:
    return parts[0] if len(parts) == 1 else ", ".join(parts[:-1]) + " and " + parts[-1]


PRIME_CLIMB = register(PrimeClimb())
