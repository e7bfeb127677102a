"""Match pages: starting, playing over HTTP (htmx and plain), live updates, watching, replay."""

import pytest
from django.urls import reverse

from classrooms import services as roster
from games import services
from games.models import Match

from .conftest import GAME, bots_until_human

HTMX = {"HTTP_HX_REQUEST": "true"}


@pytest.fixture
def ana_client(client, student):
    client.force_login(student.user, backend="classrooms.auth.StudentBackend")
    return client


def test_the_play_page_lists_games_and_starts_a_match_against_bots(ana_client, student):
    page = ana_client.get(reverse("game_list")).content.decode()
    assert "The Multiplication Game" in page and "Nothing assigned" in page
    response = ana_client.post(
        reverse("match_new", args=[GAME]),
        {"setting_free_cards": "2", "seat_1": "easy", "seat_2": "strong"},
    )
    match = Match.objects.get()
    assert response.url == reverse("match_detail", args=[match.pk])
    assert match.status == "playing" and match.settings == {"free_cards": 2, "product": "hidden"}
    assert [s.bot for s in match.seats.all()] == ["", "easy", "strong"]


@pytest.mark.parametrize(
    "data",
    [
        {"setting_free_cards": "2"},  # nobody else
        {"setting_free_cards": "7", "seat_1": "easy"},
        {"setting_free_cards": "0", "seat_1": "wizard"},
    ],
)
def test_a_bad_new_match_form_answers_422_and_creates_nothing(ana_client, data):
    response = ana_client.post(reverse("match_new", args=[GAME]), data)
    assert response.status_code == 422
    assert not Match.objects.exists()


def test_an_unknown_game_is_404(ana_client):
    assert ana_client.get(reverse("match_new", args=["chess"])).status_code == 404


def test_the_board_shows_my_hand_only(ana_client, bot_match, student, rules):
    response = ana_client.get(reverse("match_detail", args=[bot_match.pk]))
    assert response.status_code == 200
    view = response.context["view"]
    assert view == rules.view(bot_match.state, 0)
    assert "Your cards" in response.content.decode()


def test_the_board_endpoint_answers_204_when_nothing_changed(ana_client, bot_match):
    url = reverse("match_board", args=[bot_match.pk])
    assert ana_client.get(url, {"v": bot_match.version}, **HTMX).status_code == 204
    response = ana_client.get(url, {"v": bot_match.version - 1}, **HTMX)
    page = response.content.decode()
    assert response.status_code == 200 and 'id="board"' in page and "<html" not in page


def _move_url(match):
    return reverse("match_move", args=[match.pk])


def test_a_legal_move_over_htmx_returns_the_new_board(ana_client, bot_match, rules):
    match = bots_until_human(bot_match)
    response = ana_client.post(_move_url(match), {"type": "draw", "version": match.version}, **HTMX)
    assert response.status_code == 200
    match.refresh_from_db()
    assert match.move_count >= 1 and match.moves.filter(by_bot=False).count() == 1


def test_a_legal_move_without_javascript_redirects_to_the_match(ana_client, bot_match):
    match = bots_until_human(bot_match)
    response = ana_client.post(_move_url(match), {"type": "draw", "version": match.version})
    assert response.url == reverse("match_detail", args=[match.pk])


def test_an_illegal_move_answers_422_with_the_reason_and_changes_nothing(ana_client, bot_match):
    match = bots_until_human(bot_match)
    card = next(c for c in match.state["hands"][0] if c not in ("free", 1))
    data = {"type": "discard", "card": card, "a": "1", "b": "1", "version": match.version}
    response = ana_client.post(_move_url(match), data, **HTMX)
    assert response.status_code == 422
    assert f"{card} is not 1 × 1" in response.content.decode()
    assert Match.objects.get(pk=match.pk).version == match.version


def test_a_stale_move_answers_409_with_the_fresh_board(ana_client, bot_match):
    match = bots_until_human(bot_match)
    data = {"type": "draw", "version": match.version - 1}
    response = ana_client.post(_move_url(match), data, **HTMX)
    assert response.status_code == 409
    assert "board changed" in response.content.decode()
    assert Match.objects.get(pk=match.pk).version == match.version


@pytest.mark.parametrize(
    "data",
    [{"type": "draw"}, {"type": "draw", "version": "abc"}, {"type": "x" * 5000, "version": "1"}],
)
def test_garbage_moves_answer_4xx(ana_client, bot_match, data):
    match = bots_until_human(bot_match)
    response = ana_client.post(_move_url(match), data, **HTMX)
    assert 400 <= response.status_code < 500
    assert Match.objects.get(pk=match.pk).version == match.version


def test_the_live_stream_carries_only_version_numbers(ana_client, bot_match, settings):
    settings.GAMES_STREAM_SECONDS = 1
    response = ana_client.get(reverse("match_events", args=[bot_match.pk]))
    assert response["Content-Type"] == "text/event-stream"
    body = b"".join(response.streaming_content).decode()
    assert body.startswith("retry: 1000\n\n")
    assert f"event: version\ndata: {bot_match.version}\n\n" in body
    assert "hand" not in body


