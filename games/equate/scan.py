"""Reading one line of Equate tiles one face at a time, for the move generator.

expr.read_line reads a whole line and explains what is wrong with it. The move generator
builds lines a tile at a time and needs only to know, after each tile, whether the line read
so far can still become a complete expression or a true equation, and, at its end, whether it
is one. `step(state, face)` answers the first (None: no line starting like this is right),
`finish(state)` the second. They accept exactly the lines read_line accepts (the tests compare
them on many lines); the reasons are read_line's business.

A state is a tuple: where the reading is in a number (expecting a number's first tile, inside
a number that may go on, inside one that is complete), the number read so far, the term
(× and ÷ worked out) and the running total of the side being read, the first side's value
after "=", and whether the line went below 0 or used a negative tile (a line with a negative
tile may go below 0: docs/rules.md, Equate: "Reading a line"). A "strict" state drops a line
the moment its running total goes below 0; the generator uses it when no negative tile can come
later.
"""

from __future__ import annotations

from fractions import Fraction
from functools import lru_cache
from math import gcd

from .tiles import (
    DIGITS,
    DIVIDE,
    EQUALS,
    EXPONENTS,
    FRACTIONS,
    NEGATIVES,
    OPERATORS,
    PLUS,
    POWERS,
    TIMES,
)

State = tuple

# Where the reading is: before a number, inside a number that may go on, after a complete one.
START, OPEN, CLOSED = 0, 1, 2

# What a face is to the reader: (kind, payload).
ZERO, DIGIT, FRACTION, NEGATIVE, EXPONENT, OPERATOR, EQUAL = range(7)
FACE_KINDS: dict[str, tuple[int, object]] = (
    {"0": (ZERO, 0)}
    | {d: (DIGIT, int(d)) for d in DIGITS[1:]}
    | {f: (FRACTION, Fraction(f)) for f in FRACTIONS}
    | {n: (NEGATIVE, int(n[1:])) for n in NEGATIVES}
    | {e: (EXPONENT, (int(e[:-1]), POWERS[e[-1]])) for e in EXPONENTS}
    | {op: (OPERATOR, op) for op in OPERATORS}
    | {EQUALS: (EQUAL, None)}
)
NUMBER_KINDS = frozenset({ZERO, DIGIT, FRACTION, NEGATIVE, EXPONENT})

# The fields of a state, in order.
# mode, whole (digits so far), neg (a negative tile starts the number), value (a complete
# number's value), term, mulop (× or ÷ waiting for the number), total, adding (+ or − in front
# of the term), left (the first side's value after "="), below (went below 0), negtile (a
# negative tile was read), strict.


def initial(strict: bool = False) -> State:
    """The state before the first tile of a line."""
    return (START, 0, False, 0, None, None, 0, True, None, False, False, strict)


