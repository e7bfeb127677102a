"""The Prime Bomb – Capture board (templates/games/prime-bomb/board.html) rendered from the
engine's own views: the flip (as the flipper and not), the choosing (before and after my own
choice, others chosen), the last reveal with its reasons, swaps, the end and a watcher. A pending
choice never reaches anybody else's board, the board never says whether the card to capture is
a prime before the reveal, and never multiplies ticked cards unless the teacher turned the
product on. Every form posts the version and the board_key, and works without JavaScript."""

from __future__ import annotations

import json
import re
from html import unescape
from pathlib import Path

import pytest
from django.template.loader import render_to_string
from django.test import RequestFactory

from games.primepak.primebomb.game import PRIME_BOMB
from tests.games.primepak.boards import FakeMatch, FakeSeat
from tests.games.primepak.primebomb.test_rules import arrange, at

ROOT = Path(__file__).resolve().parents[4]
TEMPLATE = "games/prime-bomb/board.html"
GAME = PRIME_BOMB
NAMES = ["Ana", "Ben", "Cy", "Dee", "Eve", "Fin"]


def new(players=3, level=3, **settings):
    return GAME.new_game({"level": level, **settings}, players, 5)


def rigged(hands, flips, *, stack=(), captured=None, flipper=0, **settings):
    """Seats holding these cards (padded with big cards), these next flips."""
    state = new(players=len(hands), **settings)
    return arrange(state, hands, flips=flips, stack=stack, captured=captured, flipper=flipper)


def play(state, seat, data):
    after = GAME.apply_move(state, seat, GAME.parse_move(json.loads(json.dumps(data))))
    GAME.check_invariants(after)
    return after


def choose(state, seat, *values):
    return play(state, seat, {"type": "choose", "cards": at(state, seat, *values)})


def render(state, me, *, htmx=True, status="playing", clock=25, **extra) -> str:
    request = RequestFactory().get("/")
    request.htmx = htmx
    match = FakeMatch(status=status)
    seats = [FakeSeat(i, NAMES[i], match=match) for i in range(state["players"])]
    context = {
        "view": GAME.view(state, me),
        "me": me,
        "seats": seats,
        "match": match,
        "request": request,
        "clock_seconds": clock,
        "board_key": (GAME.board_key(state, me) or "") if me is not None else "",
        "submission": "f00d",
        **extra,
    }
    return render_to_string(TEMPLATE, context, request=request)


BLOCK = re.compile(r"</?(?:p|div|li|ul|ol|h\d|section|form|fieldset|legend|label|button)\b[^>]*>")


def text_of(html: str) -> str:
    """The words as read: blocks apart, inline tags (strong, span) gone."""
    words = re.sub(r"<[^>]+>", "", BLOCK.sub(" ", html))
    return re.sub(r"\s+", " ", unescape(words)).strip()


def forms_of(html: str) -> list[str]:
    return re.findall(r"<form\b.*?</form>", html, re.S)


def by_id(html: str, ident: str) -> str:
    """The element with this id, to its matching closing tag."""
    found = re.search(rf'<(\w+)[^>]*\bid="{ident}"', html)
    assert found, f"no #{ident}"
    tag, depth = found.group(1), 0
    for step in re.finditer(rf"<(/?){tag}\b[^>]*>", html[found.start() :]):
        depth += -1 if step.group(1) else 1
        if depth == 0:
            return html[found.start() : found.start() + step.end()]
    raise AssertionError(f"#{ident} is never closed")


def checked_refs(html: str) -> list[int]:
    return [int(v) for v in re.findall(r'name="cards" value="(\d+)"[^>]*\bchecked', html)]


# A 3-player game at level 3: Ana holds 2, 2, 7, 14 ...; the pile gives 28, then 2, then 9.
HANDS = [[2, 2, 7, 14], [2, 14], [7, 25]]
FLIPS = [28, 2, 9]


def start(**settings):
    return rigged(HANDS, FLIPS, **settings)


# --- the flip -------------------------------------------------------------------------------------
def test_the_flipper_has_a_big_turn_up_button_with_the_focus_and_a_countdown():
    html = render(start(), 0)
    button = re.search(r"<button[^>]*id=\"bomb-flip\"[^>]*>", html).group(0)
    assert 'name="type" value="flip"' in button and "data-focus-next" in button
    assert "Turn up a card" in html
    text = text_of(html)
    assert "Your turn: turn up the next card!" in text
    assert "If you wait, the app turns it up in 25 s" in text
    assert 'class="countdown" data-seconds="25"' in html
    assert "The first card comes here." in text


