"""Who may see what: the one place classrooms' views ask."""

from collections.abc import Callable
from functools import wraps

from django.contrib.auth.views import redirect_to_login
from django.core.exceptions import PermissionDenied
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404

from .models import Classroom, Student

# The largest id a row can have: a 64-bit signed integer (PostgreSQL's BIGINT, SQLite's
# INTEGER). A URL may carry any number of digits; a bigger id names nothing, and SQLite
# cannot even bind it (OverflowError: a 500), so the answer is 404 before any query.
MAX_ID = 2**63 - 1


def ids_in_range(kwargs: dict) -> None:
    """404 for a URL whose id (an int path value) no row could have, before any query."""
    for value in kwargs.values():
        if isinstance(value, int) and not 0 <= value <= MAX_ID:
            raise Http404("No such page.")


def query_id(text: object) -> int | None:
    """An id sent as text (?match=12), or None: only plain ASCII digits within the id range
    count ("²" and "٣" pass str.isdigit(), and int() refuses the first)."""
    text = str(text or "")
    if not (text.isascii() and text.isdigit()) or len(text) > len(str(MAX_ID)):
        return None
    value = int(text)
    return value if value <= MAX_ID else None


def teacher_required(view: Callable[..., HttpResponse]) -> Callable[..., HttpResponse]:
    """Signed-in teachers only: others are sent to sign in, students get 403."""

    @wraps(view)
    def wrapped(request: HttpRequest, *args, **kwargs) -> HttpResponse:
        if not request.user.is_authenticated:
            return redirect_to_login(request.get_full_path())
        if not request.user.is_teacher:
            raise PermissionDenied("This page is for teachers.")
        ids_in_range(kwargs)
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
        ids_in_range(kwargs)
        return view(request, *args, **kwargs)

    return wrapped


def teacher_classroom(request: HttpRequest, pk: int) -> Classroom:
    """The requesting teacher's class, or 404 (another teacher's class does not exist for them)."""
    ids_in_range({"pk": pk})
    return get_object_or_404(Classroom.objects.for_teacher(request.user), pk=pk)


def teacher_student(request: HttpRequest, classroom_pk: int, pk: int) -> Student:
    """A student in the requesting teacher's class, or 404."""
    classroom = teacher_classroom(request, classroom_pk)
    ids_in_range({"pk": pk})
    return get_object_or_404(classroom.students.select_related("user", "classroom"), pk=pk)


def current_student(request: HttpRequest) -> Student:
    """The signed-in student's own record (with their class).

    The student backend loads it with the user (and caches both), so this costs no query.
    """
    try:
        return request.user.student
    except (AttributeError, Student.DoesNotExist):
        raise Http404("No such student.") from None
