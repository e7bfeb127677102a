"""Who may see what: the one place classrooms' views ask."""

from collections.abc import Callable
from functools import wraps

from django.contrib.auth.views import redirect_to_login
from django.core.exceptions import PermissionDenied
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404

from .models import Classroom, Student


def teacher_required(view: Callable[..., HttpResponse]) -> Callable[..., HttpResponse]:
    """Signed-in teachers only: others are sent to sign in, students get 403."""

    @wraps(view)
    def wrapped(request: HttpRequest, *args, **kwargs) -> HttpResponse:
        if not request.user.is_authenticated:
            return redirect_to_login(request.get_full_path())
        if not request.user.is_teacher:
            raise PermissionDenied("This page is for teachers.")
        return view(request, *args, **kwargs)

    return wrapped


def student_required(view: Callable[..., HttpResponse]) -> Callable[..., HttpResponse]:
    """Signed-in students only: others are sent to the student sign-in, teachers get 403."""

    @wraps(view)
    def wrapped(request: HttpRequest, *args, **kwargs) -> HttpResponse:
        if not request.user.is_authenticated:
            return redirect_to_login(request.get_full_path(), login_url="join")
        if not request.user.is_student:
            raise PermissionDenied("This page is for students.")
        return view(request, *args, **kwargs)

    return wrapped


def teacher_classroom(request: HttpRequest, pk: int) -> Classroom:
    """The requesting teacher's class, or 404 (another teacher's class does not exist for them)."""
    return get_object_or_404(Classroom.objects.for_teacher(request.user), pk=pk)


def teacher_student(request: HttpRequest, classroom_pk: int, pk: int) -> Student:
    """A student in the requesting teacher's class, or 404."""
    classroom = teacher_classroom(request, classroom_pk)
    return get_object_or_404(classroom.students.select_related("user", "classroom"), pk=pk)


def current_student(request: HttpRequest) -> Student:
    """The signed-in student's own record (with their class).

    The student backend loads it with the user (and caches both), so this costs no query.
    """
    try:
        return request.user.student
    except (AttributeError, Student.DoesNotExist):
        raise Http404("No such student.") from None
