"""Prime Canasta's rules core: the deck, the deal, the point tables, the frozen pile, scoring.

Rule text: the PrimePak booklet ("PRIME CANASTA"); decisions: docs/rules.md, "Prime Canasta"
(which also reads "0 - 2990" as 0 to 2990 inclusive). Every set is judged by the meld layer
(`meld.check_meld` with `prime_runs=True`). The moves are moves.py, the Game
game.py. Pure Python: no Django.

A *side* is who scores together: each player alone, or a partnership of two (seats 0 and 2,
1 and 3: "Partners sit across from each other"). Scores, sets laid down, the initial laydown
and canasta counts belong to the side (the partnership rules).
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from typing import Any

from games.engine import log
from games.engine.protocol import IllegalMove, State
from games.engine.rng import rng_for, shuffled

from ..cards import Card, deck, is_prime, is_wild, label, sort_key
from ..meld import PRIME_RUN, Meld, check_meld

LEVELS = (3, 4, 5, 6)
HAND_SIZE = 13
DRAW, PLAY, ROUND_OVER, GAME_OVER = "draw", "play", "round_over", "game_over"
TARGETS = (1000, 2500, 5000)
DEFAULT_TARGET = 5000
REFUSE, PENALTY_MODE = "refuse", "penalty"
MISTAKES = (REFUSE, PENALTY_MODE)
ROUND_OVER_SECONDS = 60.0  # docs/rules.md, Prime Canasta: "Between rounds"
LOG_SIZE = 12
GOING_OUT_BONUS = 100
PENALTY = 100
MIN_PILE = 3  # "After the discard pile is at least three cards deep"
MIN_PICK = 2  # "he must now choose at least two more cards from the discard pile"
WILD_POINTS = 50

# --- the tables ------------------------------------------------------------------------------
# PRIMES: prime wild 50; 17 & 19 40; 13 30; 7 & 11 20; 2, 3 & 5 10.
PRIME_POINTS = {2: 10, 3: 10, 5: 10, 7: 20, 11: 20, 13: 30, 17: 40, 19: 40}
# COMPOSITES: 100 & up 50; 80s & 90s 40; 60s & 70s 30; 40s & 50s 20; below 40 10.
COMPOSITE_POINTS = ((100, 50), (80, 40), (60, 30), (40, 20), (0, 10))
# FACTOR CANASTAS: (6 or more cards?, natural?) -> bonus.
FACTOR_BONUS = {(True, True): 600, (True, False): 400, (False, True): 400, (False, False): 200}
# CONSECUTIVE PRIME CANASTAS: (royal?, natural?) -> bonus.
PRIME_BONUS = {(True, True): 600, (True, False): 400, (False, True): 400, (False, False): 200}
# TOTAL SCORE -> MINIMUM VALUE for the initial laydown (a score is at least the band's start).
LAYDOWN_BANDS = ((3000, 250), (2000, 200), (1000, 150), (0, 100))
LAYDOWN_BELOW_ZERO = 50
# TOTAL SCORE -> NUMBER of CANASTAS to go out.
CANASTA_BANDS = ((3000, 3), (0, 2))
CANASTAS_BELOW_ZERO = 1


def card_points(card: Card) -> int:
    """A card's point value (the booklet's table): 7 is 20, 120 is 50, 72 is 30, a wild 50."""
    if is_wild(card):
        return WILD_POINTS
    if is_prime(card):
        return PRIME_POINTS[card]
    return next(points for start, points in COMPOSITE_POINTS if card >= start)


def cards_points(cards: list[Card] | tuple[Card, ...]) -> int:
    return sum(card_points(c) for c in cards)


def canasta_bonus(meld: Meld) -> int:
    """The bonus of a canasta laid down (0 for a set that is not a canasta)."""
    if not meld.is_canasta:
        return 0
    if meld.kind == PRIME_RUN:
        return PRIME_BONUS[(meld.is_royal, meld.is_natural)]
    return FACTOR_BONUS[(meld.size >= 6, meld.is_natural)]


def canasta_name(meld: Meld) -> str:
    """ "natural factor canasta", "mixed royal prime canasta", "factor set"."""
    if not meld.is_canasta:
        return "factor set"
    kind = "factor canasta" if meld.kind != PRIME_RUN else (
        "royal prime canasta" if meld.is_royal else "prime canasta")  # fmt: skip
    return f"{'natural' if meld.is_natural else 'mixed'} {kind}"


def laydown_minimum(score: int) -> int:
    """The minimum value of the initial laydown for a side with this score at the round's start."""
    if score < 0:
        return LAYDOWN_BELOW_ZERO
    return next(minimum for start, minimum in LAYDOWN_BANDS if score >= start)


