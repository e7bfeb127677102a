"""The Prime Cards: the 24 of docs/rules.md, the teacher's blanks, and what each one does.

A card is named by an id ("plus3", "bump1", "to64", "custom2"); its effect is a spec, a small
dict {"kind": ..., "n": ...}. docs/rules.md, Prime Climb:
  Keeper (13): "add or subtract N" for each N = 1..9; 2 × "bump any pawn back to Start";
  2 × "curse: an opponent may only subtract or divide on their next turn".
  Action (11): 3 × "roll again"; "below 50 add 50, above 50 subtract 50"; "below 50 double
  your number, above 50 go back 10"; "advance to the nearest pawn and bump it"; "reverse to
  the nearest pawn and bump it"; "reverse the digits of your number"; "switch any two pawns";
  "send your pawn to 64"; "steal another player's Keeper card".
  The four blank cards: a teacher may define up to four custom cards from these effect kinds.
"""

from __future__ import annotations

from typing import Any

from games.engine.protocol import SettingsError

from .numbers import FINISH, START, reversed_digits

# Keepers are kept "face up, for a future turn"; Action cards act at once.
PLUS_MINUS, BUMP, CURSE = "plus_minus", "bump", "curse"
ROLL_AGAIN, FIFTY, DOUBLE_OR_BACK = "roll_again", "fifty", "double_or_back"
ADVANCE, REVERSE, DIGITS, SWITCH, SEND_TO, STEAL = (
    "advance",
    "reverse",
    "digits",
    "switch",
    "send_to",
    "steal",
)
KEEPER_KINDS = (PLUS_MINUS, BUMP, CURSE)
ACTION_KINDS = (ROLL_AGAIN, FIFTY, DOUBLE_OR_BACK, ADVANCE, REVERSE, DIGITS, SWITCH, SEND_TO)
ACTION_KINDS += (STEAL,)
KINDS = KEEPER_KINDS + ACTION_KINDS
# Action cards that move "the pawn that landed on the red space" (a choice if both did).
PAWN_ACTIONS = frozenset({FIFTY, DOUBLE_OR_BACK, ADVANCE, REVERSE, DIGITS, SEND_TO})
# Kinds with a number, and the numbers a teacher may choose for a custom card.
NUMBER_RANGES = {PLUS_MINUS: range(1, 11), SEND_TO: range(1, FINISH)}
HALF = 50  # docs/rules.md: "A pawn exactly on 50 is "not below 50" (the above-50 half applies)"
BACK = 10  # "above 50 go back 10"
CUSTOM_LIMIT = 4  # "4 blank Prime Cards"

Spec = dict[str, Any]


def _base_deck() -> dict[str, Spec]:
    deck: dict[str, Spec] = {f"plus{n}": {"kind": PLUS_MINUS, "n": n} for n in range(1, 10)}
    deck.update({"bump1": {"kind": BUMP}, "bump2": {"kind": BUMP}})
    deck.update({"curse1": {"kind": CURSE}, "curse2": {"kind": CURSE}})
    deck.update({f"again{i}": {"kind": ROLL_AGAIN} for i in (1, 2, 3)})
    deck.update(
        fifty={"kind": FIFTY},
        double={"kind": DOUBLE_OR_BACK},
        advance={"kind": ADVANCE},
        reverse={"kind": REVERSE},
        digits={"kind": DIGITS},
        switch={"kind": SWITCH},
        to64={"kind": SEND_TO, "n": 64},
        steal={"kind": STEAL},
    )
    return deck


BASE_DECK: dict[str, Spec] = _base_deck()
CUSTOM_IDS = tuple(f"custom{i}" for i in range(1, CUSTOM_LIMIT + 1))
ALL_IDS = frozenset(BASE_DECK) | frozenset(CUSTOM_IDS)  # every id a move may name
assert len(BASE_DECK) == 24, "the 24 Prime Cards"
assert sum(spec["kind"] in KEEPER_KINDS for spec in BASE_DECK.values()) == 13, "13 Keepers"


def is_keeper(spec: Spec) -> bool:
    """Whether a card is kept for later (otherwise it acts at once)."""
    return spec["kind"] in KEEPER_KINDS


def deck_specs(custom: list[Spec], solitaire: bool) -> dict[str, Spec]:
    """Every card of a game by id: the 24 (or, in solitaire, the 9 add-or-subtract Keepers:
    "Play only with the 9 Keeper cards that allow you to add or subtract your pawn by a certain
    number") and the teacher's custom cards (in solitaire only their add-or-subtract ones)."""
    cards = {
        card: spec
        for card, spec in BASE_DECK.items()
        if not solitaire or spec["kind"] == PLUS_MINUS
    }
    for card, spec in zip(CUSTOM_IDS, custom, strict=False):
        if not solitaire or spec["kind"] == PLUS_MINUS:
            cards[card] = dict(spec)
    return cards


