"""Every write to a match goes through these functions: atomic, under a row lock."""

from __future__ import annotations

import logging
import secrets
import time
from dataclasses import dataclass
from datetime import timedelta
from functools import partial

from django.conf import settings as django_settings
from django.db import transaction
from django.utils import timezone

from classrooms.models import Assignment, Classroom, Student, User

from . import rows, signals, wakes
from .engine import (
    HINT,
    SPECTATOR,
    Game,
    IllegalMove,
    Played,
    SettingsError,
    Timeout,
    get_game,
    limits,
    mark_mover,
)
from .engine.learn import learn_accepts, learn_done, learn_script_move, learn_start, learn_step
from .engine.rng import rng_for
from .models import LearningRecord, Match, MoveRecord, Seat

# Who plays a seat: a student, or a teacher (practice games and Learn to play).
Player = Student | User

# How long each match's row lock was held: DEBUG for every lock (bench/move_load.py reads
# them with LOCK_LOG_LEVEL=DEBUG), WARNING past SLOW_LOCK_MS (everyone else waits that long).
lock_log = logging.getLogger("games.locks")
SLOW_LOCK_MS = 50


class MatchError(Exception):
    """A request about a match that cannot be done; the message is for the player."""

    status = 400


class StaleBoard(MatchError):
    """The player acted on an old board: someone moved first."""

    status = 409


class NotYourSeat(MatchError):
    status = 403


class AlreadyPlayed(MatchError):
    """A retried submission whose move was played already: its answer was lost on the way
    (a restart, a dropped connection). The player is shown the board as it is now."""

    status = 200


# Everything a visible change can touch (the rest of a match never changes after creation).
CHANGED_FIELDS = [
    "learn",
    "state",
    "version",
    "move_count",
    "status",
    "outcome",
    "started_at",
    "finished_at",
    "last_move_at",
    "recent",
    "deadline_at",
    "bots_due",
    "due_at",
    "wake_at",
    "failures",
    "stuck_at",
    "stuck_reason",
]
# What a move only its player can see changes (Prime Bomb: a changed secret choice).
PRIVATE_FIELDS = ["state", "move_count", "last_move_at"]
# A bot's move or the clock failing this many times in a row makes the match stuck: nothing
# retries it until its teacher says so (a task failing at every sweep helps nobody).
FAILURES_STUCK = 3
RECENT_MOVES = 8
SEEN_EVERY = 15  # seconds between presence writes; well under GAMES_SEAT_AWAY_SECONDS


@dataclass(frozen=True)
class Moved:
    """What a player's move left: the match (locked and saved), its seats, and what the move
    showed (its learning events: the mover's board plays a "good" sound for a right fact)."""

    match: Match
    seats: list[Seat]
    events: list


@dataclass(frozen=True)
class SeatSpec:
    """Who sits in a seat when a match is created: a student, a teacher, a bot, or nobody
    yet."""

    student: Student | None = None
    bot: str = ""
    teacher: User | None = None


def seat_spec(player: Player) -> SeatSpec:
    """The seat of a person: a student, or a teacher."""
    return SeatSpec(student=player) if isinstance(player, Student) else SeatSpec(teacher=player)


def match_create(
    *,
    game: str,
    settings: dict,
    classroom: Classroom | None,
    seats: list[SeatSpec],
    host: Student | None = None,
    assignment: Assignment | None = None,
    seed: int | None = None,
    mode: str = Match.Mode.GAME,
) -> Match:
    """A new match; it starts at once unless a seat waits for a classmate.

    A teacher's practice game has mode PRACTICE and no class: it counts for nobody."""
    rules = get_game(game)
    if classroom is None and mode == Match.Mode.GAME:
        raise MatchError("A game that counts must belong to a class.")
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
            seed=seed
            if seed is not None
            else rules.choose_seed(clean, secrets.randbits(48), timezone.localdate()),
            classroom=classroom,
            host=host,
            assignment=assignment,
            level=rules.progress_level(clean)[0],
            mode=mode,
            learn=learn_start() if mode == Match.Mode.LEARN else None,
        )
        Seat.objects.bulk_create(
            Seat(
                match=match,
                index=i,
                student=spec.student,
                teacher=spec.teacher,
                bot=spec.bot,
                last_seen_at=_now(),
            )
            for i, spec in enumerate(seats)
        )
        if not any(spec.student is None and spec.teacher is None and not spec.bot
                   for spec in seats):  # fmt: skip
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


