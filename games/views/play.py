"""Playing a match: the page, its board, moves, live updates, joining and starting tables."""

from django.conf import settings
from django.http import HttpRequest, HttpResponse, StreamingHttpResponse
from django.shortcuts import redirect
from django.views.decorators.http import require_GET, require_POST

from classrooms.access import current_student, student_required

from .. import live, services
from ..access import match_access
from ..engine import IllegalMove
from ..forms import move_data_from_post
from .board import is_current, render_board


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
@student_required
def match_move(request: HttpRequest, pk: int) -> HttpResponse:
    """A move from the board's form, checked against the version the player saw."""
    access = match_access(request, pk)
    try:
        version = int(request.POST.get("version", ""))
    except ValueError:
        return render_board(request, access, status=400, error="That move was not readable.")
    try:
        services.match_play(
            match_id=pk,
            student=current_student(request),
            move=move_data_from_post(request.POST),
            version=version,
        )
    except IllegalMove as error:
        return render_board(request, _fresh(request, pk), status=422, error=error.reason)
    except services.MatchError as error:
        return render_board(request, _fresh(request, pk), status=error.status, error=str(error))
    if request.htmx:
        return render_board(request, _fresh(request, pk))
    return redirect("match_detail", pk=pk)


@require_GET
def match_events(request: HttpRequest, pk: int) -> StreamingHttpResponse:
    """Server-sent events: "version" whenever the match changes. Carries nothing secret."""
    access = match_access(request, pk)
    seat = access.seat

    def stream():
        yield "retry: 1500\n\n"
        yield f"event: version\ndata: {access.match.version}\n\n"
        for version in live.versions(pk, seconds=settings.GAMES_STREAM_SECONDS):
            if version is None:
                if seat is not None:
                    services.seat_seen(seat=seat)
                yield ": still here\n\n"
            else:
                yield f"event: version\ndata: {version}\n\n"

    response = StreamingHttpResponse(stream(), content_type="text/event-stream")
    response["Cache-Control"] = "no-cache"
    response["X-Accel-Buffering"] = "no"  # nginx: do not buffer the stream
    return response


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
        return render_board(request, _fresh(request, pk), status=error.status, error=str(error))
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
        return render_board(request, _fresh(request, pk), status=error.status, error=str(error))
    if request.htmx:
        return render_board(request, _fresh(request, pk))
    return redirect("match_detail", pk=pk)


def _fresh(request: HttpRequest, pk: int):
    return match_access(request, pk)
