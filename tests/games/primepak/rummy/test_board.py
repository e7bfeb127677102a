"""The Factor Rummy board template (templates/games/factor-rummy/board.html): every action is a
real form post, the hand is one form of checkboxes, and the board never does the child's
arithmetic while a round is played (no products, no "you can go out"); when a round ends every
hand is laid down in its sets with the scoring line by line.

The views here are hand-made in the shape of the game's own view (FactorRummy.view in
games/primepak/rummy/game.py); the engine's own views are rendered in the last tests."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from django.template.loader import render_to_string
from django.test import RequestFactory

from ..boards import FakeMatch, FakeSeat

ROOT = Path(__file__).resolve().parents[4]
TEMPLATE = "games/factor-rummy/board.html"


SEATS = [FakeSeat(0, "Ana"), FakeSeat(1, "Ben"), FakeSeat(2, "Cy")]


def hand(*cards) -> list[dict]:
    return [
        {"pos": i, "card": c, "label": "prime" if c == "P" else str(c), "wild": c == "P"}
        for i, c in enumerate(cards)
    ]


def playing_view(**changes) -> dict:
    """Ana (seat 0) to draw in round 2, with one group made and a prime wild in her hand."""
    view = {
        "level": 3,
        "target": 200,
        "wilds": 7,
        "round": 2,
        "dealer": 2,
        "turn": 0,
        "players": 3,
        "phase": "draw",
        "me": 0,
        "hand": hand(42, 6, 7, 9, 20, "P", 3, 11, 35, 5, 4),
        "groups": [[0, 1, 2]],
        "loose": [3, 4, 5, 6, 7, 8, 9, 10],
        "hand_sizes": [11, 11, 11],
        "draw_count": 31,
        "discard": [12, 18, 45],
        "scores": [25, 0, 6],
        "last_round": None,
        "winner": None,
        "log": [
            {"kind": "draw", "parts": [{"seat": 1, "cap": True}, {"text": " drew from the pile."}]},
            {"kind": "discard", "parts": [{"seat": 2, "cap": True}, {"text": " discarded 45."}]},
        ],
        "drawn": None,
        "hinted": False,
        "wild_primes": [2, 3, 5, 7, 11],
    }
    return {**view, **changes}


LAST_ROUND = {
    "round": 1,
    "out": 0,
    "how": "prime",
    "points": 29,
    "hands": [
        {
            "seat": 0,
            "sets": [
                {"cards": [42, 2, 3, 7], "equation": "42 = 2 × 3 × 7", "prime": True},
                {"cards": [20, 2, "P", 5], "equation": "20 = 2 × 5 × prime(2)", "prime": True},
            ],
            "deadwood": [],
        },
        {
            "seat": 1,
            "sets": [{"cards": [36, 6, 6], "equation": "36 = 6 × 6", "prime": False}],
            "deadwood": [9, 77],
        },
        {"seat": 2, "sets": [], "deadwood": [13, 14]},
    ],
    "lines": [
        {
            "kind": "out",
            "parts": [{"seat": 0, "cap": True}, {"text": " went out “prime factor”: 25 points."}],
        },
        {
            "kind": "dead",
            "parts": [{"seat": 1, "cap": True}, {"text": " had 2 deadwood cards: 4 points."}],
        },
        "Nobody else had deadwood.",
    ],
}


def render(view: dict | None, me: int | None, *, my_turn: bool | None = None) -> str:
    request = RequestFactory().get("/")
    request.htmx = True
    context = {
        "view": view,
        "me": me,
        "my_turn": (view["turn"] == me and view["phase"] in ("draw", "discard"))
        if my_turn is None
        else my_turn,
        "seats": SEATS,
        "match": FakeMatch(),
        "request": request,
    }
    return render_to_string(TEMPLATE, context, request=request)


def forms_of(html: str) -> list[str]:
    return re.findall(r"<form[^>]*>.*?</form>", html, re.S)


def buttons(html: str) -> dict[str, str]:
    """data-action → the button's tag."""
    return {
        m.group(1): m.group(0)
        for m in re.finditer(r'<button[^>]*data-action="([\w-]+)"[^>]*>', html)
    }


def text_of(html: str) -> str:
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", html))


def test_every_form_posts_a_move_to_the_board_with_the_version_seen():
    html = render(playing_view(), 0)
    forms = forms_of(html)
    assert len(forms) == 3  # the piles, the hand, the one group's "Take apart"
    for form in forms:
        assert 'method="post"' in form and 'action="/matches/7/move/"' in form
        assert 'hx-post="/matches/7/move/"' in form and 'hx-target="#board"' in form
        assert '<input type="hidden" name="version" value="12">' in form


