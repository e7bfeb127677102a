"""A simulated class: five students of known error rates play Prime Solitaire through the real
services; the report ranks them in that order and suggests the next level to the strong ones.

Each simulated student plays like the easy bot (the real rules' legal moves and the bot's
choice of sets) but, when about to collect a set, turns a card over instead with their error
rate: a real missed set. Errors are spread evenly (error diffusion, not dice), so a student
with an 8 % rate misses exactly 4 sets in any 50: the test checks the rule, not luck.
"""

import random

import pytest

from classrooms import services as roster
from games import services
from games.engine import get_game
from games.models import Match
from games.primepak.solitaire.moves import Collect, Turn
from progress import services as progress
from progress.reports import class_report

from .test_progress import snapshot

GAME = "prime-solitaire"
RATES = {"Ava": 0.02, "Bo": 0.08, "Cy": 0.15, "Di": 0.30, "Ed": 0.50}  # strongest first
GAMES_EACH = 6
RANK = {"mastered": 3, "proficient": 2, "practising": 1, "not_started": 0}


def play(student, seed: int, rate: float, debt: list[float]) -> Match:
    """One game of Prime Solitaire at level 1, every move through services.match_play."""
    rules = get_game(GAME)
    bot = rules.bots()["easy"]
    rng = random.Random(seed)
    match = services.match_create(
        game=GAME,
        settings={"level": 1},
        classroom=student.classroom,
        seats=[services.SeatSpec(student=student)],
        host=student,
        seed=seed,
    )
    while match.status == Match.Status.PLAYING:
        moves = rules.legal_moves(match.state, 0)
        move = bot.choose_move(rules.view(match.state, 0), moves, rng)
        if isinstance(move, Collect):
            debt[0] += rate
            if debt[0] >= 1 and Turn() in moves:  # a set seen but not taken: a missed set
                debt[0] -= 1
                move = Turn()
        match = services.match_play(
            match_id=match.pk, player=student, move=move.to_json(), version=match.version
        ).match
    return match


@pytest.fixture
def simulated_class(classroom, django_capture_on_commit_callbacks):
    students = {name: roster.student_create(classroom=classroom, name=name) for name in RATES}
    with django_capture_on_commit_callbacks(execute=True):  # progress updates as games end
        for name, rate in RATES.items():
            debt = [0.0]
            for game in range(GAMES_EACH):
                play(students[name], seed=1000 + game, rate=rate, debt=debt)
    return students


def test_the_report_ranks_students_by_skill_and_suggests_the_next_level_to_the_strong(
    simulated_class, classroom
):
    report = class_report(classroom, game=GAME, level="level-1")
    levels = {row.student.name: row.levels[0] for row in report.rows}
    assert {name: level.games_finished for name, level in levels.items()} == dict.fromkeys(
        RATES, GAMES_EACH
    )
    for name, rate in RATES.items():  # every attempt is a set taken or a set missed
        assert levels[name].accuracy == pytest.approx(1 - rate, abs=0.03)
    ranked = sorted(levels, key=lambda n: (RANK[levels[n].status], levels[n].accuracy))
    assert ranked[::-1] == list(RATES)
    assert {name: level.status for name, level in levels.items()} == {
        "Ava": "mastered",
        "Bo": "mastered",
        "Cy": "proficient",
        "Di": "practising",
        "Ed": "practising",
    }
    suggested = {name: level.suggestion for name, level in levels.items()}
    assert suggested == {
        "Ava": "Ready for Level 2",
        "Bo": "Ready for Level 2",
        "Cy": None,
        "Di": None,
        "Ed": None,
    }
    assert all("missed_set" in levels[n].mistakes for n in ["Bo", "Cy", "Di", "Ed"])
    assert report.by_level[0].counts == {
        "not_started": 0,
        "practising": 2,
        "proficient": 1,
        "mastered": 2,
    }
    # The rows the games' incremental updates built are what a full rebuild computes.
    incremental = snapshot()
    progress.progress_rebuild()
    assert snapshot() == incremental