def learn_create(*, game: str, player: Player) -> Match:
    """A new Learn to play round of a game for a student or a teacher: the game's script,
    its deal, the learner in seat 0 and the script playing the other seats. Never counted."""
    rules = get_game(game)
    script = rules.learn_to_play()
    bot = next(iter(rules.bots()))
    seats = [seat_spec(player)] + [SeatSpec(bot=bot)] * (script.players - 1)
    student = player if isinstance(player, Student) else None
    return match_create(
        game=game,
        settings=script.settings,
        classroom=student.classroom if student else None,
        seats=seats,
        host=student,
        seed=script.seed,
        mode=Match.Mode.LEARN,
    )


def match_play(
    *,
    match_id: int,
    player: Player,
    move: object,
    version: int,
    submission: str = "",
    board_key: str = "",
) -> Match:
    """Apply a player's move to the board they saw (version), or refuse it.

    `board_key` is what the rules said the player's moves depended on when that board was
    drawn (Game.board_key): where the board has changed since but the key has not (a classmate
    chose at the same moment), the move is still played.

    `submission` names the board the move was made from: the same submission sent again (a
    retry after a lost answer) raises AlreadyPlayed instead of being refused as stale.
    A refused move changes nothing in the game, but its mistake is kept for progress reports.
    In a Learn to play round only the move the coach asked for is made.
    """
    refused: IllegalMove | None = None
    # A player's move is worked out under the lock: every game's play takes well under a
    # millisecond (bench/move_load.py), less than reading the match once more before the lock
    # would cost. Bots, which may think for long, think outside it (match_wake).
    with transaction.atomic():
        match, seats = _locked_with_seats(match_id)
        seat = seat_of(seats, player)
        if seat is None:
            raise NotYourSeat("You are not playing in this game.")
        if submission:
            _check_submission(match, seat, submission)
        rules = get_game(match.game)
        if match.version != version and not _same_board_key(match, rules, seat, board_key):
            raise StaleBoard("The board changed before your move arrived. Here it is now.")
        if match.status != Match.Status.PLAYING:
            raise MatchError("This game is not being played right now.")
        if seat.gave_up:
            raise MatchError("You gave up this game, so a bot is playing it now.")
        parsed = rules.parse_move(move)  # garbage raises IllegalMove and records nothing
        try:
            played = rules.play(match.state, seat.index, parsed)
            if match.mode == Match.Mode.LEARN:
                _learn_check(match, rules, parsed)
        except IllegalMove as error:
            _mark(seat, stand_in_last=False)  # they are at the board: the hand is theirs
            events = rules.learning_events(match.state, seat.index, parsed, error)
            _record_learning(match, seats, None, events)
            refused = error
        else:
            back = seat.bot_stand_in
            if played.state == match.state and match.learn is None and not back:
                return Moved(match, seats, [])  # the same choice again: not a move
            if back:  # they are back: the stand-in bot stops
                seat.bot_stand_in = False
                seat.save(update_fields=["bot_stand_in"])
            _commit_move(
                match, seats, seat, parsed, played, by_bot=False, submission=submission,
                public=back,
            )  # fmt: skip
    if refused is not None:
        raise refused
    return Moved(match, seats, played.events)


def _check_submission(match: Match, seat: Seat, submission: str) -> None:
    """A board's id sent again: its move was played already (AlreadyPlayed) if it was this
    seat's board; another seat's board id is refused (409) and changes nothing."""
    used = rows.submission_seat(match.pk, submission)
    if used is None:
        return
    if used == seat.index:
        raise AlreadyPlayed("Your move was played.")
    raise StaleBoard("That move came from another player's board. Here is yours.")


