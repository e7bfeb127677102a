"""The Prime Canasta board template (templates/games/prime-canasta/board.html): every action is a
real form post joined to one form of ticked cards, the board never judges ticked or ready cards
(only sets on the table show their equation), other hands never reach the page, and a round's
scoring is explained line by line per side.

The views here are hand-made in the shape of the game's own view (PrimeCanasta.view in
games/primepak/canasta/game.py); the engine's own views are rendered in the last tests."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from django.template.loader import render_to_string
from django.test import RequestFactory

from ..boards import FakeMatch, FakeSeat

ROOT = Path(__file__).resolve().parents[4]
TEMPLATE = "games/prime-canasta/board.html"


SEATS = [FakeSeat(0, "Ana"), FakeSeat(1, "Ben"), FakeSeat(2, "Cy"), FakeSeat(3, "Dot")]


def card(pos: int, value) -> dict:
    wild = value == "P"
    return {"pos": pos, "card": value, "label": "prime" if wild else str(value), "wild": wild}


def cards(*values) -> list[dict]:
    return [card(i, v) for i, v in enumerate(values)]


def table_set(values, equation, *, seat=0, name="factor set", points=40, bonus=0) -> dict:
    return {
        "cards": cards(*values),
        "seat": seat,
        "equation": equation,
        "canasta": name != "factor set",
        "name": name,
        "points": points,
        "bonus": bonus,
    }


def side(index, seats, sets=(), *, score=0) -> dict:
    sets = list(sets)
    return {
        "side": index,
        "seats": list(seats),
        "sets": sets,
        "laid_down": bool(sets),
        "canastas": sum(s["canasta"] for s in sets),
        "points": sum(s["points"] + s["bonus"] for s in sets),
        "score": score,
    }


# Ana's hand in display order (sorted by value); positions are the state's order.
HAND = [
    card(3, 2),
    card(0, 3),
    card(7, 3),
    card(5, 6),
    card(1, 7),
    card(9, 11),
    card(2, 21),
    card(11, 30),
    card(4, 42),
    card(6, 55),
    card(10, 77),
    card(8, "P"),
    card(12, 13),
]


def playing_view(**changes) -> dict:
    """Ana (seat 0) to draw in round 2 of a 2-player game; Ben has laid down one set."""
    view = {
        "level": 4,
        "target": 5000,
        "partnerships": False,
        "wilds": 11,
        "players": 2,
        "round": 2,
        "dealer": 1,
        "turn": 0,
        "phase": "draw",
        "me": 0,
        "my_side": 0,
        "partner": None,
        "hand": HAND,
        "sort": "value",
        "hand_sizes": [13, 10],
        "draw_count": 61,
        "discard": cards(12, 45, 9, 35),
        "discard_frozen": False,
        "frozen_for_me": "The discard pile is frozen for you: you have not made the first "
        "laydown yet.",
        "can_take": True,
        "sides": [
            side(0, [0], score=320),
            side(1, [1], [table_set([36, 6, 6], "36 = 6 × 6", seat=1, points=30)], score=150),
        ],
        "scores": [320, 150],
        "asked": None,
        "laydown": {"minimum": 100, "laid_down": False, "points_so_far": 0, "canastas_needed": 2},
        "ready": [],
        "ready_points": 0,
        "hint": None,
        "mistakes": "refuse",
        "penalties": [0, 0],
        "last_penalty": None,
        "rounds": [{"out": 0, "points": [320, 150]}],
        "winner": None,
        "last_round": None,
        "log": [
            {"kind": "deal", "parts": [{"text": "Round 2: "}, {"seat": 1}, {"text": " dealt."}]},
        ],
    }
    return {**view, **changes}


def partners_view(**changes) -> dict:
    """Four players in two partnerships: Ana (0) and Cy (2) against Ben (1) and Dot (3)."""
    view = playing_view(
        partnerships=True,
        players=4,
        partner=2,
        hand_sizes=[13, 11, 9, 12],
        dealer=3,
        sides=[
            side(
                0,
                [0, 2],
                [
                    table_set([42, 6, 7], "42 = 6 × 7", seat=2, points=50),
                    table_set(
                        [81, 3, 3, 3, 3],
                        "81 = 3 × 3 × 3 × 3",
                        seat=0,
                        name="natural factor canasta",
                        points=80,
                        bonus=400,
                    ),
                ],
                score=900,
            ),
            side(
                1,
                [1, 3],
                [
                    table_set(
                        [2, 3, 5, "P", 11, 13],
                        "2, 3, 5, prime(7), 11, 13",
                        seat=3,
                        name="mixed prime canasta",
                        points=140,
                        bonus=200,
                    )
                ],
                score=700,
            ),
        ],
        scores=[900, 700],
        laydown={"minimum": 100, "laid_down": True, "points_so_far": 530, "canastas_needed": 2},
        frozen_for_me=None,
        penalties=[0, 0],
    )
    return {**view, **changes}


LAST_ROUND = {
    "round": 1,
    "out": 0,
    "sides": [
        {
            "going_out": 100,
            "in_hand": 0,
            "bonuses": 400,
            "card_values": 170,
            "penalties": 0,
            "total": 670,
            "canastas": [{"name": "natural factor canasta", "bonus": 400}],
            "left": [],
        },
        {
            "going_out": 0,
            "in_hand": 80,
            "bonuses": 0,
            "card_values": 30,
            "penalties": 200,
            "total": -250,
            "canastas": [],
            "left": ["77", "prime"],
        },
    ],
}


def render(view: dict | None, me: int | None, *, my_turn: bool | None = None, **extra) -> str:
    request = RequestFactory().get("/")
    request.htmx = True
    if my_turn is None:
        asked = view.get("asked") or {}
        current = view["turn"]
        if asked and asked.get("answer") is None:
            current = (asked["seat"] + 2) % 4
        my_turn = current == me and view["phase"] in ("draw", "play")
    seats = SEATS[: view["players"]]
    turn_seat = next((s for s in seats if s.index == view["turn"]), None)
    if view.get("asked") and view["asked"].get("answer") is None:
        turn_seat = seats[(view["asked"]["seat"] + 2) % 4]
    context = {
        "view": view,
        "me": me,
        "my_turn": my_turn,
        "seats": seats,
        "turn_seat": turn_seat,
        "match": FakeMatch(),
        "request": request,
        **extra,
    }
    return render_to_string(TEMPLATE, context, request=request)


def forms_of(html: str) -> list[str]:
    return re.findall(r"<form[^>]*>.*?</form>", html, re.S)


def buttons(html: str) -> dict[str, str]:
    """data-action → the button's tag (the first with that action)."""
    found: dict[str, str] = {}
    for m in re.finditer(r'<(?:button|summary)[^>]*data-action="([\w-]+)"[^>]*>', html):
        found.setdefault(m.group(1), m.group(0))
    return found


