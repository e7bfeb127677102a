"""Prime Bomb – Capture's rules core: deal, flip, secret choices, reveal, swaps and scoring.

Rule text: Prime Bomb's rule text: the deck is the PrimePak number cards of the deck level (no
prime wilds), hand size 7 or 5, every player chooses in secret and all choices are revealed
together, "plays first" is the earliest submission, a prime is captured by one composite card
that has it as a factor (the highest wins), a composite by the product closest to it, an
uncaptured card stays under the next one, and the score is the sum of the captured values (or,
as a setting, their number). Pure Python: no Django.

Decisions: docs/rules.md, "Prime Bomb – Capture" (here: from "Deck and hands" to "Scoring").

The state is plain JSON data, never changed in place: each function returns a new state.
Piles list their top card last ("deck", "stack"). Hands are kept sorted by value, so a hand
position names the same card until the hand changes (only a swap changes it).
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from games.engine import log
from games.engine.log import sentence
from games.engine.protocol import IllegalMove, SettingsError, State
from games.engine.rng import rng_for, shuffled

from ..cards import LEVELS, is_prime, number_cards

HAND_SIZES = (7, 5)
SCORINGS = ("sum", "count")
MIN_PLAYERS, MAX_PLAYERS = 2, 6
FLIP, CHOOSE, OVER = "flip", "choose", "over"
PHASES = (FLIP, CHOOSE, OVER)
LOG_SIZE = 12


# --- a new game -----------------------------------------------------------------------------------
def check_settings(settings: dict[str, Any]) -> dict[str, Any]:
    """The settings filled in with their defaults (hand 7, scoring by sum), or SettingsError."""
    level = settings.get("level")
    if type(level) is not int or level not in LEVELS:
        raise SettingsError("Prime Bomb uses deck level 1, 2, 3, 4, 5 or 6.")
    hand = settings.get("hand", 7)
    if type(hand) is not int or hand not in HAND_SIZES:
        raise SettingsError("Cards in hand must be 7 or 5.")
    scoring = settings.get("scoring", "sum")
    if scoring not in SCORINGS:
        raise SettingsError("Scoring must be the sum of the cards or the number of cards.")
    return {"level": level, "hand": hand, "scoring": scoring}


def new_state(settings: dict[str, Any], players: int, seed: int) -> State:
    """A game dealt and waiting for its first flip.

    docs/rules.md, Prime Bomb – Capture: "The first flip"."""
    settings = check_settings(settings)
    if type(players) is not int or not MIN_PLAYERS <= players <= MAX_PLAYERS:
        raise SettingsError("Prime Bomb is for 2 to 6 players.")
    cards = shuffled(number_cards(settings["level"]), seed, "deal")
    hands: list[list[int]] = [[] for _ in range(players)]
    for k in range(settings["hand"] * players):
        hands[k % players].append(cards.pop())
    # The smallest deck (level 1, 56 cards) less 6 hands of 7 still leaves 14 cards to flip.
    assert cards, "no cards left to flip"
    return {
        "settings": settings,
        "players": players,
        "seed": seed,
        "deck": cards,
        "hands": [sorted(hand) for hand in hands],
        "captured": [[] for _ in range(players)],
        "stack": [],
        "flipper": rng_for(seed, "first flipper").randrange(players),
        "phase": FLIP,
        "flips": 0,
        "choices": [None] * players,
        "last_reveal": None,
        "scores": [0] * players,
        "winners": [],
        "log": [],
    }


def copy_state(state: State) -> State:
    """A copy a move may change: every list a move changes is copied (log entries and the last
    reveal are only ever replaced, never changed, so they are shared)."""
    new = dict(state)
    new["settings"] = dict(state["settings"])
    for key in ("deck", "stack", "scores", "winners", "log"):
        new[key] = list(state[key])
    new["hands"] = [list(hand) for hand in state["hands"]]
    new["captured"] = [list(pile) for pile in state["captured"]]
    new["choices"] = [
        None if c is None else {"cards": list(c["cards"]), "order": c["order"]}
        for c in state["choices"]
    ]
    return new


# --- small helpers --------------------------------------------------------------------------------
def log_event(state: State, kind: str, *parts: int | str) -> None:
    """Add a public event (engine.log), the last LOG_SIZE kept."""
    log.log_event(state, kind, *parts, size=LOG_SIZE)


def check_seat(state: State, seat: Any) -> None:
    if type(seat) is not int or not 0 <= seat < state["players"]:
        raise IllegalMove("There is no such player in this game.")


def check_not_over(state: State) -> None:
    if state["phase"] == OVER:
        raise IllegalMove("The game is over.")


def product(cards: list[int]) -> int:
    result = 1
    for card in cards:
        result *= card
    return result


def score_of(state: State, seat: int) -> int:
    pile = state["captured"][seat]
    return len(pile) if state["settings"]["scoring"] == "count" else sum(pile)


def target(state: State) -> int | None:
    """The card to capture: the top of the stack (None before a flip)."""
    return state["stack"][-1] if state["stack"] else None


def waiting_for(state: State) -> list[int]:
    """The seats that have not chosen yet (in phase "choose")."""
    if state["phase"] != CHOOSE:
        return []
    return [seat for seat, choice in enumerate(state["choices"]) if choice is None]


# --- the flip -------------------------------------------------------------------------------------
def flip(state: State, seat: int) -> State:
    """The flipper turns up the next card onto the stack (docs/rules.md, Prime Bomb – Capture:
    "The first flip", "Nobody captures")."""
    check_seat(state, seat)
    check_not_over(state)
    if state["phase"] != FLIP:
        raise IllegalMove("The card is already turned up: choose your cards to capture it.")
    if seat != state["flipper"]:
        raise IllegalMove("It is not your turn to turn up the card.")
    new = copy_state(state)
    card = new["deck"].pop()
    new["stack"].append(card)
    new["flips"] += 1
    new["phase"] = CHOOSE
    new["choices"] = [None] * new["players"]
    log_event(new, "flip", seat, f" turned up {card}.")
    return new


# --- secret choices -------------------------------------------------------------------------------
def choose(state: State, seat: int, positions: list[int], order: int) -> State:
    """A player's secret choice: hand positions (none = throw nothing). A new choice replaces
    the old one and takes its place in the order by `order` (docs/rules.md,
    Prime Bomb – Capture: "Choosing in secret")."""
    check_seat(state, seat)
    check_not_over(state)
    if state["phase"] != CHOOSE:
        raise IllegalMove("Wait for the next card to be turned up before you choose.")
    if type(order) is not int:
        raise IllegalMove("That choice came without its place in line.")
    if not isinstance(positions, (list, tuple)):
        raise IllegalMove("Pick cards from your hand.")
    size = len(state["hands"][seat])
    if any(type(p) is not int or not 0 <= p < size for p in positions):
        raise IllegalMove("You can only pick cards that are in your hand.")
    if len(set(positions)) != len(positions):
        raise IllegalMove("You picked the same card twice.")
    new = copy_state(state)
    new["choices"][seat] = {"cards": sorted(positions), "order": order}
    return new


# --- judging a reveal -----------------------------------------------------------------------------
def prime_mistake(cards: list[int], prime: int) -> tuple[str, str] | None:
    """Why these cards cannot capture this prime, as (reason, kind); None if they can (6)."""
    if len(cards) > 1:
        return f"Capture a prime with just one card, not {len(cards)}.", "several_cards"
    card = cards[0]
    if is_prime(card):
        return f"{card} is a prime: capture a prime with a card that is not a prime.", "prime_card"
    if card % prime:
        return f"{card} has no {prime}.", "no_factor"
    return None


def judge_play(seat: int, choice: dict | None, hand: list[int], goal: int) -> dict[str, Any]:
    """One player's revealed play, with all a board needs to explain it."""
    cards = [hand[p] for p in choice["cards"]] if choice else []
    play: dict[str, Any] = {
        "seat": seat,
        "chosen": choice is not None,
        "order": choice["order"] if choice else None,
        "cards": cards,
        "product": product(cards) if cards else None,
        "distance": None,
        "valid": False,
        "mistake": None,
        "kind": None,
    }
    if not cards:
        return play  # docs/rules.md, Prime Bomb – Capture: "Throwing nothing never captures"
    if is_prime(goal):
        mistake = prime_mistake(cards, goal)
        if mistake:
            play["mistake"], play["kind"] = mistake
            return play
    else:
        play["distance"] = abs(play["product"] - goal)
    play["valid"] = True
    return play


