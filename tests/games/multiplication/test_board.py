"""The board. Every rule effect is told where the child looks: next to the open card, the
board says who played what as which product, "Square! Ben misses a turn and draws a card",
who drew (never which card) and when the pile was reshuffled (issue 11); drawing is a form
of its own. Rule text: The Multiplication Game's rule text."""

from __future__ import annotations

import random
import re
from types import SimpleNamespace

import pytest
from django.template.loader import render_to_string

from games.multiplication.cards import FREE, NUMBERS
from games.multiplication.game import MultiplicationGame
from games.multiplication.moves import Discard, Draw
from games.multiplication.rules import LOG_SIZE
from games.multiplication.story import STORY_MOVES, story

from .test_rules import scenario

GAME = MultiplicationGame()
NAMES = ("Ann", "Ben", "Cat")


def board_text(state: dict, me: int | None) -> str:
    """The board as `me` sees it, as plain words (tags dropped, spaces squeezed)."""
    seats = [
        SimpleNamespace(index=i, display_name=NAMES[i], bot_stand_in=False, is_human=True)
        for i in range(state["players"])
    ]
    html = render_to_string(
        "games/multiplication/board.html",
        {
            "view": GAME.view(state, me),
            "me": me,
            "seats": seats,
            "match": SimpleNamespace(pk=1, version=4, status="playing"),
            "my_turn": state["turn"] == me,
        },
    )
    return " ".join(re.sub(r"<[^>]+>", " ", html).split()).replace(" ,", ",").replace(" .", ".")


def news(state: dict, me: int | None) -> str:
    """Only what the board says under "What happened"."""
    text = board_text(state, me)
    return text[text.index("What happened") :].split("Your cards")[0]


def test_a_square_says_who_misses_a_turn_and_draws_for_each_viewer():
    """Rule text: player A discarded “36” by declaring “4 times 9” (common declared
    multiplier=4), and player B had to draw a card from the draw pile."""
    state = scenario([[36, 2], [5, 7], [8, 27, 35]], open_card=28, declared=[(4, 7)])
    after = GAME.apply_move(state, 0, Discard(36, 4, 9))
    cat = news(after, 2)
    assert "Ann played 36 = 4 × 9, matching the 4." in cat
    assert "Square! Ben misses a turn and draws a card." in cat
    assert "Square! You miss a turn and draw a card." in news(after, 1)
    assert "You played 36 = 4 × 9, matching the 4. Square! Ben misses" in news(after, 0)
    assert "Square! Ben misses a turn and draws a card." in news(after, None)  # a watcher


def test_a_free_card_is_told_as_the_number_it_was_declared():
    """Rule text: upon the card “28” ... a player may discard a “free” card, and determine
    its number is “4” by declaring “4 times 1”, thus obliging the following player to lose a
    turn and draw a card."""
    state = scenario([[FREE, 2], [5, 7], [3]], open_card=28, declared=[(4, 7)], free_cards=1)
    after = GAME.apply_move(state, 0, Discard(FREE, 1, 4))
    assert (
        "Ann played a free card as 4 = 4 × 1, matching the 4. "
        "Square! Ben misses a turn and draws a card." in news(after, 2)
    )


def test_a_draw_is_told_but_never_the_card_drawn():
    """Rule text: a player who does not discard a card loses a turn and has to draw."""
    state = scenario([[24, 2], [5, 7], [8, 27]], open_card=12)
    after = GAME.apply_move(state, 0, Draw())
    [told] = GAME.view(after, 1)["story"]
    assert (told["player"], told["kind"], told["drew"]) == (0, "draw", True)
    assert told["card"] is None and told["value"] is None
    assert GAME.view(after, 1)["log"] == [{"player": 0, "kind": "draw", "move": 10}]
    assert "Ann drew a card." in news(after, 1)
    assert "You drew a card." in news(after, 0)


def test_with_two_players_the_square_stays_told_after_the_player_plays_again():
    # docs/rules.md: with two players the penalty means the player who discarded
    # the square plays again: the other player must still be told they missed a turn.
    state = scenario([[36, 8, 3], [28, 5]], open_card=14, declared=[(2, 7)], turn=1)
    state = GAME.apply_move(state, 1, Discard(28, 4, 7))
    state = GAME.apply_move(state, 0, Discard(36, 4, 9))
    state = GAME.apply_move(state, 0, Discard(8, 2, 4))
    told = GAME.view(state, 1)["story"]
    assert [(t["player"], t["value"], t["penalty"]) for t in told] == [
        (1, 28, None),  # Ben's own last move starts his story
        (0, 36, 1),
        (0, 8, None),
    ]
    text = news(state, 1)
    assert (
        text.index("You played 28")
        < text.index("Square! You miss a turn")
        < text.index("Ann played 8 = 2 × 4")
    )