def text_of(html: str) -> str:
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", html))


def side_block(html: str, side: int) -> str:
    """One side's block: its players, cards in hand, score and sets on the table."""
    pattern = rf'<section class="cn-side-sets[^"]*" data-side="{side}".*?</section>'
    return re.search(pattern, html, re.S).group(0)


def hand_refs(html: str) -> list[str]:
    return re.findall(r'<label class="cn-card[^"]*" data-ref="(\d+)"', html)


def play_view(**changes) -> dict:
    """Ana has drawn: her turn's PLAY phase, after the first laydown of her side."""
    return partners_view(**{"phase": "play", **changes})


# --- forms ----------------------------------------------------------------------------------------


def test_every_form_posts_a_move_to_the_board_with_the_version_seen():
    html = render(
        play_view(ready=[{"group": 0, "cards": cards(9, 3), "to": None, "points": 20}]), 0
    )
    forms = forms_of(html)
    ids = [re.search(r'id="([\w-]+)"', f).group(1) for f in forms]
    assert ids == [
        "cn-move",
        "cn-sort-value",
        "cn-sort-factor",
        "cn-hint",
        "cn-ask",
        "cn-answer",
        "cn-unready-0",
    ]
    for form in forms:
        assert 'method="post"' in form and 'action="/matches/7/move/"' in form
        assert 'hx-post="/matches/7/move/"' in form and 'hx-target="#board"' in form
        assert '<input type="hidden" name="version" value="12">' in form


def test_the_one_form_of_ticked_cards_comes_first_and_enter_submits_nothing():
    """Every control that sends cards joins #cn-move, which is first on the board: its hidden
    type="ready" comes before every button's own type (the last one sent wins), and its first
    submit button is disabled, so Enter on a card (implicit submission) sends no move."""
    html = render(playing_view(), 0)
    move = forms_of(html)[0]
    assert html.index('id="cn-move"') < html.index('name="cards"')
    hidden = re.findall(r'<input type="hidden" name="(\w+)" value="(\w*)">', move)
    assert hidden == [("version", "12"), ("type", "ready")]
    assert re.search(r'<button type="submit" disabled hidden', move)
    boxes = re.findall(r'<input type="checkbox" class="cn-tick" name="cards"[^>]*>', html)
    assert len(boxes) == 13 and all('form="cn-move"' in box for box in boxes)
    for tag in buttons(html).values():
        if tag.startswith("<button"):
            assert 'type="submit"' in tag and 'form="cn-' in tag  # htmx needs both


