"""Factor sets, from the booklet's Terminology and docs/rules.md, and checked against a
brute-force definition written here independently (every answer, every wild assignment)."""

from __future__ import annotations

from collections import Counter
from itertools import combinations, combinations_with_replacement
from math import prod

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from games.primepak.cards import LEVEL_PRIMES, LEVELS, WILD, level_counts
from games.primepak.factorsets import check_set, find_sets, value_sets

W = WILD


# --- the booklet's examples -------------------------------------------------------------------
@pytest.mark.parametrize("cards", [[20, 4, 5], [4, 20, 5], [50, 2, 5, 5], [5, 2, 50, 5]])
def test_20_4_5_and_50_2_5_5_are_factor_sets(cards):
    """Booklet: "20, 4 and 5 make a factor set because 20 = 4 × 5 ... 50, 2, 5, and 5 also
    form a factor set because 50 = 2 × 5 × 5"; the order the cards come in does not matter."""
    check = check_set(cards, 1)
    assert check.ok and check.kind == "" and check.product_ok
    assert check.answer == max(cards) and check.multipliers == tuple(sorted(cards)[:-1])


def test_2_10_4_5_is_not_a_factor_set_it_has_no_answer():
    """Booklet: "The numbers 2, 10, 4, and 5 are not a factor set even though 2 × 10 = 4 × 5.
    A factor set must include the answer that is the product of all the other numbers." """
    check = check_set([2, 10, 4, 5], 1)
    assert not check.ok and check.kind == "no_answer"
    assert check.reason == "A factor set needs its answer: 2, 10, 4, 5 has none."


def test_40_2_10_is_a_wrong_product():
    check = check_set([40, 2, 10], 1)
    assert (check.ok, check.kind, check.reason) == (False, "wrong_product", "2 × 10 = 20, not 40.")


def test_wilds_can_be_used_for_the_primes_2_2_and_5():
    """Booklet: "The prime wild cards shown here are being used for the primes 2, 2, and 5."
    60 = 3 × prime × prime × prime."""
    check = check_set([60, 3, W, W, W], 2)
    assert check.ok and check.answer == 60 and check.multipliers == (3,)
    assert check.wild_values == (2, 2, 5)
    assert check.equation() == "60 = 3 × prime(2) × prime(2) × prime(5)"


def test_a_wild_may_stand_only_for_a_prime_of_the_level_in_play():
    """Booklet: a prime wild "can be used as any prime number that is part of the game";
    docs/rules.md: the primes of the deck level in play (level 1: 2 and 5)."""
    check = check_set([14, 2, W], 1)
    assert not check.ok and check.kind == "wild_not_prime"
    assert check.reason == "At this level a prime card can be 2 or 5; 14 ÷ 2 = 7 needs 7."
    assert check_set([14, 2, W], 3).ok
    assert check_set([38, 2, W], 5).kind == "wild_not_prime"
    assert check_set([38, 2, W], 6).wild_values == (19,)


def test_a_division_by_several_cards_is_written_with_brackets():
    """ "18 ÷ 3 × 4" would read as (18 ÷ 3) × 4 = 24, a whole number: the reason must say
    18 ÷ (3 × 4)."""
    check = check_set([18, 3, 4, W], 3)
    assert check.kind == "wrong_product"
    assert check.reason == "18 ÷ (3 × 4) is not a whole number, so no prime card can make 18."
    check = check_set([40, 2, 4, W, W], 3)
    assert check.reason == "40 ÷ (2 × 4) = 5: that is 1 prime, but you used 2 prime cards."
    assert check_set([56, 2, W], 1).reason == (
        "At this level a prime card can be 2 or 5; 56 ÷ 2 = 28 needs 7."
    )


def test_a_wild_is_never_a_composite_number():
    """Booklet: "It cannot be used as a composite number." 24 = 6 × 4 needs two primes for 4."""
    check = check_set([24, 6, W], 2)
    assert not check.ok and check.kind == "wrong_product"
    assert check_set([24, 6, W, W], 2).wild_values == (2, 2)


def test_at_most_three_wilds():
    """Booklet: "a factor set must contain no more than three prime wild cards"."""
    check = check_set([80, 5, W, W, W, W], 1)  # 80 = 5 × 2 × 2 × 2 × 2: the maths is right
    assert not check.ok and check.kind == "too_many_wilds" and check.product_ok
    assert check.reason == "A factor set can have at most 3 prime cards, not 4."


def test_at_least_two_natural_cards():
    """Booklet: "... and at least two natural cards." """
    check = check_set([4, W, W], 1)
    assert not check.ok and check.kind == "too_few_naturals" and check.product_ok
    assert check.reason == "A factor set needs at least 2 number cards."
    assert check_set([W, W, W], 1).kind == "too_few_naturals"


def test_at_least_three_cards():
    """Booklet: "A set of at least three cards"."""
    assert check_set([4, 2], 1).kind == "too_few_cards"
    assert check_set([], 1).reason == "A factor set needs at least 3 cards."


