"""Factor sets, as the PrimePak booklet defines them (Terminology), and finding them.

A factor set is at least three cards: one natural card, the *answer*, and two or more cards
whose product is the answer. At most three prime wild cards, each standing for a prime of the
deck level in play, and at least two natural cards. A *prime factor set* has only primes (or
wilds) as multipliers. `check_set` explains exactly why cards are not a set, in words a child
can read; `find_sets` lists every set among some cards (for bots, hints and challenges).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from itertools import combinations
from math import prod

from .cards import LEVEL_PRIMES, Card, is_prime, is_wild, prime_factors

MIN_CARDS = 3
MAX_WILDS = 3
MIN_NATURALS = 2


@dataclass(frozen=True)
class SetCheck:
    """What a group of cards is. `kind` names the mistake ("" when the set is good)."""

    ok: bool
    kind: str = ""
    reason: str = ""
    answer: int | None = None
    multipliers: tuple[int, ...] = ()  # the natural cards multiplied, smallest first
    wild_values: tuple[int, ...] = ()  # the primes the wild cards stand for
    product_ok: bool = False  # the multiplication is right, whatever the wild limits say

    @property
    def prime(self) -> bool:
        """A prime factor set: every multiplier is a prime or a wild."""
        return self.ok and all(is_prime(m) for m in self.multipliers)

    def equation(self) -> str:
        """How the set reads: "40 = 2 × 4 × 5", wilds as their prime in brackets."""
        parts = [str(m) for m in self.multipliers] + [f"prime({v})" for v in self.wild_values]
        return f"{self.answer} = {' × '.join(parts)}"


def check_set(cards: Sequence[Card], level: int) -> SetCheck:
    """Whether these cards (in any order) are a factor set at this deck level, and why not."""
    naturals = sorted(int(c) for c in cards if not is_wild(c))
    wilds = len(cards) - len(naturals)
    if len(cards) < MIN_CARDS:
        return SetCheck(False, "too_few_cards", "A factor set needs at least 3 cards.")
    if not naturals:
        return SetCheck(
            False, "too_few_naturals", "A factor set needs number cards, not only prime cards."
        )
    answer, others = naturals[-1], naturals[:-1]
    product = prod(others)
    math = _check_product(answer, others, product, wilds, level, cards)
    if not math.ok:
        return math
    if wilds > MAX_WILDS:
        reason = f"A factor set can have at most {MAX_WILDS} prime cards, not {wilds}."
        return _limit(math, "too_many_wilds", reason)
    if len(naturals) < MIN_NATURALS:
        return _limit(math, "too_few_naturals", "A factor set needs at least 2 number cards.")
    return math


def _check_product(answer, others, product, wilds, level, cards) -> SetCheck:
    said = " × ".join(str(n) for n in others)
    if wilds == 0:
        if product == answer:
            return SetCheck(True, answer=answer, multipliers=tuple(others), product_ok=True)
        if product > answer:
            listed = ", ".join(str(n) for n in cards)
            reason = f"A factor set needs its answer: {listed} has none."
            return SetCheck(False, "no_answer", reason)
        return SetCheck(False, "wrong_product", f"{said} = {product}, not {answer}.")
    primes = LEVEL_PRIMES[level]
    cards_word = "1 prime card" if wilds == 1 else f"{wilds} prime cards"
    # "18 ÷ (3 × 4)", not "18 ÷ 3 × 4": read left to right, that is (18 ÷ 3) × 4 = 24.
    divisor = said if len(others) == 1 else f"({said})"
    if answer % product:
        reason = f"{answer} ÷ {divisor} is not a whole number, so no prime card can make {answer}."
        if not others:
            reason = f"No prime cards multiply to {answer}."
        return SetCheck(False, "wrong_product", reason)
    left = answer // product
    needed = prime_factors(left)
    shown = f"{answer} ÷ {divisor} = {left}" if others else f"{answer}"
    if not needed:
        reason = f"{said} is already {answer}: a prime card would have nothing to stand for."
        return SetCheck(False, "wrong_product", reason)
    too_big = [p for p in needed if p not in primes]
    if too_big:
        allowed = ", ".join(str(p) for p in primes[:-1]) + f" or {primes[-1]}"
        reason = f"At this level a prime card can be {allowed}; {shown} needs {too_big[0]}."
        return SetCheck(False, "wild_not_prime", reason)
    if len(needed) != wilds:
        spelled = " × ".join(str(p) for p in needed)
        count = "1 prime" if len(needed) == 1 else f"{len(needed)} primes"
        extra = f" = {spelled}" if len(needed) > 1 else ""
        reason = f"{shown}{extra}: that is {count}, but you used {cards_word}."
        return SetCheck(False, "wrong_product", reason)
    return SetCheck(
        True, answer=answer, multipliers=tuple(others), wild_values=tuple(needed), product_ok=True
    )


def _limit(math: SetCheck, kind: str, reason: str) -> SetCheck:
    return SetCheck(
        False, kind, reason, math.answer, math.multipliers, math.wild_values, product_ok=True
    )


# --- finding sets ---------------------------------------------------------------------------


@dataclass(frozen=True)
class ValueSet:
    """A factor set by values: the answer, the natural multipliers and the wilds' primes."""

    answer: int
    multipliers: tuple[int, ...]
    wild_values: tuple[int, ...] = ()

    @property
    def size(self) -> int:
        return 1 + len(self.multipliers) + len(self.wild_values)


