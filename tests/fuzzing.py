"""The machinery of tests/test_fuzz.py: the bad values, the walk over every URL pattern, a
reader of the forms in a page, and the sender that runs each request in a rolled-back
savepoint and keeps the count, the histogram and the 5xx. Knows nothing of this project's
views (test_fuzz.py holds that)."""

from __future__ import annotations

import base64
import itertools
import re
import traceback
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field
from html.parser import HTMLParser
from pathlib import Path
from urllib.parse import quote, unquote, urlencode, urljoin

from django.conf import settings as django_settings
from django.core.cache import caches
from django.core.files import File
from django.core.files.uploadedfile import SimpleUploadedFile
from django.db import transaction
from django.test import Client
from django.urls import Resolver404, URLPattern, URLResolver, get_resolver, resolve
from django.urls.resolvers import RegexPattern, RoutePattern

ROOT = Path(__file__).resolve().parent.parent

# --- the bad values -------------------------------------------------------------------------

LIST = object()  # the key sent twice
UNDECODABLE = object()  # bytes that are not UTF-8 (%FF%FE)
BAD_VALUES: dict[str, object] = {
    "empty": "",
    "superscript two": "²",  # isdigit() is True, int() fails
    "arabic-indic three": "٣",  # isdigit() and int() both accept it
    "NUL": "\x00",  # PostgreSQL refuses it in text
    "10 000 letters": "a" * 10_000,
    "20 digits": "99999999999999999999",  # beyond any id: SQLite cannot even bind it
    "minus one": "-1",
    "decimal": "1.5",
    "null": "null",
    "the key twice": LIST,
    "JSON": '{"a":1}',
    "not UTF-8": UNDECODABLE,
}
LIST_VALUES = ["1", "²"]

# Path values a converter lets through (each replaces one real value in turn).
BAD_PATH = {
    "int": [  # every id is a BIGINT: "beyond int" (2**31) would be as "beyond bigint"
        ("zero", "0"),
        ("beyond bigint", "9223372036854775808"),
        ("20 digits", "99999999999999999999"),
        ("5000 digits", "9" * 5000),  # int() refuses more than 4300 digits: no view sees it
    ],
    "str": [
        ("NUL", "\x00AAAAA"),
        ("superscript two", "²"),
        ("arabic-indic", "٣٣٣٣٣٣"),
        ("very long", "x" * 3000),
        ("dot dot", ".."),
        ("emoji", "🙂🙂🙂🙂🙂🙂"),
    ],
    "slug": [
        ("unknown", "nope"),
        ("very long", "x" * 300),
        ("dash", "-"),
        ("digits", "99999999999999999999"),
        ("not a slug", "²"),  # the resolver's own 404
    ],
    "path": [
        ("dot dot", "../.."),
        ("NUL", "\x00"),
        ("20 digits", "99999999999999999999"),
        ("superscript two", "²"),
    ],
}

# Files for a form's file fields (a class list to import), also sent as base64 text.
BAD_FILES = {
    "empty": b"",
    "huge cell": b"name\n" + b"a" * 200_000 + b"\n",
    "NUL": b"name\nAna\x00B\n",
    "not UTF-8": b"name\n\xff\xfe\xfa\n",
    "UTF-16": "name\nZoë\n".encode("utf-16"),
    "many rows": b"name\n" + b"".join(b"Kid %d\n" % i for i in range(3000)),
    "long line": b"a," * 50_000,
    "broken quotes": b'name\n"Ana\n"Ben""\n',
    "formula": b'name\n=HYPERLINK("http://x")\n',
    "picture": b"\x89PNG\r\n\x1a\n" + bytes(range(256)),
}

# htmx's request headers: none, a partial request, and a history restore (the whole page).
HTMX = {
    "off": {},
    "on": {"HX-Request": "true", "HX-Current-URL": "http://testserver/"},
    "restore": {"HX-Request": "true", "HX-History-Restore-Request": "true"},
}
ROLES = ["nobody", "teacher", "other teacher", "student", "other student"]
METHODS = ["GET", "POST", "HEAD"]


# --- the URLs ------------------------------------------------------------------------------


