"""Progress reports for pages and exports, read from StudentProgress rows (never raw events).

The class report's screen, its CSV and its printout all show the same LevelStatus values;
`csv_rows` is the table as numbers. Rules behind the statuses: progress.services.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import NamedTuple

from django.db.models import Q
from django.utils import timezone
from django.utils.text import slugify

from classrooms.models import Assignment, Classroom, Student
from games.assignments import assignment_title, progress_for
from games.engine import FACT, FACTOR_SET, Game, get_game
from games.models import Match, Seat

from .models import StudentProgress
from .services import level_of, match_seconds, next_level, report_job_start

__all__ = [
    "AssignmentGoal",
    "ClassReport",
    "FactCell",
    "FactMap",
    "HistoryEntry",
    "LevelCounts",
    "LevelStatus",
    "StudentReport",
    "StudentRow",
    "class_report",
    "csv_filename",
    "csv_rows",
    "report_job_start",
    "student_report",
]

Status = StudentProgress.Status
STARS = {Status.NOT_STARTED: 0, Status.PRACTISING: 1, Status.PROFICIENT: 2, Status.MASTERED: 3}
PLAYING_NOW = timedelta(minutes=2)
TOP_MISSED = 3
HISTORY = 20
TABLE = range(1, 11)
MAP_WORDS = {"table": "Multiplication facts", "factors": "Factor sets"}  # Game.fact_map
ONE_LEVEL = "all"  # Game.progress_level's key for a game with one level
PRIMES_PER_ROW = 10
CSV_HEADER = [
    "Class",
    "Student",
    "Game",
    "Level",
    "Status",
    "Games played",
    "Finished",
    "Wins",
    "Won with help",
    "Given up",
    "A bot played for them",
    "No try of their own",
    "Minutes",
    "Attempts",
    "Correct",
    "Accuracy %",
    "Hints asked",
    "Helped",
    "Most missed",
    "Suggestion",
]


@dataclass(frozen=True)
class LevelStatus:
    """A student's progress at one level of one game, as every page and export shows it."""

    game: str
    game_name: str
    level: str
    level_label: str
    status: str
    status_label: str
    stars: int  # 0-3: practising 1, proficient 2, mastered 3
    games_played: int
    games_finished: int  # their own (games.models.OWN_GAME)
    wins: int  # of their own finished games, without the app's help
    wins_with_help: int  # of their own finished games, with a hint or results shown
    games_gave_up: int
    games_stood_in: int  # a bot standing in for them made some of their moves
    games_passive: int  # finished with no try of their own
    minutes_played: int
    attempts: int  # facts and sets of their own (the app did not help)
    correct: int
    accuracy: float | None  # 0-1 of their own attempts; None without attempts
    hints: int  # times they asked for a hint
    helped: int  # facts and sets made with the app's help (not in attempts)
    top_missed: list[str]  # labels of the most missed skills ("7 × 8"), most missed first
    mistakes: dict[str, int]
    suggestion: str | None  # "Ready for Level 4"

    @property
    def not_counted_text(self) -> str:
        """ "2 given up, 1 where a bot played for them while away" ("" when all counted)."""
        parts = [
            f"{count} {words}"
            for count, words in (
                (self.games_gave_up, "given up"),
                (self.games_stood_in, "where a bot played for them while away"),
                (self.games_passive, "with no try of their own"),
            )
            if count
        ]
        return ", ".join(parts)

    @property
    def accuracy_percent(self) -> float | None:
        """Accuracy as the CSV has it: a percentage with one decimal (None: no attempts)."""
        return None if self.accuracy is None else round(100 * self.accuracy, 1)


@dataclass(frozen=True)
class StudentRow:
    student: Student
    levels: list[LevelStatus]  # the levels they played, by game name then level order
    playing_now: bool


class AssignmentGoal(NamedTuple):
    assignment: Assignment
    title: str
    met: int  # students who reached the goal
    assigned: int  # students it is for


class LevelCounts(NamedTuple):
    game_name: str
    level_key: str
    level_label: str
    counts: dict[str, int]  # status -> students (those with no game there: not_started)


@dataclass(frozen=True)
class ClassReport:
    classroom: Classroom
    generated_at: datetime | None  # the newest progress row's update (None: no rows yet)
    game: str | None
    level: str | None
    rows: list[StudentRow]  # every student of the class, alphabetical
    by_level: list[LevelCounts]
    assignments: list[AssignmentGoal]
    playing_now: list[Student]


@dataclass(frozen=True)
class FactCell:
    label: str  # "7 × 8" or "91"
    right: int
    wrong: int
    accuracy: float | None
    band: str  # "none", "low" (< 60 %), "mid" (60-85 %), "high" (>= 85 %)


