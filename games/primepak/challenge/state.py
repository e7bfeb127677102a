"""Prime Challenge's numbers (deck, layout, clocks, penalties, limits) and reading its state.

Everything here only reads a state, except the basics every change starts from: new_state,
copy_state and log_event. Who may do what now (pick, take, hit, say done, challenge) is
decided here once, for legal_moves, apply_move and the view alike.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from games.engine import log
from games.engine.common import PRODUCT_CHOICES  # noqa: F401  game.py and texts.py import it here
from games.engine.protocol import IllegalMove, State
from games.engine.rng import shuffled

from ..cards import LEVELS, WILD, Card, deck, is_wild, label, number_cards, points
from ..factorsets import MAX_WILDS, MIN_NATURALS, SetCheck, check_set

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


# Booklet, Time Limits: 30 s, 15 s, 2 s. docs/rules.md: defaults a teacher can loosen.
TIME_LIMITS = {
    "gentle": Clock(120, 60, 8),
    "relaxed": Clock(60, 30, 5),
    "booklet": Clock(30, 15, 2),
}
# Our decision (docs/rules.md): new games and assignments get the loosest timing, which a
# class can manage; the booklet's 30 s / 15 s / 2 s stays a choice for quick players.
DEFAULT_TIMING = "gentle"
TIME_LABELS = {
    "gentle": "Gentle (2 minutes, then 1 minute; 8 s to challenge) — for a class",
    "relaxed": "Relaxed (60 s, then 30 s; 5 s to challenge)",
    "booklet": "Booklet timing (30 s, then 15 s; 2 s to challenge)",
}
INVALID_SET_LABELS = {
    "challenge": "A wrong set stands unless someone challenges it (booklet)",
    "refuse": "The app refuses a wrong set at once (for young classes)",
}
TEAM_LABELS = {"off": "Everyone for themselves", "pairs": "Two teams of two (4 players)"}
TEAM_PLAYERS = 4
# Issue 30: the teacher's "Product while choosing" (engine.common.PRODUCT_CHOICES). Hidden, the
# board never multiplies a pick: checking the multiplication is what the game practises, for
# the player and for those who may challenge.

# Booklet, Challenges: "three cards (or 3 points)", "one card (or one point)". Our decision:
# penalties are always points, so a stack never has to give back cards it may not have.
WRONG_SET_POINTS = 3
FALSE_CHALLENGE_POINTS = 3
OFFENCE_POINTS = 1
MIN_SET = 3
# Our decision: at most 30 cards picked up between two actions (a set, a hit), so nobody can
# hold the table by picking cards up and down: every Select restarts the 15 s clock. (Select is
# the card-by-card move of games saved before issue 30; a board's take names its cards, and
# picking them up on the player's screen restarts no clock.)
SELECT_LIMIT = 30
# Our decision (not in the booklet): safety caps so every game ends. Bots finish a level 6
# game in at most about 50 turns and 500 moves; a game ends after 120 turns, and (a backstop
# the turn limit makes unreachable in practice) after 3000 moves and timeouts.
TURN_LIMIT = 120
MOVE_LIMIT = 3000
LOG_SIZE = 20  # public events kept for the board
NOTES_KEPT = 3  # notes a player is shown at once

TURN, WINDOW, CHALLENGER, OVER = "turn", "window", "challenger", "over"
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

# Each level's number cards, sorted once (check_invariants runs after every move).
_NUMBERS = {level: number_cards(level) for level in LEVELS}
assert points(2) == 1 and points(WILD) == 2, "seat_scores counts cards in bulk"


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


def claim_text(cards: list[Card], level: int | None = None) -> str:
    """A set as it was picked up: "42 = 6 × 7" (the first card as the answer); "2, 10 and 20"
    when the first card cannot be an answer. A prime card reads "prime", or, given the level
    and a set whose multiplication is right, the prime it stood for: "42 = 6 × (prime as 7)"."""
    labels = _named_labels(cards, level)
    if len(cards) >= 2 and not is_wild(cards[0]):
        return f"{labels[0]} = {' × '.join(labels[1:])}"
    return ", ".join(labels[:-1]) + " and " + labels[-1] if len(labels) > 1 else "".join(labels)


def wild_values(cards: list[Card], level: int) -> list[int | None]:
    """For each card, the prime a prime card stands for in this set (None for number cards,
    and for every card when the multiplication is wrong: then a prime card stands for
    nothing)."""
    check = check_set(cards, level) if any(is_wild(card) for card in cards) else None
    if check is None or not check.product_ok:
        return [None] * len(cards)
    values = iter(check.wild_values)
    return [next(values) if is_wild(card) else None for card in cards]


def _named_labels(cards: list[Card], level: int | None) -> list[str]:
    if level is None:
        return [label(card) for card in cards]
    return [
        label(card) if value is None else f"(prime as {value})"
        for card, value in zip(cards, wild_values(cards, level), strict=True)
    ]


def visible_cards(state: State) -> list[Card]:
    """The foundation's cards then the hit cards (every card a set may use)."""
    return [c for c in state["foundation"] if c is not None] + state["hits"]


