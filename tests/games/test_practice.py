"""Teachers play: any game against bots with any setting, never counted for any student."""

import pytest
from django.urls import reverse

from classrooms import services as roster
from games.engine import all_games
from games.models import LearningRecord, Match

from .conftest import GAME, bots_until_human


def _start(client, slug=GAME, **fields):
    data = {"seat_1": "easy", "setting_free_cards": "0", "setting_product": "hidden", **fields}
    return client.post(reverse("practice_new", args=[slug]), data)


def test_the_practice_page_lists_every_game(teacher_client):
    page = teacher_client.get(reverse("practice")).content.decode()
    for game in all_games():
        assert game.name in page
        assert reverse("practice_new", args=[game.slug]) in page
        assert reverse("game_rules", args=[game.slug]) in page


@pytest.mark.parametrize("game", all_games(), ids=lambda game: game.slug)
def test_a_teacher_starts_any_game_against_bots(teacher_client, teacher, game):
    form = teacher_client.get(reverse("practice_new", args=[game.slug]))
    assert form.status_code == 200
    assert "A classmate" not in form.content.decode()
    for spec in game.settings_fields():  # every setting, the assignment-only ones too
        assert spec["label"] in form.content.decode()
    others = max(game.min_players, min(2, game.max_players)) - 1  # the default settings' count
    data = {f"seat_{i}": "easy" for i in range(1, others + 1)}
    defaults = game.default_settings()
    for spec in game.settings_fields():
        if spec.get("type") != "slots":
            data[f"setting_{spec['name']}"] = str(defaults[spec["name"]])
    response = teacher_client.post(reverse("practice_new", args=[game.slug]), data)
    match = Match.objects.get()
    assert response.status_code == 302 and response.url == reverse("match_detail", args=[match.pk])
    assert match.mode == Match.Mode.PRACTICE and match.classroom_id is None
    assert match.seats.get(index=0).teacher == teacher
    board = teacher_client.get(response.url)
    assert board.status_code == 200 and "Practice (not counted)" in board.content.decode()


def test_a_teacher_plays_moves_and_nothing_is_recorded(teacher_client, classroom):
    _start(teacher_client)
    match = bots_until_human(Match.objects.get())  # the deal is random: a bot may start
    seat = match.seats.get(index=0)
    for _ in range(30):  # draw until it is someone else's turn (bots move inline in tests)
        match.refresh_from_db()
        if match.status != Match.Status.PLAYING:
            break
        response = teacher_client.post(
            reverse("match_move", args=[match.pk]), {"type": "draw", "version": match.version}
        )
        assert response.status_code in (302, 409, 422)
    assert match.moves.filter(seat=seat.index).exists()
    assert not LearningRecord.objects.exists()
    page = teacher_client.get(reverse("class_matches", args=[classroom.pk])).content.decode()
    assert reverse("match_detail", args=[match.pk]) not in page


def test_practice_settings_are_checked(teacher_client):
    response = _start(teacher_client, setting_free_cards="99")
    assert response.status_code == 422
    assert not Match.objects.exists()


def test_nobody_else_sees_a_teachers_practice_game(teacher_client, make_teacher, client, classroom):
    _start(teacher_client)
    match = Match.objects.get()
    other = make_teacher(email="other@school.test")
    client.force_login(other, backend="classrooms.auth.TeacherBackend")
    assert client.get(reverse("match_detail", args=[match.pk])).status_code == 404
    student = roster.student_create(classroom=classroom, name="Cleo")
    client.force_login(student.user, backend="classrooms.auth.StudentBackend")
    assert client.get(reverse("match_detail", args=[match.pk])).status_code == 404
    assert client.get(reverse("practice")).status_code == 403
    assert client.post(reverse("match_move", args=[match.pk]), {"version": 1}).status_code == 404


def test_a_teacher_opening_a_students_game_page_is_taken_to_practice(teacher_client):
    assert teacher_client.get(reverse("game_list")).url == reverse("practice")
    response = teacher_client.get(reverse("match_new", args=[GAME]))
    assert response.url == reverse("practice_new", args=[GAME])
