"""Prime Canasta explains itself (games/primepak/canasta/texts.py): How to play (children, with
the booklet's examples), the Learn to play round (a guided start of a round against Pip) and
the full rules (teachers). Rule text: the PrimePak booklet ("PRIME CANASTA"); decisions:
docs/rules.md, "Prime Canasta"."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from django.http import QueryDict
from django.template.loader import render_to_string
from django.utils.html import escape

from games.engine.learn import learn_playthrough
from games.engine.texts import CLOCK, LEARNER, MAX_WORDS, check_texts
from games.forms import move_data_from_post
from games.primepak.canasta import state as cs
from games.primepak.canasta import texts as texts
from games.primepak.canasta.game import PrimeCanasta
from games.primepak.cards import WILD, is_prime, label
from games.primepak.meld import check_meld

GAME = PrimeCanasta()
HOW = GAME.how_to_play()
SCRIPT = GAME.learn_to_play()
RULES = GAME.rules_for_teachers()
# The contract's picture kinds, and "ready" (the board's ready area, drawn by _picture.html).
KINDS = {"hand", "set", "table", "piles", "scoring", "ready"}
# The contract's board hooks (data-action values) the coach may point at.
HOOKS = {"draw-two", "open-take", "take-pile", "ready", "unready", "lay-down", "add", "discard",
         "go-out", "ask", "answer-yes", "answer-no", "hint", "sort-value", "sort-factor",
         "next-round"}  # fmt: skip
BOARD = Path("templates/games/prime-canasta/board.html")


def pictures(kind: str) -> list:
    return [s.picture for s in HOW.steps if s.picture and s.picture.kind == kind]


def how_text() -> str:
    return " ".join(step.text for step in HOW.steps)


def rules_text() -> str:
    return " ".join(p for section in RULES for p in section.paragraphs)


# --- the platform's checks -------------------------------------------------------------------
def test_the_texts_pass_the_platforms_checks():
    check_texts(GAME)
    assert all(len(step.text.split()) <= MAX_WORDS for step in HOW.steps)
    assert HOW.goal.count("!") + HOW.goal.count(".") == 2  # two short sentences


# --- How to play ------------------------------------------------------------------------------
def test_the_pictures_use_every_kind_of_the_contract_and_no_other():
    used = {step.picture.kind for step in HOW.steps if step.picture}
    assert used == KINDS
    for step in HOW.steps:
        if step.picture:
            assert step.picture.caption and isinstance(step.picture.data, dict)
            # the How to play page prints captions as they are: no character to escape
            assert not set(step.picture.caption) & set("'\"&<>"), step.picture.caption


def test_the_booklets_examples_are_told():
    """Booklet: "81, 3, 3, 3 & 3 make a five-card factor canasta"; "2, 3, 5, 7, 11 & 13 form a
    consecutive prime canasta"; "the prime number 7 is worth 20 points, the composite number
    120 is worth 50 points and the composite number 72 is worth 30 points"."""
    text = how_text()
    for example in ("81, 3, 3, 3 and 3", "2, 3, 5, 7, 11 and 13", "7 is worth 20",
                    "120 is worth 50", "72 is worth 30", "42 = 6 × 7"):  # fmt: skip
        assert example in text, example
    assert cs.card_points(7) == 20 and cs.card_points(120) == 50 and cs.card_points(72) == 30


def test_how_to_play_covers_the_rules_a_child_needs():
    text = how_text()
    for rule in ("13 cards", "prime card", "“Draw two”", "“Discard”", "factor canasta",
                 "prime canasta", "at most 3 prime cards", "at least 2 number cards", "natural",
                 "mixed", "100 points or more", "3 or more cards", "frozen", "“Go out”",
                 "2 canastas", "Partners", "“May I go out?”", "5000 points", "1000 or 2500",
                 "100 points"):  # fmt: skip
        assert rule in text, rule


