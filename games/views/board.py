"""Rendering a match for one person: the page, or just its board for htmx and live updates."""

import math
import secrets

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.utils import timezone

from ..access import Access
from ..engine import Game, get_game
from ..engine.learn import learn_done, learn_step
from ..engine.texts import LEARNER
from ..models import Match
from ..records import MatchRecord, record_for_match

PAGE = "games/match.html"


def board_context(access: Access, **extra) -> dict:
    """Everything a board template needs, built from the viewer's own view of the state."""
    match = access.match
    rules = get_game(match.game)
    seats = access.all_seats()
    view = rules.view(match.state, access.player) if match.state else None
    turn = rules.current_player(match.state) if match.state else None
    # Everyone moving at once (Prime Bomb's choosing): no single player's turn.
    waiting = rules.waiting_for(match.state) if match.state else None
    if waiting is not None:
        turn = access.player if access.player in waiting else None
    return {
        "match": match,
        "rules": rules,
        "settings_label": rules.settings_label(match.settings),
        "seats": seats,
        "view": view,
        "me": access.player,
        "my_turn": turn is not None and turn == access.player and match.status == "playing",
        "turn_seat": None
        if waiting is not None
        else next((s for s in seats if s.index == turn), None),
        "waiting_seats": [s for s in seats if s.index in waiting] if waiting else [],
        "board_template": f"games/{match.game}/board.html",
        "stylesheet": rules.stylesheet,
        "script": rules.script,
        "moves": [] if rules.tells_own_story else match.recent,
        "is_host": access.seat is not None and match.host_id == access.seat.student_id,
        "i_won": any(seat.won for seat in seats if seat.index == access.player),
        "clock_seconds": clock_seconds(match),
        "match_record": _record(match, access, seats),
        "coach": coach(match, rules),
        "can_give_up": (
            access.seat is not None
            and match.status == Match.Status.PLAYING
            and not access.seat.gave_up
        ),
        "gave_up": access.seat is not None and access.seat.gave_up,
        # Each board a player is shown gets an id that its moves carry: a move sent again after
        # its answer was lost is recognised as played, not refused as stale.
        "submission": secrets.token_hex(16) if access.seat is not None else "",
        # What the player's moves depend on (Game.board_key), posted back with them: a move
        # from this board still counts after a classmate's move changed the board.
        "board_key": (
            (rules.board_key(match.state, access.player) or "")
            if access.seat is not None and match.state
            else ""
        ),
        "sound": extra.pop("sound", "") or _finished_sound(match, seats, access),
        **extra,
    }


def _finished_sound(match: Match, seats, access: Access) -> str:
    """A win plays the winner's sound (the page plays it only if it saw the game end)."""
    won = any(seat.won for seat in seats if seat.index == access.player)
    return "win" if match.status == Match.Status.FINISHED and won else ""


def sound_on(request: HttpRequest) -> bool:
    """Whether this player hears game sounds: their own switch, else their class's default."""
    user = request.user
    if user.is_authenticated and user.is_student:
        student = user.student
        return student.sound if student.sound is not None else student.classroom.sounds
    return request.session.get("sound", True)


def coach(match: Match, rules: Game) -> dict | None:
    """What the Learn to play coach says now: the step to make (or to watch), what the last
    step showed, and which board elements to point at. None outside a Learn to play round."""
    if match.mode != Match.Mode.LEARN or match.learn is None:
        return None
    script = rules.learn_to_play()
    index = match.learn["step"]
    step = learn_step(script, match.learn)
    before = script.steps[index - 1] if index else None
    return {
        "intro": script.intro if index == 0 and not match.learn["done"] else "",
        "say": step.say if step else "",
        "mine": step is not None and step.seat == LEARNER,
        "then": before.then if before else "",
        "number": min(index + 1, len(script.steps)),
        "total": len(script.steps),
        "highlight": ", ".join(step.highlight) if step else "",
        "finish": script.finish if learn_done(script, match.learn) else "",
    }


def _record(match: Match, access: Access, seats) -> MatchRecord | None:
    """The seated student's record, once a game that keeps records is over."""
    if access.seat is None or match.status != Match.Status.FINISHED:
        return None
    return record_for_match(match, access.seat.student_id, seats=seats)


def clock_seconds(match: Match) -> int | None:
    """Whole seconds left on the game's clock (turn limit, challenge window), if one runs."""
    if match.deadline_at is None or match.status != Match.Status.PLAYING:
        return None
    return max(0, math.ceil((match.deadline_at - timezone.now()).total_seconds()))


def render_board(
    request: HttpRequest, access: Access, *, status: int = 200, **extra
) -> HttpResponse:
    """The board partial for htmx; the whole page otherwise."""
    template = f"{PAGE}#board" if request.htmx else PAGE
    if not request.htmx:
        extra["sound_on"] = sound_on(request)
    in_place = get_game(access.match.game).errors_in_place
    extra["error_in_place"] = request.method == "POST" and request.POST.get("type") in in_place
    return render(request, template, board_context(access, **extra), status=status)


def is_current(match: Match, version: str | None) -> bool:
    return version is not None and version == str(match.version)