def test_posted_ticks_and_picks_read_as_the_contracts_lists():
    """Several ticked cards post "3,7,10", several pile cards "0,2" (games/forms.py joins the
    fields it knows are lists)."""
    from django.http import QueryDict

    from games.forms import move_data_from_post

    post = QueryDict("type=ready&type=take_pile&cards=3&cards=7&cards=10&pick=0&pick=2&to_set=")
    data = move_data_from_post(post)
    assert data["type"] == "take_pile" and data["cards"] == "3,7,10" and data["to_set"] == ""
    assert data["pick"] == "0,2", "Canasta posts pick as a list, like cards (Game.list_fields)"


# --- a turn ---------------------------------------------------------------------------------------


def test_the_start_of_a_turn_offers_the_draw_and_the_pile_with_its_cards_to_pick():
    html = render(playing_view(), 0)
    actions = buttons(html)
    assert 'name="type" value="draw_two"' in actions["draw-two"]
    assert "data-focus-next" in actions["draw-two"]  # the keyboard starts on the draw
    assert 'name="type" value="take_pile"' in actions["take-pile"]
    assert not {"discard", "go-out", "lay-down", "ask"} & set(actions)  # draw first
    assert html.count("data-focus-next") == 1
    # The pile: its top card big, the cards below it to pick (never the top card itself).
    assert 'aria-label="Top card of the discard pile: 35. 4 cards in the pile."' in html
    picks = re.findall(
        r'<input type="checkbox" class="cn-tick" name="pick" value="(\d+)" form', html
    )
    assert sorted(picks) == ["0", "1", "2"]
    assert 'aria-label="Draw pile: 61 cards face down"' in html
    # Ana's side has no sets: the top card can only go in a new set.
    assert 'name="to_set"' not in html
    assert "Take the pile: tick your cards that make a set with 35" in text_of(html)
    # An empty draw pile: drawing ends the round (nobody goes out), so the button stays.
    empty = render(playing_view(draw_count=0), 0)
    assert "Draw (the pile is empty: the round ends)" in text_of(empty)
    assert "disabled" not in buttons(empty)["draw-two"]


def test_the_hand_is_shown_in_the_chosen_order_and_posts_positions():
    html = render(playing_view(), 0)
    assert hand_refs(html) == [str(c["pos"]) for c in HAND]
    labels = re.findall(r'<label class="cn-card[^"]*" data-ref="\d+" data-card="(\w+)"', html)
    assert labels == [c["label"] for c in HAND]
    wild = re.search(r'<label class="cn-card wild"[^>]*data-card="prime">.*?</label>', html)
    assert wild and "a prime wild" in wild.group(0)
    assert "Your cards (13)" in text_of(html)
    sort = buttons(html)
    assert (
        'form="cn-sort-value"' in sort["sort-value"] and 'aria-pressed="true"' in sort["sort-value"]
    )
    assert 'aria-pressed="false"' in sort["sort-factor"]
    [factor] = [f for f in forms_of(html) if 'id="cn-sort-factor"' in f]
    assert 'name="type" value="sort"' in factor and 'name="by" value="factor"' in factor
    by_factor = render(playing_view(sort="factor"), 0)
    assert 'aria-pressed="true"' in buttons(by_factor)["sort-factor"]


def test_after_drawing_the_hand_has_the_focus_and_every_play_is_offered():
    html = render(play_view(), 0)
    actions = buttons(html)
    for action, value in (("discard", "discard"), ("go-out", "go_out"), ("lay-down", "lay_down")):
        assert f'name="type" value="{value}"' in actions[action]
        assert 'form="cn-move"' in actions[action]
    assert "draw-two" not in actions and "take-pile" not in actions
    first = re.search(r'<label class="cn-card[^"]*" data-ref="3".*?</label>', html).group(0)
    assert "data-focus-next" in first and html.count("data-focus-next") == 1
    assert "Lay down sets if you can" in text_of(html)


def test_your_sides_sets_take_ticked_cards_aside_the_other_sides_do_not():
    html = render(play_view(), 0)
    adds = re.findall(r'<button type="submit" form="cn-move" name="to" value="(\d)"[^>]*>', html)
    assert adds == ["0", "1"]
    mine = side_block(html, 0)
    theirs = side_block(html, 1)
    assert 'data-action="add" data-set="1"' in mine
    assert "button" not in theirs
    assert html.index('class="cn-others"') < html.index('data-side="1"') < html.index("cn-tables")