def shown(play: dict[str, Any]) -> str:
    """ "2 × 2 × 7 = 28", or "28" for one card."""
    cards = play["cards"]
    if len(cards) == 1:
        return str(cards[0])
    return " × ".join(str(c) for c in cards) + f" = {play['product']}"


def how_close(play: dict[str, Any], goal: int) -> str:
    if play["distance"] == 0:
        return f"{shown(play)} is exact"
    return f"{shown(play)} is {play['distance']} away from {goal}"


def cards_word(n: int) -> str:
    return f"{n} card" if n == 1 else f"{n} cards"


def others(plays: list[dict[str, Any]], text) -> list[int | str]:
    """ "Ben's 2 × 14 = 28 uses only 2, Cy's ..." as sentence parts."""
    parts: list[int | str] = []
    for k, play in enumerate(plays):
        if k:
            parts.append(", ")
        parts += [play["seat"], text(play)]
    return parts


def why_composite(valid: list[dict[str, Any]], goal: int) -> tuple[str, list[int | str]]:
    """The rule that decided a composite capture and the sentence explaining it (docs/rules.md,
    Prime Bomb – Capture: "Capturing a non-prime")."""
    best = valid[0]
    w, n = best["seat"], len(best["cards"])
    won = f"'s {how_close(best, goal)} and uses {cards_word(n)}"
    if len(valid) == 1:
        return "only", [w, won, ": the only capture."]
    close = [p for p in valid[1:] if p["distance"] == best["distance"]]
    if not close:
        return "closest", [w, won, ": the closest."]
    same = [p for p in close if len(p["cards"]) == n]
    if not same:
        return "more_cards", [w, won, "; ", *others(
            close, lambda p: f"'s {shown(p)} uses only {len(p['cards'])}"), "."]  # fmt: skip
    return "first", [w, won, ", just like ", *others(
        same, lambda p: f"'s {shown(p)}"), "; ", w, " played first."]  # fmt: skip


