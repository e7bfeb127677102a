"""The meld layer (games/primepak/meld.py): cases from the booklet's Factor Rummy and Prime
Canasta texts, the wild limits, duplicates, and a brute force written here that tries every way
to split a hand into groups, checked against the search on thousands of random hands."""

from __future__ import annotations

from collections import Counter
from functools import cache
from itertools import combinations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from games.primepak.cards import ALL_PRIMES, LEVEL_PRIMES, LEVELS, WILD, level_counts, sort_key
from games.primepak.factorsets import check_set
from games.primepak.meld import (
    FACTOR,
    PRIME_RUN,
    Arrangement,
    GoingOut,
    Meld,
    arrangement,
    best_arrangement,
    best_arrangements,
    check_meld,
    completing_cards,
    discard_options,
    going_out,
    is_factor_set,
    meld_of,
    possible_melds,
)

W = WILD


def equations(found: Arrangement) -> list[str]:
    return [m.equation() for m in found.melds]


# --- melds -------------------------------------------------------------------------------------
def test_42_6_7_is_a_factor_set_and_42_2_3_7_a_prime_factor_set():
    """Factor Rummy: "the numbers 42, 6, and 7 form a factor set. The numbers 42, 2, 3 and 7
    form a prime factor set because all the multipliers are prime numbers." """
    plain = meld_of([6, 42, 7], 3)
    assert plain == Meld(FACTOR, (6, 7, 42))
    assert plain.answer == 42 and plain.multipliers == (6, 7) and not plain.is_prime
    assert plain.cards == (42, 6, 7) and plain.equation() == "42 = 6 × 7"
    prime = meld_of([7, 3, 2, 42], 3)
    assert prime.is_prime and prime.equation() == "42 = 2 × 3 × 7"
    assert is_factor_set([42, 6, 7], 3) and not is_factor_set([2, 10, 4, 5], 1)


def test_wilds_count_as_primes_in_a_prime_factor_set():
    """ "Going out Prime Factor - ... prime factor sets where all multipliers are prime numbers
    or prime wild cards." The booklet's wilds "being used for the primes 2, 2, and 5"."""
    meld = meld_of([60, 3, W, W, W], 2)
    assert meld.wild_values == (2, 2, 5) and meld.is_prime
    assert meld.equation() == "60 = 3 × prime(2) × prime(2) × prime(5)"
    assert not meld_of([24, 6, W, W], 2).is_prime  # 24 = 6 × 2 × 2: 6 is not a prime


def test_a_meld_that_is_not_one_says_why_in_the_factor_sets_words():
    """One definition of a factor set: the reasons are `check_set`'s."""
    check = check_meld([40, 2, 10], 1)
    assert not check.ok and check.meld is None
    assert (check.kind, check.reason) == ("wrong_product", check_set([40, 2, 10], 1).reason)
    assert check_meld([80, 5, W, W, W, W], 1).kind == "too_many_wilds"
    assert check_meld([4, W, W], 1).kind == "too_few_naturals"


def test_81_3_3_3_3_is_a_five_card_factor_canasta():
    """Prime Canasta: "For example, 81, 3, 3, 3 & 3 make a five-card factor canasta." A
    factor set of four cards is not a canasta."""
    canasta = meld_of([81, 3, 3, 3, 3], 2)
    assert canasta.is_canasta and canasta.size == 5 and canasta.is_natural
    assert not meld_of([81, 3, 3, 9], 2).is_canasta
    assert meld_of([81, 3, 3, W, W], 2).is_canasta and not meld_of([81, 3, 3, W, W], 2).is_natural


def test_2_3_5_7_11_13_is_a_consecutive_prime_canasta():
    """ "2, 3, 5, 7, 11 & 13 form a consecutive prime canasta." Only with prime_runs (Prime
    Canasta): in Factor Rummy it is no set."""
    run = meld_of([13, 2, 11, 3, 7, 5], 4, prime_runs=True)
    assert run == Meld(PRIME_RUN, (2, 3, 5, 7, 11, 13))
    assert run.is_canasta and run.is_natural and not run.is_royal and not run.is_prime
    assert run.equation() == "2, 3, 5, 7, 11, 13"
    assert meld_of([2, 3, 5, 7, 11, 13], 4) is None