def test_a_reshuffle_and_an_empty_pile_are_told():
    """docs/rules.md: If the draw pile runs out, the discards except the open card are shuffled
    into a new draw pile."""
    state = scenario([[24, 2], [3, 5]], open_card=12, draw=[])
    after = GAME.apply_move(state, 0, Draw())
    assert "The draw pile ran out, so the played cards were shuffled into a new pile." in news(
        after, 1
    )
    everything = [n for n in NUMBERS if n != 12]
    stuck = scenario([everything[:20], everything[20:]], open_card=12, draw=[])
    after = GAME.apply_move(stuck, 0, Draw())
    assert "Ann could not draw: there were no cards left." in news(after, 1)


def test_the_last_card_is_told():
    state = scenario([[36], [5, 7], [3]], open_card=28, declared=[(4, 7)])
    after = GAME.apply_move(state, 0, Discard(36, 4, 9))
    text = news(after, 1)
    assert "Ann played 36 = 4 × 9, matching the 4. That was the last card!" in text
    assert "misses a turn" not in text  # the game is over: no penalty


def test_the_turned_up_card_is_explained_until_someone_discards():
    """docs/rules.md: the top card is turned up as the open card, and every way of writing it as
    a product in the table counts as declared."""
    state = GAME.new_game({"free_cards": 0}, 3, seed=2)
    value = state["open"]["value"]
    assert f"{value} was turned up from the pile, so every way to make it counts." in news(state, 0)
    player = state["turn"]
    move = next(m for m in GAME.legal_moves(state, player) if isinstance(m, Discard))
    after = GAME.apply_move(state, player, move)
    assert "turned up" not in news(after, 0)


def test_a_watcher_is_told_the_last_round_and_a_player_at_most_a_few_moves():
    state = GAME.new_game({"free_cards": 0}, 3, seed=5)
    rng = random.Random(5)
    for _ in range(30):
        player = state["turn"]
        state = GAME.apply_move(state, player, rng.choice(GAME.legal_moves(state, player)))
        if state["turn"] is None:
            break
    assert len(GAME.view(state, None)["story"]) <= 3
    assert all(len(GAME.view(state, seat)["story"]) <= STORY_MOVES for seat in range(3))


def test_events_from_before_moves_were_numbered_are_left_out():
    # A match saved before the log numbered its moves still shows its board.
    old = [{"player": 0, "kind": "draw"}, {"player": 1, "kind": "discard", "card": 4}]
    assert story(old, 2, 0) == []


def test_the_oldest_move_is_left_out_when_the_log_may_have_cut_it():
    cut = [{"player": 1, "kind": "penalty", "move": 3}] + [
        {"player": n % 2, "kind": "draw", "move": 4 + n} for n in range(LOG_SIZE - 1)
    ]
    told = story(cut, 2, None)
    assert all(entry["kind"] == "draw" for entry in told)  # never the cut-off square


def test_in_random_games_the_newest_story_line_is_always_the_last_move():
    for seed in range(6):
        players = 2 + seed % 3
        state = GAME.new_game({"free_cards": seed % 3}, players, seed)
        rng = random.Random(seed)
        while state["turn"] is not None and state["moves"] < 150:
            player = state["turn"]
            move = rng.choice(GAME.legal_moves(state, player))
            state = GAME.apply_move(state, player, move)
            for me in (None, *range(players)):
                newest = GAME.view(state, me)["story"][-1]
                assert newest["player"] == player
                if isinstance(move, Discard):
                    assert (newest["kind"], newest["value"]) == ("discard", move.a * move.b)
                    assert newest["free"] == (move.card == FREE)
                else:
                    assert newest["kind"] == "draw" and newest["card"] is None