def test_canastas_are_marked_natural_or_mixed_with_their_equations():
    html = render(play_view(), 0)
    natural = re.search(r'<div class="cn-set canasta natural"[^>]*>.*?</div>', html, re.S).group(0)
    assert "81 = 3 × 3 × 3 × 3" in natural and "natural canasta +400" in text_of(natural)
    assert 'aria-label="Natural factor canasta: 81 = 3 × 3 × 3 × 3"' in natural
    mixed = re.search(r'<div class="cn-set canasta mixed"[^>]*>.*?</div>', html, re.S).group(0)
    assert "2, 3, 5, prime(7), 11, 13" in mixed and "mixed canasta +200" in text_of(mixed)
    plain = re.search(r'<div class="cn-set" data-side="0" data-set="0".*?</div>', html, re.S)
    assert "42 = 6 × 7" in plain.group(0) and "canasta" not in text_of(plain.group(0))
    assert "900 points (+530 on the table) · 1 canasta" in text_of(side_block(html, 0))


def test_the_ready_area_shows_each_group_with_its_points_and_put_back():
    ready = [
        {"group": 0, "cards": cards(9, 3), "to": None, "points": 20},
        {"group": 1, "cards": cards(7), "to": 0, "points": 20},
    ]
    html = render(play_view(ready=ready, ready_points=20), 0)
    area = re.search(r'<section class="cn-ready".*?</section>', html, re.S).group(0)
    groups = re.findall(r'<div class="cn-group" data-group="(\d)".*?</div>', area, re.S)
    assert groups == ["0", "1"]
    text = text_of(area)
    assert "new set · 20 pts" in text and "add to 42 = 6 × 7 · 20 pts" in text
    backs = re.findall(r'<button[^>]*data-action="unready"[^>]*>', area)
    assert len(backs) == 2 and 'form="cn-unready-1"' in backs[1]
    [back] = [f for f in forms_of(html) if 'id="cn-unready-1"' in f]
    assert 'name="type" value="unready"' in back and 'name="group" value="1"' in back
    assert 'data-action="lay-down"' in area
    assert "First laydown" not in text  # Ana's side has laid down already


def test_building_the_first_laydown_shows_the_minimum_and_the_points_so_far():
    ready = [{"group": 0, "cards": cards(55, "P"), "to": None, "points": 70}]
    view = playing_view(phase="play", ready=ready, ready_points=70)
    html = render(view, 0)
    assert "First laydown: 70 of 100 points" in text_of(html)
    assert '<meter min="0" max="100" value="70"' in html


def test_nothing_on_the_board_judges_ticked_or_ready_cards():
    """No product, no equation, no "is a set" for the hand or the ready groups: only sets on the
    table (judged when laid down) show their equation."""
    ready = [{"group": 0, "cards": cards(42, 6, 7), "to": None, "points": 50}]
    for phase in ("draw", "play"):
        html = text_of(render(playing_view(phase=phase, ready=ready, ready_points=50), 0))
        html = html.replace("36 = 6 × 6", "")  # Ben's set on the table
        assert "×" not in html and " = " not in html
        for telling in ("is a set", "not a set", "valid", "can go out", "enough"):
            assert telling not in html.lower()


def test_waiting_for_others_the_child_can_sort_and_put_aside_but_not_play():
    html = render(playing_view(turn=1), 0)
    actions = buttons(html)
    assert {"ready", "hint", "sort-value", "sort-factor"} <= set(actions)
    assert not {"draw-two", "take-pile", "discard", "go-out", "lay-down", "ask"} & set(actions)
    assert "Ben is playing. You can sort your cards and put sets aside" in text_of(html)
    assert "data-focus-next" not in html


def test_a_watcher_sees_counts_piles_and_sets_never_a_hand():
    view = playing_view(
        me=None, my_side=None, hand=None, laydown=None, ready=None, frozen_for_me=None
    )
    html = render(view, None)
    assert "cn-hand" not in html and 'name="cards"' not in html and 'name="pick"' not in html
    assert "data-action" not in html and "cn-ready" not in html and "cn-others" not in html
    # Every side on the table, with its cards in hand and its score.
    ana, ben = side_block(html, 0), side_block(html, 1)
    assert text_of(ana).split()[:7] == ["▶", "playing", "now:", "Ana", "13", "cards", "320"]
    assert text_of(ben).split()[:5] == ["Ben", "dealer", "10", "cards", "150"]
    assert "You are watching" in text_of(html)
    assert "36 = 6 × 6" in html  # the table is public


# --- partnerships ---------------------------------------------------------------------------------


def test_partners_score_together_and_the_partner_is_named():
    html = render(play_view(), 0)
    mine, theirs = text_of(side_block(html, 0)), text_of(side_block(html, 1))
    assert mine.split()[:13] == ["Your", "side", "▶", "playing", "now:", "You", "13", "cards",
                                 "Cy", "partner", "9", "cards", "900"]  # fmt: skip
    assert theirs.split()[:11] == ["Ben", "and", "Dot", "Ben", "11", "cards", "Dot", "dealer",
                                   "12", "cards", "700"]  # fmt: skip
    assert "To go out, your side needs 2 canastas (you have 1)." in text_of(html)


