"""Request size limits: a body past MAX_REQUEST_BYTES is refused with 413 before it is read."""

import asyncio
import io
from concurrent.futures import ThreadPoolExecutor

import pytest
from django.core.asgi import get_asgi_application
from django.test.client import BOUNDARY, MULTIPART_CONTENT, encode_multipart
from django.urls import reverse

from config.limits import TOO_LARGE, limit_asgi_body

LIMIT = 10_000


@pytest.fixture(autouse=True)
def _small_limit(settings):
    settings.MAX_REQUEST_BYTES = LIMIT


class Unreadable(io.RawIOBase):
    """A request body that fails the test if anyone reads it."""

    def read(self, size=-1):
        raise AssertionError("the body was read")

    readline = read


class Endless(io.RawIOBase):
    """A body without end, counting what is read of it."""

    def __init__(self):
        self.given = 0

    def read(self, size=-1):
        size = 65_536 if size is None or size < 0 else size
        self.given += size
        return b"x" * size

    readline = read


# WSGI (gunicorn, runserver and the test client)


def _in_fresh_loop(coroutine):
    """Run on a fresh event loop in a thread of its own: Playwright's sync API may already run
    a loop in this one (browser tests run first in the suite)."""
    with ThreadPoolExecutor(1) as pool:
        return pool.submit(asyncio.run, coroutine).result(timeout=30)


def test_a_content_length_over_the_limit_is_refused_without_reading_the_body(client, db):
    response = client.generic(
        "POST",
        reverse("login"),
        CONTENT_TYPE=MULTIPART_CONTENT,
        CONTENT_LENGTH=str(400_000_000),
        **{"wsgi.input": Unreadable()},
    )
    assert response.status_code == 413
    page = response.content.decode()
    assert "That was too much to send at once" in page
    assert "can be at most 9 KB" in page


def test_the_413_page_names_the_limit_in_megabytes(client, db, settings):
    settings.MAX_REQUEST_BYTES = 2_097_152
    response = client.generic("POST", "/", CONTENT_LENGTH="3000000", **{"wsgi.input": Unreadable()})
    assert response.status_code == 413
    assert "can be at most 2 MB" in response.content.decode()


def test_a_chunked_body_over_the_limit_is_refused_and_reading_stops_there(client, db):
    body = Endless()
    response = client.generic(
        "POST",
        reverse("login"),
        CONTENT_LENGTH="",
        HTTP_TRANSFER_ENCODING="chunked",
        **{"wsgi.input": body},
    )
    assert response.status_code == 413
    assert "too much to send" in response.content.decode()
    assert body.given <= LIMIT + 1


def test_a_chunked_body_under_the_limit_works_like_any_other(teacher_client, classroom):
    body = encode_multipart(BOUNDARY, {"file": _csv(b"name\nAna\nBen\n")})
    response = teacher_client.generic(
        "POST",
        reverse("roster_import", args=[classroom.pk]),
        CONTENT_TYPE=MULTIPART_CONTENT,
        CONTENT_LENGTH="",
        HTTP_TRANSFER_ENCODING="chunked",
        **{"wsgi.input": io.BytesIO(body)},
    )
    assert response.status_code == 200
    assert [row.name for row in response.context["good"]] == ["Ana", "Ben"]


def test_normal_forms_are_unaffected(teacher_client, classroom):
    url = reverse("student_add", args=[classroom.pk])
    assert teacher_client.post(url, {"name": "Ben"}).status_code == 302
    assert teacher_client.get(reverse("class_detail", args=[classroom.pk])).status_code == 200
    assert list(classroom.students.values_list("name", flat=True)) == ["Ben"]


def test_a_body_of_exactly_the_limit_is_accepted(teacher_client, classroom):
    name = "Ben"
    padding = "x" * (LIMIT - len("name=Ben&pad="))
    data = f"name={name}&pad={padding}"
    assert len(data) == LIMIT
    url = reverse("student_add", args=[classroom.pk])
    response = teacher_client.post(url, data, content_type="application/x-www-form-urlencoded")
    assert response.status_code == 302