def test_five_primes_in_a_row_are_not_a_prime_canasta():
    """ "Groups of five or fewer consecutive prime numbers cannot be laid down as a special
    set." """
    check = check_meld([2, 3, 5, 7, 11], 4, prime_runs=True)
    assert (check.ok, check.reason) == (False, "A prime canasta needs at least 6 cards.")


def test_there_are_no_prime_canastas_at_level_3():
    """ "There are no prime canastas when playing with deck level 3 because there are only five
    different primes at this level." """
    check = check_meld([2, 3, 5, 7, 11, W], 3, prime_runs=True)
    assert check.kind == "no_prime_runs"
    assert check.reason == "This deck has only 5 primes, so there is no prime canasta."


def test_a_royal_prime_canasta_has_every_prime_from_2_to_19():
    """ "A prime canasta that includes all of the prime numbers in the deck from 2 to 19 is
    called a royal prime canasta." Mixed when it holds wilds."""
    assert meld_of(list(ALL_PRIMES), 6, prime_runs=True).is_royal
    mixed = meld_of([2, 3, 5, 7, 11, W, W, W], 6, prime_runs=True)
    assert mixed.is_royal and not mixed.is_natural and mixed.wild_values == (13, 17, 19)
    assert mixed.equation() == "2, 3, 5, 7, 11, prime(13), prime(17), prime(19)"


def test_wilds_in_a_prime_canasta_fill_the_gaps_then_the_lowest_primes():
    """A wild "can be used as any prime number that is part of the game": in a run it fills a
    gap, or else stands for the lowest prime that keeps the run in a row (our choice)."""
    assert meld_of([2, 3, 5, 11, 13, W], 6, prime_runs=True).wild_values == (7,)
    assert meld_of([3, 5, 7, 11, 13, W], 6, prime_runs=True).wild_values == (2,)
    assert meld_of([7, 11, 13, 17, 19, W], 6, prime_runs=True).wild_values == (5,)
    check = check_meld([2, 3, 5, 13, 17, 19], 6, prime_runs=True)
    assert check.reason == "These are not primes in a row: 7, 11 are missing."
    check = check_meld([2, 3, 5, 13, 17, W], 6, prime_runs=True)
    assert check.reason == (
        "These are not primes in a row: 7, 11 are missing, and there is only 1 prime card."
    )


def test_a_prime_canasta_obeys_the_wild_limits_and_has_each_prime_once():
    """ "All canastas must contain at least two natural cards and no more than three prime
    wild cards." """
    assert check_meld([2, 3, W, W, W, W], 6, prime_runs=True).kind == "too_many_wilds"
    assert check_meld([2, 3, 5, 7, 7, 11], 6, prime_runs=True).kind == "repeated_prime"
    assert check_meld([2, 3, 5, W, W, W], 6, prime_runs=True).ok


def test_possible_melds_lists_each_set_of_the_hand_once():
    assert possible_melds([42, 7, 6, 6, 2, 3], 3) == [
        Meld(FACTOR, (2, 3, 6)),
        Meld(FACTOR, (2, 3, 7, 42)),
        Meld(FACTOR, (6, 7, 42)),
    ]


@pytest.mark.parametrize("card", [0, 1, -4, "prime", 2.0, True, None])
def test_a_card_that_is_not_a_primepak_card_is_refused(card):
    with pytest.raises(ValueError, match="is not a PrimePak card"):
        best_arrangement([4, 2, card], 1)


def test_a_level_that_does_not_exist_is_refused():
    with pytest.raises(ValueError, match="no deck level 7"):
        best_arrangement([4, 2, 2], 7)


# --- arrangements ------------------------------------------------------------------------------
def test_a_hand_all_in_prime_factor_sets_goes_out_prime_factor():
    """ "Going out Prime Factor - The hand is completely filled with prime factor sets where
    all multipliers are prime numbers or prime wild cards." """
    found = best_arrangement([42, 20, 2, 2, 2, 3, 5, 7, 9, 3, W], 3)
    assert found.complete and found.prime_factor
    # Sets in the fixed order: by their smallest card (2, 2, 3), then by their numbers.
    assert equations(found) == ["20 = 2 × 2 × 5", "42 = 2 × 3 × 7", "9 = 3 × prime(3)"]


def test_a_hand_all_in_sets_with_a_composite_multiplier_is_factor_rummy():
    """ "Going out Factor Rummy - The hand is completely filled with factor sets where at least
    one multiplier is not a prime number." """
    found = best_arrangement([42, 6, 7, 20, 4, 5, 2, 2, 3, 12], 3)
    assert found.complete and not found.prime_factor
    assert equations(found) == ["12 = 2 × 2 × 3", "20 = 4 × 5", "42 = 6 × 7"]