def test_the_others_see_who_turns_up_the_card_and_no_button():
    html = render(start(), 1)
    assert 'id="bomb-flip"' not in html
    text = text_of(html)
    assert "Ana turns up the next card." in text
    assert "The card is turned up in 25 s" in text
    # Ben's own hand is there to plan with, not to tick (nothing is chosen before the flip).
    assert 'name="cards"' not in html
    assert re.findall(r'class="pb-card" data-ref="\d+" data-card="(\d+)"', html)[:2] == ["2", "14"]


def test_a_learn_to_play_round_has_no_clock():
    html = render(start(), 0, clock=None)
    assert "countdown" not in html


# --- choosing -------------------------------------------------------------------------------------
def flipped():
    return play(start(), 0, {"type": "flip"})


def test_choosing_shows_the_card_big_and_the_hand_as_cards_to_tick():
    html = render(flipped(), 0)
    target = by_id(html, "bomb-target")
    assert 'data-card="28"' in target and ">28<" in target
    assert "Choose your cards to capture 28!" in text_of(html)
    hand = by_id(html, "bomb-hand")
    form = re.search(r"<form[^>]*>", hand).group(0)
    assert 'id="bomb-hand-0"' in form and 'data-keep-ticks="1-open"' in form
    assert 'hx-post="/matches/7/move/"' in form and 'action="/matches/7/move/"' in form
    assert re.findall(r'name="cards" value="(\d+)" data-value="(\d+)"', hand)[:4] == [
        ("0", "2"), ("1", "2"), ("2", "7"), ("3", "14")
    ]  # fmt: skip
    # The keyboard starts on the first card; nothing is ticked yet.
    assert re.search(r'name="cards" value="0"[^>]*data-focus-next', hand)
    assert checked_refs(html) == []
    button = re.search(r'<button id="bomb-choose"[^>]*>', html).group(0)
    assert 'name="type" value="choose"' in button
    assert "Choose these cards" in html and "Throw nothing" in html
    assert "No cards ticked: you would throw nothing." in text_of(html)
    assert "Time to choose: 25 s" in text_of(html)


def test_the_expression_of_ticked_cards_is_drawn_by_css_without_the_product():
    html = render(flipped(), 0)
    terms = re.findall(r'<span class="pb-term" data-pos="(\d)">(\d+)</span>', html)
    assert terms[:4] == [("0", "2"), ("1", "2"), ("2", "7"), ("3", "14")]
    assert '<span class="pb-product"></span>' in html
    assert "primebomb.js" not in html  # no script multiplies for the child
    css = (ROOT / "static/games/prime-bomb/primebomb.css").read_text()
    for pos in range(7):  # the largest hand holds 7 cards
        assert f'.pb-tick[value="{pos}"]:checked) .pb-term[data-pos="{pos}"]' in css


def test_the_product_is_shown_while_ticking_only_when_the_teacher_turned_it_on():
    # The script comes with the match page (the game declares it: Game.script), never with a
    # board htmx swaps in (it would not run); it acts only on a form marked data-product-shown.
    assert PRIME_BOMB.script == "games/prime-bomb/primebomb.js"
    page = (ROOT / "templates/games/match.html").read_text()
    assert '{% if script %}<script src="{% static script %}" defer></script>{% endif %}' in page
    state = play(rigged(HANDS, FLIPS, product="shown"), 0, {"type": "flip"})
    html = render(state, 0)
    assert re.search(r'<form id="bomb-hand-0"[^>]*data-product-shown', html)
    assert "primebomb.js" not in html
    assert "data-product-shown" not in render(flipped(), 0)


def test_throw_nothing_has_its_own_form_that_sends_no_cards():
    html = render(flipped(), 0)
    nothing = by_id(html, "bomb-nothing")
    assert 'name="type" value="choose"' in nothing and 'name="cards"' not in nothing
    assert 'form="bomb-nothing"' in by_id(html, "bomb-hand")


def test_after_my_choice_it_is_ticked_said_and_may_be_changed():
    state = choose(flipped(), 0, 2, 2, 7)
    html = render(state, 0)
    assert "You chose 2 × 2 × 7. You can change it until the cards are shown." in text_of(html)
    assert checked_refs(html) == [0, 1, 2]
    # Ticks that mean something new: they come from the choice, not from the board before it.
    assert 'data-keep-ticks="1-c0_1_2"' in html
    assert "data-focus-next" not in by_id(html, "bomb-hand")
    # Ticks that no longer match the choice say "not chosen yet" (CSS, from data-chosen).
    assert "data-has-choice" in re.search(r"<form id=\"bomb-hand[^>]*>", html).group(0)
    assert len(re.findall(r"checked data-chosen", html)) == 3
    assert "— not chosen yet" in html
    assert "You: chose ✓" in text_of(html)
    assert "Ben: choosing…" in text_of(html) and "Cy: choosing…" in text_of(html)


