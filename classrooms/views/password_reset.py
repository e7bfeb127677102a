"""A teacher who forgot their password gets a one-time link by email (Django's views).

Only teachers: students have no email address and no password (they sign in with their
class's pictures or word), so a student account can never be sent a link nor use one.
The page says the same thing whether or not an account uses the address.

Limits: a few requests per address per hour (an address is asked about, so a stranger cannot
flood a teacher's inbox), more per network address (a school shares one). Past the address's
limit no more mail is sent, and the page still says nothing about the account.
"""

import logging

from django.conf import settings
from django.contrib.auth import views as auth_views
from django.contrib.auth.forms import PasswordResetForm
from django.http import HttpResponse, HttpResponseRedirect
from django.urls import reverse_lazy
from redis.exceptions import RedisError

from .. import ratelimit
from .common import INVALID, rate_limited

logger = logging.getLogger(__name__)

RESET_PER_EMAIL = 3  # mails per address per window: enough for a lost or slow message
RESET_PER_ADDRESS = 20  # requests per network address per window
RESET_WINDOW = 60 * 60


def per_email() -> ratelimit.Counter:
    return ratelimit.Counter("reset-email", RESET_PER_EMAIL, RESET_WINDOW)


def per_address() -> ratelimit.Counter:
    return ratelimit.Counter("reset-address", RESET_PER_ADDRESS, RESET_WINDOW)


class TeacherPasswordResetForm(PasswordResetForm):
    """Django's form, for teacher accounts only."""

    def get_users(self, email: str):
        """Active teachers with a password and this address; never a student (they have no
        address and no password; the role check holds even if one were ever set)."""
        if not email.strip():  # the form requires one; an empty address matches nobody
            return iter(())
        return (user for user in super().get_users(email) if user.is_teacher)


class TeacherPasswordResetView(auth_views.PasswordResetView):
    form_class = TeacherPasswordResetForm
    template_name = "accounts/password_reset_form.html"
    email_template_name = "accounts/password_reset_email.txt"
    subject_template_name = "accounts/password_reset_subject.txt"
    success_url = reverse_lazy("password_reset_done")

    def get_context_data(self, **kwargs):
        return {**super().get_context_data(**kwargs), "hours": _link_hours()}

    def form_valid(self, form) -> HttpResponse:
        email = form.cleaned_data["email"].strip().lower()
        try:
            if per_address().hit(ratelimit.client_address(self.request)) > RESET_PER_ADDRESS:
                return rate_limited(self.request, ratelimit.RateLimited())
            over = per_email().hit(email) > RESET_PER_EMAIL
        except RedisError as error:  # limits unknown: send nothing rather than unlimited mail
            logger.warning("password reset limits unavailable: %s", error)
            return rate_limited(self.request, ratelimit.Unavailable())
        if over:  # the same answer as a sent mail: it tells nobody whether the account exists
            return HttpResponseRedirect(self.get_success_url())
        self.extra_email_context = {"hours": _link_hours()}
        return super().form_valid(form)

    def form_invalid(self, form) -> HttpResponse:
        return self.render_to_response(self.get_context_data(form=form), status=INVALID)


class TeacherPasswordResetDoneView(auth_views.PasswordResetDoneView):
    template_name = "accounts/password_reset_done.html"

    def get_context_data(self, **kwargs):
        return {**super().get_context_data(**kwargs), "hours": _link_hours()}


class TeacherPasswordResetConfirmView(auth_views.PasswordResetConfirmView):
    template_name = "accounts/password_reset_confirm.html"
    success_url = reverse_lazy("password_reset_complete")

    def get_user(self, uidb64: str):
        """A teacher's account only: a link can never set a password on a student's."""
        user = super().get_user(uidb64)
        return user if user is not None and user.is_teacher else None

    def form_valid(self, form) -> HttpResponse:
        response = super().form_valid(form)
        # A teacher locked out by wrong tries can sign in with the new password at once.
        try:
            ratelimit.unlock(ratelimit.teacher_account(self.user.email or self.user.username))
        except ratelimit.RateLimited:  # Redis away: the lock runs out by itself
            logger.warning("could not unlock %s after a password reset", self.user.pk)
        return response

    def form_invalid(self, form) -> HttpResponse:
        return self.render_to_response(self.get_context_data(form=form), status=INVALID)


class TeacherPasswordResetCompleteView(auth_views.PasswordResetCompleteView):
    template_name = "accounts/password_reset_complete.html"


def _link_hours() -> int:
    return max(1, settings.PASSWORD_RESET_TIMEOUT // 3600)


password_reset = TeacherPasswordResetView.as_view()
password_reset_done = TeacherPasswordResetDoneView.as_view()
password_reset_confirm = TeacherPasswordResetConfirmView.as_view()
password_reset_complete = TeacherPasswordResetCompleteView.as_view()
