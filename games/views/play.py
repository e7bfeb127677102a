"""Playing a match: the page, its board, moves, live updates, joining and starting tables."""

import random
import re
from time import monotonic

from asgiref.sync import sync_to_async
from django.conf import settings
from django.core.exceptions import PermissionDenied
from django.core.handlers.asgi import ASGIRequest
from django.db import connection
from django.http import Http404, HttpRequest, HttpResponse, StreamingHttpResponse
from django.shortcuts import redirect, render
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from classrooms.access import current_student, student_required

from .. import live, services, throttle
from ..access import Access, current_player, match_access, player_required
from ..engine import ATTEMPT_KINDS, IllegalMove
from ..forms import move_data_from_post
from .board import is_current, render_board, sound_on

UNREADABLE = "That move was not readable."
BOARD_KEY_LENGTH = 400  # what a board_key may be; longer is cut and then never matches


@require_GET
def match_detail(request: HttpRequest, pk: int) -> HttpResponse:
    """The match page: a seated student plays; a teacher (or a classmate, before it starts)
    watches."""
    access = match_access(request, pk)
    if access.seat is not None:
        services.seat_seen(seat=access.seat)
    return render_board(request, access)


@require_GET
def match_board(request: HttpRequest, pk: int) -> HttpResponse:
    """The board alone; 204 if the caller already has this version (the polling fallback)."""
    access = match_access(request, pk)
    if access.seat is not None:
        services.seat_seen(seat=access.seat)
    if is_current(access.match, request.GET.get("v")):
        return HttpResponse(status=204)
    return render_board(request, access)


@require_POST
@player_required
def match_move(request: HttpRequest, pk: int) -> HttpResponse:
    """A move from the board's form, checked against the version the player saw.

    The service checks the seat under the row lock, so the hot path loads the match once.
    """
    player = current_player(request)
    if not throttle.allow_move(request.user.pk):
        access = match_access(request, pk)
        return render_board(request, access, status=429, error=throttle.SLOW_DOWN)
    try:
        version = int(request.POST.get("version", ""))
        moved = services.match_play(
            match_id=pk,
            player=player,
            move=move_data_from_post(request.POST),
            version=version,
            submission=_submission(request),
            board_key=request.POST.get("board_key", "")[:BOARD_KEY_LENGTH],
        )
    except services.AlreadyPlayed as played:  # a retry whose first answer was lost
        return render_board(request, match_access(request, pk), notice=str(played))
    except ValueError:
        return render_board(request, match_access(request, pk), status=400, error=UNREADABLE)
    except IllegalMove as error:
        return render_board(
            request, match_access(request, pk), status=422, error=error.reason, sound="mistake"
        )
    except services.NotYourSeat:
        match_access(request, pk)  # 404 for a game they may not see at all
        raise PermissionDenied("You are watching this game, not playing in it.") from None
    except services.MatchError as error:
        return render_board(
            request, match_access(request, pk), status=error.status, error=str(error)
        )
    if request.htmx:  # the match as the move left it: no need to load it again
        seat = services.seat_of(moved.seats, player)
        if seat.student_id:
            seat.student = player
        # The answer to the player's own move: news to them even when the version stays (a
        # move only they can see keeps it: services._private_move).
        access = Access(match=moved.match, seat=seat, seats=moved.seats)
        return render_board(request, access, sound=_sound(moved.events, seat), answer=True)
    return redirect("match_detail", pk=pk)


SUBMISSION = re.compile(r"[0-9a-f]{32}")


def _submission(request: HttpRequest) -> str:
    """The id of the board the move came from (see board_context); anything else is none."""
    value = request.POST.get("submission", "")
    return value if SUBMISSION.fullmatch(value) else ""


def _sound(events, seat) -> str:
    """ "good" when the player's own move got a fact or a set right by themselves."""
    for event in events:
        own = event.player == seat.index and event.correct and not event.helped
        if own and event.kind in ATTEMPT_KINDS:
            return "good"
    return ""


@require_POST
@player_required
def sound_switch(request: HttpRequest) -> HttpResponse:
    """Turn game sounds on or off for this player (a student's choice is kept with them; a
    teacher's with their sign-in)."""
    on = not sound_on(request)
    if request.user.is_student:
        student = current_student(request)
        student.sound = on
        student.save(update_fields=["sound"])
    else:
        request.session["sound"] = on
    if request.htmx:
        back = request.POST.get("next", "")
        return render(request, "games/_sound_switch.html", {"sound_on": on, "back": back})
    back = request.POST.get("next", "")
    return redirect(back if back.startswith("/matches/") and back.count("/") == 3 else "home")


