"""The PrimePak deck: 158 number cards in six cumulative levels, plus 13 prime wild cards.

A number ("natural") card is an int; a prime wild card is the string WILD. Which wilds a game
includes depends on the game and the level (each game's rules say; see `wilds` there).
"""

from __future__ import annotations

from collections import Counter

WILD = "P"
Card = int | str

# What each level adds to the one before, as (value, how many) pairs: the booklet's lists.
_ADDS: dict[int, list[tuple[int, int]]] = {
    1: [(2, 25), (5, 12), (4, 2), (8, 2), (16, 1), (32, 1), (64, 1), (10, 2), (20, 2),
        (25, 2), (40, 1), (50, 2), (80, 1), (100, 1), (200, 1)],
    2: [(3, 18), (6, 2), (9, 2), (12, 1), (15, 2), (18, 1), (24, 1), (27, 1), (30, 1),
        (36, 1), (45, 1), (48, 1), (54, 1), (60, 1), (72, 1), (75, 1), (81, 1), (90, 1),
        (96, 1), (120, 1), (600, 1), (900, 1)],
    3: [(7, 8), (11, 5), (14, 2), (21, 2), (28, 1), (35, 1), (42, 1), (49, 1), (56, 1),
        (63, 1), (70, 1), (84, 1), (98, 1), (280, 1), (420, 1), (22, 1), (33, 1), (44, 1),
        (55, 1), (66, 1), (77, 1), (88, 1), (99, 1)],
    4: [(13, 4), (26, 1), (39, 1), (52, 1), (65, 1), (78, 1), (91, 1)],
    5: [(17, 3), (34, 1), (51, 1), (68, 1), (85, 1)],
    6: [(19, 3), (38, 1), (57, 1), (76, 1), (95, 1)],
}  # fmt: skip

LEVELS = tuple(sorted(_ADDS))
WILD_CARDS_IN_BOX = 13

# The primes a wild may stand for at each level (docs/rules.md: the primes of the level).
_NEW_PRIMES = {1: (2, 5), 2: (3,), 3: (7, 11), 4: (13,), 5: (17,), 6: (19,)}
LEVEL_PRIMES: dict[int, tuple[int, ...]] = {
    level: tuple(sorted(p for lower in LEVELS if lower <= level for p in _NEW_PRIMES[lower]))
    for level in LEVELS
}
ALL_PRIMES = LEVEL_PRIMES[LEVELS[-1]]  # 2, 3, 5, 7, 11, 13, 17, 19


def level_counts(level: int) -> Counter[int]:
    """How many of each number card the deck of this level holds."""
    if level not in _ADDS:
        raise ValueError(f"there is no deck level {level!r}")
    counts: Counter[int] = Counter()
    for lower in LEVELS:
        if lower <= level:
            counts.update(dict(_ADDS[lower]))
    return counts


def number_cards(level: int) -> list[int]:
    """The number cards of a deck level, sorted (level 1: 56 cards ... level 6: 158)."""
    return sorted(level_counts(level).elements())


def deck(level: int, wilds: int = 0) -> list[Card]:
    """A fresh deck, unshuffled: the level's number cards then `wilds` prime wild cards."""
    if not 0 <= wilds <= WILD_CARDS_IN_BOX:
        raise ValueError(f"the box has {WILD_CARDS_IN_BOX} prime wild cards, not {wilds}")
    return [*number_cards(level), *[WILD] * wilds]


def is_wild(card: object) -> bool:
    return card == WILD and isinstance(card, str)


def is_card(card: object, level: int) -> bool:
    """Whether this is a card a deck of this level can hold (a wild, or a number of it)."""
    return is_wild(card) or (type(card) is int and card in level_counts(level))


def is_prime(n: int) -> bool:
    return n >= 2 and all(n % d for d in range(2, int(n**0.5) + 1))


def prime_factors(n: int) -> list[int]:
    """The prime factors of n with repeats, smallest first (40 → [2, 2, 2, 5])."""
    factors, d = [], 2
    while d * d <= n:
        while n % d == 0:
            factors.append(d)
            n //= d
        d += 1
    if n > 1:
        factors.append(n)
    return factors


def sort_key(card: Card) -> tuple[int, int]:
    """Numbers by value, wilds last: for showing hands and sets in a stable order."""
    return (1, 0) if is_wild(card) else (0, int(card))


def label(card: Card) -> str:
    return "prime" if is_wild(card) else str(card)


def points(card: Card) -> int:
    """Prime Challenge scoring: a natural card is 1 point, a prime wild 2."""
    return 2 if is_wild(card) else 1