def test_every_set_picture_is_what_the_game_says_it_is():
    """The equation, name, points and bonus are the rules core's, for the cards drawn."""
    shown = [p.data for p in pictures("set")]
    shown += [s for p in pictures("table") for s in p.data["sets"]]
    assert shown
    for data in shown:
        meld = check_meld(data["cards"], texts.PICTURE_LEVEL, prime_runs=True).meld
        assert data["mark"] == "yes" and meld is not None, data
        assert data["equation"] == meld.equation()
        assert data["name"] == cs.canasta_name(meld) and data["canasta"] == meld.is_canasta
        assert data["points"] == cs.cards_points(data["cards"])
        assert data["bonus"] == cs.canasta_bonus(meld)
    names = {data["name"] for data in shown}
    assert {"factor set", "natural factor canasta", "natural prime canasta",
            "mixed factor canasta"} <= names  # fmt: skip


def test_a_group_that_is_not_a_set_is_marked_so():
    data = texts.set_data([2, 3, 5, 7, 11])  # five primes in a row: too short
    assert data["mark"] == "no" and not data["equation"] and data["points"] == 0


def test_the_prime_cards_picture_names_the_primes_they_stand_for():
    [mixed] = [p for p in pictures("set") if WILD in p.data["cards"]]
    assert mixed.data["equation"] == "60 = 3 × 5 × prime(2) × prime(2)"
    assert "each prime card is a 2" in how_text()


def test_the_first_laydown_picture_needs_both_groups_to_reach_the_minimum():
    """As in the Learn to play round: the canasta alone is short of 100, with 72 = 8 × 9 it is
    enough. The points are the cards' points, as the board's ready area counts them."""
    [ready] = pictures("ready")
    data = ready.data
    groups = [group["cards"] for group in data["groups"]]
    assert groups == [texts.LEARN_CANASTA, texts.LEARN_SET]
    assert all(check_meld(cards, 3).ok and group["to"] is None
               for cards, group in zip(groups, data["groups"], strict=True))  # fmt: skip
    assert [g["points"] for g in data["groups"]] == [cs.cards_points(c) for c in groups]
    assert data["groups"][0]["points"] < data["minimum"] == texts.FIRST_MINIMUM
    assert data["points"] == 140 >= data["minimum"] and "140" in ready.caption
    for hand in pictures("hand"):
        assert all(0 <= i < len(hand.data["cards"]) for i in hand.data["ticked"])


@pytest.mark.parametrize("step", [s for s in HOW.steps if s.picture], ids=lambda s: s.title)
def test_every_picture_is_drawn_with_the_boards_cards(step):
    """The board's _picture.html draws each picture's kind, every card and its line."""
    html = render_to_string("games/prime-canasta/_picture.html", {"picture": step.picture})
    assert f"cn-picture-{step.picture.kind}" in html
    data = step.picture.data
    cards = data.get("cards", []) + data.get("discard", [])[-1:]
    cards += [c for s in data.get("sets", []) + data.get("groups", []) for c in s["cards"]]
    for card in cards:
        assert f'<span class="num">{label(card)}</span>' in html or (
            f'">{label(card)}</span>' in html
        ), card
    for text in [data.get("line"), data.get("title"), *data.get("lines", [])]:
        if text:
            assert escape(text) in html, text
    for found in data.get("sets", []) + ([data] if step.picture.kind == "set" else []):
        assert found["equation"] in html


def test_the_pile_pictures_show_when_it_may_be_taken_and_when_it_is_frozen():
    piles = [p.data for p in pictures("piles")]
    for data in piles:
        assert data["frozen"] == any(card == WILD for card in data["discard"])
        assert data["draw"] > 0
    take = next(d for d in piles if "56" in d["line"])
    assert len(take["discard"]) >= cs.MIN_PILE and take["discard"][-1] == 56
    assert check_meld([56, 7, 8], 3).ok
    frozen = next(d for d in piles if d["frozen"])
    assert frozen["discard"][-1] != WILD  # frozen, yet its top card may still be taken


def test_the_going_out_table_has_the_canastas_a_new_side_needs():
    [table] = pictures("table")
    canastas = sum(s["canasta"] for s in table.data["sets"])
    assert canastas == cs.canastas_needed(0) == 2