def test_the_start_of_a_turn_offers_both_piles_and_going_out_before_drawing():
    html = render(playing_view(), 0)
    actions = buttons(html)
    assert 'name="from" value="pile"' in actions["draw-pile"]
    assert "data-focus-next" in actions["draw-pile"]  # the keyboard starts on the draw
    assert 'name="from" value="discard"' in actions["take-discard"]
    assert "discard" not in actions  # nothing to discard before drawing
    assert 'name="type" value="go_out"' in actions["go-out"]
    ways = re.findall(r'<input type="radio" name="how" value="(\w+)">', html)
    assert ways == ["prime", "rummy"]  # "with deadwood" needs a discard, so a draw first
    assert "25 points" in html and "20 points" in html
    # The discard pile: its top card big, the whole pile on request, the draw pile's count.
    assert 'aria-label="Top card of the discard pile: 45"' in html
    assert "See the whole discard pile (3 cards)" in html
    assert 'aria-label="Draw pile: 31 cards face down"' in html


def test_after_a_draw_the_new_card_has_the_focus_and_discard_and_deadwood_are_offered():
    view = playing_view(
        phase="discard",
        hand=hand(42, 6, 7, 9, 20, "P", 3, 11, 35, 5, 4, 15),
        loose=[3, 4, 5, 6, 7, 8, 9, 10, 11],
        drawn=11,
    )
    html = render(view, 0)
    actions = buttons(html)
    assert 'name="type" value="discard"' in actions["discard"]
    assert "draw-pile" not in actions and "take-discard" not in actions
    new = re.search(r'<label class="fr-card new" data-ref="11" data-card="15">.*?</label>', html)
    assert new and "data-focus-next" in new.group(0) and "the card you just took" in new.group(0)
    assert html.count("data-focus-next") == 1
    ways = re.findall(r'<input type="radio" name="how" value="(\w+)">', html)
    assert ways == ["prime", "rummy", "deadwood"]


def test_the_hand_is_one_form_of_checkboxes_groups_first_and_wilds_marked():
    html = render(playing_view(), 0)
    [hand_form] = [f for f in forms_of(html) if "fr-hand-form" in f]
    ticks = re.findall(
        r'<input type="checkbox" class="fr-tick" name="cards" value="(\d+)"', hand_form
    )
    assert ticks == [str(i) for i in range(11)]  # the group's three cards, then the loose ones
    group = re.search(r'<div class="fr-group".*?</div>', hand_form, re.S).group(0)
    assert re.findall(r'data-card="(\w+)"', group) == ["42", "6", "7"]
    wild = re.search(r'<label class="fr-card wild"[^>]*data-card="prime">.*?</label>', hand_form)
    assert wild and "a prime wild" in wild.group(0)
    # "Take apart" is inside the hand but submits the group's own little form.
    assert 'form="fr-apart-0"' in buttons(html)["apart"]
    [apart] = [f for f in forms_of(html) if 'id="fr-apart-0"' in f]
    assert '<input type="hidden" name="type" value="ungroup">' in apart
    assert '<input type="hidden" name="group" value="0">' in apart
    for action, value in (("group", "group"), ("hint", "hint")):
        assert f'name="type" value="{value}"' in buttons(html)[action]
    assert "counts as help" in html


def test_posted_ticks_read_as_the_contracts_cards_field():
    """The lead joins repeated fields (games/forms.py): three ticked cards post "3,7,12"."""
    from django.http import QueryDict

    from games.forms import move_data_from_post

    data = move_data_from_post(QueryDict("type=group&cards=3&cards=7&cards=10&version=12"))
    if data.get("cards") == 10:
        pytest.xfail("games/forms.py keeps only the last value of a repeated field")
    assert data == {"type": "group", "cards": "3,7,10"}


def test_nothing_on_the_board_does_the_childs_arithmetic():
    """No product of ticked or grouped cards, no set judged, no "you can go out" while a round
    is played (the text's sets are the child's to find)."""
    for phase in ("draw", "discard"):
        html = text_of(
            render(playing_view(phase=phase, drawn=3 if phase == "discard" else None), 0)
        )
        assert "×" not in html and " = " not in html
        for telling in ("can go out", "not a set", "is a set", "valid", "deadwood cards:"):
            assert telling not in html.lower()


