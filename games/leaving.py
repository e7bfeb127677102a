"""A student leaves every match before a teacher deletes them, so no classmate's game breaks.

The seats themselves are detached when the student record goes (Seat.student's on_delete
marks them "a former student"); this module settles the matches first, each under its row lock,
when the classrooms app says a student is being removed (classrooms.signals.student_removing).
"""

from dataclasses import dataclass

from django.db import transaction
from django.db.models import Q

from classrooms.models import Student

from . import services
from .models import Match, Seat


@dataclass
class Departure:
    """What happened to a deleted student's matches."""

    deleted: int = 0  # nobody else was at the table: gone with the student
    left: int = 0  # tables still waiting in the lobby, left (the host's are closed)
    stood_in: int = 0  # games being played with classmates: a bot plays the seat to the end
    kept: int = 0  # ended games with classmates: kept, with "a former student" in the seat


@transaction.atomic
def student_matches_leave(*, student: Student) -> Departure:
    """Settle every match the student sits in, before their record is deleted.

    - No other person at the table (against bots, Learn to play, or only former students
      left): the match is deleted, moves and all; nobody else's game is in it.
    - A table waiting in the lobby: the student leaves it, as with "Leave" (the host's table
      is closed, as when a host leaves).
    - A game being played with classmates: the seat is given up, as with "Give up": a bot
      plays it to the end, so the classmates' game goes on (or it is closed if nobody else
      is still playing).
    - A finished or closed game with classmates: kept for them and their replays.
    """
    done = Departure()
    # The locks are held to the end of the removal: taken in id order, two removals at once
    # (classmates who shared tables) cannot deadlock.
    match_ids = sorted(set(Seat.objects.filter(student=student).values_list("match_id", flat=True)))
    for match_id in match_ids:
        match = Match.objects.select_for_update().filter(pk=match_id).first()
        if match is None:  # deleted meanwhile (its class went)
            continue
        people = Q(student__isnull=False) | Q(teacher__isnull=False)
        if not match.seats.filter(people).exclude(student=student).exists():
            match.delete()
            done.deleted += 1
        elif match.status == Match.Status.LOBBY:
            services.match_leave(match_id=match_id, student=student)
            done.left += 1
        elif match.status == Match.Status.PLAYING:
            services.match_give_up(match_id=match_id, player=student)
            done.stood_in += 1
        else:
            done.kept += 1
    return done


def on_student_removing(sender, student: Student, **kwargs) -> Departure:
    """classrooms.signals.student_removing: settle the student's matches first."""
    return student_matches_leave(student=student)
