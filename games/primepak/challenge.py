"""Prime Challenge: pick up factor sets from a shared foundation; opponents challenge mistakes.

Rule text: /work/shared/rules/primepak.md (PRIME CHALLENGE); what it leaves open is settled in
DECISIONS.md ("PrimePak") and in the comments marked "Our decision". Pure Python: no Django.
The app is the dealer (the booklet's Dealer Option 2): it fills the foundation, deals hit
cards, keeps the time and settles every challenge.

Phases: "turn" (the actor picks up sets), "window" (after hit, done or a set, the others may
challenge), "challenger" (a challenger who caught a missed set picks up sets), "over".
A card is named by a ref: "f7" is foundation slot 7, "h0" the first hit card.
"""

from __future__ import annotations

import random
import re
from dataclasses import dataclass
from typing import Any, ClassVar

from games.engine.protocol import (
    Bot,
    Game,
    IllegalMove,
    LearningEvent,
    Move,
    Outcome,
    SettingsError,
    State,
    Timeout,
    View,
)
from games.engine.rng import rng_for, shuffled

from .cards import (
    LEVEL_PRIMES,
    LEVELS,
    WILD,
    Card,
    deck,
    is_wild,
    label,
    number_cards,
    points,
    prime_factors,
)
from .factorsets import MAX_WILDS, MIN_NATURALS, SetCheck, check_set, find_sets

# Booklet, Deck: "Level 1 or 2, include no prime wild cards; Level 3, include 7 prime wild
# cards; Level 4 or 5, include 11 prime wild cards; Level 6, include 13 prime wild cards."
WILDS_BY_LEVEL = {1: 0, 2: 0, 3: 7, 4: 11, 5: 11, 6: 13}
# Booklet, Layout: three rows of four for levels 3 to 6, "only nine cards" for levels 1 and 2.
ROWS = 3
FOUNDATION_SIZE = {1: 9, 2: 9, 3: 12, 4: 12, 5: 12, 6: 12}


@dataclass(frozen=True)
class Clock:
    """Seconds for a turn's first action, each further action, and a challenge window."""

    first: int
    further: int
    window: int


# Booklet, Time Limits: 30 s, 15 s, 2 s. DECISIONS: defaults a teacher can loosen.
TIME_LIMITS = {
    "booklet": Clock(30, 15, 2),
    "relaxed": Clock(60, 30, 5),
    "gentle": Clock(120, 60, 8),
}
TIME_LABELS = {
    "booklet": "Booklet timing (30 s, then 15 s; 2 s to challenge)",
    "relaxed": "Relaxed (60 s, then 30 s; 5 s to challenge)",
    "gentle": "Gentle (2 minutes, then 1 minute; 8 s to challenge)",
}
INVALID_SET_LABELS = {
    "challenge": "A wrong set stands unless someone challenges it (booklet)",
    "refuse": "The app refuses a wrong set at once (for young classes)",
}
TEAM_LABELS = {"off": "Everyone for themselves", "pairs": "Two teams of two (4 players)"}
TEAM_PLAYERS = 4

# Booklet, Challenges: "three cards (or 3 points)", "one card (or one point)". Our decision:
# penalties are always points, so a stack never has to give back cards it may not have.
WRONG_SET_POINTS = 3
FALSE_CHALLENGE_POINTS = 3
OFFENCE_POINTS = 1
MIN_SET = 3
# Our decision: at most 30 cards picked up between two actions (a set, a hit), so nobody can
# hold the table by picking cards up and down: every Select restarts the 15 s clock.
SELECT_LIMIT = 30
# Our decision (not in the booklet): safety caps so every game ends. Bots finish a level 6
# game in at most about 50 turns and 500 moves; a game ends after 120 turns, and (a backstop
# the turn limit makes unreachable in practice) after 3000 moves and timeouts.
TURN_LIMIT = 120
MOVE_LIMIT = 3000
LOG_SIZE = 20  # public events kept for the board

TURN, WINDOW, CHALLENGER, OVER = "turn", "window", "challenger", "over"
_REF = re.compile(r"[fh](0|[1-9][0-9]{0,2})")
# check_set's mistakes: a wrong set (the others are rules of play, not arithmetic).
SET_MISTAKES = frozenset(
    {"too_few_naturals", "no_answer", "wrong_product", "wild_not_prime", "too_many_wilds"}
)
# One-card offences (booklet: "do not end a player's turn"), and how they read.
OFFENCE_TEXT = {
    "wrong_order": "the answer {answer} must be picked up first",
    "too_many_wilds": "a set may have at most 3 prime cards",
    "too_few_naturals": "a set needs at least 2 number cards",
}
WILD_OFFENCES = frozenset({"too_many_wilds", "too_few_naturals"})


# --- moves --------------------------------------------------------------------------------------
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


_PLAIN_MOVES: dict[str, Move] = {
    m.type: m for m in (Clear(), Collect(), Hit(), Done(), Challenge())
}


@dataclass(frozen=True)
class Verdict:
    """How a challenge ends: "missed_set", "wrong_set", "offence" or "false"."""

    kind: str
    check: SetCheck | None = None
    offences: tuple[str, ...] = ()
    missed: tuple[Card, ...] = ()  # after hit or done: one set that was there
    claim: str = ""  # the challenged set as it was picked up


