"""Prime Challenge: pick up factor sets from a shared foundation; opponents challenge mistakes.

Rule text: the PrimePak booklet (PRIME CHALLENGE); what it leaves open is settled in
docs/rules.md ("Prime Challenge", and "PrimePak" for every PrimePak game) and in the
comments marked "Our decision". Pure Python: no Django.
The app is the dealer (the booklet's Dealer Option 2): it fills the foundation, deals hit
cards, keeps the time and settles every challenge.

Phases: "turn" (the actor picks up sets), "window" (after hit, done or a set, the others may
challenge), "challenger" (a challenger who caught a missed set picks up sets; their "done" opens
a window too, so a set they leave can be caught in turn), "over".
A card is named by a ref: "f7" is foundation slot 7, "h0" the first hit card.

This module is the Game; the rest of the rules live beside it: moves.py (the moves), state.py
(the numbers, and reading a state), flow.py (turns, windows, the clock), judge.py (challenges
and learning events) and view.py (the board); bots.py and texts.py are loaded when asked for.
"""

from __future__ import annotations

from typing import Any

from games.engine.common import as_help, products_shown
from games.engine.protocol import (
    IllegalMove,
    LearningEvent,
    Move,
    Outcome,
    SettingsError,
    State,
    Timeout,
    View,
)
from games.engine.rng import rng_for

from ..base import PrimePakGame
from ..cards import LEVELS, is_wild
from ..factorsets import check_set, find_sets
from .flow import (
    clear_picked,
    collect_set,
    count_move,
    say_done,
    say_hit,
    select_card,
    start_turn,
    take_named,
    time_out,
)
from .judge import (
    Verdict,
    challenge_events,
    set_event,
    settle_challenge,
    unchallenged_events,
    verdict_now,
    wrong_set_waits,
)
from .moves import (
    Challenge,
    Clear,
    Collect,
    Done,
    Hit,
    Select,
    checked_move,
    move_from_json,
)
from .state import (
    CHALLENGER,
    DEFAULT_TIMING,
    FALSE_CHALLENGE_POINTS,
    FOUNDATION_SIZE,
    INVALID_SET_LABELS,
    LOG_SIZE,
    MIN_SET,
    MOVE_LIMIT,
    OFFENCE_POINTS,
    OFFENCE_TEXT,
    OVER,
    PRODUCT_CHOICES,
    ROWS,
    SELECT_LIMIT,
    SET_MISTAKES,
    TEAM_LABELS,
    TEAM_PLAYERS,
    TIME_LABELS,
    TIME_LIMITS,
    TURN,
    TURN_LIMIT,
    WILD_OFFENCES,
    WILDS_BY_LEVEL,
    WINDOW,
    WRONG_SET_POINTS,
    Clock,
    card_at,
    cards_at,
    check_actor,
    check_challenge,
    check_state,
    claim_text,
    clock_of,
    collect_problem,
    copy_state,
    may_challenge,
    may_hit,
    may_say_done,
    new_state,
    pickable_refs,
    seat_scores,
    set_offences,
    take_refs,
    visible_cards,
    winning_seats,
)
from .view import board_view, describe_timeout, product_so_far

# legal_moves lists a take of at most this many of the sets on the table (every other choice
# of cards is a take too, judged when it is made): a level 6 table can hold dozens.
SETS_LISTED = 24

# The rules' public names, importable from here as before the rules were split up.
__all__ = [
    "CHALLENGE",
    "CHALLENGER",
    "DEFAULT_TIMING",
    "FALSE_CHALLENGE_POINTS",
    "FOUNDATION_SIZE",
    "INVALID_SET_LABELS",
    "LOG_SIZE",
    "MIN_SET",
    "MOVE_LIMIT",
    "OFFENCE_POINTS",
    "OFFENCE_TEXT",
    "OVER",
    "PRODUCT_CHOICES",
    "ROWS",
    "SELECT_LIMIT",
    "SET_MISTAKES",
    "TEAM_LABELS",
    "TEAM_PLAYERS",
    "TIME_LABELS",
    "TIME_LIMITS",
    "TURN",
    "TURN_LIMIT",
    "WILDS_BY_LEVEL",
    "WILD_OFFENCES",
    "WINDOW",
    "WRONG_SET_POINTS",
    "Challenge",
    "Clear",
    "Clock",
    "Collect",
    "Done",
    "Hit",
    "PrimeChallenge",
    "Select",
    "Verdict",
    "claim_text",
    "product_so_far",
    "set_offences",
    "visible_cards",
]


