"""Template helpers for game boards."""

from django import template

register = template.Library()


@register.filter
def seat_name(seats, index):
    """The display name of the seat with this index."""
    for seat in seats:
        if seat.index == index:
            return seat.display_name
    return ""


@register.filter
def item(sequence, index):
    """sequence[index], or "" when there is no such item."""
    try:
        return sequence[index]
    except (IndexError, KeyError, TypeError):
        return ""


@register.filter
def settings_label(match) -> str:
    """The match's settings in words ("2 free cards")."""
    from games.engine import get_game

    return get_game(match.game).settings_label(match.settings)
