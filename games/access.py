"""Who may see which match: the one place games' views ask."""

from collections.abc import Callable
from dataclasses import dataclass
from functools import wraps

from django.contrib.auth.views import redirect_to_login
from django.http import Http404, HttpRequest, HttpResponse

from classrooms.access import current_student, ids_in_range
from classrooms.models import Classroom, Student, User

from .models import Match, Seat
from .rows import seats_with_match


@dataclass(frozen=True)
class Access:
    """The match as the requester may see it: as a seated player, or as a watcher."""

    match: Match
    seat: Seat | None
    # Every seat of the match, loaded with it (the board names them all); None: load them.
    seats: list[Seat] | None = None

    def all_seats(self) -> list[Seat]:
        """The match's seats with their students (those loaded with it, else a query)."""
        if self.seats is not None:
            return self.seats
        return list(self.match.seats.select_related("student"))

    @property
    def player(self) -> int | None:
        """The seat the requester plays (None: they watch). A player who gave up left the
        game: a bot plays their seat, and they watch it like anyone else (its moves and its
        turns are not theirs)."""
        return self.seat.index if self.seat and not self.seat.gave_up else None


def player_required(view: Callable[..., HttpResponse]) -> Callable[..., HttpResponse]:
    """Anyone signed in (a student or a teacher: teachers play practice games and Learn to
    play rounds); others are sent to sign in."""

    @wraps(view)
    def wrapped(request: HttpRequest, *args, **kwargs) -> HttpResponse:
        if not request.user.is_authenticated:
            return redirect_to_login(request.get_full_path(), login_url="join")
        ids_in_range(kwargs)
        return view(request, *args, **kwargs)

    return wrapped


def current_player(request: HttpRequest) -> Student | User:
    """Who is playing: the signed-in student, or the signed-in teacher."""
    if request.user.is_student:
        return current_student(request)
    return request.user


def match_access(request: HttpRequest, pk: int) -> Access:
    """The match and the requester's seat in it, or 404.

    The hot path (a student at the table) is one query: every seat with its student and the
    match joined in.
    """
    user = request.user
    if not user.is_authenticated:
        raise Http404("No such game.")
    ids_in_range({"pk": pk})
    if user.is_student:
        seats = seats_with_match(pk)
        if not seats:
            raise Http404("No such game.")
        match = seats[0].match
        seat = next((s for s in seats if s.student and s.student.user_id == user.pk), None)
        if seat is not None:
            return Access(match=match, seat=seat, seats=seats)
        if _classmate_may_look(match, user):
            return Access(match=match, seat=None, seats=seats)
        raise Http404("No such game.")
    if not user.is_teacher:
        raise Http404("No such game.")
    # A teacher plays at their own practice tables and watches their classes' games.
    seats = seats_with_match(pk, teacher=True)
    if not seats:
        raise Http404("No such game.")
    match = seats[0].match
    seat = next((s for s in seats if s.teacher_id == user.pk), None)
    if seat is not None:
        return Access(match=match, seat=seat, seats=seats)
    if (
        match.classroom_id
        and Classroom.objects.filter(pk=match.classroom_id, teacher=user).exists()
    ):
        return Access(match=match, seat=None, seats=seats)
    raise Http404("No such game.")


def _classmate_may_look(match: Match, user: User) -> bool:
    """A student of the match's class, not seated at it, may look at a table waiting in the
    lobby; and, when the teacher allows watching, watch a class game (never a practice game
    or a Learn to play round) being played, or its end, as a spectator: no hand is shown."""
    classmates = Student.objects.filter(classroom_id=match.classroom_id, user=user)
    if match.status == Match.Status.LOBBY:
        return classmates.exists()
    watchable = (Match.Status.PLAYING, Match.Status.FINISHED)
    if match.mode != Match.Mode.GAME or match.status not in watchable:
        return False
    return classmates.filter(classroom__allow_watching=True).exists()
