"""Settings forms (assignment, student's new game, teacher's practice game) honour a setting's
"only_if"; titles never repeat the game's name ("Prime Climb · Prime Climb")."""

import re
from pathlib import Path

import pytest
from django.conf import settings as django_settings
from django.test import Client
from django.urls import reverse

from games.assignments import assignment_create, assignment_title
from games.engine import get_game
from games.forms import AssignmentForm, NewMatchForm, only_if_met
from games.models import Match

CLIMB = "prime-climb"
RULES = get_game(CLIMB)
STATIONS_FIELD = re.compile(
    r'<div class="field" data-only-if="(\d)">\s*<label for="id_setting_stations"'
)


def hidden_key(page: str) -> str:
    """The number the stations field is shown for; the Way Stations option reveals it."""
    found = STATIONS_FIELD.search(page)
    assert found, "the stations field is marked as shown only for a variant"
    key = found[1]
    assert f'<option value="way_stations" data-reveals="{key}">' in page
    assert page.count(f'data-reveals="{key}"') == 1  # no other variant shows it
    return key


def test_the_stations_spec_says_it_is_only_for_way_stations():
    spec = next(s for s in RULES.settings_fields() if s["name"] == "stations")
    assert spec["only_if"] == {"variant": "way_stations"}
    assert only_if_met(spec["only_if"], {"variant": "way_stations"})
    assert not only_if_met(spec["only_if"], {"variant": "classic"})
    assert only_if_met({"level": [2, 3]}, {"level": "3"})  # form posts are text


def test_the_site_stylesheet_hides_an_only_if_field_until_its_choice_is_made():
    css = Path(django_settings.BASE_DIR, "static/css/site.css").read_text()
    for key in "1234":
        assert (
            f'form:not(:has(option[data-reveals~="{key}"]:checked)) .field[data-only-if="{key}"]'
        ) in css


def test_every_settings_form_marks_the_way_stations_field(teacher_client, classroom, student):
    pages = [teacher_client.get(reverse("assignment_new", args=[classroom.pk, CLIMB]))]
    pages.append(teacher_client.get(reverse("practice_new", args=[CLIMB])))
    kid = Client()
    kid.force_login(student.user, backend="classrooms.auth.StudentBackend")
    pages.append(kid.get(reverse("match_new", args=[CLIMB])))
    for response in pages:
        page = response.content.decode()
        assert response.status_code == 200
        hidden_key(page)
        assert "<script>" not in page and "style=" not in page  # the CSP allows neither


def test_a_hidden_setting_keeps_its_default_whatever_is_posted(classroom):
    data = {
        "setting_variant": "classic",
        "setting_doubles": "must",
        "setting_stations": "37,71",
        "setting_turn_limit": "60",
        "setting_show_results": "no",
        "goal": "finish",
        "goal_count": "1",
    }
    form = AssignmentForm(data, game=RULES, classroom=classroom)
    assert form.is_valid(), form.errors
    assert form.game_settings()["stations"] == "53"
    ways = AssignmentForm(
        {**data, "setting_variant": "way_stations"}, game=RULES, classroom=classroom
    )
    assert ways.is_valid() and ways.game_settings()["stations"] == "37,71"
    forged = AssignmentForm({**data, "setting_stations": "29"}, game=RULES, classroom=classroom)
    assert not forged.is_valid()  # the server still checks whatever is posted
    student_form = NewMatchForm({**data, "seat_1": "easy"}, game=RULES)
    assert student_form.is_valid(), student_form.errors
    assert student_form.game_settings()["stations"] == "53"


def test_a_student_game_with_the_stations_field_hidden_counts_toward_a_classic_assignment(
    student_client, classroom, student
):
    assignment_create(classroom=classroom, game=CLIMB, settings={}, goal="finish", goal_count=1)
    student_client.post(
        reverse("match_new", args=[CLIMB]),
        {"setting_variant": "classic", "setting_stations": "31,53,79", "setting_doubles": "must",
         "setting_turn_limit": "60", "seat_1": "easy"},
    )  # fmt: skip
    assert Match.objects.get().settings == RULES.clean_settings({})


@pytest.mark.parametrize(
    ("settings", "title"),
    [
        ({}, "Prime Climb · Classic game"),
        ({"turn_limit": 30}, "Prime Climb · At most 30 turns each"),
        ({"variant": "double_time", "turn_limit": 30},
         "Prime Climb · Double Time · at most 30 turns each"),
        ({"variant": "way_stations", "stations": "37,71"},
         "Prime Climb · Way Stations (37 and 71)"),
    ],
)  # fmt: skip
def test_prime_climb_titles_name_the_game_once(classroom, settings, title):
    assignment = assignment_create(
        classroom=classroom, game=CLIMB, settings=settings, goal="finish", goal_count=1
    )
    assert assignment_title(assignment) == title
    assert title.count("Prime Climb") == 1


def test_prime_climb_progress_levels_name_the_classic_game_plainly():
    assert RULES.progress_level({}) == ("classic", "Classic game")
    assert RULES.progress_level({"variant": "sprint"}) == ("sprint", "Prime Sprint")