def test_deadwood_is_what_is_left_outside_the_sets():
    """ "Cards in a hand that are outside factor sets are called deadwood cards." The booklet's
    2, 10, 4, 5 (not a set): 10 = 2 × 5 is, and 4 is deadwood."""
    found = best_arrangement([2, 10, 4, 5], 1)
    assert equations(found) == ["10 = 2 × 5"] and found.deadwood == (4,)
    assert best_arrangement([3, 7, 11, 13], 4) == Arrangement((), (3, 7, 11, 13))


def test_the_fewest_deadwood_cards_win_over_prime_sets():
    """42, 6, 7 with 2 and 3 left over is two deadwood cards; 42 = 2 × 3 × 7 leaves only 6."""
    found = best_arrangement([42, 6, 7, 2, 3], 3)
    assert equations(found) == ["42 = 2 × 3 × 7"] and found.deadwood == (6,)


def test_prime_factor_sets_are_preferred_at_equal_deadwood():
    """Rule 2: with the same deadwood, fewer sets that are not prime factor sets."""
    found = best_arrangement([16, 3, 8, 8, 9, W], 2)
    assert equations(found) == ["9 = 3 × prime(3)"]  # not 16 = 8 × prime(2)
    assert found.deadwood == (8, 8, 16) and found.all_prime


def test_number_cards_are_preferred_to_wilds_at_equal_deadwood():
    """Rule 3: 10 = 2 × 5 with the wild left loose, not 10 = 2 × prime(5) with 5 loose, nor
    4 = 2 × prime(2) (which comes first in the fixed order of rule 5)."""
    found = best_arrangement([10, 5, W, 2], 1)
    assert equations(found) == ["10 = 2 × 5"] and found.deadwood == (W,)
    found = best_arrangement([4, 2, W, 10, 5, 3], 2)
    assert equations(found) == ["10 = 2 × 5"] and found.deadwood == (3, 4, W)


def test_more_smaller_sets_are_preferred_at_equal_deadwood():
    """Rule 4: two sets (6 and 18) rather than one big set for 64."""
    found = best_arrangement([18, 2, 2, 2, 6, 64, W, W, W], 2)
    assert equations(found) == ["6 = 2 × prime(3)", "18 = 2 × prime(3) × prime(3)"]
    assert found.deadwood == (2, 64)
    assert [equations(a) for a in best_arrangements([18, 2, 2, 2, 6, 64, W, W, W], 2)][1] == [
        "64 = 2 × 2 × 2 × prime(2) × prime(2) × prime(2)"
    ]


def test_a_wild_stands_only_for_a_prime_of_the_level():
    """Booklet: a prime wild "can be used as any prime number that is part of the game";
    docs/rules.md: the primes of the level in play. At level 2 there is no 7."""
    assert best_arrangement([14, 2, W], 2).deadwood == (2, 14, W)
    assert equations(best_arrangement([14, 2, W], 3)) == ["14 = 2 × prime(7)"]


def test_no_set_has_more_than_three_wilds_or_fewer_than_two_number_cards():
    """ "A factor set may contain no more than three prime wild cards and must contain at least
    two natural cards." 96 = 3 × 2⁵ would need five wilds with only the 3."""
    assert best_arrangement([96, 3, W, W, W, W, W], 2).melds == ()
    found = best_arrangement([96, 3, 2, 2, W, W, W, W], 2)
    assert equations(found) == ["96 = 2 × 2 × 3 × prime(2) × prime(2) × prime(2)"]
    assert found.deadwood == (W,)
    assert best_arrangement([8, W, W, W], 1).melds == ()
    assert equations(best_arrangement([8, 2, W, W], 1)) == ["8 = 2 × prime(2) × prime(2)"]


def test_cards_of_equal_value_are_not_told_apart():
    """Two 4 = 2 × 2 sets are one grouping, however the hand is ordered."""
    every = best_arrangements([2, 4, 2, 2, 4, 2], 1)
    assert [equations(a) for a in every] == [["4 = 2 × 2", "4 = 2 × 2"]]
    assert best_arrangement([4, 4, 2, 2, 2, 2], 1) == every[0]


