"""Learning progress for teachers: the class dashboard, a student's page, CSV and print."""

import csv
from urllib.parse import urlencode

from django.http import HttpRequest, HttpResponse, HttpResponseBadRequest
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.views.decorators.http import require_GET, require_POST
from django.views.decorators.vary import vary_on_headers

from classrooms.access import teacher_classroom, teacher_required, teacher_student
from classrooms.models import Classroom
from games.engine import get_game

from ..models import ReportJob, StudentProgress
from ..reports import class_report, csv_filename, csv_rows, report_job_start, student_report
from ..svg import accuracy_chart, stacked_bar

DASHBOARD = "progress/class.html"
STUDENT_PAGE = "progress/student.html"
ACTIVE = (ReportJob.Status.QUEUED, ReportJob.Status.RUNNING)


class BadFilter(ValueError):
    """A game or level in the query string that this class's report does not have."""


def _filters(request: HttpRequest, choices: list[dict]) -> tuple[str | None, str | None]:
    """The chosen game and level; BadFilter says what is wrong with them."""
    game = request.GET.get("game") or None
    level = request.GET.get("level") or None
    games = {choice["slug"]: choice for choice in choices}
    if game is not None and game not in games:
        raise BadFilter("Nobody in this class has played that game, so every game is shown.")
    if level is not None:
        if game is None:
            raise BadFilter("Choose a game before a level, so every game is shown.")
        if level not in dict(games[game]["levels"]):
            raise BadFilter("Nobody in this class has played that level, so every game is shown.")
    return game, level


def _level_choices(classroom: Classroom) -> list[dict]:
    """The games and levels this class has progress in, in the games' level order."""
    found: dict[str, dict[str, str]] = {}
    rows = StudentProgress.objects.filter(student__classroom=classroom)
    for game, level, label in rows.values_list("game", "level", "level_label").distinct():
        found.setdefault(game, {})[level] = label
    choices = []
    for slug, levels in found.items():
        try:
            rules = get_game(slug)
        except KeyError:  # a game no longer offered: its rows still show under its slug
            name, order = slug, []
        else:
            name, order = rules.name, [key for key, _ in rules.progress_levels()]
        rank = {key: index for index, key in enumerate(order)}
        keys = sorted(levels, key=lambda key: (rank.get(key, len(rank)), levels[key]))
        choices.append({"slug": slug, "name": name, "levels": [(k, levels[k]) for k in keys]})
    return sorted(choices, key=lambda choice: (choice["name"], choice["slug"]))


def _current_job(classroom: Classroom, job_pk: str | None) -> ReportJob | None:
    """The job the teacher started (its id in the URL without JavaScript), or one running."""
    jobs = ReportJob.objects.filter(classroom=classroom).order_by("-pk")
    if job_pk and job_pk.isdecimal() and len(job_pk) < 12:  # else not a job of ours
        return jobs.filter(pk=int(job_pk)).first()
    return jobs.filter(status__in=ACTIVE).first()


def _dashboard_context(request: HttpRequest, classroom: Classroom) -> dict:
    choices = _level_choices(classroom)
    problem = None
    try:
        game, level = _filters(request, choices)
    except BadFilter as error:
        game, level, problem = None, None, str(error)
    report = class_report(classroom, game=game, level=level)
    chosen = next((choice for choice in choices if choice["slug"] == game), None)
    query = {key: value for key, value in (("game", game), ("level", level)) if value}
    return {
        "classroom": classroom,
        "report": report,
        "choices": choices,
        "game": game,
        "level": level,
        # What a student with nothing shown is listed under (the CSV's row for them).
        "game_name": chosen["name"] if chosen else "",
        "level_label": dict(chosen["levels"]).get(level, "") if chosen else "",
        "problem": problem,
        "query_string": urlencode(query),
        "legend": [(status.value, status.label) for status in StudentProgress.Status],
        "bars": [(entry, stacked_bar(entry.counts)) for entry in report.by_level],
        "played": any(row.levels for row in report.rows),
    }


