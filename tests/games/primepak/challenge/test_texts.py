"""Prime Challenge teaches itself: How to play (with the booklet's worked examples, drawn with
the board's cards), the Learn to play round, and the full rules for teachers.

Rule text: the PrimePak booklet (Terminology, PRIME CHALLENGE).
"""

from __future__ import annotations

import re
from types import SimpleNamespace

import pytest
from django.template.loader import render_to_string

from games.engine.learn import learn_playthrough
from games.engine.texts import CLOCK, LEARNER, check_texts
from games.primepak.cards import WILD
from games.primepak.challenge.game import CHALLENGE, TIME_LIMITS, Challenge, Done, Hit, Timeout
from games.primepak.challenge.texts import LEARN_SEED, LEARN_SETTINGS
from games.primepak.factorsets import check_set, find_sets

from .test_game import play, scenario, take

GAME = CHALLENGE
P = WILD
BUTTONS = {  # a learner step's move type, and the words on the board's button for it
    "collect": "Take this set",
    "done": "Done",
    "hit": "Hit: I see no set",
    "challenge": "Challenge!",
}


def test_the_texts_pass_the_platforms_checks():
    check_texts(GAME)


# --- How to play ----------------------------------------------------------------------------------
def pictures(kind: str | None = None):
    return [
        step.picture
        for step in GAME.how_to_play().steps
        if step.picture and (kind is None or step.picture.kind == kind)
    ]


def test_every_step_has_a_picture_of_a_kind_the_template_draws():
    steps = GAME.how_to_play().steps
    assert all(step.picture is not None for step in steps)
    assert {step.picture.kind for step in steps} == {"table", "cards", "buttons", "challenge"}


def test_the_booklets_worked_examples_are_in_how_to_play():
    """Booklet, Terminology: "For example 20, 4 and 5 make a factor set because 20 = 4 × 5. The
    numbers 50, 2, 5, and 5 also form a factor set because 50 = 2 × 5 × 5." "The numbers 2, 10,
    4, and 5 are not a factor set even though 2 × 10 = 4 × 5." "The prime wild cards shown here
    are being used for the primes 2, 2, and 5." PRIME CHALLENGE: "the numbers 42, 6, and 7
    form a factor set"."""
    text = " ".join(step.text for step in GAME.how_to_play().steps)
    for example in ("20 = 4 × 5", "50 = 2 × 5 × 5", "2 × 10 = 4 × 5", "42, 6 and 7",
                    "2, 2 and 5"):  # fmt: skip
        assert example in text
    shown = {
        tuple(card["label"] for card in picture.data["cards"]): picture.data.get("mark")
        for picture in pictures("cards")
    }
    assert shown[("20", "4", "5")] == "yes" and shown[("50", "2", "5", "5")] == "yes"
    assert shown[("2", "10", "4", "5")] == "no"
    assert ("42", "6", "7") in shown
    wilds = next(p for p in pictures("cards") if any(c["wild"] for c in p.data["cards"]))
    assert [c["as"] for c in wilds.data["cards"] if c["wild"]] == [2, 2, 5]


def test_a_picture_marked_as_a_set_is_one_and_a_picture_marked_not_a_set_is_not():
    for picture in pictures("cards"):
        mark = picture.data.get("mark")
        if not mark:
            continue
        cards = [P if card["wild"] else int(card["label"]) for card in picture.data["cards"]]
        check = check_set(cards, 3)
        assert check.ok == (mark == "yes"), picture.caption
        if check.wild_values:
            assert sorted(c["as"] for c in picture.data["cards"] if c["wild"]) == sorted(
                check.wild_values
            )


def test_the_hit_picture_has_no_set_until_the_hit_card_comes():
    """Booklet: "When a player sees no factor set in a full foundation, the player says hit"."""
    [_, hit] = pictures("table")
    foundation = [int(card["label"]) for row in hit.data["rows"] for card in row]
    hits = [int(card["label"]) for card in hit.data["hits"]]
    assert find_sets(foundation, 1) == [] and find_sets(foundation + hits, 1)


def test_how_to_play_names_the_boards_buttons():
    text = " ".join(step.text for step in GAME.how_to_play().steps)
    with open("templates/games/prime-challenge/board.html", encoding="utf-8") as template:
        board = template.read()
    for words in BUTTONS.values():
        assert f"“{words}”" in text and words in board


