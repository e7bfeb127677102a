"""Progress reports on PostgreSQL: compiling a class and a school, and the update after a match.

Data (made by SQL inside PostgreSQL, seeded): (a) a class of 30 students with 2,000 ended
matches each, (b) a school of 5,000 students (classes of 30) with 100 each; every match has
10-20 learning records of its student (mostly facts and factor sets, some hints and missed
plays), a mix of The Multiplication Game, Prime Solitaire and Prime Challenge at deck levels
1-4, 92 % finished and 8 % abandoned, each student with their own accuracy.

Figures: the class's rebuild and its report (read from the compiled rows), the update after
one match (progress_for_match on 200 new matches), the school's full rebuild. Baselines in the
same run: a round trip (SELECT 1), and one plain GROUP BY pass over the same learning records.

Run (PostgreSQL up; the database is dropped and made again unless --reuse):
  .venv/bin/python bench/progress.py
  DATABASE_URL=postgres://postgres@127.0.0.1:5432/factorium_bench_progress \
  REDIS_URL=redis://127.0.0.1:6379/14 .venv/bin/python bench/progress.py [--reuse]

Targets (issue 6): class report < 2 s, incremental update < 50 ms, school rebuild < 60 s.
"""

import argparse
import os
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bench._common import HEADER, machine, summary  # noqa: E402

DEFAULT_URL = "postgres://postgres@127.0.0.1:5432/factorium_bench_progress"
CLASS_STUDENTS, CLASS_MATCHES = 30, 2000
SCHOOL_STUDENTS, SCHOOL_MATCHES = 5000, 100
CLASS_SIZE = 30
INCREMENTAL = 200


def setup_django(reuse: bool) -> None:
    os.environ.setdefault("DATABASE_URL", DEFAULT_URL)
    os.environ.setdefault("REDIS_URL", "redis://127.0.0.1:6379/14")
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
    os.environ.setdefault("LOG_LEVEL", "WARNING")
    os.environ.setdefault("SECRET_KEY", "bench-secret-key-" + "x" * 40)
    if not os.environ["DATABASE_URL"].startswith("postgres"):
        sys.exit("Set DATABASE_URL to a PostgreSQL database (it is made again for the run).")
    _fresh_database(os.environ["DATABASE_URL"], reuse)
    import django

    django.setup()
    from django.core.management import call_command

    call_command("migrate", verbosity=0)


def _fresh_database(url: str, reuse: bool) -> None:
    import psycopg

    base, name = url.rsplit("/", 1)
    with psycopg.connect(f"{base}/postgres", autocommit=True) as conn:
        exists = conn.execute("SELECT 1 FROM pg_database WHERE datname = %s", [name]).fetchone()
        if exists and not reuse:
            conn.execute(f'DROP DATABASE "{name}" WITH (FORCE)')
        if not exists or not reuse:
            conn.execute(f'CREATE DATABASE "{name}"')


