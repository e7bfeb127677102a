"""Prime Solitaire explains itself: How to play (children), Learn to play (a guided round) and
the full rules (teachers). Rule text: the PrimePak booklet (Terminology, PRIME
SOLITAIRE); decisions: docs/rules.md (PrimePak, Prime Solitaire)."""

from __future__ import annotations

import re
from math import prod

import pytest
from django.template.loader import render_to_string
from django.urls import reverse

from games.engine.learn import learn_playthrough
from games.engine.protocol import IllegalMove
from games.engine.texts import LEARNER, MAX_WORDS, Picture, check_texts
from games.primepak.factorsets import check_set
from games.primepak.solitaire.game import SOLITAIRE
from games.primepak.solitaire.state import _card_at, claim_line, selectable, selection_line
from tests.games.primepak.solitaire.test_game import render_board

GAME = SOLITAIRE
HOW = GAME.how_to_play()
SCRIPT = GAME.learn_to_play()
RULES = GAME.rules_for_teachers()


def script_states():
    """(step, the state before it) for every step of the Learn to play round."""
    state = GAME.new_game(SCRIPT.settings, SCRIPT.players, SCRIPT.seed)
    for step in SCRIPT.steps:
        yield step, state
        for data in step.moves:
            state = GAME.apply_move(state, LEARNER, GAME.parse_move(data))


def words(text: str) -> set[str]:
    return set(re.findall(r"\d+", text))


# --- the platform's checks -------------------------------------------------------------------
def test_the_texts_pass_the_platforms_checks():
    check_texts(GAME)
    assert all(len(step.text.split()) <= MAX_WORDS for step in HOW.steps)
    assert HOW.goal.count(".") == 1  # the goal in one sentence


def test_the_learn_to_play_round_can_be_played_as_written():
    """Every step is legal as written, the chosen cards in every order."""
    end = learn_playthrough(GAME)
    assert end["status"] == "playing" and len(end["taken"]) == 4
    # Issue 30: the round shows the board a real game shows, the products hidden.
    assert SCRIPT.settings == {"level": 1, "layout": "rows", "extra_rows": 0, "product": "hidden"}
    assert GAME.clean_settings(SCRIPT.settings)["product"] == "hidden"
    assert SCRIPT.finish and "real game" in SCRIPT.finish


# --- the Learn to play round says exactly what to do -----------------------------------------
def taken_refs(step) -> list[str]:
    """The cards a step's "Take this set" names (none for the other steps)."""
    return [ref for data in step.moves for ref in data.get("cards", "").split(",") if ref]


def test_each_choosing_step_names_exactly_the_cards_it_accepts():
    """ "Find 20 = 4 × 5: tap 20, 4 and 5": the numbers said are the cards accepted (ticked on
    the child's screen, then taken: issue 30), and no other free card shows one of those
    numbers, so the child cannot pick a twin the coach would refuse."""
    choosing = 0
    for step, state in script_states():
        refs = taken_refs(step)
        if not refs:
            continue
        choosing += 1
        assert not step.all_of and step.seat == LEARNER and len(step.moves) == 1
        values = [_card_at(state, ref) for ref in refs]
        assert {str(v) for v in values} <= words(step.say), step.say
        free = [r for r in selectable(state) if r not in state["selection"] and r not in refs]
        assert not {_card_at(state, r) for r in free} & set(values), step.say
        assert set(step.highlight) == {f'[data-ref="{ref}"]' for ref in refs} | {
            '[data-action="collect"]'
        }
    assert choosing == 4


def test_each_equation_the_coach_says_is_the_set_it_asks_for():
    for step, state in script_states():
        found = re.search(r"Find (\d+) = ([\d × ]+\d)", step.say)
        if not found:
            continue
        answer, factors = int(found[1]), [int(n) for n in found[2].split(" × ")]
        assert answer == prod(factors)
        values = sorted(_card_at(state, ref) for ref in taken_refs(step))
        assert values == sorted([answer, *factors])


