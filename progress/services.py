"""Learning progress: each student's games, facts and mastery per game and deck level.

A `StudentProgress` row sums a student's *ended* real games (mode "game": finished, or
abandoned after they started) of one game at one level (the rules' `progress_level`): games
played; finished and won as their own (`Seat.is_own_game`), given up, and finished by a
stand-in bot; time played (each match from its start to its last move, at most 2 hours); and
the learning records of those matches: attempts made without help, hints asked, attempts the
app helped with. A game still being played counts once it ends; a Learn to play round or a
teacher's practice game never counts. Its status follows the mastery rule (progress.mastery,
docs/rules.md "Progress and mastery").

Two ways fill the rows, and they agree:

- `progress_for_match`, run when a match ends, adds that match to each of its students'
  rows. The ledger (`ProgressCounted`, one row per student and match) is written in the same
  transaction, so a retried or doubled task adds nothing twice.
- `progress_rebuild` compiles students' rows again from the raw data with SQL aggregation
  (progress.sql), replacing rows and ledger a chunk of students per transaction: a
  crash loses only the unfinished chunk (whose old rows stay), and running it again converges.

Both lock the students' rows first (in id order), so they never interleave for a student.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from datetime import datetime, timedelta

from django.db import transaction
from django.db.models import F
from django.utils import timezone

from classrooms.models import Classroom, Student
from games.engine import ATTEMPT_KINDS
from games.models import LearningRecord, Match, Seat

from . import signals
from .mastery import HINT_KIND, RECENT, mastery, next_level
from .models import ProgressCounted, ReportJob, StudentProgress
from .sql import ENDED, MATCH_SECONDS_CAP, level_of, lock_students, rebuild_chunk

__all__ = [
    "level_of",
    "mastery",
    "match_seconds",
    "next_level",
    "progress_for_match",
    "progress_rebuild",
    "report_job_run",
    "report_job_start",
    "report_jobs_nightly",
]

CHUNK = 250  # students per rebuild transaction
JOB_STALE = timedelta(minutes=30)  # a queued or running job this old is taken as lost


def match_seconds(started: datetime | None, last: datetime | None) -> int:
    """Whole seconds from a match's start to its last move, at most the cap."""
    if started is None or last is None:
        return 0
    return max(0, min(MATCH_SECONDS_CAP, (last - started) // timedelta(seconds=1)))


# --- incremental --------------------------------------------------------------------------------
def progress_for_match(*, match_id: int) -> int:
    """Add an ended match to each of its students' progress, once; the rows updated."""
    match = Match.objects.filter(
        pk=match_id, status__in=ENDED, started_at__isnull=False, mode=Match.Mode.GAME
    ).first()
    if match is None:
        return 0
    with transaction.atomic():
        seats = {s.student_id: s for s in Seat.objects.filter(match=match, student__isnull=False)}
        lock_students(seats)
        counted = ProgressCounted.objects.filter(match=match, student_id__in=seats)
        todo = sorted(set(seats) - set(counted.values_list("student_id", flat=True)))
        if not todo:
            return 0
        records = _records_by_student(match, todo)
        key, label = match.level, level_of(match)[1]  # the key the rebuild groups by
        rows = {
            row.student_id: row
            for row in StudentProgress.objects.filter(
                student_id__in=todo, game=match.game, level=key
            )
        }
        for student_id in todo:
            row = rows.get(student_id) or StudentProgress(
                student_id=student_id, game=match.game, level=key
            )
            row.level_label = label
            _add_match(row, match, seats[student_id])
            _add_records(row, records.get(student_id, []))
            row.status = mastery(row)
            row.save()
        ProgressCounted.objects.bulk_create(
            ProgressCounted(student_id=student_id, match_id=match.pk) for student_id in todo
        )
    return len(todo)


def _records_by_student(match: Match, student_ids: list[int]) -> dict[int, list[dict]]:
    found: dict[int, list[dict]] = {}
    records = (
        LearningRecord.objects.filter(match=match, student_id__in=student_ids)
        .order_by("id")
        .values("student_id", "kind", "skill", "correct", "mistake", "helped")
    )
    for record in records:
        found.setdefault(record["student_id"], []).append(record)
    return found


def _add_match(row: StudentProgress, match: Match, seat: Seat) -> None:
    """A game given up, one a stand-in bot moved in, or one with no try of their own is played
    but not finished as theirs; a win with help is finished, not won (games.models.OWN_GAME)."""
    finished = match.status == Match.Status.FINISHED
    row.games_played += 1
    row.games_finished += finished and seat.is_own_game
    row.wins += finished and seat.own_win
    row.wins_with_help += finished and seat.is_own_game and bool(seat.won) and seat.helped
    row.games_gave_up += seat.gave_up
    row.games_stood_in += finished and seat.stood_in and not seat.gave_up
    row.games_passive += finished and seat.is_passive
    row.seconds_played += match_seconds(match.started_at, match.last_move_at)
    last = match.last_move_at or match.started_at
    if row.last_played_at is None or last > row.last_played_at:
        row.last_played_at = last


def _add_records(row: StudentProgress, records: list[dict]) -> None:
    mistakes, skills, recent = dict(row.mistakes), dict(row.skills), list(row.recent)
    for record in records:
        if not record["correct"]:
            kind = record["mistake"] or record["kind"]
            mistakes[kind] = mistakes.get(kind, 0) + 1
        row.hints += record["kind"] == HINT_KIND
        if record["kind"] not in ATTEMPT_KINDS:
            continue
        if record["helped"]:  # the app's skill, not the student's: counted apart
            row.helped += 1
            continue
        right, wrong = skills.get(record["skill"], (0, 0))
        skills[record["skill"]] = [right + record["correct"], wrong + (not record["correct"])]
        row.attempts += 1
        row.correct += record["correct"]
        recent.append(int(record["correct"]))
    row.mistakes, row.skills, row.recent = mistakes, skills, recent[-RECENT:]


# --- full rebuild -------------------------------------------------------------------------------
def progress_rebuild(
    *,
    student_ids: Iterable[int] | None = None,
    classroom_id: int | None = None,
    on_chunk: Callable[[int, int], None] | None = None,
    chunk_size: int | None = None,
) -> int:
    """Recompute progress from raw data for these students (or a class's, or everyone's),
    a chunk per transaction; `on_chunk(done, total)` after each. The rows written."""
    students = Student.objects.order_by("pk")
    if student_ids is not None:
        students = students.filter(pk__in=list(student_ids))
    if classroom_id is not None:
        students = students.filter(classroom_id=classroom_id)
    ids = list(students.values_list("pk", flat=True))
    chunk_size = chunk_size or CHUNK
    written = 0
    for start in range(0, len(ids), chunk_size):
        written += _rebuild_chunk(ids[start : start + chunk_size])
        if on_chunk is not None:
            on_chunk(min(start + chunk_size, len(ids)), len(ids))
    return written


def _rebuild_chunk(ids: list[int]) -> int:
    return rebuild_chunk(ids)


# --- report jobs --------------------------------------------------------------------------------
def report_job_start(*, classroom: Classroom, kind: str = ReportJob.Kind.CLASS) -> ReportJob:
    """Rebuild a class's progress in the background: the class's queued or running job if it
    has one (a double click starts nothing new), else a new job, sent once committed."""
    with transaction.atomic():
        Classroom.objects.select_for_update(no_key=True).filter(pk=classroom.pk).first()
        active = ReportJob.objects.filter(
            classroom=classroom, status__in=(ReportJob.Status.QUEUED, ReportJob.Status.RUNNING)
        )
        stale = timezone.now() - JOB_STALE
        active.filter(created_at__lt=stale).exclude(started_at__gte=stale).update(
            status=ReportJob.Status.FAILED, error="It stopped without finishing.",
            finished_at=timezone.now(),
        )  # fmt: skip
        job = active.order_by("pk").first()
        if job is not None:
            return job
        job = ReportJob.objects.create(classroom=classroom, kind=kind)
        job_id = job.pk
        transaction.on_commit(lambda: _send_job(job_id))
    return job


def _send_job(job_id: int) -> None:
    signals.report_job_queued.send(sender=ReportJob, job_id=job_id)


def report_job_run(*, job_id: int) -> ReportJob | None:
    """Run a job: a finished one does nothing; a queued or interrupted one (re)starts from
    the first student and counts students as their chunks commit."""
    job = ReportJob.objects.filter(pk=job_id).first()
    if job is None or job.status in (ReportJob.Status.DONE, ReportJob.Status.FAILED):
        return job
    jobs = ReportJob.objects.filter(pk=job_id)
    total = Student.objects.filter(classroom_id=job.classroom_id).count()
    jobs.update(status=ReportJob.Status.RUNNING, started_at=timezone.now(), done=0, total=total)
    try:
        progress_rebuild(
            classroom_id=job.classroom_id,
            on_chunk=lambda done, total: jobs.update(done=done, total=total),
        )
    except Exception as error:
        jobs.update(
            status=ReportJob.Status.FAILED, error=str(error)[:500], finished_at=timezone.now()
        )
        raise
    jobs.update(status=ReportJob.Status.DONE, done=F("total"), finished_at=timezone.now())
    return ReportJob.objects.get(pk=job_id)


def report_jobs_nightly() -> int:
    """Start a rebuild for every class with students (one job each); the jobs started."""
    classes = Classroom.objects.filter(students__isnull=False).distinct().order_by("pk")
    started = 0
    for classroom in classes:
        report_job_start(classroom=classroom, kind=ReportJob.Kind.NIGHTLY)
        started += 1
    return started