# --- data -------------------------------------------------------------------------------------
def make_classes(prefix: str, students: int) -> list[int]:
    """Classes of CLASS_SIZE students (made with bulk_create); their ids."""
    from classrooms.models import Classroom, Student, User

    teacher = User.objects.create(username=f"{prefix}@bench.test", role="teacher")
    classes = Classroom.objects.bulk_create(
        Classroom(teacher=teacher, name=f"{prefix} {i + 1}", join_code=f"{prefix[:2]}{i:04d}")
        for i in range(-(-students // CLASS_SIZE))
    )
    users = User.objects.bulk_create(
        User(username=f"{prefix}-{i}", role="student", password="!") for i in range(students)
    )
    Student.objects.bulk_create(
        (
            Student(user=user, classroom=classes[i // CLASS_SIZE], name=f"Student {i:05d}")
            for i, user in enumerate(users)
        ),
        batch_size=2000,
    )
    return [c.pk for c in classes]


# Level 1-4 numbers of PrimePak (a sample of each level's cards) for factor-set skills.
NUMBERS = [4, 8, 10, 16, 20, 25, 32, 40, 50, 64, 80, 100, 6, 9, 12, 15, 18, 24, 27, 30, 36, 45,
           48, 54, 60, 72, 75, 81, 90, 96, 14, 21, 28, 35, 42, 49, 56, 63, 70, 84, 98, 22, 33,
           44, 55, 66, 77, 88, 99, 26, 39, 52, 65, 78, 91]  # fmt: skip
PRIMEPAK_NUMBERS = f"ARRAY{NUMBERS}"


def make_matches(classroom_ids: list[int], per_student: int, seed: float) -> None:
    """per_student ended matches for every student of these classes, their seats and 10-20
    learning records each, all made inside PostgreSQL."""
    from django.db import connection

    ids = ",".join(str(pk) for pk in classroom_ids)
    with connection.cursor() as cursor:
        cursor.execute("SELECT setseed(%s)", [seed])
        cursor.execute("SELECT coalesce(max(id), 0) FROM games_match")
        (first,) = cursor.fetchone()
        cursor.execute(f"""
            INSERT INTO games_match (game, settings, seed, version, move_count, status, mode,
                classroom_id, host_id, recent, created_at, started_at, last_move_at,
                finished_at, level)
            SELECT game,
                CASE WHEN game = 'multiplication' THEN '{{"free_cards": 0}}'::jsonb
                     ELSE jsonb_build_object('level', lvl) END,
                1, 40, 40, CASE WHEN r_status < 0.92 THEN 'finished' ELSE 'abandoned' END,
                'game', classroom_id, student_id, '[]', started, started, started + minutes,
                started + minutes,
                CASE WHEN game = 'multiplication' THEN 'all' ELSE 'level-' || lvl END
            FROM (
                SELECT st.id AS student_id, st.classroom_id,
                    (ARRAY['multiplication', 'prime-solitaire', 'prime-challenge'])
                        [1 + floor(random() * 3)::int] AS game,
                    1 + floor(random() * 4)::int AS lvl, random() AS r_status,
                    now() - interval '365 days' * random() AS started,
                    interval '1 minute' * (3 + floor(random() * 12)) AS minutes
                FROM classrooms_student st CROSS JOIN generate_series(1, %s) g(i)
                WHERE st.classroom_id IN ({ids})
            ) picked
        """, [per_student])  # fmt: skip
        cursor.execute(f"""
            INSERT INTO games_seat (match_id, index, student_id, bot, bot_stand_in, gave_up,
                last_seen_at, won)
            SELECT id, 0, host_id, '', false, false, last_move_at,
                CASE WHEN status = 'finished' THEN random() < 0.5 END
            FROM games_match WHERE id > {first}
            UNION ALL
            SELECT id, 1, NULL, 'easy', false, false, NULL,
                CASE WHEN status = 'finished' THEN random() < 0.5 END
            FROM games_match WHERE id > {first} AND game <> 'prime-solitaire'
        """)  # fmt: skip
        # Each student's accuracy: 60-98 %, fixed by their id.
        cursor.execute(f"""
            INSERT INTO games_learningrecord (match_id, student_id, game, level, level_key,
                move_number, kind, skill, correct, mistake, detail, helped, created_at)
            SELECT id, host_id, game,
                CASE WHEN game = 'multiplication' THEN 'No free cards'
                     ELSE 'Level ' || (settings->>'level') END,
                level, n,
                CASE WHEN other THEN (CASE WHEN game = 'multiplication' THEN 'play'
                                           ELSE 'hint' END)
                     WHEN game = 'multiplication' THEN 'fact' ELSE 'factor_set' END,
                CASE WHEN game = 'multiplication' AND other THEN 'discard'
                     WHEN game = 'multiplication'
                     THEN (1 + floor(random() * 10))::int || 'x' || (1 + floor(random() * 10))::int
                     ELSE 'factors:' || ({PRIMEPAK_NUMBERS})
                        [1 + floor(random() * (12 + 10 * (settings->>'level')::int))::int]
                END,
                NOT other AND right_,
                CASE WHEN other AND game = 'multiplication' THEN 'missed_play'
                     WHEN other THEN 'asked_hint'
                     WHEN right_ THEN ''
                     WHEN game = 'multiplication' THEN 'wrong_product' ELSE 'missed_set' END,
                '{{}}', false, started_at + n * interval '20 seconds'
            FROM (
                SELECT m.id, m.host_id, m.game, m.settings, m.level, m.started_at, g.n,
                    random() < 0.15 AS other,
                    random() < 0.6 + 0.38 * ((m.host_id * 2654435761) %% 1000) / 1000.0
                        AS right_
                FROM games_match m
                CROSS JOIN LATERAL generate_series(1, 10 + (m.id * 7) %% 11) g(n)
                WHERE m.id > {first}
            ) events
        """, [])  # fmt: skip


def analyse() -> None:
    from django.db import connection

    with connection.cursor() as cursor:
        for table in ("games_match", "games_seat", "games_learningrecord", "classrooms_student"):
            cursor.execute(f"VACUUM ANALYZE {table}")


# --- figures ----------------------------------------------------------------------------------
def timed(call) -> tuple[float, object]:
    start = time.perf_counter()
    result = call()
    return time.perf_counter() - start, result


def plain_group_by(classroom_ids: list[int]) -> float:
    """Baseline: one GROUP BY pass over the students' learning records (what any compile of
    the raw events must at least read)."""
    from django.db import connection

    ids = ",".join(str(pk) for pk in classroom_ids)
    with connection.cursor() as cursor:
        start = time.perf_counter()
        cursor.execute(f"""
            SELECT r.student_id, r.game, r.level_key, count(*), sum(r.correct::int)
            FROM games_learningrecord r JOIN classrooms_student s ON s.id = r.student_id
            WHERE s.classroom_id IN ({ids}) GROUP BY 1, 2, 3
        """)  # fmt: skip
        cursor.fetchall()
        return time.perf_counter() - start


def round_trips(count: int = 50) -> list[float]:
    from django.db import connection

    times = []
    with connection.cursor() as cursor:
        for _ in range(count):
            start = time.perf_counter()
            cursor.execute("SELECT 1")
            cursor.fetchone()
            times.append((time.perf_counter() - start) * 1000)
    return times


def counts(classroom_ids: list[int]) -> str:
    from django.db import connection

    ids = ",".join(str(pk) for pk in classroom_ids)
    with connection.cursor() as cursor:
        cursor.execute(f"""
            SELECT (SELECT count(*) FROM classrooms_student WHERE classroom_id IN ({ids})),
                (SELECT count(*) FROM games_match WHERE classroom_id IN ({ids})),
                (SELECT count(*) FROM games_learningrecord r JOIN classrooms_student s
                    ON s.id = r.student_id WHERE s.classroom_id IN ({ids}))
        """)  # fmt: skip
        students, matches, records = cursor.fetchone()
    return f"{students:,} students, {matches:,} matches, {records:,} learning records"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--reuse", action="store_true", help="keep data from an earlier run")
    parser.add_argument("--scale", type=float, default=1.0, help="matches × this (quick runs)")
    args = parser.parse_args()
    setup_django(args.reuse)
    class_matches = max(1, round(CLASS_MATCHES * args.scale))
    school_matches = max(1, round(SCHOOL_MATCHES * args.scale))

    from django.db import connection

    from classrooms.models import Classroom, Student
    from games.models import Match
    from progress.models import StudentProgress
    from progress.reports import class_report
    from progress.services import progress_for_match, progress_rebuild

    print(f"Progress reports on PostgreSQL — {machine()}")
    with connection.cursor() as cursor:
        cursor.execute("SHOW server_version")
        version = cursor.fetchone()[0]
        cursor.execute("SHOW shared_buffers")
        buffers = cursor.fetchone()[0]
        cursor.execute("SHOW work_mem")
        work_mem = cursor.fetchone()[0]
    print(f"PostgreSQL {version}, shared_buffers {buffers}, work_mem {work_mem}")

    if not Classroom.objects.filter(name="Class 1").exists():
        start = time.perf_counter()
        class_ids = make_classes("Class", CLASS_STUDENTS)
        make_matches(class_ids, class_matches, 0.1)
        school_ids = make_classes("School", SCHOOL_STUDENTS)
        make_matches(school_ids, school_matches, 0.2)
        analyse()
        print(f"data made in {time.perf_counter() - start:.0f} s")
    class_ids = list(Classroom.objects.filter(name="Class 1").values_list("pk", flat=True))
    school_ids = list(
        Classroom.objects.filter(name__startswith="School ").values_list("pk", flat=True)
    )
    print(f"(a) the class: {counts(class_ids)}")
    print(f"(b) the school: {counts(school_ids)}")
    print()

    classroom = Classroom.objects.get(pk=class_ids[0])
    baseline_class = min(plain_group_by(class_ids) for _ in range(3))
    rebuilds = [timed(lambda: progress_rebuild(classroom_id=classroom.pk)) for _ in range(3)]
    rows = rebuilds[-1][1]
    reports = [timed(lambda: class_report(classroom))[0] * 1000 for _ in range(20)]
    report = class_report(classroom)
    compiled = StudentProgress.objects.filter(student__classroom=classroom).count()
    assert len(report.rows) == CLASS_STUDENTS and rows == compiled

    first = Match.objects.order_by("-pk").values_list("pk", flat=True).first()
    make_matches(class_ids, -(-INCREMENTAL // CLASS_STUDENTS), 0.3)
    new = Match.objects.filter(pk__gt=first).order_by("pk").values_list("pk", flat=True)
    new = list(new[:INCREMENTAL])
    updates = []
    for pk in new:
        seconds, updated = timed(lambda pk=pk: progress_for_match(match_id=pk))
        assert updated == 1
        updates.append(seconds * 1000)

    baseline_school = plain_group_by(school_ids)
    school_students = Student.objects.filter(classroom_id__in=school_ids)
    school_students = list(school_students.values_list("pk", flat=True))
    school_seconds, school_rows = timed(lambda: progress_rebuild(student_ids=school_students))
    school_report = [
        timed(lambda: class_report(Classroom.objects.get(pk=school_ids[0])))[0] * 1000
        for _ in range(20)
    ]

    print(HEADER)
    print(summary("baseline: SELECT 1", round_trips()))
    print(summary("class report (30 students)", reports))
    print(summary("class report (school class)", school_report))
    print(summary("incremental update (1 match)", updates))
    print()
    rebuild_times = [seconds for seconds, _ in rebuilds]
    median = statistics.median(rebuild_times)
    print(f"class rebuild ({CLASS_STUDENTS} × {class_matches:,} matches): {median:.2f} s median "
          f"of 3 (min {min(rebuild_times):.2f} s), {rows} progress rows; baseline: one GROUP BY "
          f"over its records {baseline_class:.2f} s")  # fmt: skip
    print(f"school rebuild ({SCHOOL_STUDENTS:,} × {school_matches} matches): "
          f"{school_seconds:.1f} s, {school_rows:,} progress rows; baseline: one GROUP BY over "
          f"its records {baseline_school:.1f} s")  # fmt: skip
    print()
    p95 = sorted(updates)[int(0.95 * len(updates)) - 1]
    verdicts = [
        ("class report < 2 s", max(reports) / 1000 < 2),
        ("incremental < 50 ms (p95)", p95 < 50),
        ("school rebuild < 60 s", school_seconds < 60),
    ]
    print("targets: " + ", ".join(f"{name}: {'met' if ok else 'MISSED'}" for name, ok in verdicts))


if __name__ == "__main__":
    main()