def test_buttons_are_named_as_the_board_names_them():
    labels = {"collect": "Take this set", "turn": "Turn over a card", "hint": "Hint"}
    kinds = []
    for step, _ in script_states():
        kind = step.moves[0]["type"]
        if kind in labels:
            kinds.append(kind)
            assert f"“{labels[kind]}”" in step.say
            assert f'[data-action="{kind}"]' in step.highlight
    assert kinds.count("collect") == 4 and "turn" in kinds and "hint" in kinds


def test_what_the_coach_says_afterwards_matches_the_deal():
    """The uncovered cards, the card turned over and the hint are the ones the deal gives."""
    steps = list(script_states())
    first, after = steps[0][1], steps[1][1]  # the deal, and after taking 20 = 4 × 5
    freed = sorted(
        _card_at(after, r) for r in set(selectable(after)) - set(selectable(first)) if r[0] == "f"
    )
    assert freed == [2, 4, 10] and words(steps[0][0].then) >= {"2", "4", "10"}
    turned = steps[3][1]["stack"][-1]
    assert turned == 5 and "A 5!" in steps[2][0].then
    hinted = steps[5][1]["hint"]
    assert hinted["answer"] == 64 and "64" in steps[4][0].then and "help" in steps[4][0].then
    assert set(taken_refs(steps[5][0])) == set(hinted["cards"])  # the learner takes the hint's


def test_the_coach_points_at_elements_the_board_draws():
    """Each step's highlight selectors match attributes of the board at that step."""
    for step, state in script_states():
        html = render_board(state)
        for selector in step.highlight:
            attribute = selector.strip("[]")
            assert attribute in html, (step.say, selector)


def test_taking_the_hints_set_in_the_round_is_recorded_as_help():
    *_, (last, ready) = script_states()  # the hint is shown; the take names its seven cards
    take = GAME.parse_move(last.moves[0])
    (event,) = GAME.learning_events(ready, LEARNER, take, GAME.apply_move(ready, LEARNER, take))
    assert event.helped and event.correct and event.skill == "factors:64"


# --- How to play --------------------------------------------------------------------------------
def draw(picture) -> str:
    return render_to_string("games/prime-solitaire/_picture.html", {"picture": picture})


@pytest.mark.parametrize("number", range(len(HOW.steps)))
def test_every_picture_is_drawn_with_the_boards_cards(number):
    picture = HOW.steps[number].picture
    if picture is None:
        return
    html = draw(picture)
    assert f"ps-picture-{picture.kind}" in html and 'style="' not in html
    values = picture.data.get("cards") or picture.data.get("stack")
    cards = [c["value"] if isinstance(c, dict) else c for c in values]
    drawn = re.findall(r'class="ps-card[^"]*"><span class="num">(\d+)</span>', html)
    assert [int(n) for n in drawn] == cards
    if picture.data.get("line"):
        assert picture.data["line"] in html
    if picture.kind == "piles":
        assert "ps-draw" in html and str(picture.data["draw"]) in html


def test_every_picture_kind_used_is_one_the_template_draws():
    kinds = {step.picture.kind for step in HOW.steps if step.picture}
    assert kinds == {"set", "layout", "piles"}
    assert "ps-card" not in draw(Picture("nothing", {}, "a kind the template does not know"))


def test_how_to_play_shows_only_the_booklets_worked_examples():
    """Never the child's arithmetic: every product named is one of the rule text's examples
    (20 = 4 × 5, 50 = 2 × 5 × 5, 2 × 10 = 4 × 5, 8 × 5 = 40, 40 = 4 × 10)."""
    texts = [HOW.goal]
    for step in HOW.steps:
        texts.append(step.text)
        if step.picture:
            texts += [step.picture.caption, step.picture.data.get("line", "")]
    for text in texts:
        for product in re.findall(r"\d+(?: × \d+)+", text):
            assert prod(int(n) for n in product.split(" × ")) in {20, 40, 50}, product