def canastas_needed(score: int) -> int:
    """How many canastas a side with this score at the round's start needs to go out."""
    if score < 0:
        return CANASTAS_BELOW_ZERO
    return next(needed for start, needed in CANASTA_BANDS if score >= start)


def wilds_for(level: int) -> int:
    """Prime wilds in the deck: 13 at level 6, 11 at levels 4 and 5, 7 at level 3."""
    if level not in LEVELS:
        raise ValueError(f"Prime Canasta uses deck levels 3 to 6, not {level!r}")
    return 13 if level == 6 else 11 if level >= 4 else 7


def deck_counts(level: int) -> Counter:
    """Every card of this level's Prime Canasta deck, with its number."""
    return Counter(deck(level, wilds_for(level)))


# --- sides -----------------------------------------------------------------------------------
def partnerships(state: State) -> bool:
    return bool(state["settings"].get("partnerships"))


def side_of(state: State, seat: int) -> int:
    """The side a seat scores for: itself, or in partnerships seat % 2 (partners sit across)."""
    return seat % 2 if partnerships(state) else seat


def partner_of(state: State, seat: int) -> int | None:
    return (seat + 2) % 4 if partnerships(state) else None


def sides_count(state: State) -> int:
    return 2 if partnerships(state) else state["players"]


def seats_of(state: State, side: int) -> list[int]:
    return [s for s in range(state["players"]) if side_of(state, s) == side]


# --- a new game and each round's deal -------------------------------------------------------------
def new_state(settings: dict[str, Any], players: int, seed: int) -> State:
    """A game dealt for its first round. Settings: level (3-6), partnerships, target."""
    level = settings.get("level")
    wilds_for(level)
    if not 2 <= players <= 4:
        raise ValueError("Prime Canasta is for 2 to 4 players")
    if settings.get("partnerships") and players != 4:
        raise ValueError("partnerships need 4 players")
    settings = {"level": level, "partnerships": bool(settings.get("partnerships")),
                "target": settings.get("target", DEFAULT_TARGET),
                "mistakes": settings.get("mistakes", REFUSE)}  # fmt: skip
    state: State = {"settings": settings, "players": players, "seed": seed, "round": 0}
    state["sort"] = ["value"] * players  # how each player likes the hand shown
    state["log"] = []
    sides = 2 if settings["partnerships"] else players
    state.update(scores=[0] * sides, rounds=[], last_round=None, winner=None)
    state["dealer"] = first_dealer(level, players, seed)
    deal_round(state)
    return state


def first_dealer(level: int, players: int, seed: int) -> int:
    """Players draw in turn from a shuffled deck; the highest card deals (a prime wild highest);
    players tied for highest draw again."""
    cards = shuffled(deck(level, wilds_for(level)), seed, "first dealer")
    drawing = list(range(players))
    while True:
        drawn = {seat: cards.pop() for seat in drawing}
        rank = {seat: (1, 0) if is_wild(c) else (0, c) for seat, c in drawn.items()}
        best = max(rank.values())
        drawing = [seat for seat in drawing if rank[seat] == best]
        if len(drawing) == 1:
            return drawing[0]


def next_dealer(state: State) -> int:
    """The player with the highest score deals; tied players draw (a seeded choice)."""
    best = max(state["scores"])
    tied = [s for s in range(state["players"]) if state["scores"][side_of(state, s)] == best]
    if len(tied) == 1:
        return tied[0]
    return rng_for(state["seed"], "dealer", state["round"]).choice(tied)