def clean_custom_cards(value: Any) -> list[Spec]:
    """Up to four custom cards, each a spec {"kind", "n"?} or its text form ("send_to:37")."""
    if value in (None, "", []):
        return []
    if isinstance(value, str):
        value = [part for part in value.split(",") if part.strip()]
    if not isinstance(value, list):
        raise SettingsError("Custom cards must be a list of card effects.")
    if len(value) > CUSTOM_LIMIT:
        raise SettingsError("At most 4 custom cards (the 4 blank Prime Cards).")
    return [_clean_spec(item) for item in value]


def _clean_spec(item: Any) -> Spec:
    if isinstance(item, str):
        kind, _, number = item.strip().partition(":")
        item = {"kind": kind} if not number else {"kind": kind, "n": number}
    if not isinstance(item, dict) or not isinstance(item.get("kind"), str):
        raise SettingsError("A custom card needs a kind of effect, like “send_to:37”.")
    kind = item["kind"]
    if kind not in KINDS:
        raise SettingsError(f"Custom cards can be: {', '.join(KINDS)}.")
    allowed = {"kind", "n"} if kind in NUMBER_RANGES else {"kind"}
    if set(item) - allowed:
        raise SettingsError(f"A “{kind}” card has no setting “{sorted(set(item) - allowed)[0]}”.")
    if kind not in NUMBER_RANGES:
        return {"kind": kind}
    number = item.get("n")
    if isinstance(number, str) and number.strip().isdigit():
        number = int(number.strip())
    span = NUMBER_RANGES[kind]
    if type(number) is not int or number not in span:
        raise SettingsError(f"A “{kind}” card needs a number from {span[0]} to {span[-1]}.")
    return {"kind": kind, "n": number}


def card_text(spec: Spec, curse_ops: str = "subtract or divide") -> str:
    """What the card says, in a child's words."""
    kind, n = spec["kind"], spec.get("n")
    return {
        PLUS_MINUS: f"Keeper: add {n} or take away {n} (either pawn)",
        BUMP: "Keeper: send any pawn back to Start",
        CURSE: f"Keeper: curse! Another player may only {curse_ops} on their next turn",
        ROLL_AGAIN: "Roll again!",
        FIFTY: "Below 50: add 50. 50 or more: take away 50",
        DOUBLE_OR_BACK: "Below 50: double your number. 50 or more: go back 10",
        ADVANCE: "Move up to the nearest pawn ahead and bump it",
        REVERSE: "Move back to the nearest pawn behind and bump it",
        DIGITS: "Reverse the digits of your number",
        SWITCH: "Switch any two pawns",
        SEND_TO: f"Send your pawn to {n}",
        STEAL: "Steal another player's Keeper card",
    }[kind]


def card_name(spec: Spec) -> str:
    """A short name for buttons and the log: "+/− 3", "Bump", "Go to 64"."""
    kind, n = spec["kind"], spec.get("n")
    return {
        PLUS_MINUS: f"+/− {n}",
        BUMP: "Bump",
        CURSE: "Curse",
        ROLL_AGAIN: "Roll again",
        FIFTY: "50 up or down",
        DOUBLE_OR_BACK: "Double or back 10",
        ADVANCE: "Advance and bump",
        REVERSE: "Reverse and bump",
        DIGITS: "Reverse the digits",
        SWITCH: "Switch",
        SEND_TO: f"Go to {n}",
        STEAL: "Steal a Keeper",
    }[kind]


def pawn_action_target(spec: Spec, at: int, others: list[int]) -> int | None:
    """Where an Action card sends a pawn on `at` (None: no effect). `others`: the spaces of
    every other pawn that may be advanced or reversed to (the circles 1–100).

    docs/rules.md: "An action that would leave the board (past 101, below 0, not whole) has no
    effect"; a card that would leave the pawn where it is has no effect either."""
    kind = spec["kind"]
    if kind == FIFTY:
        to = at + HALF if at < HALF else at - HALF
    elif kind == DOUBLE_OR_BACK:
        to = at * 2 if at < HALF else at - BACK
    elif kind == ADVANCE:
        ahead = [space for space in others if space > at]
        to = min(ahead) if ahead else at
    elif kind == REVERSE:
        behind = [space for space in others if space < at]
        to = max(behind) if behind else at
    elif kind == DIGITS:
        to = reversed_digits(at)
    else:
        to = spec["n"]
    if to == at or not START <= to <= FINISH:
        return None
    return to