def match_give_up(*, match_id: int, player: Player) -> Match:
    """Give up a game (the player said yes to "Are you sure?"). It meets no goal for them.

    Where the rules have a move for it (Prime Solitaire's "give up") that move ends the game;
    otherwise, with classmates still playing, a bot plays the seat to the end; with nobody
    else at the table the game is closed."""
    with transaction.atomic():
        match, seats = _locked_with_seats(match_id)
        seat = seat_of(seats, player)
        if seat is None:
            raise NotYourSeat("You are not playing in this game.")
        if match.status != Match.Status.PLAYING:
            raise MatchError("This game is not being played right now.")
        if seat.gave_up:
            return match
        rules = get_game(match.game)
        seat.gave_up = True
        seat.save(update_fields=["gave_up"])
        legal = rules.legal_moves(match.state, seat.index) if rules.resign_move else []
        resign = next((move for move in legal if move.type == rules.resign_move), None)
        if resign is not None and match.mode != Match.Mode.LEARN:
            played = rules.play(match.state, seat.index, resign)
            _commit_move(match, seats, seat, resign, played, by_bot=False)
        elif any(s.is_human and not s.gave_up for s in seats if s.pk != seat.pk):
            seat.bot_stand_in = True
            seat.bot = seat.bot or next(iter(rules.bots()))
            seat.save(update_fields=["bot_stand_in", "bot"])
            _changed(match, seats, same_round=True)  # the state is as it was: so is its clock
        else:
            match.status = Match.Status.ABANDONED
            match.finished_at = _now()
            match.outcome = {"winners": [], "scores": [], "reason": "gave up"}
            _changed(match, seats)
            if match.counts:
                _on_commit_progress(match.pk)
    return match


def match_bot_play(*, match_id: int, version: int, player: int | None = None) -> bool:
    """Let a bot move for `player` (default: whoever's turn it is) now, if the match is still
    at `version` and the rules give that seat a move (whatever its think time: tests and the
    demo data). Idempotent; False when nothing was done."""
    with transaction.atomic():
        match, seats = _locked_with_seats(match_id)
        if match.version != version or match.status != Match.Status.PLAYING:
            return False
        rules = get_game(match.game)
        if player is None and match.mode != Match.Mode.LEARN:
            player = rules.current_player(match.state)
        return _bot_acts(match, seats, player)


def match_clock(*, match_id: int, version: int) -> bool:
    """The game's clock ran out at `version` (a turn limit, a challenge window): apply the
    rules' timeout. Idempotent; early or stale calls do nothing."""
    with transaction.atomic():
        match, seats = _locked_with_seats(match_id)
        if match.version != version or match.status != Match.Status.PLAYING:
            return False
        if not wakes.clock_due(match, _clock()):
            return False
        _clock_runs_out(match, seats)
    return True


def match_wake(*, match_id: int) -> bool:
    """Do what is due in the match now: the clock running out, else the move of the bot whose
    think time ended first; then plan the next wake-up. One change at a time (the next wake-up
    does the next). Idempotent: an early or repeated wake-up only plans again.

    The bots think outside the match's row lock, on the match as it was when they were due;
    their move is kept only if nobody moved meanwhile (else that move planned them again)."""
    with transaction.atomic():
        match, seats = _locked_with_seats(match_id)
        now = _clock()
        wakes.woken(match, now)
        thinking: list[Seat] = []
        if match.status == Match.Status.PLAYING and match.stuck_at is None:
            if wakes.clock_due(match, now):
                _clock_runs_out(match, seats)
                return True
            if not match.bots_due:  # planned before wake-ups existed (an upgrade): plan now
                wakes.plan(match, seats, same_round=True, now=now)
            for index in wakes.due_bots(match, now):
                if match.mode == Match.Mode.LEARN:  # the script's own step: nothing to think
                    if _bot_acts(match, seats, index):
                        return True
                    match.bots_due[str(index)] = wakes.DECLINED
                    continue
                seat = next((s for s in seats if s.index == index), None)
                if seat is not None and seat.is_bot_turn_player:
                    thinking.append(seat)
                else:
                    match.bots_due[str(index)] = wakes.DECLINED
        if not thinking:
            _plan_next_wake(match)
            return False
        match.save(update_fields=["bots_due", "wake_at"])
        before = (match.version, match.move_count, match.state)
        rules = get_game(match.game)
    choices = []  # each due bot in turn until one moves: (seat, move, what it did)
    for seat in thinking:
        move = _bot_choice(rules, match, seat)
        played = rules.play(match.state, seat.index, move) if move is not None else None
        choices.append((seat, move, played))
        if move is not None:
            break
    with transaction.atomic():
        match, seats = _locked_with_seats(match_id, state=False)
        if (match.version, match.move_count) != before[:2]:
            return False  # someone moved first: their move planned the bots again
        match.state = before[2]
        if match.status != Match.Status.PLAYING or match.stuck_at is not None:
            return False
        for thought, move, played in choices:
            seat = next(s for s in seats if s.index == thought.index)
            if move is None or not seat.is_bot_turn_player:  # nothing to do (or a child's
                match.bots_due[str(seat.index)] = wakes.DECLINED  # back at their seat)
                continue
            match.bots_due.pop(str(seat.index), None)  # a new think time if it moves again
            _commit_move(match, seats, seat, move, played, by_bot=True)
            return True
        _plan_next_wake(match)
    return False


