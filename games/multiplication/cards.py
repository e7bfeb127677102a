"""The Multiplication Game's deck: the 42 distinct products of the 1..10 × 1..10 table.

A number card is an int (its product); a free card is the string FREE. A declaration is a pair
(a, b) with 1 <= a <= b <= 10, so "4 × 6" and "6 × 4" are one declaration.
"""

from __future__ import annotations

from collections.abc import Iterable

FREE = "free"
TABLE = range(1, 11)  # the multipliers 1..10; 1 counts like any other (7 = 1 × 7)
TABLE_MAX = TABLE[-1]

Card = int | str
Pair = tuple[int, int]

# Every declaration in the table, in order: (1, 1), (1, 2), ..., (10, 10).
PAIRS: tuple[Pair, ...] = tuple((a, b) for a in TABLE for b in TABLE if a <= b)

FACTORISATIONS: dict[int, tuple[Pair, ...]] = {}
for _pair in PAIRS:
    FACTORISATIONS.setdefault(_pair[0] * _pair[1], ())
    FACTORISATIONS[_pair[0] * _pair[1]] += (_pair,)

NUMBERS: tuple[int, ...] = tuple(sorted(FACTORISATIONS))
SQUARES: tuple[int, ...] = tuple(n * n for n in TABLE)

# Every multiplier a card can be declared with (24 → {3, 4, 6, 8}).
MULTIPLIERS: dict[int, frozenset[int]] = {
    n: frozenset(m for pair in pairs for m in pair) for n, pairs in FACTORISATIONS.items()
}

assert len(NUMBERS) == 42, "the deck is the 42 distinct products of the table"


def is_card(card: object) -> bool:
    """Whether this is a card of the deck (a product of the table or a free card)."""
    if card == FREE and isinstance(card, str):
        return True
    return type(card) is int and card in FACTORISATIONS


def is_square(value: int) -> bool:
    """Whether a card's value is a square number (the corner marks on the printed cards)."""
    return value in SQUARES


def factorisations(card: Card) -> tuple[Pair, ...]:
    """The declarations this card may be discarded with (a free card: any of the table)."""
    return PAIRS if card == FREE else FACTORISATIONS[card]


def multipliers_of(pairs: Iterable[Iterable[int]]) -> list[int]:
    """The sorted distinct multipliers of some declarations ([[2, 6], [3, 4]] → [2, 3, 4, 6])."""
    return sorted({m for pair in pairs for m in pair})


def deck(free_cards: int) -> list[Card]:
    """A fresh deck, unshuffled: the 42 number cards then the free cards."""
    return [*NUMBERS, *[FREE] * free_cards]


def product_text(a: int, b: int) -> str:
    """A declaration as a child reads it: "4 × 6"; a 1 goes last, as the rules write "4 × 1"."""
    if a == 1 and b != 1:
        a, b = b, a
    return f"{a} × {b}"


def card_text(card: Card) -> str:
    """A card's name in a sentence: "24" or "free card"."""
    return "free card" if card == FREE else str(card)
