"""The one protocol between a game's rules and everything else (Django, Celery, browsers).

A game is deterministic given its settings, player count and seed. Its state is plain
JSON-serialisable data (dicts, lists, str, int, bool, None), never mutated in place: every
move gives a new state. Players are seat numbers 0..n-1.
"""

from __future__ import annotations

import importlib
import random
from abc import ABC, abstractmethod
from collections.abc import Sequence
from dataclasses import dataclass, field
from datetime import date
from functools import cache
from types import ModuleType
from typing import Any, ClassVar

from .texts import HowToPlay, LearnScript, RulesSection

State = dict[str, Any]
View = dict[str, Any]

SPECTATOR = None  # view(state, SPECTATOR): what a watcher may see (no hidden cards at all)


class IllegalMove(Exception):
    """A move the rules do not allow. `reason` is written for a 9-year-old to read.

    `kind` names the mistake for learning events ("wrong_product", "no_common_multiplier",
    ...); platform problems (not your turn, not in your hand) use kind "rules".
    """

    def __init__(self, reason: str, *, kind: str = "rules", detail: dict | None = None):
        super().__init__(reason)
        self.reason = reason
        self.kind = kind
        self.detail = detail or {}


class SettingsError(ValueError):
    """Game settings that cannot be used; the message is for the teacher or student."""


@dataclass(frozen=True)
class Move:
    """Base of every game's moves: small frozen dataclasses with a stable JSON form."""

    type: ClassVar[str] = ""

    def to_json(self) -> dict[str, Any]:
        data = {"type": self.type}
        data.update({k: v for k, v in self.__dict__.items()})
        return data

    def label(self) -> str:
        """How the move reads in a game log ("24 = 4 × 6")."""
        return self.type


@dataclass(frozen=True)
class Outcome:
    """A finished game: who won, each seat's score, and why it ended."""

    winners: tuple[int, ...]
    scores: tuple[float, ...]
    reason: str = ""

    def to_json(self) -> dict[str, Any]:
        return {"winners": list(self.winners), "scores": list(self.scores), "reason": self.reason}


@dataclass(frozen=True)
class RecordRule:
    """What a game keeps a personal record of, for games played with some settings.

    Records are compared only among won games of the same game and `key` (settings that
    change how hard a record is to reach get their own key); `title` names the key for people
    ("Solitaire 1"), `label` the score's unit ("rolls").
    """

    key: str
    title: str
    label: str
    lower_is_better: bool = False

    def better(self, score: float, than: float) -> bool:
        """Whether `score` beats `than` (a tie does not)."""
        return score < than if self.lower_is_better else score > than

    def amount(self, score: float) -> str:
        """A score in words: "17 rolls"."""
        number = int(score) if float(score).is_integer() else score
        return f"{number} {self.label}"


# The kinds of learning events (LearningEvent.kind) the platform reads; a game may add its own
# (a rule of the game, a mistake of form), which the reports list but never count as practice.
FACT = "fact"  # a multiplication fact, skill "7x8"
FACTOR_SET = "factor_set"  # a factor set, skill "factors:91"
HINT = "hint"  # the player asked for a hint
ATTEMPT_KINDS = (FACT, FACTOR_SET)  # the practice of a fact: what accuracy and mastery count


@dataclass(frozen=True)
class LearningEvent:
    """What a move shows about a player's knowledge: the raw material of progress reports.

    kind: what was practised ("fact", "factor_set", ...); skill: the fact itself in a stable
    form ("4x6", "factors:91"); correct: whether the player got it right; mistake: the kind of
    mistake when not; helped: the app helped with it (a hint showed this set, the board showed
    the result), so it is help, not the player's own skill. A help the app gives on its own
    (asking for a hint) is an event of kind "hint".
    """

    player: int
    kind: str
    skill: str
    correct: bool
    mistake: str = ""
    detail: dict[str, Any] = field(default_factory=dict)
    helped: bool = False

    def to_json(self) -> dict[str, Any]:
        return {
            "player": self.player,
            "kind": self.kind,
            "skill": self.skill,
            "correct": self.correct,
            "mistake": self.mistake,
            "detail": self.detail,
            "helped": self.helped,
        }


@dataclass(frozen=True)
class Timeout(Move):
    """The clock ran out. Never a player's move: only the platform applies it, through
    `Game.apply_timeout`, and the move log keeps it so a match replays exactly."""

    type: ClassVar[str] = "timeout"

    def label(self) -> str:
        return "time ran out"


@dataclass(frozen=True)
class Played:
    """A move applied, with what it did: the new state, its line for the game log and its
    learning events, worked out together so that nothing works the move out again."""

    state: State
    text: str
    events: list[LearningEvent]


