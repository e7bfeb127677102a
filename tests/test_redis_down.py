"""While Redis is down, pages keep working from the database (issue 13).

"While Redis is down every signed-in page answers 500, teachers' too (cached_db sessions
re-cache without a guard; the student cache and rate-limit reads are unguarded). Pages must
keep working from PostgreSQL while the cache is down (live updates may pause; the board says
so and polling carries on)."
"""

import pytest
import redis
from django.core.cache import caches
from django.test import override_settings
from django.urls import reverse

from config.cache import TolerantCache
from games import live, services
from tests.games.conftest import bots_until_human

DEAD_REDIS = "redis://127.0.0.1:1/0"  # nothing listens on port 1


def dead_caches() -> dict:
    options = {"socket_connect_timeout": 1, "socket_timeout": 1}
    return {
        "default": {
            "BACKEND": "config.cache.TolerantCache",
            "LOCATION": DEAD_REDIS,
            "KEY_PREFIX": "factorium-test",
            "OPTIONS": options,
        },
        "limits": {"BACKEND": "config.cache.Cache", "LOCATION": DEAD_REDIS, "OPTIONS": options},
    }


@pytest.fixture
def redis_down(settings):
    """The cache and live updates point at a Redis that does not answer."""
    settings.REDIS_URL = DEAD_REDIS
    live._client.cache_clear()
    with override_settings(CACHES=dead_caches()):
        yield
    live._client.cache_clear()


@pytest.fixture
def bot_match(student):
    return services.match_create(
        game="multiplication",
        settings={"free_cards": 1},
        classroom=student.classroom,
        seats=[services.SeatSpec(student=student), services.SeatSpec(bot="easy")],
        host=student,
        seed=1234,
    )


def test_teachers_pages_work_while_redis_is_down(teacher_client, classroom, student):
    pages = [
        reverse("class_list"),
        reverse("class_detail", args=[classroom.pk]),
        reverse("class_progress", args=[classroom.pk]),
        reverse("student_progress", args=[classroom.pk, student.pk]),
        reverse("class_settings", args=[classroom.pk]),
    ]
    with override_settings(CACHES=dead_caches()):
        for url in pages:
            assert teacher_client.get(url).status_code == 200, url


def test_a_student_plays_while_redis_is_down(student_client, student, bot_match, redis_down):
    assert student_client.get(reverse("student_home")).status_code == 200
    assert student_client.get(reverse("match_detail", args=[bot_match.pk])).status_code == 200
    match = bots_until_human(bot_match)
    data = {"type": "draw", "version": match.version}
    response = student_client.post(reverse("match_move", args=[match.pk]), data)
    assert response.status_code == 302
    match.refresh_from_db()
    assert match.moves.filter(by_bot=False).exists()


def test_the_live_stream_says_paused_and_the_board_can_say_so(
    student_client, bot_match, redis_down
):
    page = student_client.get(reverse("match_detail", args=[bot_match.pk])).content.decode()
    assert 'id="live-note"' in page and 'hx-trigger="sse:paused"' in page
    response = student_client.get(reverse("match_events", args=[bot_match.pk]))
    body = b"".join(response.streaming_content).decode()
    assert "event: version" in body and "event: paused" in body
    # Polling carries on: the board partial answers from the database.
    board = student_client.get(reverse("match_board", args=[bot_match.pk]))
    assert board.status_code == 200


def test_a_stale_cached_value_is_deleted_once_redis_answers_again(settings, monkeypatch):
    """A session deleted while Redis was down must not come back from the cache afterwards."""
    cache = TolerantCache(settings.REDIS_URL + "?tolerant-test", {"KEY_PREFIX": "tolerant-test"})
    cache.set("session", "signed in")
    client_of = cache._cache.get_client

    def broken(*args, **kwargs):
        raise redis.ConnectionError("Redis is restarting")

    monkeypatch.setattr(cache._cache, "get_client", broken)
    assert cache.get("session") is None  # reads miss: the page goes to the database
    cache.delete("session")  # the sign-out's delete fails...
    cache.set("other", "x")  # ...and so does a write
    monkeypatch.setattr(cache._cache, "get_client", client_of)
    cache._down_until = 0  # Redis is back
    assert cache.get("session") is None, "the failed delete was done as soon as Redis answered"
    assert cache.get("other") is None
    assert not cache._pending


def test_the_default_cache_is_the_tolerant_one():
    assert isinstance(caches["default"], TolerantCache)
    assert not isinstance(caches["limits"], TolerantCache)
