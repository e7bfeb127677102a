"""Who may see which match: the one place games' views ask."""

from dataclasses import dataclass

from django.http import Http404, HttpRequest

from classrooms.models import Classroom, Student

from .models import Match, Seat


@dataclass(frozen=True)
class Access:
    """The match as the requester may see it: as a seated player, or as a watcher."""

    match: Match
    seat: Seat | None

    @property
    def player(self) -> int | None:
        return self.seat.index if self.seat else None


def visible_matches(user):
    """Matches a user may open: a teacher's classes' matches; a student's own and their
    class's open tables."""
    if not user.is_authenticated:
        return Match.objects.none()
    if user.is_teacher:
        return Match.objects.filter(classroom__teacher=user)
    if user.is_student:
        from django.db.models import Q

        student = user.student
        return Match.objects.filter(
            Q(seats__student=student)
            | Q(classroom_id=student.classroom_id, status=Match.Status.LOBBY)
        ).distinct()
    return Match.objects.none()


def match_access(request: HttpRequest, pk: int) -> Access:
    """The match and the requester's seat in it, or 404 (the hot path: two indexed queries)."""
    user = request.user
    match = Match.objects.filter(pk=pk).first()
    if match is None or not user.is_authenticated:
        raise Http404("No such game.")
    if user.is_teacher and Classroom.objects.filter(pk=match.classroom_id, teacher=user).exists():
        return Access(match=match, seat=None)
    if user.is_student:
        seats = list(match.seats.select_related("student"))
        match._seats = seats  # the board needs them all; one query serves both
        seat = next((s for s in seats if s.student and s.student.user_id == user.pk), None)
        if seat is not None:
            seat.match = match
            return Access(match=match, seat=seat)
        lobby = match.status == Match.Status.LOBBY
        if lobby and Student.objects.filter(classroom_id=match.classroom_id, user=user).exists():
            return Access(match=match, seat=None)
    raise Http404("No such game.")
