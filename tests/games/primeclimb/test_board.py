"""The Prime Climb board template and its stylesheet: real form posts for every legal step
(worked out by the player, or shown by the board), no inline styles or scripts (strict CSP),
numbers, factorisations and the colour key always written out."""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

from django.template.loader import render_to_string
from django.test import RequestFactory

from games.forms import move_data_from_post
from games.primeclimb import layout
from games.primeclimb.moves import Nudge, Step

from .scenario import GAME, play, scenario

ROOT = Path(__file__).resolve().parents[3]


@dataclass
class FakeSeat:
    index: int
    display_name: str
    bot_stand_in: bool = False


@dataclass
class FakeMatch:
    pk: int = 7
    version: int = 12


def render(state: dict, me: int | None, *, post: dict | None = None, error: str = "") -> str:
    """The board as `me` sees it; with `post` and `error`, as it comes back after that post
    was refused."""
    request = RequestFactory().post("/", post) if post else RequestFactory().get("/")
    request.htmx = True
    context = {
        "error": error,
        "rules": GAME,
        "view": GAME.view(state, me),
        "me": me,
        "seats": [
            FakeSeat(i, name) for i, name in enumerate(["Ana", "Ben", "Cy"][: state["players"]])
        ],
        "match": FakeMatch(),
        "request": request,
    }
    return render_to_string("games/prime-climb/board.html", context, request=request)


def forms_of(html: str) -> list[str]:
    return re.findall(r"<form[^>]*>.*?</form>", html, re.S)


def posted(form: str, **chosen) -> dict:
    """What a form posts with these choices made (its hidden fields, plus the choices)."""
    fields = dict(re.findall(r'<input type="hidden" name="(\w+)" value="([^"]*)"', form))
    fields |= dict(re.findall(r'name="(\w+)" value="(\w+)" checked', form))
    return move_data_from_post({**fields, **{k: str(v) for k, v in chosen.items()}})


def test_every_legal_step_is_a_choice_of_the_step_form_and_no_result_is_shown():
    """By default the child works out where the pawn lands: the form offers the pawns, the
    dice and the operations, and posts the child's answer (typed, or a tapped circle)."""
    state = scenario([[14, 26], [42, 0]], dice=(3, 9))
    html = render(state, 0)
    forms = forms_of(html)
    assert forms and all('hx-post="/matches/7/move/"' in f and 'value="12"' in f for f in forms)
    assert all('hx-target="#board"' in f and "closest #board:queue last" in f for f in forms)
    [step] = [f for f in forms if 'id="pcl-step"' in f]
    radios = set(re.findall(r'<input type="radio" class="[^"]*" name="(\w+)" value="(\w+)"', step))
    assert radios == {
        ("pawn", "0"),
        ("pawn", "1"),
        ("die", "3"),
        ("die", "9"),
        *{("op", op) for op in ("add", "subtract", "multiply", "divide")},
    }
    assert 'name="answer" type="text" inputmode="numeric"' in step
    for move in (m for m in GAME.legal_moves(state, 0) if isinstance(m, Step)):
        data = posted(step, pawn=move.pawn, die=move.die, op=move.op, answer=move.answer)
        assert GAME.parse_move(data) == move
    # Every circle of the spiral answers too: a tap posts its number with the form's choices.
    taps = re.findall(r'<button type="submit" form="pcl-step" name="answer" value="(\d+)"', html)
    assert taps == [str(n) for n in range(102)]
    # The sums are there to read, never their results (nor "red: a card!" or "home!").
    assert 'Pawn A: <strong class="pcl-sum">14 − 3 = ?</strong>' in html
    for result in ("= 11", "= 17", "= 42", "= 126", "= 23", "= 35", "= 78"):
        assert result not in html
    assert "a card!" not in html and "home!" not in html
    assert "14 × 9 goes past 101: try another way." in html  # why not, without the 126
    assert "14 ÷ 3 is not a whole number: try another way." in html


