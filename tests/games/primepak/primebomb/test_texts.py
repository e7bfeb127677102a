"""Prime Bomb – Capture's texts (games/primepak/primebomb/texts.py): How to play and the teachers'
rules are well formed, every reveal picture is played through the rules core (its products, its
winner, its illegal plays), and every setting the teachers' text names exists in the game."""

from __future__ import annotations

import re

import pytest

from games.engine.texts import HowToPlay, HowToStep, Picture, RulesSection
from games.primepak.primebomb import rules as pb
from games.primepak.primebomb import texts
from games.primepak.primebomb.game import (
    CHOOSE_SECONDS,
    DEFAULT_CHOOSE_SECONDS,
    FLIP_SECONDS,
    PRIME_BOMB,
    SCORING_LABELS,
)
from tests.games.primepak.primebomb.test_rules import arrange, at

STEP_WORDS = 50  # the brief's limit for a child's step (the platform allows 60)


GAME = PRIME_BOMB


def pictures():
    return [s.picture for s in texts.how_to_play().steps if s.picture is not None]


def reveals():
    return [p for p in pictures() if p.kind == "reveal"]


def choices_of(name: str) -> list:
    field = next(f for f in GAME.settings_fields() if f["name"] == name)
    return [value for value, _ in field["choices"]]


# --- How to play ----------------------------------------------------------------------------------
def test_how_to_play_has_a_goal_and_short_titled_steps():
    how = texts.how_to_play()
    assert isinstance(how, HowToPlay) and how.goal.strip()
    assert len(how.steps) >= 8
    titles = [s.title for s in how.steps]
    assert len(set(titles)) == len(titles), "two steps share a title"
    for step in how.steps:
        assert isinstance(step, HowToStep) and step.title.strip() and step.text.strip()
        assert len(step.text.split()) <= STEP_WORDS, step.title
        assert step.picture is None or isinstance(step.picture, Picture)
    assert len(how.goal.split()) <= STEP_WORDS


def test_how_to_play_covers_the_rule_text():
    words = " ".join(f"{s.title} {s.text}" for s in texts.how_to_play().steps).lower()
    for needed in ("7 cards", "secret", "same time", "closest", "more cards", "chose first",
                   "28", "40", "prime", "25", "nobody", "on top", "takes back", "swap",
                   "cost", "ends", "add up"):  # fmt: skip
        assert needed in words, needed


def test_pictures_have_known_kinds_and_well_formed_data():
    found = pictures()
    assert {p.kind for p in found} == {"cards", "reveal"}
    for picture in found:
        assert picture.caption.strip()
        # the How to play page prints captions as they are: no character to escape
        assert not set(picture.caption) & set("'\"&<>’"), picture.caption
        data = picture.data
        assert isinstance(data["line"], str) and data["line"]
        if picture.kind == "cards":
            assert set(data) == {"cards", "line"}
            assert data["cards"] and all(type(c) is int and c > 0 for c in data["cards"])
        else:
            assert set(data) == {"target", "plays", "winner", "line"}
            names = [p["name"] for p in data["plays"]]
            assert len(set(names)) == len(names)
            assert data["winner"] is None or data["winner"] in names
            for play in data["plays"]:
                assert set(play) == {"name", "cards", "product", "note"} and play["note"]


def test_every_picture_card_is_a_card_of_the_full_deck():
    deck = set(pb.number_cards(6))
    for picture in pictures():
        cards = [picture.data["target"]] if picture.kind == "reveal" else []
        cards += picture.data.get("cards", [])
        for play in picture.data.get("plays", []):
            cards += play["cards"]
        assert set(cards) <= deck, picture.caption


# --- the reveal pictures, played through the rules ------------------------------------------------
def play_picture(picture):
    """Deal the picture's cards, turn up its target, let every player choose in the picture's
    order (first listed chose first) and reveal: the rules' own verdict."""
    data = picture.data
    plays = data["plays"]
    state = pb.new_state({"level": 6}, len(plays), seed=1)
    state = arrange(state, [p["cards"] for p in plays], flips=[data["target"]])
    state = pb.flip(state, state["flipper"])
    for seat, play in enumerate(plays):
        state = pb.choose(state, seat, at(state, seat, *play["cards"]), order=seat + 1)
    return pb.reveal(state)["last_reveal"]


@pytest.mark.parametrize("picture", reveals(), ids=lambda p: str(p.data["target"]))
def test_reveal_pictures_agree_with_the_rules(picture):
    data = picture.data
    judged = play_picture(picture)
    assert judged["target"] == data["target"]
    names = [p["name"] for p in data["plays"]]
    winner = None if judged["winner"] is None else names[judged["winner"]]
    assert winner == data["winner"], picture.caption
    for shown, play in zip(data["plays"], judged["plays"], strict=True):
        assert play["cards"] == sorted(shown["cards"])  # hands are sorted, so the play is too
        if len(shown["cards"]) > 1:
            assert shown["product"] == play["product"]
        else:
            assert shown["product"] is None
        # an illegal play (for a prime) says so, with the rules' own reason
        if play["mistake"]:
            assert shown["note"].startswith("Not allowed")
            assert play["mistake"].split(":")[0].rstrip(".") in shown["note"]
        else:
            assert not shown["note"].startswith("Not allowed")