class PrimeChallenge(Game):
    """Prime Challenge, for 2 to 4 players (or two teams of two)."""

    slug = "prime-challenge"
    name = "Prime Challenge"
    min_players = 2
    max_players = 4
    summary = (
        "Race to pick up factor sets from the cards on the table: the answer first, then the "
        "numbers that multiply to make it. Watch the others and say “challenge” when they miss "
        "a set or take a wrong one."
    )
    turn_seconds = None  # the clock is timer(): turn limits and challenge windows

    # --- settings -------------------------------------------------------------------------
    def default_settings(self) -> dict[str, Any]:
        """Level 1, the booklet's timing and challenges, no teams."""
        return {"level": 1, "time_limits": "booklet", "invalid_sets": "challenge", "teams": "off"}

    def settings_fields(self) -> list[dict[str, Any]]:
        """Deck level, timing, what happens to a wrong set, and teams."""
        levels = [(lv, f"Level {lv}{_wilds_text(lv)}") for lv in LEVELS]
        return [
            {
                "name": "level",
                "label": "Deck level",
                "choices": levels,
                "help": "Level 1 uses 2 and 5; each level adds new primes and prime cards.",
            },
            {
                "name": "time_limits",
                "label": "Time limits",
                "choices": list(TIME_LABELS.items()),
                "help": "Time for the first action of a turn, each further one, and to challenge.",
            },
            {
                "name": "invalid_sets",
                "label": "Wrong sets",
                "choices": list(INVALID_SET_LABELS.items()),
                "help": "Young classes may prefer the app to say at once why a set is wrong.",
            },
            {
                "name": "teams",
                "label": "Teams",
                "choices": list(TEAM_LABELS.items()),
                "help": "With 4 players, partners sit across (seats 1 and 3, 2 and 4).",
            },
        ]

    def clean_settings(
        self, settings: dict[str, Any], players: int | None = None
    ) -> dict[str, Any]:
        """Fill in defaults; refuse unknown settings, bad values, and teams without 4 players."""
        if settings is None:
            settings = {}
        if not isinstance(settings, dict):
            raise SettingsError("Settings must be a list of named choices.")
        defaults = self.default_settings()
        unknown = sorted(str(key)[:40] for key in settings if key not in defaults)
        if unknown:
            raise SettingsError(f"Unknown setting: {', '.join(unknown)}.")
        clean = {**defaults, **settings}
        level = clean["level"]
        if isinstance(level, str) and level in {str(lv) for lv in LEVELS}:
            level = int(level)  # form posts arrive as text
        if type(level) is not int or level not in LEVELS:
            raise SettingsError("The deck level must be 1, 2, 3, 4, 5 or 6.")
        clean["level"] = level
        for name, choices in (
            ("time_limits", TIME_LABELS),
            ("invalid_sets", INVALID_SET_LABELS),
            ("teams", TEAM_LABELS),
        ):
            if not isinstance(clean[name], str) or clean[name] not in choices:
                raise SettingsError(
                    f"{name.replace('_', ' ').capitalize()}: choose "
                    f"{' or '.join(repr(c) for c in choices)}."
                )
        if clean["teams"] == "pairs" and players is not None and players != TEAM_PLAYERS:
            raise SettingsError("Teams of two need exactly 4 players.")
        return clean

    def settings_label(self, settings: dict[str, Any]) -> str:
        """ "Level 3", "Level 3 · relaxed timing · wrong sets refused · teams"."""
        clean = self.clean_settings(settings)
        parts = [f"Level {clean['level']}"]
        if clean["time_limits"] != "booklet":
            parts.append(f"{clean['time_limits']} timing")
        if clean["invalid_sets"] == "refuse":
            parts.append("wrong sets refused")
        if clean["teams"] == "pairs":
            parts.append("teams")
        return " · ".join(parts)

    # --- play -----------------------------------------------------------------------------
    def new_game(self, settings: dict[str, Any], players: int, seed: int) -> State:
        """Shuffle the level's deck; the first player is drawn by lot; their turn fills the
        foundation."""
        if type(players) is not int or not self.min_players <= players <= self.max_players:
            raise SettingsError("Prime Challenge is for 2 to 4 players.")
        settings = self.clean_settings(settings, players)
        level = settings["level"]
        state: State = {
            "players": players,
            "settings": settings,
            "seed": seed,
            "foundation": [None] * FOUNDATION_SIZE[level],
            "hits": [],
            "draw": shuffled(deck(level, WILDS_BY_LEVEL[level]), seed, "deal"),
            "stacks": [[] for _ in range(players)],
            "bonus": [0] * players,  # points won (+) or given up (-) in challenges
            "turn": None,
            "actor": None,
            "phase": TURN,
            "picked": [],
            "acted": False,
            "selects": 0,
            "foundation_set": False,
            "turn_sets": 0,
            "idle_turns": 0,
            "turns": 0,
            "window": None,
            "last_set": None,
            "moves": 0,
            "ended": "",
            "log": [],
        }
        # Our decision: the app deals, so the first player is drawn by lot (seeded).
        _start_turn(state, rng_for(seed, "first").randrange(players))
        return state

    def current_player(self, state: State) -> int | None:
        """Who is acting: the actor, or during a window the player who may be challenged."""
        if state["phase"] == OVER:
            return None
        if state["phase"] == WINDOW:
            return state["window"]["player"]
        return state["actor"]

    def legal_moves(self, state: State, player: int) -> list[Move]:
        """Selects (foundation then hit cards), Clear, Collect, Hit, Done; or Challenge."""
        phase = state["phase"]
        if phase == WINDOW:
            return [Challenge()] if _may_challenge(state, player) else []
        if phase == OVER or player != state["actor"]:
            return []
        picked = state["picked"]
        moves: list[Move] = [
            Select(ref) for ref in _refs(state) if ref in picked or state["selects"] < SELECT_LIMIT
        ]
        if picked:
            moves.append(Clear())
        if len(picked) >= MIN_SET and _collect_problem(state) is None:
            moves.append(Collect())
        if _may_hit(state):
            moves.append(Hit())
        if phase == CHALLENGER or state["foundation_set"]:
            moves.append(Done())
        return moves

    def apply_move(self, state: State, player: int, move: Move) -> State:
        """The state after the move; IllegalMove with a child-readable reason if refused."""
        move = _checked(move)
        if state["phase"] == OVER:
            raise IllegalMove("The game is over.")
        if type(player) is not int or not 0 <= player < state["players"]:
            raise IllegalMove("You are not playing in this game.")
        if isinstance(move, Challenge):
            _check_challenge(state, player)
            return _count(_challenge(state, player))
        _check_actor(state, player)
        if isinstance(move, Select):
            new = _select(state, move.card)
        elif isinstance(move, Clear):
            new = _clear(state)
        elif isinstance(move, Collect):
            new = _collect(state, player)
        elif isinstance(move, Hit):
            new = _hit(state, player)
        else:
            new = _done(state, player)
        return _count(new)

    def timer(self, state: State) -> float | None:
        """The window's seconds, or the time for the actor's first or next action."""
        clock = _clock(state)
        if state["phase"] == OVER:
            return None
        if state["phase"] == WINDOW:
            return clock.window
        return clock.further if state["acted"] else clock.first

    def apply_timeout(self, state: State) -> State:
        """A window closes unchallenged; a player out of time says "done" (a window opens);
        a challenger out of time ends their challenger turn."""
        phase = state["phase"]
        if phase == OVER:
            raise IllegalMove("No clock is running.")
        new = _copy(state)
        if phase == WINDOW:
            _close_window(new)
        elif phase == CHALLENGER:
            _log(new, "done", new["actor"], " ran out of time.")
            _end_challenger_turn(new)
        else:
            # Our reading of "the dealer monitors the time": out of time counts as "done",
            # and the others may still challenge a set that was missed.
            actor = new["actor"]
            _log(new, "timeout", actor, " ran out of time.")
            new["picked"] = []
            _open_window(new, "done", actor, timed_out=True)
        return _count(new)

    def parse_move(self, data: Any) -> Move:
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
            if isinstance(ref, str) and _REF.fullmatch(ref):
                return Select(ref)
            raise IllegalMove("There is no such card on the table.")
        raise IllegalMove("That is not a move in this game.")

    def view(self, state: State, player: int | None) -> View:
        """Everything is face up except the draw pile (a count)."""
        seated = type(player) is int and 0 <= player < state["players"]
        me = player if seated else None
        clock = _clock(state)
        order = {ref: i + 1 for i, ref in enumerate(state["picked"])}
        slots = [_slot(f"f{i}", card, order) for i, card in enumerate(state["foundation"])]
        columns = len(slots) // ROWS
        acting = state["phase"] in (TURN, CHALLENGER) and me is not None and me == state["actor"]
        scores = _scores(state)
        level = state["settings"]["level"]
        return {
            "players": state["players"],
            "me": me,
            "level": level,
            "wild_primes": list(LEVEL_PRIMES[level]),
            "invalid_sets": state["settings"]["invalid_sets"],
            "phase": state["phase"],
            "turn": state["turn"],
            "actor": state["actor"],
            "turns": state["turns"],
            "moves": state["moves"],
            "foundation": slots,
            "rows": [slots[r * columns : (r + 1) * columns] for r in range(ROWS)],
            "hits": [_slot(f"h{i}", card, order) for i, card in enumerate(state["hits"])],
            "draw_count": len(state["draw"]),
            "pick": _pick_view(state),
            "window": _window_view(state, clock),
            "can_challenge": seated and _may_challenge(state, me),
            "can_select": acting,
            "can_clear": acting and bool(state["picked"]),
            "can_collect": acting and len(state["picked"]) >= MIN_SET,
            "can_hit": acting and _may_hit(state),
            "can_done": acting and (state["phase"] == CHALLENGER or state["foundation_set"]),
            "foundation_set": state["foundation_set"],
            "timer": self.timer(state),
            "time_limits": {"first": clock.first, "further": clock.further, "window": clock.window},
            "collected": [len(stack) for stack in state["stacks"]],
            "scores": scores,
            "teams": _teams(state),
            "team_scores": [sum(scores[s] for s in team) for team in _teams(state) or []],
            "log": [_event_view(event) for event in state["log"]],
            "over": state["phase"] == OVER,
            "ended": state["ended"],
            "winners": _winners(state) if state["phase"] == OVER else [],
        }

    def outcome(self, state: State) -> Outcome | None:
        """Scores per seat (1 per number card, 2 per prime card, ± challenge points); the
        highest score wins (in teams, the highest team total: both partners win)."""
        if state["phase"] != OVER:
            return None
        return Outcome(
            winners=tuple(_winners(state)), scores=tuple(_scores(state)), reason=state["ended"]
        )

    def learning_events(
        self, before: State, player: int, move: Move, after: State | IllegalMove
    ) -> list[LearningEvent]:
        """Sets taken (right or wrong), wrong sets refused, and what challenges showed."""
        try:
            move = _checked(move)
        except IllegalMove:
            return []
        if isinstance(move, Collect):
            if isinstance(after, IllegalMove) and after.kind not in SET_MISTAKES:
                return []
            cards = _cards_at(before, before["picked"])
            return [_set_event(player, cards, check_set(cards, before["settings"]["level"]))]
        if isinstance(move, Challenge) and not isinstance(after, IllegalMove):
            return _challenge_events(before, player, _verdict(before))
        return []

    def bots(self) -> dict[str, Bot]:
        """Easy and strong bots."""
        from .challenge_bots import BOTS  # bots import the rules' moves: import late

        return BOTS

    def resample_hidden(self, state: State, player: int | None, rng: random.Random) -> State:
        """Shuffle the draw pile again: nothing else is hidden from anyone."""
        new = _copy(state)
        rng.shuffle(new["draw"])
        return new

    def check_invariants(self, state: State) -> None:
        """Every card exactly once; picks, windows and points make sense."""
        settings = state["settings"]
        level = settings["level"]
        cards = [c for c in state["foundation"] if c is not None]
        cards += [*state["hits"], *state["draw"]]
        for stack in state["stacks"]:
            cards += stack
        numbers = [card for card in cards if type(card) is int]
        numbers.sort()
        wilds = [card for card in cards if type(card) is not int]
        assert numbers == _NUMBERS[level], "number cards lost or doubled"
        assert wilds == [WILD] * WILDS_BY_LEVEL[level], "prime cards lost or doubled"
        assert len(state["foundation"]) == FOUNDATION_SIZE[level]
        assert len(set(state["picked"])) == len(state["picked"]), "a card picked twice"
        assert all(_card_at(state, ref) is not None for ref in state["picked"]), "bad pick"
        assert sum(state["bonus"]) == 0, "challenge points are only passed between players"
        assert state["moves"] <= MOVE_LIMIT and len(state["log"]) <= LOG_SIZE
        phase = state["phase"]
        assert (state["window"] is not None) == (phase == WINDOW)
        collect_window = phase == WINDOW and state["window"]["kind"] == "collect"
        assert (state["last_set"] is not None) == collect_window
        if phase == OVER:
            assert state["turn"] is None and state["actor"] is None and state["ended"]
        else:
            assert 0 <= state["turn"] < state["players"] and not state["ended"]
        if phase == TURN:
            assert state["actor"] == state["turn"]
        if phase == CHALLENGER:
            assert state["actor"] != state["turn"]
        if phase == WINDOW:
            assert state["window"]["player"] == state["turn"] and not state["picked"]

    def describe(self, state: State, player: int, move: Move) -> str:
        """ "picked 42", "took 42 = 6 × 7", "said “hit”", "challenged!", "ran out of time"."""
        if isinstance(move, Timeout):
            return _describe_timeout(state)
        move = _checked(move)
        if isinstance(move, Select):
            card = _card_at(state, move.card)
            if card is None:
                return "picked an empty place"
            verb = "put back" if move.card in state["picked"] else "picked"
            return f"{verb} {'a prime card' if is_wild(card) else card}"
        if isinstance(move, Collect):
            return f"took {claim_text(_cards_at(state, state['picked']))}"
        return {
            Clear: "put the cards back",
            Hit: "said “hit”",
            Done: "said “done”",
            Challenge: "challenged!",
        }[type(move)]