@teacher_required
@require_GET
@vary_on_headers("HX-Request")
def class_progress(request: HttpRequest, pk: int) -> HttpResponse:
    """Who plays now, the class by level, every student's levels; htmx swaps the report."""
    classroom = teacher_classroom(request, pk)
    context = _dashboard_context(request, classroom)
    context["job"] = _current_job(classroom, request.GET.get("job"))
    # Going back to a pushed URL asks for the whole page again (htmx keeps no history cache).
    partial = request.htmx and not request.htmx.history_restore_request
    return render(request, f"{DASHBOARD}#report" if partial else DASHBOARD, context)


@teacher_required
@require_GET
def class_progress_csv(request: HttpRequest, pk: int) -> HttpResponse:
    """The report's table as a CSV file, with the same game and level filters as the page."""
    classroom = teacher_classroom(request, pk)
    try:
        game, level = _filters(request, _level_choices(classroom))
    except BadFilter as error:
        return HttpResponseBadRequest(str(error), content_type="text/plain; charset=utf-8")
    report = class_report(classroom, game=game, level=level)
    response = HttpResponse(content_type="text/csv; charset=utf-8")
    response["Content-Disposition"] = f'attachment; filename="{csv_filename(report)}"'
    response.write("\ufeff")  # a byte-order mark: Excel then reads "Zoë" and "4 × 8" right
    csv.writer(response).writerows([csv_safe(cell) for cell in row] for row in csv_rows(report))
    return response


FORMULA_START = ("=", "+", "-", "@", "\t", "\r")


def csv_safe(cell):
    """A cell a spreadsheet will not run: text that starts like a formula ("=HYPERLINK(...)",
    "-2+3", "@SUM(...)") gets a leading apostrophe (OWASP's advice); numbers stay numbers."""
    if isinstance(cell, str) and cell.startswith(FORMULA_START):
        return "'" + cell
    return cell


@teacher_required
@require_POST
def progress_update(request: HttpRequest, pk: int) -> HttpResponse:
    """Rebuild the class's progress in the background; the page shows how far it is."""
    classroom = teacher_classroom(request, pk)
    job = report_job_start(classroom=classroom)
    if request.htmx:
        context = {"classroom": classroom, "job": job}
        return render(request, f"{DASHBOARD}#job", context)
    return redirect(f"{reverse('class_progress', args=[classroom.pk])}?job={job.pk}")


@teacher_required
@require_GET
def progress_job(request: HttpRequest, pk: int, job_pk: int) -> HttpResponse:
    """How far an update is (htmx polls it); once done, the new report comes along with it."""
    classroom = teacher_classroom(request, pk)
    job = get_object_or_404(ReportJob.objects.filter(classroom=classroom), pk=job_pk)
    if not request.htmx:
        return redirect(f"{reverse('class_progress', args=[classroom.pk])}?job={job.pk}")
    context = {"classroom": classroom, "job": job}
    if job.status == ReportJob.Status.DONE:
        context.update(_dashboard_context(request, classroom), oob=True)
        return render(request, f"{DASHBOARD}#job_done", context)
    return render(request, f"{DASHBOARD}#job", context)


def _chart_label(level) -> str:
    """ "Prime Solitaire · Level 3"; only the game's name when it has no levels."""
    if level.level == "all":
        return level.game_name
    return f"{level.game_name} · {level.level_label}"


def _student_context(student) -> dict:
    report = student_report(student)
    chart = accuracy_chart(
        (_chart_label(level), level.accuracy) for level in report.levels if level.attempts
    )
    return {"student": student, "report": report, "chart": chart}


@teacher_required
@require_GET
def student_progress(request: HttpRequest, pk: int, student_pk: int) -> HttpResponse:
    """One student's levels, recent games, fact maps and accuracy, for the teacher."""
    student = teacher_student(request, pk, student_pk)
    context = {"classroom": student.classroom, **_student_context(student)}
    return render(request, STUDENT_PAGE, context)


@teacher_required
@require_GET
def class_progress_print(request: HttpRequest, pk: int) -> HttpResponse:
    """Every student's report, one to a printed page."""
    classroom = teacher_classroom(request, pk)
    pages = [_student_context(student) for student in classroom.students.all()]
    return render(request, "progress/print.html", {"classroom": classroom, "pages": pages})