class Bot(ABC):
    """A computer player of a named strength. It sees only its own view."""

    strength: ClassVar[str] = ""
    label: ClassVar[str] = ""

    @abstractmethod
    def choose_move(self, view: View, legal_moves: list[Move], rng: random.Random) -> Move | None:
        """Pick one of legal_moves (never anything else).

        None means "nothing now": allowed only when it is not the bot's turn (a bot that does
        not spot a challenge it could make). On its turn a bot must move.
        """

    def reaction_seconds(
        self, view: View, legal_moves: list[Move], rng: random.Random
    ) -> float | None:
        """How long this bot takes before acting here (None: the platform's usual pace).
        Games with races (challenges) give stronger bots quicker reactions.

        Draw any randomness from `rng` only: the platform keys it with a secret no player
        knows. A think time worked out from the bot's view would tell what it holds."""
        return None


class Game(ABC):
    """Every game implements these verbs; nothing outside the game decides legality."""

    slug: ClassVar[str]
    name: ClassVar[str]
    min_players: ClassVar[int]
    max_players: ClassVar[int]
    summary: ClassVar[str] = ""
    # Per-turn time limit in seconds where the rules have one (None: no timer).
    turn_seconds: ClassVar[int | None] = None
    # Games that random moves never finish (Factor Rummy: going out needs a hand a player built
    # on purpose) set how many random moves the conformance playout makes, every check on;
    # then the strongest bot plays every seat to the end, still checked.
    random_playout_moves: ClassVar[int | None] = None
    # Games whose every position is costly to list (Equate searches the board for plays) run
    # fewer seeded conformance playouts than the usual hundred (None: the usual number).
    conformance_playouts: ClassVar[int | None] = None
    # The fact map the teacher's report draws of a student's skills in this game, per level:
    # "table" (the 10 × 10 multiplication table, skills "7x8"), "factors" (the numbers whose
    # factor sets were tried, skills "factors:91"), or None (no map: the most missed are listed).
    fact_map: ClassVar[str | None] = None

    # --- what the platform's pages need from the game (the platform names no game) ---------
    # Its own stylesheet and script under static/ (a board swapped in by htmx runs no script,
    # so the page loads it once), or None: styled by site.css, no script of its own.
    stylesheet: ClassVar[str | None] = None
    script: ClassVar[str | None] = None
    # Whether the board tells what happened itself ("What happened"): the page then shows no
    # list of the last raw moves under it.
    tells_own_story: ClassVar[bool] = False
    # Move types whose refusal the board shows beside the answer the player gave (the
    # platform's alert above the board would say it twice).
    errors_in_place: ClassVar[frozenset[str]] = frozenset()
    # Move fields a form posts as several values (ticked cards): joined with commas, in the
    # order posted; any other field keeps its last value.
    list_fields: ClassVar[frozenset[str]] = frozenset()
    # The move type that gives the game up, where the rules have one (Prime Solitaire's "give
    # up"): the platform's "Give up" plays it; None: a bot plays the seat on, or the game closes.
    resign_move: ClassVar[str | None] = None
    # Whether a player's move may change only what they can see (Prime Bomb's secret choice):
    # the platform then compares the others' views before and after each move and keeps such
    # a move without telling anyone (no new version, no line in the log).
    secret_moves: ClassVar[bool] = False

    # --- settings -------------------------------------------------------------------------
    @abstractmethod
    def default_settings(self) -> dict[str, Any]:
        """Settings a new game gets when nobody chooses."""

    @abstractmethod
    def settings_fields(self) -> list[dict[str, Any]]:
        """Describe the settings for forms, one spec (a dict) per setting.

        A choice (the usual kind): {"name", "label", "choices": [(value, text)], "help"?}; the
        value is one of the choices.

        Slots ("type": "slots"): a list of up to "slots" items, each an effect chosen from
        "choices": [(kind, text)] and, for the kinds in "numbers": {kind: (lo, hi)}, a whole
        number lo..hi (inclusive). The setting's value is the list of the filled slots in
        order, each {"kind": kind} or {"kind": kind, "n": number}; empty slots are left out,
        so every slot is optional. The text of a kind with a number names it "N" ("Send your
        pawn to N"); a chosen card is shown with its number in place of N.

        Any spec may say "teacher_only": True: only a teacher's assignment offers it; students
        starting a match get the default (or the assignment's value). clean_settings still
        checks every value, whoever sends it.
        "only_if": {setting: value} on a choice: shown only for that value (else left at default).
        """

    @abstractmethod
    def clean_settings(self, settings: dict[str, Any]) -> dict[str, Any]:
        """Complete and check settings; raise SettingsError with a readable message."""

    def settings_label(self, settings: dict[str, Any]) -> str:
        """A short description of the settings ("Level 3", "2 free cards")."""
        return ""

    # --- play -----------------------------------------------------------------------------
    @abstractmethod
    def new_game(self, settings: dict[str, Any], players: int, seed: int) -> State:
        """The state at the start of a game."""

    @abstractmethod
    def current_player(self, state: State) -> int | None:
        """Whose turn it is (None once the game is over)."""

    @abstractmethod
    def legal_moves(self, state: State, player: int) -> list[Move]:
        """Every move this player may make now, in a fixed order (empty if none).

        Usually only the current player has moves; games where others may act out of turn
        (a challenge) list those moves for them too.
        """

    @abstractmethod
    def apply_move(self, state: State, player: int, move: Move) -> State:
        """The state after the move, or IllegalMove. Never changes `state`."""

    def timer(self, state: State) -> float | None:
        """Seconds this state may stand before the clock acts (None: no clock running).

        Rules with time limits or a dealer who waits (a challenge window) return a number;
        if no move is made in time the platform calls apply_timeout.
        """
        return None

    def timer_key(self, state: State) -> str | None:
        """What the running clock belongs to, when moves may come before it runs out without
        starting it again (everyone choosing at once: each choice keeps the round's clock).
        A move from a state to one with the same key keeps the deadline; None (the default):
        every move starts the clock again."""
        return None

    def waiting_for(self, state: State) -> list[int] | None:
        """The players the game waits for while everyone moves at once (each chooses in
        secret); None when players take turns (the usual). The board then shows no single
        player's turn: it says whose choice is still missing."""
        return None

    def apply_timeout(self, state: State) -> State:
        """The state once the clock ran out (a turn ends, the dealer deals a hit card)."""
        raise IllegalMove("No clock is running.")

    @abstractmethod
    def parse_move(self, data: Any) -> Move:
        """A move from its JSON form; anything malformed raises IllegalMove."""

    @abstractmethod
    def view(self, state: State, player: int | None) -> View:
        """What this player (or a spectator, None) may see: hidden cards become counts."""

    @abstractmethod
    def outcome(self, state: State) -> Outcome | None:
        """None while the game goes on."""

    @abstractmethod
    def learning_events(
        self, before: State, player: int, move: Move, after: State | IllegalMove
    ) -> list[LearningEvent]:
        """What the move shows; `after` is the IllegalMove when the move was refused. The
        clock's Timeout comes here too (a wrong set that stood because nobody challenged it
        in time is a mistake when the window closes)."""

    def bots(self) -> dict[str, Bot]:
        """The bots by strength name, weakest first: BOTS of the game's own bots.py (bots.py
        imports the game's moves and state, never its game.py)."""
        return self.own_module("bots").BOTS

    @abstractmethod
    def resample_hidden(self, state: State, player: int | None, rng: random.Random) -> State:
        """A state this player could not tell apart from `state`: everything hidden from them
        (others' hands, the draw pile) dealt again at random, keeping every zone's size.

        The conformance test checks view(state, p) == view(resample_hidden(state, p), p).
        """

    def check_invariants(self, state: State) -> None:  # noqa: B027 - optional hook
        """Raise AssertionError if the state breaks a rule (cards lost or doubled, ...)."""

    def choose_seed(self, settings: dict[str, Any], fresh: int, today: date) -> int:
        """The seed of a new match with these (clean) settings: `fresh`, a random one, unless
        the game deals something else (Prime Solitaire's deal of the day)."""
        return fresh

    def analyse(
        self,
        settings: dict[str, Any],
        players: int,
        seed: int,
        final: State,
        log: Sequence[tuple[int, Any]] = (),
    ) -> dict[str, Any] | None:
        """After the game: what a teacher may want to know that takes time to work out
        (Prime Solitaire: could this deal have been won, and which move lost it?). Runs in a
        background task; `log` is the move log as (seat, move data). Plain JSON data with a
        "summary" sentence for the teacher, and optionally "replay": {"step": N, "note": "...",
        "move": M, "mark": "..."}, a step of the replay to point at (shown there with its
        note; move M marked in the list with `mark`, if any); None: nothing to say."""
        return None

    def record_rule(self, settings: dict[str, Any]) -> RecordRule | None:
        """Whether games with these settings keep each student's record (the best score of
        their won games), and how it is compared; None: no record (the default)."""
        return None

    # --- learning the game (games.engine.texts) ---------------------------------------------
    def own_module(self, name: str) -> ModuleType:
        """A module of the game's own package (its "texts" or "bots"), imported the first
        time it is asked for: a match that never asks for a bot never loads one. A subclass
        elsewhere (a test's) finds its game's package."""
        return _own_module(type(self), name)

    def texts(self) -> ModuleType:
        """The game's texts.py: how_to_play(), learn_to_play(), rules_for_teachers()."""
        return self.own_module("texts")

    def how_to_play(self) -> HowToPlay:
        """The game explained to a child: the goal, then short steps with pictures drawn by
        the game's `_picture.html`, including the rule text's worked examples."""
        return self.texts().how_to_play()

    def learn_to_play(self) -> LearnScript:
        """The guided Learn to play round: a fixed, friendly deal and the coach's steps."""
        return self.texts().learn_to_play()

    def rules_for_teachers(self) -> list[RulesSection]:
        """The full rules for teachers, with every setting and decision that changes play."""
        return self.texts().rules_for_teachers()

    # --- progress reports -----------------------------------------------------------------
    def progress_level(self, settings: dict[str, Any]) -> tuple[str, str]:
        """(key, label) of the deck level or variant a match with these settings counts
        toward in progress reports ("level-3", "Level 3"); by default one level for all."""
        return ("all", "All games")

    def progress_levels(self) -> list[tuple[str, str]]:
        """The levels in order, easiest first, for "ready for the next level" suggestions
        (empty: the levels are not ordered, so no suggestion)."""
        return []

    def skill_label(self, kind: str, skill: str) -> str:
        """A learning event's skill as a teacher reads it ("7 × 8", "factors of 91")."""
        return skill

    def is_attempt(self, event: LearningEvent) -> bool:
        """Whether an event shows a real attempt of the player's own: a game finished with
        none is passive and meets no goal (only turning cards, only passing, throwing
        nothing). By default a right answer they made, a card played or a set taken, even
        with the app's help (a game won with help is finished, not won alone)."""
        return event.correct and event.kind != HINT

    def actors(self, state: State, players: int) -> list[int]:
        """Every player who may move now (the current player, and anyone who may challenge):
        exactly those legal_moves lists moves for (the conformance check holds a game to
        it). The platform asks at every change, under the match's lock, so a game answers
        from its state without building move lists; this default does build them."""
        return [p for p in range(players) if self.legal_moves(state, p)]

    def board_key(self, state: State, player: int) -> str | None:
        """What this player's moves depend on, where other players' moves leave it alone (every
        player choosing at once). A move sent from a board with this key is played even when
        the board has changed since (a classmate chose meanwhile), as long as the state still
        has the same key; the rules still judge the move. None (the default): a move counts
        only from the newest board."""
        return None

    def canonical_move(self, state: State, player: int, move: Move) -> Move:
        """The move in the form legal_moves lists it. A game whose moves name cards by place
        may be given the same choice named another way (the second of two equal cards, the
        cards of a set in another order); the conformance check compares these forms."""
        return move

    def listed_in_part(self, move: Move) -> bool:
        """Whether legal_moves lists moves of this kind only in part (simple forms: Prime
        Canasta's laydowns, with every other choice of cards also allowed). The conformance
        check then cannot ask such a move to be refused when it is not listed; it checks the
        state it makes instead."""
        return False

    def describe(self, state: State, player: int, move: Move) -> str:
        """One line for the game log ("Ana discarded 24 = 4 × 6")."""
        return move.label()

    def board_html(self, part: str, *args: Any) -> str:
        """A piece of the board's HTML its template asks for by name ({% board_html rules
        "grid" view %}), built in Python where a template loop over hundreds of squares
        would be slow; every text in it escaped. No game asks by default."""
        raise KeyError(part)

    def play(self, state: State, player: int, move: Move) -> Played:
        """Apply a move (the clock's Timeout too: apply_timeout), with its log line and its
        learning events; IllegalMove as apply_move. What the platform calls: a game whose
        describe or learning_events would work the move out again overrides this to do the
        work once."""
        if isinstance(move, Timeout):
            after = self.apply_timeout(state)
        else:
            after = self.apply_move(state, player, move)
        text = self.describe(state, player, move)
        return Played(after, text, self.learning_events(state, player, move, after))


@cache
def _own_module(game: type, name: str) -> ModuleType:
    for cls in game.__mro__:
        if cls is Game:
            break
        package = cls.__module__.rpartition(".")[0]
        try:
            return importlib.import_module(f"{package}.{name}")
        except ModuleNotFoundError as error:
            if error.name != f"{package}.{name}":
                raise  # the module is there but imports something missing
    raise ModuleNotFoundError(f"{game.__name__} has no {name} module beside its game.py")


def apply_logged(game: Game, state: State, player: int, data: Any) -> State:
    """Apply one entry of a move log (a player's move or the clock's Timeout)."""
    if isinstance(data, dict) and data.get("type") == Timeout.type:
        return game.apply_timeout(state)
    return game.apply_move(state, player, game.parse_move(data))
