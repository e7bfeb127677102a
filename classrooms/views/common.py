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


def rate_limited(request: HttpRequest) -> HttpResponse:
    """429: too many failed sign-ins from here or for this account."""
    template = "too_many_tries.html#message" if request.htmx else "too_many_tries.html"
    return render(request, template, status=429)