def test_a_prime_factor_set_has_only_primes_or_wilds_as_multipliers():
    """Booklet (Factor Rummy): "42, 2, 3 and 7 form a prime factor set"; 42, 6, 7 does not."""
    assert check_set([42, 2, 3, 7], 3).prime
    assert not check_set([42, 6, 7], 3).prime
    assert check_set([42, 2, 3, W], 3).prime
    assert not check_set([42, 2, 3, 8], 3).prime  # not a set at all


def test_the_booklets_sets_are_found():
    """42, 6 and 7 among other cards (Prime Challenge's example)."""
    cards = [9, 42, 5, 6, 11, 7]
    found = find_sets(cards, 3)
    assert [sorted(cards[i] for i in s) for s in found] == [[6, 7, 42]]
    assert found[0][0] == 1  # the answer first


# --- brute force ------------------------------------------------------------------------------
def brute_math(cards: list, level: int) -> bool:
    """Some natural card is the product of all the others, the wilds standing for any primes
    of the level (every answer and every assignment tried)."""
    naturals = [c for c in cards if c != W]
    wilds = len(cards) - len(naturals)
    for i, answer in enumerate(naturals):
        others = prod(naturals[:i] + naturals[i + 1 :])
        for values in combinations_with_replacement(LEVEL_PRIMES[level], wilds):
            if others * prod(values) == answer:
                return True
    return False


def brute_is_set(cards: list, level: int) -> bool:
    """The booklet's definition: 3+ cards, at most 3 wilds, 2+ natural cards, and the maths."""
    wilds = cards.count(W)
    return len(cards) >= 3 and wilds <= 3 and len(cards) - wilds >= 2 and brute_math(cards, level)


def hands(max_size: int, max_wilds: int):
    """A level and some cards of its deck (values may repeat up to the deck's counts)."""

    @st.composite
    def build(draw):
        level = draw(st.sampled_from(LEVELS))
        counts = level_counts(level)
        # Mostly small, related values, so that sets are common.
        values = sorted(counts)
        small = [v for v in values if v <= 30]
        pool = st.one_of(st.sampled_from(small), st.sampled_from(values))
        naturals = draw(st.lists(pool, max_size=max_size))
        naturals = [
            v for v, n in Counter(naturals).items() for _ in range(min(n, counts[v]))
        ]  # never more copies than the deck has
        wilds = draw(st.integers(0, max_wilds))
        cards = draw(st.permutations([*naturals, *[W] * wilds]))
        return level, cards[:max_size]

    return build()


FAST = settings(
    max_examples=300,
    deadline=None,
    database=None,  # nothing written into the shared checkout
    derandomize=True,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much],
)


@FAST
@given(hands(max_size=7, max_wilds=5))
def test_check_set_agrees_with_the_definition(hand):
    level, cards = hand
    check = check_set(cards, level)
    assert check.ok == brute_is_set(cards, level), (cards, level, check)
    if len(cards) >= 3 and any(c != W for c in cards):
        assert check.product_ok == brute_math(cards, level), (cards, level, check)
    if check.ok:
        # The explanation is itself a correct reading of the cards.
        assert sorted((*check.multipliers, check.answer)) == sorted(c for c in cards if c != W)
        assert len(check.wild_values) == cards.count(W)
        assert set(check.wild_values) <= set(LEVEL_PRIMES[level])
        assert prod(check.multipliers) * prod(check.wild_values) == check.answer
    else:
        assert check.kind and check.reason and len(check.reason) < 200


@FAST
@given(hands(max_size=7, max_wilds=3))
def test_find_sets_finds_every_set_and_only_sets(hand):
    level, cards = hand
    expected = {
        frozenset(group)
        for size in range(3, len(cards) + 1)
        for group in combinations(range(len(cards)), size)
        if brute_is_set([cards[i] for i in group], level)
    }
    every = find_sets(cards, level, distinct=False)
    assert len(every) == len(set(map(frozenset, every))), "a set listed twice"
    assert set(map(frozenset, every)) == expected
    for indices in every:
        check = check_set([cards[i] for i in indices], level)
        assert cards[indices[0]] == check.answer, "the answer comes first"
    # distinct: one of each group of values.
    distinct = find_sets(cards, level)
    by_value = lambda group: tuple(sorted(map(str, (cards[i] for i in group))))  # noqa: E731
    assert sorted(map(by_value, distinct)) == sorted(set(map(by_value, expected)))
    if distinct:
        assert find_sets(cards, level, limit=1) == distinct[:1]


def test_value_sets_of_the_full_deck_are_all_sets():
    """Every set by values that the level-6 deck can make with 3 wilds is a real factor set."""
    found = list(value_sets(level_counts(6), 3, 6))
    assert len(found) == len({(v.answer, v.multipliers, v.wild_values) for v in found})
    for vs in found:
        cards = [vs.answer, *vs.multipliers, *[W] * len(vs.wild_values)]
        assert check_set(cards, 6).ok, cards