def lay_out(cards: list[Card], players: int, dealer: int) -> tuple[list, list, list]:
    """Deal from the top of `cards` (its last card): 13 each one at a time from the dealer's
    left, then the first discard; a prime wild there makes the dealer turn up two more.
    (hands, draw pile, discard pile) with the tops last."""
    cards = list(cards)
    hands: list[list[Card]] = [[] for _ in range(players)]
    for k in range(HAND_SIZE * players):
        hands[(dealer + 1 + k) % players].append(cards.pop())
    discard = [cards.pop()]
    if is_wild(discard[0]):
        discard += [cards.pop(), cards.pop()]
    return [sorted(h, key=sort_key) for h in hands], cards, discard


def deal_round(state: State) -> None:
    """Shuffle and deal the next round (the dealer is already chosen); play starts on the
    dealer's left."""
    level, players = state["settings"]["level"], state["players"]
    state["round"] += 1
    cards = shuffled(deck(level, wilds_for(level)), state["seed"], "deal", state["round"])
    state["hands"], state["draw"], state["discard"] = lay_out(cards, players, state["dealer"])
    sides = sides_count(state)
    state["sets"] = [[] for _ in range(sides)]  # per side: {"cards": [...], "seat": s}
    state["laid_down"] = [False] * sides
    state["penalties"] = [0] * sides  # 100-point penalties recorded this round
    state["turn"] = (state["dealer"] + 1) % players
    state["phase"] = DRAW
    state["asked"] = None  # {"seat": s, "answer": None | True | False} this turn
    state["ready"] = [[] for _ in range(players)]  # per seat: [{"cards": [pos], "to": i|None}]
    state["hint"] = [None] * players  # per seat: what "Show me a set" showed (until a move)
    state["hint_sets"] = [[] for _ in range(players)]  # every set a hint showed this round
    state["last_penalty"] = None  # {"seat", "reason", "kind"}: the latest penalty this round
    log_event(state, "deal", f"Round {state['round']}: ", state["dealer"], " dealt.")


def log_event(state: State, kind: str, *parts: int | str) -> None:
    """Add a public event (engine.log.log_event), the last LOG_SIZE kept."""
    log.log_event(state, kind, *parts, size=LOG_SIZE)


def copy_state(state: State) -> State:
    """A copy a move may change. Built by hand (deepcopy was most of a move's time): every list
    or dict a move changes in place is copied; the log's and the rounds' entries and the last
    round are only ever replaced, never changed, so they are shared."""
    new = dict(state)
    new["settings"] = dict(state["settings"])
    for key in ("draw", "discard", "scores", "laid_down", "penalties", "sort", "log", "rounds",
                "hint"):  # fmt: skip
        new[key] = list(state[key])
    new["hands"] = [list(hand) for hand in state["hands"]]
    new["sets"] = [[{"cards": list(s["cards"]), "seat": s["seat"]} for s in side]
                   for side in state["sets"]]  # fmt: skip
    new["ready"] = [[{"cards": list(g["cards"]), "to": g["to"]} for g in groups]
                    for groups in state["ready"]]  # fmt: skip
    new["hint_sets"] = [list(sets) for sets in state["hint_sets"]]
    new["asked"] = dict(state["asked"]) if state["asked"] is not None else None
    return new


# --- sets on the table ----------------------------------------------------------------------------
def set_check(cards: list[Card], level: int) -> Meld:
    """The meld these cards make, or IllegalMove with the meld layer's reason."""
    check = check_meld(cards, level, prime_runs=True)
    if not check.ok:
        shown = ", ".join(label(c) for c in sorted(cards, key=sort_key, reverse=True))
        raise IllegalMove(f"{shown} is not a set: {check.reason}", kind=check.kind,
                          detail={"cards": [label(c) for c in cards], "set": True})  # fmt: skip
    return check.meld


def side_melds(state: State, side: int) -> list[Meld]:
    level = state["settings"]["level"]
    return [set_check(s["cards"], level) for s in state["sets"][side]]


def frozen_reason(state: State, seat: int) -> str | None:
    """Why the discard pile is frozen for this player, or None if it is not."""
    if any(is_wild(c) for c in state["discard"]):
        return "The discard pile is frozen: it holds a prime card."
    if not state["laid_down"][side_of(state, seat)]:
        who = "your partnership has" if partnerships(state) else "you have"
        return f"The discard pile is frozen for you: {who} not made the first laydown yet."
    return None


