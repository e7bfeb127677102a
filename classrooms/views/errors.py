"""Readable error pages (they also answer htmx requests with a short message)."""

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render

MESSAGES = {
    400: "Something in that request didn't make sense. Go back and try again.",
    403: "You don't have access to this page.",
    404: "We couldn't find that page.",
    500: "Something went wrong on our side. Please try again in a moment.",
}


def _error(request: HttpRequest, status: int, detail: str = "") -> HttpResponse:
    context = {"status": status, "message": MESSAGES[status], "detail": detail}
    return render(request, "error.html", context, status=status)


def bad_request(request: HttpRequest, exception=None) -> HttpResponse:
    return _error(request, 400)


def permission_denied(request: HttpRequest, exception=None) -> HttpResponse:
    return _error(request, 403, str(exception or ""))


def page_not_found(request: HttpRequest, exception=None) -> HttpResponse:
    return _error(request, 404)


def server_error(request: HttpRequest) -> HttpResponse:
    return render(request, "error.html", {"status": 500, "message": MESSAGES[500]}, status=500)


def csrf_failure(request: HttpRequest, reason: str = "") -> HttpResponse:
    """The form was stale (open too long, or signed out elsewhere)."""
    context = {
        "status": 403,
        "message": "This page was open for too long. Go back, reload the page and try again.",
    }
    return render(request, "error.html", context, status=403)
