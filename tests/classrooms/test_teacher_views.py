"""Teacher pages: accounts, classes, roster edits (plain and htmx), CSV import, cards."""

import base64

import pytest
from django.urls import reverse

from classrooms import services
from classrooms.models import Classroom, Student, User

HTMX = {"HTTP_HX_REQUEST": "true"}


def test_sign_up_creates_a_teacher_and_signs_them_in(client, db):
    response = client.post(
        reverse("signup"),
        {"name": "Ana Ruiz", "email": "Ana@School.test", "password": "plenty-long-9"},
    )
    assert response.status_code == 302 and response.url == reverse("class_list")
    user = User.objects.get(username="ana@school.test")
    assert user.is_teacher
    assert client.get(reverse("class_list")).status_code == 200


@pytest.mark.parametrize(
    "data, field",
    [
        ({"name": "A", "email": "not-an-email", "password": "plenty-long-9"}, "email"),
        ({"name": "A", "email": "a@b.test", "password": "123"}, "password"),
        ({"name": "", "email": "a@b.test", "password": "plenty-long-9"}, "name"),
    ],
)
def test_bad_sign_up_answers_422_with_the_problem_and_creates_nothing(client, db, data, field):
    response = client.post(reverse("signup"), data)
    assert response.status_code == 422
    assert response.context["form"].errors[field]
    assert not User.objects.exists()


def test_sign_up_with_a_taken_email_is_refused(client, teacher):
    data = {"name": "X", "email": "TEACHER@school.test", "password": "plenty-long-9"}
    response = client.post(reverse("signup"), data)
    assert response.status_code == 422
    assert "already an account" in response.content.decode()


def test_login_and_logout(client, teacher):
    response = client.post(
        reverse("login"), {"email": "teacher@school.test", "password": "Correct-Horse-9"}
    )
    assert response.status_code == 302
    assert client.get(reverse("class_list")).status_code == 200
    assert client.post(reverse("logout")).status_code == 302
    assert client.get(reverse("class_list")).status_code == 302


def test_logout_needs_post(teacher_client):
    assert teacher_client.get(reverse("logout")).status_code == 405


def test_login_goes_to_next_only_on_this_site(client, teacher):
    data = {"email": "teacher@school.test", "password": "Correct-Horse-9"}
    response = client.post(reverse("login"), {**data, "next": "/classes/"})
    assert response.url == "/classes/"
    client.post(reverse("logout"))
    response = client.post(reverse("login"), {**data, "next": "https://evil.example/"})
    assert response.url == reverse("home")


def test_wrong_password_is_rejected_then_rate_limited(client, teacher, settings):
    settings.LOGIN_RATE_LIMIT = 3
    bad = {"email": "teacher@school.test", "password": "nope"}
    for _ in range(3):
        response = client.post(reverse("login"), bad)
        assert response.status_code == 422
        assert "do not match" in response.content.decode()
    response = client.post(reverse("login"), bad)
    assert response.status_code == 429
    # Even the right password waits until the window has passed.
    good = {"email": "teacher@school.test", "password": "Correct-Horse-9"}
    assert client.post(reverse("login"), good).status_code == 429


def test_password_change(teacher_client, teacher):
    response = teacher_client.post(
        reverse("password_change"),
        {
            "old_password": "Correct-Horse-9",
            "new_password1": "Another-Long-77",
            "new_password2": "Another-Long-77",
        },
    )
    assert response.status_code == 302
    teacher.refresh_from_db()
    assert teacher.check_password("Another-Long-77")
    assert teacher_client.get(reverse("class_list")).status_code == 200  # still signed in


def test_password_change_with_wrong_old_password_changes_nothing(teacher_client, teacher):
    response = teacher_client.post(
        reverse("password_change"),
        {"old_password": "wrong", "new_password1": "Xx-123456789", "new_password2": "Xx-123456789"},
    )
    assert response.status_code == 422
    teacher.refresh_from_db()
    assert teacher.check_password("Correct-Horse-9")


def test_empty_class_list_explains_what_to_do(teacher_client):
    page = teacher_client.get(reverse("class_list")).content.decode()
    assert "No classes yet" in page


def test_create_class(teacher_client, teacher):
    response = teacher_client.post(
        reverse("class_list"), {"name": "Room 12", "sign_in_method": "password"}
    )
    classroom = Classroom.objects.get(teacher=teacher)
    assert response.url == reverse("class_detail", args=[classroom.pk])
    assert classroom.sign_in_method == "password"


