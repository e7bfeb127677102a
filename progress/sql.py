"""The full rebuild of progress, a chunk of students at a time: SQL aggregation in the
database (GROUP BY, JSON aggregates, an ordered aggregate or a window function), never a
Python loop over learning records.

Only real games count (Match.mode "game"): a Learn to play round or a teacher's practice game
has seats but is never counted. Each chunk is one transaction that sees one snapshot of the
data (REPEATABLE READ on PostgreSQL; on SQLite a transaction holds the write lock from its
start): the ledger it writes and the numbers it compiles are the same set of ended matches. A
match still being played is left out of both; it is counted by progress_for_match when it
ends. A chunk that meets an update made meanwhile (a serialization failure, or a ledger row
written by that update) is run again with a fresh snapshot.
"""

from __future__ import annotations

import json
from collections.abc import Iterable

from django.db import DatabaseError, connection, transaction
from django.db.models import (
    Case,
    Count,
    F,
    Func,
    IntegerField,
    Max,
    Q,
    StringAgg,
    Sum,
    Value,
    When,
    Window,
)
from django.db.models.functions import RowNumber

from classrooms.models import Student
from games.engine import ATTEMPT_KINDS, get_game
from games.models import (
    OWN_GAME,
    OWN_WIN,
    PASSIVE,
    STOOD_IN,
    WON_WITH_HELP,
    LearningRecord,
    Match,
    Seat,
)

from .mastery import HINT_KIND, RECENT, mastery
from .models import ProgressCounted, StudentProgress

MATCH_SECONDS_CAP = 2 * 60 * 60  # a match left open all day counts as 2 hours at most
ENDED = (Match.Status.FINISHED, Match.Status.ABANDONED)
RETRIES = 5
# Serialization failure, deadlock, and a row an update wrote after this chunk's snapshot.
RETRY_CODES = {"40001", "40P01", "23505"}


def rebuild_chunk(ids: list[int]) -> int:
    """Replace these students' ledger and progress rows with ones compiled from their ended
    matches; the rows written. Run again (a few times) if a concurrent update got in."""
    for attempt in range(RETRIES):
        try:
            return _compile(ids)
        except DatabaseError as error:
            code = getattr(error.__cause__, "sqlstate", None)
            if connection.in_atomic_block or code not in RETRY_CODES or attempt + 1 == RETRIES:
                raise
    raise AssertionError("unreachable")


def lock_students(student_ids: Iterable[int]) -> None:
    """Lock the students' rows in id order: one progress writer per student at a time.

    NO KEY UPDATE: moves that insert learning records for them are not held up."""
    ids = sorted(student_ids)
    if ids:
        list(
            Student.objects.select_for_update(no_key=True)
            .filter(pk__in=ids)
            .order_by("pk")
            .values_list("pk", flat=True)
        )


def level_of(match: Match) -> tuple[str, str]:
    """(key, label) of the level a match counts toward."""
    try:
        return get_game(match.game).progress_level(match.settings)
    except KeyError:  # a game that is no longer offered
        return ("all", "All games")


def _compile(ids: list[int]) -> int:
    outermost = not connection.in_atomic_block
    with transaction.atomic():
        _snapshot(outermost)
        lock_students(ids)
        ProgressCounted.objects.filter(student_id__in=ids).delete()
        StudentProgress.objects.filter(student_id__in=ids).delete()
        _count_ended_matches(ids)
        rows = _match_stats(ids)
        left_out = Match.objects.filter(
            Q(status=Match.Status.PLAYING) | ~Q(mode=Match.Mode.GAME)
        ).values("pk")
        records = LearningRecord.objects.filter(student_id__in=ids).exclude(match_id__in=left_out)
        _event_stats(rows, ids)
        _recent_stats(rows, records.filter(kind__in=ATTEMPT_KINDS, helped=False))
        for row in rows.values():
            row.status = mastery(row)
        StudentProgress.objects.bulk_create(rows.values(), batch_size=1000)
    return len(rows)


def _snapshot(outermost: bool) -> None:
    """PostgreSQL: one snapshot for the whole transaction (when it is ours to set), sorts in
    memory, and no JIT compiling (tens of milliseconds a query, more than it saves here)."""
    if connection.vendor != "postgresql":
        return
    with connection.cursor() as cursor:
        if outermost:
            cursor.execute("SET TRANSACTION ISOLATION LEVEL REPEATABLE READ")
        cursor.execute("SET LOCAL work_mem = '64MB'")
        cursor.execute("SET LOCAL jit = off")


def _count_ended_matches(ids: list[int]) -> None:
    """Ledger rows for every ended real game the students played, in one INSERT ... SELECT:
    the rest of the chunk's snapshot sees the same ended matches."""
    ledger, seat, match = (m._meta.db_table for m in (ProgressCounted, Seat, Match))
    marks = ", ".join(["%s"] * len(ids))
    with connection.cursor() as cursor:
        cursor.execute(
            f"INSERT INTO {ledger} (student_id, match_id) "
            f"SELECT s.student_id, s.match_id FROM {seat} s "
            f"JOIN {match} m ON m.id = s.match_id "
            f"WHERE s.student_id IN ({marks}) AND m.status IN (%s, %s) "
            f"AND m.started_at IS NOT NULL AND m.mode = %s",
            [*ids, *ENDED, Match.Mode.GAME],
        )