def _plan_next_wake(match: Match) -> None:
    """Nothing changed: plan the next wake-up from what is left to do, and keep the plan."""
    wakes.replan(match)
    _wake_after_commit(match)
    match.save(update_fields=["bots_due", "due_at", "wake_at"])


def match_failed(*, match_id: int, error: BaseException) -> bool:
    """A wake-up of the match failed (a bot's move or the clock raised): count it. After
    FAILURES_STUCK failures in a row the match is stuck: nothing retries it, and its teacher
    sees why and may try again or end the game. True when it became stuck."""
    with transaction.atomic():
        match = Match.objects.select_for_update().filter(pk=match_id).first()
        if match is None or match.stuck_at is not None:
            return False
        _time_lock(match_id)
        match.failures += 1
        match.wake_at = None  # the chain of wake-ups broke here: the sweep sends the next try
        stuck = match.failures >= FAILURES_STUCK
        if stuck:
            match.stuck_at = _now()
            match.stuck_reason = f"{type(error).__name__}: {error}"[:500]
            match.due_at = None
            match_pk, version = match.pk, match.version
            transaction.on_commit(partial(_publish, match_pk, version), robust=True)
        match.save(update_fields=["failures", "wake_at", "stuck_at", "stuck_reason", "due_at"])
    return stuck


def match_unstick(*, match_id: int, classroom: Classroom) -> Match:
    """The teacher's "Try again" on a stuck match of their class: its bots and clock go on."""
    with transaction.atomic():
        match = _locked(match_id)
        if match.classroom_id != classroom.pk:
            raise NotYourSeat("This game is in another class.")
        if match.stuck_at is None:
            return match
        match.wake_at = None  # whatever was waiting is long gone: wake it afresh
        _changed(match, same_round=True)  # the state is as it was: so is its clock
    return match


def match_end(*, match_id: int, classroom: Classroom) -> Match:
    """The teacher ends a game of their class that cannot go on (a stuck one): it is closed
    with no winner and meets no goal."""
    with transaction.atomic():
        match = _locked(match_id)
        if match.classroom_id != classroom.pk:
            raise NotYourSeat("This game is in another class.")
        if match.status not in (Match.Status.PLAYING, Match.Status.LOBBY):
            return match
        was_playing = match.status == Match.Status.PLAYING
        match.status = Match.Status.ABANDONED
        match.finished_at = _now()
        match.outcome = {"winners": [], "scores": [], "reason": "ended by the teacher"}
        _changed(match)
        if was_playing and match.counts:
            _on_commit_progress(match.pk)
    return match


def match_analyse(*, match_id: int) -> bool:
    """Work out and keep what the rules can tell a teacher about a finished match (once)."""
    match = Match.objects.filter(pk=match_id, status=Match.Status.FINISHED).first()
    if match is None or match.analysis is not None:
        return False
    rules = get_game(match.game)
    log = list(match.moves.order_by("number").values_list("seat", "move"))
    analysis = rules.analyse(match.settings, match.seats.count(), match.seed, match.state, log)
    if analysis is None:
        return False
    Match.objects.filter(pk=match_id, analysis__isnull=True).update(analysis=analysis)
    return True