def test_create_class_with_bad_input_answers_422(teacher_client, teacher):
    response = teacher_client.post(reverse("class_list"), {"name": "  ", "sign_in_method": "x"})
    assert response.status_code == 422
    assert not Classroom.objects.exists()


def test_class_settings_change_sign_in_method(teacher_client, classroom):
    url = reverse("class_settings", args=[classroom.pk])
    response = teacher_client.post(url, {"name": "4A", "sign_in_method": "password"})
    assert response.status_code == 302
    classroom.refresh_from_db()
    assert classroom.sign_in_method == "password" and classroom.name == "4A"


def test_reset_join_code_with_htmx_returns_the_new_code(teacher_client, classroom):
    old = classroom.join_code
    response = teacher_client.post(reverse("class_reset_code", args=[classroom.pk]), **HTMX)
    classroom.refresh_from_db()
    assert classroom.join_code != old
    page = response.content.decode()
    assert classroom.join_code in page and "<html" not in page


def test_add_student_plain_form_redirects(teacher_client, classroom):
    response = teacher_client.post(reverse("student_add", args=[classroom.pk]), {"name": "Ben"})
    assert response.status_code == 302
    assert classroom.students.filter(name="Ben").exists()


def test_add_student_with_htmx_returns_the_roster_partial(teacher_client, classroom, student):
    response = teacher_client.post(
        reverse("student_add", args=[classroom.pk]), {"name": "Ben"}, **HTMX
    )
    page = response.content.decode()
    assert response.status_code == 200
    assert 'id="roster"' in page and "Ben" in page and "Ana B." in page
    assert "<html" not in page


@pytest.mark.parametrize(
    "name, problem",
    [("", "empty"), ("x" * 41, "41 characters"), ("ANA b.", "already a student")],
)
def test_add_student_bad_name_answers_422_and_saves_nothing(
    teacher_client, classroom, student, name, problem
):
    url = reverse("student_add", args=[classroom.pk])
    response = teacher_client.post(url, {"name": name}, **HTMX)
    assert response.status_code == 422
    assert problem in response.content.decode()
    assert classroom.students.count() == 1


def test_inline_rename_with_htmx(teacher_client, classroom, student):
    url = reverse("student_edit", args=[classroom.pk, student.pk])
    form = teacher_client.get(url, **HTMX).content.decode()
    assert 'name="name"' in form and "<html" not in form
    row = teacher_client.post(url, {"name": "Ana Bell"}, **HTMX).content.decode()
    assert "Ana Bell" in row and f'id="student-{student.pk}"' in row
    student.refresh_from_db()
    assert student.name == "Ana Bell"


def test_rename_without_javascript_uses_a_page(teacher_client, classroom, student):
    url = reverse("student_edit", args=[classroom.pk, student.pk])
    assert "<html" in teacher_client.get(url).content.decode()
    assert teacher_client.post(url, {"name": "Ana C."}).status_code == 302


def test_rename_to_a_taken_name_answers_422(teacher_client, classroom, student):
    other = Student.objects.create(
        user=User.objects.create(username="s2", role="student"), classroom=classroom, name="Ben"
    )
    url = reverse("student_edit", args=[classroom.pk, other.pk])
    response = teacher_client.post(url, {"name": "ana b."}, **HTMX)
    assert response.status_code == 422
    other.refresh_from_db()
    assert other.name == "Ben"


def test_cancel_inline_edit_returns_the_row(teacher_client, classroom, student):
    row = teacher_client.get(reverse("student_row", args=[classroom.pk, student.pk]), **HTMX)
    assert "Ana B." in row.content.decode()


def test_remove_student_confirms_without_javascript(teacher_client, classroom, student):
    url = reverse("student_remove", args=[classroom.pk, student.pk])
    assert "cannot be undone" in teacher_client.get(url).content.decode()
    assert classroom.students.exists()
    assert teacher_client.post(url).status_code == 302
    assert not classroom.students.exists()