# --- what sets are, as the players see them -----------------------------------------------------
def set_offences(cards: list[Card], level: int) -> tuple[SetCheck, tuple[str, ...]]:
    """check_set for cards in pick order, and its one-card offences when the product is right
    (the answer not first, more than 3 prime cards, fewer than 2 number cards)."""
    check = check_set(cards, level)
    if not check.product_ok:
        return check, ()
    offences = []
    if is_wild(cards[0]) or cards[0] != check.answer:
        offences.append("wrong_order")
    wilds = sum(1 for card in cards if is_wild(card))
    if wilds > MAX_WILDS:
        offences.append("too_many_wilds")
    if len(cards) - wilds < MIN_NATURALS:
        offences.append("too_few_naturals")
    return check, tuple(offences)


def claim_text(cards: list[Card]) -> str:
    """A set as it was picked up: "42 = 6 × 7" (the first card as the answer), prime cards as
    "prime"; "2, 10 and 20" when the first card cannot be an answer."""
    labels = [label(card) for card in cards]
    if len(cards) >= 2 and not is_wild(cards[0]):
        return f"{labels[0]} = {' × '.join(labels[1:])}"
    return ", ".join(labels[:-1]) + " and " + labels[-1] if len(labels) > 1 else "".join(labels)


def visible_cards(state: State) -> list[Card]:
    """The foundation's cards then the hit cards (every card a set may use)."""
    return [c for c in state["foundation"] if c is not None] + state["hits"]