def seat_seen(*, seat: Seat) -> None:
    """Note that the student has the match open (at most one write every few seconds)."""
    now = _now()
    if seat.last_seen_at and now - seat.last_seen_at < timedelta(seconds=SEEN_EVERY):
        return
    Seat.objects.filter(pk=seat.pk).update(last_seen_at=now)
    seat.last_seen_at = now
    back = seat.bot_stand_in and not seat.gave_up
    if back and seat.match.status == Match.Status.PLAYING:
        with transaction.atomic():
            match = _locked(seat.match_id)
            Seat.objects.filter(pk=seat.pk).update(bot_stand_in=False)
            _changed(match, same_round=True)  # the state is as it was: so is its clock


def matches_sweep() -> dict[str, int]:
    """Keep every match moving: restart bot moves and clocks lost in a restart, let a bot
    stand in for a student who went away on their turn, close tables nobody came back to."""
    counts = {"nudged": 0, "stood_in": 0, "abandoned": 0}
    now = _now()
    away = now - timedelta(seconds=django_settings.GAMES_SEAT_AWAY_SECONDS)
    # A wake-up that should have come by now was lost (or failed): send it again. Stuck
    # matches are left to their teacher.
    late = now - timedelta(seconds=wakes.LOST_SECONDS)
    overdue = Match.objects.filter(
        status=Match.Status.PLAYING, stuck_at__isnull=True, due_at__lt=late
    ).values_list("pk", "due_at")
    for match_id, due in overdue:
        _send_wake(match_id, due)
        counts["nudged"] += 1
    playing = Match.objects.filter(status=Match.Status.PLAYING, mode=Match.Mode.GAME)
    for match in playing.prefetch_related("seats"):
        seats = list(match.seats.all())
        player = get_game(match.game).current_player(match.state)
        seat = next((s for s in seats if s.index == player), None)
        present = seat and seat.student_id and not seat.bot_stand_in
        if present and seat.last_seen_at and seat.last_seen_at < away:
            counts["stood_in"] += _stand_in(match.pk, seat.pk)
    stale_lobby = now - timedelta(seconds=django_settings.GAMES_LOBBY_EXPIRY_SECONDS)
    stale_play = now - timedelta(seconds=django_settings.GAMES_ABANDON_SECONDS)
    counts["abandoned"] += Match.objects.filter(
        status=Match.Status.LOBBY, created_at__lt=stale_lobby
    ).update(status=Match.Status.ABANDONED, finished_at=now)
    stale = (
        Match.objects.filter(status=Match.Status.PLAYING)
        .exclude(last_move_at__gte=stale_play)
        .filter(started_at__lt=stale_play)
    )
    stale_ids = list(stale.values_list("pk", flat=True))
    counts["abandoned"] += stale.filter(pk__in=stale_ids).update(
        status=Match.Status.ABANDONED, finished_at=now, deadline_at=None
    )
    for match_id in stale_ids:  # they may have learning records: progress counts them
        _on_commit_progress(match_id)
    return counts


# --- internals ------------------------------------------------------------------------------


def _now():
    return timezone.now()


def _clock() -> float:
    """Now as a Unix time (the wake-up plan's unit)."""
    return _now().timestamp()


def _locked(match_id: int) -> Match:
    try:
        match = Match.objects.select_for_update().get(pk=match_id)
    except Match.DoesNotExist:
        raise MatchError("There is no such game.") from None
    _time_lock(match_id)
    return match


def _time_lock(match_id: int) -> None:
    """Log how long the match's row lock is held, from now to the commit that releases it
    (the first thing done after commit: the later callbacks no longer hold it)."""
    if not lock_log.isEnabledFor(logging.WARNING):
        return
    started = time.perf_counter()

    def held() -> None:
        ms = (time.perf_counter() - started) * 1000
        level = logging.WARNING if ms > SLOW_LOCK_MS else logging.DEBUG
        lock_log.log(level, "match %s: row lock held %.2f ms", match_id, ms)

    transaction.on_commit(held, robust=True)


