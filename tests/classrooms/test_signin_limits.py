"""Sign-in limits that hold: counted before checking, per device and account, unlockable.

Issue 13: "24 concurrent wrong passwords for one teacher had 22 checked (limit 10)"; "10 wrong
tries lock a child (names are public on the class page); 200 failures from one address lock
the whole school's address"; a teacher can clear a lock and the child is told to ask them.
"""

import re
import threading

import pytest
from django.db import connection
from django.test import Client, override_settings
from django.urls import reverse

from classrooms import ratelimit, services
from classrooms.signin import PICTURES

from .test_student_signin import pick_pictures

DEAD_REDIS = "redis://127.0.0.1:1/0"  # nothing listens on port 1: Redis is "down"
REDIS_DOWN = {  # the caches, with Redis down
    alias: {"BACKEND": backend, "LOCATION": DEAD_REDIS, "OPTIONS": {"socket_connect_timeout": 1}}
    for alias, backend in (
        ("default", "config.cache.TolerantCache"),
        ("limits", "config.cache.Cache"),
    )
}


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
    with override_settings(CACHES=REDIS_DOWN):
        response = pick_pictures(client, student, student.pictures)
        assert response.status_code == 503 and response["Retry-After"] == "60"
        assert "try again in a minute" in response.content.decode()
        good = {"email": "teacher@school.test", "password": "Correct-Horse-9"}
        assert client.post(reverse("login"), good).status_code == 503
        assert client.post(reverse("join"), {"code": "XXXXXX"}).status_code == 503


# --- Issue 36: only checked tries count; teachers through a pupils' flood; the teacher's lift ---

SCHOOL = "10.0.0.7"  # a school's one address, shared by all its Chromebooks
ELSEWHERE = "10.0.0.8"


def flood(children, address: str = SCHOOL, tries: int = 1) -> int:
    """A script without cookies at `address`: every wrong try comes from a new device.
    Returns the status of the last try."""
    statuses = [
        pick_pictures(Client(), c, wrong_pictures(c), REMOTE_ADDR=address).status_code
        for c in (children * tries)[:tries]
    ]
    return statuses[-1]


def wrong_codes(address: str = SCHOOL, tries: int = 1) -> int:
    """Wrong class codes, each from a new device at `address`; the last one's status."""
    return [
        Client().post(reverse("join"), {"code": "XXXXXX"}, REMOTE_ADDR=address).status_code
        for _ in range(tries)
    ][-1]


def new_device_signs_in(child, address: str = SCHOOL) -> int:
    return pick_pictures(Client(), child, child.pictures, REMOTE_ADDR=address).status_code


def new_device_joins(classroom, address: str = SCHOOL) -> int:
    data = {"code": classroom.join_code}
    return Client().post(reverse("join"), data, REMOTE_ADDR=address).status_code


def teacher_signs_in(email: str, password: str, address: str = SCHOOL) -> int:
    data = {"email": email, "password": password}
    return Client().post(reverse("login"), data, REMOTE_ADDR=address).status_code


def without_csrf(page: bytes) -> str:
    """A page with its CSRF tokens blanked (they differ on every response)."""
    text = re.sub(r'value="[A-Za-z0-9]{64}"', 'value=""', page.decode())
    return re.sub(r'"X-CSRFToken": "[A-Za-z0-9]{64}"', '"X-CSRFToken": ""', text)


def lift_url(classroom) -> str:
    return reverse("address_unlock", args=[classroom.pk])


@pytest.fixture
def children(classroom):
    return [services.student_create(classroom=classroom, name=f"Kid {n}") for n in range(4)]


def test_tries_refused_by_the_device_limit_do_not_use_up_the_address_limit(children, settings):
    settings.LOGIN_DEVICE_RATE_LIMIT = 2
    settings.LOGIN_IP_RATE_LIMIT = 5
    noisy = Client()  # one pupil's device, hammering classmates' accounts
    statuses = [
        pick_pictures(noisy, c, wrong_pictures(c), REMOTE_ADDR=SCHOOL).status_code
        for c in children[:3] * 3
    ]
    assert statuses == [422, 422] + [429] * 7
    # Only its two checked tries counted at the address: new devices there still try and sign in.
    assert flood(children[:3], tries=2) == 422
    assert new_device_signs_in(children[3]) == 302


