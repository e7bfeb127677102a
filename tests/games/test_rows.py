"""games.rows: the hot path's seats-with-match query reads exactly what the ORM reads, and its
writes store exactly what save() and bulk_create() store."""

import pytest
from django.db import IntegrityError, connection, transaction
from django.test.utils import CaptureQueriesContext

from classrooms.models import Student, User
from games import rows, services
from games.models import LearningRecord, Match, MoveRecord, Seat
from games.rows import seats_with_match


def _fields(obj) -> dict | None:
    if obj is None:
        return None
    return {f.attname: getattr(obj, f.attname) for f in obj._meta.concrete_fields}


def _read(seats) -> list:
    return [
        (_fields(seat), _fields(seat.match), _fields(seat.student), _fields(seat.teacher))
        for seat in seats
    ]


def _against_a_bot(student) -> Match:
    return services.match_create(
        game="multiplication",
        settings={},
        classroom=student.classroom,
        seats=[services.SeatSpec(student=student), services.SeatSpec(bot="easy")],
        host=student,
    )


def test_seats_with_match_reads_what_the_orm_reads(student, teacher):
    match = services.match_create(
        game="prime-bomb",
        settings={"level": 2},
        classroom=student.classroom,
        seats=[services.SeatSpec(student=student), services.SeatSpec(bot="easy")],
        host=student,
        seed=3,
    )
    practice = services.match_create(
        game="multiplication",
        settings={},
        classroom=None,
        seats=[services.seat_spec(teacher), services.SeatSpec(bot="easy")],
        mode=Match.Mode.PRACTICE,
    )
    for game in (match, practice):
        orm = list(
            Seat.objects.filter(match_id=game.pk).select_related("match", "student", "teacher")
        )
        with CaptureQueriesContext(connection) as queries:
            seats = seats_with_match(game.pk, teacher=True)
            read = _read(seats)  # the match, students and teachers came with the seats
        assert len(queries) == 1
        assert read == _read(orm)
        assert all(seat.match is seats[0].match for seat in seats)  # one match for all
    seat, bot = seats_with_match(match.pk)
    assert isinstance(seat.student, Student) and seat.student.pk == student.pk
    assert bot.student is None and bot.student_id is None
    assert isinstance(seats_with_match(practice.pk, teacher=True)[0].teacher, User)
    assert isinstance(seat.match.state, dict) and seat.match.started_at is not None


def test_a_locked_read_may_leave_the_state_unread(student):
    match = _against_a_bot(student)
    with transaction.atomic():
        seats = seats_with_match(match.pk, lock=True, state=False)
        assert seats[0].match.get_deferred_fields() == {"state"}
        assert seats[0].match.version == match.version
        assert seats[0].match.state == Match.objects.get(pk=match.pk).state  # read when asked


def test_no_such_match_has_no_seats(db):
    assert seats_with_match(987654) == []


def _stored(model, **filters) -> list[dict]:
    skip = {"id", "created_at"}
    return [
        {k: v for k, v in row.items() if k not in skip}
        for row in model.objects.filter(**filters).order_by("id").values()
    ]


def test_the_writes_store_what_save_and_bulk_create_store(student):
    match = _against_a_bot(student)
    move = {"type": "play", "card": 12, "note": "ünïcode & <b>"}
    made = [
        MoveRecord(match=match, number=n, seat=n % 2, by_bot=bool(n % 2), move=move, text="t",
                   submission=f"{n:032x}" if n < 3 else "")
        for n in range(1, 5)
    ]  # fmt: skip
    with CaptureQueriesContext(connection) as queries:
        rows.insert(made)
    assert len(queries) == 1  # every row in one statement
    written = _stored(MoveRecord, match=match)
    MoveRecord.objects.filter(match=match).delete()
    MoveRecord.objects.bulk_create(
        MoveRecord(match=match, number=n, seat=n % 2, by_bot=bool(n % 2), move=move, text="t",
                   submission=f"{n:032x}" if n < 3 else "")
        for n in range(1, 5)
    )  # fmt: skip
    assert written == _stored(MoveRecord, match=match)
    assert all(r.created_at is not None for r in MoveRecord.objects.filter(match=match))

    events = [
        LearningRecord(match=match, student=student, game="multiplication", level="x",
                       kind="fact", skill=f"3x{n}", correct=n % 2 == 0, detail={"n": [n, None]})
        for n in range(rows.INSERT_BATCH + 3)
    ]  # fmt: skip
    rows.insert(events)  # more than one statement's worth
    assert [r["skill"] for r in _stored(LearningRecord, match=match)] == [
        f"3x{n}" for n in range(rows.INSERT_BATCH + 3)
    ]
    assert _stored(LearningRecord, match=match)[5]["detail"] == {"n": [5, None]}

    match.version += 7
    match.state = {**match.state, "extra": [1, 2]}
    match.deadline_at = None
    rows.update(match, ["version", "state", "deadline_at"])
    fresh = Match.objects.get(pk=match.pk)
    assert (fresh.version, fresh.state, fresh.deadline_at) == (
        match.version, match.state, None
    )  # fmt: skip


def test_an_insert_keeps_the_database_constraints(student):
    match = _against_a_bot(student)
    rows.insert([MoveRecord(match=match, number=1, seat=0, move={}, text="a")])
    with pytest.raises(IntegrityError), transaction.atomic():  # the same move number twice
        rows.insert([MoveRecord(match=match, number=1, seat=0, move={}, text="b")])
    assert MoveRecord.objects.filter(match=match).count() == 1


def test_a_board_id_names_the_seat_whose_move_came_from_it(student):
    match = _against_a_bot(student)
    rows.insert([MoveRecord(match=match, number=1, seat=1, move={}, text="a", submission="f" * 32)])
    assert rows.submission_seat(match.pk, "f" * 32) == 1
    assert rows.submission_seat(match.pk, "e" * 32) is None
    assert rows.submission_seat(match.pk + 1, "f" * 32) is None