def _locked_with_seats(match_id: int, *, state: bool = True) -> tuple[Match, list[Seat]]:
    """The match, locked, and its seats with their students, in one query. state=False: the
    caller has the state already (worked out before the lock), so it is read only if used."""
    seats = rows.seats_with_match(match_id, lock=True, state=state)
    if not seats:
        raise MatchError("There is no such game.")
    _time_lock(match_id)
    return seats[0].match, seats


def seat_of(seats: list[Seat], player: Player) -> Seat | None:
    """The player's seat at the table, if they have one."""
    if isinstance(player, Student):
        return next((s for s in seats if s.student_id == player.pk), None)
    return next((s for s in seats if s.teacher_id == player.pk), None)


def _same_board_key(match: Match, rules: Game, seat: Seat, board_key: str) -> bool:
    """Whether a move from an older board still means the same thing now (Game.board_key)."""
    if not board_key or match.status != Match.Status.PLAYING:
        return False
    return rules.board_key(match.state, seat.index) == board_key


def _learn_check(match: Match, rules: Game, move) -> None:
    """A Learn to play round takes only the move its coach asked for; the progress after it
    goes on the match (committed with the move)."""
    progress = learn_accepts(rules, rules.learn_to_play(), match.learn, move)
    if progress is None:
        step = learn_step(rules.learn_to_play(), match.learn)
        say = step.say if step else ""
        raise IllegalMove(f"Not that one yet. {say}".strip(), kind="learn")
    match.learn = progress


def _learn_script_play(match: Match, seats: list[Seat], rules: Game) -> bool:
    """Make the script's own step of a Learn to play round (another seat's move, or the
    clock running out)."""
    found = learn_script_move(rules, rules.learn_to_play(), match.learn)
    if found is None:
        return False
    player, move, progress = found
    if player is None:
        move, player = Timeout(), rules.current_player(match.state) or 0
    played = rules.play(match.state, player, move)
    match.learn = progress
    seat = next(s for s in seats if s.index == player)
    _commit_move(match, seats, seat, move, played, by_bot=True)
    return True


def _start(match: Match) -> None:
    rules = get_game(match.game)
    count = match.seats.count()
    try:
        # The deal's own events ("Round 1: Ben dealt.") were nobody's move.
        match.state = mark_mover(rules.new_game(match.settings, count, match.seed), None)
    except SettingsError as error:  # a setting that needs another number of players
        raise MatchError(str(error)) from None
    match.status = Match.Status.PLAYING
    match.started_at = match.last_move_at = _now()
    _changed(match)


def _changed(match: Match, seats: list[Seat] | None = None, *, same_round: bool = False) -> None:
    """Save a visible change: bump the version, set the clock (in the same round, leave the
    running one and the bots' think times as they are), plan the next wake-up; after commit,
    publish the change and send the wake-up if one is needed."""
    match.version += 1
    # The game moved on (or its teacher said "Try again"): its bots and clock try afresh.
    match.failures, match.stuck_at, match.stuck_reason = 0, None, ""
    playing = match.status == Match.Status.PLAYING
    learning = match.mode == Match.Mode.LEARN  # a learner is never rushed: no clock runs
    clock = get_game(match.game).timer(match.state) if playing and not learning else None
    if clock is None:
        match.deadline_at = None
    elif not (same_round and match.deadline_at is not None):  # else the running clock goes on
        match.deadline_at = _now() + timedelta(seconds=clock)
    wakes.plan(match, seats, same_round=same_round, now=_clock())
    _wake_after_commit(match)
    rows.update(match, CHANGED_FIELDS)
    # Each side effect on its own, robust: a publish that fails (Redis away) must neither turn
    # a saved move into an error nor keep the wake-up from being sent.
    transaction.on_commit(partial(_publish, match.pk, match.version), robust=True)


def _wake_after_commit(match: Match) -> None:
    """Once committed, send the match's wake-up if the plan needs one sooner than the one
    waiting (wakes.take_wake notes it on the match, saved by the caller)."""
    if wakes.take_wake(match, _clock()):
        transaction.on_commit(partial(_send_wake, match.pk, match.due_at), robust=True)


def _send_wake(match_id: int, due) -> None:
    signals.wake_due.send(sender=Match, match_id=match_id, due=due)