def test_every_best_grouping_is_listed_best_first():
    """Three ways to leave one card of 10, 2, 5, prime: the number cards' set first."""
    every = best_arrangements([10, 2, 5, W], 1)
    assert [(equations(a), a.deadwood) for a in every] == [
        (["10 = 2 × 5"], (W,)),
        (["10 = 2 × prime(5)"], (5,)),
        (["10 = 5 × prime(2)"], (2,)),
    ]


def test_an_empty_hand_is_an_empty_grouping():
    assert best_arrangement([], 3) == Arrangement((), ())
    assert best_arrangements([], 3) == [Arrangement((), ())]


def test_prime_canastas_are_grouped_only_when_asked():
    hand = [2, 3, 5, 7, 11, 17, 26, 2, 13, W]
    assert not best_arrangement(hand, 6).complete
    found = best_arrangement(hand, 6, prime_runs=True)
    assert found.complete and [m.kind for m in found.melds] == [FACTOR, PRIME_RUN]
    assert equations(found) == ["26 = 2 × 13", "2, 3, 5, 7, 11, prime(13), 17"]


def test_as_dict_is_plain_json():
    found = best_arrangement([10, 2, 5, W], 1)
    assert found.as_dict() == {
        "melds": [
            {
                "kind": "factor",
                "cards": [10, 2, 5],
                "naturals": [2, 5, 10],
                "wild_values": [],
                "prime": True,
                "canasta": False,
                "equation": "10 = 2 × 5",
            }
        ],
        "deadwood": ["P"],
        "prime_factor": False,
    }


# --- going out ---------------------------------------------------------------------------------
def test_going_out_with_or_without_a_discard():
    """ "if he draws, he can go out with or without a discard." """
    assert going_out([42, 2, 3, 7, 20, 2, 2, 5], 3) == GoingOut(
        arrangement([Meld(FACTOR, (2, 2, 5, 20)), Meld(FACTOR, (2, 3, 7, 42))], [])
    )
    way = going_out([42, 2, 3, 7, 20, 2, 2, 5, 9], 3)
    assert way.discard == 9 and way.prime_factor
    assert going_out([42, 2, 3, 7, 20, 2, 2, 5, 9, 11], 3) is None


def test_going_out_prefers_prime_factor_to_keeping_every_card():
    """ "prime factor" earns 25 points and "factor rummy" 20: all 7 cards are in sets with
    36 = 3 × 6 × prime(2), but discarding the 36 leaves only prime factor sets."""
    hand = [2, 2, 3, 36, 4, 6, W]
    whole = best_arrangement(hand, 2)
    assert whole.complete and not whole.prime_factor
    way = going_out(hand, 2)
    assert way.discard == 36 and way.prime_factor
    assert equations(way.arrangement) == ["4 = 2 × 2", "6 = 3 × prime(2)"]


def test_factor_with_deadwood_finds_the_best_discard():
    """ "A player can go out if left with only one or two deadwood cards after discarding."
    Discarding 11 leaves only the 9."""
    options = discard_options([42, 2, 3, 7, 20, 2, 2, 5, 9, 11], 3)
    card, found = options[0]
    assert card == 11 and found.deadwood == (9,)
    assert [c for c, _ in options[:2]] == [11, 9]
    assert {c for c, _ in options} == {42, 2, 3, 7, 20, 5, 9, 11}


def test_a_missing_7_completes_the_hand():
    """Which card would let the hand go out: 42 and 6 wait for a 7 (or a wild)."""
    found = completing_cards([42, 6, 20, 4, 5, 12, 3, 4], 3, wilds=7)
    assert list(found) == [7, W]
    assert found[7].discard is None
    assert equations(found[7].arrangement) == ["12 = 3 × 4", "20 = 4 × 5", "42 = 6 × 7"]
    assert equations(found[W].arrangement)[-1] == "42 = 6 × prime(7)"
    assert completing_cards([42, 6, 20, 4, 5, 12, 3, 4], 3, wilds=0).keys() == {7}


def test_completing_cards_counts_only_cards_left_in_the_deck():
    """Level 1 has two 4s: with both in hand, no third 4 can be drawn."""
    assert 4 not in completing_cards([16, 4, 4, 2, 2], 1, wilds=0)
    assert 4 in completing_cards([16, 4, 2, 2], 1, wilds=0)


