"""A student's data: the teacher's download of everything stored about them (progress.export),
with no secret of a game still being played."""

import json

import pytest
from django.urls import reverse
from django.utils import timezone

from classrooms import services as roster
from classrooms.models import Assignment, Student
from games import services
from games.models import LearningRecord, Match, MoveRecord, Seat
from progress.export import export_filename
from progress.models import ProgressCounted, StudentProgress

from ..classrooms.test_student_data import GAME, played_against_bots, played_together
from .test_progress import facts, played


@pytest.fixture
def ben(classroom):
    return roster.student_create(classroom=classroom, name="Ben")


@pytest.fixture
def together(student, ben):
    return played_together(student, ben)


@pytest.fixture
def against_bots(student):
    return played_against_bots(student)


def _export_url(student):
    return reverse("student_export", args=[student.classroom_id, student.pk])


# --- the download --------------------------------------------------------------------------


def test_the_download_holds_everything_stored_about_the_student(
    teacher_client, student, ben, together, against_bots
):
    student.sound = False
    student.save(update_fields=["sound"])
    assignment = Assignment.objects.create(classroom=student.classroom, game=GAME, goal_count=2)
    assignment.students.add(student)
    played([student, None], events=facts(2, 1))  # learning records made by hand too

    response = teacher_client.get(_export_url(student))

    assert response.status_code == 200
    assert response["Content-Type"] == "application/json; charset=utf-8"
    today = timezone.localdate().isoformat()
    assert response["Content-Disposition"] == (
        f'attachment; filename="factorium-ana-b-{today}.json"'
    )
    assert "no-store" in response["Cache-Control"]
    body = response.content.decode()
    data = json.loads(body)
    about = data["student"]
    assert about["name"] == "Ana B." and about["class"]["name"] == "Class 4A"
    assert about["sign_in"]["method"] == "pictures"
    assert about["sign_in"]["pictures"] == student.pictures
    assert about["sign_in"]["short_password"] == student.word_secret
    assert about["account"]["email"] == "" and about["account"]["has_password"] is False
    assert data["settings"]["sound"] is False
    assert [a["id"] for a in data["assignments"]] == [assignment.pk]

    by_id = {m["id"]: m for m in data["matches"]}
    assert set(by_id) == set(
        Seat.objects.filter(student=student).values_list("match_id", flat=True)
    )
    game = by_id[together.pk]
    assert game["status"] == "finished" and game["game"] == GAME
    assert game["seat"]["index"] == 0 and game["outcome"] == together.outcome
    own = MoveRecord.objects.filter(match=together, seat=0, by_bot=False).order_by("number")
    assert [m["number"] for m in game["moves"]] == [m.number for m in own] and len(own) == 2
    assert game["moves_by_a_bot_for_them"] == together.moves.filter(seat=0, by_bot=True).count()
    assert [p["who"] for p in game["players"]] == ["this student", "a classmate"]
    assert [p["who"] for p in by_id[against_bots.pk]["players"]] == [
        "this student",
        "Pip (easy bot)",
    ]

    records = LearningRecord.objects.filter(student=student)
    assert len(data["learning_records"]) == records.count() > 0
    rows = StudentProgress.objects.filter(student=student)
    assert {(r["game"], r["level"]) for r in data["progress"]} == {(r.game, r.level) for r in rows}
    assert len(data["progress"]) > 0
    assert data["progress_counted_matches"] == sorted(
        ProgressCounted.objects.filter(student=student).values_list("match_id", flat=True)
    )
    assert "Ben" not in body  # classmates are not named
    assert "state" not in game  # the match state holds other players' hands


@pytest.mark.parametrize(
    "name, expected",
    [
        ("Ana B.", "factorium-ana-b"),
        ('../../etc/"passwd"', "factorium-etcpasswd"),
        ("Zoë Ó'Brien", "factorium-zoë-óbrien"),
        ("李小龙", "factorium-李小龙"),
        ("!!!", "factorium-student-42"),
    ],
)
def test_the_file_name_is_the_student_s_name_made_safe(name, expected):
    filename = export_filename(Student(pk=42, name=name))
    assert filename == f"{expected}-{timezone.localdate().isoformat()}.json"
    assert "/" not in filename and '"' not in filename


def test_a_name_outside_ascii_is_sent_as_an_encoded_file_name(teacher_client, student):
    roster.student_rename(student=student, name="Zoë")
    disposition = teacher_client.get(_export_url(student))["Content-Disposition"]
    assert disposition.startswith("attachment; filename*=utf-8''factorium-zo%C3%AB-")


def test_only_the_class_teacher_may_download(client, make_teacher, student, ben):
    url = _export_url(student)
    client.force_login(make_teacher(email="other@school.test"))
    assert client.get(url).status_code == 404
    client.force_login(ben.user, backend="classrooms.auth.StudentBackend")
    assert client.get(url).status_code == 403
    client.logout()
    response = client.get(url)
    assert response.status_code == 302 and response.url.startswith(reverse("login"))


def test_a_student_of_another_class_is_404_even_for_a_teacher_of_both(
    teacher_client, teacher, student
):
    other = roster.classroom_create(teacher=teacher, name="Class 5B", sign_in_method="pictures")
    url = reverse("student_export", args=[other.pk, student.pk])  # the wrong class in the URL
    assert teacher_client.get(url).status_code == 404


def test_the_download_is_offered_on_the_student_and_remove_pages(teacher_client, student):
    url = _export_url(student)
    page = teacher_client.get(reverse("student_edit", args=[student.classroom_id, student.pk]))
    assert f'href="{url}"' in page.content.decode()
    assert "Download everything stored about Ana B." in page.content.decode()
    remove = teacher_client.get(reverse("student_remove", args=[student.classroom_id, student.pk]))
    assert f'href="{url}"' in remove.content.decode()


def test_while_a_game_goes_on_the_download_holds_no_secret_choice(
    teacher_client, student, ben, classroom
):
    """Issue 36: "the teacher's per-student export shows a pending choice before the reveal
    (positions in the hand)". While a game is being played, a move is only its line in the
    game log; once the game has ended, its data too."""
    match = services.match_create(
        game="prime-bomb",
        settings={"level": 2},
        classroom=classroom,
        seats=[services.SeatSpec(student=student), services.SeatSpec(student=ben)],
        host=student,
        seed=4,
    )
    flipper = [student, ben][match.state["flipper"]]
    services.match_play(match_id=match.pk, player=flipper, move={"type": "flip"}, version=1)
    match.refresh_from_db()
    services.match_play(
        match_id=match.pk, player=student, move={"type": "choose", "cards": [1, 3]},
        version=match.version,
    )  # fmt: skip

    def moves() -> list[dict]:
        data = json.loads(teacher_client.get(_export_url(student)).content)
        return next(m for m in data["matches"] if m["id"] == match.pk)["moves"]

    pending = moves()[-1]
    assert pending["text"] == "chose their cards" and "move" not in pending
    assert "[1, 3]" not in json.dumps(moves()) and '"cards"' not in json.dumps(moves())
    match.refresh_from_db()
    services.match_play(
        match_id=match.pk, player=ben, move={"type": "choose"}, version=match.version
    )  # the last choice: the cards are shown
    Match.objects.filter(pk=match.pk).update(status=Match.Status.FINISHED)
    assert moves()[-1]["move"] == {"type": "choose", "cards": [1, 3]}
