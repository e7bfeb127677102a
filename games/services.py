"""Every write to a match goes through these functions: atomic, under a row lock."""

from __future__ import annotations

import secrets
from dataclasses import dataclass
from datetime import timedelta

from django.conf import settings as django_settings
from django.db import transaction
from django.utils import timezone

from classrooms.models import Assignment, Classroom, Student

from .engine import IllegalMove, SettingsError, get_game
from .engine.rng import rng_for
from .models import LearningRecord, Match, MoveRecord, Seat


class MatchError(Exception):
    """A request about a match that cannot be done; the message is for the player."""

    status = 400


class StaleBoard(MatchError):
    """The player acted on an old board: someone moved first."""

    status = 409


class NotYourSeat(MatchError):
    status = 403


# Everything a visible change can touch (the rest of a match never changes after creation).
CHANGED_FIELDS = [
    "state",
    "version",
    "move_count",
    "status",
    "outcome",
    "started_at",
    "finished_at",
    "last_move_at",
    "recent",
]
RECENT_MOVES = 8
SEEN_EVERY = 15  # seconds between presence writes; well under GAMES_SEAT_AWAY_SECONDS


@dataclass(frozen=True)
class SeatSpec:
    """Who sits in a seat when a match is created: a student, a bot, or nobody yet."""

    student: Student | None = None
    bot: str = ""


def match_create(
    *,
    game: str,
    settings: dict,
    classroom: Classroom,
    seats: list[SeatSpec],
    host: Student | None = None,
    assignment: Assignment | None = None,
    seed: int | None = None,
) -> Match:
    """A new match; it starts at once unless a seat waits for a classmate."""
    rules = get_game(game)
    try:
        clean = rules.clean_settings(settings)
    except SettingsError as error:
        raise MatchError(str(error)) from None
    if not rules.min_players <= len(seats) <= rules.max_players:
        raise MatchError(f"{rules.name} is for {rules.min_players} to {rules.max_players} players.")
    bots = rules.bots()
    if any(spec.bot and spec.bot not in bots for spec in seats):
        raise MatchError("There is no bot like that.")
    with transaction.atomic():
        match = Match.objects.create(
            game=game,
            settings=clean,
            seed=seed if seed is not None else secrets.randbits(48),
            classroom=classroom,
            host=host,
            assignment=assignment,
        )
        Seat.objects.bulk_create(
            Seat(match=match, index=i, student=spec.student, bot=spec.bot, last_seen_at=_now())
            for i, spec in enumerate(seats)
        )
        if not any(spec.student is None and not spec.bot for spec in seats):
            _start(match)
        else:
            _changed(match)
    return match


def match_join(*, match_id: int, student: Student) -> Match:
    """Take the first open seat at a table in the lobby."""
    with transaction.atomic():
        match = _locked(match_id)
        if match.classroom_id != student.classroom_id:
            raise NotYourSeat("This table is in another class.")
        if match.status != Match.Status.LOBBY:
            raise MatchError("This game has already started.")
        seats = list(match.seats.all())
        if any(seat.student_id == student.pk for seat in seats):
            return match
        seat = next((seat for seat in seats if seat.is_open), None)
        if seat is None:
            raise MatchError("This table is full.")
        seat.student = student
        seat.last_seen_at = _now()
        seat.save(update_fields=["student", "last_seen_at"])
        _changed(match)
    return match


def match_leave(*, match_id: int, student: Student) -> Match:
    """Leave a table before it starts (the host leaving closes the table)."""
    with transaction.atomic():
        match = _locked(match_id)
        if match.status != Match.Status.LOBBY:
            raise MatchError("The game has started: you can come back to it any time.")
        seat = match.seats.filter(student=student).first()
        if seat is None:
            raise NotYourSeat("You are not at this table.")
        if match.host_id == student.pk:
            match.status = Match.Status.ABANDONED
            match.finished_at = _now()
        else:
            seat.student = None
            seat.save(update_fields=["student"])
        _changed(match)
    return match


def match_start(*, match_id: int, student: Student) -> Match:
    """The host starts the game; seats nobody took are played by easy bots."""
    with transaction.atomic():
        match = _locked(match_id)
        if match.host_id != student.pk:
            raise NotYourSeat("Only the player who opened the table can start it.")
        if match.status != Match.Status.LOBBY:
            raise MatchError("This game has already started.")
        weakest = next(iter(get_game(match.game).bots()))
        match.seats.filter(student__isnull=True, bot="").update(bot=weakest)
        _start(match)
    return match


