"""Only the child's own play is theirs (issue 30): a stand-in bot's moves are never the child's
mistakes, and a game the child gave up is no longer theirs to go on with.

"The bot's moves are never the child's mistakes (today the hand a bot had been playing was
marked against the child at round end)." A seat whose latest move was a stand-in's is the
bot's hand until the child moves again: what a classmate's move then shows about that hand is
not recorded for the child.
"""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.test import Client
from django.urls import reverse
from django.utils import timezone

from games import services
from games.engine import registry
from games.models import LearningRecord, Match, Seat

from .conftest import GAME
from .test_clock import Claim, ClaimGame, Object, Objector

OBJECT = Object()


class Claimer(Objector):
    """Claims 12 on its turn (a claim over 10 is wrong), objects to any claim over 10."""

    strength = "claimer"

    def choose_move(self, view, legal_moves, rng):
        if OBJECT in legal_moves:
            return OBJECT if view["claim"] > 10 else None
        return Claim(12)


class StandInGame(ClaimGame):
    slug, name = "claim-stand-in-test", "Claim (stand-ins)"

    def bots(self):
        return {"claimer": Claimer()}


@pytest.fixture
def game():
    rules = registry.register(StandInGame())
    yield rules
    registry._games.pop(rules.slug)


def test_what_a_stand_in_s_move_shows_is_never_the_child_s_mistake(game, student, monkeypatch):
    monkeypatch.setattr(services, "_send_wake", lambda *args: None)
    match = services.match_create(
        game=game.slug,
        settings={},
        classroom=student.classroom,
        seats=[services.SeatSpec(student=student), services.SeatSpec(bot="claimer")],
        host=student,
        seed=1,
    )
    seat = Seat.objects.get(match=match, student=student)
    Seat.objects.filter(pk=seat.pk).update(last_seen_at=timezone.now() - timedelta(minutes=5))
    assert services.matches_sweep()["stood_in"] == 1  # away on her turn: a bot stands in

    def bot(player):
        match.refresh_from_db()
        assert services.match_bot_play(match_id=match.pk, version=match.version, player=player)

    bot(0)  # the stand-in claims 12 for Ana
    services.seat_seen(seat=Seat.objects.select_related("match").get(pk=seat.pk))  # she is back
    seat.refresh_from_db()
    assert seat.stood_in and seat.stand_in_last and not seat.bot_stand_in
    bot(1)  # the other bot objects: "12 is too big", about the claim the stand-in made
    assert not LearningRecord.objects.filter(student=student).exists()
    bot(1)  # the bot's own claim of 12
    match.refresh_from_db()
    services.match_play(
        match_id=match.pk, player=student, move={"type": "object"}, version=match.version
    )  # she objects herself: that shows the bot's mistake, not hers
    assert not LearningRecord.objects.filter(student=student).exists()
    match.refresh_from_db()
    assert game.current_player(match.state) == 0
    services.match_play(
        match_id=match.pk, player=student, move={"type": "claim", "n": 12}, version=match.version
    )  # now she claims 12 herself
    bot(1)  # and the objection is about her own claim
    (record,) = LearningRecord.objects.filter(student=student)
    assert (record.mistake, record.correct) == ("too_big", False)
    seat.refresh_from_db()
    assert seat.stood_in and not seat.stand_in_last  # her hand again; never her own game


def test_a_game_given_up_leaves_the_child_s_list_and_its_page_says_they_left(student, ben, rules):
    """Issue 30: "A game the child gave up leaves the child's 'in progress' list; its page says
    'You left this game' (never 'Your turn!' ...); with no human left, it ends instead of
    running bot against bot." """
    match = services.match_create(
        game=GAME,
        settings={"free_cards": 0},
        classroom=student.classroom,
        seats=[services.SeatSpec(student=student), services.SeatSpec(student=ben)],
        host=student,
        seed=3,
    )
    ana = Client()
    ana.force_login(student.user, backend="classrooms.auth.StudentBackend")
    assert (
        f'href="{reverse("match_detail", args=[match.pk])}"'
        in ana.get(reverse("game_list")).content.decode()
    )
    services.match_give_up(match_id=match.pk, player=student)
    seat = Seat.objects.get(match=match, student=student)
    assert seat.gave_up and seat.bot_stand_in  # Ben plays on against a bot
    listing = ana.get(reverse("game_list")).content.decode()
    assert f'href="{reverse("match_detail", args=[match.pk])}"' not in listing
    match.refresh_from_db()
    if rules.current_player(match.state) != 0:  # make it the bot's turn in her seat
        services.match_play(
            match_id=match.pk,
            player=ben,
            move={"type": "draw"},
            version=match.version,
        )
    page = ana.get(reverse("match_detail", args=[match.pk])).content.decode()
    assert "You left this game" in page and "Your turn!" not in page
    assert "Your cards" not in page  # the stand-in's hand is not hers to see or play
    services.match_give_up(match_id=match.pk, player=ben)  # nobody is left
    match.refresh_from_db()
    assert match.status == Match.Status.ABANDONED
