"""A teacher sees only their own classes; a student only their own pages.

Every URL of the first teacher's class is tried, with every method it accepts, by a second
teacher (404: for them the class does not exist), by a student of another class and by a
student of this class (403: teacher pages are not for students), and by nobody (sign in).
"""

import pytest
from django.urls import reverse

from classrooms import services
from classrooms.models import Classroom

CLASS_URLS = [
    ("class_detail", "GET"),
    ("class_settings", "GET"),
    ("class_settings", "POST"),
    ("class_reset_code", "POST"),
    ("address_unlock", "POST"),
    ("student_add", "POST"),
    ("roster_import", "GET"),
    ("roster_import", "POST"),
    ("roster_import_confirm", "POST"),
    ("sign_in_cards", "GET"),
]
STUDENT_URLS = [
    ("student_row", "GET"),
    ("student_edit", "GET"),
    ("student_edit", "POST"),
    ("student_remove", "GET"),
    ("student_remove", "POST"),
    ("student_reset", "POST"),
    ("student_unlock", "POST"),
    ("student_export", "GET"),
]


def every_url(classroom, student):
    for name, method in CLASS_URLS:
        yield reverse(name, args=[classroom.pk]), method
    for name, method in STUDENT_URLS:
        yield reverse(name, args=[classroom.pk, student.pk]), method


def call(client, url, method):
    data = {"name": "Hacked", "sign_in_method": "password", "data": "YQ=="}
    return client.post(url, data) if method == "POST" else client.get(url)


@pytest.fixture
def other_teacher(make_teacher):
    return make_teacher(email="other@school.test")


@pytest.fixture
def other_student(other_teacher):
    other_class = services.classroom_create(
        teacher=other_teacher, name="Other class", sign_in_method=Classroom.SignInMethod.PICTURES
    )
    return services.student_create(classroom=other_class, name="Zed")


def assert_unchanged(classroom, student, code, secret):
    classroom.refresh_from_db()
    student.refresh_from_db()
    assert classroom.name == "Class 4A" and classroom.join_code == code
    assert classroom.sign_in_method == "pictures"
    assert student.name == "Ana B." and student.picture_secret == secret
    assert list(classroom.students.values_list("name", flat=True)) == ["Ana B."]


def test_another_teacher_gets_404_everywhere(client, classroom, student, other_teacher):
    code, secret = classroom.join_code, student.picture_secret
    client.force_login(other_teacher, backend="classrooms.auth.TeacherBackend")
    for url, method in every_url(classroom, student):
        assert call(client, url, method).status_code == 404, (method, url)
    assert_unchanged(classroom, student, code, secret)
    assert "Class 4A" not in client.get(reverse("class_list")).content.decode()


def test_a_student_of_another_class_gets_403_everywhere(client, classroom, student, other_student):
    code, secret = classroom.join_code, student.picture_secret
    client.force_login(other_student.user, backend="classrooms.auth.StudentBackend")
    for url, method in [*every_url(classroom, student), (reverse("class_list"), "GET")]:
        assert call(client, url, method).status_code == 403, (method, url)
    assert_unchanged(classroom, student, code, secret)


def test_a_student_of_this_class_gets_403_on_teacher_pages(client, classroom, student):
    code, secret = classroom.join_code, student.picture_secret
    client.force_login(student.user, backend="classrooms.auth.StudentBackend")
    for url, method in every_url(classroom, student):
        assert call(client, url, method).status_code == 403, (method, url)
    assert_unchanged(classroom, student, code, secret)


def test_nobody_signed_in_is_sent_to_sign_in(client, classroom, student):
    for url, method in every_url(classroom, student):
        response = call(client, url, method)
        assert response.status_code == 302 and response.url.startswith(reverse("login"))


def test_teacher_cannot_open_student_pages(teacher_client):
    assert teacher_client.get(reverse("student_home")).status_code == 403


def test_a_students_page_needs_a_student(client, db):
    response = client.get(reverse("student_home"))
    assert response.url.startswith(reverse("join"))


def test_admin_is_for_staff_only(teacher_client, client, student):
    assert teacher_client.get("/admin/").status_code == 302
    client.force_login(student.user, backend="classrooms.auth.StudentBackend")
    assert client.get("/admin/").status_code == 302


def test_csrf_is_enforced_with_a_readable_answer(classroom, student):
    from django.test import Client

    client = Client(enforce_csrf_checks=True)
    client.force_login(classroom.teacher, backend="classrooms.auth.TeacherBackend")
    response = client.post(reverse("student_add", args=[classroom.pk]), {"name": "Ben"})
    assert response.status_code == 403
    assert "open for too long" in response.content.decode()
    assert not classroom.students.filter(name="Ben").exists()