def test_tries_on_a_locked_account_do_not_use_up_the_device_or_address_limit(children, settings):
    settings.LOGIN_RATE_LIMIT = 2
    settings.LOGIN_DEVICE_RATE_LIMIT = 4
    settings.LOGIN_IP_RATE_LIMIT = 4
    guesser, ana = Client(), children[0]
    statuses = [
        pick_pictures(guesser, ana, wrong_pictures(ana), REMOTE_ADDR=SCHOOL).status_code
        for _ in range(6)
    ]
    assert statuses == [422, 422, 429, 429, 429, 429]
    assert pick_pictures(guesser, children[1], children[1].pictures).status_code == 302
    assert new_device_signs_in(children[2]) == 302


def test_class_codes_refused_by_the_device_limit_do_not_use_up_the_address_limit(
    classroom, settings
):
    settings.CLASS_CODE_DEVICE_LIMIT = 2
    settings.CLASS_CODE_IP_LIMIT = 4
    noisy = Client()
    statuses = [
        noisy.post(reverse("join"), {"code": "XXXXXX"}, REMOTE_ADDR=SCHOOL).status_code
        for _ in range(8)
    ]
    assert statuses == [422, 422] + [429] * 6
    assert wrong_codes(tries=1) == 422
    assert new_device_joins(classroom) == 302


