"""The teacher's four blank Prime Cards on the assignment form: rule text "Fill in the Blanks:
Make your own Prime cards with the four included blanks!" and docs/rules.md "The four blank
cards: a teacher may define up to four custom cards from these same effect kinds"."""

from __future__ import annotations

import re

import pytest
from django.test import Client
from django.urls import reverse

from games.engine import SettingsError
from games.forms import AssignmentForm, NewMatchForm, slot_summaries
from games.models import Match
from games.primeclimb.game import PrimeClimb
from games.primeclimb.moves import EndTurn, Step

from .scenario import GAME, play, scenario
from .test_board import render

SLUG = "prime-climb"
BASE = {"setting_variant": "classic", "setting_doubles": "must", "setting_stations": "53"}
BASE |= {"setting_turn_limit": "60", "setting_show_results": "no"}
BASE |= {"goal": "finish", "goal_count": "2"}


def card(i: int, kind: str, n: str = "") -> dict[str, str]:
    """The posted fields of slot i."""
    return {f"setting_custom_cards_{i}_kind": kind, f"setting_custom_cards_{i}_n": n}


def assignment_form(classroom, data: dict | None = None, game=GAME) -> AssignmentForm:
    return AssignmentForm(data, game=game, classroom=classroom)


@pytest.fixture
def ana(student) -> Client:
    """Ana's own browser (the teacher_client fixture has the default one)."""
    client = Client()
    client.force_login(student.user, backend="classrooms.auth.StudentBackend")
    return client


def test_the_game_describes_four_blank_card_slots_for_teachers_only():
    spec = GAME.settings_fields()[-1]
    assert spec["name"] == "custom_cards" and spec["type"] == "slots" and spec["slots"] == 4
    assert spec["teacher_only"] is True
    texts = dict(spec["choices"])
    assert len(texts) == 12 and texts["send_to"] == "Send your pawn to N"
    assert texts["plus_minus"].startswith("Keeper: add N or take away N")
    assert spec["numbers"] == {"plus_minus": (1, 10), "send_to": (1, 100)}


def test_each_slot_is_a_kind_with_a_blank_first_and_an_optional_number(classroom):
    form = assignment_form(classroom)
    for i in range(1, 5):
        kind, number = form[f"setting_custom_cards_{i}_kind"], form[f"setting_custom_cards_{i}_n"]
        assert kind.field.choices[0] == ("", "— blank (not used) —")
        assert not kind.field.required and not number.field.required
        html = str(number)
        assert 'type="number"' in html and 'min="1"' in html and 'max="100"' in html
    assert "setting_custom_cards_5_kind" not in form.fields


def test_the_form_assembles_the_cards_in_slot_order_and_skips_blanks(classroom):
    data = BASE | card(1, "send_to", "37") | card(2, "") | card(3, "switch")
    form = assignment_form(classroom, data | card(4, "plus_minus", "10"))
    assert form.is_valid(), form.errors
    assert form.game_settings()["custom_cards"] == [
        {"kind": "send_to", "n": 37},
        {"kind": "switch"},
        {"kind": "plus_minus", "n": 10},
    ]
    form = assignment_form(classroom, BASE)
    assert form.is_valid(), form.errors
    assert form.game_settings()["custom_cards"] == []


@pytest.mark.parametrize(
    ("data", "field", "words"),
    [
        (card(2, "plus_minus", "11"), "setting_custom_cards_2_n", "needs N from 1 to 10"),
        (card(1, "send_to"), "setting_custom_cards_1_n", "needs N from 1 to 100"),
        (card(1, "send_to", "500"), "setting_custom_cards_1_n", "N goes from 1 to 100"),
        (card(1, "send_to", "x"), "setting_custom_cards_1_n", "whole number"),
        (card(3, "teleport"), "setting_custom_cards_3_kind", "Choose one of the cards"),
        (card(4, "switch", "5"), "setting_custom_cards_4_n", "has no number: leave N empty"),
        (card(1, "", "5"), "setting_custom_cards_1_n", "Choose what this card does"),
    ],
)
def test_a_bad_card_is_refused_on_its_own_slot(classroom, data, field, words):
    form = assignment_form(classroom, BASE | data)
    assert not form.is_valid()
    assert words in " ".join(form.errors[field])


def test_a_fifth_card_forged_into_the_post_is_refused(classroom):
    data = BASE | card(1, "bump") | card(2, "curse") | card(3, "switch") | card(4, "steal")
    form = assignment_form(classroom, data | card(5, "roll_again"))
    assert not form.is_valid()
    assert "at most 4" in " ".join(form.non_field_errors())


class NoSecond64(PrimeClimb):
    """Prime Climb where a "Send your pawn to 64" blank is refused (the deck has one)."""

    def clean_settings(self, settings):
        clean = super().clean_settings(settings)
        if {"kind": "send_to", "n": 64} in clean["custom_cards"]:
            raise SettingsError("There is already a “go to 64” card.")
        return clean


