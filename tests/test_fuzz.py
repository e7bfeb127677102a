"""Odd input never answers 5xx (issue 13): every URL, every person, every method.

Every URL the project routes is walked from the resolver (a new view is fuzzed without
touching this file), filled with the ids of a class's real things (a match of every game, a
table in the lobby, a finished game, a practice game, a Learn to play round...), and requested
by five people: nobody, the class's teacher, another teacher, a student of the class and a
student of another class; with GET, POST and HEAD. First plainly; then with malformed path
values (ids beyond any database integer, NUL, "²", very long, ".."); then with malformed
query and form values ("", "²", "٣", NUL, 10 000 letters, 20 digits, "-1", "1.5", "null",
the key twice, JSON, bytes that are not UTF-8) and malformed files; htmx's headers off, on,
and as a history restore, in turn.

The form fields come from the pages themselves: a page's own form is posted with its own
values and one field spoilt, so a bad value reaches the form's checks and the service behind
them instead of stopping at the first empty field. The keys views read outside their forms
are listed below (QUERY_KEYS, POST_KEYS: grep request.GET/POST when adding one). Every kind
of move each game has also goes straight to its rules with bad fields (the last test).

Each request runs in a savepoint that is rolled back, with the client's cookies put back
after it, so every request sees the same class (a removed student, a signed-out client or a
deleted assignment hide nothing from the requests after it) and, on PostgreSQL, a failed
query does not poison the rest of the run. Failures are collected and reported together,
grouped by cause. `pytest -s` prints the number of requests and the histogram of statuses.
"""

from __future__ import annotations

import copy
import itertools
import json
import logging
import math
import re
import time
from dataclasses import dataclass, field, fields
from urllib.parse import parse_qsl, urlsplit

import pytest
from django.contrib.auth.tokens import default_token_generator
from django.db import connection
from django.http import QueryDict
from django.template.base import Template
from django.test import Client
from django.test.utils import _TestState
from django.utils.encoding import force_bytes
from django.utils.http import urlsafe_base64_encode

from classrooms import services as roster
from classrooms.access import MAX_ID, query_id
from classrooms.models import Assignment, Classroom, Student, User
from games import services
from games.assignments import assignment_create
from games.engine import Game, IllegalMove, Move, all_games, get_game
from games.engine.texts import CLOCK
from games.forms import move_data_from_post
from games.models import Match
from progress.models import ReportJob
from progress.services import progress_for_match

from .fuzzing import (
    BAD_FILES,
    BAD_VALUES,
    LIST,
    LIST_VALUES,
    METHODS,
    ROLES,
    UNDECODABLE,
    FormParser,
    FormSeen,
    Fuzzer,
    Route,
    Target,
    every_route,
    report,
    status_of,
    targets,
    where,
)
from .games.conftest import bots_until_human

# --- what the views read --------------------------------------------------------------------

# The query keys each view reads (request.GET / request.POST outside its forms).
QUERY_KEYS = {
    "game_how": ["match"],
    "match_new": ["assignment"],
    "match_board": ["v"],
    "match_replay": ["step"],
    "class_progress": ["game", "level", "job"],
    "class_progress_csv": ["game", "level"],
    "progress_job": ["game", "level"],
    "login": ["next"],
}
POST_KEYS = {
    "match_new": ["assignment"],
    "match_move": ["version", "submission", "type"],
    "sound_switch": ["next"],
    "join_secret": ["so_far", "pick", "clear"],
    "login": ["next"],
    "roster_import_confirm": ["data"],
}
# Views that read their posted fields themselves (no Django form): every field gets every
# bad value (a board's move fields go through move_data_from_post and the game's parse_move).
HAND_PARSED = {"match_move", "join_secret"}
NOT_FUZZED = {"csrfmiddlewaretoken"}  # CSRF checks are off in the test client
EVERY_KEY = sorted({key for keys in [*QUERY_KEYS.values(), *POST_KEYS.values()] for key in keys})

# Views that take a file's content back as base64 text (the import's confirm step).
ENCODED = {"roster_import_confirm": "data"}

