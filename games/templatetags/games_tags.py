"""Template helpers for game boards."""

from django import template

register = template.Library()


@register.filter
def seat_name(seats, index):
    """The display name of the seat with this index; while a bot stands in for a player, the
    bot's ("Ace (easy bot) for Ana"), so its moves are never told as the child's."""
    for seat in seats:
        if seat.index == index:
            if seat.bot_stand_in and seat.is_human and seat.match.status == "playing":
                return f"{seat.bot_name} for {seat.display_name}"
            return seat.display_name
    return ""


@register.filter
def seat_is_human(seats, index) -> bool:
    """Whether the seat with this index is a person's (a bot's move there is a stand-in's)."""
    return any(seat.index == index and seat.is_human for seat in seats)


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