@dataclass(frozen=True)
class Route:
    """One URL pattern, as the list of patterns from the root to it."""

    name: str
    parts: tuple
    callback_module: str

    @property
    def text(self) -> str:
        return "".join(str(part) for part in self.parts)


def every_route(resolver=None, parts=(), namespace="") -> list[Route]:
    """Every pattern the project routes, admin's included, depth first."""
    resolver = resolver or get_resolver()
    routes = []
    for entry in resolver.url_patterns:
        if isinstance(entry, URLResolver):
            space = f"{namespace}{entry.namespace}:" if entry.namespace else namespace
            routes += every_route(entry, (*parts, entry.pattern), space)
        elif isinstance(entry, URLPattern):
            name = f"{namespace}{entry.name}" if entry.name else f"{namespace}{entry.pattern}"
            routes.append(Route(name, (*parts, entry.pattern), entry.callback.__module__))
    return routes


PARAMETER = re.compile(r"<(?:(?P<converter>[^>:]+):)?(?P<name>[^>]+)>")
GROUP = re.compile(r"\(\?P<(?P<name>\w+)>")


def _segments(part) -> list:
    """A pattern as text pieces and (converter, name, regex) parameters."""
    pieces: list = []
    if isinstance(part, RoutePattern):
        text, end = str(part), 0
        for found in PARAMETER.finditer(text):
            pieces.append(text[end : found.start()])
            pieces.append((found["converter"] or "str", found["name"], None))
            end = found.end()
        pieces.append(text[end:])
        return pieces
    assert isinstance(part, RegexPattern)
    text, end = str(part).lstrip("^").rstrip("$"), 0
    for found in GROUP.finditer(text):
        depth, i = 1, found.end()
        while depth:
            depth += {"(": 1, ")": -1}.get(text[i], 0) if text[i - 1] != "\\" else 0
            i += 1
        pieces.append(text[end : found.start()].replace("\\", ""))
        pieces.append(("regex", found["name"], text[found.end() : i - 1]))
        end = i
    pieces.append(text[end:].replace("\\", ""))
    return pieces


@dataclass(frozen=True)
class Target:
    """A URL to request: its route, its path, and what fills it ("real" or what is bad)."""

    route: Route
    path: str
    fill: str
    real: bool

    @property
    def routed(self) -> bool:
        """Whether the path reaches a view (a converter may refuse the value: a 404 then)."""
        try:
            resolve(unquote(self.path))
        except Resolver404:
            return False
        return True


def _quote(converter: str, value) -> str:
    return quote(str(value), safe="/" if converter == "path" else "")


def targets(route: Route, real_values: Callable, foreign_values: Callable) -> list[Target]:
    """The route filled with real values (each combination), then with one bad value at a
    time, the other parameters real. real_values(route, converter, name, regex) and
    foreign_values(route, name) give (label, value) pairs: the class's own things, and real
    things that are not the class's (they go with the bad values)."""
    segments = [piece for part in route.parts for piece in _segments(part)]
    params = [piece for piece in segments if isinstance(piece, tuple)]
    real = {p[1]: real_values(route, *p) for p in params}

    def build(values: dict) -> str:
        out = []
        for piece in segments:
            out.append(_quote(piece[0], values[piece[1]]) if isinstance(piece, tuple) else piece)
        return "/" + "".join(out)

    found = []
    for combo in itertools.product(*(real[p[1]] for p in params)):
        labels = ", ".join(f"{p[1]}={label}" for p, (label, _) in zip(params, combo, strict=True))
        values = {p[1]: value for p, (_, value) in zip(params, combo, strict=True)}
        found.append(Target(route, build(values), labels or "-", True))
    first = {name: options[0][1] for name, options in real.items()}
    for converter, name, _regex in params:
        bad = foreign_values(route, name) + BAD_PATH.get(converter, BAD_PATH["str"])
        for label, value in bad:
            path = build({**first, name: value})
            found.append(Target(route, path, f"{name}={label}", False))
    return found


# --- forms found in the pages --------------------------------------------------------------


@dataclass
class FormSeen:
    """A form on a page: where it posts, how, its fields' names and its own values."""

    action: str
    method: str
    names: list[str] = field(default_factory=list)
    values: list[tuple[str, str]] = field(default_factory=list)
    submitted: bool = False  # the first named submit button's value is in `values`
    select: str | None = None
    select_value: str | None = None
    textarea: str | None = None
    files: list[str] = field(default_factory=list)


