"""Request size limits: no request body larger than settings.MAX_REQUEST_BYTES is ever read.

Two pieces, because the two servers read bodies at different moments:

- `RequestSizeLimitMiddleware` answers 413 with the site's error page. Under WSGI (gunicorn,
  runserver, the test client) Django reads a body only when a view or CSRF asks for it, so a
  too large Content-Length is refused here before a byte is read. A body without a length
  (Transfer-Encoding: chunked) is read here up to the limit, refused past it, and otherwise
  handed on as if it had come with its length.
- `limit_asgi_body` wraps the ASGI application (uvicorn). Django's ASGIHandler reads the whole
  body into a temporary file *before* any middleware runs, so the limit has to sit in front of
  it: a too large Content-Length gives Django an empty body without reading the real one, and
  a body without a length is cut off as soon as it passes the limit. Either way the request is
  marked so that the middleware then answers 413 with the same page.
"""

import asyncio
import tempfile
from collections.abc import Awaitable, Callable, Mapping
from typing import IO, Any

from asgiref.sync import iscoroutinefunction, markcoroutinefunction, sync_to_async
from django.conf import settings
from django.core.handlers.wsgi import LimitedStream, WSGIRequest
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render

# Set in the ASGI scope when the body was not read (or only partly) because it was too large.
TOO_LARGE = "factorium.body_too_large"
CHUNK = 64 * 1024

Scope = dict[str, Any]
Receive = Callable[[], Awaitable[dict]]
Send = Callable[[dict], Awaitable[None]]


def too_large_message() -> str:
    """What the 413 page says, with the limit in the units a teacher's computer shows."""
    limit = settings.MAX_REQUEST_BYTES
    size = f"{limit / 1_048_576:.3g} MB" if limit >= 1_048_576 else f"{max(1, limit // 1024)} KB"
    return (
        f"That was too much to send at once. A file you upload can be at most {size}, "
        "and a class list is much smaller."
    )


def declared_length(meta: Mapping[str, Any]) -> int | None:
    """The request's Content-Length, or None when it has none (or none that makes sense)."""
    try:
        length = int(meta.get("CONTENT_LENGTH") or "")
    except ValueError:
        return None
    return length if length >= 0 else None


class BodyTooLarge(Exception):
    """The request body is (or would be) larger than settings.MAX_REQUEST_BYTES."""


def refuse(request: HttpRequest) -> HttpResponse:
    """413 with the site's error page, in words a teacher reads."""
    context = {"status": 413, "message": too_large_message()}
    return render(request, "error.html", context, status=413)


class RequestSizeLimitMiddleware:
    """Refuse a request whose body is larger than settings.MAX_REQUEST_BYTES, unread."""

    sync_capable = True
    async_capable = True

    def __init__(self, get_response):
        self.get_response = get_response
        self.is_async = iscoroutinefunction(get_response)
        if self.is_async:  # no thread hop for every request (and every live stream) under ASGI
            markcoroutinefunction(self)

    def __call__(self, request: HttpRequest) -> HttpResponse:
        if self.is_async:
            return self.__acall__(request)
        try:
            if self._too_large(request):
                raise BodyTooLarge
            spool = _spool_unsized_body(request)
        except BodyTooLarge:
            return refuse(request)
        try:
            return self.get_response(request)
        finally:
            if spool is not None:
                spool.close()

    async def __acall__(self, request: HttpRequest) -> HttpResponse:
        if self._too_large(request):
            # Rendering may ask for the signed-in user (a database query): keep it off the loop.
            return await sync_to_async(refuse)(request)
        return await self.get_response(request)

    @staticmethod
    def _too_large(request: HttpRequest) -> bool:
        length = declared_length(request.META)
        if length is not None and length > settings.MAX_REQUEST_BYTES:
            return True
        return bool(getattr(request, "scope", {}).get(TOO_LARGE))


def _spool_unsized_body(request: HttpRequest) -> IO[bytes] | None:
    """A WSGI body sent without a length: read it up to the limit into a temporary file.

    Django's WSGIRequest reads a body only as far as its Content-Length (none here, so
    nothing at all). Returns the spooled file, now the request's body, or None when there is
    nothing to do; BodyTooLarge when the body passed the limit (reading stopped there).
    """
    if not isinstance(request, WSGIRequest) or declared_length(request.META) is not None:
        return None
    if "chunked" not in request.META.get("HTTP_TRANSFER_ENCODING", "").lower():
        return None
    limit = settings.MAX_REQUEST_BYTES
    source = LimitedStream(request.environ["wsgi.input"], limit + 1)
    # The file outlives this function: it is the request body, closed after the response.
    spool = tempfile.SpooledTemporaryFile(max_size=settings.FILE_UPLOAD_MAX_MEMORY_SIZE)  # noqa: SIM115
    size = 0
    while chunk := source.read(CHUNK):
        size += len(chunk)
        if size > limit:
            spool.close()
            raise BodyTooLarge
        spool.write(chunk)
    spool.seek(0)
    # From here on the body looks as if it had come with its length: forms and uploads parse it.
    request.META["CONTENT_LENGTH"] = str(size)
    request._stream = LimitedStream(spool, size)  # what WSGIRequest.__init__ sets up
    return spool


def limit_asgi_body(app):
    """Wrap an ASGI application so that no request body past MAX_REQUEST_BYTES is received."""

    async def limited_app(scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await app(scope, receive, send)
            return
        limited = _LimitedReceive(scope, receive, settings.MAX_REQUEST_BYTES)
        await app(scope, limited, limited.closing(send))

    return limited_app


class _LimitedReceive:
    """The ASGI `receive` of one request, which stops receiving the body past the limit."""

    def __init__(self, scope: Scope, receive: Receive, limit: int):
        self.scope, self.receive, self.limit = scope, receive, limit
        self.received = 0
        headers = {name.lower(): value for name, value in scope.get("headers", [])}
        length = declared_length({"CONTENT_LENGTH": headers.get(b"content-length", b"").decode()})
        # Too large as announced: not one byte is received (so no "100 Continue" is sent).
        self.cut = length is not None and length > limit
        if self.cut:
            scope[TOO_LARGE] = True
        self.ended = False

    async def __call__(self) -> dict:
        if self.ended:
            # The body was cut short; Django now only listens for a disconnect until its
            # response is sent, then cancels this wait. Receiving more would read the body.
            await asyncio.Future()
        if self.cut:
            self.ended = True
            return {"type": "http.request", "body": b"", "more_body": False}
        message = await self.receive()
        if message["type"] == "http.request":
            self.received += len(message.get("body", b""))
            if self.received > self.limit:
                self.cut = self.ended = True
                self.scope[TOO_LARGE] = True
                return {"type": "http.request", "body": b"", "more_body": False}
        return message

    def closing(self, send: Send) -> Send:
        """`send`, asking the server to close the connection when the body was left unread."""

        async def send_and_close(message: dict) -> None:
            if message["type"] == "http.response.start" and self.cut:
                headers = [*message.get("headers", []), (b"connection", b"close")]
                message = {**message, "headers": headers}
            await send(message)

        return send_and_close