def _wilds_text(level: int) -> str:
    wilds = WILDS_BY_LEVEL[level]
    return f" ({wilds} prime cards)" if wilds else ""


# Each level's number cards, sorted once (check_invariants runs after every move).
_NUMBERS = {level: number_cards(level) for level in LEVELS}
assert points(2) == 1 and points(WILD) == 2, "_scores counts cards in bulk"


# --- reading the state --------------------------------------------------------------------------
def _clock(state: State) -> Clock:
    return TIME_LIMITS[state["settings"]["time_limits"]]


def _refs(state: State) -> list[str]:
    """Every card a player may pick: foundation slots in order, then the hit cards."""
    refs = [f"f{i}" for i, card in enumerate(state["foundation"]) if card is not None]
    return refs + [f"h{i}" for i in range(len(state["hits"]))]


def _card_at(state: State, ref: str) -> Card | None:
    """The card a ref names, or None (an empty slot, no such hit card)."""
    index = int(ref[1:])
    place = state["foundation"] if ref[0] == "f" else state["hits"]
    return place[index] if index < len(place) else None


def _cards_at(state: State, refs: list[str]) -> list[Card]:
    return [_card_at(state, ref) for ref in refs]


def _team(state: State, seat: int) -> int:
    return seat % 2 if state["settings"]["teams"] == "pairs" else seat