def test_may_i_go_out_is_asked_once_a_turn():
    html = render(play_view(), 0)
    assert 'form="cn-ask"' in buttons(html)["ask"]
    [ask] = [f for f in forms_of(html) if 'id="cn-ask"' in f]
    assert 'name="type" value="ask"' in ask
    answered = render(play_view(asked={"seat": 0, "answer": False}), 0)
    assert "ask" not in buttons(answered)
    assert "Cy said no: do not go out this turn." in text_of(answered)
    assert "go-out" not in buttons(answered) and "discard" in buttons(answered)
    yes = render(play_view(asked={"seat": 0, "answer": True}), 0)
    assert "Cy said yes: you may go out." in text_of(yes)
    assert "ask" not in buttons(render(playing_view(phase="play"), 0))  # no partner, no asking


def test_the_partner_answers_yes_or_no_and_the_asker_waits():
    asked = {"seat": 0, "answer": None}
    cy = render(play_view(me=2, partner=0, asked=asked), 2)  # Cy's board: Cy must answer
    actions = buttons(cy)
    assert (
        'name="yes" value="yes"' in actions["answer-yes"]
        and 'form="cn-answer"' in actions["answer-yes"]
    )
    assert 'name="yes" value="no"' in actions["answer-no"]
    assert "data-focus-next" in actions["answer-yes"] and cy.count("data-focus-next") == 1
    [answer] = [f for f in forms_of(cy) if 'id="cn-answer"' in f]
    assert 'name="type" value="answer"' in answer
    assert "Your partner Ana has a question for you: answer yes or no." in text_of(cy)
    assert "Ana asks: “May I go out?”" in text_of(cy)
    assert not {"discard", "go-out", "lay-down"} & set(actions)  # it is Ana's turn

    ana = render(play_view(asked=asked), 0)
    assert "You asked Cy: “May I go out?” Wait for the answer." in text_of(ana)
    assert not {"discard", "go-out", "lay-down", "answer-yes", "ask"} & set(buttons(ana))
    ben = render(play_view(me=1, my_side=1, partner=3, asked=asked), 1)
    assert "Ana asked Cy: “May I go out?”" in text_of(ben)
    assert "answer-yes" not in buttons(ben)


# --- the discard pile -----------------------------------------------------------------------------


def test_a_frozen_pile_is_marked_with_its_reason():
    view = play_view(
        phase="draw",
        discard=cards(12, "P", 9, 35),
        discard_frozen=True,
        frozen_for_me="The discard pile is frozen: it holds a prime card.",
    )
    html = render(view, 0)
    top = re.search(r'<div class="cn-card big frozen" data-pile="discard"[^>]*>', html)
    assert top and "frozen." in top.group(0)
    assert "❄ frozen" in text_of(html)
    assert "The discard pile is frozen: it holds a prime card." in text_of(html)
    assert 'name="to_set"' not in html  # a frozen pile's top card cannot go on a set


def test_frozen_for_you_alone_names_the_first_laydown():
    html = render(playing_view(), 0)
    assert "❄ frozen for you" in text_of(html)
    assert "you have not made the first laydown yet" in text_of(html)


def test_a_pile_not_frozen_can_go_on_a_set_of_your_side():
    html = render(play_view(phase="draw"), 0)
    radios = re.findall(r'<input type="radio" name="to_set" value="(\d*)" form="cn-move"', html)
    assert radios == ["", "0", "1"]
    assert "on 42 = 6 × 7" in text_of(html) and "(or choose its set)" in text_of(html)


def test_a_pile_too_small_or_topped_by_a_prime_cannot_be_taken():
    small = render(playing_view(discard=cards(12, 45), can_take=False), 0)
    assert "take-pile" not in buttons(small) and 'name="pick"' not in small
    assert "needs 3 cards" in text_of(small)
    wild = render(playing_view(discard=cards(12, 45, "P"), can_take=False), 0)
    assert "A prime card is on top" in text_of(wild)


def test_the_whole_pile_can_be_seen_when_not_taking_it():
    html = render(playing_view(turn=1), 0)
    assert "See the whole pile (4 cards)" in html
    pile = re.search(r'<p class="cn-pile-list".*?</p>', html, re.S).group(0)
    assert re.findall(r">(\w+)</span>", pile) == ["12", "45", "9", "35"]


# --- help and penalties ---------------------------------------------------------------------------


def test_show_me_a_set_counts_as_help_and_lists_the_sets():
    html = render(
        play_view(hint=[{"cards": ["42", "6", "7"], "to": None}, {"cards": ["3"], "to": 1}]), 0
    )
    assert 'form="cn-hint"' in buttons(html)["hint"] and "counts as help" in text_of(html)
    box = text_of(re.search(r'<div class="cn-hint-box".*?</ul>', html, re.S).group(0))
    assert "42 6 7 a new set" in box and "3 add to 81 = 3 × 3 × 3 × 3" in box
    assert "No set in your hand right now." in text_of(render(play_view(hint=[]), 0))
    assert "cn-hint-box" not in render(play_view(), 0)


