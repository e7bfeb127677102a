"""A teacher unlocks a student locked by too many wrong tries, or their own school network."""

from django.contrib import messages
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.views.decorators.http import require_POST

from .. import ratelimit
from ..access import teacher_classroom, teacher_required, teacher_student
from ..models import Classroom
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


LIFTED = "Sign-ins from this network can go through again."
NOT_PAUSED = "Sign-ins from this network are not paused."
TOO_OFTEN = (
    "Sign-ins from this network were let through again as often as allowed this hour. "
    "They start again by themselves within the hour."
)


def address_is_paused(request: HttpRequest) -> bool:
    """Whether pupils' sign-ins or class codes from the teacher's own address are refused."""
    return ratelimit.address_paused(ratelimit.client_address(request))


@teacher_required
@require_POST
def address_unlock(request: HttpRequest, pk: int) -> HttpResponse:
    """Pupils' sign-ins and class codes from the network the teacher is on go through again:
    only that address, never one sent in the form (docs/security.md)."""
    classroom = teacher_classroom(request, pk)
    try:
        lifted = ratelimit.address_unlock(ratelimit.client_address(request))
    except ratelimit.Unavailable as error:
        return rate_limited(request, error)
    except ratelimit.RateLimited:
        return _address_answer(request, classroom, TOO_OFTEN, refused=True)
    return _address_answer(request, classroom, LIFTED if lifted else NOT_PAUSED)


def _address_answer(
    request: HttpRequest, classroom: Classroom, text: str, *, refused: bool = False
) -> HttpResponse:
    """The notice's new text for htmx; otherwise the class page, with the text as a message."""
    if request.htmx:
        context = {"classroom": classroom, "address_said": text}
        return render(request, f"{DETAIL}#address_notice", context, status=429 if refused else 200)
    if refused:
        messages.error(request, text)
    else:
        messages.success(request, text)
    return redirect("class_detail", pk=classroom.pk)