@dataclass(frozen=True)
class FactMap:
    title: str
    kind: str  # "table" or "primes"
    rows: list[list[FactCell]]


RESULTS = {
    "won": "Won",
    "won_with_help": "Won with help",
    "lost": "Lost",
    "unfinished": "Unfinished",
    "gave_up": "Gave up",
    "stood_in": "A bot played for them",
    "passive": "No try of their own",
}


class HistoryEntry(NamedTuple):
    date: datetime  # when the match started
    game_name: str
    level_label: str
    result: str  # a key of RESULTS ("won", "won_with_help", "lost", "gave_up", ...)
    minutes: int
    match_id: int
    replay: bool = False  # the game finished: it can be replayed

    @property
    def result_label(self) -> str:
        """ "Gave up", "A bot played for them": how the table shows the result."""
        return RESULTS[self.result]


@dataclass(frozen=True)
class StudentReport:
    student: Student
    levels: list[LevelStatus]
    history: list[HistoryEntry]  # the last 20 matches, newest first
    fact_maps: list[FactMap]


# --- the class report -------------------------------------------------------------------------
def class_report(
    classroom: Classroom, *, game: str | None = None, level: str | None = None
) -> ClassReport:
    """Every student's levels (optionally one game, one level), the class by level, the
    assignments' goals and who plays now: a handful of queries whatever the class size."""
    students = list(classroom.students.all())
    rows = StudentProgress.objects.filter(student__classroom=classroom).defer("recent")
    if game is not None:
        rows = rows.filter(game=game)
    rows = list(rows)  # every level of the game: suggestions look at the next level too
    statuses = _statuses(rows)
    shown = [row for row in rows if level is None or row.level == level]
    by_student: dict[int, list[LevelStatus]] = {}
    for row in sorted(shown, key=_order):
        status = level_status(row, statuses[(row.student_id, row.game)])
        by_student.setdefault(row.student_id, []).append(status)
    playing = _playing_now(classroom)
    return ClassReport(
        classroom=classroom,
        generated_at=max((row.updated_at for row in rows), default=None),
        game=game,
        level=level,
        rows=[StudentRow(s, by_student.get(s.pk, []), s.pk in playing) for s in students],
        by_level=_by_level(shown, len(students)),
        assignments=_assignments(classroom, students, game),
        playing_now=[s for s in students if s.pk in playing],
    )


def level_status(row: StudentProgress, statuses: dict[str, str]) -> LevelStatus:
    """How a progress row is shown; `statuses` are the student's statuses in that game by
    level (for the next-level suggestion)."""
    rules = _rules(row.game)
    following = next_level(row.game, row.level, statuses) if rules else None
    return LevelStatus(
        game=row.game,
        game_name=rules.name if rules else row.game,
        level=row.level,
        level_label=row.level_label,
        status=row.status,
        status_label=Status(row.status).label,
        stars=STARS[row.status],
        games_played=row.games_played,
        games_finished=row.games_finished,
        wins=row.wins,
        wins_with_help=row.wins_with_help,
        games_gave_up=row.games_gave_up,
        games_stood_in=row.games_stood_in,
        games_passive=row.games_passive,
        minutes_played=(row.seconds_played + 30) // 60,
        attempts=row.attempts,
        correct=row.correct,
        accuracy=row.correct / row.attempts if row.attempts else None,
        hints=row.hints,
        helped=row.helped,
        top_missed=_top_missed(rules, row.skills),
        mistakes=dict(row.mistakes),
        suggestion=f"Ready for {following[1]}" if following else None,
    )


def _rules(slug: str) -> Game | None:
    try:
        return get_game(slug)
    except KeyError:  # a game no longer offered: its rows still show, without suggestions
        return None


def _statuses(rows: list[StudentProgress]) -> dict[tuple[int, str], dict[str, str]]:
    found: dict[tuple[int, str], dict[str, str]] = {}
    for row in rows:
        found.setdefault((row.student_id, row.game), {})[row.level] = row.status
    return found


def _order(row: StudentProgress) -> tuple:
    """Game name, then the game's level order (unordered levels after, by label)."""
    rules = _rules(row.game)
    keys = [key for key, _ in rules.progress_levels()] if rules else []
    index = keys.index(row.level) if row.level in keys else len(keys)
    return (rules.name if rules else row.game, row.game, index, row.level_label)