@require_http_methods(["GET", "POST"])
@player_required
def match_give_up(request: HttpRequest, pk: int) -> HttpResponse:
    """ "Are you sure?" (GET), then give up the game (POST): it meets no goal."""
    access = match_access(request, pk)
    if access.seat is None:
        raise Http404("You are not playing in this game.")
    if request.method == "POST":
        try:
            services.match_give_up(match_id=pk, player=current_player(request))
        except services.MatchError as error:
            return render_board(request, access, status=error.status, error=str(error))
        return redirect("match_detail", pk=pk)
    return render(request, "games/give_up.html", {"match": access.match, "seat": access.seat})


@require_GET
def match_events(request: HttpRequest, pk: int) -> StreamingHttpResponse:
    """Server-sent events: "version" whenever the match changes. Carries nothing secret.

    Under ASGI (uvicorn) the stream is asynchronous and holds no thread; under WSGI (the
    development server, tests) it holds one thread for at most GAMES_STREAM_SECONDS.
    """
    access = match_access(request, pk)
    _release_database()  # a stream lasts up to a minute and needs no database meanwhile
    stream = _async_stream if isinstance(request, ASGIRequest) else _sync_stream
    # Each stream lasts a little less than the limit, at random: streams opened together
    # (a class starting, every browser after a restart) do not all reconnect together again.
    seconds = settings.GAMES_STREAM_SECONDS * random.uniform(0.7, 1.0)
    response = StreamingHttpResponse(
        stream(pk, access.match.version, access.seat, seconds), content_type="text/event-stream"
    )
    response["Cache-Control"] = "no-cache"
    response["X-Accel-Buffering"] = "no"  # nginx: do not buffer the stream
    return response


def _event(version: int | None) -> str:
    if version is None:
        return ": still here\n\n"  # a heartbeat keeps proxies from closing the stream
    return f"event: version\ndata: {version}\n\n"


# A stream that ends long before its time lost Redis (or never reached it): the board says live
# updates are paused and polls meanwhile; the browser tries the stream again in 10 seconds.
PAUSED = "retry: 10000\nevent: paused\ndata: 1\n\n"


def _sync_stream(pk: int, version: int, seat, seconds: float):
    yield "retry: 1000\n\n"
    yield _event(version)  # a reconnecting browser catches up at once
    ends = monotonic() + seconds
    for version in live.versions(pk, seconds=seconds):
        if version is None and seat is not None:
            _seen(seat)
        yield _event(version)
    if monotonic() < ends - 1:
        yield PAUSED


async def _async_stream(pk: int, version: int, seat, seconds: float):
    yield "retry: 1000\n\n"
    yield _event(version)
    ends = monotonic() + seconds
    async for version in live.aversions(pk, seconds=seconds):
        if version is None and seat is not None:
            await sync_to_async(_seen)(seat)
        yield _event(version)
    if monotonic() < ends - 1:
        yield PAUSED


def _seen(seat) -> None:
    services.seat_seen(seat=seat)
    _release_database()


@require_POST
@student_required
def match_join(request: HttpRequest, pk: int) -> HttpResponse:
    match_access(request, pk)
    return _table_action(request, pk, services.match_join)


@require_POST
@student_required
def match_leave(request: HttpRequest, pk: int) -> HttpResponse:
    match_access(request, pk)
    try:
        services.match_leave(match_id=pk, student=current_student(request))
    except services.MatchError as error:
        return render_board(
            request, match_access(request, pk), status=error.status, error=str(error)
        )
    return redirect("lobby")


@require_POST
@student_required
def match_start(request: HttpRequest, pk: int) -> HttpResponse:
    match_access(request, pk)
    return _table_action(request, pk, services.match_start)


def _table_action(request: HttpRequest, pk: int, action) -> HttpResponse:
    try:
        action(match_id=pk, student=current_student(request))
    except services.MatchError as error:
        return render_board(
            request, match_access(request, pk), status=error.status, error=str(error)
        )
    if request.htmx:
        return render_board(request, match_access(request, pk))
    return redirect("match_detail", pk=pk)


def _release_database() -> None:
    """Give this thread's connection back (to the pool) unless a transaction holds it."""
    if not connection.in_atomic_block:
        connection.close()
