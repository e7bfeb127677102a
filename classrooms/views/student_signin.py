"""Children sign in without email: class code, then their name, then their picture or word."""

from django.contrib.auth import authenticate, login
from django.http import Http404, HttpRequest, HttpResponse, HttpResponseBadRequest
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.views.decorators.http import require_GET, require_http_methods
from django_htmx.http import HttpResponseClientRedirect

from .. import ratelimit
from ..forms import JoinCodeForm, WordSecretForm
from ..models import JOIN_CODE_ALPHABET, JOIN_CODE_LENGTH, Classroom, Student
from ..signin import PICTURE_COUNT, PICTURES
from .common import rate_limited, render_form

SECRET_PAGE = "student/join_secret.html"


@require_http_methods(["GET", "POST"])
def join(request: HttpRequest) -> HttpResponse:
    """Step 1: the class code."""
    ratelimit.device(request)  # the device cookie starts here, before the first try
    form = JoinCodeForm(request.POST if request.method == "POST" else None)
    if request.method == "POST" and form.is_valid():
        code = form.cleaned_data["code"]
        try:
            lookup = ratelimit.code_lookup(request)
        except ratelimit.RateLimited as error:
            return rate_limited(request, error)
        if Classroom.objects.filter(join_code=code).exists():
            lookup.found()
            return redirect("join_names", code=code)
        form.add_error("code", "We can't find a class with that code. Check it with your teacher.")
    return render_form(request, "student/join.html", {"form": form}, valid=not form.errors)


def _is_code(code: str) -> bool:
    """Whether this could be a class code at all (its length and alphabet): anything else,
    a NUL byte included, is answered without asking the database."""
    return len(code) == JOIN_CODE_LENGTH and all(c in JOIN_CODE_ALPHABET for c in code)


@require_GET
def join_names(request: HttpRequest, code: str) -> HttpResponse:
    """Step 2: pick your name. A code that finds no class counts as a failed try from this
    address, as on step 1, so class codes (and the names behind them) cannot be guessed."""
    try:
        lookup = ratelimit.code_lookup(request)
    except ratelimit.RateLimited as error:
        return rate_limited(request, error)
    code = code.upper()
    classroom = Classroom.objects.filter(join_code=code).first() if _is_code(code) else None
    if classroom is None:
        raise Http404("No class has that code.")
    lookup.found()
    return render(
        request,
        "student/join_names.html",
        {"classroom": classroom, "students": classroom.students.all()},
    )


@require_http_methods(["GET", "POST"])
def join_secret(request: HttpRequest, code: str, student_pk: int) -> HttpResponse:
    """Step 3: the picture password (one picture per click) or the short password."""
    if not _is_code(code.upper()):
        raise Http404("No class has that code.")
    student = get_object_or_404(
        Student.objects.select_related("classroom", "user"),
        pk=student_pk,
        classroom__join_code=code.upper(),
    )
    context = {"classroom": student.classroom, "student": student, "pictures": PICTURES}
    ratelimit.device(request)  # the device cookie starts here, before the first try
    if student.classroom.uses_pictures:
        return _picture_step(request, student, context)
    return _word_step(request, student, context)


def _picture_step(request: HttpRequest, student: Student, context: dict) -> HttpResponse:
    picks: list[str] = []
    if request.method == "POST" and "clear" not in request.POST:
        picks = request.POST.get("so_far", "").split()
        pick = request.POST.get("pick", "")
        if len(picks) >= PICTURE_COUNT or any(p not in PICTURES for p in [*picks, pick]):
            return HttpResponseBadRequest("Those are not pictures from this page. Start again.")
        picks.append(pick)
    context["picks"] = picks
    if len(picks) < PICTURE_COUNT:
        return _render_secret(request, context)
    return _try_sign_in(request, student, " ".join(picks), context)


def _word_step(request: HttpRequest, student: Student, context: dict) -> HttpResponse:
    form = WordSecretForm(request.POST if request.method == "POST" else None)
    context["form"] = form
    if request.method == "POST" and form.is_valid():
        return _try_sign_in(request, student, form.cleaned_data["password"], context)
    return _render_secret(request, context, valid=not form.errors)


def _render_secret(request: HttpRequest, context: dict, *, valid: bool = True) -> HttpResponse:
    picks = context.get("picks", [])
    context["slots"] = picks + [None] * (PICTURE_COUNT - len(picks))
    template = f"{SECRET_PAGE}#secret_form" if request.htmx else SECRET_PAGE
    return render_form(request, template, context, valid=valid)


def _try_sign_in(request: HttpRequest, student: Student, secret: str, context: dict):
    try:  # counted before the secret is checked, so parallel tries cannot pass the limit
        attempt = ratelimit.attempt(request, ratelimit.student_account(student.pk))
    except ratelimit.RateLimited as error:
        return rate_limited(request, error)
    user = authenticate(request, student=student, secret=secret)
    if user is None:
        context.update(picks=[], wrong=True)
        if "form" in context:
            context["form"] = WordSecretForm()
        return _render_secret(request, context, valid=False)
    attempt.succeeded()
    login(request, user, backend="classrooms.auth.StudentBackend")
    if request.htmx:
        return HttpResponseClientRedirect(reverse("student_home"))
    return redirect("student_home")
