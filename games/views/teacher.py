"""Teachers watch their class's matches and replay finished ones move by move."""

from django.contrib import messages
from django.core.exceptions import PermissionDenied
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.views.decorators.http import require_GET

from classrooms.access import teacher_classroom, teacher_required

from ..access import match_access
from ..assignments import (
    AssignmentError,
    assigned_students,
    assignment_create,
    assignment_title,
    progress_for,
)
from ..engine import Game, all_games, apply_logged, get_game
from ..forms import AssignmentForm, slot_summaries
from ..models import Match
from ..records import classroom_records
from .board import STYLESHEETS


@teacher_required
@require_GET
def class_matches(request: HttpRequest, pk: int) -> HttpResponse:
    """Who is playing now, open tables, finished games, and the students' records."""
    classroom = teacher_classroom(request, pk)
    matches = (
        classroom.matches.filter(mode=Match.Mode.GAME)
        .prefetch_related("seats__student")
        .order_by("-created_at")
    )
    groups = {status: [] for status in Match.Status.values}
    for match in matches[:300]:
        groups[match.status].append((match, get_game(match.game)))
    return render(
        request,
        "games/class_matches.html",
        {
            "classroom": classroom,
            "groups": groups,
            "Status": Match.Status,
            "records": classroom_records(classroom),
        },
    )


@teacher_required
@require_GET
def match_replay(request: HttpRequest, pk: int) -> HttpResponse:
    """A finished match, rebuilt from its settings, seed and move log, one move at a time.

    The teacher sees what a watcher saw: no hand is ever shown.
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
    state = rules.new_game(match.settings, match.seats.count(), match.seed)
    for record in records[:step]:
        state = apply_logged(rules, state, record.seat, record.move)
    context = {
        "match": match,
        "rules": rules,
        "seats": list(match.seats.select_related("student")),
        "view": rules.view(state, None),
        "me": None,
        "my_turn": False,
        "board_template": f"games/{match.game}/board.html",
        "stylesheet": STYLESHEETS.get(match.game),
        "records": records,
        "step": step,
        "total": len(records),
        "replay": True,
        "has_analysis": type(rules).analyse is not Game.analyse,
    }
    template = "games/replay.html#replay" if request.htmx else "games/replay.html"
    return render(request, template, context)


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
            assignment_create(
                classroom=classroom,
                game=slug,
                settings=form.game_settings(),
                goal=form.cleaned_data["goal"],
                goal_count=form.cleaned_data["goal_count"],
                due_date=form.cleaned_data["due_date"],
                students=form.chosen_students(),
            )
        except AssignmentError as error:
            form.add_error(None, str(error))
        else:
            messages.success(request, f"Assigned {game.name}.")
            return redirect("class_assignments", pk=classroom.pk)
    context = {"classroom": classroom, "game": game, "form": form}
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