def _top_missed(rules: Game | None, skills: dict[str, list[int]]) -> list[str]:
    """The most missed skills: most wrong first, then the lower accuracy, then by name."""
    missed = sorted(
        (skill for skill, (_, wrong) in skills.items() if wrong),
        key=lambda s: (-skills[s][1], skills[s][0] / sum(skills[s]), s),
    )[:TOP_MISSED]
    return [rules.skill_label(_kind(skill), skill) if rules else skill for skill in missed]


def _kind(skill: str) -> str:
    # Skills are kept without their kind: only facts and factor sets are, and their forms differ.
    return FACTOR_SET if skill.startswith("factors:") else FACT


def _by_level(rows: list[StudentProgress], students: int) -> list[LevelCounts]:
    found: dict[tuple, LevelCounts] = {}
    for row in sorted(rows, key=_order):
        rules = _rules(row.game)
        key = (row.game, row.level)
        if key not in found:
            counts = {status: 0 for status in Status.values}
            counts[Status.NOT_STARTED] = students
            found[key] = LevelCounts(rules.name if rules else row.game, row.level,
                                     row.level_label, counts)  # fmt: skip
        counts = found[key].counts
        counts[row.status] += 1
        counts[Status.NOT_STARTED] -= 1
    return list(found.values())


def _assignments(
    classroom: Classroom, students: list[Student], game: str | None
) -> list[AssignmentGoal]:
    assignments = Assignment.objects.filter(classroom=classroom).prefetch_related("students")
    if game is not None:
        assignments = assignments.filter(game=game)
    goals = []
    for assignment in assignments:
        chosen = list(assignment.students.all()) or students
        progress = progress_for(assignment, chosen)
        met = sum(1 for each in progress if each.met)
        goals.append(AssignmentGoal(assignment, assignment_title(assignment), met, len(chosen)))
    return goals


def _playing_now(classroom: Classroom) -> set[int]:
    """Students seated (not stood in for) in a real game being played that moved or was
    looked at in the last 2 minutes."""
    since = timezone.now() - PLAYING_NOW
    seats = Seat.objects.filter(
        match__classroom=classroom,
        match__status=Match.Status.PLAYING,
        match__mode=Match.Mode.GAME,
        student__isnull=False,
        bot_stand_in=False,
    ).filter(Q(match__last_move_at__gte=since) | Q(last_seen_at__gte=since))
    return set(seats.values_list("student_id", flat=True))


# --- exports --------------------------------------------------------------------------------
def csv_rows(report: ClassReport) -> list[list]:
    """The report's table: a header, then a row per student and level shown (a student with
    none shown gets one "Not started" row, as on screen); numbers stay numbers."""
    name = report.classroom.name
    rules = _rules(report.game) if report.game else None
    game_name = rules.name if rules else report.game or ""
    labels = {entry.level_key: entry.level_label for entry in report.by_level}
    level_label = labels.get(report.level, report.level or "")
    table = [list(CSV_HEADER)]
    for row in report.rows:
        if not row.levels:
            table.append([name, row.student.name, game_name, level_label,
                          Status.NOT_STARTED.label, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, "", 0,
                          0, "", ""])  # fmt: skip
        for level in row.levels:
            table.append(_csv_row(name, row.student, level))
    return table


def _csv_row(class_name: str, student: Student, level: LevelStatus) -> list:
    percent = level.accuracy_percent
    return [
        class_name,
        student.name,
        level.game_name,
        level.level_label,
        level.status_label,
        level.games_played,
        level.games_finished,
        level.wins,
        level.wins_with_help,
        level.games_gave_up,
        level.games_stood_in,
        level.games_passive,
        level.minutes_played,
        level.attempts,
        level.correct,
        "" if percent is None else percent,
        level.hints,
        level.helped,
        "; ".join(level.top_missed),
        level.suggestion or "",
    ]


def csv_filename(report: ClassReport) -> str:
    """ "factorium-class-4a-prime-solitaire-level-3-2026-11-22.csv"."""
    parts = ["factorium", slugify(report.classroom.name) or "class", report.game or "all"]
    if report.level:
        parts.append(slugify(report.level))
    parts.append(timezone.localdate().isoformat())
    return "-".join(parts) + ".csv"


# --- a student's report ---------------------------------------------------------------------
def student_report(student: Student) -> StudentReport:
    """A student's levels, their last matches, and their fact maps."""
    rows = _student_rows(student)
    return StudentReport(
        student=student,
        levels=_levels(rows),
        history=_history(student),
        fact_maps=_fact_maps(rows),
    )


def student_levels(student: Student) -> list[LevelStatus]:
    """A student's levels alone (their stars): no history, no fact maps."""
    return _levels(_student_rows(student))


