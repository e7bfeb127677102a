"""Reading one line of Equate tiles: its numbers, whether it is complete, its value, its truth.

Rule text: Equate's rule text ("Additional Rule Tidbits"): adjacent number tiles form one number
("A 2 followed by a 3 creates 23. A 2 followed by 1/2 creates the mixed numeral 2½. The number,
-2, followed by 4 creates the negative number, -24. A numeral 1 followed by 5² creates 15²."),
"The subtraction symbol is used only for subtracting and not for taking an opposite",
"Unnecessary 0 digits are not allowed. For example 05 cannot be used for 5.", "Equations cannot
be extended to contain more than one equal symbol", incomplete strings ("6 +") are not allowed,
a played expression may not be negative, the usual order of operations, exact arithmetic
(Fraction, never float).

`read_line(faces)` reads the faces of one full line of adjacent tiles (left to right, or top to
bottom) and returns a `Line`, or raises IllegalMove whose reason starts with the line as people
read it (so a caller may put "Going down, " in front) and whose kind names the mistake:
"two_equals", "syntax", "leading_zero", "divide_by_zero", "negative" or "false". Faces that
are not tiles at all (a blank's "?" included: on the board a blank has its face) raise
ValueError: that is a bug of the caller, not a child's mistake.

Decisions: docs/rules.md, "Equate": "Reading a line" (what makes a number, unneeded 0s,
powers and mixed numerals, never below 0, ÷ 0, the order of the checks, how values are shown).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from itertools import pairwise

from games.engine.protocol import IllegalMove

from .tiles import (
    DIVIDE,
    EQUALS,
    FRACTIONS,
    MINUS,
    PLUS,
    POWERS,
    TIMES,
    display,
    is_exponent,
    is_fraction,
    is_negative,
    is_number_face,
    is_operator,
    value_of,
)

EQUATION, EXPRESSION = "equation", "expression"


@dataclass(frozen=True)
class Line:
    """One read line: its kind, its text for people, one value per side, what it used."""

    kind: str  # EQUATION | EXPRESSION
    text: str  # "2½ + 3 = 5½"
    values: tuple[Fraction, ...]  # one per side
    numbers: tuple[Fraction, ...]  # every number read, left to right
    operations: tuple[str, ...]  # every operation used, left to right ("+", "×", ...)
    sides: tuple[str, ...]  # the text of each side ("2½ + 3", "5½")


@dataclass(frozen=True)
class _Number:
    text: str
    value: Fraction
    negative_tile: bool


Token = tuple[str, ...]  # a run of number faces, or one operator or "=" face


def read_line(faces: Sequence[str]) -> Line:
    """The line these faces make, read left to right (or downward), or IllegalMove."""
    tokens = _group(faces)
    text = _text(tokens)
    if not tokens:
        raise IllegalMove("There are no tiles to read.", kind="syntax")
    if tokens.count((EQUALS,)) > 1:
        raise IllegalMove(f"{text} has two = signs: a line can have only one =.", kind="two_equals")
    sides = _split(tokens)
    for index, side in enumerate(sides):
        _check_complete(side, index, text)
    numbers = {token: _read_number(token) for side in sides for token in side if _is_run(token)}
    may_go_below_0 = any(number.negative_tile for number in numbers.values())
    values = tuple(_evaluate(side, numbers, may_go_below_0) for side in sides)
    side_texts = tuple(_text(side) for side in sides)
    if len(values) == 2 and values[0] != values[1]:
        worked = [
            f"{side} = {format_value(value)}"
            for side, value in zip(side_texts, values, strict=True)
            if side != format_value(value)
        ]
        because = f": {' and '.join(worked)}" if worked else "."
        raise IllegalMove(
            f"{text} is not true{because}",
            kind="false",
            detail={"sides": list(side_texts), "values": [str(v) for v in values]},
        )
    return Line(
        kind=EQUATION if len(sides) == 2 else EXPRESSION,
        text=text,
        values=values,
        numbers=tuple(numbers[token].value for side in sides for token in side if _is_run(token)),
        operations=tuple(token[0] for side in sides for token in side if _is_op(token)),
        sides=side_texts,
    )


def format_value(value: Fraction) -> str:
    """A value for people: "5", "5½", "⅚", "2⁷⁄₁₂", "-3"."""
    sign = "-" if value < 0 else ""
    whole, rest = divmod(abs(value.numerator), value.denominator)
    if rest == 0:
        return f"{sign}{whole}"
    part = Fraction(rest, value.denominator)
    face = f"{part.numerator}/{part.denominator}"
    if face in FRACTIONS:
        small = display(face)
    else:
        small = f"{_figures(part.numerator, _SUPER)}⁄{_figures(part.denominator, _SUB)}"
    return f"{sign}{whole or ''}{small}"


_SUPER = dict(zip("0123456789", "⁰¹²³⁴⁵⁶⁷⁸⁹", strict=True))
_SUB = dict(zip("0123456789", "₀₁₂₃₄₅₆₇₈₉", strict=True))


def _figures(number: int, table: dict[str, str]) -> str:
    return "".join(table[digit] for digit in str(number))


# --- reading the tiles ---------------------------------------------------------------------------
def _group(faces: Sequence[str]) -> list[Token]:
    """Runs of adjacent number faces become one token; every other face is its own token."""
    tokens: list[Token] = []
    run: list[str] = []
    for face in faces:
        if is_number_face(face):
            run.append(face)
            continue
        if not (is_operator(face) or face == EQUALS):
            raise ValueError(f"{face!r} is not a face that can be read in a line")
        if run:
            tokens.append(tuple(run))
            run = []
        tokens.append((face,))
    if run:
        tokens.append(tuple(run))
    return tokens


def _is_run(token: Token) -> bool:
    return is_number_face(token[0])


def _is_op(token: Token) -> bool:
    return is_operator(token[0])


def _text(tokens: Sequence[Token]) -> str:
    return " ".join("".join(display(face) for face in token) for token in tokens)


def _split(tokens: list[Token]) -> list[list[Token]]:
    """The sides: one (an expression) or two (an equation), either maybe empty."""
    if (EQUALS,) not in tokens:
        return [tokens]
    at = tokens.index((EQUALS,))
    return [tokens[:at], tokens[at + 1 :]]


def _check_complete(side: list[Token], index: int, text: str) -> None:
    """Numbers and operations must take turns, starting and ending with a number."""
    if not side:
        where = "before" if index == 0 else "after"
        raise IllegalMove(
            f"{text} is not complete: there must be something {where} =.", kind="syntax"
        )
    first, last = side[0], side[-1]
    if _is_op(first):
        extra = " − is only for taking away." if first[0] == MINUS else ""
        where = "it cannot start with" if index == 0 else "a number must come between = and"
        raise IllegalMove(f"{text} is not complete: {where} {first[0]}.{extra}", kind="syntax")
    for before, after in pairwise(side):
        if _is_op(before) and _is_op(after):
            raise IllegalMove(
                f"{text} is not complete: a number must come between {before[0]} and {after[0]}.",
                kind="syntax",
            )
    if _is_op(last):
        raise IllegalMove(
            f"{text} is not complete: a number must come after {last[0]}.", kind="syntax"
        )


def _read_number(faces: Token) -> _Number:
    """One number from a run of number tiles (23, 2½, -24, 15²), or IllegalMove."""
    text = "".join(display(face) for face in faces)
    for index, face in enumerate(faces):
        if is_negative(face) and index > 0:
            raise IllegalMove(
                f"{text} is not a number: {display(face)} can only start a number.",
                kind="syntax",
            )
        if (is_fraction(face) or is_exponent(face)) and index < len(faces) - 1:
            raise IllegalMove(
                f"{text} is not a number: {display(face)} must be the last tile of a number.",
                kind="syntax",
            )
    if faces[0] == "0" and len(faces) > 1:
        rest = list(faces)
        while len(rest) > 1 and rest[0] == "0":
            rest.pop(0)
        rest_text = "".join(display(face) for face in rest)
        raise IllegalMove(
            f"{text} has a 0 it does not need: write {rest_text} instead.", kind="leading_zero"
        )
    negative = is_negative(faces[0])
    last = faces[-1]
    if is_exponent(last) and negative:
        raise IllegalMove(
            f"{text} cannot be used: a negative number cannot have a power.", kind="syntax"
        )
    if len(faces) == 1:
        return _Number(text, value_of(last), negative)
    whole_faces = faces[:-1] if is_fraction(last) else faces
    digits = "".join(face.lstrip("-").rstrip("".join(POWERS)) for face in whole_faces)
    value = Fraction(int(digits))
    if is_fraction(last):
        value += value_of(last)
    if is_exponent(last):
        value **= POWERS[last[-1]]
    return _Number(text, -value if negative else value, negative)


# --- working it out ------------------------------------------------------------------------------
def _evaluate(side: list[Token], numbers: dict[Token, _Number], may_go_below_0: bool) -> Fraction:
    """The side's value: × and ÷ first, then + and − left to right, with the checks."""
    total = Fraction(0)
    adding = True  # the + or − in front of the term being read
    index = 0
    while index < len(side):
        start = index
        term = numbers[side[index]].value
        while index + 2 < len(side) and side[index + 1][0] in (TIMES, DIVIDE):
            operand = numbers[side[index + 2]].value
            if side[index + 1][0] == DIVIDE:
                if operand == 0:
                    raise IllegalMove(
                        f"{_text(side[start : index + 3])} cannot be worked out: "
                        "nobody can divide by 0.",
                        kind="divide_by_zero",
                    )
                term /= operand
            else:
                term *= operand
            index += 2
        total = total + term if adding else total - term
        if total < 0 and not may_go_below_0:
            raise IllegalMove(
                f"{_text(side[: index + 1])} is negative (less than 0): that is not allowed.",
                kind="negative",
            )
        if index + 1 < len(side):
            adding = side[index + 1][0] == PLUS
        index += 2
    return total