def test_waiting_for_others_the_child_can_still_arrange_but_not_play():
    html = render(playing_view(turn=1), 0)
    actions = buttons(html)
    assert {"group", "hint", "apart"} <= set(actions)
    assert not {"draw-pile", "take-discard", "discard", "go-out"} & set(actions)
    assert "Ben is playing. You can arrange your cards while you wait." in text_of(html)
    assert "data-focus-next" not in html


def test_a_watcher_sees_counts_and_the_piles_never_a_hand():
    view = playing_view(me=None, hand=None, groups=[], loose=[])
    html = render(view, None)
    assert "fr-hand-form" not in html and "checkbox" not in html and "data-action" not in html
    rows = re.findall(
        r'<tr class="[^"]*">\s*<th scope="row">(.*?)</th>'
        r"\s*<td>(\d+)</td>\s*<td><strong>(\d+)</strong>",
        html,
        re.S,
    )
    assert [(text_of(name).strip(), n, s) for name, n, s in rows] == [
        ("▶ playing now: Ana", "11", "25"),
        ("Ben", "11", "0"),
        ("Cy dealer", "11", "6"),
    ]


def test_the_players_table_names_you_the_turn_and_the_target():
    html = render(playing_view(), 0)
    assert re.search(r'<tr class="me turn">\s*<th scope="row"><span class="fr-turn-mark"', html)
    assert "First to 200 points wins. A prime card can be 2, 3, 5, 7, 11." in text_of(html)
    assert "Ben drew from the pile." in text_of(html)  # the story, with names


def test_a_round_over_lays_every_hand_down_and_explains_the_scoring():
    view = playing_view(phase="round_over", turn=None, last_round=LAST_ROUND, round=1)
    html = render(view, 1)
    text = text_of(html)
    assert "Ana went out “prime factor”" in text
    assert "42 = 2 × 3 × 7" in text and "36 = 6 × 6" in text
    assert text.count("prime factor set") == 2
    # Deadwood apart, counted; a hand of deadwood only still shows.
    dead = re.findall(r'<div class="fr-set fr-dead">(.*?)</div>', html, re.S)
    assert [text_of(d).split() for d in dead] == [
        ["9", "77", "Deadwood:", "2", "cards"],
        ["13", "14", "Deadwood:", "2", "cards"],
    ]
    assert "Your cards" in text  # Ben's own hand
    lines = re.search(r'<ol class="fr-lines">(.*?)</ol>', html, re.S).group(1)
    assert [text_of(li).strip() for li in re.findall(r"<li>(.*?)</li>", lines, re.S)] == [
        "Ana went out “prime factor”: 25 points.",
        "You had 2 deadwood cards: 4 points.",
        "Nobody else had deadwood.",
    ]
    nxt = buttons(html)["next-round"]
    assert 'name="type" value="next_round"' in nxt and "data-focus-next" in nxt
    assert "fr-hand-form" not in html and "draw-pile" not in html  # nothing else to do now
    assert "next-round" not in buttons(render(view, None))  # a watcher does not deal


def test_game_over_names_the_winner_and_keeps_the_last_scoring():
    view = playing_view(
        phase="game_over", turn=None, last_round=LAST_ROUND, winner=0, scores=[204, 0, 6]
    )
    text = text_of(render(view, 0))
    assert "The game is over: you reached 200 points first." in text
    assert "42 = 2 × 3 × 7" in text and "Next round" not in text
    assert "The game is over: Ana reached 200 points first." in text_of(render(view, 2))


def test_during_the_next_round_the_last_scoring_is_there_on_request():
    html = render(playing_view(last_round=LAST_ROUND), 0)
    assert re.search(
        r'<details class="fr-more fr-result fr-last">\s*<summary>How round 1 was scored',
        html,
    )


def test_nobody_out_when_the_cards_ran_out():
    last = {**LAST_ROUND, "out": None, "how": None, "lines": ["The cards ran out: no points."]}
    html = render(playing_view(phase="round_over", turn=None, last_round=last), 0)
    assert "the cards ran out and nobody went out" in text_of(html)


def test_the_stylesheet_and_the_template_have_no_inline_styles_or_scripts():
    """The site's CSP forbids inline styles and scripts."""
    template = (ROOT / "templates/games/factor-rummy/board.html").read_text()
    assert (
        "style=" not in template and "<script" not in template and " on" + "click" not in template
    )
    css = (ROOT / "static/games/factor-rummy/rummy.css").read_text()
    assert ".fr-card" in css and ".fr-picture" in css