def test_the_games_own_refusal_lands_on_the_slot_it_is_about(classroom):
    data = BASE | card(1, "switch") | card(3, "send_to", "64")
    form = assignment_form(classroom, data, game=NoSecond64())
    assert not form.is_valid()
    assert form.errors["setting_custom_cards_3_n"] == ["There is already a “go to 64” card."]
    assert not form.non_field_errors()


def test_the_page_shows_the_slots_as_a_labelled_fieldset(teacher_client, classroom):
    html = teacher_client.get(reverse("assignment_new", args=[classroom.pk, SLUG])).content.decode()
    assert re.search(r'<fieldset class="slots"[^>]*>\s*<legend>Blank Prime Cards', html)
    for i in range(1, 5):
        for part in ("kind", "n"):
            assert f'<label for="id_setting_custom_cards_{i}_{part}">' in html
    assert "— blank (not used) —" in html and "Send your pawn to N" in html
    assert "style=" not in html and "<script>" not in html


def test_a_teacher_assigns_prime_climb_with_custom_cards(teacher_client, classroom):
    data = BASE | card(1, "send_to", "37") | card(2, "plus_minus", "10") | card(4, "switch")
    response = teacher_client.post(reverse("assignment_new", args=[classroom.pk, SLUG]), data)
    assert response.status_code == 302
    assignment = classroom.assignments.get()
    assert assignment.settings["custom_cards"] == [
        {"kind": "send_to", "n": 37},
        {"kind": "plus_minus", "n": 10},
        {"kind": "switch"},
    ]
    page = teacher_client.get(reverse("assignment_detail", args=[classroom.pk, assignment.pk]))
    html = page.content.decode()
    assert "3 custom cards" in html and "Send your pawn to 37" in html
    assert "Keeper: add 10 or take away 10" in html and "Switch any two pawns" in html


def test_an_invalid_card_answers_422_and_saves_nothing(teacher_client, classroom):
    data = BASE | card(1, "send_to", "101")
    response = teacher_client.post(reverse("assignment_new", args=[classroom.pk, SLUG]), data)
    assert response.status_code == 422 and not classroom.assignments.exists()
    html = response.content.decode()
    assert 'aria-invalid="true"' in html and 'id="id_setting_custom_cards_1_n_error"' in html


def test_a_student_plays_with_the_teachers_cards_from_the_assignment(
    teacher_client, ana, classroom
):
    data = BASE | card(1, "send_to", "37") | card(2, "bump")
    teacher_client.post(reverse("assignment_new", args=[classroom.pk, SLUG]), data)
    assignment = classroom.assignments.get()
    url = reverse("match_new", args=[SLUG]) + f"?assignment={assignment.pk}"
    assert "custom_cards" not in ana.get(url).content.decode()
    # a forged card in the student's post changes nothing: the assignment's cards are used
    response = ana.post(url, {"seat_1": "easy"} | card(3, "roll_again"))
    assert response.status_code == 302
    match = Match.objects.get()
    assert match.assignment == assignment and match.settings == assignment.settings
    assert match.state["cards"]["custom1"] == {"kind": "send_to", "n": 37}
    assert match.state["cards"]["custom2"] == {"kind": "bump"}
    assert "custom3" not in match.state["cards"]


def test_students_have_no_custom_card_fields_and_forged_ones_are_ignored(ana, student):
    form = NewMatchForm(game=GAME)
    assert not [name for name in form.fields if "custom_cards" in name]
    url = reverse("match_new", args=[SLUG])
    assert "custom_cards" not in ana.get(url).content.decode()
    forged = {"setting_custom_cards": "send_to:37"} | card(1, "send_to", "37")
    settings = {key: value for key, value in BASE.items() if key.startswith("setting_")}
    response = ana.post(url, settings | {"seat_1": "easy"} | forged)
    assert response.status_code == 302
    match = Match.objects.get()
    assert match.settings["custom_cards"] == [] and "custom1" not in match.state["cards"]


def test_the_board_writes_out_a_drawn_custom_card():
    """A custom Keeper is face up with its words; a custom Action card says what it does."""
    turn = (Step(0, 1, "add"), Step(1, 3, "add"), EndTurn())  # pawn A lands on 11 (red)
    state = scenario(
        [[10, 0], [0, 0]], dice=(1, 3), draw_top=["custom1"], custom_cards=["plus_minus:10"]
    )
    state = play(state, *turn)
    assert state["keepers"][0] == ["custom1"]
    assert "Keeper: add 10 or take away 10 (either pawn)" in render(state, 1)
    state = scenario(
        [[10, 0], [90, 50]], dice=(1, 3), draw_top=["custom2"], custom_cards=["bump", "switch"]
    )
    state = play(state, *turn)
    assert state["turn"]["phase"] == "action"
    assert "Switch any two pawns" in render(state, 0)


def test_slot_summaries_write_the_number_in_place_of_n():
    settings = GAME.clean_settings({"custom_cards": ["send_to:37", "digits"]})
    assert slot_summaries(GAME, settings) == [
        ("Blank Prime Cards", ["Send your pawn to 37", "Reverse the digits of your number"])
    ]
    assert slot_summaries(GAME, GAME.default_settings()) == []
