"""Factor Rummy's state: dealing, the player's own groups, judging a claim to go out, scoring.

Rule text: the PrimePak booklet (FACTOR RUMMY); what it leaves open is in
docs/rules.md ("Factor Rummy") and in the comments marked "Our decision". Every set is judged
by the meld layer (`meld.py`). Pure Python: no Django.

A hand is a list of cards; a card is named by its position in the hand. During a turn the card
just drawn is the last one (the board marks it new); when the turn ends the hand is sorted
again (numbers by value, wilds last) and the player's groups follow their cards.
"""

from __future__ import annotations

import copy
from collections import Counter
from dataclasses import dataclass, field
from itertools import combinations, product
from typing import Any

from games.engine import log
from games.engine.protocol import IllegalMove, State
from games.engine.rng import shuffled

from ..cards import LEVEL_PRIMES, Card, deck, is_prime, is_wild, label, sort_key
from ..meld import Arrangement, Meld, best_arrangement, check_meld
from .moves import DEADWOOD, HOW_WORDS, PRIME, RUMMY

DRAW, DISCARD, ROUND_OVER, GAME_OVER = "draw", "discard", "round_over", "game_over"
PLAYING = (DRAW, DISCARD)
TARGETS = (50, 100, 200)  # the booklet plays to 200; a teacher may choose a shorter lesson
DEFAULT_TARGET = 200


def wilds_for(level: int) -> int:
    """The booklet: 11 prime wilds at levels 4-6, 7 at levels 2-3 (our decision: 7 at 1)."""
    return 11 if level >= 4 else 7


def hand_size_for(level: int) -> int:
    """The booklet: 11 cards at levels 3 and up, 10 at level 2 (our decision: 10 at 1)."""
    return 11 if level >= 3 else 10


PRIME_BONUS, RUMMY_BONUS = 25, 20
POINTS_PER_DEADWOOD = 2
DEADWOOD_PENALTY = 10  # "factor with deadwood": per opponent with equal or fewer deadwood cards
MAX_DEADWOOD = 2  # "left with only one or two deadwood cards after discarding"
ROUND_OVER_SECONDS = 60.0  # the scoring stays up this long unless someone deals sooner
LOG_SIZE = 12
PLACEMENTS = 4  # ways to pick a listed set's cards when the hand holds equal cards
MAX_RESHUFFLES = 2  # the draw pile is made again twice a round; the third time it ends


# --- a new game and each round's deal -----------------------------------------------------------
def new_state(settings: dict[str, Any], players: int, seed: int, dealer: int) -> State:
    """The state of a game about to deal its first round (`dealer` deals it)."""
    state: State = {
        "settings": dict(settings),
        "players": players,
        "seed": seed,
        "round": 0,
        "dealer": (dealer - 1) % players,  # deal_round moves the deal one seat to the left
        "turn": 0,
        "phase": DRAW,
        "hands": [[] for _ in range(players)],
        "groups": [[] for _ in range(players)],
        "hinted": [False] * players,
        "hint_sets": [[] for _ in range(players)],
        "draw": [],
        "discard": [],
        "drawn": None,
        "took": False,
        "taken": [[] for _ in range(players)],
        "passed": [[] for _ in range(players)],
        "reshuffles": 0,
        "scores": [0] * players,
        "rounds": [],
        "last_round": None,
        "winner": None,
        "log": [],
        "moves": 0,
    }
    deal_round(state)
    return state


def deal_round(state: State) -> None:
    """The next dealer shuffles and deals one card at a time from the player on their left;
    the rest is the draw pile, whose top card starts the discard pile. Play begins on the
    dealer's left."""
    level, players = state["settings"]["level"], state["players"]
    state["round"] += 1
    state["dealer"] = (state["dealer"] + 1) % players
    cards = shuffled(deck(level, wilds_for(level)), state["seed"], "deal", state["round"])
    size = hand_size_for(level)
    hands: list[list[Card]] = [[] for _ in range(players)]
    for k in range(size * players):
        hands[(state["dealer"] + 1 + k) % players].append(cards.pop())
    state["hands"] = [sorted(hand, key=sort_key) for hand in hands]
    state["discard"] = [cards.pop()]
    state["draw"] = cards  # the top of the draw pile is its last card
    state["groups"] = [[] for _ in range(players)]
    state["hinted"] = [False] * players
    state["hint_sets"] = [[] for _ in range(players)]
    state["taken"] = [[] for _ in range(players)]
    state["passed"] = [[] for _ in range(players)]
    state["drawn"], state["took"], state["reshuffles"] = None, False, 0
    state["turn"] = (state["dealer"] + 1) % players
    state["phase"] = DRAW
    log_event(state, "deal", f"Round {state['round']}: ", state["dealer"], " dealt.")


