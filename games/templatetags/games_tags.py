"""Template helpers for game boards."""

from django import template

register = template.Library()


@register.simple_tag
def times_table(size: int = 10) -> list[tuple[int, list[int]]]:
    """Rows of the multiplication table: [(a, [a*1, ..., a*size]), ...]."""
    return [(a, [a * b for b in range(1, size + 1)]) for a in range(1, size + 1)]


@register.filter
def seat_name(seats, index):
    """The display name of the seat with this index."""
    for seat in seats:
        if seat.index == index:
            return seat.display_name
    return ""
