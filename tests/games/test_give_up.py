"""Giving up: "Are you sure?" first; a given-up game meets no goal; classmates play on."""

import pytest
from django.urls import reverse

from games import services
from games.models import Match

from .conftest import GAME


def _url(match):
    return reverse("match_give_up", args=[match.pk])


def test_giving_up_asks_are_you_sure_first(student_client, bot_match):
    page = student_client.get(_url(bot_match))
    assert page.status_code == 200
    assert "Are you sure you want to give up?" in page.content.decode()
    bot_match.refresh_from_db()
    assert bot_match.status == Match.Status.PLAYING  # asking changed nothing
    board = student_client.get(reverse("match_detail", args=[bot_match.pk])).content.decode()
    assert _url(bot_match) in board


def test_giving_up_against_bots_closes_the_game(student_client, bot_match):
    response = student_client.post(_url(bot_match))
    assert response.status_code == 302
    bot_match.refresh_from_db()
    assert bot_match.status == Match.Status.ABANDONED
    assert bot_match.outcome["reason"] == "gave up"
    seat = bot_match.seats.get(index=0)
    assert seat.gave_up and not seat.won
    board = student_client.get(reverse("match_detail", args=[bot_match.pk])).content.decode()
    assert "You left this game" in board and "does not count" in board


def test_with_a_classmate_at_the_table_a_bot_plays_on(student, ben):
    match = services.match_create(
        game=GAME,
        settings={},
        classroom=student.classroom,
        seats=[services.SeatSpec(student=student), services.SeatSpec(student=ben)],
        host=student,
        seed=7,
    )
    services.match_give_up(match_id=match.pk, player=student)
    match.refresh_from_db()
    assert match.status == Match.Status.PLAYING
    seat = match.seats.get(index=0)
    assert seat.gave_up and seat.bot_stand_in and seat.bot and seat.is_bot_turn_player
    services.seat_seen(seat=seat)  # coming back does not take the seat back
    seat.refresh_from_db()
    assert seat.bot_stand_in
    with pytest.raises(services.MatchError, match="gave up"):
        services.match_play(
            match_id=match.pk, player=student, move={"type": "draw"}, version=match.version
        )


def test_give_up_is_refused_to_watchers_and_strangers(teacher_client, bot_match, ben, client):
    assert teacher_client.post(_url(bot_match)).status_code == 404
    client.force_login(ben.user, backend="classrooms.auth.StudentBackend")
    assert client.post(_url(bot_match)).status_code == 404
    bot_match.refresh_from_db()
    assert bot_match.status == Match.Status.PLAYING


def test_giving_up_twice_or_after_the_end_changes_nothing(student_client, bot_match):
    student_client.post(_url(bot_match))
    bot_match.refresh_from_db()
    version = bot_match.version
    response = student_client.post(_url(bot_match))
    assert response.status_code == 400
    bot_match.refresh_from_db()
    assert bot_match.version == version


def test_a_live_board_update_takes_the_give_up_button_away_when_the_game_ends(
    student_client, bot_match
):
    """The button is in the page's header, outside the board: each htmx board carries it
    out of band, so it goes when the game ends without a reload."""
    url = reverse("match_board", args=[bot_match.pk])
    playing = student_client.get(url, HTTP_HX_REQUEST="true").content.decode()
    assert '<span id="give-up-slot" hx-swap-oob="true"><a ' in playing
    assert _url(bot_match) in playing
    Match.objects.filter(pk=bot_match.pk).update(status=Match.Status.FINISHED, version=99)
    ended = student_client.get(url, HTTP_HX_REQUEST="true").content.decode()
    assert '<span id="give-up-slot" hx-swap-oob="true"></span>' in ended
    page = student_client.get(reverse("match_detail", args=[bot_match.pk])).content.decode()
    assert '<span id="give-up-slot"></span>' in page  # the slot the update swaps