def copy_state(state: State) -> State:
    """A deep copy (states are small: a few hundred cards at most)."""
    return copy.deepcopy(state)


def log_event(state: State, kind: str, *parts: int | str) -> None:
    """Add a public event (engine.log.log_event), the last LOG_SIZE kept."""
    log.log_event(state, kind, *parts, size=LOG_SIZE)


# --- the player's own groups ---------------------------------------------------------------------
def loose_positions(state: State, player: int) -> list[int]:
    """The positions of the player's cards in no group."""
    grouped = {p for group in state["groups"][player] for p in group}
    return [p for p in range(len(state["hands"][player])) if p not in grouped]


def regroup(groups: list[list[int]], cards: tuple[int, ...]) -> list[list[int]]:
    """The groups once `cards` make a new group (they leave their old groups; a group left
    with fewer than 2 cards is loose again)."""
    taken = set(cards)
    kept = [[p for p in group if p not in taken] for group in groups]
    return [group for group in kept if len(group) >= 2] + [sorted(cards)]


def without_position(groups: list[list[int]], position: int) -> list[list[int]]:
    """The groups once the card at `position` left the hand (later positions move down one)."""
    moved = [[p - (p > position) for p in group if p != position] for group in groups]
    return [group for group in moved if len(group) >= 2]


def sort_hand(state: State, player: int) -> None:
    """Sort the hand again (numbers by value, wilds last); the groups follow their cards."""
    hand = state["hands"][player]
    order = sorted(range(len(hand)), key=lambda p: (sort_key(hand[p]), p))
    where = {old: new for new, old in enumerate(order)}
    state["hands"][player] = [hand[p] for p in order]
    state["groups"][player] = [sorted(where[p] for p in group) for group in state["groups"][player]]


def positions_of(hand: list[Card], melds: list[Meld], free: list[int]) -> list[list[int]]:
    """Positions for each meld's cards, taken from `free` (lowest first for equal cards)."""
    pool: dict[Card, list[int]] = {}
    for p in free:
        pool.setdefault(hand[p], []).append(p)
    found = []
    for meld in melds:
        found.append(sorted(pool[card].pop(0) for card in meld.cards))
    return found


def hint_groups(state: State, player: int) -> tuple[list[list[int]], Arrangement]:
    """The app's best grouping of the whole hand, as positions (the hint)."""
    hand = state["hands"][player]
    best = best_arrangement(hand, state["settings"]["level"])
    return positions_of(hand, list(best.melds), list(range(len(hand)))), best


def listed_groups(state: State, player: int) -> list[tuple[int, ...]]:
    """Groups worth listing among the legal moves: the sets of the best grouping of the loose
    cards, on the lowest positions (what a bot lays down, and the coach's steps). The board
    lets a child group any cards at all."""
    hand = state["hands"][player]
    loose = loose_positions(state, player)
    best = best_arrangement([hand[p] for p in loose], state["settings"]["level"])
    found: list[tuple[int, ...]] = []
    for meld in best.melds:
        found += _placements(hand, meld, loose)
    return found


def _placements(hand: list[Card], meld: Meld, free: list[int]) -> list[tuple[int, ...]]:
    """Every way (up to PLACEMENTS) to pick this meld's cards from the free positions: a child
    who ticks the second of two 3s makes the same set."""
    choices: list[list[tuple[int, ...]]] = []
    for card, count in sorted(Counter(meld.cards).items(), key=lambda item: sort_key(item[0])):
        choices.append(list(combinations([p for p in free if hand[p] == card], count)))
    found = []
    for picked in product(*choices):
        found.append(tuple(sorted(p for part in picked for p in part)))
        if len(found) >= PLACEMENTS:
            break
    return sorted(found)


# --- judging a claim to go out -------------------------------------------------------------------
@dataclass(frozen=True)
class Claim:
    """A claim that holds: the sets laid down, the deadwood cards and the discard."""

    how: str
    sets: tuple[Meld, ...]
    deadwood: tuple[Card, ...]
    discard: Card | None
    group_cards: tuple[tuple[Card, ...], ...] = field(default=())