def test_the_rule_text_examples_are_decided_by_the_rules_it_names():
    by_target = {p.data["target"]: play_picture(p) for p in reveals()}
    assert by_target[28]["rule"] == "more_cards" and by_target[40]["rule"] == "more_cards"
    assert by_target[2]["rule"] == "highest"
    assert [p["mistake"] for p in by_target[2]["plays"]][2] == "25 has no 2."
    assert by_target[7]["rule"] == "nobody" and by_target[7]["winner"] is None


def test_nobody_step_shows_the_next_card_on_the_uncaptured_one():
    steps = texts.how_to_play().steps
    k = next(i for i, s in enumerate(steps) if s.picture is texts.NOBODY_7)
    stack = steps[k + 1].picture
    assert stack.kind == "cards" and stack.data["cards"][0] == texts.NOBODY_7.data["target"]
    assert not pb.is_prime(stack.data["cards"][-1])  # the new top card


# --- rules for teachers ---------------------------------------------------------------------------
def sections():
    return {s.title: s for s in texts.rules_for_teachers()}


def test_rules_for_teachers_are_titled_sections_of_paragraphs():
    found = texts.rules_for_teachers()
    assert found and all(isinstance(s, RulesSection) for s in found)
    assert len({s.title for s in found}) == len(found)
    for section in found:
        assert section.title.strip() and section.paragraphs
        assert all(p.strip() and len(p) < 1200 for p in section.paragraphs)


def test_rules_for_teachers_carry_every_decision():
    text = " ".join(p for s in texts.rules_for_teachers() for p in s.paragraphs).lower()
    for needed in (
        "drawn by lot",  # 1
        "change the choice",  # 2
        "choosing clock runs out",  # 3
        "throwing nothing never captures",  # 4
        "closest",  # 5
        "exactly one card",  # 6
        "on top",  # 7
        "takes back",  # 8
        "swap",  # 9
        "scored by nobody",  # 10
        "share the win",  # 11
        "order in which the server received",  # 12
        "until the reveal",  # 13
        "never off",  # 14
        f"{FLIP_SECONDS}-second clock",  # 15
        "never which cards",  # 16
        "throwing nothing records nothing",  # 17
    ):
        assert needed in text, needed


def settings_text() -> str:
    return " ".join(sections()["Settings"].paragraphs)


def settings_paragraphs() -> tuple[str, ...]:
    return sections()["Settings"].paragraphs


def test_every_setting_value_named_exists_in_the_game():
    text = settings_text()
    labels = {f["label"] for f in GAME.settings_fields()}
    named = set(re.findall(r"^([A-Z][a-z ]+):", "\n".join(sections()["Settings"].paragraphs), re.M))
    assert named - {"Time to turn up the next card"} == labels
    assert (
        sorted(choices_of("level"))
        == [int(n) for n in re.findall(r"level (\d+):", text)]
        == list(range(1, 7))
    )
    hand_par = next(p for p in sections()["Settings"].paragraphs if p.startswith("Cards in hand"))
    assert {int(n) for n in re.findall(r"(\d+)", hand_par)} == set(choices_of("hand"))
    clock_par = next(p for p in sections()["Settings"].paragraphs if p.startswith("Time to choose"))
    named_clocks = {int(n) for n in re.findall(r"(\d+)", clock_par)}
    assert named_clocks == set(choices_of("choose_seconds")) == set(CHOOSE_SECONDS)
    assert str(DEFAULT_CHOOSE_SECONDS) in clock_par
    assert f"{FLIP_SECONDS} seconds" in text
    assert set(choices_of("scoring")) == set(SCORING_LABELS) == {"sum", "count"}
    score_par = next(p for p in sections()["Settings"].paragraphs if p.startswith("Score"))
    assert "sum of the captured cards" in score_par and "number of captured cards" in score_par
    product_par = next(p for p in settings_paragraphs() if p.startswith("Product while"))
    assert set(choices_of("product")) == {"hidden", "shown"}
    assert "hidden (the default) or shown" in product_par and "help" in product_par


def test_texts_mirror_the_game_constants():
    assert texts.CHOOSE_CLOCK == CHOOSE_SECONDS
    assert texts.DEFAULT_CHOOSE_CLOCK == DEFAULT_CHOOSE_SECONDS
    assert texts.FLIP_CLOCK == FLIP_SECONDS
    assert GAME.default_settings()["hand"] == texts.HAND
    assert GAME.clean_settings({})["choose_seconds"] == DEFAULT_CHOOSE_SECONDS


def test_rule_text_examples_use_cards_of_the_level_the_teachers_are_told():
    assert {7, 14, 28, 42} <= set(pb.number_cards(3))
    assert not {7, 14, 28, 42} <= set(pb.number_cards(2))