# --- reading the state --------------------------------------------------------------------------
def clock_of(state: State) -> Clock:
    return TIME_LIMITS[state["settings"]["time_limits"]]


def pickable_refs(state: State) -> list[str]:
    """Every card a player may pick: foundation slots in order, then the hit cards."""
    refs = [f"f{i}" for i, card in enumerate(state["foundation"]) if card is not None]
    return refs + [f"h{i}" for i in range(len(state["hits"]))]


def card_at(state: State, ref: str) -> Card | None:
    """The card a ref names, or None (an empty slot, no such hit card)."""
    index = int(ref[1:])
    place = state["foundation"] if ref[0] == "f" else state["hits"]
    return place[index] if index < len(place) else None


def cards_at(state: State, refs: list[str]) -> list[Card]:
    return [card_at(state, ref) for ref in refs]


def take_refs(state: State, cards: tuple[str, ...], table_order: bool) -> list[str]:
    """The cards a take takes, in the order picked up: the cards it names, or (naming none)
    the cards picked up with Select. Sent in the table's order (a page without JavaScript
    cannot tell the order of the taps), the biggest number card is read as the answer and goes
    first: the child could not show the order, so no order is theirs to get wrong."""
    if not cards:
        return list(state["picked"])
    refs = list(cards)
    numbers = [
        ref for ref in refs if (card := card_at(state, ref)) is not None and type(card) is int
    ]
    if not table_order or not numbers:
        return refs
    answer = max(numbers, key=lambda ref: card_at(state, ref))  # the first of equal ones
    return [answer, *(ref for ref in refs if ref != answer)]


def _team(state: State, seat: int) -> int:
    return seat % 2 if state["settings"]["teams"] == "pairs" else seat


def team_seats(state: State) -> list[list[int]] | None:
    """Teams of two sit across: seats 0 and 2 against 1 and 3."""
    return [[0, 2], [1, 3]] if state["settings"]["teams"] == "pairs" else None


def seat_scores(state: State) -> list[int]:
    """1 point per number card, 2 per prime card, plus the points won and given in challenges."""
    # Counted in bulk (this runs for every view): a card is 1 point, a prime card 2.
    return [
        len(stack) + stack.count(WILD) + bonus
        for stack, bonus in zip(state["stacks"], state["bonus"], strict=True)
    ]


def team_totals(scores: list[int], teams: list[list[int]]) -> list[int]:
    return [sum(scores[s] for s in team) for team in teams]


def winning_seats(state: State) -> list[int]:
    scores = seat_scores(state)
    teams = team_seats(state)
    if teams:
        totals = team_totals(scores, teams)
        best = max(totals)
        return sorted(
            s for team, total in zip(teams, totals, strict=True) if total == best for s in team
        )
    best = max(scores)
    return [seat for seat, score in enumerate(scores) if score == best]


# --- who may do what now ------------------------------------------------------------------------
def may_challenge(state: State, player: int | None) -> bool:
    """In a window, every opponent of the challenged player (never a partner) may challenge."""
    if state["phase"] != WINDOW or type(player) is not int:
        return False
    if not 0 <= player < state["players"]:
        return False
    return _team(state, player) != _team(state, state["window"]["player"])


def may_hit(state: State) -> bool:
    """Booklet: "Within a single turn, a player may not request a hit if he has already
    formed a factor set using a card from the main foundation" — and the pile must have one."""
    return state["phase"] == TURN and not state["foundation_set"] and bool(state["draw"])


def may_say_done(state: State) -> bool:
    """A challenger once they took a set (our decision: they said "challenge" because they saw
    one); a player once they took a set from the foundation, or when no hit is left to ask for
    (our decision: with the draw pile empty, "done" is how a player says they see no set). Any
    "done" may be challenged by the others (booklet, Challenges)."""
    if state["phase"] == CHALLENGER:
        return challenger_sets(state) > 0
    return state["phase"] == TURN and (state["foundation_set"] or not state["draw"])


def challenger_sets(state: State) -> int:
    """How many sets the challenger now taking sets has taken since their challenge (states
    saved before issue 13 have no count: none taken)."""
    return state.get("challenger_sets", 0)


