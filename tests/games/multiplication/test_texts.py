"""The Multiplication Game teaches itself: How to play (pictures drawn with the board's own
cards), the Learn to play round against Pip, and the full rules for teachers.

Rule text: The Multiplication Game's rule text."""

from __future__ import annotations

import re
from types import SimpleNamespace

import pytest
from django.template.loader import render_to_string

from games.engine.learn import learn_playthrough
from games.engine.texts import LEARNER, check_texts
from games.multiplication.cards import FREE, product_text
from games.multiplication.game import MultiplicationGame
from games.multiplication.moves import Discard, Draw
from games.multiplication.rules import FREE_CARD_CHOICES, HAND_SIZE, MOVE_LIMIT, SMALL_HAND_SIZE

GAME = MultiplicationGame()
SCRIPT = GAME.learn_to_play()
HOW = GAME.how_to_play()
PICTURE_KINDS = {"hand", "cards", "play", "declare", "draw"}


def all_how_text() -> str:
    return " ".join([HOW.goal, *(f"{step.title} {step.text}" for step in HOW.steps)])


def test_the_texts_pass_the_platforms_check():
    check_texts(GAME)  # goal, steps of at most 60 words, a script, titled rules sections


# --- How to play ------------------------------------------------------------------------------
def test_how_to_play_has_every_worked_example_of_the_rule_text():
    """Rule text: “35” has to declare “5 times 7”, “24” can declare “4 times 6” or “3 times
    8”; upon “12” declared “2 times 6” ... “24” by declaring “4 times 6” ... cannot declare “3
    times 8”; “28” by declaring “4 times 7”; “36” by declaring “4 times 9” and player B had to
    draw; a “free” card ... “4” by declaring “4 times 1”."""
    text = all_how_text()
    for example in (
        "35 can only be 5 × 7",
        "24 can be 4 × 6 or 3 × 8",
        "12 was said as 2 × 6",
        "24 as 4 × 6 is fine",
        "24 as 3 × 8 is not",
        "28 as 4 × 7",
        "36 as 4 × 9. Ben misses his turn and draws",
        "play it as 4 = 4 × 1",
    ):
        assert example in text


def test_how_to_play_tells_the_whole_game():
    """Rule text: object of the game: to discard all cards in a player’s hand; if there are 4
    or more players, each player is dealt only 5 cards; a player who does not discard a card
    loses a turn and has to draw an extra card."""
    text = all_how_text()
    assert "first to play every card" in HOW.goal
    assert f"{HAND_SIZE} cards ({SMALL_HAND_SIZE} cards when 4 or more play)" in text
    assert "Draw a card instead" in text and "your turn is over" in text
    assert "misses a turn and draws a card" in text
    assert "win at once" in text


def test_how_to_play_does_no_multiplication_beyond_the_rule_texts_examples():
    # Every product written in the steps is one the rule text itself works out.
    allowed = {"5 × 7", "4 × 6", "3 × 8", "2 × 6", "4 × 7", "4 × 9", "4 × 1"}
    assert set(re.findall(r"\d+ × \d+", all_how_text())) <= allowed


def picture_html(picture) -> str:
    return render_to_string("games/multiplication/_picture.html", {"picture": picture})


def test_every_step_has_a_picture_of_a_kind_the_picture_template_draws():
    kinds = {step.picture.kind for step in HOW.steps if step.picture}
    assert all(step.picture for step in HOW.steps)
    assert kinds == PICTURE_KINDS


@pytest.mark.parametrize("step", HOW.steps, ids=lambda step: step.title)
def test_each_picture_is_drawn_with_the_boards_cards(step):
    html = picture_html(step.picture)
    data = step.picture.data
    assert f"mg-pic-{step.picture.kind}" in html
    cards = [data["open"]] if data.get("open") else []
    cards += data.get("cards", []) + data.get("plays", []) + data.get("hand", [])
    for card in cards:
        assert f'data-card="{card["card"]}"' in html  # the board's own card markup
        shown = "★" if card["value"] is None else str(card["value"])
        assert f'<span class="num">{shown}</span>' in html
        for said in card["says"]:
            assert f"{card['value']} = {said}" in html
        if card["square"]:
            assert re.search(rf'class="mg-card square[^"]*" data-card="{card["card"]}"', html)
    if step.picture.kind == "draw":
        assert 'class="mg-pile"' in html and "Draw a card instead" in html
    if step.picture.kind == "declare":
        on = re.findall(r'class="key on"><span>(\d+)</span>', html)
        assert on == [str(data["a"]), str(data["b"])] and "picked" in html
    if step.picture.kind == "hand" and not data["cards"]:
        assert "No cards left!" in html


def test_a_free_card_is_drawn_as_on_the_board():
    """Rule text: a “free” card may replace any number within the multiplication table."""
    [free_step] = [step for step in HOW.steps if step.title == "Free cards"]
    html = picture_html(free_step.picture)
    assert re.search(r'class="mg-card square free" data-card="free"', html)
    assert "free card as" in html and "4 = 4 × 1" in html


# --- Learn to play ----------------------------------------------------------------------------
def test_the_learn_to_play_round_plays_through_as_written():
    final = learn_playthrough(GAME)
    assert final["turn"] == LEARNER and final["open"]["value"] == 36
    # Issue 30: the board of a real game, the multipliers not listed (the coach says them).
    assert SCRIPT.players == 2 and SCRIPT.settings == {"free_cards": 2, "product": "hidden"}