def test_the_last_penalty_is_shown_with_its_reason():
    penalty = {"seat": 0, "reason": "42, 5 is not a set: 5 is not a factor of 42."}
    html = render(playing_view(phase="play", mistakes="penalty", last_penalty=penalty,
                               penalties=[1, 0]), 0)  # fmt: skip
    assert "Penalty, −100 for you: 42, 5 is not a set" in text_of(html)
    assert "1 penalty (−100)" in text_of(html)
    assert "Penalties are on: a mistake costs 100 points." in text_of(html)
    partners = render(play_view(last_penalty={"seat": 3, "reason": "Too few."}), 0)
    assert "Penalty, −100 for Dot’s side: Too few." in text_of(partners)


# --- the end of a round ---------------------------------------------------------------------------


def round_over(**changes) -> dict:
    """Round 1 over: Ana went out; Ben (seat 1) had two penalties."""
    over = {"phase": "round_over", "turn": None, "round": 1, "last_round": LAST_ROUND,
            "scores": [670, -250]}  # fmt: skip
    return playing_view(**{**over, **changes})


def test_a_round_over_explains_the_scoring_line_by_line_per_side():
    html = render(round_over(me=1, my_side=1, hand=HAND[:2]), 1)
    sides = re.findall(r'<section class="cn-score-side[^"]*".*?</section>', html, re.S)
    rows = [
        [text_of(row).strip() for row in re.findall(r"<tr[^>]*>(.*?)</tr>", side, re.S)]
        for side in sides
    ]
    assert rows == [
        [
            "Went out +100",
            "Cards left in hand 0",
            "Natural factor canasta +400",
            "Cards laid down +170",
            "This round 670",
            "Score now 670",
        ],
        [
            "Cards left in hand 77 prime −80",
            "Cards laid down +30",
            "Penalties (2 × 100) −200",
            "This round −250",
            "Score now -250",
        ],
    ]
    assert "Round 1 is over: Ana went out." in text_of(html)
    assert 'aria-label="You: minus 250 points this round"' in html
    nxt = buttons(html)["next-round"]
    assert 'form="cn-next"' in nxt and "data-focus-next" in nxt
    [form] = [f for f in forms_of(html) if 'id="cn-next"' in f]
    assert 'name="type" value="next_round"' in form
    assert "cn-hand" not in html and "draw-two" not in html and "cn-ready" not in html
    assert "36 = 6 × 6" in html  # the round's sets stay on the table
    assert "next-round" not in buttons(render(round_over(me=None, hand=None), None))


def test_game_over_names_the_winning_side():
    view = round_over(phase="game_over", winner=0, scores=[5020, 300])
    text = text_of(render(view, 0))
    assert "The game is over: You win with 5020 points." in text
    assert "Next round" not in text and "Natural factor canasta" in text
    partners = partners_view(phase="game_over", turn=None, winner=1, last_round=None)
    assert "Ben and Dot win with 700 points." in text_of(render(partners, 0))
    bens = {**view, "me": 1, "my_side": 1}
    assert "The game is over: Ana wins with 5020 points." in text_of(render(bens, 1))


def test_during_the_next_round_the_last_scoring_is_there_on_request():
    html = render(playing_view(last_round=LAST_ROUND), 0)
    rounds = re.search(r'<table class="cn-round-table">.*?</table>', html, re.S).group(0)
    assert text_of(rounds).split() == ["Round", "You", "Ben", "1", "320", "150"]
    assert re.search(r'<details class="cn-more cn-last">\s*<summary>How round 1 was scored', html)
    assert "next-round" not in buttons(html)


def test_the_template_and_the_stylesheet_have_no_inline_styles_or_scripts():
    """The site's CSP forbids inline styles and scripts."""
    for name in ("board.html", "_picture.html"):
        template = (ROOT / "templates/games/prime-canasta" / name).read_text()
        assert "style=" not in template and "<script" not in template
        assert " on" + "click" not in template
    css = (ROOT / "static/games/prime-canasta/canasta.css").read_text()
    assert ".cn-card" in css and ".cn-picture" in css


# --- How to play pictures -------------------------------------------------------------------------

