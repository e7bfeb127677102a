"""A student being removed from their class leaves their matches first: the games app settles
them when the classrooms app tells it (classrooms.signals.student_removing)."""

from classrooms.models import Student
from classrooms.signals import student_removing
from games import services
from games.leaving import on_student_removing
from games.models import Match

from .conftest import GAME


def test_the_games_app_settles_a_removed_student_s_matches_and_says_what_it_did(student, ben):
    against_bot = services.match_create(
        game=GAME,
        settings={},
        classroom=student.classroom,
        seats=[services.SeatSpec(student=student), services.SeatSpec(bot="easy")],
        host=student,
        seed=1,
    )
    waiting = services.match_create(
        game=GAME,
        settings={},
        classroom=student.classroom,
        seats=[
            services.SeatSpec(student=ben),
            services.SeatSpec(student=student),
            services.SeatSpec(),
        ],
        host=ben,
        seed=2,
    )
    assert waiting.status == Match.Status.LOBBY

    answers = dict(student_removing.send(sender=Student, student=student))

    departure = answers[on_student_removing]
    assert (departure.deleted, departure.left, departure.stood_in, departure.kept) == (1, 1, 0, 0)
    assert not Match.objects.filter(pk=against_bot.pk).exists()  # nobody else was in it
    waiting.refresh_from_db()
    assert waiting.status == Match.Status.LOBBY and not waiting.seats.filter(student=student)
    assert Student.objects.filter(pk=student.pk).exists()  # deleting is the sender's job
