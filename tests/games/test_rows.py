"""games.rows: the hot path's seats-with-match query reads exactly what the ORM reads."""

from django.db import connection, transaction
from django.test.utils import CaptureQueriesContext

from classrooms.models import Student, User
from games import services
from games.models import Match, Seat
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
    match = services.match_create(
        game="multiplication",
        settings={},
        classroom=student.classroom,
        seats=[services.SeatSpec(student=student), services.SeatSpec(bot="easy")],
        host=student,
    )
    with transaction.atomic():
        seats = seats_with_match(match.pk, lock=True, state=False)
        assert seats[0].match.get_deferred_fields() == {"state"}
        assert seats[0].match.version == match.version
        assert seats[0].match.state == Match.objects.get(pk=match.pk).state  # read when asked


def test_no_such_match_has_no_seats(db):
    assert seats_with_match(987654) == []