def test_published_versions_reach_listeners(bot_match):
    import threading
    import time

    from games import live

    received = []

    def listen():
        for version in live.versions(bot_match.pk, seconds=3, tick=10):
            received.append(version)
            break

    listener = threading.Thread(target=listen)
    listener.start()
    time.sleep(0.3)
    live.publish(bot_match.pk, 99)
    listener.join(timeout=5)
    assert received == [99]


def test_the_teacher_watches_without_seeing_any_hand(teacher_client, bot_match, rules):
    response = teacher_client.get(reverse("match_detail", args=[bot_match.pk]))
    assert response.status_code == 200
    assert response.context["view"] == rules.view(bot_match.state, None)
    assert response.context["view"]["hand"] is None
    assert "Your cards" not in response.content.decode()


def test_teachers_cannot_move(teacher_client, bot_match):
    response = teacher_client.post(_move_url(bot_match), {"type": "draw", "version": 1})
    assert response.status_code == 403


def test_outsiders_get_404_on_every_match_url(client, bot_match, make_teacher, ben):
    other_teacher = make_teacher(email="other@school.test")
    urls = [
        reverse(name, args=[bot_match.pk])
        for name in ("match_detail", "match_board", "match_events", "match_replay")
    ]
    posts = [reverse(name, args=[bot_match.pk]) for name in ("match_move", "match_join")]
    client.force_login(other_teacher, backend="classrooms.auth.TeacherBackend")
    for url in urls:
        assert client.get(url).status_code == 404, url
    other = roster.classroom_create(teacher=other_teacher, name="Other", sign_in_method="pictures")
    zed = roster.student_create(classroom=other, name="Zed")
    for outsider in (zed, ben):  # another class; a classmate who is not playing
        client.force_login(outsider.user, backend="classrooms.auth.StudentBackend")
        for url in urls:
            assert client.get(url).status_code in (403, 404), url
        for url in posts:
            assert client.post(url, {"type": "draw", "version": 1}).status_code in (403, 404)
    assert Match.objects.get(pk=bot_match.pk).version == bot_match.version


def test_a_classmate_joins_a_table_from_the_lobby_and_the_host_starts(client, student, ben):
    match = services.match_create(
        game=GAME,
        settings={},
        classroom=student.classroom,
        seats=[services.SeatSpec(student=student), services.SeatSpec()],
        host=student,
    )
    client.force_login(ben.user, backend="classrooms.auth.StudentBackend")
    lobby = client.get(reverse("lobby")).content.decode()
    assert reverse("match_detail", args=[match.pk]) in lobby
    assert (
        "Join this table" in client.get(reverse("match_detail", args=[match.pk])).content.decode()
    )
    client.post(reverse("match_join", args=[match.pk]))
    assert match.seats.filter(student=ben).exists()
    assert client.post(reverse("match_start", args=[match.pk])).status_code == 403
    client.force_login(student.user, backend="classrooms.auth.StudentBackend")
    client.post(reverse("match_start", args=[match.pk]))
    assert Match.objects.get(pk=match.pk).status == "playing"


def test_replay_steps_through_a_finished_match(teacher_client, bot_match, student, rules):
    from .test_services import play_first_legal

    match = bot_match
    for _ in range(700):
        match = bots_until_human(match)
        if match.status == "finished":
            break
        play_first_legal(match, student, rules)
    url = reverse("match_replay", args=[match.pk])
    start = teacher_client.get(url, {"step": 0})
    assert start.status_code == 200 and start.context["step"] == 0
    assert start.context["view"] == rules.view(rules.new_game(match.settings, 3, match.seed), None)
    end = teacher_client.get(url)
    assert end.context["step"] == match.move_count
    assert end.context["view"] == rules.view(match.state, None)
    assert teacher_client.get(url, {"step": "x"}).status_code == 404
    games_page = teacher_client.get(reverse("class_matches", args=[match.classroom_id]))
    assert url in games_page.content.decode()


def test_replay_of_an_unfinished_match_is_refused(teacher_client, bot_match):
    assert teacher_client.get(reverse("match_replay", args=[bot_match.pk])).status_code == 403