def test_the_scoring_example_is_what_the_game_scores():
    """The worked round is scored by the rules core itself: Ana went out with the table drawn,
    Ben laid down 20 = 4 × 5 and was caught with 120 and 7."""
    state = {
        "settings": {"level": texts.PICTURE_LEVEL, "partnerships": False},
        "players": 2,
        "sets": [
            [{"cards": list(c), "seat": 0} for c in texts.ANA_SETS],
            [{"cards": list(c), "seat": 1} for c in texts.BEN_SETS],
        ],
        "hands": [[], list(texts.BEN_LEFT)],
        "penalties": [0, 0],
    }
    ana, ben = cs.score_side(state, 0, 0), cs.score_side(state, 1, 0)
    [round_scoring] = [p for p in pictures("scoring") if "Ana" in p.data["lines"][0]]
    lines = round_scoring.data["lines"]
    assert f"Ana's round: {ana.total} points." in lines and ana.total == 970
    assert f"Ben's round: {ben.total} points." in lines and ben.total == -40
    assert f"Ana's canastas: 400 + 200 = {ana.bonuses} bonus points." in lines
    assert f"Ana's cards on the table: {ana.card_values} points." in lines
    assert f"Ben still held 120 and 7: minus {ben.in_hand} points." in lines
    assert "970" in round_scoring.caption and "minus 40" in round_scoring.caption


def test_the_table_of_card_points_is_the_rules_cores():
    [table] = [p for p in pictures("scoring") if "Ana" not in p.data["lines"][0]]
    for line in table.data["lines"]:
        points = int(re.search(r": (\d+) points", line)[1])
        if line.startswith("A prime card"):
            assert cs.card_points(WILD) == points
        elif line.startswith("The prime"):
            primes = [int(n) for n in re.findall(r"\d+", line.split(":")[0])]
            assert primes and all(cs.card_points(p) == points for p in primes), line
        else:
            bounds = [int(n) for n in re.findall(r"\d+", line.split(":")[0])]
            if "below" in line:
                numbers = range(4, bounds[0])
            elif "up" in line:
                numbers = range(bounds[0], 1000)
            else:
                numbers = range(bounds[0], bounds[1] + 1)
            composites = [n for n in numbers if not is_prime(n)]
            assert composites and all(cs.card_points(n) == points for n in composites), line
    assert len(table.data["lines"]) == 1 + 4 + len(cs.COMPOSITE_POINTS)


def test_how_to_play_names_only_buttons_the_board_has():
    """Every button the texts quote (“Draw two”, “Put aside”, ...) is on the board."""
    board = BOARD.read_text(encoding="utf-8")
    quoted = set(re.findall(r"“([^”]+)”", how_text()))
    for step in SCRIPT.steps:
        quoted |= set(re.findall(r"“([^”]+)”", step.say))
    assert {"Draw two", "Put aside", "Lay down", "Discard", "Take the pile", "Go out"} <= quoted
    for words in quoted:
        assert words in board, words


# --- Learn to play ----------------------------------------------------------------------------
def walk():
    """(step, state before it) for every step, each step's first move applied."""
    state = GAME.new_game(SCRIPT.settings, SCRIPT.players, SCRIPT.seed)
    for step in SCRIPT.steps:
        yield step, state
        state = GAME.apply_move(state, step.seat, GAME.parse_move(step.moves[0]))
    yield None, state


def test_the_learn_round_plays_through_as_written():
    """The platform's own check: every step legal as written."""
    end = learn_playthrough(GAME)
    assert [s["cards"] for s in end["sets"][0]] == [
        [2, 2, 2, 2, 5, 80],
        [8, 9, 72],
        [5, 11, 55],
    ]
    assert end["hands"][0] == [3, 6, 33, 11] and end["discard"] == [20]
    assert GAME.outcome(end) is None  # the round stops with the script, not the game


def test_the_learn_deal_is_the_one_the_script_tells():
    state = GAME.new_game(SCRIPT.settings, SCRIPT.players, SCRIPT.seed)
    assert (SCRIPT.seed, SCRIPT.players) == (texts.LEARN_SEED, 2)
    assert state["dealer"] == texts.PIP and state["turn"] == LEARNER  # the dealer's left plays
    assert state["hands"][0] == [2, 2, 2, 2, 3, 5, 6, 8, 11, 20, 33, 55, 80]
    assert state["discard"] == [11] and state["draw"][-2:] == [72, 9]  # 9 is drawn first
    assert GAME.clean_settings(SCRIPT.settings) == SCRIPT.settings == texts.LEARN_SETTINGS