def replay_steps():
    """Each step with the state before it and after it."""
    state = GAME.new_game(SCRIPT.settings, SCRIPT.players, SCRIPT.seed)
    for step in SCRIPT.steps:
        after = GAME.apply_move(state, step.seat, GAME.parse_move(step.moves[0]))
        yield step, state, after
        state = after


def test_the_round_shows_a_match_a_square_a_draw_and_a_free_card():
    """The brief: declaring a card as a × b sharing a multiplier with the open card, a square
    making the next player miss a turn and draw, drawing when you cannot play, a free card."""
    seen = set()
    for step, before, after in replay_steps():
        move = GAME.parse_move(step.moves[0])
        mover = step.seat
        if isinstance(move, Discard) and mover == LEARNER and move.card != FREE:
            assert {move.a, move.b} & {m for pair in before["open"]["declared"] for m in pair}
            seen.add("match")
        if isinstance(move, Discard) and mover != LEARNER and move.a * move.b in (4, 36):
            assert len(after["hands"][LEARNER]) == len(before["hands"][LEARNER]) + 1
            assert after["turn"] == mover  # two players: the learner's turn is skipped
            seen.add("square")
        if isinstance(move, Draw):
            assert GAME.legal_moves(before, LEARNER) == [Draw()]  # nothing could be played
            assert FREE in after["hands"][LEARNER]  # and the card drawn is a free card
            seen.add("draw")
        if isinstance(move, Discard) and move.card == FREE:
            assert after["turn"] == LEARNER  # 4 = 4 × 1 is a square: Pip misses a turn
            seen.add("free")
    assert seen == {"match", "square", "draw", "free"}
    assert FREE not in GAME.new_game(SCRIPT.settings, 2, SCRIPT.seed)["hands"][LEARNER]


def test_each_learner_step_says_exactly_the_move_it_accepts():
    for step in SCRIPT.steps:
        if step.seat != LEARNER:
            continue
        [data] = step.moves
        move = GAME.parse_move(data)
        if isinstance(move, Draw):
            assert "Tap Draw a card instead" in step.say
            continue
        a, b = data["a"], data["b"]
        if move.card == FREE:
            assert f"free card as {a * b} = {product_text(a, b)}" in step.say
            assert f"tap the ★ card, then {a} and {b}" in step.say
        else:
            assert f"Play {move.card} as {a} × {b}" in step.say
            assert f"tap {move.card}, then {a} and {b}" in step.say


def test_each_of_pips_steps_says_what_pip_plays_and_then_explains_it():
    for step in SCRIPT.steps:
        if step.seat == LEARNER:
            continue
        move = GAME.parse_move(step.moves[0])
        assert step.say.startswith(f"Pip plays {move.card} as {product_text(move.a, move.b)}")
        assert step.then
    square = next(step for step in SCRIPT.steps if step.seat != LEARNER)
    assert "Square! You miss a turn and draw a card" in square.then


def board_html(state: dict) -> str:
    seats = [
        SimpleNamespace(index=0, display_name="Ana", bot_stand_in=False, is_human=True),
        SimpleNamespace(index=1, display_name="Pip (easy bot)", bot_stand_in=False, is_human=False),
    ]
    return render_to_string(
        "games/multiplication/board.html",
        {
            "view": GAME.view(state, LEARNER),
            "me": LEARNER,
            "seats": seats,
            "match": SimpleNamespace(pk=1, version=1, status="playing"),
            "my_turn": state["turn"] == LEARNER,
        },
    )


def test_the_coach_points_at_elements_the_board_has():
    for step, before, _ in replay_steps():
        html = board_html(before)
        for selector in step.highlight:
            for name in re.findall(r"\.([\w-]+)", selector):
                assert re.search(rf'class="[^"]*\b{name}\b', html), selector
            for attribute, value in re.findall(r'\[([\w-]+)="([^"]+)"\]', selector):
                assert f'{attribute}="{value}"' in html, selector


def test_the_round_is_short_and_ends_pointing_to_a_real_game():
    assert 5 <= len(SCRIPT.steps) <= 10
    assert sum(step.seat == LEARNER for step in SCRIPT.steps) >= 4
    assert "real game" in SCRIPT.finish and "16" in SCRIPT.intro


# --- the rules for teachers -------------------------------------------------------------------
def test_the_teachers_rules_cover_every_rule_setting_and_decision():
    sections = GAME.rules_for_teachers()
    titles = [section.title for section in sections]
    assert titles[:6] == [
        "The cards",
        "Setting up",
        "A turn",
        "Square numbers",
        "Free cards",
        "The end",
    ]
    text = " ".join(p for section in sections for p in section.paragraphs)
    for choice in FREE_CARD_CHOICES.values():
        assert choice in text  # every setting choice
    for decision in (
        "a dealer is chosen at random",  # docs/rules.md: the dealer
        "A free card turned up is shuffled back",  # a free card turned up
        "way of writing it as a product",  # docs/rules.md: the turned-up card
        "The order does not matter",  # declaring
        "whatever the declaration",  # squares judged by the number
        "plays again at once",  # two players and a square
        "has no penalty",  # winning on a square
        "the player just passes",  # nothing to draw
        f"after {MOVE_LIMIT} moves",  # the move limit
        "chooses not to",  # docs/rules.md: a player may decline to discard
        "Easy (still learning",  # the bots
        "counts as help",  # a free card's fact
        "Multipliers while choosing: hidden (the default) or shown",  # issue 30
        "every play at that table counts as help",
    ):
        assert decision in text