# Answers that stop before a view reads any input: fuzzing those deeper finds nothing new.
SHALLOW = {301, 302, 403, 404, 405}


# --- the class every request sees ----------------------------------------------------------


@dataclass
class World:
    """The people, the class and its things, and what each path value stands for."""

    teacher: User
    other_teacher: User
    classroom: Classroom
    other_class: Classroom
    ana: Student  # a student of the class (the "student" role)
    ben: Student  # her classmate, who hosts a table and plays a game Ana may watch
    zed: Student  # a student of another class (the "other student" role)
    assignment: Assignment
    other_assignment: Assignment
    job: ReportJob
    matches: dict[str, Match]
    other_match: Match


def _match(game: str, seats, *, classroom, host=None, settings=None, mode=Match.Mode.GAME):
    match = services.match_create(
        game=game,
        settings=settings or {},
        classroom=classroom,
        seats=seats,
        host=host,
        seed=7,
        mode=mode,
    )
    return bots_until_human(match) if match.status == Match.Status.PLAYING else match


@pytest.fixture
def world(teacher, classroom, student, make_teacher) -> World:
    classroom.allow_watching = True
    classroom.save()
    ana = student
    ben = roster.student_create(classroom=classroom, name="Ben")
    other_teacher = make_teacher(email="other@school.test")
    other_class = roster.classroom_create(
        teacher=other_teacher, name="Class 5B", sign_in_method=Classroom.SignInMethod.PASSWORD
    )
    zed = roster.student_create(classroom=other_class, name="Zed")
    matches: dict[str, Match] = {}
    for game in all_games():
        others = [services.SeatSpec(bot=next(iter(game.bots())))] * (game.min_players - 1 or 1)
        others = others[: game.max_players - 1]
        matches[game.slug] = _match(
            game.slug, [services.SeatSpec(student=ana), *others], classroom=classroom, host=ana
        )
    bot = services.SeatSpec(bot="easy")
    matches["ben's table"] = _match(
        "multiplication",
        [services.SeatSpec(student=ben), services.SeatSpec()],
        classroom=classroom,
        host=ben,
    )
    matches["ana's table"] = _match(
        "multiplication",
        [services.SeatSpec(student=ana), services.SeatSpec()],
        classroom=classroom,
        host=ana,
    )
    matches["ben playing"] = _match(
        "multiplication", [services.SeatSpec(student=ben), bot], classroom=classroom, host=ben
    )
    finished = _match("prime-solitaire", [services.SeatSpec(student=ana)], classroom=classroom)
    services.match_give_up(match_id=finished.pk, player=ana)
    finished.refresh_from_db()
    assert finished.status == Match.Status.FINISHED
    progress_for_match(match_id=finished.pk)
    matches["finished"] = finished
    matches["practice"] = _match(
        "multiplication",
        [services.seat_spec(teacher), bot],
        classroom=None,
        mode=Match.Mode.PRACTICE,
    )
    matches["learn"] = services.learn_create(game="multiplication", player=ana)
    other_match = _match(
        "multiplication", [services.SeatSpec(student=zed), bot], classroom=other_class, host=zed
    )
    assignment = assignment_create(
        classroom=classroom, game="multiplication", settings={}, goal="finish", goal_count=3
    )
    other_assignment = assignment_create(
        classroom=other_class, game="multiplication", settings={}, goal="win", goal_count=2
    )
    job = ReportJob.objects.create(classroom=classroom, status=ReportJob.Status.DONE)
    return World(
        teacher=teacher,
        other_teacher=other_teacher,
        classroom=classroom,
        other_class=other_class,
        ana=ana,
        ben=ben,
        zed=zed,
        assignment=assignment,
        other_assignment=other_assignment,
        job=job,
        matches=matches,
        other_match=other_match,
    )


