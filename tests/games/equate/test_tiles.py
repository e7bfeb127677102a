"""Equate's tiles and board (games/equate/tiles.py): counts, scores, premium squares."""

from fractions import Fraction

import pytest

from games.equate import tiles
from games.equate.tiles import (
    ADVANCED,
    BOARD_SIZE,
    CENTRE,
    EQUALS_SUPPLY,
    ORIGINAL,
    PREMIUMS,
    SCORES,
    all_faces,
    display,
    is_number_face,
    is_operator,
    value_of,
)


def count(faces, test):
    return sum(n for face, n in faces.items() if test(face))


def test_the_original_set_has_190_tiles_40_of_them_equals():
    """docs/rules.md: "the original set has 190 tiles: 40 "=", 103 number tiles, 44 operation
    tiles (11 of them ÷) and 3 blanks"; "=" is always available, not in the bag."""
    assert EQUALS_SUPPLY == 40
    assert "=" not in ORIGINAL
    assert sum(ORIGINAL.values()) == 150
    assert sum(all_faces("original").values()) == 190
    assert all_faces("original")["="] == 40


def test_103_numbers_44_operations_11_divides_3_blanks():
    assert count(ORIGINAL, is_number_face) == 103
    assert count(ORIGINAL, is_operator) == 44
    assert ORIGINAL["÷"] == 11
    assert ORIGINAL["?"] == 3
    assert set(ORIGINAL) == {face for face in ORIGINAL if is_number_face(face)} | {
        "+",
        "−",
        "×",
        "÷",
        "?",
    }


def test_fractions_have_denominators_2_3_4_and_6_only():
    """docs/rules.md: "fractions have denominators 2, 3, 4 and 6"."""
    fractions = [face for face in ORIGINAL if "/" in face]
    assert {value_of(face).denominator for face in fractions} == {2, 3, 4, 6}
    assert all(0 < value_of(face) < 1 for face in fractions)
    assert all(value_of(face).numerator < value_of(face).denominator for face in fractions)


def test_every_digit_is_in_the_bag_and_the_minus_is_the_real_minus_sign():
    assert all(ORIGINAL[str(d)] > 0 for d in range(10))
    assert "−" in ORIGINAL and "\u2212" == "−"
    assert "-" not in ORIGINAL


def test_the_advanced_set_adds_negatives_and_exponents():
    """ "Negative tiles and exponent tiles are included in the Equate Advanced Tile Set."""
    assert {f"-{d}" for d in range(1, 10)} <= set(ADVANCED)
    assert {"5²"} <= set(ADVANCED)
    assert not set(ADVANCED) & set(ORIGINAL)
    assert all(is_number_face(face) for face in ADVANCED)
    advanced = all_faces("advanced")
    assert sum(advanced.values()) == 190 + sum(ADVANCED.values())
    with pytest.raises(ValueError):
        all_faces("huge")


def test_the_whole_numbers_set_is_the_original_without_its_fractions():
    whole, original = tiles.all_faces("whole"), tiles.all_faces("original")
    assert sum(whole.values()) == 190 - 21 == 169
    assert not any(tiles.is_fraction(face) for face in whole)
    assert {f: n for f, n in original.items() if not tiles.is_fraction(f)} == whole
    with pytest.raises(ValueError):
        tiles.all_faces("fractions")


def test_every_face_has_a_score_and_blank_and_equals_score_0():
    faces = set(ORIGINAL) | set(ADVANCED) | {"="}
    assert faces <= set(SCORES)
    assert SCORES["="] == 0 and SCORES["?"] == 0
    assert all(1 <= SCORES[str(d)] <= 2 for d in range(10))
    assert all(3 <= SCORES[face] <= 5 for face in ORIGINAL if "/" in face)
    # rarer and harder symbols score more
    assert SCORES["+"] <= SCORES["−"] <= SCORES["÷"]
    assert SCORES["×"] <= SCORES["÷"]


def test_value_of_one_tile_is_exact():
    assert value_of("7") == 7
    assert value_of("3/4") == Fraction(3, 4)
    assert value_of("5/6") == Fraction(5, 6)
    assert value_of("-2") == -2
    assert value_of("5²") == 25
    assert all(type(value_of(face)) is Fraction for face in ORIGINAL if is_number_face(face))
    for face in ("+", "=", "?", "12", "-0"):
        with pytest.raises(ValueError):
            value_of(face)


def test_faces_for_people():
    assert display("1/2") == "½"
    assert display("1/6") == "⅙" and display("5/6") == "⅚"
    assert display("8") == "8" and display("÷") == "÷" and display("-3") == "-3"
    assert not is_operator("=") and not is_number_face("?") and not is_number_face("-")


def test_the_board_is_19_by_19_and_the_centre_is_a_2e():
    """docs/rules.md: "19 × 19 board; the centre square is a 2E"."""
    assert BOARD_SIZE == 19
    assert CENTRE == (9, 9)
    assert PREMIUMS[CENTRE] == "2E"
    assert all(0 <= r < 19 and 0 <= c < 19 for r, c in PREMIUMS)
    assert set(PREMIUMS.values()) == {"2S", "3S", "2E", "3E"}


SYMMETRIES = [
    lambda r, c: (r, c),
    lambda r, c: (c, r),
    lambda r, c: (18 - r, c),
    lambda r, c: (r, 18 - c),
    lambda r, c: (18 - r, 18 - c),
    lambda r, c: (c, 18 - r),
    lambda r, c: (18 - c, r),
    lambda r, c: (18 - c, 18 - r),
]


@pytest.mark.parametrize("symmetry", SYMMETRIES)
def test_the_premium_squares_have_the_8_symmetries_of_the_square(symmetry):
    moved = {symmetry(r, c): kind for (r, c), kind in PREMIUMS.items()}
    assert moved == PREMIUMS


def test_the_premium_layout_is_made_from_one_eighth():
    for down, right in tiles.PREMIUM_OCTANT:
        assert 0 <= down <= right <= 9
    corners = [(0, 0), (0, 18), (18, 0), (18, 18)]
    assert all(PREMIUMS[corner] == "3E" for corner in corners)
