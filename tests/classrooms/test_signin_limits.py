"""Sign-in limits that hold: counted before checking, per device and account, unlockable.

Issue 13: "24 concurrent wrong passwords for one teacher had 22 checked (limit 10)"; "10 wrong
tries lock a child (names are public on the class page); 200 failures from one address lock
the whole school's address"; a teacher can clear a lock and the child is told to ask them.
"""

import threading

import pytest
from django.db import connection
from django.test import Client, override_settings
from django.urls import reverse

from classrooms import ratelimit, services
from classrooms.signin import PICTURES

from .test_student_signin import pick_pictures

DEAD_REDIS = "redis://127.0.0.1:1/0"  # nothing listens on port 1: Redis is "down"


def wrong_pictures(student) -> list[str]:
    return [p for p in PICTURES if p not in student.pictures][:3]


def signed_in_device(student) -> Client:
    """A Chromebook the child has signed in on before (it carries the device cookie)."""
    own = Client()
    assert pick_pictures(own, student, student.pictures).status_code == 302
    own.post(reverse("logout"))
    return own


@pytest.mark.django_db(transaction=True)
def test_concurrent_wrong_passwords_never_check_more_than_the_limit(teacher, settings, monkeypatch):
    """24 wrong passwords and the right one sent together: at most the limit of wrong ones
    are checked."""
    from classrooms.views import accounts

    settings.LOGIN_RATE_LIMIT = 10
    settings.LOGIN_IP_RATE_LIMIT = 1000
    checked, lock = [], threading.Lock()
    real_authenticate = accounts.authenticate

    def counting_authenticate(request, **credentials):
        with lock:
            checked.append(credentials["password"])
        return real_authenticate(request, **credentials)

    monkeypatch.setattr(accounts, "authenticate", counting_authenticate)
    passwords = [f"wrong-{n}" for n in range(24)]
    passwords.insert(17, "Correct-Horse-9")
    start = threading.Barrier(len(passwords))
    statuses: list[int] = []

    def try_password(password: str) -> None:
        client = Client()  # each a device of its own, as an attacker would use
        start.wait()
        try:
            response = client.post(
                reverse("login"), {"email": "teacher@school.test", "password": password}
            )
            with lock:
                statuses.append(response.status_code)
        finally:
            connection.close()  # back to the pool (the test client keeps it otherwise)

    threads = [threading.Thread(target=try_password, args=(p,)) for p in passwords]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    # Wrong guesses checked never pass the limit; a correct sign-in among them takes its own
    # attempt back (it is not a wrong try), so at most one more may be checked in all.
    wrong_checked = [p for p in checked if p != "Correct-Horse-9"]
    assert len(wrong_checked) <= settings.LOGIN_RATE_LIMIT
    assert len(checked) <= settings.LOGIN_RATE_LIMIT + 1
    assert statuses.count(429) >= len(passwords) - settings.LOGIN_RATE_LIMIT - 1
    signed_in = statuses.count(302)
    assert signed_in == ("Correct-Horse-9" in checked)  # only if it was among those checked


def test_strangers_lock_a_child_for_strangers_only(client, student, settings):
    settings.LOGIN_RATE_LIMIT = 3
    own = signed_in_device(student)
    for _ in range(3):
        assert pick_pictures(client, student, wrong_pictures(student)).status_code == 422
    locked = pick_pictures(client, student, student.pictures)
    assert locked.status_code == 429
    assert "ask your teacher" in locked.content.decode()
    # The child's own Chromebook still signs in: the lock cannot be used against them.
    assert pick_pictures(own, student, student.pictures).status_code == 302


def test_wrong_tries_on_the_childs_own_device_lock_it_too(student, settings):
    settings.LOGIN_RATE_LIMIT = 2
    own = signed_in_device(student)
    for _ in range(2):
        assert pick_pictures(own, student, wrong_pictures(student)).status_code == 422
    assert pick_pictures(own, student, student.pictures).status_code == 429


def test_the_teacher_sees_the_lock_and_unlocks_the_child(
    client, teacher_client, classroom, student, settings
):
    settings.LOGIN_RATE_LIMIT = 2
    for _ in range(3):
        pick_pictures(client, student, wrong_pictures(student))
    page = teacher_client.get(reverse("class_detail", args=[classroom.pk])).content.decode()
    assert "Locked: too many wrong tries" in page
    unlock = reverse("student_unlock", args=[classroom.pk, student.pk])
    assert unlock in page
    response = teacher_client.post(unlock, HTTP_HX_REQUEST="true")
    assert response.status_code == 200 and "can sign in again" in response.content.decode()
    assert (
        "Locked"
        not in teacher_client.get(reverse("class_detail", args=[classroom.pk])).content.decode()
    )
    assert pick_pictures(client, student, student.pictures).status_code == 302


