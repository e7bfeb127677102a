"""Children sign in with the class code, their name, then pictures or a short password."""

import pytest
from django.urls import reverse

from classrooms.models import Classroom
from classrooms.signin import PICTURES

HTMX = {"HTTP_HX_REQUEST": "true"}


def secret_url(student):
    return reverse("join_secret", args=[student.classroom.join_code, student.pk])


def pick_pictures(client, student, pictures, **extra):
    """Click pictures one at a time, as the form does, carrying the picks so far."""
    so_far: list[str] = []
    response = None
    for picture in pictures:
        response = client.post(
            secret_url(student), {"so_far": " ".join(so_far), "pick": picture}, **extra
        )
        so_far.append(picture)
    return response


def test_class_code_leads_to_the_names_in_any_case_and_spacing(client, student):
    code = student.classroom.join_code
    response = client.post(reverse("join"), {"code": f" {code[:3].lower()} {code[3:]} "})
    assert response.url == reverse("join_names", args=[code])
    page = client.get(response.url).content.decode()
    assert "Ana B." in page and secret_url(student) in page


def test_unknown_class_code_gets_a_friendly_422(client, db):
    response = client.post(reverse("join"), {"code": "XXXXXX"})
    assert response.status_code == 422
    assert "find a class with that code" in response.content.decode()


def test_class_code_guessing_is_rate_limited(client, db, settings):
    settings.CLASS_CODE_DEVICE_LIMIT = 3
    for _ in range(3):
        assert client.post(reverse("join"), {"code": "XXXXXX"}).status_code == 422
    assert client.post(reverse("join"), {"code": "XXXXXX"}).status_code == 429


def test_right_pictures_in_order_sign_the_student_in(client, student):
    response = pick_pictures(client, student, student.pictures)
    assert response.url == reverse("student_home")
    home = client.get(reverse("student_home"))
    assert home.status_code == 200 and "Hi Ana B.!" in home.content.decode()


def test_htmx_sign_in_redirects_the_whole_page(client, student):
    response = pick_pictures(client, student, student.pictures, **HTMX)
    assert response.headers["HX-Redirect"] == reverse("student_home")


def test_each_click_shows_the_picks_so_far(client, student):
    response = client.post(secret_url(student), {"so_far": "", "pick": "cat"}, **HTMX)
    page = response.content.decode()
    assert response.status_code == 200 and "<html" not in page
    assert 'name="so_far" value="cat"' in page


def test_right_pictures_in_the_wrong_order_do_not(client, student):
    response = pick_pictures(client, student, list(reversed(student.pictures)))
    assert response.status_code == 422
    assert "don't match" in response.content.decode()
    assert client.get(reverse("student_home")).status_code == 302


def test_forged_pictures_answer_400(client, student):
    for data in (
        {"so_far": "", "pick": "unicorn"},
        {"so_far": "cat dog sun", "pick": "cat"},
        {"so_far": "<script>", "pick": "cat"},
    ):
        assert client.post(secret_url(student), data).status_code == 400


def test_student_is_rate_limited_after_wrong_tries(client, student, settings):
    settings.LOGIN_RATE_LIMIT = 2
    wrong = [p for p in PICTURES if p not in student.pictures][:3]
    for _ in range(2):
        assert pick_pictures(client, student, wrong).status_code == 422
    assert pick_pictures(client, student, student.pictures).status_code == 429


def test_a_school_sharing_one_address_is_not_locked_out_by_one_child(client, classroom, settings):
    from classrooms import services

    settings.LOGIN_RATE_LIMIT = 2
    ana = services.student_create(classroom=classroom, name="Ana")
    ben = services.student_create(classroom=classroom, name="Ben")
    for _ in range(3):
        pick_pictures(client, ana, ["ball", "ball", "ball"])
    assert pick_pictures(client, ben, ben.pictures).status_code == 302


def test_password_class_uses_the_short_password(client, classroom, student):
    Classroom.objects.filter(pk=classroom.pk).update(sign_in_method="password")
    page = client.get(secret_url(student)).content.decode()
    assert 'name="password"' in page and 'name="pick"' not in page
    wrong = client.post(secret_url(student), {"password": "nope"})
    assert wrong.status_code == 422
    right = client.post(secret_url(student), {"password": student.word_secret.upper()})
    assert right.url == reverse("student_home")


def test_the_pictures_do_not_work_for_a_password_class(client, classroom, student):
    Classroom.objects.filter(pk=classroom.pk).update(sign_in_method="password")
    response = client.post(secret_url(student), {"password": student.picture_secret})
    assert response.status_code == 422


def test_student_page_needs_the_right_class_code(client, student, teacher):
    from classrooms import services

    other = services.classroom_create(teacher=teacher, name="Other", sign_in_method="pictures")
    url = reverse("join_secret", args=[other.join_code, student.pk])
    assert client.get(url).status_code == 404


def test_old_code_stops_working_after_reset(client, student):
    from classrooms import services

    old = student.classroom.join_code
    services.classroom_reset_code(classroom=student.classroom)
    assert client.get(reverse("join_names", args=[old])).status_code == 404


def test_reset_sign_in_ends_the_students_sessions(client, student):
    from classrooms import services

    pick_pictures(client, student, student.pictures)
    assert client.get(reverse("student_home")).status_code == 200
    services.student_reset_sign_in(student=student)
    assert client.get(reverse("student_home")).status_code == 302


def test_student_sign_out_returns_to_the_class_code_page(student_client):
    response = student_client.post(reverse("logout"))
    assert response.url == reverse("join")


@pytest.mark.parametrize("url_name", ["home"])
def test_home_sends_each_person_to_their_page(client, student, teacher, url_name):
    assert client.get(reverse(url_name)).status_code == 200
    client.force_login(student.user, backend="classrooms.auth.StudentBackend")
    assert client.get(reverse(url_name)).url == reverse("student_home")
    client.force_login(teacher, backend="classrooms.auth.TeacherBackend")
    assert client.get(reverse(url_name)).url == reverse("class_list")


@pytest.mark.parametrize("code", ["%00AAAAA", "AAAAA%00", "ÀÀÀÀÀÀ", "TOOLONGCODE", "a"])
def test_a_code_that_cannot_be_a_class_code_is_a_404_never_a_500(client, code, classroom):
    assert client.get(f"/join/{code}/").status_code == 404
    assert client.get(f"/join/{code}/1/").status_code == 404


def test_guessing_class_codes_in_the_address_bar_is_limited(client, classroom, settings):
    settings.CLASS_CODE_DEVICE_LIMIT = 3
    wrong = "ACDEFH" if classroom.join_code != "ACDEFH" else "HFEDCA"
    for _ in range(3):
        assert client.get(f"/join/{wrong}/").status_code == 404
    assert client.get(f"/join/{wrong}/").status_code == 429
    assert client.get(f"/join/{classroom.join_code}/").status_code == 429  # even a right one