def test_tries_sent_together_from_one_address_check_at_most_its_limit_and_refusals_cost_nothing(
    rf, settings
):
    """Thirty new devices at one address, each trying another account, all at once: at most the
    limit are checked, and the refused ones leave no count behind (theirs are taken back)."""
    settings.LOGIN_IP_RATE_LIMIT = 5
    start, lock = threading.Barrier(30), threading.Lock()
    outcomes: list[bool] = []

    def try_one(n: int) -> None:
        request = rf.post("/", REMOTE_ADDR=SCHOOL)
        start.wait()
        try:
            ratelimit.attempt(request, ratelimit.student_account(n))
            checked = True
        except ratelimit.RateLimited:
            checked = False
        with lock:
            outcomes.append(checked)

    threads = [threading.Thread(target=try_one, args=(n,)) for n in range(30)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert 1 <= outcomes.count(True) <= settings.LOGIN_IP_RATE_LIMIT
    assert ratelimit.per_address().count(SCHOOL) == outcomes.count(True)
    counted = [ratelimit.account_untrusted().count(ratelimit.student_account(n)) for n in range(30)]
    assert sum(counted) == outcomes.count(True)


def test_a_flood_of_wrong_pupil_passwords_does_not_keep_a_teacher_out(teacher, children, settings):
    settings.LOGIN_IP_RATE_LIMIT = 5
    assert flood(children, tries=6) == 429
    assert teacher_signs_in("teacher@school.test", "Correct-Horse-9") == 302
    assert new_device_signs_in(children[0]) == 429  # pupils on new devices wait (or the lift)


def test_guessing_teachers_passwords_from_one_address_meets_the_teachers_address_limit(
    make_teacher, children, settings
):
    settings.LOGIN_IP_RATE_LIMIT = 3
    emails = [f"t{n}@school.test" for n in range(4)]
    for email in emails:
        make_teacher(email=email)
    assert [teacher_signs_in(e, "guess-1234") for e in emails[:3]] == [422, 422, 422]
    assert teacher_signs_in(emails[3], "guess-1234") == 429
    assert teacher_signs_in(emails[3], "Correct-Horse-9") == 429  # a right one is refused too
    # The teachers' count is their own: pupils at that address are not kept out by it.
    assert new_device_signs_in(children[0]) == 302


def test_while_class_codes_are_paused_the_right_code_is_refused_like_a_wrong_one(
    classroom, children, settings
):
    settings.CLASS_CODE_IP_LIMIT = 3
    assert wrong_codes(tries=3) == 422
    wrong = Client().post(reverse("join"), {"code": "XXXXXX"}, REMOTE_ADDR=SCHOOL)
    right = Client().post(reverse("join"), {"code": classroom.join_code}, REMOTE_ADDR=SCHOOL)
    assert wrong.status_code == right.status_code == 429
    assert without_csrf(wrong.content) == without_csrf(right.content)
    names = Client().get(reverse("join_names", args=[classroom.join_code]), REMOTE_ADDR=SCHOOL)
    assert names.status_code == 429 and "Kid 0" not in names.content.decode()
    page = right.content.decode()
    assert "ask your teacher" in page and "Let sign-ins through again" in page


def test_the_teacher_lets_sign_ins_from_their_network_through_again(
    teacher_client, classroom, children, settings
):
    settings.LOGIN_IP_RATE_LIMIT = 3
    settings.CLASS_CODE_IP_LIMIT = 3
    assert flood(children, tries=4) == 429
    assert wrong_codes(tries=4) == 429
    assert new_device_signs_in(children[0]) == 429
    assert new_device_joins(classroom) == 429
    detail = reverse("class_detail", args=[classroom.pk])
    page = teacher_client.get(detail, REMOTE_ADDR=SCHOOL).content.decode()
    assert "Sign-ins from this school network are paused" in page
    assert f'action="{lift_url(classroom)}"' in page
    response = teacher_client.post(lift_url(classroom), REMOTE_ADDR=SCHOOL, follow=True)
    assert response.redirect_chain == [(detail, 302)]
    page = response.content.decode()
    assert "Sign-ins from this network can go through again." in page
    assert "are paused" not in page
    assert new_device_signs_in(children[0]) == 302
    assert new_device_joins(classroom) == 302


def test_lifting_with_htmx_answers_with_the_notice(teacher_client, classroom, children, settings):
    settings.LOGIN_IP_RATE_LIMIT = 2
    flood(children, tries=2)
    response = teacher_client.post(lift_url(classroom), REMOTE_ADDR=SCHOOL, HTTP_HX_REQUEST="true")
    page = response.content.decode()
    assert response.status_code == 200 and "<html" not in page
    assert 'role="status"' in page and "can go through again" in page
    assert new_device_signs_in(children[0]) == 302


def test_the_notice_and_the_lift_are_for_the_teachers_own_address_only(
    teacher_client, classroom, children, settings
):
    settings.LOGIN_IP_RATE_LIMIT = 2
    flood(children, address=SCHOOL, tries=2)
    flood(children, address=ELSEWHERE, tries=2)
    detail = reverse("class_detail", args=[classroom.pk])
    assert "are paused" not in teacher_client.get(detail, REMOTE_ADDR="10.0.0.9").content.decode()
    nothing = teacher_client.post(lift_url(classroom), REMOTE_ADDR="10.0.0.9", follow=True)
    assert "Sign-ins from this network are not paused." in nothing.content.decode()
    # The form's fields name no address: one sent along is ignored.
    teacher_client.post(lift_url(classroom), {"address": ELSEWHERE}, REMOTE_ADDR=SCHOOL)
    assert new_device_signs_in(children[0], address=SCHOOL) == 302
    assert new_device_signs_in(children[0], address=ELSEWHERE) == 429


def test_another_teacher_cannot_lift_for_a_class_not_theirs(
    client, make_teacher, classroom, children, settings
):
    settings.LOGIN_IP_RATE_LIMIT = 2
    flood(children, tries=2)
    other = make_teacher(email="other@school.test")
    client.force_login(other, backend="classrooms.auth.TeacherBackend")
    assert client.post(lift_url(classroom), REMOTE_ADDR=SCHOOL).status_code == 404
    assert new_device_signs_in(children[0]) == 429


def test_lifting_needs_a_post(teacher_client, classroom, children, settings):
    settings.LOGIN_IP_RATE_LIMIT = 2
    flood(children, tries=2)
    assert teacher_client.get(lift_url(classroom), REMOTE_ADDR=SCHOOL).status_code == 405
    assert new_device_signs_in(children[0]) == 429


def test_sign_ins_from_one_address_are_let_through_at_most_twice_a_window(
    teacher_client, classroom, children, settings
):
    """Anyone can open a teacher account and a class: unlimited lifts would undo the address
    limits (class codes above all)."""
    settings.LOGIN_IP_RATE_LIMIT = 2
    for _ in range(ratelimit.ADDRESS_LIFTS):
        flood(children, tries=2)
        teacher_client.post(lift_url(classroom), REMOTE_ADDR=SCHOOL)
        assert new_device_signs_in(children[0]) == 302
    flood(children, tries=2)
    response = teacher_client.post(lift_url(classroom), REMOTE_ADDR=SCHOOL, follow=True)
    assert "start again by themselves" in response.content.decode()
    assert new_device_signs_in(children[0]) == 429


def test_lifting_while_redis_is_down_says_try_again_in_a_minute(teacher_client, classroom):
    with override_settings(CACHES=REDIS_DOWN):
        response = teacher_client.post(lift_url(classroom), REMOTE_ADDR=SCHOOL)
    assert response.status_code == 503 and "try again in a minute" in response.content.decode()
