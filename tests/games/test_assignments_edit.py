"""A teacher changes an assignment (settings, goal, count, due date, students); due dates in
the past are refused, passed ones are marked overdue, and show their year when not this
year (docs/rules.md, "Playing on the platform": Assignments)."""

from datetime import date, timedelta

import pytest
from django.test import Client
from django.urls import reverse
from django.utils import timezone

from classrooms import services as roster
from classrooms.models import Assignment
from games.assignments import assignment_create, assignment_update, progress_for
from games.models import Match, Seat

GAME = "multiplication"
TODAY = timezone.localdate()


@pytest.fixture
def ben(classroom):
    return roster.student_create(classroom=classroom, name="Ben")


def make(classroom, **fields) -> Assignment:
    values = {"game": GAME, "settings": {"free_cards": 1}, "goal": "finish", "goal_count": 2}
    return assignment_create(classroom=classroom, **{**values, **fields})


def finished(student, settings: dict) -> Match:
    """A game of GAME the student finished (and won) a moment ago."""
    now = timezone.now()
    match = Match.objects.create(
        game=GAME,
        settings=settings,
        seed=1,
        classroom=student.classroom,
        status="finished",
        level="all",
        started_at=now - timedelta(minutes=5),
        last_move_at=now,
        finished_at=now,
    )
    Seat.objects.create(match=match, index=0, student=student, won=True, attempted=True)
    return match


def edit_url(assignment) -> str:
    return reverse("assignment_edit", args=[assignment.classroom_id, assignment.pk])


def post(**fields) -> dict:
    return {
        "setting_free_cards": "1",
        "setting_product": "hidden",
        "goal": "finish",
        "goal_count": "2",
        **fields,
    }


# --- due dates ------------------------------------------------------------------------------
def test_a_due_date_in_the_past_is_refused_with_a_readable_error(teacher_client, classroom):
    url = reverse("assignment_new", args=[classroom.pk, GAME])
    yesterday = (TODAY - timedelta(days=1)).isoformat()
    response = teacher_client.post(url, post(due_date=yesterday))
    assert response.status_code == 422
    assert "That day has passed: choose today or a later day" in response.content.decode()
    assert not classroom.assignments.exists()
    assert teacher_client.post(url, post(due_date=TODAY.isoformat())).status_code == 302
    assert classroom.assignments.get().due_date == TODAY  # today is not overdue
    assert not classroom.assignments.get().overdue
    form = teacher_client.get(url).content.decode()
    assert f'min="{TODAY.isoformat()}"' in form  # the date picker offers no passed day


def test_a_garbled_due_date_gets_a_readable_error(teacher_client, classroom):
    url = reverse("assignment_new", args=[classroom.pk, GAME])
    response = teacher_client.post(url, post(due_date="next tuesday"))
    assert response.status_code == 422
    assert "Enter a date like 2027-02-03, or leave it empty." in response.content.decode()


def test_due_dates_show_the_year_only_when_it_is_not_this_year(classroom):
    this_year = make(classroom, due_date=date(TODAY.year, 12, 31))
    next_year = make(classroom, due_date=date(TODAY.year + 1, 2, 3))
    assert this_year.due_text == date(TODAY.year, 12, 31).strftime("%a 31 Dec")
    assert next_year.due_text == date(TODAY.year + 1, 2, 3).strftime("%a 3 Feb %Y")
    assert make(classroom).due_text == ""


def test_a_passed_due_date_is_marked_overdue_for_the_teacher_and_the_student(
    teacher_client, classroom, student
):
    late = make(classroom, due_date=TODAY - timedelta(days=3))
    make(classroom, due_date=TODAY + timedelta(days=3), goal_count=3)
    assert late.overdue
    listing = teacher_client.get(reverse("class_assignments", args=[classroom.pk]))
    assert listing.content.decode().count('<span class="tag overdue">Overdue</span>') == 1
    detail = teacher_client.get(reverse("assignment_detail", args=[classroom.pk, late.pk]))
    assert "Overdue" in detail.content.decode() and late.due_text in detail.content.decode()
    kid = Client()
    kid.force_login(student.user, backend="classrooms.auth.StudentBackend")
    for page in ("game_list", "student_home"):
        text = kid.get(reverse(page)).content.decode()
        assert text.count('<span class="overdue">overdue</span>') == 1, page
        assert f"due {late.due_text}" in text


