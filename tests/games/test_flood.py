"""One child cannot stall the bots and clocks of every class (issue 36, parts 3 and 4).

"Re-sending 'choose' for 10 s at a 6-seat Prime Bomb table (166 moves accepted) grew the
queue from 20 to 849": each change queued a task per bot seat and one for the clock. Now a
match has one wake-up waiting at a time (games/wakes.py), a changed secret choice tells the
other players nothing (no new version, no live update), the same choice again is not a move,
and a player sending moves faster than any child could is asked to slow down (429).
"""

from __future__ import annotations

import pytest
from django.test import Client
from django.urls import reverse

from games import live, services, wakes
from games.engine import SPECTATOR, get_game
from games.models import Match, MoveRecord

RULES = get_game("prime-bomb")
BOTS = ("easy", "strong", "easy", "strong", "easy")


@pytest.fixture
def sent(monkeypatch):
    """The wake-ups sent (match id, when); none runs: the tests wake matches themselves."""
    calls = []
    monkeypatch.setattr(services, "_send_wake", lambda *args: calls.append(args))
    return calls


@pytest.fixture
def published(monkeypatch):
    calls = []
    monkeypatch.setattr(live, "publish", lambda *args: calls.append(args))
    return calls


def six_seats(student, classmate=None, **settings) -> Match:
    """Ana (and a classmate) and bots at a 6-seat Prime Bomb table, the first card turned up."""
    seats = [services.SeatSpec(student=student)]
    if classmate is not None:
        seats.append(services.SeatSpec(student=classmate))
    seats += [services.SeatSpec(bot=bot) for bot in BOTS[: 6 - len(seats)]]
    match = services.match_create(
        game="prime-bomb",
        settings={"level": 2, "choose_seconds": 60, **settings},
        classroom=student.classroom,
        seats=seats,
        host=student,
        seed=21,
    )
    flipper, kids = match.state["flipper"], [k for k in (student, classmate) if k is not None]
    if flipper >= len(kids):  # a bot flips
        assert services.match_bot_play(match_id=match.pk, version=match.version, player=flipper)
    else:
        choose(match, kids[flipper], {"type": "flip"})
    match.refresh_from_db()
    assert match.state["phase"] == "choose"
    return match


def choose(match: Match, kid, move: dict, capture=None, **extra) -> Match:
    match.refresh_from_db()
    call = dict(match_id=match.pk, player=kid, move=move, version=match.version, **extra)
    if capture is None:
        return services.match_play(**call).match
    with capture(execute=True):
        return services.match_play(**call).match


def test_a_flood_of_changed_choices_queues_nothing_and_tells_the_others_nothing(
    student, settings, sent, published, django_capture_on_commit_callbacks
):
    settings.GAMES_BOT_THINK_SCALE = 1  # the bots think a share of the 60 s clock
    match = six_seats(student)
    plan = (match.bots_due, match.due_at, match.deadline_at)
    assert all(t is not None for t in match.bots_due.values()) and len(match.bots_due) == 5
    choose(match, student, {"type": "choose", "cards": [0]}, django_capture_on_commit_callbacks)
    first = Match.objects.get(pk=match.pk)
    assert first.version == match.version + 1  # her first choice is news: "Ana chose"
    sent.clear(), published.clear()
    others = {p: RULES.view(first.state, p) for p in (SPECTATOR, 1, 2, 3, 4, 5)}
    for n in range(60):  # a hand's worth of other choices, again and again
        cards = [(n % 6) + 1] if n % 2 else [0, (n % 6) + 1]
        choose(first, student, {"type": "choose", "cards": cards},
               django_capture_on_commit_callbacks)  # fmt: skip
    after = Match.objects.get(pk=match.pk)
    assert sent == [] and published == []  # no task queued, no live update sent
    assert after.version == first.version  # every other board stays as it was
    assert {p: RULES.view(after.state, p) for p in others} == others
    assert (after.bots_due, after.due_at, after.deadline_at) == plan  # the bots still on time
    assert after.state["choices"][0]["order"] > first.state["choices"][0]["order"]
    assert MoveRecord.objects.filter(match=match, seat=0).count() == 61  # each one kept
    assert [entry["number"] for entry in after.recent] == [e["number"] for e in first.recent]


def test_the_bots_choose_on_time_whoever_changes_their_mind_meanwhile(
    student, settings, sent, monkeypatch
):
    settings.GAMES_BOT_THINK_SCALE = 1
    match = six_seats(student)
    due = sorted((t, int(seat)) for seat, t in match.bots_due.items())
    first_time, first_bot = due[0]
    for n in range(5):
        choose(match, student, {"type": "choose", "cards": [n]})
    later = first_time + 0.1
    monkeypatch.setattr(services, "_clock", lambda: later)
    assert services.match_wake(match_id=match.pk)  # the first bot's time came: it chose
    match.refresh_from_db()
    assert match.state["choices"][first_bot] is not None
    rest = {seat: t for seat, t in match.bots_due.items() if int(seat) != first_bot}
    assert rest == {str(seat): t for t, seat in due[1:]}  # the others keep their times
    assert not services.match_wake(match_id=match.pk)  # nobody else is due yet


def test_one_wake_up_waits_at_a_time_and_a_sooner_one_is_sent_only_when_needed(
    student, ben, sent, django_capture_on_commit_callbacks
):
    """Ana and Ben with four bots: every change plans, but a wake-up is sent only when the
    match must be woken sooner than the one already waiting."""
    match = six_seats(student, ben)
    waiting = Match.objects.get(pk=match.pk).wake_at
    assert waiting is not None
    for kid, cards in ((student, [0]), (ben, [1]), (student, [2]), (ben, [3])):
        choose(match, kid, {"type": "choose", "cards": cards}, django_capture_on_commit_callbacks)
    assert sent == []  # the bots were due already: the wake-up sent for them does it all
    assert Match.objects.get(pk=match.pk).wake_at == waiting