@pytest.mark.parametrize("step", GAME.how_to_play().steps, ids=lambda step: step.title)
def test_every_picture_is_drawn_with_the_boards_cards(step, settings):
    html = render_to_string("games/prime-challenge/_picture.html", {"picture": step.picture})
    assert f"pc-picture-{step.picture.kind}" in html
    data = step.picture.data
    cards = data.get("cards", []) + data.get("hits", [])
    cards += [card for row in data.get("rows", []) for card in row]
    for card in cards:
        css = "pc-card wild" if card["wild"] else "pc-card"
        assert f'<span class="{css}' in html
        assert f'<span class="num">{card["label"]}</span>' in html
        if card["as"]:
            assert f'<span class="as">as {card["as"]}</span>' in html
        if card["order"]:
            assert f'<span class="order">{card["order"]}</span>' in html
        if card["below"]:
            assert card["below"] in html
    if data.get("hits"):
        assert "pc-card hit" in html
    if "draw" in data:
        assert f'<span class="num">{data["draw"]}</span><span>to draw</span>' in html
    for label in data.get("buttons", []):
        assert f">{label}</span>" in html
    if step.picture.kind == "challenge":
        assert "pc-challenge-button" in html and data["text"] in html
    marks = {"yes": "✓ a factor set", "no": "✗ not a factor set"}
    if data.get("mark"):
        assert marks[data["mark"]] in html


def test_the_how_to_play_page_draws_every_picture(settings):
    """As the platform shows it: the steps partial, each picture included in a figure."""
    how = GAME.how_to_play()
    context = {
        "game": GAME,
        "how": how,
        "picture_template": "games/prime-challenge/_picture.html",
    }
    html = render_to_string("games/how.html#steps", context)
    assert html.count('<figure class="how-picture">') == len(how.steps)
    for step in how.steps:
        assert f"pc-picture-{step.picture.kind}" in html and step.picture.caption in html


# --- Learn to play --------------------------------------------------------------------------------
def test_learn_to_play_plays_through_as_written():
    state = learn_playthrough(GAME)
    assert sorted(state["stacks"][0]) == [2, 3, 4, 6, 10, 40]  # two sets of the learner's
    assert state["stacks"][1] == [] and state["bonus"] == [3, -3]  # Pip's wrong set, caught
    assert GAME.outcome(state) is None  # the round stops with the script, not the game


def test_the_learn_deal_is_the_friendly_one_the_script_describes():
    script = GAME.learn_to_play()
    assert (script.settings, script.seed, script.players) == (LEARN_SETTINGS, LEARN_SEED, 2)
    state = GAME.new_game(script.settings, script.players, script.seed)
    assert state["turn"] == LEARNER
    assert state["foundation"] == [6, 3, 3, 3, 3, 4, 2, 4, 3]
    assert state["draw"][-4:] == [10, 5, 5, 40]  # 40, 5, 5 fill the gaps; the hit card is 10


def walk():
    """Each step of the script with the state it starts from (an all_of step in its order)."""
    script = GAME.learn_to_play()
    state = GAME.new_game(script.settings, script.players, script.seed)
    for step in script.steps:
        yield step, state
        if step.seat == CLOCK:
            state = GAME.apply_timeout(state)
            continue
        moves = [GAME.parse_move(data) for data in step.moves]
        for move in moves if step.all_of else moves[:1]:
            state = GAME.apply_move(state, step.seat, move)


def test_each_learner_step_says_which_cards_and_buttons_it_accepts():
    for step, state in walk():
        if step.seat != LEARNER:
            continue
        for data in step.moves:
            assert BUTTONS[data["type"]] in step.say, step.say
            if data.get("cards"):  # a take names the cards the coach says to tap
                view = GAME.view(state, LEARNER)
                slots = {slot["ref"]: slot["label"] for slot in view["foundation"] + view["hits"]}
                for ref in data["cards"].split(","):
                    assert re.search(rf"\b{slots[ref]}\b", step.say), step.say
        assert step.then, "after each of the learner's steps the coach says what happened"


def test_the_script_shows_a_set_a_hit_done_and_a_challenge_with_clock_steps_for_windows():
    """Booklet: "A challenge must come within 2 seconds of the offense": in a Learn to play
    round no clock runs by itself, so every window the script waits out is a CLOCK step."""
    kinds = [d["type"] for step in GAME.learn_to_play().steps if step.seat == LEARNER
             for d in step.moves]  # fmt: skip
    assert {"collect", "hit", "done", "challenge"} <= set(kinds)
    for step, state in walk():
        if state["phase"] == "window" and step.seat == LEARNER:
            assert step.moves == ({"type": "challenge"},), (
                "the learner acts in a window only to challenge"
            )
        if step.seat == CLOCK:
            assert state["phase"] == "window", "each clock step closes a challenge window"
    first = GAME.learn_to_play().steps[0].say
    assert first.startswith("Find 6 = 2 × 3. Tap 6 first")


