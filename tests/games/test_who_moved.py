"""Issue 30, "Who moved": "Each stored move says who made it (the child, or a stand-in for the
child). The history never relabels earlier moves: today, once a bot stands in, the child's own
earlier moves read 'Ace (easy bot) for Maya R. discarded 4'." (docs/rules.md, "Who moved")

Factor Rummy between Ana and Ben: Ana plays a turn herself, stays away, a bot plays her next
turn, she comes back. Every page, before and after, tells her own move as hers and the bot's as
the bot's, and so does the teacher's replay once the game is over.
"""

from __future__ import annotations

import re
from datetime import timedelta

import pytest
from django.test import Client
from django.urls import reverse
from django.utils import timezone

from games import services
from games.engine import apply_logged, get_game, mark_mover
from games.models import Match, MoveRecord, Seat
from games.views.teacher import _stand_in

RUMMY = get_game("factor-rummy")
SETTINGS = {"level": 2}


def _seed() -> int:
    """A deal where Ana (seat 0) plays first."""
    return next(s for s in range(200) if RUMMY.current_player(RUMMY.new_game(SETTINGS, 2, s)) == 0)


def _turn(match: Match, student) -> str:
    """The player draws from the pile and discards their first card: the card's label."""
    for wanted in ({"type": "draw", "from": "pile"}, {"type": "discard"}):
        match.refresh_from_db()
        player = RUMMY.current_player(match.state)
        move = next(m for m in RUMMY.legal_moves(match.state, player) if _is(m, wanted))
        services.match_play(
            match_id=match.pk, player=student, move=move.to_json(), version=match.version
        )
    match.refresh_from_db()
    return _last_discard(match)


def _is(move, wanted: dict) -> bool:
    return wanted.items() <= move.to_json().items()


def _bot_turn(match: Match) -> str:
    """The stand-in plays Ana's turn: the card it discarded."""
    match.refresh_from_db()
    while RUMMY.current_player(match.state) == 0:
        assert services.match_bot_play(match_id=match.pk, version=match.version, player=0)
        match.refresh_from_db()
    return _last_discard(match)


def _last_discard(match: Match) -> str:
    event = [e for e in match.state["log"] if e["kind"] == "discard"][-1]
    return re.search(r"discarded (.+)\.", event["parts"][-1]["text"]).group(1)


def _log(client: Client, match: Match) -> list[str]:
    """The board's "What happened" lines, oldest first, as plain text."""
    page = client.get(reverse("match_detail", args=[match.pk])).content.decode()
    log = page[page.index('class="fr-log') :]
    log = log[: log.index("</ol>")]
    return [re.sub(r"<[^>]+>", "", line).strip() for line in re.findall(r"<li>(.*?)</li>", log)][
        ::-1
    ]


@pytest.fixture
def ana_and_ben(student, classroom):
    from classrooms import services as roster

    ben = roster.student_create(classroom=classroom, name="Ben")
    match = services.match_create(
        game="factor-rummy",
        settings=SETTINGS,
        classroom=classroom,
        seats=[services.SeatSpec(student=student), services.SeatSpec(student=ben)],
        host=student,
        seed=_seed(),
    )
    return match, student, ben


def _client(student) -> Client:
    client = Client()
    client.force_login(student.user, backend="classrooms.auth.StudentBackend")
    return client


def test_the_log_never_relabels_the_child_s_own_moves(ana_and_ben, monkeypatch):
    monkeypatch.setattr(services, "_send_wake", lambda *args: None)
    match, ana, ben = ana_and_ben
    own = _turn(match, ana)  # Ana's own turn
    _turn(match, ben)
    seat = Seat.objects.get(match=match, student=ana)
    Seat.objects.filter(pk=seat.pk).update(last_seen_at=timezone.now() - timedelta(minutes=5))
    assert services.matches_sweep()["stood_in"] == 1  # away on her turn: a bot stands in
    bots = _bot_turn(match)
    bot = Seat.objects.get(pk=seat.pk).bot_name  # "… (easy bot)"
    mine, stood_in = f"Ana B. discarded {own}.", f"{bot} for Ana B. discarded {bots}."

    lines = _log(_client(ben), match)  # while the bot still plays for her
    assert mine in lines and stood_in in lines, lines
    assert not any(line.startswith(f"{bot} for Ana B. drew") for line in lines[:2]), lines

    services.seat_seen(seat=Seat.objects.select_related("match").get(pk=seat.pk))  # back
    assert not Seat.objects.get(pk=seat.pk).bot_stand_in
    lines = _log(_client(ben), match)
    assert mine in lines and stood_in in lines, lines  # the bot's move stays the bot's
    ana_lines = _log(_client(ana), match)
    assert f"You discarded {own}." in ana_lines
    assert f"{bot} for you discarded {bots}." in ana_lines, ana_lines

    # The stored moves say who made each, and the teacher's replay, rebuilt from them, tells
    # every event as the game did.
    records = list(MoveRecord.objects.filter(match=match).order_by("number"))
    assert [r.by_bot for r in records if r.seat == 0] == [False, False, True, True]
    seats = list(match.seats.all())
    state = mark_mover(RUMMY.new_game(match.settings, 2, match.seed), None)
    for record in records:
        state = mark_mover(
            apply_logged(RUMMY, state, record.seat, record.move), _stand_in(record, seats)
        )
    match.refresh_from_db()
    assert state["log"] == match.state["log"]


def test_a_move_s_events_are_marked_once_and_for_good():
    """engine.mark_mover marks only the events a move added: a later stand-in, or the end of
    one, never changes an earlier event's maker."""
    state = mark_mover(RUMMY.new_game(SETTINGS, 2, _seed()), None)
    player = RUMMY.current_player(state)
    draw = next(m for m in RUMMY.legal_moves(state, player) if _is(m, {"from": "pile"}))
    state = mark_mover(RUMMY.apply_move(state, player, draw), None)
    discard = next(m for m in RUMMY.legal_moves(state, player) if m.type == "discard")
    bot = {"seat": player, "bot": "Ace (easy bot)"}
    state = mark_mover(RUMMY.apply_move(state, player, discard), bot)
    assert [e["by"] for e in state["log"]][-3:] == [None, None, bot]  # dealt, drew, discarded
    state = mark_mover(state, None)
    assert state["log"][-1]["by"] == bot