# What an empty field gets in a form's own values, so that the form is valid but for the
# spoilt key (numbers and dates stay empty: they are optional where a form has them).
FILLERS = {"text": "Fuzzy", "email": "fuzz@school.test", "password": "Correct-Horse-9"}


class FormParser(HTMLParser):
    """The forms of a page (inputs, selects, textareas and named buttons)."""

    def __init__(self, page: str):
        super().__init__(convert_charrefs=True)
        self.page = page
        self.forms: list[FormSeen] = []
        self.form: FormSeen | None = None

    def handle_starttag(self, tag, attrs):
        a = {key: value or "" for key, value in attrs}
        if tag == "form":
            action = urljoin(self.page, a.get("action") or self.page)
            self.form = FormSeen(action=action, method=(a.get("method") or "get").upper())
            self.forms.append(self.form)
            return
        form, name = self.form, a.get("name")
        if tag == "option" and form and form.select:
            value = a.get("value", "")
            if form.select_value is None or "selected" in a:
                form.values = [(n, v) for n, v in form.values if n != form.select]
                form.values.append((form.select, value))
                form.select_value = value
        if form is None or not name:
            return
        if tag == "input":
            kind = a.get("type", "text").lower()
            _add_name(form, name)
            if kind in ("checkbox", "radio"):
                if "checked" in a:
                    form.values.append((name, a.get("value", "on")))
            elif kind in ("submit", "image", "button"):
                if not form.submitted and kind != "button":
                    form.values.append((name, a.get("value", "")))
                    form.submitted = True
            elif kind == "file":
                form.files.append(name)
            else:
                form.values.append((name, a.get("value") or FILLERS.get(kind, "")))
        elif tag == "button" and a.get("type", "submit").lower() == "submit":
            _add_name(form, name)
            if not form.submitted:
                form.values.append((name, a.get("value", "")))
                form.submitted = True
        elif tag == "select":
            _add_name(form, name)
            form.select, form.select_value = name, None
        elif tag == "textarea":
            _add_name(form, name)
            form.textarea = name
            form.values.append((name, ""))

    def handle_endtag(self, tag):
        if tag == "form":
            self.form = None
        elif tag == "select" and self.form:
            self.form.select = None
        elif tag == "textarea" and self.form:
            self.form.textarea = None

    def handle_data(self, data):
        if self.form and self.form.textarea:
            name = self.form.textarea
            self.form.values = [(n, v) for n, v in self.form.values if n != name]
            self.form.values.append((name, data))


def _add_name(form: FormSeen, name: str) -> None:
    if name not in form.names:
        form.names.append(name)


# --- sending, counting, collecting -----------------------------------------------------------


def where(error: BaseException) -> str:
    """The innermost frame of the project's own code (not the libraries') in a traceback."""
    frames = traceback.extract_tb(error.__traceback__)
    own = [f for f in frames if str(ROOT) in f.filename and "/.venv/" not in f.filename]
    frame = (own or frames)[-1]
    return f"{Path(frame.filename).relative_to(ROOT) if own else frame.filename}:{frame.lineno}"


def _bad(name: str) -> object:
    """A bad value by its name: one of BAD_VALUES, or a file of BAD_FILES (to upload, or as
    base64 text)."""
    if name.startswith("file: "):
        return SimpleUploadedFile("class.csv", BAD_FILES[name[6:]], "text/csv")
    if name.startswith("base64: "):
        return base64.b64encode(BAD_FILES[name[8:]]).decode()
    return BAD_VALUES[name]


def _params(pairs: list[tuple[str, str]], spoilt: dict[str, object]) -> dict[str, list[str]]:
    """A form's own values with some keys spoilt (or added)."""
    out: dict[str, list[str]] = {}
    for name, own in pairs:
        out.setdefault(name, []).append(own)
    for key, value in spoilt.items():
        out[key] = LIST_VALUES if value is LIST else [value]
    return out