def _teams(state: State) -> list[list[int]] | None:
    """Teams of two sit across: seats 0 and 2 against 1 and 3."""
    return [[0, 2], [1, 3]] if state["settings"]["teams"] == "pairs" else None


def _may_challenge(state: State, player: int | None) -> bool:
    """In a window, every opponent of the challenged player (never a partner) may challenge."""
    if state["phase"] != WINDOW or type(player) is not int:
        return False
    if not 0 <= player < state["players"]:
        return False
    return _team(state, player) != _team(state, state["window"]["player"])


def _may_hit(state: State) -> bool:
    """Booklet: "Within a single turn, a player may not request a hit if he has already
    formed a factor set using a card from the main foundation" — and the pile must have one."""
    return state["phase"] == TURN and not state["foundation_set"] and bool(state["draw"])


def _strict(state: State) -> bool:
    """Whether a wrong set is refused at once: in "refuse" mode, and always for a challenger
    (they must show real sets)."""
    return state["phase"] == CHALLENGER or state["settings"]["invalid_sets"] == "refuse"


def _collect_problem(state: State) -> IllegalMove | None:
    """Why the picked cards may not be taken now (None: they may)."""
    picked = state["picked"]
    if len(picked) < MIN_SET:
        return IllegalMove(
            "Pick up at least 3 cards: the answer first, then the numbers that multiply to it."
        )
    if not _strict(state):
        return None
    cards = _cards_at(state, picked)
    check, offences = set_offences(cards, state["settings"]["level"])
    detail = {"cards": [label(c) for c in cards]}
    if not check.ok:
        return IllegalMove(check.reason, kind=check.kind, detail=detail)
    if offences:
        reason = f"Pick up the answer first: {check.answer}, then the numbers that make it."
        return IllegalMove(reason, kind="wrong_order", detail=detail)
    return None


def _scores(state: State) -> list[int]:
    """1 point per number card, 2 per prime card, plus the points won and given in challenges."""
    # Counted in bulk (this runs for every view): a card is 1 point, a prime card 2.
    return [
        len(stack) + stack.count(WILD) + bonus
        for stack, bonus in zip(state["stacks"], state["bonus"], strict=True)
    ]


def _winners(state: State) -> list[int]:
    scores = _scores(state)
    teams = _teams(state)
    if teams:
        totals = [sum(scores[s] for s in team) for team in teams]
        best = max(totals)
        return sorted(
            s for team, total in zip(teams, totals, strict=True) if total == best for s in team
        )
    best = max(scores)
    return [seat for seat, score in enumerate(scores) if score == best]


def _slot(ref: str, card: Card | None, order: dict[str, int]) -> dict[str, Any]:
    return {
        "ref": ref,
        "card": card,
        "label": None if card is None else label(card),
        "wild": card is not None and is_wild(card),
        "picked": order.get(ref),
    }


def _pick_view(state: State) -> dict[str, Any]:
    """The pick order and the "product so far", as the players watch it."""
    cards = _cards_at(state, state["picked"])
    return {
        "refs": list(state["picked"]),
        "cards": cards,
        "labels": [label(card) for card in cards],
        "count": len(cards),
        "text": product_so_far(cards),
    }


def product_so_far(cards: list[Card]) -> str:
    """What the picked cards make so far, for the player and the watchers to check."""
    if not cards:
        return "Pick the answer first, then the numbers that multiply to make it."
    first, rest = cards[0], cards[1:]
    if is_wild(first):
        return "A prime card can't be the answer: start with a number card."
    if not rest:
        return f"Answer {first}: now pick numbers that multiply to make {first}."
    numbers = [int(card) for card in rest if not is_wild(card)]
    wilds = len(rest) - len(numbers)
    product = 1
    for number in numbers:
        product *= number
    shown = " × ".join([*(str(n) for n in numbers), *["prime"] * wilds])
    so_far = f"{shown} = {product}" if numbers and not wilds and len(numbers) > 1 else shown
    return f"{so_far} so far (you want {first})."