def test_assignment_flow(teacher_client, classroom, student, rules):
    from django.test import Client

    client = Client()
    url = reverse("assignment_new", args=[classroom.pk, GAME])
    response = teacher_client.post(
        url,
        {
            "setting_free_cards": "1",
            "setting_product": "hidden",
            "goal": "finish",
            "goal_count": "1",
        },
    )
    assert response.status_code == 302
    assignment = classroom.assignments.get()
    assert assignment.settings == {"free_cards": 1, "product": "hidden"}
    client.force_login(student.user, backend="classrooms.auth.StudentBackend")
    page = client.get(reverse("game_list")).content.decode()
    assert "Finish 1 game" in page and "0 of 1" in page
    new = client.get(reverse("match_new", args=[GAME]), {"assignment": assignment.pk})
    assert "setting_free_cards" not in new.content.decode()  # the teacher chose the settings
    client.post(
        reverse("match_new", args=[GAME]) + f"?assignment={assignment.pk}", {"seat_1": "easy"}
    )
    match = Match.objects.get()
    assert match.assignment == assignment and match.settings == {
        "free_cards": 1,
        "product": "hidden",
    }
    from .test_services import play_first_legal

    for _ in range(700):
        match = bots_until_human(match)
        if match.status == "finished":
            break
        play_first_legal(match, student, rules)
    page = client.get(reverse("game_list")).content.decode()
    assert "1 of 1" in page and "done!" in page
    detail = teacher_client.get(reverse("assignment_detail", args=[classroom.pk, assignment.pk]))
    assert "✓ Met" in detail.content.decode()


@pytest.mark.parametrize(
    "data",
    [
        {"setting_free_cards": "5", "goal": "finish", "goal_count": "1"},
        {"setting_free_cards": "0", "goal": "lose", "goal_count": "1"},
        {"setting_free_cards": "0", "goal": "win", "goal_count": "0"},
        {"setting_free_cards": "0", "goal": "win", "goal_count": "2", "students": ["999"]},
    ],
)
def test_bad_assignments_answer_422(teacher_client, classroom, data):
    url = reverse("assignment_new", args=[classroom.pk, GAME])
    assert teacher_client.post(url, data).status_code == 422
    assert not classroom.assignments.exists()


def test_another_teacher_cannot_see_or_make_assignments(client, classroom, make_teacher):
    client.force_login(
        make_teacher(email="x@school.test"), backend="classrooms.auth.TeacherBackend"
    )
    for name in ("class_assignments", "class_matches"):
        assert client.get(reverse(name, args=[classroom.pk])).status_code == 404
    url = reverse("assignment_new", args=[classroom.pk, GAME])
    assert client.post(url, {"goal": "win", "goal_count": "1"}).status_code == 404


def test_the_stream_holds_no_thread_under_asgi(bot_match, student, settings):
    """Under ASGI (uvicorn) the same URL streams from the event loop."""
    from asgiref.sync import async_to_sync
    from django.test import AsyncClient

    settings.GAMES_STREAM_SECONDS = 1

    async def read():
        client = AsyncClient()
        await client.aforce_login(student.user, backend="classrooms.auth.StudentBackend")
        response = await client.get(reverse("match_events", args=[bot_match.pk]))
        assert response.is_async
        return response, b"".join([chunk async for chunk in response.streaming_content])

    response, body = async_to_sync(read)()
    assert response["Content-Type"] == "text/event-stream"
    assert body.decode().startswith(f"retry: 1000\n\nevent: version\ndata: {bot_match.version}")


def test_lists_name_each_games_settings(ana_client, teacher, bot_match, student):
    """The play page, class tables and the teacher's list say which settings a game uses."""
    from django.test import Client

    teacher_client = Client()
    teacher_client.force_login(teacher, backend="classrooms.auth.TeacherBackend")
    services.match_create(
        game=GAME,
        settings={"free_cards": 2},
        classroom=student.classroom,
        seats=[services.SeatSpec(student=student), services.SeatSpec()],
        host=student,
    )
    assert "1 free card" in ana_client.get(reverse("game_list")).content.decode()
    assert "2 free cards" in ana_client.get(reverse("lobby")).content.decode()
    page = teacher_client.get(reverse("class_matches", args=[student.classroom_id]))
    assert "1 free card" in page.content.decode() and "2 free cards" in page.content.decode()


@pytest.mark.parametrize("value", ["²", "١٢", "12345678901234567890", "1e3", "-1", " 1"])
def test_an_odd_assignment_number_is_no_assignment_never_a_500(ana_client, value):
    response = ana_client.get(reverse("match_new", args=["multiplication"]), {"assignment": value})
    assert response.status_code == 200
    assert "For your teacher" not in response.content.decode()


def test_a_student_cannot_play_for_an_assignment_that_is_not_theirs(
    ana_client, classroom, ben, student
):
    from games.assignments import assignment_create

    theirs = assignment_create(
        classroom=classroom, game="multiplication", settings={}, goal="finish", goal_count=1,
        students=[ben],
    )  # fmt: skip
    url = reverse("match_new", args=["multiplication"])
    assert ana_client.get(url, {"assignment": theirs.pk}).status_code == 404
    assert ana_client.post(f"{url}?assignment={theirs.pk}", {"seat_1": "easy"}).status_code == 404
    everyone = assignment_create(
        classroom=classroom, game="multiplication", settings={}, goal="finish", goal_count=1
    )
    assert ana_client.get(url, {"assignment": everyone.pk}).status_code == 200