def test_the_script_is_short_and_teaches_each_part_of_a_turn():
    assert 5 <= len(SCRIPT.steps) <= 8
    kinds = [step.moves[0]["type"] for step in SCRIPT.steps if step.seat == LEARNER]
    assert kinds == ["draw_two", "ready", "lay_down", "discard", "take_pile", "discard"]
    assert all(step.seat in (LEARNER, texts.PIP) for step in SCRIPT.steps)  # no CLOCK step
    assert CLOCK not in {step.seat for step in SCRIPT.steps}
    assert SCRIPT.names == ("Pip",) and "Pip" in SCRIPT.intro
    for step in SCRIPT.steps:
        assert len(step.moves) == 1 and not step.all_of
        if step.seat == LEARNER:
            assert step.then, "after each of the learner's steps the coach says what happened"


def test_the_first_laydown_is_short_of_the_minimum_ready_and_reaches_it_laid_down():
    steps = list(walk())
    states = {}  # the state before each kind of move's first step
    for step, state in steps[:-1]:
        states.setdefault(step.moves[0]["type"] + str(step.seat), state)
    end = steps[-1][1]
    ready = GAME.view(states["lay_down0"], LEARNER)
    assert ready["ready_points"] == 90 < ready["laydown"]["minimum"] == texts.FIRST_MINIMUM
    laid = GAME.view(states["discard0"], LEARNER)
    side = laid["sides"][0]
    assert laid["laydown"]["laid_down"] and side["canastas"] == 1
    assert sum(s["points"] for s in side["sets"]) == 140
    assert [s["bonus"] for s in side["sets"]] == [600, 0]
    assert side["sets"][0]["name"] == "natural factor canasta"
    assert end["phase"] == cs.DRAW and end["turn"] == texts.PIP


def test_the_pile_may_be_taken_when_the_learner_takes_it():
    step, state = next((s, st) for s, st in walk() if s and s.moves[0]["type"] == "take_pile")
    view = GAME.view(state, LEARNER)
    assert view["can_take"] and view["frozen_for_me"] is None and not view["discard_frozen"]
    assert [c["label"] for c in view["discard"]] == ["11", "20", "5"]
    assert "5 on top" in step.say and "55 = 5 × 11" in step.then


def test_each_learner_step_names_its_cards_and_no_twin_can_be_ticked_instead():
    """The coach says the numbers of the cards the step takes, and no other card of the hand
    has one of those numbers: whichever copy the child ticks is the one the step expects."""
    for step, state in walk():
        if step is None or step.seat != LEARNER:
            continue
        data = step.moves[0]
        hand = state["hands"][LEARNER]
        cards = [int(p) for p in str(data.get("cards", "")).split(",") if p != ""]
        chosen = [hand[p] for p in cards]
        for card in chosen:
            assert re.search(rf"\b{label(card)}s?\b", step.say), (label(card), step.say)
            assert hand.count(card) == chosen.count(card), (card, step.say)


def test_each_learner_move_is_what_the_board_posts_for_the_ticked_cards():
    """The board's checkboxes post the ticked positions in the order the hand is shown (view
    "hand"), joined by the platform (games.forms.move_data_from_post): that post, read by the
    game, is the move the script expects."""
    for step, state in walk():
        if step is None or step.seat != LEARNER:
            continue
        data = step.moves[0]
        ticked = {int(p) for p in str(data.get("cards", "")).split(",") if p != ""}
        shown = [c["pos"] for c in GAME.view(state, LEARNER)["hand"]]
        post = QueryDict(mutable=True)
        post["version"] = "7"
        post["type"] = data["type"]
        post.setlist("cards", [str(p) for p in shown if p in ticked])
        if "pick" in data:
            post.setlist("pick", data["pick"].split(","))
            post["to_set"] = ""
        posted = GAME.parse_move(move_data_from_post(post))
        assert posted == GAME.parse_move(data), (data, move_data_from_post(post))


def test_the_coach_points_at_hooks_of_the_contract_and_cards_of_the_hand():
    for step, state in walk():
        if step is None or step.seat != LEARNER:
            continue
        assert step.highlight, step.say
        view = GAME.view(state, LEARNER)
        positions = {str(c["pos"]) for c in view["hand"]}
        places = {f"pile-{c['pos']}" for c in view["discard"]}
        for selector in step.highlight:
            if found := re.fullmatch(r"\[data-action='([\w-]+)'\]", selector):
                assert found[1] in HOOKS, selector
            elif found := re.fullmatch(r"label\.cn-card\[data-ref='(\d+)'\]", selector):
                assert found[1] in positions, selector
            elif found := re.fullmatch(r"\[data-ref='(pile-\d+)'\]", selector):
                assert found[1] in places, selector
            else:
                raise AssertionError(f"a selector of a form the board does not have: {selector}")
        cards = [p for p in str(step.moves[0].get("cards", "")).split(",") if p != ""]
        for pos in cards:
            assert f"label.cn-card[data-ref='{pos}']" in step.highlight, (pos, step.say)