def test_a_choice_of_nothing_is_said_as_such():
    state = play(flipped(), 0, {"type": "choose", "cards": []})
    html = render(state, 0)
    assert "You chose to throw nothing. You can change it" in text_of(html)
    assert 'data-keep-ticks="1-c"' in html and checked_refs(html) == []


def test_others_chosen_show_only_that_they_chose():
    state = choose(choose(flipped(), 1, 2, 14), 2, 7)
    html = render(state, 0)
    text = text_of(html)
    assert "Ben: chose ✓" in text and "Cy: chose ✓" in text and "You: choosing…" in text
    assert 'data-keep-ticks="1-open"' in html  # others' choices leave my ticks alone
    # Only the start of the choosing takes the keyboard to the hand: a live update for each
    # classmate's choice must not pull the page back to it.
    assert "data-focus-next" not in html


def test_a_pending_choice_never_reaches_another_players_or_a_watchers_board():
    base = flipped()
    a = choose(base, 0, 2, 2, 7)
    b = choose(base, 0, 14)
    for viewer in (1, 2, None):
        html_a, html_b = render(a, viewer), render(b, viewer)
        assert html_a == html_b, f"seat {viewer} can tell Ana's choices apart"
    # Ben's board: his own choice differs, Ana's never shows.
    ben_a, ben_b = render(choose(a, 1, 2), 1), render(choose(b, 1, 2), 1)
    assert ben_a == ben_b


def test_the_board_key_and_version_ride_with_every_form():
    for html in (render(start(), 0), render(flipped(), 0)):
        forms = forms_of(html)
        assert forms
        for form in forms:
            assert 'name="version" value="12"' in form
            assert re.search(r'name="board_key" value="[a-z]+:\d+:[\d.]+:[\d.]*"', form)
            assert "csrfmiddlewaretoken" not in form  # htmx sends the token in a header


def test_without_htmx_the_forms_carry_the_csrf_token():
    html = render(flipped(), 0, htmx=False)
    for form in forms_of(html):
        assert "csrfmiddlewaretoken" in form


def test_the_card_to_capture_is_never_called_a_prime_before_the_reveal():
    state = choose(choose(choose(flipped(), 0, 2, 2, 7), 1, 2, 14), 2, 7)  # 28 shown
    state = play(state, 0, {"type": "flip"})  # the prime 2 turned up
    assert GAME.view(state, 0)["target"] == 2
    for viewer in (0, 1, None):
        html = render(state, viewer)
        board = html.replace(by_id(html, "bomb-reveal"), "")  # the last reveal is about 28
        assert "prime" not in text_of(board).lower()


# --- the reveal -----------------------------------------------------------------------------------
def revealed():
    """28 captured by Ana's 2 × 2 × 7 (3 cards) over Ben's 2 × 14 (exact, 2 cards); Cy's 7."""
    return choose(choose(choose(flipped(), 1, 2, 14), 0, 2, 2, 7), 2, 7)


def test_the_reveal_shows_every_players_cards_products_and_why():
    html = render(revealed(), 1)
    reveal = text_of(by_id(html, "bomb-reveal"))
    assert "Everyone's cards for 28" in reveal
    assert "Ana: 2 × 2 × 7 = 28 — exact, 3 cards ★ captured" in reveal
    assert "You: 2 × 14 = 28 — exact, 2 cards" in reveal
    assert "Cy: 7 — 21 away, 1 card" in reveal
    assert "Ana's 2 × 2 × 7 = 28 is exact and uses 3 cards; your 2 × 14 = 28 uses only 2." in reveal


def test_my_own_win_reads_your_not_yous():
    html = render(revealed(), 0)
    reveal = text_of(by_id(html, "bomb-reveal"))
    assert "You: 2 × 2 × 7 = 28 — exact, 3 cards ★ captured" in reveal
    assert "Your 2 × 2 × 7 = 28 is exact and uses 3 cards; Ben's 2 × 14 = 28 uses only 2." in reveal
    assert "You's" not in html and "you's" not in html


def test_the_reveal_stays_through_the_next_flip_and_choosing():
    state = revealed()
    for viewer in (0, 1, None):
        assert 'id="bomb-reveal"' in render(state, viewer)
    state = play(state, 0, {"type": "flip"})
    html = render(state, 2)
    assert "Last time: everyone's cards for 28" in text_of(by_id(html, "bomb-reveal"))


