"""A class roster: add, rename, remove, reset sign-in, import from CSV, print sign-in cards."""

import base64
import binascii

from django.contrib import messages
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from .. import services
from ..access import teacher_classroom, teacher_required, teacher_student
from ..forms import RosterConfirmForm, RosterUploadForm, StudentNameForm
from ..roster_import import RosterFileError, check_size, parse_roster
from ..signin import PICTURES
from .common import INVALID, htmx_partial, render_form

DETAIL = "classes/detail.html"
STUDENT_PAGE = "classes/student.html"
URLSAFE_TO_STANDARD = str.maketrans("-_", "+/")  # the confirm form's base64 (see _pack)


@teacher_required
@require_POST
def student_add(request: HttpRequest, pk: int) -> HttpResponse:
    """Add one student; htmx gets the refreshed roster back."""
    classroom = teacher_classroom(request, pk)
    form = StudentNameForm(request.POST, taken=services.roster_names(classroom))
    if form.is_valid():
        try:
            student = services.student_create(classroom=classroom, name=form.cleaned_data["name"])
        except services.RosterError as error:
            form.add_error("name", str(error))
        else:
            if not request.htmx:
                messages.success(request, f"Added {student.name}.")
                return redirect("class_detail", pk=classroom.pk)
            form = StudentNameForm()
    context = {
        "classroom": classroom,
        "students": classroom.students.all(),
        "add_form": form,
    }
    return render_form(request, htmx_partial(request, DETAIL, "roster"), context,
                       valid=not form.errors)  # fmt: skip


@teacher_required
@require_GET
def student_row(request: HttpRequest, pk: int, student_pk: int) -> HttpResponse:
    """One roster row (htmx uses it to cancel an inline edit)."""
    student = teacher_student(request, pk, student_pk)
    context = {"classroom": student.classroom, "student": student}
    return render(request, f"{DETAIL}#student_row", context)


@teacher_required
@require_http_methods(["GET", "POST"])
def student_edit(request: HttpRequest, pk: int, student_pk: int) -> HttpResponse:
    """Rename a student: inline in the roster with htmx, or on a page of its own."""
    student = teacher_student(request, pk, student_pk)
    classroom = student.classroom
    form = StudentNameForm(
        request.POST if request.method == "POST" else None,
        initial={"name": student.name},
        taken=services.roster_names(student.classroom, exclude=student),
    )
    if request.method == "POST" and form.is_valid():
        try:
            services.student_rename(student=student, name=form.cleaned_data["name"])
        except services.RosterError as error:
            form.add_error("name", str(error))
        else:
            if request.htmx:
                context = {"classroom": classroom, "student": student}
                return render(request, f"{DETAIL}#student_row", context)
            messages.success(request, f"Saved {student.name}.")
            return redirect("class_detail", pk=classroom.pk)
    context = {"classroom": classroom, "student": student, "form": form}
    template = f"{DETAIL}#student_edit" if request.htmx else STUDENT_PAGE
    return render_form(request, template, context, valid=not form.errors)


@teacher_required
@require_http_methods(["GET", "POST"])
def student_remove(request: HttpRequest, pk: int, student_pk: int) -> HttpResponse:
    """Remove a student (GET asks to confirm when there is no JavaScript)."""
    student = teacher_student(request, pk, student_pk)
    classroom = student.classroom
    if request.method == "GET":
        return render(request, "classes/remove.html", {"classroom": classroom, "student": student})
    name = student.name
    services.student_remove(student=student)
    students = classroom.students.all()
    if request.htmx and not students:  # the last one: show the empty roster with its help
        context = {"classroom": classroom, "students": students, "add_form": StudentNameForm()}
        response = render(request, f"{DETAIL}#roster", context)
        response["HX-Retarget"], response["HX-Reswap"] = "#roster", "outerHTML"
        return response
    if request.htmx:  # the row is swapped for nothing; the count is updated out of band
        context = {"classroom": classroom, "students": students, "name": name}
        return render(request, f"{DETAIL}#removed", context)
    messages.success(request, f"Removed {name}.")
    return redirect("class_detail", pk=classroom.pk)


