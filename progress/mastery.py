"""The mastery rule: a student's status at a level, and when they are ready for the next one.

In the spirit of Khan Academy's and Kolibri's levels — recent work weighs most, and a level is
mastered only with enough games behind it and no fact left weak (docs/rules.md, "Progress and
mastery"):

- not started: no game played (not even one given up) and no attempt or hint at that level;
- practising: anything played;
- proficient: at least 3 finished games, at least 20 attempts, and at least 16 of the last 20
  attempts (80 %) right;
- mastered: at least 5 finished games, at least 50 attempts, at least 45 of the last 50
  attempts (90 %) right, and no fact tried 3 or more times with under 60 % right.

Attempts are facts and factor sets only (learning-event kinds in ATTEMPT_KINDS): hints, rule
slips, challenges, missed plays and "closest to 101" show no knowledge of a fact. An attempt
the app helped with (a set a hint showed, a result the board showed: `helped`) is help, not
skill: it is counted apart and is no attempt here. Finished games are the student's own: a
game they gave up, or that a stand-in bot finished for them, meets no goal.

A student mastered at a level is "ready for" the next one (games with ordered levels only,
`progress_levels`) until they are proficient there.
"""

from __future__ import annotations

from games.engine import HINT, get_game

from .models import StudentProgress

Status = StudentProgress.Status

HINT_KIND = HINT  # the student asked for a hint
RECENT = 100  # attempts kept in StudentProgress.recent, newest last
# (finished games, attempts, recent window, right in the window)
PROFICIENT_RULE = (3, 20, 20, 16)
MASTERED_RULE = (5, 50, 50, 45)
WEAK_SKILL_TRIES, WEAK_SKILL_ACCURACY = 3, 0.6


def mastery(progress: StudentProgress) -> str:
    """The status the rule gives a progress row's numbers."""
    played = progress.games_played or progress.games_finished
    if not played and not progress.attempts and not progress.helped and not progress.hints:
        return Status.NOT_STARTED
    if _meets(progress, MASTERED_RULE) and not _weak_skill(progress.skills):
        return Status.MASTERED
    if _meets(progress, PROFICIENT_RULE):
        return Status.PROFICIENT
    return Status.PRACTISING


def _meets(progress: StudentProgress, rule: tuple[int, int, int, int]) -> bool:
    finished, attempts, window, right = rule
    recent = progress.recent[-window:]
    return (
        progress.games_finished >= finished
        and progress.attempts >= attempts
        and len(recent) >= window
        and sum(recent) >= right
    )


def _weak_skill(skills: dict[str, list[int]]) -> bool:
    return any(
        r + w >= WEAK_SKILL_TRIES and r < WEAK_SKILL_ACCURACY * (r + w) for r, w in skills.values()
    )


def next_level(game: str, level: str, statuses: dict[str, str]) -> tuple[str, str] | None:
    """The level to suggest after `level` given a student's statuses by level key: the next
    one when this one is mastered and the next not yet proficient (or better)."""
    levels = get_game(game).progress_levels()
    keys = [key for key, _ in levels]
    if level not in keys or keys.index(level) + 1 == len(keys):
        return None
    following = levels[keys.index(level) + 1]
    if statuses.get(level) != Status.MASTERED:
        return None
    if statuses.get(following[0]) in (Status.PROFICIENT, Status.MASTERED):
        return None
    return following
