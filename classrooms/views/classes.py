"""A teacher's classes: list, create, settings, join code."""

from django.contrib import messages
from django.db.models import Count
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.views.decorators.http import require_http_methods, require_POST

from .. import services
from ..access import teacher_classroom, teacher_required
from ..forms import ClassroomForm, ClassSettingsForm, StudentNameForm
from ..models import Classroom
from .common import render_form
from .locks import address_is_paused, locked_students


@teacher_required
@require_http_methods(["GET", "POST"])
def class_list(request: HttpRequest) -> HttpResponse:
    """The teacher's classes, and the form to create one."""
    form = ClassroomForm(request.POST if request.method == "POST" else None)
    if request.method == "POST" and form.is_valid():
        classroom = services.classroom_create(teacher=request.user, **form.cleaned_data)
        messages.success(request, f"Class “{classroom.name}” is ready. Now add students.")
        return redirect("class_detail", pk=classroom.pk)
    classrooms = Classroom.objects.for_teacher(request.user).annotate(
        student_count=Count("students")
    )
    context = {"classrooms": classrooms, "form": form}
    return render_form(request, "classes/list.html", context, valid=not form.errors)


@teacher_required
def class_detail(request: HttpRequest, pk: int) -> HttpResponse:
    """The roster: students, the join code, adding and editing students."""
    classroom = teacher_classroom(request, pk)
    return render(
        request,
        "classes/detail.html",
        {
            "classroom": classroom,
            "students": classroom.students.all(),
            "add_form": StudentNameForm(),
            "locked": locked_students(classroom.students.all()),
            "address_paused": address_is_paused(request),
        },
    )


@teacher_required
@require_http_methods(["GET", "POST"])
def class_settings(request: HttpRequest, pk: int) -> HttpResponse:
    classroom = teacher_classroom(request, pk)
    initial = {
        "name": classroom.name,
        "sign_in_method": classroom.sign_in_method,
        "allow_watching": classroom.allow_watching,
        "sounds": classroom.sounds,
    }
    form = ClassSettingsForm(request.POST if request.method == "POST" else None, initial=initial)
    if request.method == "POST" and form.is_valid():
        services.classroom_update(classroom=classroom, **form.cleaned_data)
        messages.success(request, "Class settings saved.")
        return redirect("class_detail", pk=classroom.pk)
    context = {"classroom": classroom, "form": form}
    return render_form(request, "classes/settings.html", context, valid=not form.errors)


@teacher_required
@require_POST
def class_reset_code(request: HttpRequest, pk: int) -> HttpResponse:
    """A new join code, for when the old one has spread too far."""
    classroom = services.classroom_reset_code(classroom=teacher_classroom(request, pk))
    if request.htmx:
        return render(request, "classes/detail.html#join_code", {"classroom": classroom})
    messages.success(request, f"The new class code is {classroom.join_code}.")
    return redirect("class_detail", pk=classroom.pk)
