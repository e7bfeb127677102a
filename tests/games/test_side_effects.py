"""Side effects after a move (live publish, waking bots and the clock) run after the commit,
each on its own: one that fails (Redis away) never turns a saved move into an error, and never
keeps the others from running (issue 13)."""

from django.urls import reverse

from games import live, services
from games.engine import get_game
from games.models import Match

from .conftest import bots_until_human

RULES = get_game("multiplication")


def test_a_failed_publish_keeps_the_move_and_still_wakes_the_bots(
    student_client, bot_match, monkeypatch, django_capture_on_commit_callbacks
):
    match = bots_until_human(bot_match)

    def redis_is_away(*args):
        raise ConnectionError("Redis is restarting")

    woken = []
    monkeypatch.setattr(live, "publish", redis_is_away)
    monkeypatch.setattr(services, "_send_wake", lambda *args: woken.append(args))
    # The bots above moved without their wake-ups (this test runs no commit callbacks).
    Match.objects.filter(pk=match.pk).update(wake_at=None)
    with django_capture_on_commit_callbacks(execute=True):
        response = student_client.post(
            reverse("match_move", args=[match.pk]),
            {"type": "draw", "version": match.version},
            HTTP_HX_REQUEST="true",
        )
    assert response.status_code == 200  # the move was kept, so it is answered as kept
    after = Match.objects.get(pk=match.pk)
    assert after.move_count == match.move_count + 1
    next_player = RULES.current_player(after.state)
    assert str(next_player) in after.bots_due
    assert woken == [(match.pk, after.due_at)]
