"""A signed-in student's record is cached, and every change to it reaches the next request."""

from django.urls import reverse

from classrooms import services


def play_page(client):
    return client.get(reverse("game_list"))


def test_a_renamed_student_sees_the_new_name_at_once(student_client, student):
    assert play_page(student_client).status_code == 200
    services.student_rename(student=student, name="Anabel")
    assert "Anabel" in play_page(student_client).content.decode()


def test_a_new_sign_in_ends_the_cached_session(student_client, student):
    assert play_page(student_client).status_code == 200
    services.student_reset_sign_in(student=student)
    assert play_page(student_client).status_code in (302, 403)


def test_a_removed_student_is_signed_out(student_client, student):
    assert play_page(student_client).status_code == 200
    services.student_remove(student=student)
    assert play_page(student_client).status_code in (302, 403)