# Exact arithmetic on ints and Fractions without Fraction's slow mixed-type operators (they
# were a third of the move generator's time): an int whenever the value is whole.
def _exact(numerator: int, denominator: int):
    g = gcd(numerator, denominator)
    if g == denominator:
        return numerator // g
    return Fraction(numerator // g, denominator // g)


def _add(a, b):
    if type(a) is int and type(b) is int:
        return a + b
    da, db = a.denominator, b.denominator
    return _exact(a.numerator * db + b.numerator * da, da * db)


def _sub(a, b):
    if type(a) is int and type(b) is int:
        return a - b
    da, db = a.denominator, b.denominator
    return _exact(a.numerator * db - b.numerator * da, da * db)


def _multiply(a, b):
    if type(a) is int and type(b) is int:
        return a * b
    return _exact(a.numerator * b.numerator, a.denominator * b.denominator)


def _divide(a, b):
    if type(a) is int and type(b) is int and a % b == 0:
        return a // b
    numerator, denominator = a.numerator * b.denominator, a.denominator * b.numerator
    if denominator < 0:
        numerator, denominator = -numerator, -denominator
    return _exact(numerator, denominator)


def _term(state: State):
    """The term with the number being read worked in, or None for a division by 0."""
    mode, whole, neg, value, term, mulop = state[:6]
    if mode == OPEN:
        value = -whole if neg else whole
    if mulop is None:
        return value
    if mulop == TIMES:
        return _multiply(term, value)
    if value == 0:
        return None
    return _divide(term, value)


def step(state: State, face: str) -> State | None:
    """The state after one more face, or None when no line that starts so is right."""
    kind, payload = FACE_KINDS[face]
    mode, whole, neg, _, term, mulop, total, adding, left, below, negtile, strict = state
    if kind in (DIGIT, ZERO):
        if mode == START:
            if kind == ZERO:
                if mulop == DIVIDE:
                    return None  # ÷ 0
                return (CLOSED, 0, False, 0, term, mulop, total, adding, left, below, negtile,
                        strict)  # fmt: skip
            return (OPEN, payload, False, 0, term, mulop, total, adding, left, below, negtile,
                    strict)  # fmt: skip
        if mode == OPEN:
            return (OPEN, whole * 10 + payload, neg, 0, term, mulop, total, adding, left, below,
                    negtile, strict)  # fmt: skip
        return None
    if kind == FRACTION:
        if mode == START:
            number = payload
        elif mode == OPEN:
            number = -_add(whole, payload) if neg else _add(whole, payload)
        else:
            return None
        return (CLOSED, 0, False, number, term, mulop, total, adding, left, below, negtile,
                strict)  # fmt: skip
    if kind == NEGATIVE:
        if mode != START:
            return None
        return (OPEN, payload, True, 0, term, mulop, total, adding, left, below, True, strict)
    if kind == EXPONENT:
        digit, power = payload
        if mode == START:
            number = digit**power
        elif mode == OPEN and not neg:
            number = (whole * 10 + digit) ** power
        else:
            return None
        if number == 0 and mulop == DIVIDE:
            return None
        return (CLOSED, 0, False, number, term, mulop, total, adding, left, below, negtile,
                strict)  # fmt: skip
    # An operation or "=": the number before it is complete.
    if mode == START:
        return None
    worked = _term(state)
    if worked is None:
        return None
    if kind == OPERATOR and payload in (TIMES, DIVIDE):
        return (START, 0, False, 0, worked, payload, total, adding, left, below, negtile, strict)
    total = _add(total, worked) if adding else _sub(total, worked)
    if total < 0:
        if strict:
            return None
        below = True
    if kind == OPERATOR:
        return (START, 0, False, 0, None, None, total, payload == PLUS, left, below, negtile,
                strict)  # fmt: skip
    if left is not None:
        return None  # a second "="
    return (START, 0, False, 0, None, None, 0, True, total, below, negtile, strict)


def finish(state: State) -> str | None:
    """ "expression" or "equation" when the line read so far is complete and right, else None."""
    total = side_value(state)
    if total is None:
        return None
    left = state[8]
    if left is None:
        return "expression"
    return "equation" if total == left else None


def side_value(state: State):
    """The value of the side being read when the line read so far is complete and right but
    for its value (finish() without comparing the sides), else None."""
    mode, *_, adding, _left, below, negtile, _ = state
    if mode == START:
        return None
    worked = _term(state)
    if worked is None:
        return None
    total = _add(state[6], worked) if adding else _sub(state[6], worked)
    if (total < 0 or below) and not negtile:
        return None
    return total


def read(faces) -> str | None:
    """finish() of a whole line: "expression", "equation" or None (not right)."""
    state = initial()
    for face in faces:
        state = step(state, face)
        if state is None:
            return None
    return finish(state)


@lru_cache(maxsize=50_000)
def allowed(before: tuple[str, ...], after: tuple[str, ...], faces: tuple[str, ...]):
    """The faces that make `before + face + after` right (a cross-check set), as a frozenset."""
    if not before and not after:
        return None
    return frozenset(face for face in faces if read((*before, face, *after)) is not None)
