"""Small helpers shared by the classrooms views."""

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render

INVALID = 422  # a form that could not be accepted: the page shows what to fix


def render_form(
    request: HttpRequest, template: str, context: dict, *, valid: bool = True
) -> HttpResponse:
    """Render a page, or its partial for htmx; invalid input answers 422 with the errors."""
    return render(request, template, context, status=200 if valid else INVALID)


def htmx_partial(request: HttpRequest, template: str, partial: str) -> str:
    """The partial of a page template when htmx asks, else the whole page."""
    return f"{template}#{partial}" if request.htmx else template


def rate_limited(request: HttpRequest, error: Exception | None = None) -> HttpResponse:
    """429 for too many tries (a locked child is told to ask their teacher); 503 with
    "try again in a minute" when the counters cannot be reached."""
    from ..ratelimit import Locked, Unavailable

    template = "too_many_tries.html#message" if request.htmx else "too_many_tries.html"
    context = {"locked": isinstance(error, Locked), "unavailable": isinstance(error, Unavailable)}
    response = render(request, template, context, status=503 if context["unavailable"] else 429)
    if context["unavailable"]:
        response["Retry-After"] = "60"
    return response
