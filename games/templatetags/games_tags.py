"""Template helpers for game boards."""

import json
import zlib

from django import template
from django.utils.html import conditional_escape
from django.utils.safestring import mark_safe

register = template.Library()


@register.simple_tag
def board_html(rules, part: str, *args):
    """A piece of a game's board built by the game in Python (Game.board_html): escaped by
    the game, where a template loop would be slow."""
    return mark_safe(rules.board_html(part, *args))  # the game escapes every text in it


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
def seat_names(seats) -> dict[int, str]:
    """Each seat's name as the board tells it (seat_name), by seat index."""
    return {seat.index: seat_name(seats, seat.index) for seat in seats}


@register.filter
def told_name(seats, index) -> str:
    """The display name of the seat with this index as a past move's log tells it: never
    relabelled by a stand-in that plays now (the move says who made it: `who`)."""
    return next((seat.display_name for seat in seats if seat.index == index), "")


@register.simple_tag(takes_context=True)
def named(context, seat, cap: bool = False) -> str:
    """A seat as the board names it now: "You" or "you" for the viewer (`cap`: it starts a
    sentence), else the seat's name (a stand-in playing now named as such: seat_name)."""
    me = context.get("me")
    if seat == me and me is not None:
        return "You" if cap else "you"
    return seat_name(context.get("seats", ()), seat)


@register.simple_tag(takes_context=True)
def sentence(context, line) -> str:
    """A sentence of a game's log or round summary (engine/log.py, {"parts", "by"}): its text,
    and each seat it names told as it was when the move was made (`who`), escaped."""
    return mark_safe(  # every part is escaped here
        "".join(
            conditional_escape(part["text"] if part.get("text") else who(context, part, line))
            for part in line.get("parts", ())
        )
    )


@register.simple_tag(takes_context=True)
def who(context, part, event) -> str:
    """A seat named in a sentence of the game's log (a part {"seat", "cap", "own"}), as it
    was when the move was made: "You" or "you" for the viewer; "Ace (easy bot) for Maya" (or
    "for you") where the move's maker was a bot standing in for that seat (the event's "by",
    engine.mark_mover: only the sentence's first seat, the one who did it); with "own", the
    possessive ("your", "Maya’s"). Earlier moves keep their maker whatever happens later
    (docs/rules.md, "Who moved")."""
    seats, me = context.get("seats", ()), context.get("me")
    index, cap, own = part.get("seat"), part.get("cap"), part.get("own")
    by = event.get("by") if isinstance(event, dict) else None
    first = next((p for p in event.get("parts", ()) if "seat" in p), None) if by else None
    if by and by.get("seat") == index and first is part and not own:
        name = "you" if index == me else told_name(seats, index)
        return f"{by.get('bot', 'A bot')} for {name}"
    if index == me and me is not None:
        word = "your" if own else "you"
        return word.capitalize() if cap else word
    return told_name(seats, index) + ("’s" if own else "")


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


@register.filter
def signature(value, more=None) -> str:
    """A short name for some cards, the same for the same cards (in the same order) and another
    for any others: a board's data-keep-ticks says with it what the player's ticks refer to
    (static/js/app.js keeps them while it stays the same)."""
    text = json.dumps([value, more], sort_keys=True, default=str)
    return format(zlib.crc32(text.encode()), "08x")