class _CappedSeconds(Func):
    """Whole seconds from a match's start to its last move, at most the cap (as in Python:
    match_seconds)."""

    output_field = IntegerField()

    def __init__(self) -> None:
        super().__init__(F("match__last_move_at"), F("match__started_at"))

    def as_postgresql(self, compiler, connection, **extra):
        template = (
            "CAST(LEAST(FLOOR(EXTRACT(EPOCH FROM (%(expressions)s))), "
            f"{MATCH_SECONDS_CAP}) AS integer)"
        )
        return self.as_sql(compiler, connection, template=template, arg_joiner=" - ", **extra)

    def as_sqlite(self, compiler, connection, **extra):
        # django_timestamp_diff: Django's own SQLite function, microseconds between the two.
        template = f"MIN(django_timestamp_diff(%(expressions)s) / 1000000, {MATCH_SECONDS_CAP})"
        return self.as_sql(compiler, connection, template=template, **extra)


def _match_stats(ids: list[int]) -> dict[tuple, StudentProgress]:
    """A fresh row per student, game and level with the ended matches' numbers (as
    progress._add_match counts them)."""
    finished = Q(match__status=Match.Status.FINISHED)
    stats = (
        Seat.objects.filter(
            student_id__in=ids,
            match__status__in=ENDED,
            match__started_at__isnull=False,
            match__mode=Match.Mode.GAME,
        )
        .values("student_id", "match__game", "match__level")
        .annotate(
            played=Count("id"),
            finished=Count("id", filter=finished & OWN_GAME),
            wins=Count("id", filter=finished & OWN_WIN),
            helped_wins=Count("id", filter=finished & WON_WITH_HELP),
            given_up=Count("id", filter=Q(gave_up=True)),  # not "gave_up": that is a field
            stood_in_games=Count("id", filter=finished & STOOD_IN),
            passive_games=Count("id", filter=finished & PASSIVE),
            seconds=Sum(_CappedSeconds()),
            last=Max("match__last_move_at"),
            sample=Max("match_id"),
        )
        .order_by()
    )

    stats = list(stats)
    labels = _labels({(s["match__game"], s["match__level"]): s["sample"] for s in stats})
    return {
        (s["student_id"], s["match__game"], s["match__level"]): StudentProgress(
            student_id=s["student_id"],
            game=s["match__game"],
            level=s["match__level"],
            level_label=labels[(s["match__game"], s["match__level"])],
            games_played=s["played"],
            games_finished=s["finished"],
            wins=s["wins"],
            wins_with_help=s["helped_wins"],
            games_gave_up=s["given_up"],
            games_stood_in=s["stood_in_games"],
            games_passive=s["passive_games"],
            seconds_played=s["seconds"] or 0,
            last_played_at=s["last"],
        )
        for s in stats
    }


def _labels(samples: dict[tuple[str, str], int]) -> dict[tuple[str, str], str]:
    """Each (game, level)'s label, from the settings of one of its matches."""
    matches = Match.objects.only("game", "settings").in_bulk(set(samples.values()))
    return {pair: level_of(matches[pk])[1] for pair, pk in samples.items()}


# JSON aggregate functions by database: an object from (key, value) rows, an array. Plain
# json on PostgreSQL: it is read once into Python, and jsonb takes several times longer to build.
_JSON_FUNCTIONS = {
    "postgresql": ("json_object_agg", "json_build_array"),
    "sqlite": ("json_group_object", "json_array"),
}