def test_a_refused_answer_keeps_the_choices_and_is_explained_in_the_form():
    state = scenario([[14, 26], [42, 0]], dice=(3, 9))
    post = {"type": "step", "pawn": "0", "die": "3", "op": "multiply", "answer": "40"}
    error = "14 × 3 is not 40: 40 is too small."
    html = render(state, 0, post=post, error=error)
    [step] = [f for f in forms_of(html) if 'id="pcl-step"' in f]
    checked = re.findall(r'name="(\w+)" value="(\w+)" checked', step)
    assert checked == [("pawn", "0"), ("die", "3"), ("op", "multiply")]
    assert f'<p class="pcl-wrong" role="alert">{error}</p>' in step and "autofocus" in step
    assert 'value="40"' not in step  # a fresh try: the box is empty
    fresh = render(state, 0)  # the next board (or another player's) chooses nothing
    assert " checked" not in fresh and "pcl-wrong" not in fresh


def test_with_show_the_results_every_step_is_a_button_showing_its_result():
    """The teacher's "show the results" (younger classes) keeps the board working out each
    step: one button per step, with its result, posting the step without an answer."""
    state = scenario([[14, 26], [42, 0]], dice=(3, 9), show_results="yes")
    html = render(state, 0)
    assert 'id="pcl-step"' not in html and "pcl-tap" not in html
    seen = set()
    for form in forms_of(html):
        fields = dict(re.findall(r'<input type="hidden" name="(\w+)" value="([^"]*)"', form))
        for op in re.findall(
            r'<button type="submit" name="op" value="(\w+)" class="[^"]*" >', form
        ):
            seen.add(GAME.parse_move(move_data_from_post({**fields, "op": op})))
    steps = {m for m in GAME.legal_moves(state, 0) if isinstance(m, Step)}
    assert seen == steps and all(m.answer is None for m in steps)
    assert "14 − 3 = 11" in html and "14 × 9 = 126" in html and "(past 101)" in html


def test_the_colour_key_sits_beside_the_board_in_words():
    """docs/rules.md: "2 orange, 3 green, 5 blue, 7 purple, every prime above 10 red"."""
    html = render(GAME.new_game({}, 2, 5), None)
    key = html[html.index('class="pcl-panel pcl-key"') :]
    for words in ("2 is orange", "3 is green", "5 is blue", "7 is purple"):
        assert words in key
    assert "primes above 10 are red" in key and "6 = 2 × 3 is orange and green" in key
    assert 'class="pcl-space pcl-mini pcl-c-11"' in key  # the board's own red circle


def test_the_board_writes_numbers_and_factorisations_and_has_no_inline_style_or_script():
    html = render(GAME.new_game({}, 3, 5), None)
    assert "style=" not in html and "<script" not in html
    assert 'aria-label="42 = 2 × 3 × 7 (orange, green, purple)"' in html
    spiral = html[html.index('<ol class="pcl-spiral') : html.index("</ol>")]
    assert spiral.count('class="pcl-num"') == 102
    assert 'class="pcl-space pcl-at-101 pcl-c-101 pcl-goal"' in html
    assert "pcl-tap" not in html  # a watcher's circles answer nothing


def test_the_roll_undo_end_and_card_buttons_post_their_moves():
    state = GAME.new_game({}, 2, 1)
    seat = GAME.current_player(state)
    assert 'name="type" value="roll"' in render(state, seat)
    assert 'value="roll"' not in render(state, 1 - seat)
    state = scenario([[14, 26], [42, 0]], dice=(3, 9), keepers={0: ["plus3", "curse1"]})
    state = play(state, Step(0, 3, "subtract", 11))
    html = render(state, 0)
    assert 'value="undo"' in html and "curse Ben" in html
    # The add-or-subtract card is worked out like a step, on its own small form.
    [card] = [f for f in forms_of(html) if 'id="pcl-card-plus3"' in f]
    data = posted(card, pawn=1, op="subtract", answer=23)
    assert GAME.parse_move(data) == Nudge("plus3", 1, "subtract", 23)
    assert GAME.parse_move(data) in GAME.legal_moves(state, 0)
    assert "= 14" not in html and "= 23" not in html
    state = play(state, Step(0, 9, "multiply", 99))
    assert 'value="end"' in render(state, 0)


def test_the_stylesheet_holds_the_generated_spiral():
    """static/games/prime-climb/primeclimb.css ends with layout.css(); regenerate with
    `python -m games.primeclimb.layout`."""
    css = (ROOT / "static" / "games" / "prime-climb" / "primeclimb.css").read_text()
    assert layout.css() in css
    places = layout.positions()
    assert places[101] == (50.0, 50.0) and len(places) == 102
    assert all(3 < x < 97 and 3 < y < 97 for x, y in places.values())