def value_sets(
    counts: Counter[int], wilds: int, level: int, *, max_wilds: int = MAX_WILDS
) -> Iterator[ValueSet]:
    """Every factor set these cards can make (natural counts by value, plus `wilds` wilds),
    each multiset of values once. Obeys the booklet's limits."""
    primes = set(LEVEL_PRIMES[level])
    usable_wilds = min(wilds, max_wilds)
    values = sorted(v for v, n in counts.items() if n > 0)
    for answer in values:
        if is_prime(answer):
            continue
        left = Counter(counts)
        left[answer] -= 1
        options = [v for v in values if v < answer and left[v] > 0 and answer % v == 0]
        for multipliers, rest in _products(answer, options, left, 0):
            if not multipliers:
                continue  # at least two natural cards: the answer and one multiplier
            need = prime_factors(rest) if rest > 1 else []
            if len(need) > usable_wilds or any(p not in primes for p in need):
                continue
            if len(multipliers) + len(need) >= 2:
                yield ValueSet(answer, tuple(multipliers), tuple(need))


def _products(rest: int, options: list[int], counts: Counter[int], start: int):
    """Ways to pick multipliers from options[start:] (ascending) dividing `rest`, with what
    is left of `rest` to cover with wilds."""
    yield [], rest
    for i in range(start, len(options)):
        value = options[i]
        if rest % value:
            continue
        taken, left = 0, rest
        picked: list[int] = []
        while taken < counts[value] and left % value == 0:
            taken += 1
            left //= value
            picked.append(value)
            for more, remainder in _products(left, options, counts, i + 1):
                yield [*picked, *more], remainder


def find_sets(
    cards: Sequence[Card], level: int, *, distinct: bool = True, limit: int | None = None
) -> list[tuple[int, ...]]:
    """Every factor set among `cards`, as index tuples (answer first, then multipliers, then
    wilds). With `distinct`, sets that only swap cards of equal value are listed once."""
    by_value: dict[int, list[int]] = {}
    wild_positions = []
    for index, card in enumerate(cards):
        if is_wild(card):
            wild_positions.append(index)
        else:
            by_value.setdefault(int(card), []).append(index)
    counts = Counter({v: len(ix) for v, ix in by_value.items()})
    found: list[tuple[int, ...]] = []
    for vs in value_sets(counts, len(wild_positions), level):
        for indices in _placements(vs, by_value, wild_positions, distinct):
            found.append(indices)
            if limit is not None and len(found) >= limit:
                return found
    return found


def _placements(vs: ValueSet, by_value, wild_positions, distinct: bool) -> Iterator[tuple]:
    need = Counter(vs.multipliers)
    wilds = len(vs.wild_values)
    if distinct:
        answer_ix = by_value[vs.answer][0]
        taken = Counter()
        multipliers = []
        for value in vs.multipliers:
            pool = [i for i in by_value[value] if i != answer_ix]
            multipliers.append(pool[taken[value]])
            taken[value] += 1
        yield (answer_ix, *multipliers, *wild_positions[:wilds])
        return
    for answer_ix in by_value[vs.answer]:
        groups = []
        for value, n in sorted(need.items()):
            pool = [i for i in by_value[value] if i != answer_ix]
            groups.append(list(combinations(pool, n)))
        for wild_choice in combinations(wild_positions, wilds):
            yield from (
                (answer_ix, *[i for g in choice for i in g], *wild_choice)
                for choice in _product_of(groups)
            )


def _product_of(groups: list[list[tuple]]) -> Iterator[tuple]:
    if not groups:
        yield ()
        return
    for first in groups[0]:
        for rest in _product_of(groups[1:]):
            yield (first, *rest)
