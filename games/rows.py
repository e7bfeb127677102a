"""The hot path's SQL, written once per process: a match's seats with the match and the
seated students in one query (every move and every board: games.access, games.services), the
seat whose move came from a board (a retried move), and the writes of a move (its record, its
learning records, the match and seat fields it changes).

Django compiles a queryset's SQL on every run: for this three-table join that was 0.76 ms of
a 1.27 ms query, on every request of a game in progress (bench/move_cpu.py). The SQL here is
built once per database and kind, from the models' own fields; the values go through the
same converters Django applies (JSON, dates on SQLite), and the models are made with
Model.from_db as a queryset makes them, with the match and the students cached on the seats
(`seat.match`, `seat.student`, and `seat.teacher` if asked for) as select_related does.

The writes (insert, update) prepare each value as save() does (Field.pre_save, then
get_db_prep_save: auto_now_add, JSON); they send no model signals (none is listened to for
these models) and set no primary key on what they insert (the move's callers never read it).
"""

from __future__ import annotations

from functools import cache

from django.db import connections, router
from django.db.models import Model

from classrooms.models import Student, User

from .models import Match, MoveRecord, Seat

DEFERRED_STATE = ("state",)  # state=False: the caller has the state already


class _Part:
    """One model's columns in the joined row: where they are, and how to read them."""

    def __init__(self, model: type[Model], alias: str, start: int, skip: tuple[str, ...]):
        self.model = model
        self.fields = [f for f in model._meta.concrete_fields if f.attname not in skip]
        self.attnames = [f.attname for f in self.fields]
        self.alias = alias
        self.start = start
        self.end = start + len(self.fields)
        self.pk_at = self.attnames.index(model._meta.pk.attname)

    def columns(self, quote) -> list[str]:
        return [f"{quote(self.alias)}.{quote(f.column)}" for f in self.fields]

    def converters(self, connection) -> list[tuple[int, list]]:
        found = []
        for offset, field in enumerate(self.fields):
            column = field.get_col(self.alias)
            funcs = connection.ops.get_db_converters(column) + column.get_db_converters(connection)
            if funcs:
                found.append((self.start + offset, [(func, column) for func in funcs]))
        return found

    def make(self, db: str, row: list) -> Model | None:
        values = row[self.start : self.end]
        if values[self.pk_at] is None:  # no such row (a bot's seat has no student)
            return None
        return self.model.from_db(db, self.attnames, values)


class _Query:
    """The SQL and the readers for one database alias and kind of query."""

    def __init__(self, alias: str, teacher: bool, lock: bool, state: bool):
        connection = connections[alias]
        quote = connection.ops.quote_name
        self.seat = _Part(Seat, "s", 0, ())
        self.match = _Part(Match, "m", self.seat.end, () if state else DEFERRED_STATE)
        self.student = _Part(Student, "st", self.match.end, ())
        self.teacher = _Part(User, "t", self.student.end, ()) if teacher else None
        parts = [self.seat, self.match, self.student, *([self.teacher] if teacher else [])]
        columns = ", ".join(c for part in parts for c in part.columns(quote))

        def seat_column(name: str) -> str:
            return f"{quote('s')}.{quote(Seat._meta.get_field(name).column)}"

        def join(part: _Part, name: str) -> str:  # the part's row that the seat's `name` names
            pk = f"{quote(part.alias)}.{quote(part.model._meta.pk.column)}"
            table = f"{quote(part.model._meta.db_table)} {quote(part.alias)}"
            kind = "INNER JOIN" if part is self.match else "LEFT OUTER JOIN"
            return f" {kind} {table} ON {pk} = {seat_column(name)}"

        tables = f"{quote(Seat._meta.db_table)} {quote('s')}" + join(self.match, "match")
        tables += join(self.student, "student")
        if teacher:
            tables += join(self.teacher, "teacher")
        self.sql = (
            f"SELECT {columns} FROM {tables} WHERE {seat_column('match')} = %s"
            f" ORDER BY {seat_column('index')} ASC"
        )
        if lock and connection.features.has_select_for_update:
            of = "OF " + quote("m") if connection.features.has_select_for_update_of else ""
            self.sql += f" FOR UPDATE {of}".rstrip()
        self.converters = [c for part in parts for c in part.converters(connection)]


@cache
def _query(alias: str, teacher: bool, lock: bool, state: bool) -> _Query:
    return _Query(alias, teacher, lock, state)