def test_a_wrong_prime_play_shows_its_reason_and_nobody_capturing_keeps_the_stack():
    # The prime 2 turned up: Ana throws 7 (a prime), Ben 14 (has a 2), Cy 25 (no 2).
    state = choose(choose(choose(flipped(), 0, 2, 2, 7), 1, 2, 14), 2, 7)
    state = play(state, 0, {"type": "flip"})
    state = choose(choose(choose(state, 0, 7), 1, 14), 2, 25)
    html = render(state, 0)
    reveal = text_of(by_id(html, "bomb-reveal"))
    assert "(a prime)" in reveal
    assert "You: 7 — not allowed: 7 is a prime" in reveal
    assert "Ben: 14 — has a 2 ★ captured" in reveal
    assert "Cy: 25 — not allowed: 25 has no 2." in reveal
    assert "Ben's 14 has a 2: the only capture." in reveal


def test_an_uncaptured_card_stays_and_the_next_winner_takes_the_stack():
    state = choose(choose(choose(flipped(), 0), 1), 2)  # everybody throws nothing
    html = render(state, 0)
    text = text_of(html)
    assert "Nobody captured 28: it stays" in text
    assert "Nobody captured it: it stays." in text
    assert "The next card goes on top. Capture it and you take both cards!" in text
    assert "You: threw nothing" in text_of(by_id(html, "bomb-reveal"))
    state = play(state, 0, {"type": "flip"})  # 2 on top of 28
    text = text_of(render(state, 1))
    assert "2 cards in the stack: the winner takes them all!" in text
    assert "Choose your cards to capture 2!" in text


def test_a_player_out_of_time_did_not_choose():
    state = choose(flipped(), 1, 2, 14)
    state = GAME.apply_timeout(state)
    html = render(state, 1)
    reveal = text_of(by_id(html, "bomb-reveal"))
    assert "Ana: did not choose in time" in reveal


# --- swaps ----------------------------------------------------------------------------------------
def test_a_player_with_captured_cards_may_swap_before_the_flip():
    state = revealed()  # Ana captured 28 and flips next
    html = render(state, 0)
    swap = by_id(html, "bomb-swap")
    assert 'name="type" value="swap"' in swap
    assert re.findall(r'name="captured" value="(\d+)"', swap) == ["0"]
    assert re.findall(r'name="card" value="(\d+)"', swap) == [str(p) for p in range(7)]
    assert "a captured card goes into your hand; the hand card goes to your captured pile" in (
        text_of(swap)
    )
    assert 'id="bomb-captured"' in html and 'data-card="28"' in by_id(html, "bomb-captured")
    # Ben captured nothing: no swap for him.
    assert 'id="bomb-swap"' not in render(state, 1)
    # After the flip there is no swapping.
    assert 'id="bomb-swap"' not in render(play(state, 0, {"type": "flip"}), 0)


def test_a_swap_from_the_board_moves_the_cards():
    state = revealed()
    html = render(state, 0)
    hand_pos = re.findall(r'name="card" value="(\d+)"', by_id(html, "bomb-swap"))[0]
    after = play(state, 0, {"type": "swap", "card": int(hand_pos), "captured": 0})
    assert after["captured"][0] == [2] and 28 in after["hands"][0]
    assert 'data-card="2"' in by_id(render(after, 0), "bomb-captured")


# --- scores, the story, the end -------------------------------------------------------------------
def test_everyone_has_a_score_captured_cards_and_a_hand_size():
    html = render(revealed(), 2)
    players = text_of(html[html.index('class="pb-players"') :])
    assert "Captured cards · everyone holds 7 cards" in players
    assert "Ana turns up next 28 points 28" in players
    assert "Ben 0 points none yet" in players
    assert "You 0 points" in players


def test_counting_scores_say_cards():
    state = rigged(HANDS, FLIPS, scoring="count")
    state = choose(choose(choose(play(state, 0, {"type": "flip"}), 0, 2, 2, 7), 1, 2), 2, 7)
    assert "Ana turns up next 1 card 28" in text_of(render(state, 1))


def test_what_happened_tells_the_story_newest_first():
    html = render(revealed(), 1)
    log = re.findall(r'<li class="pb-event (\w+)">(.*?)</li>', html)
    assert log == [("capture", "Ana captured 28."), ("flip", "Ana turned up 28.")]


def finished():
    """Played to the end by always throwing nothing but Ana's one exact capture."""
    state = revealed()
    while state["phase"] != "over":
        if state["phase"] == "flip":
            state = play(state, state["flipper"], {"type": "flip"})
        else:
            state = GAME.apply_timeout(state)
    return state


