"""Teacher accounts: sign up, sign in, sign out, change password; the front door."""

from django.contrib import messages
from django.contrib.auth import authenticate, login, logout, update_session_auth_hash
from django.contrib.auth.forms import PasswordChangeForm
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.http import url_has_allowed_host_and_scheme
from django.views.decorators.http import require_http_methods, require_POST

from .. import ratelimit, services
from ..access import teacher_required
from ..forms import TeacherLoginForm, TeacherSignupForm
from .common import rate_limited, render_form


def home(request: HttpRequest) -> HttpResponse:
    """Send each person to their own start page."""
    user = request.user
    if user.is_authenticated and user.is_teacher:
        return redirect("class_list")
    if user.is_authenticated and user.is_student:
        return redirect("student_home")
    return render(request, "home.html")


@require_http_methods(["GET", "POST"])
def signup(request: HttpRequest) -> HttpResponse:
    form = TeacherSignupForm(request.POST if request.method == "POST" else None)
    if request.method == "POST":
        if not form.is_valid():
            return render_form(request, "accounts/signup.html", {"form": form}, valid=False)
        user = services.teacher_signup(
            name=form.cleaned_data["name"],
            email=form.cleaned_data["email"],
            password=form.cleaned_data["password"],
        )
        login(request, user, backend="classrooms.auth.TeacherBackend")
        messages.success(request, "Welcome to Factorium! Start by creating your first class.")
        return redirect("class_list")
    return render(request, "accounts/signup.html", {"form": form})


def _safe_next(request: HttpRequest) -> str | None:
    target = request.POST.get("next") or request.GET.get("next")
    if target and url_has_allowed_host_and_scheme(
        target, allowed_hosts={request.get_host()}, require_https=request.is_secure()
    ):
        return target
    return None


@require_http_methods(["GET", "POST"])
def teacher_login(request: HttpRequest) -> HttpResponse:
    form = TeacherLoginForm(request.POST if request.method == "POST" else None)
    context = {"form": form, "next": _safe_next(request) or ""}
    ratelimit.device(request)  # the device cookie starts here, before the first try
    if request.method != "POST":
        return render(request, "accounts/login.html", context)
    if not form.is_valid():
        return render_form(request, "accounts/login.html", context, valid=False)
    try:  # counted before the password is checked, so parallel tries cannot pass the limit
        attempt = ratelimit.attempt(request, ratelimit.teacher_account(form.cleaned_data["email"]))
    except ratelimit.RateLimited as error:
        return rate_limited(request, error)
    user = authenticate(
        request, username=form.cleaned_data["email"].lower(), password=form.cleaned_data["password"]
    )
    if user is None:
        form.add_error(None, "That email and password do not match an account.")
        return render_form(request, "accounts/login.html", context, valid=False)
    attempt.succeeded()
    login(request, user)
    return redirect(_safe_next(request) or "home")


@require_POST
def sign_out(request: HttpRequest) -> HttpResponse:
    was_student = request.user.is_authenticated and request.user.is_student
    logout(request)
    return redirect("join" if was_student else "login")


@teacher_required
@require_http_methods(["GET", "POST"])
def password_change(request: HttpRequest) -> HttpResponse:
    form = PasswordChangeForm(request.user, request.POST if request.method == "POST" else None)
    if request.method == "POST":
        if not form.is_valid():
            return render_form(request, "accounts/password.html", {"form": form}, valid=False)
        user = form.save()
        update_session_auth_hash(request, user)
        messages.success(request, "Your password is changed.")
        return redirect("class_list")
    return render(request, "accounts/password.html", {"form": form})