# What select_related sets: the related object (or None) cached on the seat, no query.
_MATCH, _STUDENT, _TEACHER = (Seat._meta.get_field(n) for n in ("match", "student", "teacher"))


def seats_with_match(
    match_id: int, *, teacher: bool = False, lock: bool = False, state: bool = True
) -> list[Seat]:
    """The match's seats in order, each with `seat.match` (one Match for all) and
    `seat.student` (and `seat.teacher` with teacher=True) loaded; [] if there is no such match.
    lock=True locks the match's row (SELECT ... FOR UPDATE OF the match, as
    select_for_update(of=("match",)) does); state=False leaves the match's state unread."""
    alias = router.db_for_read(Seat) if not lock else router.db_for_write(Seat)
    connection = connections[alias]
    query = _query(alias, teacher, lock, state)
    with connection.cursor() as cursor:
        cursor.execute(query.sql, [match_id])
        rows = cursor.fetchall()
    if not rows:
        return []
    seats = []
    match = None
    for raw in rows:
        row = list(raw)
        for at, funcs in query.converters:
            value = row[at]
            for func, column in funcs:
                value = func(value, column, connection)
            row[at] = value
        if match is None:
            match = query.match.make(alias, row)
        seat = query.seat.make(alias, row)
        _MATCH.set_cached_value(seat, match)
        _STUDENT.set_cached_value(seat, query.student.make(alias, row))
        if query.teacher is not None:
            _TEACHER.set_cached_value(seat, query.teacher.make(alias, row))
        seats.append(seat)
    return seats


@cache
def _update_sql(model: type[Model], alias: str, names: tuple[str, ...]) -> tuple[str, list]:
    quote = connections[alias].ops.quote_name
    fields = [model._meta.get_field(name) for name in names]
    sets = ", ".join(f"{quote(f.column)} = %s" for f in fields)
    pk = quote(model._meta.pk.column)
    return f"UPDATE {quote(model._meta.db_table)} SET {sets} WHERE {pk} = %s", fields


def update(obj: Model, names: list[str] | tuple[str, ...]) -> None:
    """obj.save(update_fields=names) without compiling a query: the named fields as obj
    holds them now, in the row with obj's primary key."""
    model = type(obj)
    alias = router.db_for_write(model)
    connection = connections[alias]
    sql, fields = _update_sql(model, alias, tuple(names))
    values = [f.get_db_prep_save(f.pre_save(obj, False), connection) for f in fields]
    with connection.cursor() as cursor:
        cursor.execute(sql, [*values, obj.pk])


@cache
def _insert_sql(model: type[Model], alias: str, count: int) -> tuple[str, list]:
    quote = connections[alias].ops.quote_name
    fields = [f for f in model._meta.concrete_fields if not f.primary_key]
    row = "(" + ", ".join(["%s"] * len(fields)) + ")"
    columns = ", ".join(quote(f.column) for f in fields)
    rows = ", ".join([row] * count)
    return f"INSERT INTO {quote(model._meta.db_table)} ({columns}) VALUES {rows}", fields


INSERT_BATCH = 20  # rows an INSERT holds at most (a move makes a few)


def insert(objs: list[Model]) -> None:
    """Insert new rows of one model (bulk_create without the returned keys): every field but
    the primary key, in as few statements as INSERT_BATCH allows."""
    if not objs:
        return
    model = type(objs[0])
    alias = router.db_for_write(model)
    connection = connections[alias]
    with connection.cursor() as cursor:
        for start in range(0, len(objs), INSERT_BATCH):
            batch = objs[start : start + INSERT_BATCH]
            sql, fields = _insert_sql(model, alias, len(batch))
            values = [
                f.get_db_prep_save(f.pre_save(obj, True), connection)
                for obj in batch
                for f in fields
            ]
            cursor.execute(sql, values)


@cache
def _submission_sql(alias: str) -> str:
    quote = connections[alias].ops.quote_name
    seat, match, submission = (
        quote(MoveRecord._meta.get_field(name).column) for name in ("seat", "match", "submission")
    )
    table = quote(MoveRecord._meta.db_table)
    return f"SELECT {seat} FROM {table} WHERE {match} = %s AND {submission} = %s LIMIT 1"


def submission_seat(match_id: int, submission: str) -> int | None:
    """The seat whose move in this match came from the board with this id, if one did."""
    alias = router.db_for_read(MoveRecord)
    with connections[alias].cursor() as cursor:
        cursor.execute(_submission_sql(alias), [match_id, submission])
        found = cursor.fetchone()
    return found[0] if found else None