def match_play(*, match_id: int, student: Student, move: object, version: int) -> Match:
    """Apply a student's move to the board they saw (version), or refuse it.

    A refused move changes nothing in the game, but its mistake is kept for progress reports.
    """
    refused: IllegalMove | None = None
    with transaction.atomic():
        match, seats = _locked_with_seats(match_id)
        seat = next((s for s in seats if s.student_id == student.pk), None)
        if seat is None:
            raise NotYourSeat("You are not playing in this game.")
        if match.version != version:
            raise StaleBoard("The board changed before your move arrived. Here it is now.")
        if match.status != Match.Status.PLAYING:
            raise MatchError("This game is not being played right now.")
        rules = get_game(match.game)
        parsed = rules.parse_move(move)  # garbage raises IllegalMove and records nothing
        try:
            after = rules.apply_move(match.state, seat.index, parsed)
        except IllegalMove as error:
            events = rules.learning_events(match.state, seat.index, parsed, error)
            _record_learning(match, seat, None, events)
            refused = error
        else:
            if seat.bot_stand_in:  # they are back: the stand-in bot stops
                seat.bot_stand_in = False
                seat.save(update_fields=["bot_stand_in"])
            _commit_move(match, seat, parsed, after, by_bot=False)
    if refused is not None:
        raise refused
    return match


def match_bot_play(*, match_id: int, version: int) -> bool:
    """Let the bot whose turn it is move, if the match is still at `version`. Idempotent."""
    with transaction.atomic():
        match = _locked(match_id)
        if match.version != version or match.status != Match.Status.PLAYING:
            return False
        rules = get_game(match.game)
        player = rules.current_player(match.state)
        seat = match.seats.get(index=player)
        if not seat.is_bot_turn_player:
            return False
        view = rules.view(match.state, player)
        moves = rules.legal_moves(match.state, player)
        move = rules.bots()[seat.bot].choose_move(
            view, moves, rng_for(match.seed, "bot", match.move_count)
        )
        after = rules.apply_move(match.state, player, move)
        _commit_move(match, seat, move, after, by_bot=True)
    return True


def seat_seen(*, seat: Seat) -> None:
    """Note that the student has the match open (at most one write every few seconds)."""
    now = _now()
    if seat.last_seen_at and now - seat.last_seen_at < timedelta(seconds=SEEN_EVERY):
        return
    Seat.objects.filter(pk=seat.pk).update(last_seen_at=now)
    seat.last_seen_at = now
    if seat.bot_stand_in and seat.match.status == Match.Status.PLAYING:
        with transaction.atomic():
            match = _locked(seat.match_id)
            Seat.objects.filter(pk=seat.pk).update(bot_stand_in=False)
            _changed(match)


def matches_sweep() -> dict[str, int]:
    """Keep every match moving: nudge bots whose turn was lost (a restart), let a bot stand in
    for a student who went away on their turn, and close tables nobody came back to."""
    counts = {"nudged": 0, "stood_in": 0, "abandoned": 0}
    now = _now()
    away = now - timedelta(seconds=django_settings.GAMES_SEAT_AWAY_SECONDS)
    for match in Match.objects.filter(status=Match.Status.PLAYING).prefetch_related("seats"):
        player = get_game(match.game).current_player(match.state)
        seat = next((s for s in match.seats.all() if s.index == player), None)
        if seat is None:
            continue
        if seat.is_bot_turn_player:
            if not match.last_move_at or match.last_move_at < now - timedelta(seconds=10):
                _schedule_bot(match.pk, match.version)
                counts["nudged"] += 1
        elif seat.student_id and seat.last_seen_at and seat.last_seen_at < away:
            counts["stood_in"] += _stand_in(match.pk, seat.pk)
    stale_lobby = now - timedelta(seconds=django_settings.GAMES_LOBBY_EXPIRY_SECONDS)
    stale_play = now - timedelta(seconds=django_settings.GAMES_ABANDON_SECONDS)
    counts["abandoned"] += Match.objects.filter(
        status=Match.Status.LOBBY, created_at__lt=stale_lobby
    ).update(status=Match.Status.ABANDONED, finished_at=now)
    counts["abandoned"] += (
        Match.objects.filter(status=Match.Status.PLAYING)
        .exclude(last_move_at__gte=stale_play)
        .filter(started_at__lt=stale_play)
        .update(status=Match.Status.ABANDONED, finished_at=now)
    )
    return counts


