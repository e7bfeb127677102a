"""Reading a line of Equate tiles (games/equate/expr.py): the rule text's examples and more."""

from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

from games.engine.protocol import IllegalMove
from games.equate.expr import EQUATION, EXPRESSION, format_value, read_line


def faces(text: str) -> list[str]:
    """Faces from a space-separated string: "2 1/2 + 3" is ["2", "1/2", "+", "3"]."""
    return text.split()


def refused(text: str) -> IllegalMove:
    with pytest.raises(IllegalMove) as caught:
        read_line(faces(text))
    return caught.value


# --- "Number tiles can be placed adjacent to one another to form other numbers." ------------
def test_a_2_followed_by_a_3_creates_23():
    """ "A 2 followed by a 3 creates 23.\""""
    line = read_line(["2", "3"])
    assert line.values == (23,) and line.text == "23" and line.kind == EXPRESSION


def test_a_2_followed_by_one_half_creates_the_mixed_numeral_2_and_a_half():
    """ "A 2 followed by 1/2 creates the mixed numeral 2½.\""""
    line = read_line(["2", "1/2"])
    assert line.values == (Fraction(5, 2),) and line.text == "2½"


def test_advanced_minus_2_followed_by_4_creates_minus_24():
    """ "The number, -2, followed by 4 creates the negative number, -24.\""""
    line = read_line(["-2", "4"])
    assert line.values == (-24,) and line.text == "-24"


def test_advanced_1_followed_by_5_squared_creates_15_squared():
    """ "A numeral 1 followed by 5² creates 15².\""""
    line = read_line(["1", "5²"])
    assert line.values == (225,) and line.text == "15²"
    assert read_line(faces("1 5² = 2 2 5")).kind == EQUATION


def test_three_tiles_make_a_three_digit_number_and_a_mixed_numeral():
    assert read_line(faces("1 2 3/4")).values == (Fraction(51, 4),)
    assert read_line(faces("-2 1/2")).values == (Fraction(-5, 2),)
    assert read_line(faces("1 0²")).values == (100,)


@pytest.mark.parametrize("text", ["1/2 3", "1/2 1/2", "5² 1", "3 -2", "1/3 -2"])
def test_a_fraction_or_power_ends_a_number_and_a_negative_tile_starts_it(text):
    assert refused(text).kind == "syntax"
    assert "is not a number" in refused(text).reason


def test_one_half_then_3_is_not_a_number():
    assert refused("1/2 3").reason == "½3 is not a number: ½ must be the last tile of a number."


def test_a_negative_number_cannot_have_a_power():
    assert refused("-2 5²").kind == "syntax"


# --- "Unnecessary 0 digits are not allowed. For example 05 cannot be used for 5." -----------
def test_05_cannot_be_used_for_5():
    """ "Unnecessary 0 digits are not allowed. For example 05 cannot be used for 5.\""""
    error = refused("0 5")
    assert error.kind == "leading_zero"
    assert error.reason == "05 has a 0 it does not need: write 5 instead."


@pytest.mark.parametrize("text", ["0 0", "0 5²", "0 1/2", "3 + 0 7 = 1 0", "0 0 4"])
def test_every_unnecessary_0_is_refused(text):
    assert refused(text).kind == "leading_zero"


def test_a_0_that_is_needed_is_fine():
    assert read_line(faces("0")).values == (0,)
    assert read_line(faces("1 0 5 − 1 0 0 = 5")).kind == EQUATION
    assert read_line(faces("0 × 7 = 0")).kind == EQUATION
    assert read_line(faces("0²")).values == (0,)


# --- "Examples of numerical expressions are 45, 4 + 3, and 2 × 8 − 5." -------------------------
@pytest.mark.parametrize(
    ("text", "value", "operations"),
    [("4 5", 45, ()), ("4 + 3", 7, ("+",)), ("2 × 8 − 5", 11, ("×", "−"))],
)
def test_the_texts_examples_of_numerical_expressions(text, value, operations):
    """ "Examples of numerical expressions are 45, 4 + 3, and 2 × 8 − 5.\""""
    line = read_line(faces(text))
    assert line.kind == EXPRESSION
    assert line.values == (value,)
    assert line.operations == operations


def test_a_line_reports_its_numbers_operations_and_sides():
    line = read_line(faces("2 1/2 + 3 = 5 1/2"))
    assert line.kind == EQUATION
    assert line.text == "2½ + 3 = 5½"
    assert line.values == (Fraction(11, 2), Fraction(11, 2))
    assert line.numbers == (Fraction(5, 2), 3, Fraction(11, 2))
    assert line.operations == ("+",)
    assert line.sides == ("2½ + 3", "5½")


