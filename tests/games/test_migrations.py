"""Data migrations keep old games replaying exactly."""

import importlib

from django.apps import apps

from classrooms.models import Assignment
from games import services
from games.models import Match

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