def test_the_coach_hooks_are_on_the_board():
    board = BOARD.read_text(encoding="utf-8")
    for step in SCRIPT.steps:
        for selector in step.highlight:
            if found := re.fullmatch(r"\[data-action='([\w-]+)'\]", selector):
                assert f'data-action="{found[1]}"' in board, selector
    assert 'data-ref="pile-{{ c.pos }}"' in board and 'data-ref="{{ c.pos }}"' in board


def test_the_learn_round_ends_with_a_set_still_in_hand_for_the_finish_to_ask_about():
    end = list(walk())[-1][1]
    assert end["hands"][0] == [3, 6, 33, 11] and check_meld([33, 3, 11], 3).ok
    assert "can you find it?" in SCRIPT.finish


# --- the full rules, for teachers ---------------------------------------------------------------
def test_the_teachers_rules_cover_every_setting_and_its_choices():
    text = rules_text()
    for field in GAME.settings_fields():
        assert field["label"] in text, field["label"]
    mistakes = next(f for f in GAME.settings_fields() if f["name"] == "mistakes")
    for _, words in mistakes["choices"]:
        short = words.split(" (")[0]
        assert f"“{short}”" in text, short
    for target in cs.TARGETS:
        assert str(target) in text
    assert f"{int(cs.ROUND_OVER_SECONDS)} seconds" in text
    assert "level 3: 7; level 4: 11; level 5: 11; level 6: 13" in text


def test_the_teachers_tables_are_the_rules_cores():
    text = rules_text()
    minimum = "0 to 990: 100; 1000 to 1990: 150; 2000 to 2990: 200; 3000 and up: 250."
    assert f"Minimum: below 0: 50; {minimum}" in text
    assert "Canastas needed: below 0: 1; 0 to 2990: 2; 3000 and up: 3." in text
    assert "6 or more cards 600 natural, 400 mixed; 5 cards 400 natural, 200 mixed" in text
    assert "royal 600 natural, 400 mixed; 6 or more cards 400 natural, 200 mixed" in text
    assert "7 is 20, 120 is 50, 72 is 30" in text


# Each decision, with the bullet of docs/rules.md, "Prime Canasta" that states it.
@pytest.mark.parametrize(
    "decision",
    [
        "levels 3 to 6 only",  # Players, deck and hands
        "a prime wild counting highest of all",  # Dealer
        "highest score deals",  # Dealer
        "Only after that may the player lay down sets",  # A turn
        "the app checks the minimum before any card is laid down",  # The first laydown
        "picks at least 2 more cards anywhere below the top",  # Taking the discard pile
        "A prime wild on top cannot be taken",  # Frozen pile
        "every card from the hand in that set is a number",  # Frozen pile
        "keep at least two cards in hand",  # A turn
        "partners may add to each other's sets",  # Sides
        "After “no” the app refuses going out that turn",  # "May I go out?"
        "on an empty draw pile it ends the round with nobody out",  # When the draw pile runs out
        "If the highest scores tie, another round is played",  # Winning
        "Canasta bonuses count also in a round that ended with nobody out",  # Scoring
        "may be discarded again",  # A turn
        "recorded at once and subtracted at the end of the round",  # Mistakes
        "private and not judged",  # Ready groups
        "unless a player presses “Next round” sooner",  # Between rounds
        "recorded as help",  # Help and learning records
        "a wild fills a gap first",  # Sets (the meld layer)
    ],
)
def test_the_teachers_rules_state_each_decision(decision):
    assert decision in rules_text()


def test_the_teachers_rules_start_with_the_game_and_end_with_the_settings():
    titles = [section.title for section in RULES]
    assert titles[0] == "What the game is" and titles[-1] == "Settings"
    assert len(titles) == len(set(titles))
