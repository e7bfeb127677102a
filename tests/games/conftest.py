"""Fixtures for match tests: a class with students, and helpers to drive a match."""

import pytest

from classrooms import services as roster
from games import services
from games.engine import get_game
from games.models import Match

GAME = "multiplication"


@pytest.fixture
def ben(classroom):
    return roster.student_create(classroom=classroom, name="Ben")


@pytest.fixture
def rules():
    return get_game(GAME)


@pytest.fixture
def bot_match(student):
    """Ana against two bots, started at once."""
    return services.match_create(
        game=GAME,
        settings={"free_cards": 1},
        classroom=student.classroom,
        seats=[
            services.SeatSpec(student=student),
            services.SeatSpec(bot="easy"),
            services.SeatSpec(bot="strong"),
        ],
        host=student,
        seed=1234,
    )


def bots_until_human(match: Match) -> Match:
    """Let bots move until it is a student's turn or the game ends."""
    for _ in range(200):
        match.refresh_from_db()
        if not services.match_bot_play(match_id=match.pk, version=match.version):
            break
    match.refresh_from_db()
    return match


def human_seat(match: Match, rules):
    match.refresh_from_db()
    turn = rules.current_player(match.state)
    return match.seats.get(index=turn)


@pytest.fixture
def bot_first_match(student, rules):
    """Ana and a bot, with a seed where the bot has the first turn."""
    seed = next(
        s for s in range(100) if rules.current_player(rules.new_game({"free_cards": 0}, 2, s)) == 1
    )
    return services.match_create(
        game=GAME,
        settings={},
        classroom=student.classroom,
        seats=[services.SeatSpec(student=student), services.SeatSpec(bot="strong")],
        host=student,
        seed=seed,
    )