def _bot_acts(match: Match, seats: list[Seat], player: int | None) -> bool:
    """The bot playing `player` makes its move now, if it has one it wants to make (in a Learn
    to play round: the script's own step). False when it had nothing to do. Under the lock:
    for the script, tests and the demo data (a match's wake-up thinks outside it)."""
    rules = get_game(match.game)
    if match.mode == Match.Mode.LEARN:
        match.bots_due.pop(str(player), None)  # the script's next step gets its own pause
        return _learn_script_play(match, seats, rules)
    seat = next((s for s in seats if s.index == player), None)
    if seat is None or not seat.is_bot_turn_player:
        return False
    move = _bot_choice(rules, match, seat)
    if move is None:  # nothing it wants to do now (a challenge it did not spot, a choice made)
        return False
    played = rules.play(match.state, seat.index, move)
    match.bots_due.pop(str(player), None)  # it moved: a new think time if it may move again
    _commit_move(match, seats, seat, move, played, by_bot=True)
    return True


def _bot_choice(rules: Game, match: Match, seat: Seat):
    """The move the seat's bot makes in the match as it is (None: nothing now), from its own
    view; its randomness is keyed by the match's seed, the seat and the version."""
    moves = rules.legal_moves(match.state, seat.index)
    if not moves:
        return None
    rng = rng_for(match.seed, "bot", seat.index, match.version)
    return rules.bots()[seat.bot].choose_move(rules.view(match.state, seat.index), moves, rng)


def _clock_runs_out(match: Match, seats: list[Seat]) -> None:
    """Apply the rules' timeout (a turn ends, the cards are shown)."""
    rules = get_game(match.game)
    player = rules.current_player(match.state) or 0
    played = rules.play(match.state, player, Timeout())
    seat = next(s for s in seats if s.index == player)
    _commit_move(match, seats, seat, Timeout(), played, by_bot=True)


def _publish(match_id: int, version: int) -> None:
    """Tell the match's watchers it changed (browsers poll too, so a lost one only delays)."""
    from . import live

    live.publish(match_id, version)


def _schedule_analysis(match_id: int) -> None:
    signals.analysis_due.send(sender=Match, match_id=match_id)


def _on_commit_progress(match_id: int) -> None:
    """Once committed, tell whoever keeps progress that the match ended (games.signals); a
    lost message is caught up by the nightly rebuild, so a broker hiccup must not fail the
    move: robust."""
    transaction.on_commit(
        lambda: signals.match_ended.send(sender=Match, match_id=match_id), robust=True
    )


def _commit_move(
    match: Match,
    seats: list[Seat],
    seat: Seat,
    move,
    played: Played,
    *,
    by_bot: bool,
    submission: str = "",
    public: bool = False,
) -> None:
    """Keep an applied move: its record, its learning events, the new state, the end of the
    game; then the visible change (unless only its player can see it: _private_move)."""
    rules = get_game(match.game)
    before, after = match.state, played.state
    private = not (public or by_bot) and _private_move(match, seats, rules, seat, before, after)
    match.move_count += 1
    text = played.text[: limits.MOVE_TEXT]
    rows.insert(
        [
            MoveRecord(
                match=match,
                number=match.move_count,
                seat=seat.index,
                by_bot=by_bot,
                move=move.to_json(),
                text=text,
                submission=submission,
            )
        ]
    )
    entry = {"number": match.move_count, "seat": seat.index, "text": text}
    stand_in = seat.stand_in_by(by_bot, move.type)
    # The events the move adds to the game's own log say who made it, once and for good.
    mark_mover(after, stand_in)
    if stand_in:
        entry["stand_in"] = True  # the bot's move, never told as the child's
        _mark(seat, stood_in=True, stand_in_last=True)  # never their own game again
    elif not by_bot:
        _mark(seat, stand_in_last=False)
    if not private:
        match.recent = [entry, *match.recent][:RECENT_MOVES]
    if move.type == rules.resign_move and not by_bot:
        seat.gave_up = True
        seat.save(update_fields=["gave_up"])
    # The clock's timeouts too: a wrong set nobody challenged in time is a mistake once its
    # window closes (Prime Challenge); the rules' events name the player they are about.
    _record_learning(match, seats, match.move_count, played.events)
    match.state = after
    match.last_move_at = _now()
    outcome = rules.outcome(after)
    if (
        outcome is None
        and match.learn is not None
        and learn_done(rules.learn_to_play(), match.learn)
    ):
        outcome_json = {"winners": [], "scores": [], "reason": "learned"}
    else:
        outcome_json = outcome.to_json() if outcome is not None else None
    if outcome_json is not None:
        match.status = Match.Status.FINISHED
        match.outcome = outcome_json
        match.finished_at = match.last_move_at
        for each in seats:
            each.won = each.index in outcome_json["winners"]
            each.save(update_fields=["won"])
        if match.counts and type(rules).analyse is not Game.analyse:
            match_id = match.pk
            transaction.on_commit(lambda: _schedule_analysis(match_id))
        if match.counts:
            _on_commit_progress(match.pk)
    if private:
        rows.update(match, PRIVATE_FIELDS)
        return
    before_key = rules.timer_key(before)
    same_round = before_key is not None and before_key == rules.timer_key(after)
    _changed(match, seats, same_round=same_round)