def cards_text(cards: list[Card] | tuple[Card, ...]) -> str:
    """ "9 and 20", "42, 6 and 7", "a prime card"."""
    words = [label(c) for c in cards]
    return words[0] if len(words) == 1 else f"{', '.join(words[:-1])} and {words[-1]}"


def _set_text(cards: list[Card]) -> str:
    """A group as the booklet writes a set: the biggest number (the answer) first, "42, 6, 7"."""
    naturals = sorted(c for c in cards if not is_wild(c))
    ordered = [*naturals[-1:], *naturals[:-1], *(c for c in cards if is_wild(c))]
    return ", ".join(label(c) for c in ordered)


def group_problem(cards: list[Card], level: int) -> IllegalMove | None:
    """Why a group of the player's is not a factor set (the meld layer judges), or None."""
    check = check_meld(cards, level)
    if check.ok:
        return None
    naturals = sorted(c for c in cards if not is_wild(c))
    reason = check.reason
    if check.kind == "no_answer" and len(cards) == 3 and len(naturals) == 3:
        # "6 × 7 = 42, not 40": the commonest slip, said the way a child checks it.
        reason = f"{naturals[0]} × {naturals[1]} = {naturals[0] * naturals[1]}, not {naturals[2]}."
    answer = naturals[-1] if naturals else None
    detail = {"cards": [label(c) for c in cards], "answer": answer}
    return IllegalMove(f"{_set_text(cards)} is not a factor set: {reason}", kind=check.kind,
                       detail=detail)  # fmt: skip


def judge_claim(state: State, player: int, how: str, discard: int | None) -> Claim:
    """The claim to go out if it holds (judged on the player's own groups), else IllegalMove
    with the reason a child can read."""
    hand, level = state["hands"][player], state["settings"]["level"]
    groups = state["groups"][player]
    if discard is not None:
        if state["phase"] == DRAW:
            raise IllegalMove("Draw a card first: before drawing, you go out with no discard.")
        if not 0 <= discard < len(hand):
            raise IllegalMove("There is no such card in your hand.")
        if state["took"] and discard == state["drawn"]:
            raise IllegalMove(f"You just took {label(hand[discard])} from the discard pile: "
                              "discard another card.")  # fmt: skip
        if any(discard in group for group in groups):
            raise IllegalMove(f"{label(hand[discard])} is in one of your groups: take it out "
                              "first, or discard another card.")  # fmt: skip
    sets = []
    for group in groups:
        cards = [hand[p] for p in group]
        problem = group_problem(cards, level)
        if problem is not None:
            raise problem
        sets.append(check_meld(cards, level).meld)
    deadwood = [hand[p] for p in loose_positions(state, player) if p != discard]
    claim_cards = tuple(tuple(hand[p] for p in group) for group in groups)
    discarded = None if discard is None else hand[discard]
    if how in (PRIME, RUMMY):
        _check_no_deadwood(state, player, groups, deadwood)
        not_prime = [m for m in sets if not m.is_prime]
        if how == PRIME and not_prime:
            meld = not_prime[0]
            odd = next(m for m in meld.multipliers if not is_prime(m))
            raise IllegalMove(
                f"{meld.equation()} is a factor set, but not a prime factor set: {odd} is not "
                "a prime number. Say “factor rummy”.",
                kind="not_prime",
                detail={"answer": meld.answer, "how": how},
            )
        return Claim(how, tuple(sets), (), discarded, claim_cards)
    if discard is None:
        if state["phase"] == DRAW:
            raise IllegalMove("Draw a card first: going out “factor with deadwood” needs a "
                              "discard.")  # fmt: skip
        raise IllegalMove("Going out “factor with deadwood” needs a discard: tick the card you "
                          "discard.")  # fmt: skip
    if not deadwood:
        raise IllegalMove("You have no deadwood left: say “factor rummy” or “prime factor” and "
                          "get the bonus!", kind="no_deadwood", detail={"how": how})  # fmt: skip
    if len(deadwood) > MAX_DEADWOOD:
        raise IllegalMove(
            f"You would keep {len(deadwood)} deadwood cards "
            f"({cards_text(sorted(deadwood, key=sort_key))}): you may "
            "keep only one or two.",
            kind="too_much_deadwood",
            detail={"deadwood": [label(c) for c in deadwood], "how": how},
        )
    return Claim(how, tuple(sets), tuple(deadwood), discarded, claim_cards)


