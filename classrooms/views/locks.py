"""A teacher unlocks a student whose sign-in was locked by too many wrong tries."""

from django.contrib import messages
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.views.decorators.http import require_POST

from .. import ratelimit
from ..access import teacher_required, teacher_student
from .common import rate_limited

DETAIL = "classes/detail.html"


def locked_students(students) -> set[int]:
    """The students (ids) locked out on some device, for the roster's "Unlock" buttons."""
    by_account = {ratelimit.student_account(s.pk): s.pk for s in students}
    return {by_account[account] for account in ratelimit.locked(by_account)}


@teacher_required
@require_POST
def student_unlock(request: HttpRequest, pk: int, student_pk: int) -> HttpResponse:
    """Their wrong tries are forgotten on every device; they can sign in at once."""
    student = teacher_student(request, pk, student_pk)
    try:
        ratelimit.unlock(ratelimit.student_account(student.pk))
    except ratelimit.Unavailable as error:
        return rate_limited(request, error)
    if request.htmx:
        context = {"classroom": student.classroom, "student": student, "was_unlocked": True}
        return render(request, f"{DETAIL}#student_row", context)
    messages.success(request, f"{student.name} can sign in again.")
    return redirect("class_detail", pk=student.classroom_id)
