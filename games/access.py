"""Who may see which match: the one place games' views ask."""

from dataclasses import dataclass

from django.http import Http404, HttpRequest

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
    """The match and the requester's seat in it, or 404."""
    match = visible_matches(request.user).filter(pk=pk).first()
    if match is None:
        raise Http404("No such game.")
    seat = None
    if request.user.is_student:
        seat = match.seats.filter(student__user=request.user).select_related("match").first()
    return Access(match=match, seat=seat)
