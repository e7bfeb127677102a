"""Students choose a game, start a match against bots, or open a table for classmates."""

from functools import wraps

from django.db.models import Q
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.views.decorators.http import require_GET, require_http_methods

from classrooms.access import current_student, query_id, student_required
from classrooms.models import Assignment

from .. import services
from ..assignments import assignment_title, assignments_for_student
from ..engine import all_games, get_game
from ..forms import NewMatchForm
from ..models import Match


def teacher_to_practice(view):
    """A teacher who opens a student's game page is taken to the same place among their own
    practice games (a shared link, a How to play's "Play" button)."""

    @wraps(view)
    def wrapped(request: HttpRequest, *args, **kwargs) -> HttpResponse:
        if request.user.is_authenticated and request.user.is_teacher:
            slug = kwargs.get("slug")
            return redirect("practice_new", slug=slug) if slug else redirect("practice")
        return view(request, *args, **kwargs)

    return wrapped


@teacher_to_practice
@student_required
@require_GET
def game_list(request: HttpRequest) -> HttpResponse:
    """The games, the student's assignments, and their games in progress."""
    student = current_student(request)
    progress = assignments_for_student(student)
    ongoing = Match.objects.filter(  # a game they gave up is not theirs to go on with
        seats__student=student,
        seats__gave_up=False,
        status__in=[Match.Status.PLAYING, Match.Status.LOBBY],
    ).order_by("-last_move_at", "-created_at")[:10]
    return render(
        request,
        "games/play.html",
        {
            "student": student,
            "games": all_games(),
            "assignments": [(p, assignment_title(p.assignment)) for p in progress],
            "ongoing": [(match, get_game(match.game)) for match in ongoing],
        },
    )


@teacher_to_practice
@student_required
@require_http_methods(["GET", "POST"])
def match_new(request: HttpRequest, slug: str) -> HttpResponse:
    """Choose the settings and the other players, then start (or open a table)."""
    try:
        game = get_game(slug)
    except KeyError:
        raise Http404("No such game.") from None
    student = current_student(request)
    assignment = _assignment(request, student)
    fixed = assignment.settings if assignment else None
    form = NewMatchForm(
        request.POST if request.method == "POST" else None, game=game, fixed_settings=fixed
    )
    context = {"game": game, "form": form, "assignment": assignment}
    if assignment:
        context["assignment_title"] = assignment_title(assignment)
    if request.method == "POST" and form.is_valid():
        seats = [services.SeatSpec(student=student)]
        for choice in form.cleaned_data["others"]:
            bot = "" if choice == "classmate" else choice
            seats.append(services.SeatSpec(bot=bot))
        try:
            match = services.match_create(
                game=slug,
                settings=form.game_settings(),
                classroom=student.classroom,
                seats=seats,
                host=student,
                assignment=assignment,
            )
        except services.MatchError as error:
            form.add_error(None, str(error))
        else:
            return redirect("match_detail", pk=match.pk)
    status = 422 if form.errors else 200
    return render(request, "games/new.html", context, status=status)


def _assignment(request: HttpRequest, student) -> Assignment | None:
    """The assignment the student is playing for (?assignment=N): one of their own, else 404.
    Anything but an id is no assignment ("²" passes isdigit but not int; see query_id)."""
    pk = query_id(request.GET.get("assignment") or request.POST.get("assignment"))
    if pk is None:
        return None
    mine = Assignment.objects.filter(classroom_id=student.classroom_id).filter(
        Q(students=student) | Q(students__isnull=True)
    )
    return get_object_or_404(mine.distinct(), pk=pk)


@student_required
@require_GET
def lobby(request: HttpRequest) -> HttpResponse:
    """The class's open tables, and the class's games being played when the teacher lets
    classmates watch; htmx refreshes the lists every few seconds."""
    student = current_student(request)
    tables = (
        Match.objects.filter(classroom_id=student.classroom_id, status=Match.Status.LOBBY)
        .select_related("host")
        .prefetch_related("seats__student")
    )
    rows = [(table, get_game(table.game)) for table in tables]
    playing = []
    if student.classroom.allow_watching:
        games = (
            Match.objects.filter(
                classroom_id=student.classroom_id,
                mode=Match.Mode.GAME,
                status=Match.Status.PLAYING,
            )
            .exclude(seats__student=student)  # their own games are on their Play page
            .prefetch_related("seats__student")
            .order_by("-started_at", "-pk")[:50]
        )
        playing = [(match, get_game(match.game)) for match in games]
    context = {"student": student, "tables": rows, "playing": playing}
    htmx = request.htmx and not request.htmx.history_restore_request
    template = "games/lobby.html#tables" if htmx else "games/lobby.html"
    return render(request, template, context)