def _event_view(event: dict[str, Any]) -> dict[str, Any]:
    return {"kind": event["kind"], "parts": [dict(part) for part in event["parts"]]}


def _window_view(state: State, clock: Clock) -> dict[str, Any] | None:
    window = state["window"]
    if window is None:
        return None
    last = state["last_set"]
    return {
        "kind": window["kind"],
        "player": window["player"],
        "timed_out": window["timed_out"],
        "seconds": clock.window,
        "set": list(last["cards"]) if last else [],
        "set_text": claim_text(last["cards"]) if last else "",
    }


def _describe_timeout(state: State) -> str:
    phase = state["phase"]
    if phase == WINDOW:
        return {
            "hit": "got a hit card",
            "done": "ended the turn",
            "collect": "kept the set (nobody challenged)",
        }[state["window"]["kind"]]
    return "ran out of time"


# --- checking a move ----------------------------------------------------------------------------
def _checked(move: object) -> Move:
    """A move of this game; IllegalMove for anything else (a hand-built Select is checked)."""
    if type(move) in (Clear, Collect, Hit, Done, Challenge):
        return move  # type: ignore[return-value]
    if type(move) is Select and isinstance(move.card, str) and _REF.fullmatch(move.card):
        return move
    raise IllegalMove("That is not a move in this game.")


def _check_actor(state: State, player: int) -> None:
    if state["phase"] == WINDOW:
        if player == state["window"]["player"]:
            raise IllegalMove("Wait a moment: the others may challenge.")
        raise IllegalMove("Only “challenge” is possible now.")
    if player != state["actor"]:
        raise IllegalMove("It's not your turn.")


def _check_challenge(state: State, player: int) -> None:
    if _may_challenge(state, player):
        return
    if state["phase"] == WINDOW:
        if player == state["window"]["player"]:
            raise IllegalMove("You can't challenge yourself.")
        raise IllegalMove("You can't challenge your partner.")
    raise IllegalMove("You can challenge only just after “hit”, “done” or a set.")


# --- changing the state -------------------------------------------------------------------------
def _copy(state: State) -> State:
    new = dict(state)
    new["foundation"] = list(state["foundation"])
    new["hits"] = list(state["hits"])
    new["draw"] = list(state["draw"])
    new["stacks"] = [list(stack) for stack in state["stacks"]]
    new["bonus"] = list(state["bonus"])
    new["picked"] = list(state["picked"])
    new["window"] = dict(state["window"]) if state["window"] else None
    last = state["last_set"]
    new["last_set"] = (
        {**last, "refs": list(last["refs"]), "cards": list(last["cards"])} if last else None
    )
    new["log"] = list(state["log"])  # events are never changed once logged: share them
    return new


def _log(state: State, kind: str, *parts: int | str) -> None:
    """Add a public event, a sentence of text and seats (ints) the board writes as names."""
    sentence: list[dict[str, Any]] = []
    for part in parts:
        if type(part) is int:
            # "cap": the name starts a sentence (the board writes "You", else "you").
            opens = not sentence or sentence[-1].get("text", "").endswith((". ", "! "))
            sentence.append({"seat": part, "cap": opens})
        else:
            sentence.append({"text": part})
    state["log"] = [*state["log"], {"kind": kind, "parts": sentence}][-LOG_SIZE:]


def _count(state: State) -> State:
    """Count a move or timeout; the safety cap ends the game."""
    state["moves"] += 1
    if state["moves"] >= MOVE_LIMIT and state["phase"] != OVER:
        _finish(state, "the move limit was reached")
    return state


def _finish(state: State, reason: str) -> None:
    state.update(turn=None, actor=None, phase=OVER, picked=[], window=None, last_set=None)
    state["ended"] = reason
    _log(state, "end", f"The round is over: {reason}.")


def _round_over(state: State) -> bool:
    """Booklet: "Each round ends when the draw pile is out of cards and there are no more
    factor sets in the foundation" (hit cards included)."""
    if state["draw"]:
        return False
    return not find_sets(visible_cards(state), state["settings"]["level"], limit=1)


def _check_end(state: State) -> None:
    if state["phase"] != OVER and _round_over(state):
        _finish(state, "no cards left to draw and no sets left")


def _start_turn(state: State, seat: int) -> None:
    """Booklet: "A player's turn begins by the dealer filling up the main foundation"."""
    state.update(turn=seat, actor=seat, phase=TURN, window=None, last_set=None, picked=[])
    state.update(acted=False, selects=0, foundation_set=False, turn_sets=0)
    state["turns"] += 1
    foundation = state["foundation"]
    for slot, card in enumerate(foundation):
        if card is None and state["draw"]:
            foundation[slot] = state["draw"].pop()
    _check_end(state)


def _end_turn(state: State, seat: int) -> None:
    """The turn of `seat`'s right-hand neighbour is over: play passes to `seat`."""
    # Our decision: if every player in a full cycle ends a turn without a set while the pile
    # is empty, nobody is finding the sets that are left, and the round ends.
    idle = not state["draw"] and state["turn_sets"] == 0
    state["idle_turns"] = state["idle_turns"] + 1 if idle else 0
    if state["idle_turns"] >= state["players"]:
        _finish(state, "nobody found a set in a whole round of turns")
        return
    if state["turns"] >= TURN_LIMIT:
        _finish(state, "the turn limit was reached")
        return
    _start_turn(state, seat % state["players"])


