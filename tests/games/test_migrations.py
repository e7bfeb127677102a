"""Data migrations keep old games replaying exactly."""

import importlib

from django.apps import apps

from classrooms.models import Assignment
from games import services
from games.models import LearningRecord, Match, MoveRecord, Seat

show_results = importlib.import_module("games.migrations.0009_prime_climb_show_results")


def test_old_prime_climb_games_keep_their_results_shown_and_assignments_get_the_default(
    student, classroom
):
    match = services.match_create(
        game="prime-climb",
        settings={},
        classroom=classroom,
        seats=[services.SeatSpec(student=student), services.SeatSpec(bot="easy")],
        seed=5,
    )
    old = {k: v for k, v in match.settings.items() if k != "show_results"}
    state = {**match.state, "settings": old}
    Match.objects.filter(pk=match.pk).update(settings=old, state=state)
    assignment = Assignment.objects.create(classroom=classroom, game="prime-climb", settings=old)

    show_results.forwards(apps, None)

    match.refresh_from_db()
    assignment.refresh_from_db()
    assert match.settings["show_results"] == "yes"  # played with the results shown
    assert match.state["settings"]["show_results"] == "yes"
    assert assignment.settings == {**old, "show_results": "no"}  # the new default
    show_results.forwards(apps, None)  # again: nothing changes
    match.refresh_from_db()
    assert match.settings["show_results"] == "yes"


own_play = importlib.import_module("games.migrations.0015_seat_own_play")


def test_seats_of_games_already_played_get_their_own_play_from_the_logs(student, classroom):
    """Issue 30: a stand-in's move (a bot's move in a person's seat), a hint and a right
    answer of their own are read back from the move log and the learning records."""
    match = services.match_create(
        game="multiplication",
        settings={"free_cards": 0},
        classroom=classroom,
        seats=[services.SeatSpec(student=student), services.SeatSpec(bot="easy")],
        seed=3,
    )
    seat = match.seats.get(index=0)
    MoveRecord.objects.create(match=match, number=1, seat=0, by_bot=True, move={"type": "draw"})
    MoveRecord.objects.create(match=match, number=2, seat=1, by_bot=True, move={"type": "draw"})
    LearningRecord.objects.create(
        match=match, student=student, game=match.game, kind="fact", skill="3x4", correct=True
    )
    LearningRecord.objects.create(
        match=match, student=student, game=match.game, kind="hint", skill="x", correct=False
    )
    Seat.objects.filter(match=match).update(stood_in=False, helped=False, attempted=False)

    own_play.fill(apps, None)

    seat.refresh_from_db()
    assert (seat.stood_in, seat.helped, seat.attempted) == (True, True, True)
    bot = match.seats.get(index=1)
    assert not bot.stood_in  # a bot's own seat is never "stood in for"


products = importlib.import_module("games.migrations.0016_products_shown_setting")


def test_old_games_keep_their_products_shown_and_assignments_get_the_hidden_default(
    student, classroom
):
    """Issue 30: games saved before "product while choosing" were played with it shown."""
    match = services.match_create(
        game="prime-solitaire",
        settings={"level": 1},
        classroom=classroom,
        seats=[services.SeatSpec(student=student)],
        seed=5,
    )
    old = {k: v for k, v in match.settings.items() if k != "product"}
    state = {**match.state, "settings": old}  # as a game of before was saved
    Match.objects.filter(pk=match.pk).update(settings=old, state=state)
    assignment = Assignment.objects.create(classroom=classroom, game="multiplication", settings={})

    products.forwards(apps, None)

    match.refresh_from_db()
    assignment.refresh_from_db()
    assert match.settings["product"] == "shown"
    assert match.state["settings"]["product"] == "shown"
    assert assignment.settings == {"product": "hidden"}
    products.forwards(apps, None)  # again: nothing changes
    match.refresh_from_db()
    assert match.settings["product"] == "shown"