# --- the usual order of operations ----------------------------------------------------------
@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("2 + 3 × 4", 14),
        ("2 × 3 + 4", 10),
        ("1 0 − 6 ÷ 2", 7),
        ("8 ÷ 4 × 2", 4),
        ("8 ÷ 4 ÷ 2", 1),
        ("9 − 4 − 3", 2),
        ("2 + 3 × 4 − 6 ÷ 3", 12),
        ("1 ÷ 3 + 1 ÷ 6", Fraction(1, 2)),
    ],
)
def test_times_and_divide_come_before_plus_and_minus_left_to_right(text, value):
    assert read_line(faces(text)).values == (value,)


# --- fractions are exact --------------------------------------------------------------------
def test_one_half_plus_one_third_is_five_sixths_exactly():
    line = read_line(faces("1/2 + 1/3 = 5/6"))
    assert line.kind == EQUATION
    assert line.values == (Fraction(5, 6), Fraction(5, 6))
    assert all(type(value) is Fraction for value in line.values + line.numbers)
    assert line.text == "½ + ⅓ = ⅚"


def test_thirds_add_up_exactly_where_floats_would_not():
    # 0.1 + 0.2 != 0.3 in floats; thirds are worse. Exact arithmetic keeps 1/3 × 3 = 1.
    assert read_line(faces("1/3 + 1/3 + 1/3 = 1")).kind == EQUATION
    assert read_line(faces("1/6 × 6 = 1")).kind == EQUATION
    assert read_line(faces("2/3 ÷ 2 = 1/3")).kind == EQUATION


# --- An equation must be true ---------------------------------------------------------------
def test_2_plus_3_equals_6_is_not_true():
    error = refused("2 + 3 = 6")
    assert error.kind == "false"
    assert error.reason == "2 + 3 = 6 is not true: 2 + 3 = 5"


def test_a_false_equation_names_each_side_that_is_worked_out():
    assert refused("5 = 6").reason == "5 = 6 is not true."
    assert refused("7 = 2 × 3").reason == "7 = 2 × 3 is not true: 2 × 3 = 6"
    assert refused("4 + 3 = 2 × 3").reason == "4 + 3 = 2 × 3 is not true: 4 + 3 = 7 and 2 × 3 = 6"
    assert refused("1/2 + 1/3 = 1").reason == "½ + ⅓ = 1 is not true: ½ + ⅓ = ⅚"


def test_true_equations_with_sides_on_both_ends():
    assert read_line(faces("4 + 3 = 1 0 − 3")).values == (7, 7)
    assert read_line(faces("5 = 5")).kind == EQUATION


# --- no negative expressions; "−" only for subtracting ----------------------------------------
def test_17_minus_20_is_negative():
    error = refused("1 7 − 2 0")
    assert error.kind == "negative"
    assert error.reason == "17 − 20 is negative (less than 0): that is not allowed."


def test_a_side_may_not_go_below_0_on_the_way():
    """Our decision: the running total, read left to right after × and ÷, stays at or above 0."""
    error = refused("3 − 5 + 4 = 2")
    assert error.kind == "negative"
    assert error.reason.startswith("3 − 5 is negative")
    assert refused("3 − 2 × 2 + 5").reason.startswith("3 − 2 × 2 is negative")
    assert read_line(faces("5 + 4 − 3 = 6")).values == (6, 6)
    assert read_line(faces("3 − 3 = 0")).values == (0, 0)


def test_a_line_with_a_negative_tile_may_go_below_0():
    """Advanced: "The only negative symbols are those already placed on the tiles in front of
    numbers.\""""
    assert read_line(faces("3 − 5 = -2")).values == (-2, -2)
    assert read_line(faces("-2 4 = -4 × 6")).values == (-24, -24)


def test_the_subtraction_symbol_is_not_for_taking_an_opposite():
    """ "The subtraction symbol is used only for subtracting and not for taking an opposite.\""""
    error = refused("− 6")
    assert error.kind == "syntax"
    assert "− is only for taking away" in error.reason
    assert refused("1 − − 6").kind == "syntax"
    assert refused("3 = − 6 + 9").kind == "syntax"


# --- incomplete strings ---------------------------------------------------------------------
@pytest.mark.parametrize(
    ("text", "reason"),
    [
        ("6 +", "6 + is not complete: a number must come after +."),
        ("+ 6", "+ 6 is not complete: it cannot start with +."),
        ("6 + × 2", "6 + × 2 is not complete: a number must come between + and ×."),
        ("3 + = 4", "3 + = 4 is not complete: a number must come after +."),
        ("= 5", "= 5 is not complete: there must be something before =."),
        ("5 =", "5 = is not complete: there must be something after =."),
        ("5 = × 1", "5 = × 1 is not complete: a number must come between = and ×."),
        ("=", "= is not complete: there must be something before =."),
    ],
)
def test_incomplete_strings_are_refused(text, reason):
    error = refused(text)
    assert error.kind == "syntax"
    assert error.reason == reason