def _private_move(
    match: Match, seats: list[Seat], rules: Game, seat: Seat, before: dict, after: dict
) -> bool:
    """Whether a player's move changes what only they can see (Prime Bomb: a changed secret
    choice; Game.secret_moves). Such a move is kept without a new version, a live update or
    a line in the recent moves: anything else would tell the others that something happened
    (issue 36). A move that ends the game, starts or stops a clock, or steps a Learn to play
    round is public."""
    if not rules.secret_moves:
        return False
    if match.mode == Match.Mode.LEARN or rules.outcome(after) is not None:
        return False
    key = rules.timer_key(before)
    same_clock = key == rules.timer_key(after) and (
        key is not None or (rules.timer(before) is None and rules.timer(after) is None)
    )
    if not same_clock:
        return False
    others = [SPECTATOR, *(s.index for s in seats if s.index != seat.index)]
    return all(rules.view(before, p) == rules.view(after, p) for p in others)


def _record_learning(match: Match, seats: list[Seat], number: int | None, events) -> None:
    """Keep each event for the student it is about (a bot's challenge can show what a
    student missed); bots and bots standing in for a student learn nothing, and neither does
    anyone in a Learn to play round or a teacher's practice game."""
    if not events or not match.counts:
        return
    # A hand a stand-in played last is the bot's: what it shows is never the child's.
    learners = {
        s.index: s for s in seats if s.student_id and not s.bot_stand_in and not s.stand_in_last
    }
    rules = get_game(match.game)
    level = rules.settings_label(match.settings)
    for event in events:
        learner = learners.get(event.player)
        if learner is None:
            continue
        if event.helped or event.kind == HINT:
            _mark(learner, helped=True)
        if rules.is_attempt(event):
            _mark(learner, attempted=True)
    rows.insert(
        [
            LearningRecord(
                match=match,
                student_id=learners[event.player].student_id,
                game=match.game,
                level=level,
                level_key=match.level,
                move_number=number,
                kind=event.kind,
                skill=event.skill,
                correct=event.correct,
                mistake=event.mistake,
                detail=event.detail,
                helped=event.helped,
            )
            for event in events
            if event.player in learners
        ]
    )


def _mark(seat: Seat, **flags: bool) -> None:
    """Set what a seat's game was (Seat.stood_in, helped, ...), writing only what changes."""
    changed = {name: value for name, value in flags.items() if getattr(seat, name) != value}
    if changed:
        for name, value in changed.items():
            setattr(seat, name, value)
        rows.update(seat, list(changed))


def _stand_in(match_id: int, seat_id: int) -> int:
    with transaction.atomic():
        match = _locked(match_id)
        seat = Seat.objects.get(pk=seat_id)
        if seat.bot_stand_in or match.status != Match.Status.PLAYING:
            return 0
        seat.bot_stand_in = True
        seat.bot = seat.bot or next(iter(get_game(match.game).bots()))
        seat.save(update_fields=["bot_stand_in", "bot"])
        _changed(match, same_round=True)  # the state is as it was: so is its clock
    return 1
