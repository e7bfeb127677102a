"""Seen in a browser: a Redis outage pauses live updates (the board says so and polls), and a
teacher sees a locked-out child and unlocks them (issue 13)."""

import pytest
from django.test import Client, override_settings
from django.urls import reverse

from classrooms.signin import PICTURES
from games import live, services
from games.models import Match
from tests.test_redis_down import DEAD_REDIS, dead_caches

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


@pytest.fixture(autouse=True)
def _fast_games(settings):
    settings.GAMES_BOT_DELAY_SECONDS = 0
    settings.GAMES_STREAM_SECONDS = 3


def test_live_updates_pause_and_the_board_keeps_up_by_polling(
    new_page, sign_in, student, settings, shot
):
    match = services.match_create(
        game="multiplication",
        settings={"free_cards": 1},
        classroom=student.classroom,
        seats=[services.SeatSpec(student=student), services.SeatSpec(bot="easy")],
        host=student,
        seed=1234,
    )
    page = new_page(viewport={"width": 1366, "height": 657})
    sign_in(page, student.user)
    settings.REDIS_URL = DEAD_REDIS
    live._client.cache_clear()
    try:
        with override_settings(CACHES=dead_caches()):
            page.goto(reverse("match_detail", args=[match.pk]))
            note = page.locator("#live-note")
            note.wait_for(state="visible", timeout=8000)
            assert "still works" in note.inner_text()
            shot(page, "redis-outage-live-note-1366x657")
            # Someone else's move reaches the board without live updates: it polls.
            before = int(page.locator("#board").get_attribute("data-version"))
            Match.objects.filter(pk=match.pk).update(version=before + 1)
            page.wait_for_function(
                f"() => Number(document.querySelector('#board').dataset.version) > {before}",
                timeout=8000,
            )
    finally:
        live._client.cache_clear()


def test_the_teacher_unlocks_a_locked_out_child(
    new_page, sign_in, classroom, student, settings, shot
):
    settings.LOGIN_RATE_LIMIT = 2
    stranger = Client()
    url = reverse("join_secret", args=[classroom.join_code, student.pk])
    wrong = [p for p in PICTURES if p not in student.pictures][:3]
    for _ in range(3):
        for n, pick in enumerate(wrong):
            stranger.post(url, {"so_far": " ".join(wrong[:n]), "pick": pick})
    page = new_page(viewport={"width": 1366, "height": 657})
    sign_in(page, classroom.teacher)
    page.goto(reverse("class_detail", args=[classroom.pk]))
    page.get_by_text("Locked: too many wrong tries").wait_for()
    shot(page, "teacher-locked-student-1366x657")
    page.get_by_role("button", name=f"Unlock {student.name}").click()
    page.get_by_text("Locked: too many wrong tries").wait_for(state="detached")
    for n, pick in enumerate(student.pictures):
        response = stranger.post(url, {"so_far": " ".join(student.pictures[:n]), "pick": pick})
    assert response.status_code == 302