def test_another_teacher_cannot_unlock(client, make_teacher, classroom, student):
    other = make_teacher(email="other@school.test")
    client.force_login(other, backend="classrooms.auth.TeacherBackend")
    response = client.post(reverse("student_unlock", args=[classroom.pk, student.pk]))
    assert response.status_code == 404


def test_a_forged_device_cookie_gains_no_trust(client, student, settings):
    settings.LOGIN_RATE_LIMIT = 2
    own = signed_in_device(student)
    cookie = own.cookies[ratelimit.DEVICE_COOKIE].value
    client.cookies[ratelimit.DEVICE_COOKIE] = cookie[:-3] + (
        "AAA" if cookie[-3:] != "AAA" else "BBB"
    )
    for _ in range(2):
        pick_pictures(client, student, wrong_pictures(student))
    assert pick_pictures(client, student, student.pictures).status_code == 429
    assert pick_pictures(own, student, student.pictures).status_code == 302


def test_a_busy_address_does_not_block_the_schools_own_chromebooks(client, classroom, settings):
    """Strangers at the school's address use up its limit; known devices sign in all the same."""
    settings.LOGIN_IP_RATE_LIMIT = 4
    settings.LOGIN_DEVICE_RATE_LIMIT = 100
    children = [services.student_create(classroom=classroom, name=f"Kid {n}") for n in range(5)]
    own = signed_in_device(children[0])
    for child in children[1:]:
        pick_pictures(Client(), child, wrong_pictures(child))  # a new device each time
    assert pick_pictures(Client(), children[1], children[1].pictures).status_code == 429
    assert pick_pictures(own, children[0], children[0].pictures).status_code == 302


def test_one_device_trying_many_children_is_slowed(client, classroom, settings):
    settings.LOGIN_DEVICE_RATE_LIMIT = 3
    children = [services.student_create(classroom=classroom, name=f"Kid {n}") for n in range(4)]
    for child in children[:3]:
        assert pick_pictures(client, child, wrong_pictures(child)).status_code == 422
    response = pick_pictures(client, children[3], children[3].pictures)
    assert response.status_code == 429 and "wait a few minutes" in response.content.decode()


def test_a_teacher_is_locked_for_strangers_only(client, teacher, settings):
    settings.LOGIN_RATE_LIMIT = 2
    good = {"email": "teacher@school.test", "password": "Correct-Horse-9"}
    own = Client()
    assert own.post(reverse("login"), good).status_code == 302
    own.post(reverse("logout"))
    for _ in range(3):
        client.post(reverse("login"), {**good, "password": "nope"})
    assert client.post(reverse("login"), good).status_code == 429
    assert own.post(reverse("login"), good).status_code == 302


def test_class_codes_from_a_known_device_do_not_count_against_the_address(
    client, student, settings
):
    settings.CLASS_CODE_IP_LIMIT = 2
    own = signed_in_device(student)
    for _ in range(3):
        Client().post(reverse("join"), {"code": "XXXXXX"})
    assert Client().post(reverse("join"), {"code": student.classroom.join_code}).status_code == 429
    response = own.post(reverse("join"), {"code": student.classroom.join_code})
    assert response.status_code == 302


def test_sign_in_says_try_again_in_a_minute_while_redis_is_down(client, student, teacher):
    caches = {
        alias: {
            "BACKEND": backend,
            "LOCATION": DEAD_REDIS,
            "OPTIONS": {"socket_connect_timeout": 1},
        }
        for alias, backend in (
            ("default", "config.cache.TolerantCache"),
            ("limits", "config.cache.Cache"),
        )
    }
    with override_settings(CACHES=caches):
        response = pick_pictures(client, student, student.pictures)
        assert response.status_code == 503 and response["Retry-After"] == "60"
        assert "try again in a minute" in response.content.decode()
        good = {"email": "teacher@school.test", "password": "Correct-Horse-9"}
        assert client.post(reverse("login"), good).status_code == 503
        assert client.post(reverse("join"), {"code": "XXXXXX"}).status_code == 503