def test_game_over_shows_the_final_scores_winner_and_piles():
    state = finished()
    html = render(state, 1, status="finished", clock=None)
    assert text_of(by_id(html, "pb-final-title")) == "The game is over! Ana won with 28 points."
    final = text_of(html[html.index('class="pb-final"') :])
    assert 'class="pb-status' not in html  # the final scores say it: no status above them
    assert "Ana 28 points ★ winner 28" in final
    assert "You 0 points none" in final and "none yet" not in final
    assert "Nobody captured the last cards (28, 2, 9)" not in final  # 28 was captured
    assert "Nobody captured the last card" in final  # 2 and 9 stayed
    assert 'id="bomb-flip"' not in html and "<form" not in html
    assert "countdown" not in html
    assert 'id="bomb-reveal"' in html


def test_a_shared_win_names_everyone_who_shares_it():
    state = rigged(HANDS, FLIPS)
    while state["phase"] != "over":
        if state["phase"] == "flip":
            state = play(state, state["flipper"], {"type": "flip"})
        else:
            state = GAME.apply_timeout(state)
    text = text_of(render(state, 0, status="finished", clock=None))
    assert "A shared win: You, Ben and Cy, with 0 points each." in text


# --- a watcher ------------------------------------------------------------------------------------
def test_a_watcher_sees_everything_public_and_no_hand_or_form():
    for state in (start(), flipped(), revealed()):
        html = render(state, None)
        assert "<form" not in html and 'name="cards"' not in html
        assert 'id="bomb-captured"' not in html
        assert "pb-watching" in html
    text = text_of(render(flipped(), None))
    assert "Everyone chooses cards to capture 28." in text
    assert "Ana: choosing…" in text
    assert "Ana's 2 × 2 × 7" in text_of(render(revealed(), None))


def test_a_replay_shows_hands_without_keeping_ticks_across_steps():
    html = render(flipped(), 0, replay=True)
    form = re.search(r'<form id="bomb-hand-[^"]*"[^>]*>', html).group(0)
    assert "data-keep-ticks" not in form


def test_the_template_and_the_stylesheet_have_no_inline_styles_or_scripts():
    """The site's CSP forbids inline styles and scripts: the only script has a src."""
    scripts = {"board.html": [], "_picture.html": []}
    for name, wanted in scripts.items():
        template = (ROOT / "templates/games/prime-bomb" / name).read_text()
        assert "style=" not in template
        assert re.findall(r"<script[^>]*>", template) == wanted
        assert " on" + "click" not in template


def test_the_learn_to_play_highlights_find_their_elements():
    from games.primepak.primebomb.texts import learn_to_play

    wanted = {s for step in learn_to_play().steps for s in step.highlight}
    assert wanted == {
        "#bomb-flip", "#bomb-hand", "#bomb-choose", "#bomb-reveal", "#bomb-swap", "#bomb-captured"
    }  # fmt: skip
    pages = render(start(), 0) + render(flipped(), 0) + render(revealed(), 0)
    for selector in wanted:
        assert f'id="{selector[1:]}"' in pages, selector


# --- How to play pictures -------------------------------------------------------------------------
def test_every_how_to_play_picture_is_drawn_with_the_boards_cards():
    from games.primepak.primebomb.texts import how_to_play

    pictures = [step.picture for step in how_to_play().steps if step.picture]
    assert {p.kind for p in pictures} == {"cards", "reveal"}
    for picture in pictures:
        html = render_to_string("games/prime-bomb/_picture.html", {"picture": picture})
        text = text_of(html)
        assert f'class="pb-picture pb-picture-{picture.kind}"' in html
        assert "<button" not in html and "<input" not in html  # a picture is not a control
        assert picture.data["line"] in text
        if picture.kind == "cards":
            assert re.findall(r'<span class="num">(\d+)</span>', html) == [
                str(c) for c in picture.data["cards"]
            ]
        else:
            for play_ in picture.data["plays"]:
                assert f"{play_['name']}:" in text
                if play_["product"] is not None:
                    shown = " × ".join(map(str, play_["cards"])) + f" = {play_['product']}"
                    assert shown in text
            winner = picture.data["winner"]
            assert text.count("★ captured") == (0 if winner is None else 1)


@pytest.mark.parametrize("players", [2, 6])
def test_two_to_six_players_render_for_each_seat(players):
    state = GAME.new_game({"level": 1}, players, 9)
    state = play(state, state["flipper"], {"type": "flip"})
    for seat in [*range(players), None]:
        html = render(state, seat)
        assert len(re.findall(r'class="pb-player[ "]', html)) == players
        assert len(re.findall(r'data-seat="\d"', html)) >= players