def test_pips_wrong_set_is_explained_and_the_learner_is_not_done_for():
    steps = GAME.learn_to_play().steps
    challenge = next(s for s in steps if s.moves == ({"type": "challenge"},))
    assert "Work out 4 × 5" in challenge.say and "20, not 40" in challenge.then
    assert "Pip" in GAME.learn_to_play().intro and GAME.learn_to_play().names == ("Pip",)
    assert "real game" in GAME.learn_to_play().finish


# --- the board: what the coach points at, notes, wild cards, no clock in a learn round -------
def board_html(state, me: int, *, coach=None) -> str:
    """The board as a seated player sees it (board.html rendered from their view)."""
    match = SimpleNamespace(pk=1, version=3, status="playing")
    seats = [
        SimpleNamespace(
            index=i,
            display_name=name,
            bot_stand_in=False,
            is_human=i == 0,
            match=match,
            bot_name=name,
        )
        for i, name in enumerate(["Ana", "Pip (easy bot)", "Cy", "Dee"][: state["players"]])
    ]
    context = {
        "view": GAME.view(state, me),
        "me": me,
        "match": match,
        "seats": seats,
        "request": SimpleNamespace(htmx=False),
        "coach": coach,
        "clock_seconds": None,
    }
    return render_to_string("games/prime-challenge/board.html", context)


def matches(selector: str, html: str) -> bool:
    """Whether the board has an element for one of the coach's selectors (the forms used)."""
    if found := re.fullmatch(r'\[data-ref="(\w+)"\]', selector):
        return f'data-ref="{found[1]}"' in html
    if found := re.fullmatch(r'button\[value="(\w+)"\]', selector):
        return re.search(rf'<button type="submit"[^>]* value="{found[1]}"', html) is not None
    if found := re.fullmatch(r"\.([\w-]+)", selector):
        return re.search(rf'class="[^"]*\b{found[1]}\b', html) is not None
    raise AssertionError(f"a selector of a form this test does not know: {selector}")


def test_the_coach_points_only_at_what_the_board_shows(settings):
    for step, state in walk():
        if step.seat != LEARNER:
            continue
        html = board_html(state, LEARNER, coach={"say": step.say})
        assert step.highlight, step.say
        for selector in step.highlight:
            assert matches(selector, html), (selector, step.say)


def test_a_learn_round_shows_no_clock_but_a_real_game_does(settings):
    state = GAME.new_game(LEARN_SETTINGS, 2, LEARN_SEED)
    assert "countdown" not in board_html(state, 0, coach={"say": "Tap 6"})
    assert f'data-seconds="{TIME_LIMITS["gentle"].first}"' in board_html(state, 0)


def test_the_board_tells_the_player_what_was_wrong_with_a_set_nobody_challenged(settings):
    state = GAME.apply_timeout(take(scenario([100, 2, 2, 11]), 0, "f0", "f1", "f2"))
    told = "Nobody challenged your 100 = 2 × 2, but it was not a factor set. 2 × 2 = 4, not 100."
    mine = board_html(state, 0)
    assert '<div class="pc-note" role="status">' in mine and f"<p>{told}</p>" in mine
    theirs = board_html(state, 1)
    assert "pc-note" not in theirs
    assert "Ana kept 100 = 2 × 2: nobody challenged. But it was not a factor set." in theirs
    assert GAME.learning_events(take(scenario([100, 2, 2, 11]), 0, "f0", "f1", "f2"), 0,
                                Timeout(), state)[0].mistake == "wrong_product"  # fmt: skip


def test_the_board_names_the_prime_a_prime_card_stood_for(settings):
    """With the products shown; hidden, the others work it out before they challenge."""
    state = take(scenario([42, 6, P, 11], product="shown"), 0, "f0", "f1", "f2")
    html = board_html(state, 1)
    assert 'took <strong class="pc-eq">42 = 6 × (prime as 7)</strong>' in html
    assert "Ana took 42 = 6 × (prime as 7)." in html  # the log
    hidden = board_html(take(scenario([42, 6, P, 11]), 0, "f0", "f1", "f2"), 1)
    assert 'took <strong class="pc-eq">42 = 6 × prime</strong>' in hidden
    assert "prime as" not in hidden