def _clients(world: World) -> dict[str, Client]:
    clients = {role: Client(raise_request_exception=True) for role in ROLES}
    teacher = "classrooms.auth.TeacherBackend"
    clients["teacher"].force_login(world.teacher, backend=teacher)
    clients["other teacher"].force_login(world.other_teacher, backend=teacher)
    student = "classrooms.auth.StudentBackend"
    clients["student"].force_login(world.ana.user, backend=student)
    clients["other student"].force_login(world.zed.user, backend=student)
    return clients


# --- the class's things in the URLs ----------------------------------------------------------


def _real_values(world: World, route: Route, converter: str, name: str, regex) -> list:
    """(label, value) pairs of real objects for one parameter."""
    text = route.text
    if regex is not None:
        options = [o for o in regex.split("|") if re.fullmatch(r"[\w-]+", o)]
        return [(o, o) for o in options[:1]] or [("x", "x")]
    if name == "pk" and text.startswith("matches/"):
        return [(label, match.pk) for label, match in world.matches.items()]
    if name == "pk" and text.startswith("classes/"):
        return [("class", world.classroom.pk)]
    if name == "student_pk":
        return [("ana", world.ana.pk)]
    if name == "assignment_pk":
        return [("assignment", world.assignment.pk)]
    if name == "job_pk":
        return [("job", world.job.pk)]
    if name == "code":
        return [("code", world.classroom.join_code)]
    if name == "uidb64":
        return [("teacher", urlsafe_base64_encode(force_bytes(world.teacher.pk)))]
    if name == "token":  # "set-password": the confirm page's second step (no token in session)
        token = default_token_generator.make_token(world.teacher)
        return [("teacher's token", token), ("set-password", "set-password")]
    if name == "slug":
        return [(game.slug, game.slug) for game in all_games()]
    if name in ("object_id", "id", "content_type_id"):  # Django's admin
        return [("teacher", world.teacher.pk)]
    return [("1", 1)] if converter == "int" else [("x", "x")]


def _foreign_values(world: World, route: Route, name: str) -> list:
    """(label, value) pairs of real objects that are not the class's."""
    text = route.text
    if name == "pk" and text.startswith("matches/"):
        return [("another class's match", world.other_match.pk)]
    if name == "pk" and text.startswith("classes/"):
        return [("another class", world.other_class.pk)]
    if name == "student_pk":
        return [("another class's student", world.zed.pk), ("ben", world.ben.pk)]
    if name == "assignment_pk":
        return [("another class's assignment", world.other_assignment.pk)]
    if name == "code":
        return [("another class's code", world.other_class.join_code),
                ("lower case", world.classroom.join_code.lower())]  # fmt: skip
    return []


def _targets(world: World, route: Route) -> list[Target]:
    return targets(
        route,
        lambda *args: _real_values(world, *args),
        lambda *args: _foreign_values(world, *args),
    )


# --- the sweep -------------------------------------------------------------------------------