@dataclass
class Fuzzer:
    """Sends requests as each role, each in a savepoint rolled back after it, and keeps the
    count, the histogram of statuses and every 5xx (with its cause)."""

    clients: dict[str, Client]
    histogram: Counter = field(default_factory=Counter)
    failures: list[tuple[str, str]] = field(default_factory=list)  # (cause, request)
    sent: int = 0
    values_sent: set[str] = field(default_factory=set)
    covered: set[tuple[str, str, str]] = field(default_factory=set)  # (URL name, role, method)
    htmx: itertools.cycle = field(default_factory=lambda: itertools.cycle(HTMX))

    def send(
        self,
        role: str,
        method: str,
        target: Target,
        spoilt=None,
        *,
        form=(),
        htmx: str | None = None,
    ) -> object:
        """One request: the form's own values with the `spoilt` keys put in ({key: the name
        of a bad value, or "file: " / "base64: " and the name of a bad file}). Returns the
        response, or its status when it is a 5xx (or "raised")."""
        spoilt = spoilt or {}
        params = _params(list(form), {key: _bad(name) for key, name in spoilt.items()})
        htmx = next(self.htmx) if htmx is None else htmx
        result = self._send(role, method, target.path, params, htmx)
        if getattr(result, "status_code", None) == 429:  # the sign-in limits: start afresh
            for alias in django_settings.CACHES:  # (sessions live on in the database)
                caches[alias].clear()
            result = self._send(role, method, target.path, params, htmx)
        self.sent += 1
        self.values_sent.update(name for name in spoilt.values() if name in BAD_VALUES)
        self.covered.add((target.route.name, role, method))
        status = "raised" if isinstance(result, BaseException) else result.status_code
        self.histogram[status] += 1
        if status == "raised" or status >= 500:
            label = ", ".join(f"{key}={name}" for key, name in spoilt.items()) or "no bad values"
            line = (
                f"{method} {target.path[:80]} [{target.route.name}: {target.fill}] as {role}, "
                f"htmx {htmx}, {label}"
            )
            cause = (
                f"{type(result).__name__}: {str(result)[:160]} at {where(result)}"
                if status == "raised"
                else f"status {status} from {target.route.name}"
            )
            self.failures.append((cause, line))
            return status
        return result

    def _send(self, role: str, method: str, path: str, params: dict, htmx: str):
        client = self.clients[role]
        cookies = client.cookies.__class__()
        cookies.update(client.cookies)  # a sign-out must not sign the role out for good
        headers = HTMX[htmx]
        with transaction.atomic():
            try:
                if method == "POST" and any(isinstance(v[0], File) for v in params.values()):
                    result = client.post(path, params, headers=headers)  # multipart
                elif method == "POST":
                    result = client.post(
                        path,
                        _encode(params),
                        content_type="application/x-www-form-urlencoded",  # as browsers post
                        headers=headers,
                    )
                else:
                    call = client.get if method == "GET" else client.head
                    result = call(f"{path}?{_encode(params)}" if params else path, headers=headers)
            except Exception as error:  # the view (or a middleware) raised: a 500
                result = error
            transaction.set_rollback(True)
        client.cookies = cookies
        return result


def _encode(params: dict[str, list]) -> str:
    """A query string or form body as a browser sends it (UNDECODABLE as raw bytes)."""
    return "&".join(
        f"{quote(key)}=%FF%FE" if value is UNDECODABLE else urlencode({key: value})
        for key, values in params.items()
        for value in values
    )


def status_of(result) -> object:
    """A response's status code (the sender already gives a 5xx as its status)."""
    return result if isinstance(result, (int, str)) else result.status_code


def report(fuzzer: Fuzzer) -> str:
    """The failures grouped by cause (the error and where it was raised), a few examples
    each, so one run shows every distinct problem without thousands of lines."""
    groups: dict[str, list[str]] = {}
    for cause, line in fuzzer.failures:
        groups.setdefault(cause, []).append(line)
    out = [f"{len(fuzzer.failures)} of {fuzzer.sent} requests answered 5xx, "
           f"{len(groups)} distinct causes:"]  # fmt: skip
    for cause, lines in sorted(groups.items(), key=lambda item: -len(item[1])):
        out.append(f"\n* {cause} ({len(lines)} requests), e.g.:")
        out += [f"    {line}" for line in lines[:4]]
    return "\n".join(out)
