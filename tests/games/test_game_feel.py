"""Sounds: the board says which sound fits (a good set, a mistake, a win); each student's
switch is kept, and the class's default applies until they choose."""

from django.urls import reverse

from games import services
from games.engine import get_game

from .conftest import bots_until_human

HTMX = {"HTTP_HX_REQUEST": "true"}
RULES = get_game("multiplication")


def _move(client, match, data):
    url = reverse("match_move", args=[match.pk])
    return client.post(url, {**data, "version": match.version}, **HTMX)


def test_a_right_fact_sounds_good_and_a_refused_move_sounds_like_a_mistake(
    student_client, bot_match
):
    match = bots_until_human(bot_match)
    seat = RULES.current_player(match.state)
    good = next(m for m in RULES.legal_moves(match.state, seat) if m.type == "discard")
    wrong = {"type": "discard", "card": good.card, "a": 1, "b": 1}
    if good.a * good.b != 1:
        refused = _move(student_client, match, wrong)
        assert refused.status_code == 422 and 'data-sound="mistake"' in refused.content.decode()
    played = _move(student_client, match, good.to_json())
    assert played.status_code == 200
    events = RULES.learning_events(
        match.state, seat, good, RULES.apply_move(match.state, seat, good)
    )
    own = any(e.correct and not e.helped and e.kind == "fact" for e in events)
    assert ('data-sound="good"' in played.content.decode()) == own


def test_the_sound_switch_is_kept_per_student_with_the_class_default(
    student_client, student, classroom
):
    url = reverse("sound_switch")
    assert student.sound is None and classroom.sounds  # the class's default: on
    response = student_client.post(url, {"next": "/matches/1/"}, **HTMX)
    assert 'aria-pressed="false"' in response.content.decode()
    student.refresh_from_db()
    assert student.sound is False
    response = student_client.post(url, {"next": "/matches/1/"})
    student.refresh_from_db()
    assert student.sound is True and response.url == "/matches/1/"
    assert student_client.post(url, {"next": "https://evil.example/"}).url == reverse("home")
    assert student_client.get(url).status_code == 405


def test_a_class_with_sounds_off_starts_every_student_silent(student_client, student, classroom):
    classroom.sounds = False
    classroom.save()
    match = services.match_create(
        game="multiplication",
        settings={},
        classroom=classroom,
        seats=[services.SeatSpec(student=student), services.SeatSpec(bot="easy")],
        seed=2,
    )
    page = student_client.get(reverse("match_detail", args=[match.pk])).content.decode()
    assert "data-sound-switch" in page and 'aria-pressed="false"' in page


def test_the_teacher_sets_the_class_default_for_sounds(teacher_client, classroom):
    url = reverse("class_settings", args=[classroom.pk])
    assert 'name="sounds"' in teacher_client.get(url).content.decode()
    data = {"name": classroom.name, "sign_in_method": classroom.sign_in_method}
    assert teacher_client.post(url, data).status_code == 302  # the box left unticked: off
    classroom.refresh_from_db()
    assert classroom.sounds is False
    teacher_client.post(url, {**data, "sounds": "on"})
    classroom.refresh_from_db()
    assert classroom.sounds is True