def _open_window(state: State, kind: str, player: int, timed_out: bool = False) -> None:
    state.update(phase=WINDOW, window={"kind": kind, "player": player, "timed_out": timed_out})
    state["picked"] = []


def _close_window(state: State) -> None:
    """Nobody challenged (or the challenge was false): the dealer carries on."""
    window = state["window"]
    player = window["player"]
    state.update(window=None, last_set=None, phase=TURN, actor=player)
    if window["kind"] == "hit":
        card = state["draw"].pop()
        state["hits"].append(card)
        state["selects"] = 0
        _log(state, "hit_card", player, f" got a hit card: {label(card)}.")
        _check_end(state)
    elif window["kind"] == "done":
        _end_turn(state, player + 1)
    else:
        _check_end(state)


def _select(state: State, ref: str) -> State:
    if _card_at(state, ref) is None:
        raise IllegalMove("There is no card there.")
    new = _copy(state)
    if ref in new["picked"]:
        new["picked"].remove(ref)
    elif new["selects"] >= SELECT_LIMIT:
        raise IllegalMove("You picked cards up and down too often: take your set or clear it.")
    else:
        new["picked"].append(ref)
        new["selects"] += 1
    new["acted"] = True
    return new


def _clear(state: State) -> State:
    if not state["picked"]:
        raise IllegalMove("You have no cards picked up.")
    new = _copy(state)
    new["picked"] = []
    new["acted"] = True
    return new


def _collect(state: State, player: int) -> State:
    problem = _collect_problem(state)
    if problem is not None:
        raise problem
    new = _copy(state)
    refs = new["picked"]
    cards = _take(new, player, refs)
    _log(new, "set", player, f" took {claim_text(cards)}.")
    before = new["foundation_set"]
    new["foundation_set"] = before or any(ref[0] == "f" for ref in refs)
    new.update(picked=[], acted=True, selects=0, turn_sets=new["turn_sets"] + 1)
    if _strict(new):
        _check_end(new)  # nothing to challenge: a refused mode set is always right
        return new
    new["last_set"] = {"refs": refs, "cards": cards, "foundation_set_before": before}
    _open_window(new, "collect", player)
    return new


def _take(state: State, player: int, refs: list[str]) -> list[Card]:
    """Move the picked cards to the player's stack; the cards, in pick order."""
    cards = _cards_at(state, refs)
    for ref in refs:
        if ref[0] == "f":
            state["foundation"][int(ref[1:])] = None
    for index in sorted((int(ref[1:]) for ref in refs if ref[0] == "h"), reverse=True):
        del state["hits"][index]
    state["stacks"][player].extend(cards)
    return cards


def _put_back(state: State) -> None:
    """Booklet: "Any invalid factor sets collected are placed back in their original
    positions"; the set no longer counts for this turn."""
    last = state["last_set"]
    player = state["window"]["player"]
    refs, cards = last["refs"], last["cards"]
    stack = state["stacks"][player]
    assert stack[len(stack) - len(cards) :] == cards, "the set is the last one taken"
    del stack[len(stack) - len(cards) :]
    hits = sorted(
        (int(ref[1:]), card) for ref, card in zip(refs, cards, strict=True) if ref[0] == "h"
    )
    for ref, card in zip(refs, cards, strict=True):
        if ref[0] == "f":
            state["foundation"][int(ref[1:])] = card
    for index, card in hits:  # ascending: each card lands back where it was
        state["hits"].insert(index, card)
    state["foundation_set"] = last["foundation_set_before"]
    state["turn_sets"] -= 1


def _hit(state: State, player: int) -> State:
    if not _may_hit(state):
        if not state["draw"]:
            raise IllegalMove("The draw pile is empty: there are no hit cards left.")
        if state["phase"] == CHALLENGER:
            raise IllegalMove("A challenger may not ask for a hit.")
        raise IllegalMove("You already took a set from the foundation: no more hits this turn.")
    new = _copy(state)
    _log(new, "hit", player, " said “hit”.")
    new["acted"] = True
    _open_window(new, "hit", player)
    return new


def _done(state: State, player: int) -> State:
    if state["phase"] == CHALLENGER:
        new = _copy(state)
        _log(new, "done", player, " said “done”.")
        _end_challenger_turn(new)
        return new
    if not state["foundation_set"]:
        raise IllegalMove("Take a set that uses a card from the foundation first, or say “hit”.")
    new = _copy(state)
    _log(new, "done", player, " said “done”.")
    _open_window(new, "done", player)
    return new


def _end_challenger_turn(state: State) -> None:
    """Booklet: "The challenged player's turn ends. The foundation is replenished by the
    dealer and play passes to the left of the challenged player"."""
    _end_turn(state, state["turn"] + 1)


# --- challenges ---------------------------------------------------------------------------------
def _verdict(state: State) -> Verdict:
    """What a challenge now would find (the dealer settles it)."""
    window = state["window"]
    level = state["settings"]["level"]
    if window["kind"] in ("hit", "done"):
        cards = visible_cards(state)
        found = find_sets(cards, level, limit=1)
        if found:
            return Verdict("missed_set", missed=tuple(cards[i] for i in found[0]))
        return Verdict("false")
    cards = state["last_set"]["cards"]
    check, offences = set_offences(cards, level)
    claim = claim_text(cards)
    if not check.product_ok:
        return Verdict("wrong_set", check, claim=claim)
    if offences:
        return Verdict("offence", check, offences, claim=claim)
    return Verdict("false", check, claim=claim)