@dataclass
class Sweep:
    """The four passes over the URLs, sampled deterministically (see each pass)."""

    fuzzer: Fuzzer
    statuses: dict[tuple[str, str, str], object] = field(default_factory=dict)
    forms: dict[str, list[tuple[str, FormSeen]]] = field(default_factory=dict)
    turn: itertools.count = field(default_factory=itertools.count)

    def rotating_role(self) -> str:
        return ROLES[next(self.turn) % len(ROLES)]

    def crawl(self, real: list[Target]) -> None:
        """1. Every real URL as every person, GET: the pages, and the forms found in them."""
        for target in real:
            for role in ROLES:
                result = self.fuzzer.send(role, "GET", target, htmx="off")
                self.statuses[target.path, role, "GET"] = status_of(result)
                if not isinstance(result, (int, str)) and "html" in result.get("Content-Type", ""):
                    page = FormParser("http://testserver" + target.path)
                    page.feed(result.content.decode())
                    for form in page.forms:
                        action = urlsplit(form.action)
                        form.values += parse_qsl(action.query)
                        self.forms.setdefault(action.path, []).append((role, form))

    def own_forms(self, path: str, role: str) -> list[FormSeen]:
        """Each kind of form (its fields and its "type") posting to `path` on a page this
        role saw (else on any page): posting its own values, spoilt in one key, gets a bad
        value past the other fields. A blank form when no page shows one."""
        seen = [(who, f) for who, f in self.forms.get(path, []) if f.method == "POST"]
        mine = [f for who, f in seen if who == role] or [f for _, f in seen]
        kinds = {(tuple(f.names), dict(f.values).get("type")): f for f in mine}
        return list(kinds.values()) or [FormSeen(action=path, method="POST")]

    def plain(self, real: list[Target]) -> None:
        """2. Every real URL as every person: POST (no values, and the form the person was
        shown with its own values), GET with htmx's header where the page was reached; HEAD
        by everyone on a route's first URL, by one person on the others (HEAD runs the GET
        view)."""
        first = {}
        for target in real:
            first.setdefault(target.route, target)
            for role in ROLES:
                result = self.fuzzer.send(role, "POST", target)
                self.statuses[target.path, role, "POST"] = status_of(result)
                if self._shown(target, role, "POST"):
                    form = self.own_forms(target.path, role)[0].values
                    result = self.fuzzer.send(role, "POST", target, form=form)
                    self.statuses[target.path, role, "form"] = status_of(result)
                if self.statuses[target.path, role, "GET"] not in SHALLOW:
                    self.fuzzer.send(role, "GET", target, htmx="on")
            heads = ROLES if first[target.route] is target else [self.rotating_role()]
            for role in heads:
                self.fuzzer.send(role, "HEAD", target)

    def bad_paths(self, bad: list[Target], real: list[Target]) -> None:
        """3. Every URL with a bad path value, GET and POST (with the page's own form, so a
        move reaches the service with the bad id), by each person who got past the sign-in
        and method checks on the route's first real URL (those checks come before any path
        value is used), else by one; HEAD by one person on one bad URL of each route. A value
        the converter refuses (never seen by a view) and Django's own admin: one person per
        method."""
        first, headed = {}, set()
        for target in real:
            first.setdefault(target.route, target)
        for target in bad:
            model = first[target.route]
            ours = not target.route.callback_module.startswith("django.")
            for method in ("GET", "POST"):
                roles = [
                    role
                    for role in ROLES
                    if ours
                    and target.routed
                    and self.statuses.get((model.path, role, method)) not in (302, 405)
                ] or [self.rotating_role()]
                for role in roles:
                    form = self.own_forms(model.path, role)[0].values if method == "POST" else ()
                    self.fuzzer.send(role, method, target, form=form)
            if target.route not in headed:
                headed.add(target.route)
                self.fuzzer.send(self.rotating_role(), "HEAD", target)

    def keys(self, target: Target) -> dict[str, list[str]]:
        """The keys a view reads: its query keys, and the fields of the forms aimed at it."""
        seen = self.forms.get(target.path, [])
        names = {m: [n for _, f in seen if f.method == m for n in f.names] for m in METHODS}
        return {
            "GET": list(dict.fromkeys([*QUERY_KEYS.get(target.route.name, []), *names["GET"]])),
            "POST": list(dict.fromkeys([*POST_KEYS.get(target.route.name, []), *names["POST"]])),
        }

    def bad_values(self, real: list[Target]) -> None:
        """4. Bad values in the keys each view reads. Where a person gets past the door (the
        plain request was not a redirect, 403, 404 or 405), one person (the one the form was
        shown to, else the first) sends each key with bad values: every bad value in a key
        the view reads itself (QUERY_KEYS, POST_KEYS, and every field of HAND_PARSED views,
        with each kind of form the pages show) the first time a route shows that set of
        keys; three rotating ones in a Django form's field (the form checks them all alike)
        or in keys seen before; every bad file in a file field or ENCODED key. The others
        who get past the door send one rotating bad value per key. Elsewhere one request
        carries a bad value in every key. And on each route's first real URL one HEAD, and
        a GET and a POST with every key any view reads."""
        values = itertools.cycle(BAD_VALUES)
        done: set[tuple[Route, str, tuple]] = set()
        strangers: set[Route] = set()
        for target in real:
            keys = self.keys(target)
            name = target.route.name
            own = {*QUERY_KEYS.get(name, []), *POST_KEYS.get(name, [])}
            for method in ("GET", "POST"):
                if not keys[method]:
                    continue
                deep = [r for r in ROLES if self.statuses[target.path, r, method] not in SHALLOW]
                full = self._full(target, method, deep)
                for role in ROLES:
                    blank = FormSeen(action=target.path, method=method)
                    forms = self.own_forms(target.path, role) if method == "POST" else [blank]
                    if role not in deep:
                        spoilt = {key: next(values) for key in keys[method]}
                        self.fuzzer.send(role, method, target, spoilt, form=forms[0].values)
                        continue
                    for seen in forms if name in HAND_PARSED else forms[:1]:
                        form = seen.values
                        mine = keys[method] if name not in HAND_PARSED else [*own, *seen.names]
                        mine = list(dict.fromkeys(k for k in mine if k not in NOT_FUZZED))
                        fresh = (target.route, method, tuple(mine)) not in done
                        if role in full:
                            done.add((target.route, method, tuple(mine)))
                        for key in mine:
                            if role not in full:
                                bad = [next(values)]
                            elif fresh and (key in own or name in HAND_PARSED):
                                bad = list(BAD_VALUES)
                            else:
                                bad = [next(values) for _ in range(3)]
                            for each in bad:
                                self.fuzzer.send(role, method, target, {key: each}, form=form)
                    if role in full and method == "POST":
                        self._bad_files(target, role, forms[0].values)
            if target.route in strangers:
                continue
            strangers.add(target.route)
            spoilt = {key: next(values) for key in keys["GET"] or ["next"]}
            self.fuzzer.send(self.rotating_role(), "HEAD", target, spoilt)
            for method in ("GET", "POST"):
                spoilt = {key: next(values) for key in EVERY_KEY}
                self.fuzzer.send(self.rotating_role(), method, target, spoilt)

    def _bad_files(self, target: Target, role: str, form: list[tuple[str, str]]) -> None:
        """Every bad file in each file field of the forms posting here (and in the ENCODED
        key, as base64)."""
        seen = self.forms.get(target.path, [])
        fields = list(dict.fromkeys(n for _, f in seen if f.method == "POST" for n in f.files))
        for key in fields:
            for name in BAD_FILES:
                self.fuzzer.send(role, "POST", target, {key: f"file: {name}"}, form=form)
        if key := ENCODED.get(target.route.name):
            for name in BAD_FILES:
                self.fuzzer.send(role, "POST", target, {key: f"base64: {name}"}, form=form)

    def _full(self, target: Target, method: str, deep: list[str]) -> list[str]:
        """Who sends every bad value: the first person the form was shown to and for whom
        its own values worked (the seated player, not a watcher), else the first shown it,
        else the first who got past the door."""
        shown = [r for r in deep if self._shown(target, r, method)]
        worked = [r for r in shown if self.statuses.get((target.path, r, "form"), 200) < 400]
        return (worked or shown or deep)[:1]

    def _shown(self, target: Target, role: str, method: str) -> bool:
        if method == "GET":
            return self.statuses[target.path, role, "GET"] == 200
        return any(who == role and f.method == "POST" for who, f in self.forms.get(target.path, []))


