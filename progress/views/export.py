"""A teacher downloads everything stored about one of their students."""

import json

from django.core.serializers.json import DjangoJSONEncoder
from django.http import HttpRequest, HttpResponse
from django.utils.cache import patch_cache_control
from django.utils.http import content_disposition_header
from django.views.decorators.http import require_GET

from classrooms.access import teacher_required, teacher_student

from ..export import export_filename, student_export


@teacher_required
@require_GET
def student_export_download(request: HttpRequest, pk: int, student_pk: int) -> HttpResponse:
    """A JSON file to keep or hand to a parent; only the class's own teacher gets it (404 for
    other teachers, as for every page of their class)."""
    student = teacher_student(request, pk, student_pk)
    body = json.dumps(
        student_export(student=student), cls=DjangoJSONEncoder, ensure_ascii=False, indent=2
    )
    response = HttpResponse(body, content_type="application/json; charset=utf-8")
    response["Content-Disposition"] = content_disposition_header(
        as_attachment=True, filename=export_filename(student)
    )
    patch_cache_control(response, private=True, no_store=True)  # a child's data: no copies
    return response