def _csv(data: bytes):
    from django.core.files.uploadedfile import SimpleUploadedFile

    return SimpleUploadedFile("class.csv", data, content_type="text/csv")


# ASGI (uvicorn): Django's ASGIHandler reads the whole body before any middleware runs, so
# limit_asgi_body stands in front of it.


def _scope(headers: dict[str, str], path: str = "/") -> dict:
    return {
        "type": "http",
        "asgi": {"version": "3.0"},
        "http_version": "1.1",
        "method": "POST",
        "scheme": "http",
        "path": path,
        "raw_path": path.encode(),
        "query_string": b"",
        "root_path": "",
        "headers": [(k.encode(), v.encode()) for k, v in headers.items()],
        "client": ("127.0.0.1", 5000),
        "server": ("testserver", 80),
    }


def _run(app, scope, receive) -> tuple[int, dict[bytes, bytes], bytes]:
    sent: list[dict] = []

    async def send(message):
        sent.append(message)

    _in_fresh_loop(app(scope, receive, send))
    start = next(m for m in sent if m["type"] == "http.response.start")
    body = b"".join(m.get("body", b"") for m in sent if m["type"] == "http.response.body")
    return start["status"], dict(start["headers"]), body


@pytest.mark.django_db(transaction=True)
def test_asgi_refuses_a_content_length_over_the_limit_without_receiving_the_body():
    async def receive():
        raise AssertionError("the body was received")

    app = limit_asgi_body(get_asgi_application())
    scope = _scope({"content-length": "400000000", "content-type": "text/csv"})
    status, headers, body = _run(app, scope, receive)
    assert status == 413
    assert "too much to send at once" in body.decode()
    assert headers[b"connection"] == b"close"  # the unread body is not drained


@pytest.mark.django_db(transaction=True)
def test_asgi_stops_receiving_a_chunked_body_past_the_limit():
    received = []

    async def receive():
        received.append(4_096)
        return {"type": "http.request", "body": b"x" * 4_096, "more_body": True}

    app = limit_asgi_body(get_asgi_application())
    status, headers, body = _run(app, _scope({"transfer-encoding": "chunked"}), receive)
    assert status == 413
    assert "too much to send at once" in body.decode()
    assert sum(received) <= LIMIT + 4_096
    assert headers[b"connection"] == b"close"


def test_asgi_passes_a_body_under_the_limit_whole_and_then_listens_for_disconnect():
    messages = [
        {"type": "http.request", "body": b"a" * 6_000, "more_body": True},
        {"type": "http.request", "body": b"b" * 4_000, "more_body": False},
        {"type": "http.disconnect"},
    ]

    async def receive():
        return messages.pop(0)

    seen = []

    async def inner(scope, receive, send):
        while True:
            message = await receive()
            seen.append(message)
            if not message.get("more_body"):
                break
        seen.append(await receive())  # what Django's disconnect listener gets
        await send({"type": "http.response.start", "status": 200, "headers": []})
        await send({"type": "http.response.body", "body": b"ok"})

    scope = _scope({"transfer-encoding": "chunked"})
    status, headers, _ = _run(limit_asgi_body(inner), scope, receive)
    assert status == 200 and b"connection" not in headers
    assert b"".join(m.get("body", b"") for m in seen) == b"a" * 6_000 + b"b" * 4_000
    assert seen[-1] == {"type": "http.disconnect"}
    assert TOO_LARGE not in scope


def test_asgi_leaves_other_connections_alone():
    calls = []

    async def inner(scope, receive, send):
        calls.append(scope["type"])

    _in_fresh_loop(limit_asgi_body(inner)({"type": "lifespan"}, None, None))
    assert calls == ["lifespan"]