def test_remove_student_with_htmx_removes_the_row_and_updates_the_count(
    teacher_client, classroom, student
):
    services.student_create(classroom=classroom, name="Ben")
    services.student_create(classroom=classroom, name="Cy")
    page = teacher_client.get(reverse("class_detail", args=[classroom.pk])).content.decode()
    assert '<span class="count" id="roster-count">(3)</span>' in page
    url = reverse("student_remove", args=[classroom.pk, student.pk])
    response = teacher_client.post(url, **HTMX)
    body = response.content.decode()
    assert response.status_code == 200 and "HX-Retarget" not in response
    # Only out-of-band parts: the row (the target) is swapped for nothing.
    assert '<span class="count" id="roster-count" hx-swap-oob="true">(2)</span>' in body
    assert 'id="roster-status" hx-swap-oob="true">Removed Ana B.' in body
    assert "roster-row" not in body
    assert list(classroom.students.values_list("name", flat=True)) == ["Ben", "Cy"]


def test_removing_the_last_student_with_htmx_shows_the_empty_roster(
    teacher_client, classroom, student
):
    url = reverse("student_remove", args=[classroom.pk, student.pk])
    response = teacher_client.post(url, **HTMX)
    assert response["HX-Retarget"] == "#roster" and response["HX-Reswap"] == "outerHTML"
    body = response.content.decode()
    assert 'id="roster-count">(0)</span>' in body and "No students yet." in body
    assert not classroom.students.exists()


def test_reset_sign_in_with_htmx_shows_the_new_secret(teacher_client, classroom, student):
    url = reverse("student_reset", args=[classroom.pk, student.pk])
    row = teacher_client.post(url, **HTMX).content.decode()
    student.refresh_from_db()
    assert all(picture in row for picture in student.pictures)
    assert "new sign-in" in row


def test_csv_preview_reports_bad_rows_and_saves_nothing(teacher_client, classroom, student):
    # Mostly UTF-8 (Zoë) with one line that is not: that line is reported, the rest imported.
    data = (
        b"name\nCleo\n\nana b.\n"
        + b"Y" * 50
        + b"\nCleo\n"
        + "Ren\u00e9\n".encode("cp1252")
        + "Zo\u00eb\n".encode()
    )
    upload = _upload(data)
    response = teacher_client.post(reverse("roster_import", args=[classroom.pk]), {"file": upload})
    page = response.content.decode()
    assert response.status_code == 200
    assert "Nothing is saved yet" in page
    for problem in ("already a student", "50 characters", "already on row 2", "UTF-8"):
        assert problem in page
    assert list(classroom.students.values_list("name", flat=True)) == ["Ana B."]
    confirm = response.context["confirm"].initial["data"]
    response = teacher_client.post(
        reverse("roster_import_confirm", args=[classroom.pk]), {"data": confirm}
    )
    assert response.status_code == 302
    assert sorted(classroom.students.values_list("name", flat=True)) == ["Ana B.", "Cleo", "Zoë"]


def test_csv_confirm_with_forged_data_answers_422_and_saves_nothing(teacher_client, classroom):
    url = reverse("roster_import_confirm", args=[classroom.pk])
    for data in ["%%% not base64 %%%", "", base64.b64encode(b"\x00\x01binary").decode()]:
        response = teacher_client.post(url, {"data": data})
        assert response.status_code == 422
    assert not classroom.students.exists()


def test_csv_upload_of_a_binary_file_answers_422(teacher_client, classroom):
    url = reverse("roster_import", args=[classroom.pk])
    response = teacher_client.post(url, {"file": _upload(b"\x89PNG\r\n\x1a\n\x00\x00")})
    assert response.status_code == 422
    assert "not a CSV" in response.content.decode()


def test_csv_upload_without_a_file_answers_422(teacher_client, classroom):
    response = teacher_client.post(reverse("roster_import", args=[classroom.pk]), {})
    assert response.status_code == 422


def test_sign_in_cards_show_code_and_each_students_pictures(teacher_client, classroom, student):
    page = teacher_client.get(reverse("sign_in_cards", args=[classroom.pk])).content.decode()
    assert classroom.join_code in page and "Ana B." in page
    for picture in student.pictures:
        assert f"pictures/{picture}.svg" in page


def test_sign_in_cards_show_the_word_for_password_classes(teacher_client, classroom, student):
    Classroom.objects.filter(pk=classroom.pk).update(sign_in_method="password")
    page = teacher_client.get(reverse("sign_in_cards", args=[classroom.pk])).content.decode()
    assert student.word_secret in page


def test_pages_carry_a_strict_content_security_policy(client, db):
    policy = client.get(reverse("home")).headers["Content-Security-Policy"]
    assert "default-src 'self'" in policy and "unsafe-inline" not in policy


def _upload(data: bytes):
    from django.core.files.uploadedfile import SimpleUploadedFile

    return SimpleUploadedFile("class.csv", data, content_type="text/csv")