def _check_no_deadwood(state: State, player: int, groups: list, deadwood: list[Card]) -> None:
    if not deadwood:
        return
    hand = state["hands"][player]
    deadwood = sorted(deadwood, key=sort_key)
    left = f"{cards_text(deadwood)} {'is' if len(deadwood) == 1 else 'are'} left over"
    if not groups:
        reason = f"You have no groups yet, so {left}. Put your cards in factor sets first."
    elif len(groups) == 1:
        reason = f"{_set_text([hand[p] for p in groups[0]])} is a set, but {left}."
    else:
        reason = f"Your {len(groups)} groups are sets, but {left}."
    detail = {"deadwood": [label(c) for c in deadwood]}
    raise IllegalMove(reason, kind="deadwood_left", detail=detail)


def valid_claims(state: State, player: int) -> list[tuple[str, int | None]]:
    """Every (how, discard) that holds now, in a fixed order (the same rules as judge_claim,
    worked out once for all the discards)."""
    hand, level = state["hands"][player], state["settings"]["level"]
    groups = state["groups"][player]
    melds = []
    for group in groups:
        found = check_meld([hand[p] for p in group], level).meld
        if found is None:
            return []
        melds.append(found)
    all_prime = bool(melds) and all(m.is_prime for m in melds)
    loose = loose_positions(state, player)
    options: list[int | None] = [None]
    if state["phase"] == DISCARD:
        options += [p for p in loose if not (state["took"] and p == state["drawn"])]
    claims: list[tuple[str, int | None]] = []
    for discard in options:
        left = len(loose) - (discard is not None)
        if left == 0:
            claims += [(PRIME, discard)] if all_prime else []
            claims.append((RUMMY, discard))
        elif discard is not None and left <= MAX_DEADWOOD:
            claims.append((DEADWOOD, discard))
    return claims


# --- the end of a round --------------------------------------------------------------------------
def finish_round(state: State, player: int, claim: Claim) -> None:
    """Lay every hand down, score the round for the player who went out, and end the round (or
    the game, once their score reaches the target)."""
    level, players = state["settings"]["level"], state["players"]
    mine = len(claim.deadwood)
    hands = []
    lines: list[Any] = []
    bonus = {PRIME: PRIME_BONUS, RUMMY: RUMMY_BONUS, DEADWOOD: 0}[claim.how]
    if claim.how == DEADWOOD:
        cards = "1 deadwood card" if mine == 1 else f"{mine} deadwood cards"
        lines.append(_line("out", player, f" went out “factor with deadwood” with {cards}: "
                                          "no bonus."))  # fmt: skip
    else:
        lines.append(_line("out", player, f" went out “{HOW_WORDS[claim.how]}”: {bonus} points."))
    total = bonus
    for offset in range(1, players):
        other = (player + offset) % players
        best = best_arrangement(state["hands"][other], level)
        hands.append((other, _laid_down(other, best)))
        points, text = _opponent_points(claim.how, len(best.deadwood), mine)
        total += points
        lines.append(_line("dead", other, text))
    hands.append((player, {
        "seat": player,
        "sets": [m.as_dict() for m in claim.sets],
        "deadwood": list(claim.deadwood),
        "discard": claim.discard,
    }))  # fmt: skip
    # No verb after the name: "You gets" would be wrong, and the board writes "you" or a name.
    lines.append({"kind": "total", "parts": [{"text": "Points this round for "},
                                             {"seat": player, "cap": False},
                                             {"text": f": {total}."}]})  # fmt: skip
    state["scores"][player] += total
    state["rounds"].append({"out": player, "points": total})
    state["last_round"] = {
        "round": state["round"],
        "out": player,
        "how": claim.how,
        "how_words": HOW_WORDS[claim.how],
        "points": total,
        "hands": [hand for _, hand in sorted(hands, key=lambda h: h[0])],
        "lines": lines,
    }
    _end_round(state, player)


def finish_dead_round(state: State) -> None:
    """Our decision: the draw pile ran out with nothing left to make a new one, so the round
    ends with nobody out and no points."""
    level = state["settings"]["level"]
    hands = [_laid_down(p, best_arrangement(hand, level)) for p, hand in
             enumerate(state["hands"])]  # fmt: skip
    state["rounds"].append({"out": None, "points": 0})
    state["last_round"] = {
        "round": state["round"],
        "out": None,
        "how": None,
        "how_words": "",
        "points": 0,
        "hands": hands,
        "lines": ["The cards ran out and nobody went out: no points this round."],
    }
    log_event(state, "dead", "The cards ran out: nobody went out this round.")
    _end_round(state, None)


