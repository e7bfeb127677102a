"""Rendering a match for one person: the page, or just its board for htmx and live updates."""

import math

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.utils import timezone

from ..access import Access
from ..engine import get_game
from ..models import Match
from ..records import MatchRecord, record_for_match

PAGE = "games/match.html"
# A game's own stylesheet, beside site.css (games not listed are styled in site.css).
STYLESHEETS = {
    "prime-challenge": "css/challenge.css",
    "prime-solitaire": "css/primepak.css",
    "prime-climb": "css/primeclimb.css",
}
# Games whose board tells the story itself ("What happened"): no list of raw moves below it.
OWN_LOG = {"prime-challenge", "prime-climb"}


def board_context(access: Access, **extra) -> dict:
    """Everything a board template needs, built from the viewer's own view of the state."""
    match = access.match
    rules = get_game(match.game)
    seats = getattr(match, "_seats", None) or list(match.seats.select_related("student"))
    view = rules.view(match.state, access.player) if match.state else None
    turn = rules.current_player(match.state) if match.state else None
    return {
        "match": match,
        "rules": rules,
        "settings_label": rules.settings_label(match.settings),
        "seats": seats,
        "view": view,
        "me": access.player,
        "my_turn": turn is not None and turn == access.player and match.status == "playing",
        "turn_seat": next((s for s in seats if s.index == turn), None),
        "board_template": f"games/{match.game}/board.html",
        "stylesheet": STYLESHEETS.get(match.game),
        "moves": [] if match.game in OWN_LOG else match.recent,
        "is_host": access.seat is not None and match.host_id == access.seat.student_id,
        "i_won": any(seat.won for seat in seats if seat.index == access.player),
        "clock_seconds": clock_seconds(match),
        "match_record": _record(match, access),
        **extra,
    }


def _record(match: Match, access: Access) -> MatchRecord | None:
    """The seated student's record, once a game that keeps records is over."""
    if access.seat is None or match.status != Match.Status.FINISHED:
        return None
    return record_for_match(match, access.seat.student_id)


def clock_seconds(match: Match) -> int | None:
    """Whole seconds left on the game's clock (turn limit, challenge window), if one runs."""
    if match.deadline_at is None or match.status != Match.Status.PLAYING:
        return None
    return max(0, math.ceil((match.deadline_at - timezone.now()).total_seconds()))


def render_board(
    request: HttpRequest, access: Access, *, status: int = 200, **extra
) -> HttpResponse:
    """The board partial for htmx; the whole page otherwise."""
    template = f"{PAGE}#board" if request.htmx else PAGE
    return render(request, template, board_context(access, **extra), status=status)


def is_current(match: Match, version: str | None) -> bool:
    return version is not None and version == str(match.version)