PICTURES = {
    "hand": {"cards": [42, 6, 7, "P", 6], "ticked": [1, 2], "line": "6 and 7 are ticked"},
    "set": {
        "cards": [81, 3, 3, 3, 3],
        "equation": "81 = 3 × 3 × 3 × 3",
        "name": "natural factor canasta",
        "bonus": 400,
        "mark": "yes",
    },
    "table": {
        "name": "Your side",
        "sets": [
            {"cards": [42, 6, 7], "equation": "42 = 6 × 7", "name": "factor set"},
            {
                "cards": [2, 3, 5, "P", 11, 13],
                "equation": "2, 3, 5, prime(7), 11, 13",
                "name": "mixed prime canasta",
                "bonus": 200,
            },
        ],
    },
    "piles": {"draw": 61, "discard": [12, "P", 45], "frozen": True},
    "ready": {
        "groups": [{"cards": [55, "P"], "to": None, "points": 70}],
        "points": 70,
        "minimum": 100,
    },
    "scoring": {
        "title": "Your side",
        "lines": [["Went out", "+100"], ["This round", "670"]],
        "total": True,
    },
    "buttons": {"buttons": ["Put aside", "Lay down"], "main": "Lay down"},
}


@pytest.mark.parametrize("kind", sorted(PICTURES))
def test_each_picture_kind_is_drawn_with_the_boards_cards(kind):
    from games.engine.texts import Picture

    picture = Picture(kind, PICTURES[kind], "caption")
    html = render_to_string("games/prime-canasta/_picture.html", {"picture": picture})
    text = text_of(html)
    assert f'class="cn-picture cn-picture-{kind}"' in html
    assert "<button" not in html and "<input" not in html  # a picture is not a control
    expected = {
        "hand": ["42", "prime", "6 and 7 are ticked"],
        "set": ["81 = 3 × 3 × 3 × 3", "natural canasta +400", "✓ Natural factor canasta"],
        "table": ["Your side", "42 = 6 × 7", "mixed canasta +200"],
        "piles": ["61", "to draw", "45", "❄ frozen"],
        "ready": ["First laydown: 70 of 100 points", "new set · 70 pts"],
        "scoring": ["Your side", "Went out +100", "This round 670"],
        "buttons": ["Put aside", "Lay down"],
    }[kind]
    for words in expected:
        assert words in text
    if kind == "hand":
        assert html.count('class="cn-card ticked"') == 2 and 'class="cn-card wild"' in html
    if kind == "set":
        assert 'class="cn-set canasta natural"' in html


# --- the engine's own views -----------------------------------------------------------------------


def engine():
    from games.engine import get_game

    try:
        return get_game("prime-canasta")
    except KeyError:
        canasta = pytest.importorskip("games.primepak.canasta.game", reason="no engine yet")
        return canasta.PRIME_CANASTA  # written, not registered yet


def bot_play(rules, state, until, *, seed=2, limit=3000):
    """Let the strong bot play every seat until `until(state)` holds."""
    import random

    bot = rules.bots()["strong"]
    rng = random.Random(seed)
    for _ in range(limit):
        if until(state):
            return state
        player = rules.current_player(state)
        move = bot.choose_move(rules.view(state, player), rules.legal_moves(state, player), rng)
        state = rules.apply_move(state, player, move)
    pytest.fail("the bots never got there")


def engine_render(rules, state, seat):
    view = rules.view(state, seat)
    current = rules.current_player(state)
    playing = view["phase"] in ("draw", "play")
    return render(view, seat, my_turn=playing and seat is not None and current == seat)


def move(rules, state, seat, data):
    return rules.apply_move(state, seat, rules.parse_move(data))


def shown_cards(html: str) -> list[str]:
    """Every card label drawn on the board: hand cards, small cards, pile cards."""
    hand = re.findall(r'class="cn-card[^"]*"[^>]*>(?:<input[^>]*>)?<span class="num">(\w+)<', html)
    minis = re.findall(r'<span class="cn-mini[^"]*">(\w+)</span>', html)
    picks = re.findall(r'name="pick"[^>]*><span>(\w+)</span>', html)
    return hand + minis + picks


def test_the_engines_views_render_a_turn_for_the_player_and_a_watcher():
    rules = engine()
    state = rules.new_game(rules.clean_settings({"level": 3}), 2, 5)
    turn = rules.current_player(state)
    html = engine_render(rules, state, turn)
    assert html.count('name="cards"') == 13
    assert "data-focus-next" in buttons(html)["draw-two"]
    state = move(rules, state, turn, {"type": "draw_two"})
    html = engine_render(rules, state, turn)
    assert html.count('name="cards"') == 15
    assert {"discard", "go-out", "lay-down", "ready", "hint"} <= set(buttons(html))
    first = re.search(r'<label class="cn-card[^"]*"[^>]*>.*?</label>', html).group(0)
    assert "data-focus-next" in first
    watcher = engine_render(rules, state, None)
    assert 'name="cards"' not in watcher and "cn-ready" not in watcher
    assert "Draw pile:" in watcher


