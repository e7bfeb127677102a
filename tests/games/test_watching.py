"""Classmates watch each other's games when the teacher allows it: as spectators, who never
see a hand and cannot move."""

import re

import pytest
from django.urls import reverse

from games import services
from games.engine import SPECTATOR
from games.models import Match

from .conftest import GAME, bots_until_human

HTMX = {"HTTP_HX_REQUEST": "true"}
WATCH_URLS = ("match_detail", "match_board", "match_events")


@pytest.fixture
def ben_client(client, ben):
    client.force_login(ben.user, backend="classrooms.auth.StudentBackend")
    return client


def _allow(classroom, allowed: bool = True) -> None:
    classroom.allow_watching = allowed
    classroom.save()


def test_the_teacher_switches_watching_on_and_off_in_the_class_settings(teacher_client, classroom):
    url = reverse("class_settings", args=[classroom.pk])
    page = teacher_client.get(url).content.decode()
    assert "Classmates may watch each other&#x27;s games" in page
    box = re.search(r'<input[^>]*name="allow_watching"[^>]*>', page)
    assert box and "checked" not in box.group(0)
    data = {"name": "Class 4A", "sign_in_method": "pictures", "allow_watching": "on"}
    assert teacher_client.post(url, data).status_code == 302
    classroom.refresh_from_db()
    assert classroom.allow_watching
    box = re.search(
        r'<input[^>]*name="allow_watching"[^>]*>', teacher_client.get(url).content.decode()
    )
    assert "checked" in box.group(0)
    del data["allow_watching"]  # an unticked box sends nothing
    teacher_client.post(url, data)
    classroom.refresh_from_db()
    assert not classroom.allow_watching


def test_with_watching_off_a_classmate_sees_no_game_and_gets_404(ben_client, bot_match):
    assert "Games being played" not in ben_client.get(reverse("lobby")).content.decode()
    for name in WATCH_URLS:
        assert ben_client.get(reverse(name, args=[bot_match.pk])).status_code == 404, name


def test_with_watching_on_the_lobby_lists_the_class_games_being_played(
    ben_client, classroom, bot_match, student, ben
):
    _allow(classroom)
    waiting = services.match_create(
        game=GAME,
        settings={},
        classroom=classroom,
        seats=[services.SeatSpec(student=student), services.SeatSpec()],
        host=student,
    )
    practice = services.match_create(
        game=GAME,
        settings={},
        classroom=classroom,
        seats=[services.SeatSpec(student=student), services.SeatSpec(bot="easy")],
        host=student,
    )
    Match.objects.filter(pk=practice.pk).update(mode=Match.Mode.LEARN)
    own = services.match_create(
        game=GAME,
        settings={},
        classroom=classroom,
        seats=[services.SeatSpec(student=ben), services.SeatSpec(bot="easy")],
        host=ben,
    )
    html = ben_client.get(reverse("lobby")).content.decode()
    assert "Games being played" in html
    watch = reverse("match_detail", args=[bot_match.pk])
    assert f'id="watch-{bot_match.pk}" class="button" href="{watch}">Watch' in html
    assert f'id="watch-{practice.pk}"' not in html  # a Learn to play round is nobody's show
    assert f'id="watch-{own.pk}"' not in html  # Ben's own game is on his Play page
    assert reverse("match_detail", args=[waiting.pk]) in html  # the open table, as before
    refreshed = ben_client.get(reverse("lobby"), **HTMX).content.decode()
    assert "<html" not in refreshed and f'id="watch-{bot_match.pk}"' in refreshed


def test_a_watching_classmate_never_sees_a_hand(ben_client, classroom, bot_match, rules):
    _allow(classroom)
    match = bots_until_human(bot_match)
    hands = [rules.view(match.state, seat)["hand"] for seat in range(3)]
    assert all(hands)
    for name in ("match_detail", "match_board"):
        response = ben_client.get(reverse(name, args=[match.pk]))
        assert response.status_code == 200
        assert response.context["me"] is None
        assert response.context["view"] == rules.view(match.state, SPECTATOR)
        html = response.content.decode()
        assert "Your cards" not in html and 'class="mg-card pick' not in html
        for hand in hands:
            for card in hand:
                assert f'data-card="{card}"' not in html
        assert "Give up" not in html and "Join this table" not in html
    stream = ben_client.get(reverse("match_events", args=[match.pk]))
    assert stream.status_code == 200
    stream.close()


def test_a_watching_classmate_cannot_move_or_take_a_seat(ben_client, classroom, bot_match, rules):
    _allow(classroom)
    match = bots_until_human(bot_match)
    version = match.version
    move = rules.legal_moves(match.state, rules.current_player(match.state))[0].to_json()
    move_url = reverse("match_move", args=[match.pk])
    assert ben_client.post(move_url, {**move, "version": version}).status_code == 403
    assert ben_client.post(move_url, {**move, "version": version}, **HTMX).status_code == 403
    for name in ("match_join", "match_start", "match_give_up", "match_leave"):
        assert ben_client.post(reverse(name, args=[match.pk])).status_code in (
            400,
            403,
            404,
            409,
        ), name
    match.refresh_from_db()
    assert match.version == version and match.seats.count() == 3
    assert not match.seats.filter(student__name="Ben").exists()


def test_a_watcher_sees_the_end_of_the_game(ben_client, classroom, bot_match):
    _allow(classroom)
    Match.objects.filter(pk=bot_match.pk).update(status=Match.Status.FINISHED)
    response = ben_client.get(reverse("match_detail", args=[bot_match.pk]))
    assert response.status_code == 200 and "Game over" in response.content.decode()


def test_watching_is_for_classmates_and_class_games_only(
    client, classroom, bot_match, make_teacher, ben
):
    from classrooms import services as roster

    _allow(classroom)
    other_teacher = make_teacher(email="other@school.test")
    other = roster.classroom_create(teacher=other_teacher, name="Other", sign_in_method="pictures")
    other.allow_watching = True
    other.save()
    zed = roster.student_create(classroom=other, name="Zed")
    client.force_login(zed.user, backend="classrooms.auth.StudentBackend")
    for name in WATCH_URLS:
        assert client.get(reverse(name, args=[bot_match.pk])).status_code == 404, name
    assert "Games being played" in client.get(reverse("lobby")).content.decode()
    assert reverse("match_detail", args=[bot_match.pk]) not in (
        client.get(reverse("lobby")).content.decode()
    )
    client.force_login(ben.user, backend="classrooms.auth.StudentBackend")
    for mode in (Match.Mode.LEARN, Match.Mode.PRACTICE):
        Match.objects.filter(pk=bot_match.pk).update(mode=mode)
        assert client.get(reverse("match_detail", args=[bot_match.pk])).status_code == 404
    Match.objects.filter(pk=bot_match.pk).update(mode=Match.Mode.GAME)
    assert client.get(reverse("match_detail", args=[bot_match.pk])).status_code == 200
    _allow(classroom, False)
    assert client.get(reverse("match_detail", args=[bot_match.pk])).status_code == 404
