"""The platform's clock and out-of-turn moves, with a tiny game made for the test.

"Claim": the current player claims a number; for a short window the others may object
(out of turn); when the window's clock runs out the turn passes. A claim over 10 is wrong,
and an objection shows what the claimer got wrong — a learning event about another player.
"""

from dataclasses import dataclass
from datetime import timedelta
from typing import ClassVar

import pytest
from django.utils import timezone

from games import services
from games.engine import (
    Bot,
    Game,
    IllegalMove,
    LearningEvent,
    Move,
    Outcome,
    apply_logged,
    registry,
)
from games.engine.conformance import playout, replay
from games.engine.texts import CLOCK, HowToPlay, HowToStep, LearnScript, LearnStep, RulesSection
from games.models import LearningRecord, Match, MoveRecord

WINDOW = 2.0


@dataclass(frozen=True)
class Claim(Move):
    type: ClassVar[str] = "claim"
    n: int


@dataclass(frozen=True)
class Object(Move):
    type: ClassVar[str] = "object"


class Objector(Bot):
    strength = "objector"

    def choose_move(self, view, legal_moves, rng):
        if Object() in legal_moves and view["claim"] > 10:
            return Object()
        if Object() in legal_moves:
            return None  # nothing to object to: stays quiet out of turn
        return legal_moves[0]

    def reaction_seconds(self, view, legal_moves, rng):
        return 0.5 if Object() in legal_moves else None


class ClaimGame(Game):
    slug, name, summary = "claim-test", "Claim", "A test game."
    min_players = max_players = 2

    def default_settings(self):
        return {}

    def settings_fields(self):
        return []

    def clean_settings(self, settings):
        return {}

    def new_game(self, settings, players, seed):
        return {"turn": 0, "claim": None, "window": False, "rounds": 0, "objections": 0}

    def current_player(self, state):
        return None if state["rounds"] >= 4 else state["turn"]

    def legal_moves(self, state, player):
        if self.current_player(state) is None:
            return []
        if state["window"]:
            return [Object()] if player != state["turn"] else []
        return [Claim(5), Claim(12)] if player == state["turn"] else []

    def apply_move(self, state, player, move):
        if move not in self.legal_moves(state, player):
            raise IllegalMove("Not now.")
        if isinstance(move, Claim):
            return {**state, "claim": move.n, "window": True}
        return self._pass({**state, "objections": state["objections"] + 1})

    def _pass(self, state):
        return {**state, "window": False, "turn": 1 - state["turn"], "rounds": state["rounds"] + 1}

    def timer(self, state):
        return WINDOW if state["window"] and self.current_player(state) is not None else None

    def apply_timeout(self, state):
        if not self.timer(state):
            raise IllegalMove("No clock is running.")
        return self._pass(state)

    def parse_move(self, data):
        if isinstance(data, dict) and data.get("type") == "claim" and data.get("n") in (5, 12):
            return Claim(data["n"])
        if isinstance(data, dict) and data.get("type") == "object":
            return Object()
        raise IllegalMove("That is not a move of this game.")

    def view(self, state, player):
        return dict(state)

    def outcome(self, state):
        if self.current_player(state) is not None:
            return None
        return Outcome(winners=(0,), scores=(0.0, 0.0))

    def learning_events(self, before, player, move, after):
        if isinstance(move, Object) and before["claim"] > 10:
            claimer = before["turn"]
            return [LearningEvent(claimer, "claim", "claim", False, "too_big")]
        return []

    def bots(self):
        return {"objector": Objector()}

    def analyse(self, settings, players, seed, final, log=()):
        return {"summary": f"{final['objections']} objections."}

    def resample_hidden(self, state, player, rng):
        return dict(state)

    def how_to_play(self):
        step = HowToStep("Claim", "Say 5 or 12. Say 12 and the other player may object.")
        return HowToPlay(goal="Claim four times.", steps=(step,))

    def learn_to_play(self):
        steps = (
            LearnStep("Claim 5.", ({"type": "claim", "n": 5},)),
            LearnStep("Wait.", seat=CLOCK),
        )
        return LearnScript({}, 2, 7, "A test game.", steps, "Done.")

    def rules_for_teachers(self):
        return [RulesSection("A turn", ("Claim 5 or 12; 12 may be objected to.",))]


@pytest.fixture
def claim_game():
    game = registry.register(ClaimGame())
    yield game
    registry._games.pop(game.slug)


@pytest.fixture
def scheduled(monkeypatch):
    """The wake-ups sent (match id, when), none of them run: the tests wake matches."""
    calls = []
    monkeypatch.setattr(services, "_send_wake", lambda *a: calls.append(a))
    return calls


@pytest.fixture
def match(claim_game, student, django_capture_on_commit_callbacks):
    with django_capture_on_commit_callbacks(execute=True):
        return services.match_create(
            game=claim_game.slug,
            settings={},
            classroom=student.classroom,
            seats=[services.SeatSpec(student=student), services.SeatSpec(bot="objector")],
            host=student,
            seed=7,
        )


def play(match, student, data, capture):
    with capture(execute=True):
        return services.match_play(
            match_id=match.pk, player=student, move=data, version=match.version
        ).match


def test_the_conformance_checks_drive_other_players_and_the_clock(claim_game):
    state, history = playout(claim_game, {}, 2, seed=3)
    assert any(player is None for player, _ in history), "the clock ran out at least once"
    assert replay(claim_game, {}, 2, 3, history) == state