def is_challenger_window(state: State) -> bool:
    """Whether the open window follows a challenger's "done" (or their time running out):
    booklet, Challenges — their "done" is challenged like anyone's."""
    window = state["window"]
    return window is not None and bool(window.get("challenger"))


def is_strict(state: State) -> bool:
    """Whether a wrong set is refused at once: in "refuse" mode, and always for a challenger
    (they must show real sets)."""
    return state["phase"] == CHALLENGER or state["settings"]["invalid_sets"] == "refuse"


def collect_problem(state: State) -> IllegalMove | None:
    """Why the picked cards may not be taken now (None: they may)."""
    picked = state["picked"]
    if len(picked) < MIN_SET:
        return IllegalMove(
            "Pick up at least 3 cards: the answer first, then the numbers that multiply to make it."
        )
    if not is_strict(state):
        return None
    cards = cards_at(state, picked)
    check, offences = set_offences(cards, state["settings"]["level"])
    detail = {"cards": [label(c) for c in cards]}
    if not check.ok:
        return IllegalMove(check.reason, kind=check.kind, detail=detail)
    if offences:
        reason = f"Pick up the answer first: {check.answer}, then the numbers that make it."
        return IllegalMove(reason, kind="wrong_order", detail=detail)
    return None


def check_actor(state: State, player: int) -> None:
    if state["phase"] == WINDOW:
        if player == state["window"]["player"]:
            raise IllegalMove("Wait a moment: the others may challenge.")
        raise IllegalMove("Right now you can only press “Challenge!”, or wait.")
    if player != state["actor"]:
        raise IllegalMove("It's not your turn.")


def check_challenge(state: State, player: int) -> None:
    if may_challenge(state, player):
        return
    if state["phase"] == WINDOW:
        if player == state["window"]["player"]:
            raise IllegalMove("You can't challenge yourself.")
        raise IllegalMove("You can't challenge your partner.")
    raise IllegalMove(
        "You can only challenge just after a player says “hit” or “done”, or takes a set."
    )


# --- checking a state ---------------------------------------------------------------------------
def check_state(state: State) -> None:
    """Every card exactly once; picks, windows and points make sense (Game.check_invariants)."""
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
    assert all(card_at(state, ref) is not None for ref in state["picked"]), "bad pick"
    assert sum(state["bonus"]) == 0, "challenge points are only passed between players"
    assert state["moves"] <= MOVE_LIMIT and len(state["log"]) <= LOG_SIZE
    notes = notes_of(state)
    assert len(notes) == state["players"] and all(len(n) <= NOTES_KEPT for n in notes)
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
        assert challenger_sets(state) == 0, "a new turn starts with no challenger"
    if phase == CHALLENGER:
        # The player whose turn it is may be the challenger too: they may catch a set the
        # one who challenged them left behind (docs/rules.md).
        assert 0 <= state["actor"] < state["players"]
    if phase == WINDOW:
        assert not state["picked"]
        if is_challenger_window(state):
            assert state["window"]["kind"] == "done", "a challenger can only say done"
        else:
            assert state["window"]["player"] == state["turn"]


# --- the basics of changing the state: a new one, a copy, the log ------------------------------
def new_state(settings: dict[str, Any], players: int, seed: int) -> State:
    """A new game's state (settings already clean): the level's deck shuffled into the draw
    pile, an empty foundation, and nobody's turn yet."""
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
        "challenger_sets": 0,  # sets the challenger now taking sets took since their challenge
        "idle_turns": 0,
        "turns": 0,
        "window": None,
        "last_set": None,
        "moves": 0,
        "ended": "",
        "log": [],
        "notes": [[] for _ in range(players)],  # what each player is told afterwards
    }
    return state


def copy_state(state: State) -> State:
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
    new["notes"] = [list(notes) for notes in notes_of(state)]
    return new


def notes_of(state: State) -> list[list[str]]:
    """What each seat is told afterwards (a wrong set nobody challenged); states saved before
    notes existed have none."""
    return state.get("notes") or [[] for _ in range(state["players"])]


def add_note(state: State, seat: int, text: str) -> None:
    """Tell a seat something on their board until their next turn starts (the last few)."""
    notes = notes_of(state)
    notes[seat] = [*notes[seat], text][-NOTES_KEPT:]
    state["notes"] = notes


def log_event(state: State, kind: str, *parts: int | str) -> None:
    """Add a public event (engine.log), the last LOG_SIZE kept."""
    log.log_event(state, kind, *parts, size=LOG_SIZE)
