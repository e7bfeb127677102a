"""Everything stored about one student, as plain data a teacher can download and hand on.

It is what the database keeps about the child, keyed to them: their record and sign-in, their
sound setting, the assignments given to them by name, every seat they sat in (the match's
settings, dates and result, and the moves they made themselves: while a game goes on only
each move's line in the game log, never its data, which can hold a choice still secret at the
table), their learning records, their progress rows and the ledger of matches counted in it.

Classmates are not named in it: another player is "a classmate", "a former student", "the
teacher" or a bot. Match states are left out too: they hold the other players' hands.
"""

from collections import defaultdict
from typing import Any

from django.db.models import Exists, OuterRef
from django.utils import timezone
from django.utils.text import slugify

from classrooms.models import Assignment, Student
from games.engine import get_game
from games.models import LearningRecord, Match, MoveRecord, Seat

from .models import ProgressCounted, StudentProgress

FORMAT = "factorium-student-export"
VERSION = 1


def export_filename(student: Student) -> str:
    """ "factorium-ana-b-2026-03-04.json": the name made safe for any file system."""
    slug = slugify(student.name, allow_unicode=True) or f"student-{student.pk}"
    return f"factorium-{slug}-{timezone.localdate().isoformat()}.json"


def student_export(*, student: Student) -> dict[str, Any]:
    """The whole export, ready for json.dumps (with Django's encoder for dates)."""
    return {
        "format": FORMAT,
        "version": VERSION,
        "exported_at": timezone.now(),
        "about": (
            "Everything Factorium stores about this student. Other children are not named: "
            "they appear as 'a classmate'. Remove the student from the class to delete it."
        ),
        "student": _student(student),
        "settings": {
            "sound": student.sound,
            "sound_means": (
                "true: sounds on, false: sounds off, null: the class's default "
                f"({'on' if student.classroom.sounds else 'off'})"
            ),
        },
        "assignments": _assignments(student),
        "matches": _matches(student),
        "learning_records": _learning(student),
        "progress": _progress(student),
        "progress_counted_matches": sorted(
            ProgressCounted.objects.filter(student=student).values_list("match_id", flat=True)
        ),
    }


def _student(student: Student) -> dict[str, Any]:
    user, classroom = student.user, student.classroom
    return {
        "id": student.pk,
        "name": student.name,
        "class": {"id": classroom.pk, "name": classroom.name},
        "added_at": student.created_at,
        # The secrets are included: the teacher sees and prints them on sign-in cards already,
        # and "everything stored" would be untrue without them. "New sign-in" replaces them.
        "sign_in": {
            "method": classroom.sign_in_method,
            "method_label": classroom.get_sign_in_method_display(),
            "pictures": student.pictures,
            "short_password": student.word_secret,
            "note": (
                "Both secrets are stored; the class uses the one named in 'method'. "
                "The teacher's 'New sign-in' button replaces them."
            ),
        },
        "account": {
            "username": user.username,
            "email": user.email,  # always empty: students have no email address
            "has_password": user.has_usable_password(),  # always false: no password
            "active": user.is_active,
            "created_at": user.date_joined,
            "last_sign_in": user.last_login,
        },
    }


def _assignments(student: Student) -> list[dict[str, Any]]:
    """Assignments given to this student by name (whole-class ones name nobody)."""
    return [
        {
            "id": a.pk,
            "game": a.game,
            "settings": a.settings,
            "goal": a.goal_text,
            "due_date": a.due_date,
            "created_at": a.created_at,
        }
        for a in Assignment.objects.filter(students=student).order_by("created_at", "pk")
    ]


def _game_name(slug: str) -> str:
    try:
        return get_game(slug).name
    except KeyError:  # a game no longer offered: its slug is the best name left
        return slug


def _settings_label(match) -> str:
    try:
        return get_game(match.game).settings_label(match.settings)
    except (KeyError, TypeError, ValueError):  # a label is a nicety: settings go raw too
        return ""


def _other(seat: Seat) -> str:
    """Who sat in another seat, without naming a child."""
    if seat.former_student:
        return "a former student"
    if seat.student_id:
        return "a classmate"
    if seat.teacher_id:
        return "the teacher"
    if seat.bot:
        return seat.bot_name
    return "an open seat"


def _matches(student: Student) -> list[dict[str, Any]]:
    seats = list(
        Seat.objects.filter(student=student)
        .select_related("match")
        .prefetch_related("match__seats")
        .order_by("match__created_at", "match_id")
    )
    own_seat = Seat.objects.filter(match=OuterRef("match"), index=OuterRef("seat"), student=student)
    moves = defaultdict(list)
    for move in MoveRecord.objects.filter(Exists(own_seat)).order_by("match_id", "number"):
        moves[move.match_id].append(move)
    found = []
    for seat in seats:
        match = seat.match
        own = [m for m in moves[match.pk] if not m.by_bot]
        ended = match.status in (Match.Status.FINISHED, Match.Status.ABANDONED)
        found.append(
            {
                "id": match.pk,
                "game": match.game,
                "game_name": _game_name(match.game),
                "mode": match.mode,
                "status": match.status,
                "settings": match.settings,
                "settings_label": _settings_label(match),
                "level": match.level,
                "assignment_id": match.assignment_id,
                "opened_the_table": match.host_id == student.pk,
                "created_at": match.created_at,
                "started_at": match.started_at,
                "finished_at": match.finished_at,
                "last_move_at": match.last_move_at,
                "seat": {
                    "index": seat.index,
                    "won": seat.won,
                    "gave_up": seat.gave_up,
                    "bot_played_for_them": seat.stood_in,
                    "app_helped": seat.helped,
                    "tried_on_their_own": seat.attempted,
                    "last_seen_at": seat.last_seen_at,
                },
                "players": [
                    {"seat": s.index, "who": "this student" if s.pk == seat.pk else _other(s)}
                    for s in match.seats.all()
                ],
                "outcome": match.outcome,
                "moves": [_move(m, ended) for m in own],
                "moves_by_a_bot_for_them": len(moves[match.pk]) - len(own),
            }
        )
    return found


def _move(record: MoveRecord, ended: bool) -> dict[str, Any]:
    """One of the student's own moves. While the game goes on, only its line in the game log:
    a move's data can hold a choice still secret at the table (Prime Bomb's cards before the
    reveal), and the log's line never does."""
    found = {"number": record.number, "text": record.text, "at": record.created_at}
    if ended:
        found["move"] = record.move
    return found


def _learning(student: Student) -> list[dict[str, Any]]:
    fields = (
        "id",
        "match_id",
        "game",
        "level",
        "level_key",
        "move_number",
        "kind",
        "skill",
        "correct",
        "mistake",
        "detail",
        "helped",
        "created_at",
    )
    return list(LearningRecord.objects.filter(student=student).order_by("id").values(*fields))


def _progress(student: Student) -> list[dict[str, Any]]:
    rows = StudentProgress.objects.filter(student=student).order_by("game", "level")
    fields = [f.attname for f in StudentProgress._meta.concrete_fields if f.name != "student"]
    return list(rows.values(*fields))