@teacher_required
@require_POST
def student_reset(request: HttpRequest, pk: int, student_pk: int) -> HttpResponse:
    """New sign-in secrets for a student who forgot theirs or shared them."""
    student = services.student_reset_sign_in(student=teacher_student(request, pk, student_pk))
    if request.htmx:
        context = {"classroom": student.classroom, "student": student, "was_reset": True}
        return render(request, f"{DETAIL}#student_row", context)
    messages.success(request, f"{student.name} has a new sign-in.")
    return redirect("class_detail", pk=student.classroom_id)


@teacher_required
@require_http_methods(["GET", "POST"])
def roster_import(request: HttpRequest, pk: int) -> HttpResponse:
    """Upload a CSV and see every row's problem before anything is saved."""
    classroom = teacher_classroom(request, pk)
    form = RosterUploadForm(
        request.POST if request.method == "POST" else None,
        request.FILES if request.method == "POST" else None,
    )
    context = {"classroom": classroom, "form": form}
    if request.method == "GET":
        return render(request, "classes/import.html", context)
    if not form.is_valid():
        return render_form(request, "classes/import.html", context, valid=False)
    upload = form.cleaned_data["file"]
    try:
        check_size(upload.size)  # before reading: the upload may be far bigger than a class list
        data = upload.read()
        rows = parse_roster(data, services.roster_names(classroom))
    except RosterFileError as error:
        form.add_error("file", str(error))
        return render_form(request, "classes/import.html", context, valid=False)
    context.update(
        rows=rows,
        good=[row for row in rows if row.ok],
        bad=[row for row in rows if not row.ok],
        confirm=RosterConfirmForm(initial={"data": _pack(data)}),
    )
    return render(request, "classes/import_preview.html", context)


@teacher_required
@require_POST
def roster_import_confirm(request: HttpRequest, pk: int) -> HttpResponse:
    """Save the good rows of a previewed file; the file is checked again first."""
    classroom = teacher_classroom(request, pk)
    form = RosterConfirmForm(request.POST)
    try:
        if not form.is_valid():
            raise ValueError
        data = _unpack(form.cleaned_data["data"])
        rows = parse_roster(data, services.roster_names(classroom))
    except (ValueError, binascii.Error, RosterFileError):
        return _bad_import(request, classroom)
    names = [row.name for row in rows if row.ok]
    try:
        services.students_import(classroom=classroom, names=names)
    except services.RosterError:
        return _bad_import(request, classroom)
    skipped = len(rows) - len(names)
    text = f"Added {len(names)} student{'s' if len(names) != 1 else ''}."
    if skipped:
        text += f" Skipped {skipped} row{'s' if skipped != 1 else ''} with problems."
    messages.success(request, text)
    return redirect("class_detail", pk=classroom.pk)


def _bad_import(request: HttpRequest, classroom) -> HttpResponse:
    messages.error(
        request,
        "The class list changed or the upload was damaged, so nothing was saved. "
        "Please upload the file again.",
    )
    form = RosterUploadForm()
    return render(
        request, "classes/import.html", {"classroom": classroom, "form": form}, status=INVALID
    )


def _pack(data: bytes) -> str:
    """The previewed file for the confirm form, in URL-safe base64: a browser sends "-" and
    "_" as they are but "+" and "/" as three characters each, which could push the confirm
    request of a file near 1 MB past MAX_REQUEST_BYTES."""
    return base64.urlsafe_b64encode(data).decode()


def _unpack(text: str) -> bytes:
    """The file back from the confirm form (either base64 alphabet); ValueError if damaged."""
    return base64.b64decode(text.translate(URLSAFE_TO_STANDARD), validate=True)


@teacher_required
@require_GET
def sign_in_cards(request: HttpRequest, pk: int) -> HttpResponse:
    """A printable sheet: one card per student with the class code and their secret."""
    classroom = teacher_classroom(request, pk)
    return render(
        request,
        "classes/cards.html",
        {
            "classroom": classroom,
            "students": classroom.students.all(),
            "join_url": request.build_absolute_uri(reverse("join")),
            "pictures": PICTURES,
        },
    )
