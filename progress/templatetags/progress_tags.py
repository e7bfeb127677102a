"""Small filters for the progress pages."""

from django import template

from ..svg import stars as star_text

register = template.Library()


@register.filter
def stars(count) -> str:
    """ "★★☆" for 2 stars of 3."""
    try:
        return star_text(int(count))
    except (TypeError, ValueError):
        return star_text(0)


@register.filter
def kid_next(suggestion: str | None) -> str:
    """A teacher's "Ready for Level 4" as a child reads it: "You're ready for Level 4!"."""
    if not suggestion:
        return ""
    if suggestion.startswith("Ready for "):
        return f"You're ready for {suggestion.removeprefix('Ready for ')}!"
    return suggestion