@pytest.fixture
def plain_templates(monkeypatch):
    """Templates rendered as in production: the test runner's instrumented rendering copies
    every context for the client (response.context), which the sweep never reads and which
    costs a third of its time."""
    monkeypatch.setattr(Template, "_render", _TestState.saved_data.template_render)


def test_no_url_answers_5xx_to_odd_input(world, settings, capsys, caplog, plain_templates):
    settings.GAMES_STREAM_SECONDS = 0  # the live stream is never read here, but never wait
    for logger in ("django.request", "django.security"):  # thousands of 404s and 400s
        caplog.set_level(logging.CRITICAL, logger=logger)
    started = time.monotonic()
    routes = every_route()
    every = [target for route in routes for target in _targets(world, route)]
    real = [target for target in every if target.real]
    sweep = Sweep(Fuzzer(_clients(world)))
    sweep.crawl(real)
    sweep.plain(real)
    sweep.bad_paths([target for target in every if not target.real], real)
    sweep.bad_values(real)
    fuzzer = sweep.fuzzer
    seconds = time.monotonic() - started
    histogram = ", ".join(
        f"{status}: {count}"
        for status, count in sorted(fuzzer.histogram.items(), key=lambda item: str(item[0]))
    )
    with capsys.disabled():
        print(f"\nFuzz: {fuzzer.sent} requests, {len(routes)} URL patterns, {len(every)} URLs, "
              f"{seconds:.1f} s on {connection.vendor}.\nStatuses: {histogram}")  # fmt: skip
    assert fuzzer.values_sent == set(BAD_VALUES), "every bad value is tried somewhere"
    every_case = {(route.name, role, method) for route in routes for role in ROLES
                  for method in METHODS}  # fmt: skip
    assert fuzzer.covered == every_case, "every URL pattern, person and method at least once"
    assert not fuzzer.failures, report(fuzzer)


