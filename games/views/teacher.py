"""Teachers watch their class's matches and replay finished ones move by move."""

import random

from django.contrib import messages
from django.core.exceptions import PermissionDenied
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.cache import patch_vary_headers
from django.views.decorators.http import require_GET, require_POST

from classrooms.access import ids_in_range, teacher_classroom, teacher_required

from .. import services
from ..access import match_access
from ..assignments import (
    AssignmentError,
    assigned_students,
    assignment_create,
    assignment_title,
    assignment_update,
    progress_for,
)
from ..engine import (
    SPECTATOR,
    Game,
    IllegalMove,
    all_games,
    apply_logged,
    get_game,
    mark_mover,
)
from ..forms import AssignmentForm, slot_summaries
from ..models import Match, MoveRecord, Seat
from ..records import classroom_records


@teacher_required
@require_GET
def class_matches(request: HttpRequest, pk: int) -> HttpResponse:
    """Who is playing now, open tables, finished games, and the students' records.

    htmx refreshes the three lists every few seconds (the "games" partial alone).
    """
    classroom = teacher_classroom(request, pk)
    matches = (
        classroom.matches.filter(mode=Match.Mode.GAME)
        .prefetch_related("seats__student")
        .order_by("-created_at")
    )
    groups = {status: [] for status in Match.Status.values}
    for match in matches[:300]:
        groups[match.status].append((match, get_game(match.game)))
    context = {"classroom": classroom, "groups": groups, "Status": Match.Status}
    if _partial(request):
        return _vary(render(request, "games/class_matches.html#games", context))
    context["records"] = classroom_records(classroom)
    return _vary(render(request, "games/class_matches.html", context))


@teacher_required
@require_POST
def match_unstick(request: HttpRequest, pk: int, match_pk: int) -> HttpResponse:
    """ "Try again" on a game that stopped after its bot's move or clock failed again and again."""
    return _stopped_game(request, pk, match_pk, services.match_unstick, TRIED_AGAIN)


@teacher_required
@require_POST
def match_end(request: HttpRequest, pk: int, match_pk: int) -> HttpResponse:
    """ "End this game": it is closed with no winner and meets no goal."""
    return _stopped_game(request, pk, match_pk, services.match_end, ENDED)


TRIED_AGAIN = "The game goes on: its bots and clock are trying again."
ENDED = "The game was ended. It counts for nobody's goals."


def _stopped_game(request: HttpRequest, pk: int, match_pk: int, action, said: str):
    """Do a teacher's action on a game of their class, then show the class's games."""
    classroom = teacher_classroom(request, pk)
    match = _class_match(classroom, match_pk)
    action(match_id=match.pk, classroom=classroom)
    messages.success(request, said)
    return redirect("class_matches", pk=classroom.pk)


def _class_match(classroom, match_pk: int) -> Match:
    """A game of the teacher's class, or 404."""
    ids_in_range({"match_pk": match_pk})
    return get_object_or_404(classroom.matches, pk=match_pk)


@teacher_required
@require_GET
def match_replay(request: HttpRequest, pk: int) -> HttpResponse:
    """A finished match, rebuilt from its settings, seed and move log, one move at a time.

    The board is a watcher's; beneath it, every hand (each seat's own view at this move):
    the game is over, so nothing is left to hide.
    """
    access = match_access(request, pk)
    match = access.match
    if match.status != Match.Status.FINISHED:
        raise PermissionDenied("Only finished games can be replayed.")
    rules = get_game(match.game)
    records = list(match.moves.order_by("number"))
    try:
        step = min(max(int(request.GET.get("step", len(records))), 0), len(records))
    except ValueError:
        raise Http404("No such step.") from None
    seats = list(match.seats.select_related("student"))
    state = mark_mover(rules.new_game(match.settings, len(seats), match.seed), None)
    private = _private_seats(rules, state, len(seats), match.seed)
    stopped = ""
    for applied, record in enumerate(records[:step]):
        try:
            state = mark_mover(
                apply_logged(rules, state, record.seat, record.move), _stand_in(record, seats)
            )
        except IllegalMove:
            # Played before a rule was made exact (Prime Challenge's challengers, issue 13):
            # the log no longer replays past this move; show the game up to it.
            step, stopped = (
                applied,
                (
                    "This game was played under older rules, so it can be replayed only up to "
                    f"move {applied}."
                ),
            )
            break
    context = {
        "replay_stopped": stopped,
        "match": match,
        "rules": rules,
        "seats": seats,
        "view": rules.view(state, SPECTATOR),
        "me": None,
        "my_turn": False,
        "board_template": f"games/{match.game}/board.html",
        "stylesheet": rules.stylesheet,
        "moves": [(record.number, _mover(record, seats), record.text) for record in records],
        "step": step,
        "total": len(records),
        "hands": [(seat, rules.view(state, seat.index)) for seat in seats if seat.index in private],
        "replay": True,
        "has_analysis": type(rules).analyse is not Game.analyse,
    }
    template = "games/replay.html#replay" if _partial(request) else "games/replay.html"
    return _vary(render(request, template, context))


