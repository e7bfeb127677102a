"""What the Prime Challenge board shows of a pick, by the teacher's "Product while choosing"
(issue 30): hidden (the default), the board names the cards picked up and never what they
multiply to, nor whether they are a set, before the player takes them (and, for the others,
before they challenge); shown, it works out "5 × 5 = 25 so far (you want 50)" as before.
Decisions: docs/rules.md (Prime Challenge, "The product is the child's to work out")."""

from __future__ import annotations

import re

import pytest
from django.urls import reverse

from games import services
from games.models import Match

from .test_game import GAME, P, log_text, play, scenario, take

# What would tell a child the arithmetic of a pick: a product, the words around it, a verdict.
GIVEAWAYS = ("so far", "you want", "= 25", "= 10", "✓", "factor set!", "prime as")


def pick_text(state: dict, seat: int = 1) -> str:
    return GAME.view(state, seat)["pick"]["text"]


# --- the view ------------------------------------------------------------------------------------
def test_with_products_hidden_a_pick_reads_as_a_question_not_an_answer():
    """Issue 30: "Prime Challenge shows “5 × 5 = 25 so far (you want 50)”". Hidden, the pick
    is the claim the cards make, "50 = 5 × 5?", for the child to multiply."""
    state = scenario([50, 5, 5, 2, 10], level=1)
    assert GAME.view(state, 0)["product_shown"] is False
    assert (
        pick_text(play(state, 0, "f0")) == "Answer 50: now pick numbers that multiply to make 50."
    )
    assert pick_text(play(state, 0, "f0", "f1")) == (
        "50 = 5 × … Pick more numbers that multiply to make 50."
    )
    wrong = pick_text(play(state, 0, "f0", "f1", "f2"))
    right = pick_text(play(state, 0, "f0", "f3", "f1", "f2"))
    assert wrong == "50 = 5 × 5? Multiply to check, then press “Take this set”."
    assert right == "50 = 2 × 5 × 5? Multiply to check, then press “Take this set”."
    for text in (wrong, right):
        assert not any(word in text for word in GIVEAWAYS), text
    # Whether a pick is a set changes nothing else the players see: "Take this set" is there
    # for three cards or more, right or wrong (the dealer or the others judge it once taken).
    for refs in (("f0", "f1", "f2"), ("f4", "f3", "f1")):
        view = GAME.view(play(state, 0, *refs), 0)
        assert view["can_collect"] and set(view["pick"]) == {"refs", "cards", "labels", "count",
                                                              "text"}  # fmt: skip


def test_with_products_shown_the_board_multiplies_as_before():
    """The teacher's "shown": the product so far, as the board always showed it."""
    state = scenario([50, 5, 5, 2, 10], level=1, product="shown")
    assert GAME.view(state, 1)["product_shown"] is True
    assert pick_text(play(state, 0, "f0", "f1", "f2")) == "5 × 5 = 25 so far (you want 50)."
    assert pick_text(play(state, 0, "f4", "f3", "f1")) == "2 × 5 = 10 so far (you want 10)."


def test_rules_of_picking_are_said_whatever_the_setting():
    """Nothing to multiply in them: no cards yet, and a prime card first (never an answer)."""
    for product in ("hidden", "shown"):
        state = scenario([10, P, 2, 5], product=product)
        assert pick_text(state).startswith("Pick the answer first")
        assert pick_text(play(state, 0, "f1", "f0")).startswith("A prime card can't be the answer")


def test_with_products_hidden_a_set_with_prime_cards_is_told_without_its_primes():
    """Naming the prime a prime card stood for ("42 = 6 × (prime as 7)") says the set is right:
    hidden, the others read "42 = 6 × prime" and work it out before they challenge. Where no
    challenge can follow (wrong sets refused at once) the set is right, and its primes are
    named as before; a set that was challenged is explained as before."""
    state = take(scenario([42, 6, P, 11]), 0, "f0", "f1", "f2")
    assert GAME.view(state, 1)["window"]["set_text"] == "42 = 6 × prime"
    assert log_text(state)[-1] == "Ana took 42 = 6 × prime."
    wrong = take(scenario([40, 2, P, 11]), 0, "f0", "f1", "f2")
    assert GAME.view(wrong, 1)["window"]["set_text"] == "40 = 2 × prime"  # the same words
    refused = take(scenario([42, 6, P, 11], invalid_sets="refuse"), 0, "f0", "f1", "f2")
    assert log_text(refused)[-1] == "Ana took 42 = 6 × (prime as 7)."
    shown = take(scenario([42, 6, P, 11], product="shown"), 0, "f0", "f1", "f2")
    assert GAME.view(shown, 1)["window"]["set_text"] == "42 = 6 × (prime as 7)"


def test_a_game_saved_before_the_setting_keeps_its_products_shown():
    """Games played before issue 30 were played with the product shown (docs/rules.md)."""
    state = play(scenario([50, 5, 5, 2], level=1), 0, "f0", "f1", "f2")
    del state["settings"]["product"]
    assert GAME.view(state, 1)["product_shown"] is True
    assert pick_text(state) == "5 × 5 = 25 so far (you want 50)."


# --- the board, as the platform sends it ---------------------------------------------------------
@pytest.fixture
def quiet(monkeypatch):
    """No bot moves or clocks are scheduled."""
    monkeypatch.setattr(services, "_send_wake", lambda *args: None)


def board(client, student, state: dict, **settings) -> str:
    """The match page of Ana's game (against an easy bot) at this state, as her browser gets it."""
    match = services.match_create(
        game="prime-challenge",
        settings={"level": 1, **settings},
        classroom=student.classroom,
        seats=[services.SeatSpec(student=student), services.SeatSpec(bot="easy")],
        host=student,
        seed=1,
    )
    Match.objects.filter(pk=match.pk).update(state=state)
    response = client.get(reverse("match_detail", args=[match.pk]))
    assert response.status_code == 200
    return response.content.decode()


def words(html: str) -> str:
    return " ".join(re.sub(r"<[^>]+>", " ", html).split())


@pytest.mark.django_db
def test_the_board_never_multiplies_a_pick_while_products_are_hidden(
    student_client, student, quiet
):
    """Issue 30, (b): a wrong pick (50 = 5 × 5) and a right one (10 = 2 × 5) on the page: no
    product, no "so far", no verdict, and "Take this set" pressable for both."""
    table = scenario([50, 5, 5, 2, 10], level=1)
    for refs in (("f0", "f1", "f2"), ("f4", "f3", "f1")):
        html = board(student_client, student, play(table, 0, *refs))
        text = words(html)
        assert not any(word in text for word in GIVEAWAYS), text
        assert "Multiply to check" in text
        take_button = re.search(r'<button[^>]*value="collect"[^>]*>', html)[0]
        assert "disabled" not in take_button


@pytest.mark.django_db
def test_the_board_multiplies_a_pick_when_the_teacher_shows_products(
    student_client, student, quiet
):
    table = scenario([50, 5, 5, 2, 10], level=1, product="shown")
    text = words(board(student_client, student, play(table, 0, "f0", "f1", "f2"), product="shown"))
    assert "5 × 5 = 25 so far (you want 50)." in text