def why_prime(valid: list[dict[str, Any]], goal: int) -> tuple[str, list[int | str]]:
    """The rule that decided a prime capture and the sentence explaining it (docs/rules.md,
    Prime Bomb – Capture: "Capturing a prime")."""
    best = valid[0]
    w, card = best["seat"], best["cards"][0]
    won = f"'s {card} has a {goal}"
    if len(valid) == 1:
        return "only", [w, won, ": the only capture."]
    same = [p for p in valid[1:] if p["cards"][0] == card]
    if not same:
        return "highest", [w, won, " and is the highest."]
    return "first", [w, won, ", just like ", *others(
        same, lambda p: f"'s {card}"), "; ", w, " played first."]  # fmt: skip


def reveal(state: State, clock_ended: bool = False) -> State:
    """Show every choice and decide the capture.

    docs/rules.md, Prime Bomb – Capture: from "The reveal" to "The end"."""
    check_not_over(state)
    if state["phase"] != CHOOSE:
        raise IllegalMove("There is nothing to show yet: turn up a card first.")
    if not clock_ended and waiting_for(state):
        raise IllegalMove("Not everyone has chosen yet.")
    new = copy_state(state)
    goal = target(new)
    prime = is_prime(goal)
    plays = [
        judge_play(seat, choice, new["hands"][seat], goal)
        for seat, choice in enumerate(new["choices"])
    ]
    valid = [p for p in plays if p["valid"]]
    if prime:  # the highest card, then the earliest submission
        valid.sort(key=lambda p: (-p["cards"][0], p["order"], p["seat"]))
    else:  # the closest product, then the most cards, then the earliest submission
        valid.sort(key=lambda p: (p["distance"], -len(p["cards"]), p["order"], p["seat"]))
    stack = list(new["stack"])
    if valid:
        winner = valid[0]["seat"]
        rule, why = (why_prime if prime else why_composite)(valid, goal)
        new["captured"][winner] += stack
        new["stack"] = []
        new["flipper"] = winner
        new["scores"][winner] = score_of(new, winner)
        taken = " and ".join(str(c) for c in reversed(stack))
        log_event(new, "capture", winner, f" captured {taken}.")
    else:
        winner, rule = None, "nobody"
        why = [f"Nobody captured {goal}: it stays, and the next card goes on top of it."]
        log_event(new, "stays", f"Nobody captured {goal}.")
    new["last_reveal"] = {
        "flip": new["flips"],
        "target": goal,
        "prime": prime,
        "stack": stack,
        "plays": plays,
        "winner": winner,
        "rule": rule,
        "why": sentence(*why),
    }
    new["choices"] = [None] * new["players"]
    new["phase"] = FLIP
    if not new["deck"]:
        end_game(new)
    return new