def _student_rows(student: Student) -> list[StudentProgress]:
    return sorted(StudentProgress.objects.filter(student=student).defer("recent"), key=_order)


def _levels(rows: list[StudentProgress]) -> list[LevelStatus]:
    statuses = _statuses(rows)
    return [level_status(row, statuses[(row.student_id, row.game)]) for row in rows]


def _history(student: Student) -> list[HistoryEntry]:
    """Their last real games (Learn to play rounds are not games of theirs to report)."""
    seats = (
        Seat.objects.filter(
            student=student, match__started_at__isnull=False, match__mode=Match.Mode.GAME
        )
        .select_related("match")
        .order_by("-match__started_at", "-match_id")[:HISTORY]
    )
    entries = []
    for seat in seats:
        match = seat.match
        rules = _rules(match.game)
        seconds = match_seconds(match.started_at, match.last_move_at)
        entries.append(HistoryEntry(match.started_at, rules.name if rules else match.game,
                                    level_of(match)[1], _result(match, seat),
                                    (seconds + 30) // 60, match.pk,
                                    match.status == Match.Status.FINISHED))  # fmt: skip
    return entries


def _result(match: Match, seat: Seat) -> str:
    """A game given up, one a stand-in bot moved in, or one with no try of their own is not
    won or lost by the student; a win with help is told apart."""
    if seat.gave_up:
        return "gave_up"
    if match.status != Match.Status.FINISHED:
        return "unfinished"
    if seat.stood_in:
        return "stood_in"
    if seat.is_passive:
        return "passive"
    if seat.won:
        return "won_with_help" if seat.helped else "won"
    return "lost"


def _fact_maps(rows: list[StudentProgress]) -> list[FactMap]:
    """A map per game and level the student played whose rules draw one (Game.fact_map): the
    10 × 10 table, or the numbers whose factor sets were tried. Each game has its own, titled
    with the game and the level ("Factor sets: Prime Solitaire · Level 2"): a set made in
    Prime Bomb says nothing of Solitaire."""
    maps = []
    for row in sorted(rows, key=_map_order):
        rules = _rules(row.game)
        kind = rules.fact_map if rules else None
        if kind is None:
            continue
        where = rules.name if row.level == ONE_LEVEL else f"{rules.name} · {row.level_label}"
        title = f"{MAP_WORDS[kind]}: {where}"
        maps.append(_table_map(title, row) if kind == "table" else _primes_map(title, row.skills))
    return maps


def _map_order(row: StudentProgress) -> tuple:
    """By game name, then level as the game orders them (easiest first)."""
    rules = _rules(row.game)
    keys = [key for key, _ in rules.progress_levels()] if rules else []
    return (rules.name if rules else row.game, keys.index(row.level) if row.level in keys else 99)


def _table_map(title: str, row: StudentProgress) -> FactMap:
    """A fact and its turnaround are one cell's numbers: 7 × 8 and 8 × 7 show the same."""
    facts: dict[tuple[int, int], list[int]] = {}
    for skill, (right, wrong) in row.skills.items():
        a, x, b = skill.partition("x")
        if not (x and a.isdigit() and b.isdigit()):
            continue
        pair = (min(int(a), int(b)), max(int(a), int(b)))
        total = facts.setdefault(pair, [0, 0])
        total[0], total[1] = total[0] + right, total[1] + wrong
    grid = [
        [_cell(f"{a} × {b}", *facts.get((min(a, b), max(a, b)), (0, 0))) for b in TABLE]
        for a in TABLE
    ]
    return FactMap(title, "table", grid)


def _primes_map(title: str, skills: dict[str, list[int]]) -> FactMap:
    numbers = sorted(
        (int(skill.removeprefix("factors:")), right, wrong)
        for skill, (right, wrong) in skills.items()
        if skill.startswith("factors:") and skill.removeprefix("factors:").isdigit()
    )
    cells = [_cell(str(n), right, wrong) for n, right, wrong in numbers]
    grid = [cells[i : i + PRIMES_PER_ROW] for i in range(0, len(cells), PRIMES_PER_ROW)]
    return FactMap(title, "primes", grid)


def _cell(label: str, right: int, wrong: int) -> FactCell:
    tried = right + wrong
    accuracy = right / tried if tried else None
    return FactCell(label, right, wrong, accuracy, band(accuracy))


def band(accuracy: float | None) -> str:
    """A fact map's colour band: none (untried), low (< 60 %), mid (60-85 %), high."""
    if accuracy is None:
        return "none"
    if accuracy < 0.6:
        return "low"
    return "mid" if accuracy < 0.85 else "high"