def test_a_move_that_opens_a_window_sets_the_deadline_and_wakes_the_other_bot(
    match, student, scheduled, settings, django_capture_on_commit_callbacks
):
    settings.GAMES_BOT_THINK_SCALE = 1
    before = timezone.now()
    match = play(match, student, {"type": "claim", "n": 12}, django_capture_on_commit_callbacks)
    assert before + timedelta(seconds=WINDOW) <= match.deadline_at
    assert match.deadline_at <= timezone.now() + timedelta(seconds=WINDOW)
    bot_due = match.bots_due["1"]  # out of turn, quick: half a second
    assert before.timestamp() + 0.5 <= bot_due <= timezone.now().timestamp() + 0.5
    assert match.due_at.timestamp() == pytest.approx(bot_due) and match.wake_at == match.due_at
    assert scheduled == [(match.pk, match.due_at)]  # one wake-up, for the bot first


def test_a_bot_objecting_out_of_turn_records_what_the_student_got_wrong(
    match, student, scheduled, django_capture_on_commit_callbacks
):
    match = play(match, student, {"type": "claim", "n": 12}, django_capture_on_commit_callbacks)
    assert services.match_bot_play(match_id=match.pk, version=match.version, player=1)
    match.refresh_from_db()
    assert match.state["objections"] == 1 and match.state["turn"] == 1
    record = LearningRecord.objects.get(match=match)
    assert (record.student_id, record.mistake, record.correct) == (student.pk, "too_big", False)


def test_a_bot_with_nothing_to_say_out_of_turn_does_nothing(
    match, student, scheduled, django_capture_on_commit_callbacks
):
    match = play(match, student, {"type": "claim", "n": 5}, django_capture_on_commit_callbacks)
    assert not services.match_bot_play(match_id=match.pk, version=match.version, player=1)
    assert Match.objects.get(pk=match.pk).version == match.version


def test_the_clock_waits_for_its_deadline_then_applies_the_timeout_once(
    match, student, scheduled, monkeypatch, django_capture_on_commit_callbacks
):
    match = play(match, student, {"type": "claim", "n": 5}, django_capture_on_commit_callbacks)
    with django_capture_on_commit_callbacks(execute=True):
        assert not services.match_clock(match_id=match.pk, version=match.version)  # too early
    later = timezone.now() + timedelta(seconds=WINDOW + 0.1)
    monkeypatch.setattr(services, "_now", lambda: later)
    assert services.match_clock(match_id=match.pk, version=match.version)
    assert not services.match_clock(match_id=match.pk, version=match.version)  # stale: once
    match.refresh_from_db()
    assert match.state["turn"] == 1 and not match.state["window"]
    last = MoveRecord.objects.filter(match=match).order_by("-number").first()
    assert last.move == {"type": "timeout"}


def test_a_student_cannot_send_the_clock_s_timeout(match, student, scheduled):
    with pytest.raises(IllegalMove):
        services.match_play(
            match_id=match.pk, player=student, move={"type": "timeout"}, version=match.version
        )


def test_the_move_log_with_timeouts_replays_to_the_stored_state(
    match, student, scheduled, monkeypatch, django_capture_on_commit_callbacks
):
    match = play(match, student, {"type": "claim", "n": 5}, django_capture_on_commit_callbacks)
    monkeypatch.setattr(services, "_now", lambda: timezone.now() + timedelta(seconds=5))
    assert services.match_clock(match_id=match.pk, version=match.version)
    match.refresh_from_db()
    rules = registry.get_game(match.game)
    state = rules.new_game({}, 2, match.seed)
    for record in MoveRecord.objects.filter(match=match).order_by("number"):
        state = apply_logged(rules, state, record.seat, record.move)
    assert state == match.state


def test_the_sweep_restarts_a_clock_lost_in_a_restart(
    match, student, scheduled, django_capture_on_commit_callbacks
):
    match = play(match, student, {"type": "claim", "n": 5}, django_capture_on_commit_callbacks)
    assert not services.match_bot_play(match_id=match.pk, version=match.version, player=1)
    long_ago = timezone.now() - timedelta(seconds=30)
    Match.objects.filter(pk=match.pk).update(
        deadline_at=long_ago, due_at=long_ago, bots_due={"1": None}
    )
    assert services.matches_sweep()["nudged"] == 1
    assert scheduled[-1] == (match.pk, long_ago)
    assert services.match_wake(match_id=match.pk)  # the clock runs out
    match.refresh_from_db()
    assert match.state["turn"] == 1 and not match.state["window"]


def test_a_finished_match_is_analysed_once_for_the_teacher(
    match, student, scheduled, monkeypatch, django_capture_on_commit_callbacks
):
    analysed = []
    monkeypatch.setattr(services, "_schedule_analysis", analysed.append)
    now = [timezone.now()]
    monkeypatch.setattr(services, "_now", lambda: now[0])
    for _ in range(4):  # four rounds, each ended by the clock
        now[0] += timedelta(seconds=10)
        match.refresh_from_db()
        if match.state["turn"] == 0 and not match.state["window"]:
            match = play(
                match, student, {"type": "claim", "n": 5}, django_capture_on_commit_callbacks
            )
        elif not match.state["window"]:
            assert services.match_bot_play(match_id=match.pk, version=match.version)
            match.refresh_from_db()
        now[0] += timedelta(seconds=10)
        with django_capture_on_commit_callbacks(execute=True):
            assert services.match_clock(match_id=match.pk, version=match.version)
    match.refresh_from_db()
    assert match.status == Match.Status.FINISHED and analysed == [match.pk]
    assert services.match_analyse(match_id=match.pk)
    assert not services.match_analyse(match_id=match.pk)
    assert Match.objects.get(pk=match.pk).analysis == {"summary": "0 objections."}