class PrimeChallenge(PrimePakGame):
    """Prime Challenge, for 2 to 4 players (or two teams of two)."""

    slug = "prime-challenge"
    stylesheet = "games/prime-challenge/challenge.css"
    script = "games/primepak/primepak.js"
    tells_own_story = True
    list_fields = frozenset({"cards"})
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
        """Level 1, timing a class can manage (docs/rules.md), the booklet's challenges, no
        teams, the product of a pick not shown."""
        return {
            "level": 1,
            "time_limits": DEFAULT_TIMING,
            "invalid_sets": "challenge",
            "teams": "off",
            "product": "hidden",
        }

    def settings_fields(self) -> list[dict[str, Any]]:
        """Deck level, timing, what happens to a wrong set, teams, and the product of a pick."""
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
                "help": (
                    "Time for the first action of a turn, each further one, and to challenge. "
                    "Gentle suits a class; the booklet's 2 s to challenge is for quick players."
                ),
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
            {
                "name": "product",
                "label": "Product while choosing",
                "choices": list(PRODUCT_CHOICES.items()),
                "help": "Multiplying the cards is what the game practises, for the player and "
                "for those who challenge. Shown, the board works it out as cards are picked "
                "up, and every set and challenge counts as help.",
                "teacher_only": True,
            },
        ]

    def clean_settings(
        self, settings: dict[str, Any], players: int | None = None
    ) -> dict[str, Any]:
        """Fill in defaults; refuse unknown settings, bad values, and teams without 4 players."""
        settings, defaults, level = self.known_settings(settings)
        clean = {**defaults, **settings, "level": level}
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
        if not isinstance(clean["product"], str) or clean["product"] not in PRODUCT_CHOICES:
            raise SettingsError("The product while choosing is hidden or shown.")
        return clean

    def settings_label(self, settings: dict[str, Any]) -> str:
        """ "Level 3", "Level 3 · booklet timing · wrong sets refused · teams · product
        shown"."""
        clean = self.clean_settings(settings)
        parts = [f"Level {clean['level']}"]
        if clean["time_limits"] != DEFAULT_TIMING:
            parts.append(f"{clean['time_limits']} timing")
        if clean["invalid_sets"] == "refuse":
            parts.append("wrong sets refused")
        if clean["teams"] == "pairs":
            parts.append("teams")
        if clean["product"] == "shown":
            parts.append("product shown")
        return " · ".join(parts)

    # --- play -----------------------------------------------------------------------------
    def new_game(self, settings: dict[str, Any], players: int, seed: int) -> State:
        """Shuffle the level's deck; the first player is drawn by lot; their turn fills the
        foundation."""
        if type(players) is not int or not self.min_players <= players <= self.max_players:
            raise SettingsError("Prime Challenge is for 2 to 4 players.")
        settings = self.clean_settings(settings, players)
        state = new_state(settings, players, seed)
        # Our decision: the app deals, so the first player is drawn by lot (seeded).
        start_turn(state, rng_for(seed, "first").randrange(players))
        return state

    def current_player(self, state: State) -> int | None:
        """Who is acting: the actor, or during a window the player who may be challenged."""
        if state["phase"] == OVER:
            return None
        if state["phase"] == WINDOW:
            return state["window"]["player"]
        return state["actor"]

    def actors(self, state: State, players: int) -> list[int]:
        """In a challenge window, whoever may challenge; else the player acting."""
        if state["phase"] == WINDOW:
            return [p for p in range(players) if may_challenge(state, p)]
        return [] if state["phase"] == OVER else [state["actor"]]

    def legal_moves(self, state: State, player: int) -> list[Move]:
        """Selects (foundation then hit cards), takes of the sets on the table (answer first),
        Clear, Collect of the picked cards, Hit, Done; or Challenge. Every other take (any 3 or
        more cards on the table) is allowed too: listed_in_part."""
        phase = state["phase"]
        if phase == WINDOW:
            return [Challenge()] if may_challenge(state, player) else []
        if phase == OVER or player != state["actor"]:
            return []
        picked = state["picked"]
        refs = pickable_refs(state)
        moves: list[Move] = [
            Select(ref) for ref in refs if ref in picked or state["selects"] < SELECT_LIMIT
        ]
        level = state["settings"]["level"]
        for found in find_sets(cards_at(state, refs), level, limit=SETS_LISTED):
            moves.append(Collect(tuple(refs[i] for i in found)))
        if picked:
            moves.append(Clear())
        if len(picked) >= MIN_SET and collect_problem(state) is None:
            moves.append(Collect())
        if may_hit(state):
            moves.append(Hit())
        if may_say_done(state):
            moves.append(Done())
        return moves

    def apply_move(self, state: State, player: int, move: Move) -> State:
        """The state after the move; IllegalMove with a child-readable reason if refused."""
        move = checked_move(move)
        if state["phase"] == OVER:
            raise IllegalMove("The game is over.")
        if type(player) is not int or not 0 <= player < state["players"]:
            raise IllegalMove("You are not playing in this game.")
        if isinstance(move, Challenge):
            check_challenge(state, player)
            return count_move(settle_challenge(state, player))
        check_actor(state, player)
        if isinstance(move, Select):
            new = select_card(state, move.card)
        elif isinstance(move, Clear):
            new = clear_picked(state)
        elif isinstance(move, Collect) and move.cards:
            new = take_named(state, player, take_refs(state, move.cards, move.table_order))
        elif isinstance(move, Collect):
            new = collect_set(state, player)
        elif isinstance(move, Hit):
            new = say_hit(state, player)
        else:
            new = say_done(state, player)
        return count_move(new)

    def timer(self, state: State) -> float | None:
        """The window's seconds, or the time for the actor's first or next action."""
        clock = clock_of(state)
        if state["phase"] == OVER:
            return None
        if state["phase"] == WINDOW:
            return clock.window
        return clock.further if state["acted"] else clock.first

    def apply_timeout(self, state: State) -> State:
        """A window closes unchallenged; a player or a challenger out of time says "done" (a
        window opens)."""
        return time_out(state)

    def parse_move(self, data: Any) -> Move:
        """A move from its JSON form; anything malformed raises IllegalMove."""
        return move_from_json(data)

    def listed_in_part(self, move: Move) -> bool:
        """A take naming its cards: legal_moves lists those of the sets on the table."""
        return isinstance(move, Collect) and bool(move.cards)

    def view(self, state: State, player: int | None) -> View:
        """Everything is face up except the draw pile (a count)."""
        return board_view(state, player, self.timer(state))

    def outcome(self, state: State) -> Outcome | None:
        """Scores per seat (1 per number card, 2 per prime card, ± challenge points); the
        highest score wins (in teams, the highest team total: both partners win)."""
        if state["phase"] != OVER:
            return None
        return Outcome(
            winners=tuple(winning_seats(state)),
            scores=tuple(seat_scores(state)),
            reason=state["ended"],
        )

    def learning_events(
        self, before: State, player: int, move: Move, after: State | IllegalMove
    ) -> list[LearningEvent]:
        """Sets taken (right or wrong), wrong sets refused, what challenges showed, and a wrong
        set nobody challenged in time (the clock's timeout closes its window). With the
        products shown every one is help: the board multiplied each pick (issue 30)."""
        return as_help(self._events(before, player, move, after), products_shown(before))

    def _events(
        self, before: State, player: int, move: Move, after: State | IllegalMove
    ) -> list[LearningEvent]:
        if isinstance(move, Timeout):
            return unchallenged_events(before)
        try:
            move = checked_move(move)
        except IllegalMove:
            return []
        if isinstance(move, Collect):
            refused = isinstance(after, IllegalMove)
            if refused and after.kind not in SET_MISTAKES:
                return []
            cards = cards_at(before, take_refs(before, move.cards, move.table_order))
            check = check_set(cards, before["settings"]["level"])
            if not refused and wrong_set_waits(before, check):
                return []  # recorded once its challenge window closes
            return [set_event(player, cards, check)]
        if isinstance(move, Challenge) and not isinstance(after, IllegalMove):
            return challenge_events(before, player, verdict_now(before))
        return []

    def copy_state(self, state: State) -> State:
        """A copy a move may change (only the draw pile is hidden: PrimePakGame re-deals it)."""
        return copy_state(state)

    def check_invariants(self, state: State) -> None:
        """Every card exactly once; picks, windows and points make sense."""
        check_state(state)

    def describe(self, state: State, player: int, move: Move) -> str:
        """ "picked 42", "took 42 = 6 × 7", "said “hit”", "challenged!", "ran out of time"."""
        if isinstance(move, Timeout):
            return describe_timeout(state)
        move = checked_move(move)
        if isinstance(move, Select):
            card = card_at(state, move.card)
            if card is None:
                return "picked an empty place"
            verb = "put back" if move.card in state["picked"] else "picked"
            return f"{verb} {'a prime card' if is_wild(card) else card}"
        if isinstance(move, Collect):
            cards = cards_at(state, take_refs(state, move.cards, move.table_order))
            if None in cards:
                return "took cards that are not on the table"
            return f"took {claim_text(cards, state['settings']['level'])}"
        return {
            Clear: "put the cards back",
            Hit: "said “hit”",
            Done: "said “done”",
            Challenge: "challenged!",
        }[type(move)]


def _wilds_text(level: int) -> str:
    wilds = WILDS_BY_LEVEL[level]
    return f" ({wilds} prime cards)" if wilds else ""


CHALLENGE = PrimeChallenge()