PICTURES = {
    "hand": {
        "groups": [[42, 6, 7], [30, 2, 3, 5]],
        "loose": [9, "P"],
        "ticked": [9],
        "line": "9 is left over",
    },
    "set": {"cards": [42, 2, 3, 7], "equation": "42 = 2 × 3 × 7", "prime": True, "mark": "yes"},
    "out": {
        "how": "deadwood",
        "sets": [{"cards": [36, 6, 6], "equation": "36 = 6 × 6", "prime": False}],
        "deadwood": [9],
        "discard": 20,
        "line": "Factor with deadwood: 1 deadwood card",
        "ok": True,
    },
    "piles": {"draw": 31, "discard": [12, "P"]},
    "scoring": {"lines": ["Ana went out “prime factor”: 25 points."]},
    "buttons": {"buttons": ["Make a group", "Discard"], "main": "Discard"},
}


@pytest.mark.parametrize("kind", sorted(PICTURES))
def test_each_picture_kind_is_drawn_with_the_boards_cards(kind):
    from games.engine.texts import Picture

    picture = Picture(kind, PICTURES[kind], "caption")
    html = render_to_string("games/factor-rummy/_picture.html", {"picture": picture})
    text = text_of(html)
    assert f'class="fr-picture fr-picture-{kind}"' in html
    assert "<button" not in html and "<input" not in html  # a picture is not a control
    expected = {
        "hand": ["42", "30", "prime", "9 is left over"],
        "set": ["42 = 2 × 3 × 7", "prime factor set", "✓ a factor set"],
        "out": ["36 = 6 × 6", "Deadwood: 1 card", "discarded", "Factor with deadwood"],
        "piles": ["31", "to draw", "prime", "Take the top card"],
        "scoring": ["Ana went out “prime factor”: 25 points."],
        "buttons": ["Make a group", "Discard"],
    }[kind]
    for words in expected:
        assert words in text
    if kind == "hand":
        assert html.count('class="fr-group"') == 2 and 'class="fr-card ticked"' in html
        assert 'class="fr-card wild"' in html


# --- the engine's own views ---------------------------------------------------------------------


def engine():
    from games.engine import get_game

    try:
        return get_game("factor-rummy")
    except KeyError:
        rummy = pytest.importorskip("games.primepak.rummy.game", reason="no engine yet")
        return rummy.FACTOR_RUMMY  # written, not registered yet


def test_the_engines_views_render_a_turn_for_the_player_and_a_watcher():
    rules = engine()
    state = rules.new_game(rules.clean_settings({"level": 3}), 3, 5)
    turn = rules.current_player(state)
    html = render(rules.view(state, turn), turn)
    assert html.count('name="cards"') == 11  # level 3: a hand of 11
    assert "data-focus-next" in buttons(html)["draw-pile"]
    state = rules.apply_move(state, turn, rules.parse_move({"type": "draw", "from": "pile"}))
    view = rules.view(state, turn)
    html = render(view, turn)
    assert html.count('name="cards"') == 12 and "discard" in buttons(html)
    new = re.search(r'<label class="fr-card[^"]*new"[^>]*>.*?</label>', html)
    assert new and "data-focus-next" in new.group(0)
    assert f'data-ref="{view["drawn"]}"' in new.group(0)
    watcher = render(rules.view(state, None), None)
    assert 'name="cards"' not in watcher and "fr-hand-form" not in watcher
    assert "Draw pile:" in watcher


def test_the_engines_round_over_renders_every_hand_and_the_scoring():
    import random

    rules = engine()
    state = rules.new_game(rules.clean_settings({"level": 2}), 3, 8)
    bot = rules.bots()["strong"]
    rng = random.Random(2)
    for _ in range(3000):
        if state["phase"] != "draw" and state["phase"] != "discard":
            break
        player = rules.current_player(state)
        move = bot.choose_move(rules.view(state, player), rules.legal_moves(state, player), rng)
        state = rules.apply_move(state, player, move)
    view = rules.view(state, 1)
    assert view["phase"] in ("round_over", "game_over")
    html = render(view, 1, my_turn=False)
    text = text_of(html)
    assert len(re.findall(r'class="fr-laid[ "]', html)) == 3
    lines = re.search(r'<ol class="fr-lines">(.*?)</ol>', html, re.S).group(1)
    assert len(re.findall(r"<li>", lines)) == len(view["last_round"]["lines"])
    if view["last_round"]["out"] is not None:
        assert " went out “" in text and "points" in text
    if view["phase"] == "round_over":
        assert "next-round" in buttons(html)