def test_a_met_assignment_is_not_overdue_for_the_student(student_client, classroom, student):
    late = make(classroom, due_date=TODAY - timedelta(days=3), goal_count=1)
    finished(student, late.settings)
    assert progress_for(late, [student])[0].met
    page = student_client.get(reverse("game_list")).content.decode()
    assert "overdue</span>" not in page and "done!" in page


# --- editing --------------------------------------------------------------------------------
def test_the_edit_page_shows_the_current_values(teacher_client, classroom, student, ben):
    assignment = make(classroom, goal="win", goal_count=4, due_date=TODAY, students=[ben])
    detail = teacher_client.get(reverse("assignment_detail", args=[classroom.pk, assignment.pk]))
    assert edit_url(assignment) in detail.content.decode()
    page = teacher_client.get(edit_url(assignment)).content.decode()
    assert '<option value="1" selected>' in page  # 1 free card
    assert '<option value="win" selected>' in page
    assert 'name="goal_count" value="4"' in page
    assert f'name="due_date" value="{TODAY.isoformat()}"' in page
    assert f'value="{ben.pk}" id="id_students_1" checked' in page
    assert f'value="{student.pk}" id="id_students_0" checked' not in page


def test_a_teacher_changes_every_part_of_an_assignment(teacher_client, classroom, student, ben):
    assignment = make(classroom)
    due = TODAY + timedelta(days=9)
    response = teacher_client.post(
        edit_url(assignment),
        post(
            setting_free_cards="2",
            goal="win",
            goal_count="5",
            due_date=due.isoformat(),
            students=[str(ben.pk)],
        ),
    )
    assert response.status_code == 302
    assert response.url == reverse("assignment_detail", args=[classroom.pk, assignment.pk])
    assignment.refresh_from_db()
    assert assignment.settings == {"free_cards": 2, "product": "hidden"}
    assert (assignment.goal, assignment.goal_count, assignment.due_date) == ("win", 5, due)
    assert list(assignment.students.all()) == [ben]
    assert assignment.game == GAME and classroom.assignments.count() == 1


@pytest.mark.parametrize(
    "data",
    [
        {"setting_free_cards": "5"},
        {"goal": "lose"},
        {"goal_count": "0"},
        {"goal_count": "51"},
        {"students": ["999"]},
        {"due_date": (TODAY - timedelta(days=1)).isoformat()},
    ],
)
def test_bad_edits_answer_422_and_change_nothing(teacher_client, classroom, student, data):
    assignment = make(classroom, due_date=TODAY + timedelta(days=2))
    before = Assignment.objects.filter(pk=assignment.pk).values().get()
    response = teacher_client.post(edit_url(assignment), post(**data))
    assert response.status_code == 422
    assert 'class="errors' in response.content.decode()  # a field's or the form's
    assert Assignment.objects.filter(pk=assignment.pk).values().get() == before
    assert not assignment.students.exists()


def test_a_passed_due_date_may_stay_when_editing_but_not_be_chosen_anew(teacher_client, classroom):
    passed = TODAY - timedelta(days=4)
    assignment = make(classroom)
    Assignment.objects.filter(pk=assignment.pk).update(due_date=passed)
    response = teacher_client.post(edit_url(assignment), post(goal_count="3", due_date=passed))
    assert response.status_code == 302
    assignment.refresh_from_db()
    assert (assignment.goal_count, assignment.due_date) == (3, passed)
    earlier = (passed - timedelta(days=1)).isoformat()
    assert teacher_client.post(edit_url(assignment), post(due_date=earlier)).status_code == 422


def test_another_teacher_cannot_edit_an_assignment(client, classroom, make_teacher):
    assignment = make(classroom)
    client.force_login(
        make_teacher(email="x@school.test"), backend="classrooms.auth.TeacherBackend"
    )
    assert client.get(edit_url(assignment)).status_code == 404
    assert client.post(edit_url(assignment), post(goal_count="9")).status_code == 404
    assignment.refresh_from_db()
    assert assignment.goal_count == 2


def test_changed_settings_change_which_games_count(classroom, student):
    """docs/rules.md: games count with the assignment's settings at the time of counting."""
    assignment = make(classroom, goal_count=1)
    finished(student, {"free_cards": 2, "product": "hidden"})
    assert progress_for(assignment, [student])[0].finished == 0
    assignment_update(
        assignment=assignment, settings={"free_cards": 2}, goal="finish", goal_count=1
    )
    assert assignment.settings == {"free_cards": 2, "product": "hidden"}
    assert progress_for(assignment, [student])[0].met