def test_the_same_choice_from_twenty_boards_is_one_move(
    student, ben, published, django_capture_on_commit_callbacks
):
    match = six_seats(student, ben)
    match.refresh_from_db()
    version, moves = match.version, match.move_count
    for board in range(20):
        services.match_play(
            match_id=match.pk,
            player=student,
            move={"type": "choose", "cards": [1, 2]},
            version=version,
            submission=f"{board:032x}",
            board_key=RULES.board_key(match.state, 0),
        )
    match.refresh_from_db()
    assert match.version == version + 1 and match.move_count == moves + 1
    assert MoveRecord.objects.filter(match=match, seat=0).count() == 1
    order = match.state["choices"][0]["order"]
    choose(match, ben, {"type": "choose", "cards": [0]})
    choose(match, student, {"type": "choose", "cards": [2, 1]})  # the same cards again
    match.refresh_from_db()
    assert match.state["choices"][0]["order"] == order  # still first in line


def test_another_seats_board_id_is_refused_409_and_changes_nothing(student, ben):
    match = six_seats(student, ben)
    match.refresh_from_db()
    services.match_play(
        match_id=match.pk,
        player=ben,
        move={"type": "choose", "cards": [0]},
        version=match.version,
        submission="ab" * 16,
    )
    match.refresh_from_db()
    before = (match.version, match.state, MoveRecord.objects.filter(match=match).count())
    client = Client()
    client.force_login(student.user, backend="classrooms.auth.StudentBackend")
    response = client.post(
        reverse("match_move", args=[match.pk]),
        {"type": "choose", "cards": "1", "version": match.version, "submission": "ab" * 16},
        HTTP_HX_REQUEST="true",
    )
    assert response.status_code == 409
    assert "another player" in response.content.decode()
    match.refresh_from_db()
    assert (match.version, match.state, MoveRecord.objects.filter(match=match).count()) == before


def test_moves_faster_than_any_child_are_asked_to_slow_down(student, ben, settings, monkeypatch):
    """A burst of taps (8 at 150 ms) goes through; a flood is answered 429 and changes
    nothing, for this player only."""
    from games import throttle

    settings.GAMES_MOVES_BURST, settings.GAMES_MOVES_SUSTAINED = 12, 60
    clock = [1000.0]
    monkeypatch.setattr(throttle, "_now", lambda: clock[0])
    match = six_seats(student, ben)
    clients = {}
    for kid in (student, ben):
        clients[kid.pk] = Client()
        clients[kid.pk].force_login(kid.user, backend="classrooms.auth.StudentBackend")

    def send(kid, n):
        match.refresh_from_db()
        data = {"type": "choose", "cards": str(n % 5), "version": match.version}
        return clients[kid.pk].post(
            reverse("match_move", args=[match.pk]), data, HTTP_HX_REQUEST="true"
        )

    statuses = []
    for n in range(8):  # 8 taps 150 ms apart
        statuses.append(send(student, n).status_code)
        clock[0] += 0.15
    assert statuses == [200] * 8
    statuses = [send(student, n).status_code for n in range(8, 30)]  # at once
    assert statuses == [200] * 4 + [429] * 18  # 12 in 2 seconds
    for n in range(30, 200):  # a move every 0.1 s for 17 s more
        clock[0] += 0.1
        statuses.append(send(student, n).status_code)
    assert statuses.count(200) == 60 - 8  # 60 in 20 seconds
    refused = send(student, 31)
    assert refused.status_code == 429 and "Slow down" in refused.content.decode()
    match.refresh_from_db()
    before = (match.version, match.state)
    assert send(student, 32).status_code == 429
    match.refresh_from_db()
    assert (match.version, match.state) == before
    assert send(ben, 1).status_code == 200  # Ben's own moves are his own count


def test_a_stuck_redis_lets_moves_through(student, settings, monkeypatch):
    """The limit guards the servers, it keeps no secret: without Redis moves still go on."""
    from games import throttle

    settings.GAMES_MOVES_BURST = 1

    class Away:
        def run_script(self, *args):
            from redis.exceptions import ConnectionError

            raise ConnectionError("Redis is restarting")

    monkeypatch.setattr(throttle, "caches", {"limits": Away()})
    assert all(throttle.allow_move(student.user.pk) for _ in range(5))


def test_the_think_time_planned_for_a_bot_never_depends_on_its_hand(student, settings):
    """Issue 36: the time a bot takes to choose told its hand. Planned again with another
    hand, the same change gives every bot the same think time."""
    settings.GAMES_BOT_THINK_SCALE = 1
    match = six_seats(student)
    seats = list(match.seats.all())
    times = dict(wakes.bot_actors(match, seats))
    state = match.state
    for seat in range(1, 6):  # every bot's hand dealt again from the deck
        hands, deck = [list(h) for h in state["hands"]], list(state["deck"])
        size = len(hands[seat])
        hands[seat], deck[:size] = sorted(deck[:size]), hands[seat]
        match.state = {**state, "hands": hands, "deck": deck}
        RULES.check_invariants(match.state)
        assert dict(wakes.bot_actors(match, seats)) == times
    assert len(set(times.values())) > 1  # and they are not all the same
