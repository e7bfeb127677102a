"""A trivial view for load balancers (and the benchmarks' baseline)."""

from django.http import HttpRequest, HttpResponse
from django.views.decorators.cache import never_cache


@never_cache
def healthz(request: HttpRequest) -> HttpResponse:
    """200 "ok" while the process serves requests (touches nothing else)."""
    return HttpResponse("ok", content_type="text/plain")
