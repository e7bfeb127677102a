"""The PrimePak deck, counted against the booklet's own lists (Deck Levels)."""

from __future__ import annotations

from collections import Counter

import pytest

from games.primepak.cards import (
    ALL_PRIMES,
    LEVEL_PRIMES,
    LEVELS,
    WILD,
    WILD_CARDS_IN_BOX,
    deck,
    is_card,
    is_prime,
    is_wild,
    label,
    level_counts,
    number_cards,
    points,
    prime_factors,
    sort_key,
)

# Copied from the booklet (Deck Levels), so the test counts the cards independently.
FULL_DECK = (
    "Prime (13), 2 (25), 3 (18), 5 (12), 7 (8), 11 (5), 13 (4), 17 (3) 19 (3), 4 (2), 8 (2), "
    "10 (2), 20 (2), 25 (2), 50 (2), 6 (2), 9 (2), 15 (2), 14 (2), 21 (2), 16, 32, 64, 40, 80, "
    "100, 200, 12, 18, 24, 27, 30, 36, 45, 48, 54, 60, 72, 75, 81, 90, 96, 120, 600, 900, 28, "
    "35, 42, 49, 56, 63, 70, 84, 98, 280, 420, 22, 33, 44, 55, 66, 77, 88, 99, 26, 39, 52, 65, "
    "78, 91, 34, 51, 68, 85, 38, 57, 76, 95"
)
LEVEL_ADDS = {
    1: "2 (25), 5 (12), 4 (2), 8 (2), 16, 32, 64, 10 (2), 20 (2), 25 (2), 40, 50 (2), 80, 100, 200",
    2: "3 (18), 6 (2), 9 (2), 12, 15 (2), 18, 24, 27, 30, 36, 45, 48, 54, 60, 72, 75, 81, 90, "
    "96, 120, 600, 900",
    3: "7 (8), 11 (5), 14 (2), 21 (2), 28, 35, 42, 49, 56, 63, 70, 84, 98, 280, 420, 22, 33, 44, "
    "55, 66, 77, 88, 99",
    4: "13 (4), 26, 39, 52, 65, 78, 91",
    5: "17 (3), 34, 51, 68, 85",
    6: "19 (3), 38, 57, 76, 95",
}


def parse(text: str) -> Counter:
    """ "2 (25), 16, Prime (13)" as a Counter; "Prime" is the wild card."""
    counts: Counter = Counter()
    for item in text.replace(") ", "), ").split(", "):
        name, _, times = item.partition(" (")
        card = WILD if name == "Prime" else int(name)
        counts[card] += int(times.rstrip(")")) if times else 1
    return counts


def test_the_full_box_has_171_cards_13_of_them_prime_wilds():
    """Booklet: "The full deck of 171 cards"; docs/rules.md: 158 number cards plus 13 wilds."""
    box = parse(FULL_DECK)
    assert sum(box.values()) == 171 and box[WILD] == 13 == WILD_CARDS_IN_BOX
    assert Counter(deck(6, wilds=13)) == box
    assert len(deck(6, wilds=13)) == 171


@pytest.mark.parametrize(
    ("level", "size"), [(1, 56), (2, 98), (3, 134), (4, 144), (5, 151), (6, 158)]
)
def test_each_level_adds_the_booklets_cards_to_the_level_before(level, size):
    """Booklet: "Level 2 - Add the following cards to level 1: ..." and so on."""
    expected = sum((parse(LEVEL_ADDS[lower]) for lower in LEVELS if lower <= level), Counter())
    assert level_counts(level) == expected
    assert len(number_cards(level)) == size == sum(expected.values())
    assert number_cards(level) == sorted(number_cards(level))


def test_level_6_is_the_full_deck_of_number_cards():
    """Booklet: "Level 6 ... This is the full deck of number cards." """
    box = parse(FULL_DECK)
    del box[WILD]
    assert level_counts(6) == box


def test_a_wild_stands_for_the_primes_of_the_level_in_play():
    """docs/rules.md: level 1: 2 and 5; level 2: 2, 3, 5; level 3: up to 11; 4: 13; 5: 17; 6: 19."""
    assert LEVEL_PRIMES == {
        1: (2, 5),
        2: (2, 3, 5),
        3: (2, 3, 5, 7, 11),
        4: (2, 3, 5, 7, 11, 13),
        5: (2, 3, 5, 7, 11, 13, 17),
        6: (2, 3, 5, 7, 11, 13, 17, 19),
    }
    assert ALL_PRIMES == (2, 3, 5, 7, 11, 13, 17, 19)  # "The prime numbers in the PrimePak deck"
    for level in LEVELS:  # each level's primes are exactly the prime cards of its deck
        assert set(LEVEL_PRIMES[level]) == {v for v in level_counts(level) if is_prime(v)}


def test_prime_factors_as_the_booklet_writes_them():
    """Booklet: "40 = 2 × 2 × 2 × 5"; "420 = 2 × 3 × 7 × 2 × 5"; "900 = 3 × 3 × 10 × 10"."""
    assert prime_factors(40) == [2, 2, 2, 5]
    assert prime_factors(420) == [2, 2, 3, 5, 7]
    assert prime_factors(900) == [2, 2, 3, 3, 5, 5]
    assert prime_factors(19) == [19]
    assert not is_prime(9) and is_prime(2) and not is_prime(1)


def test_cards_know_what_they_are():
    assert is_wild(WILD) and not is_wild(2) and not is_wild("2")
    assert is_card(WILD, 1) and is_card(64, 1) and not is_card(3, 1) and is_card(3, 2)
    assert not is_card(True, 6) and not is_card(2.0, 6) and not is_card("2", 6)
    assert sorted([WILD, 40, 2], key=sort_key) == [2, 40, WILD]
    assert label(WILD) == "prime" and label(40) == "40"
    assert points(WILD) == 2 and points(40) == 1


def test_impossible_decks_are_refused():
    with pytest.raises(ValueError):
        level_counts(7)
    with pytest.raises(ValueError):
        deck(3, wilds=14)
