"""Services: the only writers of classes and students."""

import pytest
from django.contrib.auth import authenticate

from classrooms import services, signin
from classrooms.models import Classroom, Student, User


def test_teacher_signup_stores_a_lowercased_email_and_a_hashed_password(db):
    user = services.teacher_signup(name="Sam Lee", email="Sam@School.Test", password="pw-12345-x")
    assert user.username == "sam@school.test" and user.is_teacher
    assert user.first_name == "Sam" and user.last_name == "Lee"
    assert user.check_password("pw-12345-x") and user.password != "pw-12345-x"


def test_new_class_gets_a_six_character_code_without_look_alike_characters(teacher):
    classroom = services.classroom_create(teacher=teacher, name="  5B  ", sign_in_method="pictures")
    assert classroom.name == "5B"
    assert len(classroom.join_code) == 6
    assert not set(classroom.join_code) & set("01OIL25SZ6G8B")


def test_resetting_the_code_changes_it(classroom):
    old = classroom.join_code
    services.classroom_reset_code(classroom=classroom)
    classroom.refresh_from_db()
    assert classroom.join_code != old


def test_student_gets_both_secrets_and_no_usable_password(student):
    assert len(student.pictures) == 3 and len(set(student.pictures)) == 3
    assert set(student.pictures) <= set(signin.PICTURES)
    assert student.word_secret[:-2] in signin.WORDS and student.word_secret[-2:].isdigit()
    assert not student.user.has_usable_password() and student.user.is_student


def test_duplicate_names_are_refused_whatever_their_case(classroom, student):
    with pytest.raises(services.RosterError, match="already a student"):
        services.student_create(classroom=classroom, name="ana  b.")


def test_same_name_is_fine_in_another_class(teacher, student):
    other = services.classroom_create(teacher=teacher, name="4B", sign_in_method="pictures")
    assert services.student_create(classroom=other, name="Ana B.").name == "Ana B."


def test_rename_keeps_secrets(student):
    before = student.picture_secret
    services.student_rename(student=student, name="Ana Bell")
    student.refresh_from_db()
    assert student.name == "Ana Bell" and student.picture_secret == before


def test_rename_to_a_classmates_name_is_refused(classroom, student):
    other = services.student_create(classroom=classroom, name="Ben")
    with pytest.raises(services.RosterError):
        services.student_rename(student=other, name="ANA B.")
    other.refresh_from_db()
    assert other.name == "Ben"


def test_remove_deletes_the_student_and_the_account(student):
    user_pk = student.user_id
    services.student_remove(student=student)
    assert not Student.objects.filter(pk=student.pk).exists()
    assert not User.objects.filter(pk=user_pk).exists()


def test_reset_gives_new_secrets_and_the_old_ones_stop_working(student):
    old_pictures, old_word = student.picture_secret, student.word_secret
    for _ in range(5):  # a new secret may by chance equal the old one; five in a row will not
        services.student_reset_sign_in(student=student)
        if student.picture_secret != old_pictures and student.word_secret != old_word:
            break
    assert student.picture_secret != old_pictures
    assert authenticate(None, student=student, secret=old_pictures) is None
    assert authenticate(None, student=student, secret=student.picture_secret) == student.user


def test_import_is_all_or_nothing(classroom, student):
    with pytest.raises(services.RosterError):
        services.students_import(classroom=classroom, names=["Cleo", "Dan", "ana b."])
    assert list(classroom.students.values_list("name", flat=True)) == ["Ana B."]
    services.students_import(classroom=classroom, names=["Cleo", "Dan"])
    assert classroom.students.count() == 3


def test_word_password_forgives_case_and_spaces(classroom, student):
    Classroom.objects.filter(pk=classroom.pk).update(sign_in_method="password")
    student.refresh_from_db()
    typed = " " + student.word_secret.upper()[:3] + " " + student.word_secret[3:] + " "
    assert authenticate(None, student=student, secret=typed) == student.user


def test_students_cannot_sign_in_with_the_teacher_form(student):
    assert authenticate(None, username=student.user.username, password="") is None


def test_expired_sessions_are_cleared_by_the_beat_task(teacher_client):
    from datetime import timedelta

    from django.contrib.sessions.models import Session
    from django.utils import timezone

    from classrooms.tasks import clear_expired_sessions

    Session.objects.update(expire_date=timezone.now() - timedelta(days=1))
    assert clear_expired_sessions.delay().get() == 1
    assert clear_expired_sessions.delay().get() == 0
