"""A move retried across a restart (issue 13): "give each move submission an id so a retried
POST answers 'your move was played' instead of a connection error followed by 409"."""

import re

from django.urls import reverse

from .conftest import bots_until_human

HTMX = {"HTTP_HX_REQUEST": "true"}


def _submission_of(page: str) -> str:
    found = re.search(r'hx-vals=\'\{"submission": "([0-9a-f]{32})"\}\'', page)
    assert found, "the board carries its submission id"
    return found.group(1)


def test_a_retried_move_is_answered_as_played_not_stale(student_client, bot_match):
    match = bots_until_human(bot_match)
    page = student_client.get(reverse("match_detail", args=[match.pk])).content.decode()
    submission = _submission_of(page)
    data = {"type": "draw", "version": match.version, "submission": submission}
    url = reverse("match_move", args=[match.pk])
    first = student_client.post(url, data, **HTMX)
    assert first.status_code == 200
    moves = match.moves.filter(by_bot=False).count()
    # The answer was lost; the child presses again: the same board, the same submission.
    again = student_client.post(url, data, **HTMX)
    assert again.status_code == 200
    assert "Your move was played." in again.content.decode()
    assert match.moves.filter(by_bot=False).count() == moves, "played once, not twice"
    assert match.moves.filter(submission=submission).count() == 1


def test_another_move_from_an_old_board_is_still_stale(student_client, bot_match):
    match = bots_until_human(bot_match)
    url = reverse("match_move", args=[match.pk])
    data = {"type": "draw", "version": match.version, "submission": "a" * 32}
    assert student_client.post(url, data, **HTMX).status_code == 200
    other = {**data, "submission": "b" * 32}
    response = student_client.post(url, other, **HTMX)
    assert response.status_code == 409


def test_a_malformed_submission_id_is_no_id(student_client, bot_match):
    match = bots_until_human(bot_match)
    url = reverse("match_move", args=[match.pk])
    data = {"type": "draw", "version": match.version, "submission": "x" * 500}
    assert student_client.post(url, data, **HTMX).status_code == 200
    assert match.moves.filter(by_bot=False).get().submission == ""


def test_only_seated_players_get_a_submission_id(teacher_client, bot_match):
    page = teacher_client.get(reverse("match_detail", args=[bot_match.pk])).content.decode()
    assert "hx-vals" not in page
