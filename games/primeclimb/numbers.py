"""The board's numbers: the spaces 0–101, their colours, and the four operations.

Rule text, "Using the Colors": every time you multiply, the colours of the two numbers are
combined; when you divide, you remove the colours of the smaller number from the bigger one.
docs/rules.md: 2 orange, 3 green, 5 blue, 7 purple, every prime above 10 red; a composite shows
one segment per prime factor counted with multiplicity (4 = two oranges); 0 and 1 neutral.
"""

from __future__ import annotations

from collections import Counter
from functools import cache

START, FINISH = 0, 101  # "the Start circle, which counts as 0" and "the 101 circle"
SPACES = range(START, FINISH + 1)
DIE_FACES = range(1, 11)  # "The "0" on the dice stands for "10.""

ADD, SUBTRACT, MULTIPLY, DIVIDE = "add", "subtract", "multiply", "divide"
OPS = (ADD, SUBTRACT, MULTIPLY, DIVIDE)  # the fixed order of every list of steps
SYMBOLS = {ADD: "+", SUBTRACT: "−", MULTIPLY: "×", DIVIDE: "÷"}
SKILL_SIGNS = {ADD: "+", SUBTRACT: "-", MULTIPLY: "x", DIVIDE: "/"}  # "14-3", "11x9", "98/7"
OP_WORDS = {ADD: "add", SUBTRACT: "take away", MULTIPLY: "times", DIVIDE: "divide by"}

PRIME_COLOURS = {2: "orange", 3: "green", 5: "blue", 7: "purple"}
RED = "red"  # every prime above 10
COLOUR_ORDER = ("orange", "green", "blue", "purple", "red")


@cache
def prime_factors(n: int) -> tuple[int, ...]:
    """The prime factors of n with multiplicity, smallest first (0 and 1: none)."""
    if n < 2:
        return ()
    factors, rest, p = [], n, 2
    while p * p <= rest:
        while rest % p == 0:
            factors.append(p)
            rest //= p
        p += 1
    if rest > 1:
        factors.append(rest)
    return tuple(factors)


def colours(n: int) -> list[str]:
    """The colour segments of a space, one per prime factor: 42 → orange, green, purple.

    0 and 1 are neutral: an empty list."""
    return [PRIME_COLOURS.get(p, RED) for p in prime_factors(n)]


def is_prime(n: int) -> bool:
    """Whether n is prime (one colour segment)."""
    return len(prime_factors(n)) == 1


def is_all_red(n: int) -> bool:
    """An "entirely red space": a prime greater than 10 (101 counts, but never gives a card)."""
    return n > 10 and is_prime(n)


def factor_text(n: int) -> str:
    """How a space is made, for a screen reader and the colour-blind: "42 = 2 × 3 × 7"."""
    factors = prime_factors(n)
    if n < 2:
        return f"{n}: no colour"
    if len(factors) == 1:
        return f"{n} is prime ({colours(n)[0]})"
    return f"{n} = {' × '.join(str(p) for p in factors)} ({', '.join(colours(n))})"


def raw_result(at: int, op: str, die: int) -> int | None:
    """The number an operation gives, before checking it is on the board (None: not whole)."""
    if op == ADD:
        return at + die
    if op == SUBTRACT:
        return at - die
    if op == MULTIPLY:
        return at * die
    return at // die if at % die == 0 else None


def step_text(at: int, op: str, die: int, result: int | None) -> str:
    """ "14 − 3 = 11"; "7 ÷ 2 is not a whole number"."""
    left = f"{at} {SYMBOLS[op]} {die}"
    return f"{left} = {result}" if result is not None else f"{left} is not a whole number"


def skill(at: int, op: str, die: int) -> str:
    """The fact used, in a stable form for progress reports: "14-3", "11x9", "98/7"."""
    return f"{at}{SKILL_SIGNS[op]}{die}"


def reversed_digits(n: int) -> int:
    """ "Reverse the digits of your number": 23 → 32, 30 → 3, 7 → 7."""
    return int(str(n)[::-1])


def colour_hint(at: int, op: str, die: int) -> dict | None:
    """The rules' colour help for × and ÷: the colours combined (×) or removed (÷).

    14 × 3: orange, purple + green → orange, green, purple (42). 84 ÷ 4: remove orange, orange
    from orange, orange, green, purple → green, purple (21). None for + and −, for 0 and 1
    (neutral) and when the die's colours are not all in the number's (not a whole number)."""
    if op not in (MULTIPLY, DIVIDE) or at < 2 or die < 2:
        return None
    mine, theirs = Counter(prime_factors(at)), Counter(prime_factors(die))
    if op == MULTIPLY:
        result = mine + theirs
    else:
        if theirs - mine:
            return None
        result = mine - theirs
    factors = sorted(result.elements())
    value = 1
    for p in factors:
        value *= p
    return {
        "number": colours(at),
        "die": colours(die),
        "result": [PRIME_COLOURS.get(p, RED) for p in factors],
        "value": value,
        "verb": "combine" if op == MULTIPLY else "remove",
    }