def test_the_engines_ready_groups_sort_and_hint_show_on_the_board():
    rules = engine()
    state = rules.new_game(rules.clean_settings({"level": 3}), 2, 5)
    other = 1 - rules.current_player(state)  # ready, sort and hint work while others play
    state = move(rules, state, other, {"type": "ready", "cards": "0,1"})
    view = rules.view(state, other)
    html = engine_render(rules, state, other)
    [group] = view["ready"]
    area = re.search(r'<section class="cn-ready".*?</section>', html, re.S).group(0)
    assert f"new set · {group['points']} pts" in text_of(area)
    assert f"First laydown: {view['ready_points']} of {view['laydown']['minimum']}" in text_of(area)
    # The two cards wait in the ready group, not in the hand (hidden there, never posted).
    free = re.findall(r'name="cards" value="\d+" form="cn-move"(?! disabled)', html)
    assert len(free) == 11 and html.count('class="cn-card is-ready"') <= 2
    assert len(re.findall(r'<label class="cn-card[^"]*is-ready"', html)) == 2
    state = move(rules, state, other, {"type": "sort", "by": "factor"})
    assert 'aria-pressed="true"' in buttons(engine_render(rules, state, other))["sort-factor"]
    state = move(rules, state, other, {"type": "hint"})
    html = engine_render(rules, state, other)
    assert "cn-hint-box" in html
    state = move(rules, state, other, {"type": "unready", "group": 0})
    assert 'class="cn-group"' not in engine_render(rules, state, other)


def test_the_engines_round_over_renders_the_scoring_per_side():
    rules = engine()
    state = rules.new_game(rules.clean_settings({"level": 3}), 3, 8)
    state = bot_play(rules, state, lambda s: rules.view(s, 0)["phase"] != "draw"
                     and rules.view(s, 0)["phase"] != "play")  # fmt: skip
    view = rules.view(state, 1)
    html = engine_render(rules, state, 1)
    sides = re.findall(r'<section class="cn-score-side[^"]*"', html)
    assert len(sides) == 3 == len(view["last_round"]["sides"])
    totals = re.findall(r'<tr class="cn-total"><th scope="row">This round</th><td>(.*?)</td>', html)
    shown = [int(t.replace("−", "-")) for t in totals]
    assert shown == [side["total"] for side in view["last_round"]["sides"]]
    if view["phase"] == "round_over":
        assert "next-round" in buttons(html)
    assert 'name="cards"' not in html


def test_the_engines_partners_ask_and_answer_on_their_boards():
    rules = engine()
    settings = rules.clean_settings({"level": 3, "partnerships": True})
    state = rules.new_game(settings, 4, 3)
    state = bot_play(rules, state, lambda s: s["phase"] == "play")
    asker = rules.current_player(state)
    partner = (asker + 2) % 4
    assert "ask" in buttons(engine_render(rules, state, asker))
    state = move(rules, state, asker, {"type": "ask"})
    html = engine_render(rules, state, partner)
    assert {"answer-yes", "answer-no"} <= set(buttons(html))
    assert "asks: “May I go out?”" in text_of(html)
    assert "Wait for the answer." in text_of(engine_render(rules, state, asker))
    state = move(rules, state, partner, {"type": "answer", "yes": "no"})
    html = engine_render(rules, state, asker)
    assert "said no: do not go out this turn." in text_of(html)
    assert "ask" not in buttons(html) and "discard" in buttons(html)


def test_the_board_never_shows_another_players_hand():
    """Through a round with the bots, every card drawn on each player's board is one that player
    may see: their own hand, the discard pile, the sets on the table, the cards left in hands
    at the end of the last round."""
    import random
    from collections import Counter

    rules = engine()
    bot = rules.bots()["strong"]
    state = rules.new_game(rules.clean_settings({"level": 3, "partnerships": True}), 4, 11)
    checked = 0
    for step in range(400):
        if state["phase"] not in ("draw", "play"):
            break
        if step % 7 == 0:
            for seat in (0, 1, None):
                view = rules.view(state, seat)
                public = Counter(c["label"] for c in view["discard"])
                for side in view["sides"]:
                    for laid in side["sets"]:
                        public.update(c["label"] for c in laid["cards"])
                own = Counter(c["label"] for c in view["hand"] or [])
                for group in view["ready"] or []:
                    own.update(c["label"] for c in group["cards"])
                shown = Counter(shown_cards(engine_render(rules, state, seat)))
                # The discard pile is drawn twice at most (its top card, and the list below).
                allowed = public + public + own
                assert not shown - allowed, (seat, shown - allowed)
                checked += 1
        player = rules.current_player(state)
        view = rules.view(state, player)
        chosen = bot.choose_move(view, rules.legal_moves(state, player), random.Random(step))
        state = rules.apply_move(state, player, chosen)
    assert checked > 10