def test_the_how_to_play_sets_follow_the_rules():
    """Terminology: "20, 4 and 5 make a factor set because 20 = 4 × 5" and "The numbers 2, 10,
    4, and 5 are not a factor set even though 2 × 10 = 4 × 5. A factor set must include the
    answer that is the product of all the other numbers." A set shown on its own says whether
    it is one; chosen cards on a layout read as the board reads them with the products hidden
    (the default, issue 30): the question, never the answer."""
    for step in HOW.steps:
        picture = step.picture
        if picture is None or not picture.data.get("line"):
            continue
        if picture.kind == "set":
            cards = picture.data["cards"]
            assert check_set(cards, 1).ok == picture.data["ok"]
            if picture.data["ok"]:
                assert selection_line(cards) == picture.data["line"]
        else:
            cards = [c["value"] for c in picture.data["cards"] if c["chosen"]]
            assert claim_line(cards) == picture.data["line"] and not picture.data["ok"]


def test_layout_pictures_cover_cards_as_the_rules_do():
    """Rule text: "Available cards in the foundation are those that are not covered by another
    card in the foundation." A covered card is drawn grey unless the card on it is chosen
    (then it may be chosen with it, docs/rules.md)."""
    for step in HOW.steps:
        picture = step.picture
        if picture is None or picture.kind != "layout":
            continue
        at = {(c["row"], c["col"]): c for c in picture.data["cards"]}
        for (row, col), card in at.items():
            below = at.get((row + 1, col))
            assert card["covered"] == (below is not None and not below["chosen"])
            assert not (card["covered"] and card["chosen"])


# --- the rules for teachers ---------------------------------------------------------------------
def test_the_teachers_rules_cover_every_setting_and_decision():
    text = " ".join(p for section in RULES for p in section.paragraphs)
    titles = [section.title for section in RULES]
    assert "What each setting changes" in titles and "Hints" in titles
    for field in GAME.settings_fields():
        assert field["label"] in text
    for choice in ("Level 6", "overlapping rows", "pyramid", "none, 1 or 2"):
        assert choice in text
    for decision in ("pyramid", "no card may be skipped", "at least one layout card",
                     "never looks at the face-down draw pile", "could have been won",
                     "Give up", "with help", "the maths first", "20 = 4 × ?",
                     "hidden (the default) or shown", "20 = 4 × 5?"):  # fmt: skip
        assert decision in text, decision


def test_the_teachers_rules_quote_the_booklets_numbers():
    """PRIME SOLITAIRE: "For deck levels 3 through 6, lay out a foundation of three rows of
    seven cards"; "For deck levels 1 and 2, lay out five overlapping rows of seven cards";
    the layouts the game deals have those sizes."""
    text = " ".join(p for section in RULES for p in section.paragraphs)
    assert "5 rows (35 cards) at Levels 1 and 2, 3 rows (21 cards) at Levels 3 to 6" in text
    for level, size in ((1, 35), (2, 35), (3, 21), (6, 21)):
        state = GAME.new_game({"level": level}, 1, seed=1)
        assert len(state["foundation"]) == size
    assert len(GAME.new_game({"layout": "pyramid"}, 1, seed=1)["foundation"]) == 28


# --- on the platform ----------------------------------------------------------------------------
def test_the_how_to_play_page_draws_every_picture(student_client):
    response = student_client.get(reverse("game_how", args=[GAME.slug]))
    assert response.status_code == 200
    html = response.content.decode()
    assert html.count("ps-picture ") == sum(1 for step in HOW.steps if step.picture)
    assert "games/primepak/primepak.css" in html


def test_a_learn_round_on_the_platform_ends_with_well_done(student):
    from games import services
    from games.models import Match

    match = services.learn_create(game=GAME.slug, player=student)
    wrong = {"type": "select", "card": "f29"}  # the 25: not what the coach asked for
    with pytest.raises(IllegalMove, match=re.escape("Not that one yet. Find 20 = 4 × 5")):
        services.match_play(match_id=match.pk, player=student, move=wrong, version=match.version)
    for step in SCRIPT.steps:
        for data in step.moves:
            match = Match.objects.get(pk=match.pk)
            services.match_play(match_id=match.pk, player=student, move=data,
                                version=match.version)  # fmt: skip
    match = Match.objects.get(pk=match.pk)
    assert match.status == Match.Status.FINISHED and match.outcome["reason"] == "learned"
