"""The Prime Climb board template and its stylesheet: real form posts for every legal step,
no inline styles or scripts (strict CSP), numbers and factorisations always written out."""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

from django.template.loader import render_to_string
from django.test import RequestFactory

from games.forms import move_data_from_post
from games.primeclimb import layout
from games.primeclimb.moves import Step

from .scenario import GAME, play, scenario

ROOT = Path(__file__).resolve().parents[3]


@dataclass
class FakeSeat:
    index: int
    display_name: str


@dataclass
class FakeMatch:
    pk: int = 7
    version: int = 12


def render(state: dict, me: int | None) -> str:
    request = RequestFactory().get("/")
    request.htmx = True
    context = {
        "view": GAME.view(state, me),
        "me": me,
        "seats": [
            FakeSeat(i, name) for i, name in enumerate(["Ana", "Ben", "Cy"][: state["players"]])
        ],
        "match": FakeMatch(),
        "request": request,
    }
    return render_to_string("games/prime-climb/board.html", context, request=request)


def test_every_legal_step_is_a_real_form_post_showing_its_result():
    state = scenario([[14, 26], [42, 0]], dice=(3, 9))
    html = render(state, 0)
    forms = re.findall(r"<form[^>]*>.*?</form>", html, re.S)
    assert forms and all('hx-post="/matches/7/move/"' in f and 'value="12"' in f for f in forms)
    assert all('hx-target="#board"' in f and "closest #board:queue last" in f for f in forms)
    posted = set()
    for form in forms:
        fields = dict(re.findall(r'<input type="hidden" name="(\w+)" value="([^"]*)"', form))
        for op in re.findall(
            r'<button type="submit" name="op" value="(\w+)" class="[^"]*" >', form
        ):
            posted.add(GAME.parse_move(move_data_from_post({**fields, "op": op})))
    steps = {m for m in GAME.legal_moves(state, 0) if isinstance(m, Step)}
    assert posted == steps
    assert "14 − 3 = 11" in html and "14 × 9 = 126" in html and "(past 101)" in html


def test_the_board_writes_numbers_and_factorisations_and_has_no_inline_style_or_script():
    html = render(GAME.new_game({}, 3, 5), None)
    assert "style=" not in html and "<script" not in html
    assert 'aria-label="42 = 2 × 3 × 7 (orange, green, purple)"' in html
    assert html.count('class="pcl-num"') == 102
    assert 'class="pcl-space pcl-at-101 pcl-c-101 pcl-goal"' in html


def test_the_roll_undo_end_and_card_buttons_post_their_moves():
    state = GAME.new_game({}, 2, 1)
    seat = GAME.current_player(state)
    assert 'name="type" value="roll"' in render(state, seat)
    assert 'value="roll"' not in render(state, 1 - seat)
    state = scenario([[14, 26], [42, 0]], dice=(3, 9), keepers={0: ["plus3", "curse1"]})
    state = play(state, Step(0, 3, "subtract"))
    html = render(state, 0)
    assert 'value="undo"' in html and 'value="nudge"' in html and "curse Ben" in html
    state = play(state, Step(0, 9, "multiply"))
    assert 'value="end"' in render(state, 0)


def test_the_stylesheet_holds_the_generated_spiral():
    """static/css/primeclimb.css ends with layout.css(); regenerate with
    `python -m games.primeclimb.layout`."""
    css = (ROOT / "static" / "css" / "primeclimb.css").read_text()
    assert layout.css() in css
    places = layout.positions()
    assert places[101] == (50.0, 50.0) and len(places) == 102
    assert all(3 < x < 97 and 3 < y < 97 for x, y in places.values())