def _private_seats(rules: Game, state: dict, players: int, seed: int) -> list[int]:
    """The seats that see something a watcher does not (their own hand): dealing again what
    is hidden from a watcher changes what they see. Asked of the deal, where hands are full."""
    rng = random.Random(seed)
    return [
        player
        for player in range(players)
        if any(
            rules.view(state, player)
            != rules.view(rules.resample_hidden(state, SPECTATOR, rng), player)
            for _ in range(3)  # three deals: one could repeat a small hand by chance
        )
    ]


def _stand_in(record: MoveRecord, seats: list[Seat]) -> dict | None:
    """The bot that made this move for a child (Seat.stand_in_by), or None."""
    seat = next((seat for seat in seats if seat.index == record.seat), None)
    return seat.stand_in_by(record.by_bot, record.move.get("type")) if seat else None


def _mover(record: MoveRecord, seats: list[Seat]) -> str:
    """Who made a move: a bot standing in for a child is named as that ("a bot playing for
    Ana"), so its moves are never told as the child's."""
    name = next((seat.display_name for seat in seats if seat.index == record.seat), "")
    if _stand_in(record, seats):
        return f"a bot playing for {name}"
    return name


def _partial(request: HttpRequest) -> bool:
    """An htmx request for a piece of the page; a history restore wants the whole page."""
    return bool(request.htmx) and not request.htmx.history_restore_request


def _vary(response: HttpResponse) -> HttpResponse:
    """The page and its partial share a URL: caches must keep them apart."""
    patch_vary_headers(response, ("HX-Request",))
    return response


@teacher_required
def class_assignments(request: HttpRequest, pk: int) -> HttpResponse:
    """The class's assignments with how many students met each goal; choose a game to assign."""
    classroom = teacher_classroom(request, pk)
    rows = []
    for assignment in classroom.assignments.prefetch_related("students"):
        students = assigned_students(assignment)
        progress = progress_for(assignment, students)
        met = sum(p.met for p in progress)
        rows.append((assignment, assignment_title(assignment), met, len(students)))
    return render(
        request,
        "games/assignments.html",
        {"classroom": classroom, "rows": rows, "games": all_games()},
    )


@teacher_required
def assignment_new(request: HttpRequest, pk: int, slug: str) -> HttpResponse:
    """Choose a game's settings (the teacher's own cards too), a goal and who; 422 if invalid."""
    classroom = teacher_classroom(request, pk)
    try:
        game = get_game(slug)
    except KeyError:
        raise Http404("No such game.") from None
    form = AssignmentForm(
        request.POST if request.method == "POST" else None, game=game, classroom=classroom
    )
    if request.method == "POST" and form.is_valid():
        try:
            assignment_create(classroom=classroom, game=slug, **form.assignment_values())
        except AssignmentError as error:
            form.add_error(None, str(error))
        else:
            messages.success(request, f"Assigned {game.name}.")
            return redirect("class_assignments", pk=classroom.pk)
    context = {"classroom": classroom, "game": game, "form": form}
    return render(request, "games/assignment_new.html", context, status=422 if form.errors else 200)


@teacher_required
def assignment_edit(request: HttpRequest, pk: int, assignment_pk: int) -> HttpResponse:
    """Change an assignment's settings, goal, due date or students; 422 (nothing changed) if
    invalid."""
    classroom = teacher_classroom(request, pk)
    assignment = get_object_or_404(classroom.assignments, pk=assignment_pk)
    game = get_game(assignment.game)
    form = AssignmentForm(
        request.POST if request.method == "POST" else None,
        game=game,
        classroom=classroom,
        assignment=assignment,
    )
    if request.method == "POST" and form.is_valid():
        try:
            assignment_update(assignment=assignment, **form.assignment_values())
        except AssignmentError as error:
            form.add_error(None, str(error))
        else:
            messages.success(request, "Assignment saved.")
            return redirect("assignment_detail", pk=classroom.pk, assignment_pk=assignment.pk)
    context = {"classroom": classroom, "game": game, "form": form, "assignment": assignment}
    return render(request, "games/assignment_new.html", context, status=422 if form.errors else 200)


@teacher_required
def assignment_detail(request: HttpRequest, pk: int, assignment_pk: int) -> HttpResponse:
    """Each assigned student's progress toward the goal; POST removes the assignment."""
    classroom = teacher_classroom(request, pk)
    assignment = get_object_or_404(classroom.assignments, pk=assignment_pk)
    if request.method == "POST":
        assignment.delete()
        messages.success(request, "Assignment removed.")
        return redirect("class_assignments", pk=classroom.pk)
    progress = progress_for(assignment, assigned_students(assignment))
    context = {
        "classroom": classroom,
        "assignment": assignment,
        "title": assignment_title(assignment),
        "progress": progress,
        "slot_summaries": slot_summaries(get_game(assignment.game), assignment.settings),
    }
    return render(request, "games/assignment_detail.html", context)