def end_game(state: State) -> None:
    """The deck is used up: score, find the winners. Changes `state`.

    docs/rules.md, Prime Bomb – Capture: "The end", "Scoring"."""
    state["phase"] = OVER
    state["scores"] = [score_of(state, seat) for seat in range(state["players"])]
    best = max(state["scores"])
    state["winners"] = [seat for seat, score in enumerate(state["scores"]) if score == best]
    if len(state["winners"]) == 1:
        log_event(state, "end", state["winners"][0], f" won with {best}.")
    else:
        log_event(state, "end", f"A shared win with {best}.")


# --- swaps ----------------------------------------------------------------------------------------
def swap(state: State, seat: int, hand_pos: int, captured_index: int) -> State:
    """Trade a captured card for a hand card before the next flip (docs/rules.md,
    Prime Bomb – Capture: "Swapping")."""
    check_seat(state, seat)
    check_not_over(state)
    if state["phase"] != FLIP:
        raise IllegalMove("Swap cards before the next card is turned up.")
    hand, pile = state["hands"][seat], state["captured"][seat]
    if not pile:
        raise IllegalMove("You have no captured cards to swap yet.")
    if type(captured_index) is not int or not 0 <= captured_index < len(pile):
        raise IllegalMove("You can only swap a card you captured.")
    if type(hand_pos) is not int or not 0 <= hand_pos < len(hand):
        raise IllegalMove("You can only swap a card that is in your hand.")
    new = copy_state(state)
    hand, pile = new["hands"][seat], new["captured"][seat]
    given = hand.pop(hand_pos)
    taken = pile[captured_index]
    pile[captured_index] = given
    new["hands"][seat] = sorted([*hand, taken])
    new["scores"][seat] = score_of(new, seat)
    # Public: both cards are seen in the captured pile before and after.
    log_event(new, "swap", seat, f" swapped: {taken} into the hand, {given} to the captured cards.")
    return new


# --- checks ---------------------------------------------------------------------------------------
def check_state(state: State) -> None:
    """Raise AssertionError if the state breaks a rule (cards conserved, hand sizes, choices)."""
    settings = state["settings"]
    cards = [c for hand in state["hands"] for c in hand]
    cards += [c for pile in state["captured"] for c in pile] + state["stack"] + state["deck"]
    assert Counter(cards) == Counter(number_cards(settings["level"])), "cards lost or doubled"
    assert all(len(hand) == settings["hand"] for hand in state["hands"]), "a hand has changed size"
    assert all(hand == sorted(hand) for hand in state["hands"]), "a hand is not sorted"
    assert state["phase"] in PHASES
    assert 0 <= state["flipper"] < state["players"]
    assert state["phase"] != CHOOSE or state["stack"], "choosing with no card turned up"
    # The last card is chosen for with the deck empty; only a flip needs a card left.
    assert state["phase"] != FLIP or state["deck"], "the deck is empty but a flip is due"
    for choice in state["choices"]:
        if choice is None:
            continue
        assert state["phase"] == CHOOSE, "a choice outside the choosing"
        used = choice["cards"]
        assert len(set(used)) == len(used), "a card chosen twice"
        assert all(0 <= p < settings["hand"] for p in used), "a chosen card not in hand"
    scores = [score_of(state, seat) for seat in range(state["players"])]
    assert scores == state["scores"], "scores are not the captured cards"
