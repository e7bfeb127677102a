"""Assignments: a teacher's "play this game at this level, reach this goal" and the progress
toward it, counted from the student's own finished games (docs/rules.md, "Playing on the
platform")."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date

from django.db import transaction
from django.db.models import Count, Q

from classrooms.models import Assignment, Classroom, Student

from .engine import SettingsError, get_game
from .models import OWN_GAME, OWN_WIN, PASSIVE, STOOD_IN, WON_WITH_HELP, Match, Seat


class AssignmentError(ValueError):
    """An assignment that cannot be made; the message is for the teacher."""


@dataclass(frozen=True)
class Progress:
    """A student's games toward an assignment's goal, and the ones that did not count."""

    assignment: Assignment
    student: Student
    finished: int  # their own finished games (models.OWN_GAME)
    won: int  # their own won games, without the app's help (models.OWN_WIN)
    given_up: int = 0  # games of the assignment they gave up: they meet no goal
    finished_by_bot: int = 0  # a stand-in bot made some of their moves: they meet no goal
    passive: int = 0  # finished with no real attempt of theirs: they meet no goal
    won_with_help: int = 0  # won with a hint or results shown: finished, but not a win goal

    @property
    def count(self) -> int:
        return self.won if self.assignment.goal == Assignment.Goal.WIN else self.finished

    @property
    def met(self) -> bool:
        return self.count >= self.assignment.goal_count

    @property
    def percent(self) -> int:
        return min(100, round(100 * self.count / max(1, self.assignment.goal_count)))

    @property
    def not_counted(self) -> int:
        """Games played for the assignment that do not count toward its goal (a win with
        help still counts as finished, not as a win)."""
        extra = self.won_with_help if self.assignment.goal == Assignment.Goal.WIN else 0
        return self.given_up + self.finished_by_bot + self.passive + extra

    @property
    def not_counted_text(self) -> str:
        """ "2 given up · 1 a bot played for them · 1 won with help" ("" when every game
        counted; a win with help is named for a win goal only: it counts as finished)."""
        win_goal = self.assignment.goal == Assignment.Goal.WIN
        parts = [
            f"{count} {words}"
            for count, words in (
                (self.given_up, "given up"),
                (self.finished_by_bot, "a bot played for them"),
                (self.passive, "with no try of their own"),
                (self.won_with_help if win_goal else 0, "won with help"),
            )
            if count
        ]
        return " · ".join(parts)


def _checked(
    *, classroom: Classroom, game: str, settings: dict, goal: str, goal_count: int, students
) -> tuple[dict, list[Student]]:
    """The clean settings and the chosen students, or AssignmentError."""
    try:
        rules = get_game(game)
        clean = rules.clean_settings(settings)
    except (KeyError, SettingsError) as error:
        raise AssignmentError(f"That game or setting is not available ({error}).") from None
    if goal not in Assignment.Goal.values or not 1 <= goal_count <= 50:
        raise AssignmentError("The goal must be to finish or win 1 to 50 games.")
    chosen = list(students or [])
    if any(student.classroom_id != classroom.pk for student in chosen):
        raise AssignmentError("Every chosen student must be in this class.")
    return clean, chosen


@transaction.atomic
def assignment_create(
    *,
    classroom: Classroom,
    game: str,
    settings: dict,
    goal: str,
    goal_count: int,
    due_date: date | None = None,
    students: list[Student] | None = None,
) -> Assignment:
    """Assign a game (with its settings) to the class, or to some of its students."""
    clean, chosen = _checked(
        classroom=classroom,
        game=game,
        settings=settings,
        goal=goal,
        goal_count=goal_count,
        students=students,
    )
    assignment = Assignment.objects.create(
        classroom=classroom,
        game=game,
        settings=clean,
        goal=goal,
        goal_count=goal_count,
        due_date=due_date,
    )
    assignment.students.set(chosen)
    return assignment


@transaction.atomic
def assignment_update(
    *,
    assignment: Assignment,
    settings: dict,
    goal: str,
    goal_count: int,
    due_date: date | None = None,
    students: list[Student] | None = None,
) -> Assignment:
    """Change an assignment's settings, goal, due date or students (its game stays).

    Progress is always counted with the assignment's current settings, from the day it was
    made: changing the settings changes which of the games already played count."""
    clean, chosen = _checked(
        classroom=assignment.classroom,
        game=assignment.game,
        settings=settings,
        goal=goal,
        goal_count=goal_count,
        students=students,
    )
    assignment.settings, assignment.goal, assignment.goal_count = clean, goal, goal_count
    assignment.due_date = due_date
    assignment.save(update_fields=["settings", "goal", "goal_count", "due_date"])
    assignment.students.set(chosen)
    return assignment


def assigned_students(assignment: Assignment) -> list[Student]:
    """Who the assignment is for: the chosen students, or the whole class."""
    chosen = list(assignment.students.all())
    return chosen or list(assignment.classroom.students.all())


def progress_for(assignment: Assignment, students: list[Student]) -> list[Progress]:
    """Each student's games of this game with these settings that ended since the assignment
    was made (whether started from it or not): their own finished and won games count; the
    ones they gave up, a stand-in bot played in, or played with no try of their own are
    counted apart, and so are wins with help. One query."""
    finished = Q(match__status=Match.Status.FINISHED)
    rows = (
        Seat.objects.filter(
            student__in=students,
            match__game=assignment.game,
            match__settings=assignment.settings,
            match__mode=Match.Mode.GAME,
            match__status__in=(Match.Status.FINISHED, Match.Status.ABANDONED),
            match__finished_at__gte=assignment.created_at,
        )
        .values("student_id")
        .annotate(
            finished=Count("id", filter=finished & OWN_GAME),
            wins=Count("id", filter=finished & OWN_WIN),  # not "won": that is a field
            given_up=Count("id", filter=Q(gave_up=True)),
            finished_by_bot=Count("id", filter=finished & STOOD_IN),
            passive=Count("id", filter=finished & PASSIVE),
            won_with_help=Count("id", filter=finished & WON_WITH_HELP),
        )
        .order_by()
    )
    counts = {row.pop("student_id"): row for row in rows}
    for row in counts.values():
        row["won"] = row.pop("wins")
    empty = dict.fromkeys(
        ("finished", "won", "given_up", "finished_by_bot", "passive", "won_with_help"), 0
    )
    return [Progress(assignment, student, **counts.get(student.pk, empty)) for student in students]


def assignments_for_student(student: Student) -> list[Progress]:
    """A student's assignments with their progress, soonest due first."""
    assignments = Assignment.objects.filter(classroom_id=student.classroom_id).filter(
        Q(students=student) | Q(students__isnull=True)
    )
    result = [progress_for(a, [student])[0] for a in assignments.distinct()]
    return sorted(result, key=lambda p: (p.met, p.assignment.due_date or date.max))


def assignment_title(assignment: Assignment) -> str:
    """ "The Multiplication Game · 2 free cards", "Prime Climb · Classic game" (the label
    never repeats the game's name)."""
    rules = get_game(assignment.game)
    label = rules.settings_label(assignment.settings)
    return f"{rules.name} · {label}" if label else rules.name
