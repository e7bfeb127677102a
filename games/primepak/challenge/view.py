"""What the board shows of a Prime Challenge state: everything is face up except the draw
pile (a count), with the pick order, what the pick claims and the challenge window.

Issue 30: the board multiplies a pick ("5 × 5 = 25 so far (you want 50)") and names the prime
a prime card stood for only when the teacher shows the products; hidden (the default) it says
what the cards claim, "50 = 5 × 5?", and the players multiply (docs/rules.md)."""

from __future__ import annotations

from typing import Any

from games.engine.common import products_shown
from games.engine.protocol import State, View

from ..cards import LEVEL_PRIMES, Card, is_wild, label
from .state import (
    CHALLENGER,
    OVER,
    ROWS,
    TURN,
    WINDOW,
    Clock,
    cards_at,
    challenger_sets,
    claim_text,
    clock_of,
    is_challenger_window,
    may_challenge,
    may_hit,
    may_say_done,
    notes_of,
    seat_scores,
    team_seats,
    team_totals,
    winning_seats,
)


def board_view(state: State, player: int | None, timer: float | None) -> View:
    """The view for a seat (or a watcher, `player` None); `timer` is the game's timer()."""
    seated = type(player) is int and 0 <= player < state["players"]
    me = player if seated else None
    clock = clock_of(state)
    order = {ref: i + 1 for i, ref in enumerate(state["picked"])}
    slots = [_slot(f"f{i}", card, order) for i, card in enumerate(state["foundation"])]
    columns = len(slots) // ROWS
    acting = state["phase"] in (TURN, CHALLENGER) and me is not None and me == state["actor"]
    scores = seat_scores(state)
    teams = team_seats(state)
    level = state["settings"]["level"]
    return {
        "players": state["players"],
        "me": me,
        "level": level,
        "wild_primes": list(LEVEL_PRIMES[level]),
        "invalid_sets": state["settings"]["invalid_sets"],
        "product_shown": products_shown(state),
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
        "can_challenge": seated and may_challenge(state, me),
        "can_select": acting,
        "can_clear": acting and bool(state["picked"]),  # Clear: the cards picked up with Select
        # A take names its cards (the pick is made on the player's screen, issue 30): offered
        # whenever they take sets; fewer than 3 cards are refused with the reason.
        "can_collect": acting,
        "can_hit": acting and may_hit(state),
        "can_done": acting and may_say_done(state),
        "foundation_set": state["foundation_set"],
        # Sets the challenger now taking sets has taken: their "done" waits for the first.
        "challenger_sets": challenger_sets(state) if state["phase"] == CHALLENGER else 0,
        "timer": timer,
        "time_limits": {"first": clock.first, "further": clock.further, "window": clock.window},
        "collected": [len(stack) for stack in state["stacks"]],
        "scores": scores,
        "teams": teams,
        "team_scores": team_totals(scores, teams or []),
        "log": [_event_view(event) for event in state["log"]],
        # What this seat is told afterwards (a wrong set nobody challenged), until their next
        # turn starts; everyone can read the same in the log.
        "notes": list(notes_of(state)[me]) if me is not None else [],
        "over": state["phase"] == OVER,
        "ended": state["ended"],
        "winners": winning_seats(state) if state["phase"] == OVER else [],
    }


def _slot(ref: str, card: Card | None, order: dict[str, int]) -> dict[str, Any]:
    return {
        "ref": ref,
        "card": card,
        "label": None if card is None else label(card),
        "wild": card is not None and is_wild(card),
        "picked": order.get(ref),
    }


def _pick_view(state: State) -> dict[str, Any]:
    """The pick order and what it says (its product only when shown), as the players watch it."""
    cards = cards_at(state, state["picked"])
    return {
        "refs": list(state["picked"]),
        "cards": cards,
        "labels": [label(card) for card in cards],
        "count": len(cards),
        "text": product_so_far(cards) if products_shown(state) else pick_claim(cards),
    }


def pick_claim(cards: list[Card]) -> str:
    """What the picked cards claim, for the players to multiply: "50 = 5 × 5?" (never their
    product, nor whether they are a set)."""
    if len(cards) < 2 or is_wild(cards[0]):
        return product_so_far(cards)  # the rules of picking: nothing multiplied in them
    answer, numbers = cards[0], " × ".join(label(card) for card in cards[1:])
    if len(cards) == 2:  # too few for a set: that is counting, not multiplying
        return f"{answer} = {numbers} × … Pick more numbers that multiply to make {answer}."
    return f"{answer} = {numbers}? Multiply to check, then press “Take this set”."


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
    return {
        "kind": event["kind"],
        "parts": [dict(part) for part in event["parts"]],
        "by": event.get("by"),  # who made the move (engine.mark_mover)
    }


def _window_view(state: State, clock: Clock) -> dict[str, Any] | None:
    window = state["window"]
    if window is None:
        return None
    last = state["last_set"]
    level = state["settings"]["level"]
    return {
        "kind": window["kind"],
        "player": window["player"],
        "timed_out": window["timed_out"],
        # A challenger's "done": they caught a missed set and may have left one (issue 13).
        "challenger": is_challenger_window(state),
        "seconds": clock.window,
        "set": list(last["cards"]) if last else [],
        # The prime each prime card stands for, when the multiplication is right: said only
        # with the products shown, or it would tell the others the set is right.
        "set_text": claim_text(last["cards"], level if products_shown(state) else None)
        if last
        else "",
    }


def describe_timeout(state: State) -> str:
    """What running out of time did: "got a hit card", "ended the turn", ..."""
    phase = state["phase"]
    if phase == WINDOW:
        return {
            "hit": "got a hit card",
            "done": "ended the turn",
            "collect": "kept the set (nobody challenged)",
        }[state["window"]["kind"]]
    return "ran out of time"