def _challenge(state: State, challenger: int) -> State:
    """Booklet: "If there is more than one challenger, the first to say challenge gets the
    opportunity." The server applies moves one at a time, so the first challenge to arrive is
    the only one: the booklet's tie ("fewer total points") cannot happen here."""
    verdict = _verdict(state)
    new = _copy(state)
    player = new["window"]["player"]
    kind = new["window"]["kind"]
    if verdict.kind == "missed_set":
        equation = check_set(list(verdict.missed), new["settings"]["level"]).equation()
        _said(
            new,
            challenger,
            player,
            f": there was a set, {equation}! Now ",
            challenger,
            " may take sets.",
        )
        # Booklet: the challenger picks up sets; a challenged hit deals no card.
        new.update(phase=CHALLENGER, actor=challenger, window=None, picked=[])
        new.update(acted=False, selects=0)
        return new
    if verdict.kind == "false":
        _transfer(new, challenger, player, FALSE_CHALLENGE_POINTS)
        why = "there was no set" if kind != "collect" else f"{verdict.claim} is right"
        _said(
            new,
            challenger,
            player,
            f", but {why}: ",
            challenger,
            f" gave {FALSE_CHALLENGE_POINTS} points to ",
            player,
            ".",
        )
        _close_window(new)  # Booklet: "play continues normally"
        return new
    if verdict.kind == "wrong_set":
        _transfer(new, player, challenger, WRONG_SET_POINTS)
        _said(
            new,
            challenger,
            player,
            f": {verdict.check.reason} ",
            challenger,
            f" won {WRONG_SET_POINTS} points and the cards went back.",
        )
        _put_back(new)
        # Booklet: "The original challenged player's turn ends and play passes to the left."
        _end_turn(new, player + 1)
        return new
    _offence(new, challenger, player, verdict)
    return new


def _offence(state: State, challenger: int, player: int, verdict: Verdict) -> None:
    """One-card offences: 1 point each to the challenger (booklet: "Penalty scores are
    combined"); a set over the prime card limits goes back ("the player corrects the
    action"); a set picked up in the wrong order stays. The player's turn goes on."""
    penalty = OFFENCE_POINTS * len(verdict.offences)
    _transfer(state, player, challenger, penalty)
    said = "; ".join(OFFENCE_TEXT[o].format(answer=verdict.check.answer) for o in verdict.offences)
    back = any(offence in WILD_OFFENCES for offence in verdict.offences)
    word = "point" if penalty == 1 else "points"
    _said(
        state,
        challenger,
        player,
        f": {said}. ",
        player,
        f" gave {penalty} {word} to ",
        challenger,
        " and the set went back." if back else ".",
    )
    if back:
        _put_back(state)
    state.update(window=None, last_set=None, phase=TURN, actor=player)
    _check_end(state)


def _said(state: State, challenger: int, player: int, *parts: int | str) -> None:
    """Log a challenge: "<challenger> challenged <player>" and what came of it."""
    _log(state, "challenge", challenger, " challenged ", player, *parts)


def _transfer(state: State, giver: int, taker: int, amount: int) -> None:
    state["bonus"][giver] -= amount
    state["bonus"][taker] += amount


# --- learning events ----------------------------------------------------------------------------
def _set_event(player: int, cards: list[Card], check: SetCheck) -> LearningEvent:
    """A set taken or refused: right (whatever the order) or its check_set mistake."""
    naturals = [int(card) for card in cards if not is_wild(card)]
    answer = check.answer or (max(naturals) if naturals else None)
    detail = {
        "cards": [label(card) for card in cards],
        "equation": check.equation() if check.ok else claim_text(cards),
        "primes": prime_factors(answer) if answer else [],
        "prime_set": check.prime,
        "wilds": len(cards) - len(naturals),
    }
    skill = f"factors:{answer}" if answer else "factors:prime"
    return LearningEvent(player, "factor_set", skill, check.ok, check.kind, detail)


def _challenge_events(state: State, challenger: int, verdict: Verdict) -> list[LearningEvent]:
    window = state["window"]
    player, level = window["player"], state["settings"]["level"]
    skill = "challenge:set" if window["kind"] == "collect" else "challenge:missed_set"
    detail: dict[str, Any] = {"after": window["kind"], "verdict": verdict.kind}
    if verdict.kind == "false":
        return [LearningEvent(challenger, "challenge", skill, False, "false_challenge", detail)]
    events = [LearningEvent(challenger, "challenge", skill, True, "", detail)]
    if verdict.kind == "missed_set":
        check = check_set(list(verdict.missed), level)
        missed = {
            "equation": check.equation(),
            "cards": [label(card) for card in verdict.missed],
            "primes": prime_factors(check.answer),
            "prime_set": check.prime,
            "challenged_by": challenger,
        }
        skill = f"factors:{check.answer}"
        events.insert(0, LearningEvent(player, "factor_set", skill, False, "missed_set", missed))
    else:
        detail["offences"] = list(verdict.offences)
        detail["mistake"] = verdict.check.kind if verdict.kind == "wrong_set" else ""
    return events


CHALLENGE = PrimeChallenge()
