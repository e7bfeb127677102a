"""A signed-in student's own page: here, beside progress, because it shows what the games app
keeps (assignments, records) with the stars progress gives (classrooms names neither)."""

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render

from classrooms.access import current_student, student_required
from games.assignments import assignment_title, assignments_for_student
from games.records import student_records

from ..reports import student_levels


@student_required
def student_home(request: HttpRequest) -> HttpResponse:
    """A student's own page: their assignments, their stars at each level, and their records."""
    student = current_student(request)
    progress = assignments_for_student(student)
    context = {
        "student": student,
        "assignments": [(p, assignment_title(p.assignment)) for p in progress],
        "records": student_records(student),
        "levels": student_levels(student),
    }
    return render(request, "student/home.html", context)