# --- internals ------------------------------------------------------------------------------


def _now():
    return timezone.now()


def _locked(match_id: int) -> Match:
    try:
        return Match.objects.select_for_update().get(pk=match_id)
    except Match.DoesNotExist:
        raise MatchError("There is no such game.") from None


def _locked_with_seats(match_id: int) -> tuple[Match, list[Seat]]:
    """The match, locked, and its seats with their students, in one query."""
    seats = list(
        Seat.objects.filter(match_id=match_id)
        .select_related("match", "student")
        .select_for_update(of=("match",))
    )
    if not seats:
        raise MatchError("There is no such game.")
    match = seats[0].match
    match._seats = seats
    for seat in seats:
        seat.match = match
    return match, seats


def _start(match: Match) -> None:
    rules = get_game(match.game)
    count = match.seats.count()
    match.state = rules.new_game(match.settings, count, match.seed)
    match.status = Match.Status.PLAYING
    match.started_at = match.last_move_at = _now()
    _changed(match)


def _changed(match: Match) -> None:
    """Save a visible change: bump the version; after commit, publish it and wake a bot."""
    match.version += 1
    match.save(update_fields=CHANGED_FIELDS)
    match_id, version = match.pk, match.version
    bot_next = match.status == Match.Status.PLAYING and _bot_to_move(match)
    transaction.on_commit(lambda: _after_change(match_id, version, bot_next))


def _bot_to_move(match: Match) -> bool:
    player = get_game(match.game).current_player(match.state)
    seats = getattr(match, "_seats", None)
    if seats is None:
        seat = match.seats.filter(index=player).only("bot", "student_id", "bot_stand_in").first()
    else:
        seat = next((s for s in seats if s.index == player), None)
    return seat is not None and seat.is_bot_turn_player


def _after_change(match_id: int, version: int, bot_next: bool) -> None:
    from . import live

    live.publish(match_id, version)
    if bot_next:
        _schedule_bot(match_id, version)


def _schedule_bot(match_id: int, version: int) -> None:
    from .tasks import bot_move

    bot_move.apply_async((match_id, version), countdown=django_settings.GAMES_BOT_DELAY_SECONDS)


def _commit_move(match: Match, seat: Seat, move, after: dict, *, by_bot: bool) -> None:
    rules = get_game(match.game)
    before = match.state
    match.move_count += 1
    text = rules.describe(before, seat.index, move)[:200]
    MoveRecord.objects.create(
        match=match,
        number=match.move_count,
        seat=seat.index,
        by_bot=by_bot,
        move=move.to_json(),
        text=text,
    )
    entry = {"number": match.move_count, "seat": seat.index, "text": text}
    match.recent = [entry, *match.recent][:RECENT_MOVES]
    if not by_bot:
        events = rules.learning_events(before, seat.index, move, after)
        _record_learning(match, seat, match.move_count, events)
    match.state = after
    match.last_move_at = _now()
    outcome = rules.outcome(after)
    if outcome is not None:
        match.status = Match.Status.FINISHED
        match.outcome = outcome.to_json()
        match.finished_at = match.last_move_at
        for each in getattr(match, "_seats", None) or match.seats.all():
            each.won = each.index in outcome.winners
            each.save(update_fields=["won"])
    _changed(match)


def _record_learning(match: Match, seat: Seat, number: int | None, events) -> None:
    if not seat.student_id or seat.bot_stand_in or not events:
        return
    level = get_game(match.game).settings_label(match.settings)
    LearningRecord.objects.bulk_create(
        LearningRecord(
            match=match,
            student_id=seat.student_id,
            game=match.game,
            level=level,
            move_number=number,
            kind=event.kind,
            skill=event.skill,
            correct=event.correct,
            mistake=event.mistake,
            detail=event.detail,
        )
        for event in events
    )


def _stand_in(match_id: int, seat_id: int) -> int:
    with transaction.atomic():
        match = _locked(match_id)
        seat = Seat.objects.get(pk=seat_id)
        if seat.bot_stand_in or match.status != Match.Status.PLAYING:
            return 0
        seat.bot_stand_in = True
        seat.bot = seat.bot or next(iter(get_game(match.game).bots()))
        seat.save(update_fields=["bot_stand_in", "bot"])
        _changed(match)
    return 1