def test_no_tiles_at_all_is_refused():
    with pytest.raises(IllegalMove):
        read_line([])


# --- "Equations cannot be extended to contain more than one equal symbol." --------------------
def test_a_line_may_have_only_one_equals():
    """ "Equations cannot be extended to contain more than one equal symbol.\""""
    error = refused("2 + 2 = 4 = 4")
    assert error.kind == "two_equals"
    assert error.reason == "2 + 2 = 4 = 4 has two = signs: a line can have only one =."
    assert refused("1 = = 1").kind == "two_equals"


# --- division by zero -----------------------------------------------------------------------
@pytest.mark.parametrize(
    ("text", "part"),
    [
        ("6 ÷ 0", "6 ÷ 0"),
        ("5 + 6 ÷ 0 = 5", "6 ÷ 0"),
        ("2 × 3 ÷ 0", "2 × 3 ÷ 0"),
        ("2 ÷ 0²", "2 ÷ 0²"),
    ],
)
def test_dividing_by_zero_is_refused(text, part):
    error = refused(text)
    assert error.kind == "divide_by_zero"
    assert error.reason.startswith(part)
    assert "divide by 0" in error.reason


def test_zero_divided_by_a_number_is_fine():
    assert read_line(faces("0 ÷ 5 = 0")).values == (0, 0)


def test_faces_that_are_not_tiles_are_a_callers_bug():
    with pytest.raises(ValueError):
        read_line(["?", "+", "1"])
    with pytest.raises(ValueError):
        read_line(["1", "-", "1"])


@pytest.mark.parametrize(
    ("value", "text"),
    [
        (Fraction(11, 2), "5½"),
        (Fraction(5, 6), "⅚"),
        (Fraction(7), "7"),
        (Fraction(0), "0"),
        (Fraction(-5, 2), "-2½"),
        (Fraction(31, 12), "2⁷⁄₁₂"),
    ],
)
def test_values_are_shown_as_whole_numbers_and_mixed_numerals(value, text):
    assert format_value(value) == text


# --- properties -----------------------------------------------------------------------------
OPS = {"+": "+", "−": "-", "×": "*", "÷": "/"}
small = st.integers(min_value=0, max_value=99)
pieces = st.tuples(small, st.lists(st.tuples(st.sampled_from(list(OPS)), small), max_size=5))


def python_value(first, rest):
    """The value Python's own Fraction arithmetic (and precedence) gives, or None for ÷ 0."""
    source = f"Fraction({first})" + "".join(f" {OPS[op]} Fraction({n})" for op, n in rest)
    try:
        return eval(source, {"Fraction": Fraction})  # our own generated text only
    except ZeroDivisionError:
        return None


def number_faces(n: int) -> list[str]:
    return list(str(n))


@given(pieces)
def test_well_formed_expressions_read_back_to_pythons_fraction_value(expression):
    first, rest = expression
    line_faces = number_faces(first)
    for op, n in rest:
        line_faces += [op, *number_faces(n)]
    expected = python_value(first, rest)
    # the running totals our rule checks: each prefix that ends before a + or −
    cuts = [i for i, (op, _) in enumerate(rest) if op in ("+", "−")] + [len(rest)]
    prefixes = [python_value(first, rest[:cut]) for cut in cuts]
    if expected is None:
        with pytest.raises(IllegalMove) as caught:
            read_line(line_faces)
        assert caught.value.kind == "divide_by_zero"
    elif any(p is not None and p < 0 for p in prefixes):
        with pytest.raises(IllegalMove) as caught:
            read_line(line_faces)
        assert caught.value.kind == "negative"
    else:
        line = read_line(line_faces)
        assert line.values == (expected,)
        assert line.operations == tuple(op for op, _ in rest)
        assert line.numbers == (first, *(n for _, n in rest))


@given(pieces.filter(lambda e: all(op in ("+", "×") for op, _ in e[1])))
def test_plus_and_times_expressions_equal_their_value_make_a_true_equation(expression):
    first, rest = expression
    left = number_faces(first)
    for op, n in rest:
        left += [op, *number_faces(n)]
    value = python_value(first, rest)
    line = read_line([*left, "=", *number_faces(value.numerator)])
    assert line.kind == EQUATION and line.values == (value, value)
    wrong = read_line(left).values[0] + 1
    with pytest.raises(IllegalMove) as caught:
        read_line([*left, "=", *number_faces(wrong.numerator)])
    assert caught.value.kind == "false"
