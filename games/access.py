"""Who may see which match: the one place games' views ask."""

from dataclasses import dataclass

from django.http import Http404, HttpRequest

from classrooms.models import Student

from .models import Match, Seat


@dataclass(frozen=True)
class Access:
    """The match as the requester may see it: as a seated player, or as a watcher."""

    match: Match
    seat: Seat | None

    @property
    def player(self) -> int | None:
        return self.seat.index if self.seat else None


def match_access(request: HttpRequest, pk: int) -> Access:
    """The match and the requester's seat in it, or 404.

    The hot path (a student at the table) is one query: every seat with its student and the
    match joined in.
    """
    user = request.user
    if not user.is_authenticated:
        raise Http404("No such game.")
    if user.is_student:
        seats = list(Seat.objects.filter(match_id=pk).select_related("match", "student"))
        if not seats:
            raise Http404("No such game.")
        match = seats[0].match
        match._seats = seats  # the board needs them all
        for seat in seats:
            seat.match = match
        seat = next((s for s in seats if s.student and s.student.user_id == user.pk), None)
        if seat is not None:
            return Access(match=match, seat=seat)
        lobby = match.status == Match.Status.LOBBY
        if lobby and Student.objects.filter(classroom_id=match.classroom_id, user=user).exists():
            return Access(match=match, seat=None)
        raise Http404("No such game.")
    match = (
        Match.objects.filter(pk=pk, classroom__teacher=user).first() if user.is_teacher else None
    )
    if match is None:
        raise Http404("No such game.")
    return Access(match=match, seat=None)