# --- scoring a round ---------------------------------------------------------------------------
@dataclass(frozen=True)
class SideScore:
    """One side's round: each part as the booklet adds them up, and the total."""

    going_out: int
    in_hand: int  # the point value of cards left in hands (subtracted)
    bonuses: int
    card_values: int
    penalties: int  # the 100-point penalties (subtracted)

    @property
    def total(self) -> int:
        return self.going_out - self.in_hand + self.bonuses + self.card_values - self.penalties

    def as_dict(self) -> dict[str, int]:
        return {"going_out": self.going_out, "in_hand": self.in_hand, "bonuses": self.bonuses,
                "card_values": self.card_values, "penalties": self.penalties,
                "total": self.total}  # fmt: skip


def score_side(state: State, side: int, out_seat: int | None) -> SideScore:
    """A side's points for the round: 100 for going out, minus the cards left in its players'
    hands, plus canasta bonuses, plus the value of every card laid down in its sets, minus
    penalties."""
    melds = side_melds(state, side)
    out = out_seat is not None and side_of(state, out_seat) == side
    return SideScore(
        going_out=GOING_OUT_BONUS if out else 0,
        in_hand=sum(cards_points(state["hands"][s]) for s in seats_of(state, side)),
        bonuses=sum(canasta_bonus(m) for m in melds),
        card_values=sum(cards_points(s["cards"]) for s in state["sets"][side]),
        penalties=PENALTY * state["penalties"][side],
    )


def finish_round(state: State, out_seat: int | None) -> None:
    """Score the round for every side, then end the round (or the game)."""
    scores = [score_side(state, side, out_seat) for side in range(sides_count(state))]
    for side, score in enumerate(scores):
        state["scores"][side] += score.total
    state["rounds"].append({"out": out_seat, "points": [s.total for s in scores]})
    sides = []
    for side, score in enumerate(scores):
        melds = side_melds(state, side)
        sides.append({
            **score.as_dict(),
            "canastas": [{"name": canasta_name(m), "bonus": canasta_bonus(m)}
                         for m in melds if m.is_canasta],
            "left": [label(c) for s in seats_of(state, side) for c in state["hands"][s]],
        })  # fmt: skip
    state["last_round"] = {"round": state["round"], "out": out_seat, "sides": sides}
    state["asked"] = None
    state["ready"] = [[] for _ in range(state["players"])]
    state["hint"] = [None] * state["players"]
    if out_seat is None:
        log_event(state, "dead", "The draw pile ran out: the round ends with nobody out.")
    best = max(state["scores"])
    leaders = [side for side, score in enumerate(state["scores"]) if score == best]
    if best >= state["settings"]["target"] and len(leaders) == 1:
        state["phase"], state["winner"] = GAME_OVER, leaders[0]
        first = seats_of(state, leaders[0])
        names: list[int | str] = [first[0], " and ", first[1]] if len(first) == 2 else [first[0]]
        log_event(state, "won", *names, f" reached {state['settings']['target']} points and won!")
    else:
        state["phase"] = ROUND_OVER


def start_next_round(state: State) -> None:
    """After the scoring: the highest score deals the next round."""
    state["dealer"] = next_dealer(state)
    deal_round(state)


# --- checks -------------------------------------------------------------------------------------
def check_state(state: State) -> None:
    """Raise AssertionError if the state breaks a rule (cards conserved, sets valid, scores)."""
    level = state["settings"]["level"]
    laid = [c for sets in state["sets"] for s in sets for c in s["cards"]]
    cards = [c for hand in state["hands"] for c in hand] + state["draw"] + state["discard"] + laid
    assert Counter(cards) == deck_counts(level), "cards lost or doubled"
    for side in range(sides_count(state)):
        side_melds(state, side)  # raises if a set on the table is not a set
        assert state["laid_down"][side] or not state["sets"][side]
    assert state["phase"] in (DRAW, PLAY, ROUND_OVER, GAME_OVER)
    for seat, groups in enumerate(state["ready"]):
        used = [p for g in groups for p in g["cards"]]
        assert len(used) == len(set(used)), "a card in two ready groups"
        assert all(0 <= p < len(state["hands"][seat]) for p in used), "a ready card not in hand"
    totals = [sum(r["points"][side] for r in state["rounds"]) for side in range(sides_count(state))]
    assert totals == state["scores"], "scores are the rounds' points"