def test_a_hand_that_can_already_go_out_is_completed_by_any_card():
    found = completing_cards([42, 2, 3, 7, 20, 2, 2, 5], 3, wilds=7)
    assert list(found) == [*sorted(set(level_counts(3)) - {42}), W]  # the only 42 is held
    assert found[99].discard == 99 and found[99].prime_factor


# --- brute force -------------------------------------------------------------------------------
@cache
def brute_group(values: tuple, level: int, prime_runs: bool) -> Meld | None:
    """The meld some cards make, by the definitions: check_set for a factor set; for a prime
    canasta, written out here: 6+ different primes of the level in a row, wilds for the rest
    (the lowest window that fits), at most 3 wilds, at least 2 number cards."""
    check = check_set(list(values), level)
    if check.ok:
        return Meld(FACTOR, (*check.multipliers, check.answer), check.wild_values)
    if not prime_runs:
        return None
    naturals = sorted(v for v in values if v != W)
    wilds = len(values) - len(naturals)
    primes = LEVEL_PRIMES[level]
    if len(values) < 6 or wilds > 3 or len(naturals) < 2 or len(set(naturals)) < len(naturals):
        return None
    for start in range(len(primes) - len(values) + 1):
        window = primes[start : start + len(values)]
        if set(naturals) <= set(window):
            return Meld(PRIME_RUN, tuple(naturals), tuple(p for p in window if p not in naturals))
    return None


def brute_groupings(cards: list, level: int, prime_runs: bool = False) -> list[Arrangement]:
    """Every way to split the cards into groups, each a meld or one deadwood card: the first
    card is deadwood or in a group with any subset of the others, and so on."""
    found = []

    def split(left: tuple, melds: list, dead: list) -> None:
        if not left:
            found.append(arrangement(melds, dead))
            return
        first, rest = left[0], left[1:]
        split(rest, melds, [*dead, first])
        for size in range(2, len(rest) + 1):
            for others in combinations(range(len(rest)), size):
                group = tuple(sorted((first, *(rest[i] for i in others)), key=sort_key))
                meld = brute_group(group, level, prime_runs)
                if meld is not None:
                    remaining = tuple(c for i, c in enumerate(rest) if i not in others)
                    split(remaining, [*melds, meld], dead)

    split(tuple(cards), [], [])
    return found


def brute_best(cards: list, level: int, prime_runs: bool = False) -> list[Arrangement]:
    every = brute_groupings(cards, level, prime_runs)
    fewest = min(len(a.deadwood) for a in every)
    return sorted({a for a in every if len(a.deadwood) == fewest}, key=Arrangement.preference_key)


def hands(max_size: int, *, max_wilds: int = 6, levels=LEVELS, prime_heavy: bool = False):
    """A level and some cards of its deck: mostly small numbers (so sets are common), values
    repeated up to the deck's counts, sometimes many wilds."""

    @st.composite
    def build(draw):
        level = draw(st.sampled_from(levels))
        counts = level_counts(level)
        values = sorted(counts)
        small = [v for v in values if v <= 30]
        pools = [st.sampled_from(small), st.sampled_from(values)]
        if prime_heavy:
            pools.append(st.sampled_from(LEVEL_PRIMES[level]))
        naturals = draw(st.lists(st.one_of(*pools), max_size=max_size))
        naturals = [v for v, n in Counter(naturals).items() for _ in range(min(n, counts[v]))]
        wilds = draw(st.integers(0, max_wilds))
        cards = draw(st.permutations([*naturals, *[W] * wilds]))
        return level, cards[:max_size]

    return build()


DENSE = [2, 2, 2, 3, 3, 5, 4, 6, 8, 9, 10, 12, 15, 16, 18, 20, 24, 25, 27, 30, 36, 40, 45, 50]


def dense_hands(max_size: int):
    """Levels 2-3, small numbers that divide each other and 0-4 wilds: many sets overlap, so
    groupings tie on deadwood and the preference rules decide."""

    @st.composite
    def build(draw):
        level = draw(st.sampled_from((2, 3)))
        counts = level_counts(level)
        naturals = draw(st.lists(st.sampled_from(DENSE), min_size=3, max_size=max_size))
        naturals = [v for v, n in Counter(naturals).items() for _ in range(min(n, counts[v]))]
        wilds = draw(st.integers(0, 4))
        return level, draw(st.permutations([*naturals, *[W] * wilds]))[:max_size]

    return build()