def _end_round(state: State, player: int | None) -> None:
    state["drawn"], state["took"] = None, False
    if player is not None and state["scores"][player] >= state["settings"]["target"]:
        state["phase"], state["winner"] = GAME_OVER, player
        log_event(state, "won", player, f" reached {state['settings']['target']} points and won!")
    else:
        state["phase"] = ROUND_OVER


def _laid_down(seat: int, best: Arrangement) -> dict[str, Any]:
    return {
        "seat": seat,
        "sets": [m.as_dict() for m in best.melds],
        "deadwood": list(best.deadwood),
        "discard": None,
    }


def _opponent_points(how: str, theirs: int, mine: int) -> tuple[int, str]:
    """The going-out player's points for one opponent's deadwood, and the line that says so."""
    cards = "no deadwood" if theirs == 0 else (
        "1 deadwood card" if theirs == 1 else f"{theirs} deadwood cards")  # fmt: skip
    if how != DEADWOOD:
        points = POINTS_PER_DEADWOOD * theirs
        return points, f" had {cards}: {points} points."
    if theirs > mine:
        points = POINTS_PER_DEADWOOD * (theirs - mine)
        return points, f" had {cards}, {theirs - mine} more: {points} points."
    return -DEADWOOD_PENALTY, f" had {cards}, not more: {DEADWOOD_PENALTY} points off."


def _line(kind: str, seat: int, text: str) -> dict[str, Any]:
    return {"kind": kind, "parts": [{"seat": seat, "cap": True}, {"text": text}]}


# --- drawing, discarding, the draw pile running out ----------------------------------------------
def refill_draw_pile(state: State) -> bool:
    """Our decision, as players do: when the draw pile is empty, the discard pile but its top
    card is shuffled into a new draw pile, at most MAX_RESHUFFLES times a round (a round where
    nobody can go out must end). False when the round ends."""
    if state["draw"]:
        return True
    under = state["discard"][:-1]
    if not under or state["reshuffles"] >= MAX_RESHUFFLES:
        return False
    state["reshuffles"] += 1
    state["draw"] = shuffled(under, state["seed"], "reshuffle", state["round"],
                             state["reshuffles"])  # fmt: skip
    state["discard"] = state["discard"][-1:]
    log_event(state, "reshuffle", "The draw pile ran out: the discard pile was shuffled to make "
              "a new one.")  # fmt: skip
    return True


# --- checks ---------------------------------------------------------------------------------------
def deck_counts(level: int) -> Counter:
    """Every card of this level's Factor Rummy deck, with its number."""
    return Counter(deck(level, wilds_for(level)))


def check_state(state: State) -> None:
    """Raise AssertionError if the state breaks a rule."""
    level, players = state["settings"]["level"], state["players"]
    cards = [c for hand in state["hands"] for c in hand] + state["draw"] + state["discard"]
    assert Counter(cards) == deck_counts(level), "cards lost or doubled"
    phase = state["phase"]
    assert phase in (DRAW, DISCARD, ROUND_OVER, GAME_OVER)
    size = hand_size_for(level)
    out = state["last_round"]["out"] if phase in (ROUND_OVER, GAME_OVER) else None
    for p, hand in enumerate(state["hands"]):
        extra = phase == DISCARD and p == state["turn"]
        # Going out after drawing with no discard lays down one card more.
        allowed = {size, size + 1} if p == out else {size + extra}
        assert len(hand) in allowed, "a hand has the wrong number of cards"
        seen: set[int] = set()
        for group in state["groups"][p]:
            assert len(group) >= 2 and group == sorted(group), "a group is too small or unsorted"
            assert all(0 <= q < len(hand) and q not in seen for q in group), "bad group"
            seen.update(group)
    if phase in PLAYING:
        assert state["discard"] or phase == DISCARD, "a turn starts with a discard pile"
        assert (state["drawn"] is not None) == (phase == DISCARD)
    assert state["scores"] == [
        sum(r["points"] for r in state["rounds"] if r["out"] == p) for p in range(players)
    ], "scores are the rounds' points"
    if phase == GAME_OVER:
        winner = state["winner"]
        assert state["scores"][winner] >= state["settings"]["target"]
    assert LEVEL_PRIMES[level]