def test_the_player_picks_on_the_board_and_the_others_see_the_set_once_taken(settings):
    """Issue 30: the cards are ticked on the player's own screen (one form, #pc-pick, whose
    "Take this set" names them in the order tapped; a page without JavaScript sends them in the
    table's order) and the others see who is picking, then the set in the order picked up."""
    state = scenario([6, 2, 3, 5], level=2)
    mine = board_html(state, 0)
    form = re.search(r'<form id="pc-pick"[^>]*>', mine).group(0)
    assert "data-keep-ticks" in form and "data-tick-order" in form
    assert '<input type="hidden" name="order" value="table">' in mine
    assert len(re.findall(r'<input type="checkbox" class="pc-tick" name="cards"', mine)) == 4
    assert re.search(r'<button type="submit" form="pc-pick" name="type" value="collect"', mine)
    assert re.search(r'<button type="reset" form="pc-pick"', mine)  # "Put the cards back"
    theirs = board_html(state, 1)
    assert "Ana is picking up cards. You will see the set when it is taken." in theirs
    assert re.search(r'<fieldset class="pc-cards" disabled', theirs)
    taken = take(state, 0, "f0", "f2", "f1")
    assert 'took <strong class="pc-eq">6 = 3 × 2</strong>' in board_html(taken, 1)


def test_the_board_shows_who_takes_sets_and_that_a_challengers_done_can_be_challenged(settings):
    """Booklet, Challenges: "The challenger picks up as many factor sets as possible ... When
    finished the challenger says, done." Issue 13: the board says whose job it is to take sets,
    that leaving a set can be challenged, and offers "Challenge!" after a challenger's done."""
    state = play(scenario([10, 2, 5, 42, 6, 7, 11], players=3), 0, Hit())
    state = GAME.apply_move(state, 1, Challenge())  # Pip caught Ana's missed set
    mine = board_html(state, 1)
    assert "You caught a missed set! It's your job now to take sets" in mine
    assert "If you leave a set, the others can challenge you." in mine
    assert "First take the set you saw (you can't ask for a hit)." in mine
    assert re.search(r'value="done" class="button big" disabled', mine)
    assert 'value="hit"' not in mine
    assert re.search(r"You:.*?taking sets now", mine, re.S)
    theirs = board_html(state, 0)
    assert "Pip (easy bot) caught a missed set and is taking sets." in theirs
    assert "Watch: if they say “done” and leave a set, it can be challenged." in theirs
    assert re.search(r"Pip \(easy bot\):.*?taking sets now", theirs, re.S)
    assert "pc-challenge-button" not in theirs and 'value="done"' not in theirs

    state = take(state, 1, "f0", "f1", "f2")
    assert "Say “done” only when you see no more sets." in board_html(state, 1)
    state = play(state, 1, Done())  # 42 = 6 × 7 is still there
    watcher = board_html(state, 0)
    assert "Pip (easy bot) caught a missed set, then said “done”." in watcher
    assert "Did they leave a set on the table? You can challenge them too!" in watcher
    assert "pc-challenge-button" in watcher and "taking sets now" not in watcher
    assert "Wait: the others may challenge if you left a set." in board_html(state, 1)

    caught = GAME.apply_move(state, 2, Challenge())
    told = (
        "You caught a missed set, but you said “done” while 42 = 6 × 7 was still on the table. "
        "Take every set you can before you say “done”."
    )
    assert f"<p>{told}</p>" in board_html(caught, 1)
    assert "Cy challenged Pip (easy bot): there was still a set, 42 = 6 × 7!" in board_html(
        caught, 0
    )


# --- the full rules, for teachers ---------------------------------------------------------------
def test_the_teachers_rules_cover_every_setting_and_decision():
    text = " ".join(p for section in GAME.rules_for_teachers() for p in section.paragraphs)
    titles = [section.title for section in GAME.rules_for_teachers()]
    assert titles[:2] == ["What the game is", "Setting up"] and "Settings" in titles
    for field in GAME.settings_fields():
        assert field["label"].split()[0] in text, field["label"]
    for name in ("gentle", "relaxed", "booklet's"):
        assert name in text
    assert "30 s, 15 s and 2 s" in text and "120 s, 60 s and 8 s" in text
    decisions = (
        "Dealer Option 2",
        "drawn by lot",
        "Penalties are points",
        "120 turns",
        "Nobody challenged your 100 = 2 × 2",
        "prime as 7",
        "The first challenge to reach the app counts",
        "picked up on the player's own screen",
        "the biggest number card is then read as the answer",
        "A challenger's “done” may be challenged like anyone's",
        "play passes to the left of the player whose turn it was",
        "out of time is their “done”",
    )
    for decision in decisions:
        assert decision in text, decision


def test_the_learn_round_uses_settings_a_real_game_accepts():
    assert GAME.clean_settings(LEARN_SETTINGS) == LEARN_SETTINGS