def hands_full_of_wilds(max_size: int):
    """Few number cards, up to six wilds: where the wild limits bite."""

    @st.composite
    def build(draw):
        level = draw(st.sampled_from(LEVELS))
        values = sorted(v for v in level_counts(level) if v <= 40)
        naturals = draw(st.lists(st.sampled_from(values), min_size=1, max_size=4))
        wilds = draw(st.integers(2, 6))
        return level, draw(st.permutations([*naturals, *[W] * wilds]))[:max_size]

    return build()


MANY = settings(
    max_examples=2000,
    deadline=None,
    database=None,  # nothing written into the shared checkout
    derandomize=True,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much],
)
SOME = settings(MANY, max_examples=300)
# 2,000 + 1,500 + 1,000 + 300 hands against the brute force: about 25 s on one slow core.


def check_against_brute(level: int, cards: list, prime_runs: bool = False) -> None:
    expected = brute_best(cards, level, prime_runs)
    every = best_arrangements(cards, level, prime_runs=prime_runs)
    assert len(every) == len(set(every)), "a grouping listed twice"
    assert set(every) == set(expected), (cards, level)
    assert every == expected  # the same order: preference_key is a total order
    best = best_arrangement(cards, level, prime_runs=prime_runs)
    assert best == expected[0], (cards, level)
    assert Counter(best.cards) == Counter(cards)
    for meld in best.melds:
        assert meld.wilds <= 3 and len(meld.naturals) >= 2
        assert set(meld.wild_values) <= set(LEVEL_PRIMES[level])
        assert brute_group(tuple(sorted(meld.cards, key=sort_key)), level, prime_runs) == meld


@MANY
@given(hands(max_size=9))
def test_the_search_agrees_with_every_split_of_the_hand(hand):
    level, cards = hand
    check_against_brute(level, cards)


@settings(MANY, max_examples=1500)
@given(dense_hands(max_size=9))
def test_the_search_agrees_with_the_brute_force_on_dense_hands(hand):
    level, cards = hand
    check_against_brute(level, cards)


@settings(MANY, max_examples=1000)
@given(hands_full_of_wilds(max_size=9))
def test_the_search_agrees_with_the_brute_force_on_hands_full_of_wilds(hand):
    level, cards = hand
    check_against_brute(level, cards)


@SOME
@given(hands(max_size=9, max_wilds=3, levels=(4, 5, 6), prime_heavy=True))
def test_the_search_agrees_with_the_brute_force_with_prime_canastas(hand):
    level, cards = hand
    check_against_brute(level, cards, prime_runs=True)


@SOME
@given(hands(max_size=9), st.randoms(use_true_random=False))
def test_the_order_of_the_hand_does_not_matter(hand, rng):
    level, cards = hand
    shuffled = list(cards)
    rng.shuffle(shuffled)
    assert best_arrangement(shuffled, level) == best_arrangement(cards, level)


@SOME
@given(hands(max_size=8))
def test_going_out_and_discards_agree_with_the_brute_force(hand):
    level, cards = hand
    ways = [GoingOut(a) for a in brute_groupings(cards, level) if a.complete]
    for card in set(cards):
        rest = list(cards)
        rest.remove(card)
        ways += [GoingOut(a, card) for a in brute_groupings(rest, level) if a.complete]
    expected = min(ways, key=GoingOut.preference_key, default=None)
    assert going_out(cards, level) == expected, (cards, level)
    options = dict(discard_options(cards, level))
    assert options.keys() == set(cards)
    for card, found in options.items():
        rest = list(cards)
        rest.remove(card)
        assert found == best_arrangement(rest, level)


@SOME
@given(hands(max_size=6, max_wilds=3), st.integers(0, 11))
def test_completing_cards_are_exactly_the_cards_that_let_the_hand_go_out(hand, deck_wilds):
    """A drawn card lets the hand go out when, with it, at most one card is left outside sets
    (that one is the discard)."""
    level, cards = hand
    found = completing_cards(cards, level, wilds=deck_wilds)
    held = Counter(cards)
    deck = level_counts(level)
    for card in [*deck, W]:
        available = held[card] < (deck_wilds if card == W else deck[card])
        more = [*cards, card]
        completes = min(len(a.deadwood) for a in brute_groupings(more, level)) <= 1
        assert (card in found) == (available and completes), (cards, level, card)
        if card in found:
            assert found[card] == going_out(more, level)