def _event_stats(rows: dict[tuple, StudentProgress], ids: list[int]) -> None:
    """Every row's attempts, right answers, helped attempts and skills map (facts and sets the
    app did not help with), then its mistakes map and hints asked, from the learning records
    of ended real games; the maps are built as JSON by the database (a row per level comes
    back, not one per skill)."""
    record, match = LearningRecord._meta.db_table, Match._meta.db_table
    object_agg, array = _JSON_FUNCTIONS[connection.vendor]
    marks = ", ".join(["%s"] * len(ids))
    mine = (
        f"FROM {record} WHERE student_id IN ({marks}) AND match_id NOT IN "
        f"(SELECT id FROM {match} WHERE status = %s OR mode <> %s)"
    )
    left_out = [Match.Status.PLAYING, Match.Mode.GAME]
    with connection.cursor() as cursor:
        cursor.execute(
            f"SELECT student_id, game, level_key, {object_agg}(skill, {array}(r, w)), "
            f"SUM(r), SUM(w), SUM(h) FROM (SELECT student_id, game, level_key, skill, "
            f"SUM(CASE WHEN correct AND NOT helped THEN 1 ELSE 0 END) AS r, "
            f"SUM(CASE WHEN NOT correct AND NOT helped THEN 1 ELSE 0 END) AS w, "
            f"SUM(CASE WHEN helped THEN 1 ELSE 0 END) AS h "
            f"{mine} AND kind IN (%s, %s) GROUP BY student_id, game, level_key, skill) skills "
            f"GROUP BY student_id, game, level_key",
            [*ids, *left_out, *ATTEMPT_KINDS],
        )
        for student_id, game, level, skills, right, wrong, helped in cursor.fetchall():
            row = rows[(student_id, game, level)]
            # A skill tried only with help has no attempt of the student's own: not listed.
            row.skills = {skill: rw for skill, rw in _json(skills).items() if any(rw)}
            row.attempts, row.correct, row.helped = int(right) + int(wrong), int(right), int(helped)
        # Mistakes by kind and hints asked in one pass: a hint is a record of its own kind,
        # right ("there is no set") or not ("asked_hint", listed among the mistakes too).
        what = "CASE WHEN mistake = '' THEN kind ELSE mistake END"
        cursor.execute(
            f"SELECT student_id, game, level_key, {object_agg}(what, n), SUM(h) FROM ("
            f"SELECT student_id, game, level_key, {what} AS what, "
            f"SUM(CASE WHEN correct THEN 0 ELSE 1 END) AS n, "
            f"SUM(CASE WHEN kind = %s THEN 1 ELSE 0 END) AS h "
            f"{mine} AND (NOT correct OR kind = %s) "
            f"GROUP BY student_id, game, level_key, {what}) mistakes "
            f"GROUP BY student_id, game, level_key",
            [HINT_KIND, *ids, *left_out, HINT_KIND],
        )
        for student_id, game, level, mistakes, hints in cursor.fetchall():
            row = rows[(student_id, game, level)]
            row.mistakes = {kind: n for kind, n in _json(mistakes).items() if n}
            row.hints = int(hints)


def _json(value: str | dict) -> dict:
    return json.loads(value) if isinstance(value, str) else value


def _recent_from_index(rows: dict[tuple, StudentProgress]) -> None:
    """PostgreSQL: for each row, its newest RECENT attempts (not helped) read backwards off the
    index (student, game, level_key, id) — a LIMIT per row instead of ordering every attempt.
    The matches left out (being played, or not a real game) are an uncorrelated subquery: one
    hashed set for the whole query, not a lookup per record."""
    records, matches = LearningRecord._meta.db_table, Match._meta.db_table
    keys = list(rows)
    values = ", ".join(["(%s::integer, %s::text, %s::text)"] * len(keys))
    kinds = ", ".join(["%s"] * len(ATTEMPT_KINDS))
    sql = f"""
        SELECT g.student_id, g.game, g.level_key,
               string_agg(CASE WHEN t.correct THEN '1' ELSE '0' END, '' ORDER BY t.id DESC)
        FROM (VALUES {values}) AS g(student_id, game, level_key)
        CROSS JOIN LATERAL (
            SELECT r.id, r.correct FROM {records} r
            WHERE r.student_id = g.student_id AND r.game = g.game
              AND r.level_key = g.level_key AND r.kind IN ({kinds}) AND NOT r.helped
              AND r.match_id NOT IN (SELECT id FROM {matches} WHERE status = %s OR mode <> %s)
            ORDER BY r.id DESC LIMIT {RECENT}
        ) t
        GROUP BY 1, 2, 3
    """
    params = [part for key in keys for part in key] + list(ATTEMPT_KINDS)
    params += [Match.Status.PLAYING, Match.Mode.GAME]
    with connection.cursor() as cursor:
        cursor.execute(sql, params)
        for student_id, game, level, bits in cursor.fetchall():
            rows[(student_id, game, level)].recent = [int(bit) for bit in bits][::-1]


def _recent_stats(rows: dict[tuple, StudentProgress], attempts) -> None:
    """The last RECENT attempts of each row: newest first as one string per row where the
    database can order inside an aggregate (PostgreSQL), else by a window function."""
    if connection.vendor == "postgresql" and rows:
        _recent_from_index(rows)
        return
    if connection.features.supports_aggregate_order_by_clause:
        bit = Case(When(correct=True, then=Value("1")), default=Value("0"))
        stats = (
            attempts.values("student_id", "game", "level_key")
            .annotate(bits=StringAgg(bit, Value(""), order_by=F("id").desc()))
            .order_by()
        )
        for s in stats:
            recent = [int(bit) for bit in s["bits"][:RECENT]]
            rows[(s["student_id"], s["game"], s["level_key"])].recent = recent[::-1]
        return
    newest = Window(
        RowNumber(),
        partition_by=[F("student_id"), F("game"), F("level_key")],
        order_by=F("id").desc(),
    )
    ranked = (
        attempts.annotate(rank=newest)
        .filter(rank__lte=RECENT)
        .values_list("student_id", "game", "level_key", "correct")
        .order_by("student_id", "game", "level_key", "-id")
    )
    for student_id, game, level, correct in ranked:
        rows[(student_id, game, level)].recent.append(int(correct))
    for row in rows.values():
        row.recent.reverse()
