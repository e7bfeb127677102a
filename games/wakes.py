"""When a match next needs a worker, and the one task that wakes it then.

At each visible change the platform plans when each bot-played seat acts (its think time) and
when the clock runs out; the earliest of those is the match's `due_at`. One wake-up task at a
time is waiting for a match (`wake_at`): a change sends another only when it needs the match
woken sooner than the one waiting, so a child tapping as fast as they can adds no task to the
queue (issue 36). The woken match does what is due and plans the next wake-up
(services.match_wake); the sweep sends one again for a match whose wake-up was lost (a Redis
restart) or failed.

A bot's think time never tells what it holds: the draw comes from a generator keyed by the
server's secret, the match and the change it was planned at, so nothing a player can see or
work out (their cards, the bot's hand, the seed) decides it.
"""

from __future__ import annotations

import random
from datetime import UTC, datetime

from django.conf import settings
from django.utils.crypto import salted_hmac

from .engine import Bot, get_game
from .engine.learn import learn_script_move
from .models import Match, Seat

# A wake-up due this long ago that has not come was lost (a Redis restart lost its task).
LOST_SECONDS = 5.0
# A wake-up this early or late still does what is due: timers are not exact.
SLACK_SECONDS = 0.05
DECLINED = None  # bots_due for a bot that had nothing to do this round (Prime Bomb: it chose)


def moment(seconds: float) -> datetime:
    return datetime.fromtimestamp(seconds, tz=UTC)


def think_rng(match: Match, seat: int) -> random.Random:
    """The generator of one bot's think time at this change: keyed by the server's secret, so
    no player can work it out, and the same when the same change is planned again."""
    key = salted_hmac("games.wakes.think", f"{match.pk}:{match.version}:{seat}", algorithm="sha256")
    return random.Random(key.hexdigest())


def bot_actors(match: Match, seats: list[Seat] | None = None) -> list[tuple[int, float]]:
    """The bot-played seats that may move now, with how long each takes to react (in a Learn
    to play round: the script, when the next step is not the learner's)."""
    rules = get_game(match.game)
    if match.mode == Match.Mode.LEARN:
        found = learn_script_move(rules, rules.learn_to_play(), match.learn)
        pace = settings.GAMES_BOT_DELAY_SECONDS
        return [] if found is None else [(found[0] if found[0] is not None else 0, pace)]
    if seats is None:
        seats = list(
            match.seats.only(
                "index", "bot", "student_id", "bot_stand_in", "teacher_id", "former_student"
            )
        )
    actors = []
    bots = [seat for seat in seats if seat.is_bot_turn_player]
    # Game.actors says cheaply who may move (here under the match's lock): a bot's move list
    # (Equate's costs tens of milliseconds) is built only for a bot that times its reaction
    # by its moves (Prime Challenge's challenges).
    movers = set(rules.actors(match.state, len(seats))) if bots else set()
    for seat in bots:
        if seat.index not in movers:
            continue
        bot = rules.bots()[seat.bot]
        delay = None
        if type(bot).reaction_seconds is not Bot.reaction_seconds:
            moves = rules.legal_moves(match.state, seat.index)
            view = rules.view(match.state, seat.index)
            delay = bot.reaction_seconds(view, moves, think_rng(match, seat.index))
        if delay is None:
            delay = settings.GAMES_BOT_DELAY_SECONDS
        else:
            delay *= settings.GAMES_BOT_THINK_SCALE
        actors.append((seat.index, delay))
    return actors


def plan(match: Match, seats: list[Seat] | None, *, same_round: bool, now: float) -> None:
    """Set when each bot acts and when the match is next due, for the state as it is now.

    In the same round (everyone choosing at once: Game.timer_key unchanged) a bot keeps the
    time it was given when the round began, and a bot that had nothing to do keeps having
    nothing to do: a classmate's choice neither hurries nor holds up the bots."""
    kept = match.bots_due if same_round else {}
    due: dict[str, float | None] = {}
    if match.status == Match.Status.PLAYING:
        for seat, delay in bot_actors(match, seats):
            due[str(seat)] = kept[str(seat)] if str(seat) in kept else now + delay
    match.bots_due = due
    replan(match)


def replan(match: Match) -> None:
    """`due_at`: the earliest time a bot or the clock acts (None: nothing until someone moves)."""
    times = [t for t in match.bots_due.values() if t is not None]
    if match.deadline_at is not None:
        times.append(match.deadline_at.timestamp())
    playing = match.status == Match.Status.PLAYING and match.stuck_at is None
    match.due_at = moment(min(times)) if times and playing else None


def due_bots(match: Match, now: float) -> list[int]:
    """The bot-played seats whose time has come, the earliest first."""
    ready = now + SLACK_SECONDS
    due = [(t, int(seat)) for seat, t in match.bots_due.items() if t is not None and t <= ready]
    return [seat for _, seat in sorted(due)]


def clock_due(match: Match, now: float) -> bool:
    """Whether the match's clock has run out."""
    return match.deadline_at is not None and match.deadline_at.timestamp() <= now + SLACK_SECONDS


def take_wake(match: Match, now: float) -> bool:
    """Before saving a planned match: whether a wake-up task must be sent (none is waiting,
    the one waiting comes too late, or it was lost); if so it is noted as waiting."""
    if match.due_at is None:
        return False
    waiting = match.wake_at
    lost = waiting is not None and waiting.timestamp() < now - LOST_SECONDS
    if waiting is not None and not lost and waiting <= match.due_at:
        return False
    match.wake_at = match.due_at
    return True


def woken(match: Match, now: float) -> None:
    """A wake-up task is running: the one noted as waiting has come (or was lost)."""
    if match.wake_at is not None and match.wake_at.timestamp() <= now + SLACK_SECONDS:
        match.wake_at = None