def test_drawing_sends_no_card_the_child_tapped_before():
    # "Draw a card instead" submits a form of its own: a card or keys picked first in the
    # play form never go with a draw (parse_move would refuse a draw that names a card).
    state = scenario([[24, 2], [5, 7]], open_card=12)
    seats = [
        SimpleNamespace(index=i, display_name=NAMES[i], bot_stand_in=False, is_human=True)
        for i in range(2)
    ]
    html = render_to_string(
        "games/multiplication/board.html",
        {
            "view": GAME.view(state, 0),
            "me": 0,
            "seats": seats,
            "match": SimpleNamespace(pk=1, version=4, status="playing"),
            "my_turn": True,
        },
    )
    assert re.search(r'<button type="submit" form="mg-draw"[^>]*>Draw a card instead', html)
    draw_form = html[html.index('<form id="mg-draw"') :]
    draw_form = draw_form[: draw_form.index("</form>")]
    assert '<input type="hidden" name="type" value="draw">' in draw_form
    assert 'name="card"' not in draw_form and 'name="a"' not in draw_form
    assert GAME.parse_move({"type": "draw"}) == Draw()


# --- the multipliers while choosing: hidden unless the teacher shows them (issue 30) ------------
def open_card_text(state: dict, me: int | None = 0) -> str:
    """What the board says around the open card (before "What happened")."""
    text = board_text(state, me)
    return text[text.index("Open card") :].split("What happened")[0]


def test_with_multipliers_hidden_the_board_never_lists_what_can_be_played():
    """Issue 30: the board said "Play a card with a multiplier of 3, 4, 6 or 8". Hidden (the
    default), the child works out which of their cards share a multiplier: the board keeps the
    declaration a player made ("24 = 4 × 6": they said it) and never works out the ways to make
    a turned-up card (docs/rules.md, The Multiplication Game)."""
    # Cards were played before (the discards are not empty): 24 is not the turned-up card.
    played = scenario([[28, 2], [5, 7]], open_card=24, declared=[(4, 6)], draw=[3, 9])
    text = open_card_text(played)
    assert "24 = 4 × 6 Play a card that shares a number with 4 × 6." in text
    assert "multiplier of" not in text and GAME.view(played, 0)["open"]["multipliers"] is None
    turned = scenario([[28, 2], [5, 7]], open_card=16)
    text = open_card_text(turned)
    assert "2 × 8" not in text and "4 × 4" not in text and "multiplier of" not in text
    assert "Play a card that shares a number with a way to make 16." in text
    view = GAME.view(turned, 0)
    assert (view["product_shown"], view["open"]["declared"], view["open"]["says"]) == (
        False, [], [])  # fmt: skip
    # Nothing in the hand marks the cards that could be played (28 could, 5 and 7 not).
    html_hand = board_text(turned, 0).split("Your cards")[1].split("Say it as")[0]
    assert html_hand.split() == ["2", "28"]


def test_with_multipliers_shown_the_board_lists_them_as_before():
    turned = scenario([[28, 2], [5, 7]], open_card=16, product="shown")
    text = open_card_text(turned)
    assert "16 = 2 × 8 or 16 = 4 × 4" in text
    assert "Play a card with a multiplier of 2, 4 or 8" in text


def test_a_game_saved_before_the_setting_keeps_its_multipliers_shown():
    """Games played before issue 30 were played with the multipliers shown (docs/rules.md)."""
    state = scenario([[28, 2], [5, 7]], open_card=16)
    del state["settings"]["product"]
    assert "Play a card with a multiplier of 2, 4 or 8" in open_card_text(state)


@pytest.mark.django_db
def test_the_page_a_child_gets_lists_no_multipliers_while_hidden(
    student_client, student, monkeypatch
):
    """Through the platform (issue 30, b): the child's turn on a turned-up 16."""
    from django.urls import reverse

    from games import services
    from games.models import Match

    monkeypatch.setattr(services, "_send_wake", lambda *args: None)  # no bot moves

    match = services.match_create(
        game="multiplication", settings={}, classroom=student.classroom,
        seats=[services.SeatSpec(student=student), services.SeatSpec(bot="easy")],
        host=student, seed=1,
    )  # fmt: skip
    state = scenario([[28, 2], [5, 7]], open_card=16)
    Match.objects.filter(pk=match.pk).update(state=state)
    html = student_client.get(reverse("match_detail", args=[match.pk])).content.decode()
    assert "Your cards" in html and "a way to make 16" in html
    assert "multiplier of" not in html and "2 × 8" not in html and "4 × 4" not in html