# --- the fixes the sweep asked for, one by one -----------------------------------------------

BEYOND = str(MAX_ID + 1)


@pytest.mark.parametrize(
    ("who", "method", "path"),
    [
        ("student", "GET", "/matches/{id}/"),
        ("teacher", "GET", "/matches/{id}/board/"),
        ("student", "GET", "/matches/{id}/events/"),
        ("student", "POST", "/matches/{id}/move/"),  # the service queried before any check
        ("teacher", "POST", "/matches/{id}/move/"),
        ("student", "POST", "/matches/{id}/give-up/"),
        ("student", "POST", "/matches/{id}/join/"),
        ("teacher", "GET", "/matches/{id}/replay/"),
        ("teacher", "GET", "/classes/{id}/"),
        ("teacher", "GET", "/classes/{class_id}/students/{id}/"),
        ("teacher", "GET", "/classes/{class_id}/assignments/{id}/"),
    ],
)
def test_an_id_no_row_could_have_is_404_not_500(client, student, who, method, path):
    """SQLite cannot bind an int beyond 64 bits (OverflowError, a 500): the access helpers
    answer 404 before any query."""
    person = student.user if who == "student" else student.classroom.teacher
    backend = f"classrooms.auth.{'Student' if who == 'student' else 'Teacher'}Backend"
    client.force_login(person, backend=backend)
    url = path.format(id=BEYOND, class_id=student.classroom_id)
    data = {"version": "1", "type": "draw"}
    response = client.post(url, data) if method == "POST" else client.get(url)
    assert response.status_code == 404


@pytest.mark.parametrize(
    ("text", "expected"),
    [("12", 12), ("0", 0), ("²", None), ("٣", None), ("-1", None), ("1.5", None), ("", None),
     (None, None), (" 1", None), (str(MAX_ID), MAX_ID), (BEYOND, None), ("9" * 5000, None)],
)  # fmt: skip
def test_query_id_takes_only_an_id(text, expected):
    assert query_id(text) == expected


@pytest.mark.parametrize("value", ["²", "٣", BEYOND, "-1", "\x00"])
def test_how_to_play_takes_an_odd_game_number_as_none(student_client, value):
    response = student_client.get("/play/multiplication/how/", {"match": value})
    assert response.status_code == 200


# --- every game's moves, straight to its rules ------------------------------------------------

BAD_JSON: dict[str, object] = {
    "null": None,
    "true": True,
    "minus one": -1,
    "zero": 0,
    "beyond bigint": 2**70,
    "5000 digits": 10**5000,  # str() of it raises ValueError
    "decimal": 1.5,
    "nan": math.nan,
    "infinity": math.inf,
    "list": [1, 2],
    "object": {"a": 1},
    "10 000 letters": "x" * 10_000,
    "NUL": "\x00",
    "superscript two": "²",
    "arabic-indic three": "٣",
    "empty": "",
}


