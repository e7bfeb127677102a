"""Personal records ("Keep track of your rolls, and try to break your record!").

A record is a student's best score among their won games of one game and record key (the
game's `RecordRule` for the match's settings): real games (not Learn to play, not a teacher's
practice) won as their own, without the app's help (models.OWN_WIN).
Finished matches already hold the settings, the outcome and which seat won, so records are
read from them: no table of their own, nothing to keep in step. Each function below is one or
two queries, whatever the number of matches.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from typing import Any

from django.db.models import Q, QuerySet

from classrooms.models import Classroom, Student

from .engine import Game, all_games, get_game
from .engine.protocol import RecordRule
from .models import OWN_WIN, Match, Seat

# What one won seat brings: enough to work out its record key and score, never the state.
FIELDS = (
    "student_id",
    "index",
    "match_id",
    "match__game",
    "match__settings",
    "match__outcome",
    "match__finished_at",
)


@dataclass(frozen=True)
class Record:
    """A student's best score for one game and record key, and the match that set it."""

    game: Game
    rule: RecordRule
    score: float
    match_id: int
    date: datetime | None

    @property
    def text(self) -> str:
        """ "15 rolls"."""
        return self.rule.amount(self.score)


@dataclass(frozen=True)
class MatchRecord:
    """A finished match against the student's record: the best before it, and whether this
    game set a new one (a first win always does)."""

    rule: RecordRule
    won: bool
    score: float | None  # None when the game was not won: it does not count
    previous: Record | None
    is_new: bool

    @property
    def text(self) -> str:
        """ "17 rolls" (this game's score), or "" when it was not won."""
        return "" if self.score is None else self.rule.amount(self.score)


def record_games(game: str | None = None) -> list[str]:
    """Slugs of the games that keep records (those whose rules define `record_rule`)."""
    slugs = [g.slug for g in all_games() if type(g).record_rule is not Game.record_rule]
    return [slug for slug in slugs if game is None or slug == game]


def student_records(student: Student | int, game: str | None = None) -> list[Record]:
    """The student's best result per game and record key (one query), by game and title."""
    student_id = student if isinstance(student, int) else student.pk
    return _best(_won_seats(game).filter(student_id=student_id)).get(student_id, [])


def classroom_records(classroom: Classroom) -> list[tuple[Student, list[Record]]]:
    """Each student of the class who holds a record, with their records (two queries)."""
    best = _best(_won_seats().filter(student__classroom=classroom))
    return [(s, best[s.pk]) for s in classroom.students.all() if s.pk in best]


def record_for_match(
    match: Match, student: Student | int | None = None, *, seats: list | None = None
) -> MatchRecord | None:
    """How a finished match stands against the record of its student (default: the first
    student seated); None if the game keeps no record or the student did not play. `seats`:
    the match's seats when the caller has them."""
    if match.status != Match.Status.FINISHED or not match.counts:
        return None
    rule = get_game(match.game).record_rule(match.settings)
    if rule is None:
        return None
    seats = seats if seats is not None else list(match.seats.all())
    student_id = student if isinstance(student, int) else getattr(student, "pk", None)
    seat = next(
        (s for s in seats if s.student_id and student_id in (None, s.student_id)),
        None,
    )
    if seat is None:
        return None
    score = _score(match.outcome, seat.index) if seat.own_win else None
    earlier = _won_seats(match.game).filter(student_id=seat.student_id).filter(_before(match))
    previous = next(
        (r for r in _best(earlier).get(seat.student_id, []) if r.rule.key == rule.key), None
    )
    is_new = score is not None and (previous is None or rule.better(score, previous.score))
    return MatchRecord(rule=rule, won=bool(seat.won), score=score, previous=previous, is_new=is_new)


def _won_seats(game: str | None = None) -> QuerySet:
    """The student's own seats that won a finished real game of a game that keeps records."""
    return (
        Seat.objects.filter(
            OWN_WIN,
            student__isnull=False,
            match__mode=Match.Mode.GAME,
            match__status=Match.Status.FINISHED,
            match__game__in=record_games(game),
        )
        .order_by("match__finished_at", "match_id")
        .values_list(*FIELDS)
    )


def _before(match: Match) -> Q:
    """Matches finished before this one (the same moment: the older match first)."""
    if match.finished_at is None:
        return Q(match_id__lt=match.pk)
    same_time = Q(match__finished_at=match.finished_at, match_id__lt=match.pk)
    return Q(match__finished_at__lt=match.finished_at) | same_time


def _best(rows) -> dict[int, list[Record]]:
    """The best record per student, game and key, from rows in the order they were won (the
    first of equal scores keeps the record)."""
    best: dict[tuple[int, str, str], Record] = {}
    for student_id, index, match_id, slug, settings, outcome, finished_at in rows:
        game = get_game(slug)
        rule = game.record_rule(settings)
        score = _score(outcome, index)
        if rule is None or score is None:
            continue
        key = (student_id, slug, rule.key)
        if key not in best or rule.better(score, best[key].score):
            best[key] = Record(game, rule, score, match_id, finished_at)
    records: dict[int, list[Record]] = {}
    for (student_id, _, _), record in sorted(
        best.items(), key=lambda item: (item[1].game.name, item[1].rule.title)
    ):
        records.setdefault(student_id, []).append(record)
    return records


def _score(outcome: Any, index: int) -> float | None:
    """This seat's score from the outcome JSON, if it has a usable one."""
    try:
        score = outcome["scores"][index]
    except (KeyError, IndexError, TypeError):
        return None
    if isinstance(score, bool) or not isinstance(score, int | float):
        return None
    return score
