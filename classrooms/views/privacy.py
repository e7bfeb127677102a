"""The privacy notice: what is stored about children, who sees it, for how long."""

from django.conf import settings
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.views.decorators.http import require_GET


def _hours(seconds: int) -> int:
    return max(1, round(seconds / 3600))


@require_GET
def privacy(request: HttpRequest) -> HttpResponse:
    """For teachers and parents, in plain words; open to everyone. The times come from the
    settings, so the page says what this server really does."""
    context = {
        "session_hours": _hours(settings.SESSION_COOKIE_AGE),
        "lobby_hours": _hours(settings.GAMES_LOBBY_EXPIRY_SECONDS),
        "abandon_hours": _hours(settings.GAMES_ABANDON_SECONDS),
        "reset_hours": _hours(settings.PASSWORD_RESET_TIMEOUT),
    }
    return render(request, "privacy.html", context)
