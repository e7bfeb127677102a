"""A teacher who forgot their password resets it by email; students never can; the page
never tells whether an address has an account; requests are limited."""

import re

import pytest
from django.contrib.auth.tokens import default_token_generator
from django.core import mail
from django.test import Client
from django.urls import reverse
from django.utils.encoding import force_bytes
from django.utils.http import urlsafe_base64_encode

from classrooms import ratelimit
from classrooms.models import User
from classrooms.views import password_reset

EMAIL = "teacher@school.test"
NEW = "Purple-Otter-Lantern-42"


def _ask(client, email=EMAIL, **extra):
    return client.post(reverse("password_reset"), {"email": email}, **extra)


def _link(message) -> str:
    return re.search(r"https?://[^/\s]+(/\S+)", message.body).group(1)


def _set_password(client, link: str, password: str = NEW):
    """Follow the mailed link, then choose a new password on the page it leads to."""
    page = client.get(link)
    assert page.status_code == 302  # Django moves the token out of the address
    return client.post(page.url, {"new_password1": password, "new_password2": password})


def test_sign_in_page_offers_forgot_your_password(client, db):
    page = client.get(reverse("login")).content.decode()
    assert f'href="{reverse("password_reset")}"' in page and "Forgot your password?" in page


def test_a_teacher_gets_a_link_by_email(client, teacher):
    response = _ask(client, email="Teacher@School.TEST")  # any case
    assert response.status_code == 302 and response.url == reverse("password_reset_done")
    assert len(mail.outbox) == 1
    message = mail.outbox[0]
    assert message.to == [EMAIL]
    assert message.subject == "Reset your Factorium password"
    assert "http://testserver/teacher/password/reset/" in message.body
    assert "&amp;" not in message.body and "works once, for 24 hours" in message.body
    done = client.get(response.url).content.decode()
    assert "If a teacher account uses that address" in done


def test_an_unknown_address_gets_the_same_answer_and_no_mail(client, teacher):
    known = _ask(client)
    unknown = _ask(Client(), email="nobody@school.test")
    assert unknown.status_code == known.status_code == 302
    assert unknown.url == known.url
    assert len(mail.outbox) == 1 and mail.outbox[0].to == [EMAIL]


def test_the_link_sets_a_new_password_once(client, teacher):
    _ask(client)
    link = _link(mail.outbox[0])
    response = _set_password(client, link)
    assert response.status_code == 302 and response.url == reverse("password_reset_complete")
    assert "Your password is changed" in client.get(response.url).content.decode()
    teacher.refresh_from_db()
    assert teacher.check_password(NEW) and not teacher.check_password("Correct-Horse-9")
    signed_in = Client().post(reverse("login"), {"email": EMAIL, "password": NEW})
    assert signed_in.status_code == 302 and signed_in.url == reverse("home")
    again = Client().get(link, follow=True).content.decode()  # a used link is dead
    assert "This link does not work" in again


def test_a_weak_new_password_is_refused_with_422(client, teacher):
    _ask(client)
    response = _set_password(client, _link(mail.outbox[0]), password="12345678")
    assert response.status_code == 422
    teacher.refresh_from_db()
    assert teacher.check_password("Correct-Horse-9")


def test_a_bad_address_is_422_and_sends_nothing(client, teacher):
    response = _ask(client, email="not an address")
    assert response.status_code == 422
    assert "Enter a valid email address" in response.content.decode()
    assert not mail.outbox


def test_students_can_never_reset(client, student):
    # Students have no address and no password; even one given both by hand gets no mail.
    user = student.user
    user.email = "child@home.test"
    user.set_password("Some-Password-77")
    user.save()
    assert _ask(client, email="child@home.test").status_code == 302
    assert not mail.outbox
    # A link made for a student (as if the mail had been sent) does not work either.
    uid = urlsafe_base64_encode(force_bytes(user.pk))
    token = default_token_generator.make_token(user)
    link = reverse("password_reset_confirm", args=[uid, token])
    page = client.get(link, follow=True).content.decode()
    assert "This link does not work" in page
    client.post(link, {"new_password1": NEW, "new_password2": NEW})
    user.refresh_from_db()
    assert not user.check_password(NEW)


def test_a_student_account_without_email_never_matches_an_empty_address(student):
    form = password_reset.TeacherPasswordResetForm()
    assert list(form.get_users("")) == []
    assert student.user.email == ""


def test_an_address_gets_a_few_mails_an_hour_then_the_same_page_and_no_more(client, teacher):
    for _ in range(password_reset.RESET_PER_EMAIL + 2):
        response = _ask(client)
        assert response.status_code == 302 and response.url == reverse("password_reset_done")
    assert len(mail.outbox) == password_reset.RESET_PER_EMAIL


def test_many_requests_from_one_network_address_are_stopped(client, db, monkeypatch):
    monkeypatch.setattr(password_reset, "RESET_PER_ADDRESS", 3)
    monkeypatch.setattr(
        password_reset, "per_address", lambda: ratelimit.Counter("reset-address", 3, 3600)
    )
    for n in range(3):
        assert _ask(client, email=f"someone{n}@school.test").status_code == 302
    response = _ask(client, email="another@school.test")
    assert response.status_code == 429
    assert "Too many tries" in response.content.decode()


def test_a_reset_unlocks_a_teacher_locked_out_by_wrong_tries(client, teacher, settings):
    account = ratelimit.teacher_account(EMAIL)
    counter = ratelimit.account_untrusted()
    for _ in range(settings.LOGIN_RATE_LIMIT + 1):
        counter.hit(account)
    assert ratelimit.locked([account]) == {account}
    _ask(client)
    _set_password(client, _link(mail.outbox[0]))
    assert ratelimit.locked([account]) == set()


@pytest.mark.parametrize("name", ["password_reset_done", "password_reset_complete"])
def test_the_pages_after_asking_are_plain_pages(client, db, name):
    assert client.get(reverse(name)).status_code == 200


def test_a_made_up_link_says_it_does_not_work(client, teacher):
    uid = urlsafe_base64_encode(force_bytes(teacher.pk))
    page = client.get(reverse("password_reset_confirm", args=[uid, "abc-123"])).content.decode()
    assert "This link does not work" in page
    assert User.objects.get(pk=teacher.pk).check_password("Correct-Horse-9")
