"""Equate's tiles and board: the faces, the bag, the scores and the premium squares.

Rule text: Equate's rule text: 190 tiles in the original set, 40 "=", 103 number tiles, 44
operation tiles (11 of them "÷") and 3 blanks worth 0; fractions have denominators 2, 3, 4 and
6; a 19 × 19 board whose centre is a 2E. The counts of each face, the scores, the layout of the
premium squares and the tile sets are ours: docs/rules.md, "Equate" ("The tiles", "The board",
"Tile sets = the teacher's level").

A tile face is a str:

- digits "0".."9"; fractions "1/2", "1/3", "2/3", "1/4", "3/4", "1/6", "5/6";
- operations "+", "−" (U+2212, only ever subtraction), "×", "÷"; and "=";
- the blank is "?" in a rack; on the board it shows the face it stands for;
- Advanced set: negative numbers "-1".."-9" (ASCII hyphen: the minus printed on the tile in
  front of the number) and exponent tiles, a digit with its power printed on it: "0²".."9²",
  "2³" and "3³". The power is the tile's last character.
"""

from __future__ import annotations

from fractions import Fraction

BOARD_SIZE = 19
CENTRE = (9, 9)

EQUALS = "="
BLANK = "?"
PLUS, MINUS, TIMES, DIVIDE = "+", "−", "×", "÷"
OPERATORS = (PLUS, MINUS, TIMES, DIVIDE)
DIGITS = tuple(str(d) for d in range(10))
FRACTIONS = ("1/2", "1/3", "2/3", "1/4", "3/4", "1/6", "5/6")
NEGATIVES = tuple(f"-{d}" for d in range(1, 10))
POWERS = {"²": 2, "³": 3}
EXPONENTS = (*(f"{d}²" for d in range(10)), "2³", "3³")

EQUALS_SUPPLY = 40

ORIGINAL: dict[str, int] = {
    "0": 7, "1": 10, "2": 10, "3": 9, "4": 9, "5": 8, "6": 8, "7": 7, "8": 7, "9": 7,
    "1/2": 5, "1/3": 3, "2/3": 3, "1/4": 3, "3/4": 3, "1/6": 2, "5/6": 2,
    PLUS: 12, MINUS: 11, TIMES: 10, DIVIDE: 11,
    BLANK: 3,
}  # fmt: skip

ADVANCED: dict[str, int] = {face: 2 for face in NEGATIVES} | {face: 1 for face in EXPONENTS}

SCORES: dict[str, int] = (
    {d: 1 if int(d) <= 3 else 2 for d in DIGITS}
    | {"1/2": 3, "1/3": 4, "2/3": 4, "1/4": 4, "3/4": 4, "1/6": 5, "5/6": 5}
    | {PLUS: 1, MINUS: 2, TIMES: 2, DIVIDE: 3, EQUALS: 0, BLANK: 0}
    | {face: 3 for face in NEGATIVES}
    | {face: 4 if face.endswith("²") else 5 for face in EXPONENTS}
)

# Steps (down, right) from the centre with 0 <= down <= right <= 9: one eighth of the board.
PREMIUM_OCTANT: dict[tuple[int, int], str] = {
    (0, 0): "2E",
    (5, 5): "2E", (6, 6): "2E", (7, 7): "2E", (8, 8): "2E",
    (9, 9): "3E", (0, 9): "3E", (4, 9): "3E",
    (2, 2): "3S", (2, 6): "3S", (5, 8): "3S",
    (1, 1): "2S", (0, 4): "2S", (1, 5): "2S", (3, 7): "2S", (0, 8): "2S", (6, 9): "2S",
}  # fmt: skip


def _spread(octant: dict[tuple[int, int], str]) -> dict[tuple[int, int], str]:
    """The octant's squares under the 8 symmetries of the square, as board (row, col)."""
    row0, col0 = CENTRE
    board: dict[tuple[int, int], str] = {}
    for (a, b), kind in octant.items():
        for down, right in ((a, b), (b, a)):
            for sign_down in (1, -1):
                for sign_right in (1, -1):
                    board[(row0 + sign_down * down, col0 + sign_right * right)] = kind
    return board


PREMIUMS: dict[tuple[int, int], str] = _spread(PREMIUM_OCTANT)

_FRACTION_GLYPHS = {
    "1/2": "½", "1/3": "⅓", "2/3": "⅔", "1/4": "¼", "3/4": "¾", "1/6": "⅙", "5/6": "⅚",
}  # fmt: skip
_NUMBER_FACES = frozenset(DIGITS + FRACTIONS + NEGATIVES + EXPONENTS)


def is_number_face(face: str) -> bool:
    """True for a number tile (digit, fraction, negative or exponent tile)."""
    return face in _NUMBER_FACES


def is_operator(face: str) -> bool:
    """True for one of the four operation tiles (not "=")."""
    return face in OPERATORS


def is_fraction(face: str) -> bool:
    """True for a fraction tile ("1/2" ...)."""
    return face in _FRACTION_GLYPHS


def is_negative(face: str) -> bool:
    """True for an Advanced negative tile ("-1".."-9")."""
    return face in NEGATIVES


def is_exponent(face: str) -> bool:
    """True for an Advanced exponent tile ("5²" ...)."""
    return face in EXPONENTS


def value_of(face: str) -> Fraction:
    """The value of one number tile alone ("3/4" is 3/4, "-2" is -2, "5²" is 25)."""
    if face in DIGITS or face in NEGATIVES:
        return Fraction(int(face))
    if face in _FRACTION_GLYPHS:
        return Fraction(face)
    if face in EXPONENTS:
        return Fraction(int(face[:-1]) ** POWERS[face[-1]])
    raise ValueError(f"{face!r} is not a number tile")


def display(face: str) -> str:
    """How a face is shown to people ("1/2" is "½"; the others as printed on the tile)."""
    return _FRACTION_GLYPHS.get(face, face)


def all_faces(tiles: str = "original") -> dict[str, int]:
    """Every tile of a set, "=" included: the bag's counts plus the "=" supply."""
    counts = dict(ORIGINAL)
    if tiles == "whole":  # Original set, no fractions (docs/rules.md, Equate: "Tile sets")
        for face in FRACTIONS:
            del counts[face]
    elif tiles == "advanced":
        for face, count in ADVANCED.items():
            counts[face] = counts.get(face, 0) + count
    elif tiles != "original":
        raise ValueError(f"unknown tile set {tiles!r}")
    counts[EQUALS] = EQUALS_SUPPLY
    return counts