def _move_examples(game: Game) -> list[tuple[dict, int, dict]]:
    """(state, player, move JSON) for each shape of move (its type and fields) the game
    offers along its Learn to play script and in a fresh default game, first state first."""
    script = game.learn_to_play()
    state = game.new_game(script.settings, script.players, script.seed)
    states = [(state, script.players)]
    for step in script.steps:
        try:
            if step.seat == CLOCK:
                state = game.apply_timeout(state)
            else:
                for data in step.moves if step.all_of else step.moves[:1]:
                    state = game.apply_move(state, step.seat, game.parse_move(data))
        except IllegalMove:  # an all_of step in an order the rules refuse: go on from here
            continue
        states.append((state, script.players))
    players = max(game.min_players, 2) if game.max_players > 1 else 1
    states.append((game.new_game(game.default_settings(), players, 7), players))
    shapes: dict[tuple, tuple[dict, int, dict]] = {}
    for state, count in states:
        for player in range(count):
            for move in game.legal_moves(state, player):
                data = move.to_json()
                shapes.setdefault((data.get("type"), *sorted(data)), (state, player, data))
    # Kinds of move no state above offers (a card played rarely): their fields, zeros.
    package = type(game).__module__.rsplit(".", 1)[0]
    seen = {shape[0] for shape in shapes}
    for kind in _subclasses(Move):
        name = getattr(kind, "type", None)
        if kind.__module__.startswith(package) and isinstance(name, str) and name not in seen:
            data = {"type": name, **{f.name: 0 for f in fields(kind)}}
            shapes[(name,)] = (states[-1][0], 0, data)
    return list(shapes.values())


def _subclasses(cls: type) -> list[type]:
    return [sub for each in cls.__subclasses__() for sub in [each, *_subclasses(each)]]


def _try_move(game: Game, state: dict, player: int, data: object) -> None:
    """What the platform does with a posted move: parse it, apply it, log and learn from it
    (refused or not). Only IllegalMove may come out."""
    try:
        move = game.parse_move(data)
    except IllegalMove:
        return
    before = copy.deepcopy(state)
    try:
        after = game.apply_move(before, player, move)
    except IllegalMove as error:
        game.learning_events(state, player, move, error)
        return
    game.describe(state, player, move)
    game.learning_events(state, player, move, after)
    json.dumps(move.to_json())


@pytest.mark.parametrize("slug", [game.slug for game in all_games()])
def test_every_move_field_refuses_odd_values_with_a_reason(slug):
    """Each field of each kind of move, posted with bad text (as the board's form sends it,
    through move_data_from_post) or given bad JSON (as a stored log is read back), missing,
    or with a field added: the rules answer IllegalMove (a reason for the child) or a move,
    never another exception."""
    game = get_game(slug)
    failures, tried = [], 0
    for state, player, example in _move_examples(game):
        posted = {key: str(value) for key, value in example.items()}
        cases: list[tuple[str, object]] = [("added field", {**example, "zz": "1"})]
        for key in example:
            cases.append((f"{key} missing", {k: v for k, v in example.items() if k != key}))
            for name, value in BAD_JSON.items():
                cases.append((f"{key}={name} (JSON)", {**example, key: value}))
            for name, value in BAD_VALUES.items():
                post = QueryDict(mutable=True)
                post.update(posted)
                value = "\ufffd\ufffd" if value is UNDECODABLE else value  # as Django reads it
                post.setlist(key, LIST_VALUES if value is LIST else [value])
                cases.append((f"{key}={name} (posted)", move_data_from_post(post)))
        for label, data in cases:
            tried += 1
            try:
                _try_move(game, state, player, data)
            except Exception as error:
                failures.append(
                    f"{example} with {label}: {type(error).__name__}: {str(error)[:120]} "
                    f"at {where(error)}"
                )
    assert tried > 50, f"{slug}: too few moves found to try"
    assert not failures, f"{len(failures)} of {tried} odd moves of {slug} raised:\n" + "\n".join(
        failures[:40]
    )
