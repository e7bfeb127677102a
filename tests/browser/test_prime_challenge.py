"""Prime Challenge in Chromium: a student's turn against a bot, and the bot's challenge."""

import random

import pytest
from django.urls import reverse

from games.engine import get_game
from games.models import LearningRecord, Match
from tests.browser.helpers import wait_settled
from tests.browser.viewport import (
    CHROMEBOOK,
    SIZES,
    assert_no_sideways_scroll,
    assert_on_first_screen,
    assert_reachable,
    tabs_to,
    viewport,
)

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

RULES = get_game("prime-challenge")
# Level 1, two players, the student first; the foundation is 2 10 2 / 5 5 10 / 2 5 2.
SEED = 6


@pytest.fixture(autouse=True)
def _live_clock(settings):
    settings.GAMES_BOT_DELAY_SECONDS = 0
    settings.GAMES_STREAM_SECONDS = 3
    settings.GAMES_CLOCK_THREADS = True  # windows and time limits run out for real
    yield
    from games import tasks

    tasks.stop_timer_threads()


def card(page, ref: str):
    """A card on the table: the checkbox over it (picking up happens on the player's screen)."""
    return page.locator(f".pc-foundation [data-ref='{ref}'] input")


def pick(page, ref: str, keyboard: bool = False) -> None:
    """Pick up one card (Enter picks it up as a tap does): the board shows it picked at once."""
    if keyboard:
        card(page, ref).focus()
        page.keyboard.press("Enter")
    else:
        card(page, ref).click()
    page.locator(f".pc-foundation [data-ref='{ref}'] input:checked").wait_for()


def test_a_student_takes_a_set_then_a_bot_challenges_a_missed_one(
    new_page, shot, sign_in, student, monkeypatch
):
    from games import services
    from games.primepak.challenge.bots import StrongBot

    monkeypatch.setattr(services.secrets, "randbits", lambda bits: SEED)
    # The strong bot spots a reason to challenge 95 times in 100 (drawn by the match's version):
    # here always, so the missed set below is always caught.
    monkeypatch.setattr(StrongBot, "spot_chance", 1.0)
    page = new_page()
    sign_in(page, student.user)
    page.goto(reverse("match_new", args=["prime-challenge"]))
    page.get_by_label("Deck level").select_option("1")
    page.get_by_label("Player 2").select_option("strong")
    # The booklet's 2 s windows (a class game's 8 s windows would make this test wait 30 s
    # more for the same moves).
    page.get_by_label("Time limits").select_option("booklet")
    shot(page, "29-challenge-new", full_page=True)
    page.get_by_role("button", name="Start").click()
    page.wait_for_url("**/matches/*/")
    match = Match.objects.get()
    assert match.seed == SEED and RULES.current_player(match.state) == 0
    page.locator(".pc-say", has_text="Your turn").wait_for(timeout=20_000)
    shot(page, "30-challenge-start", full_page=True)

    # Answer first, as the booklet asks: 10, then 2 and 5 — by mouse, then by keyboard.
    pick(page, "f1")
    pick(page, "f0")
    pick(page, "f3", keyboard=True)
    # The product is hidden (the default, issue 30): the pick asks, the child multiplies.
    page.locator(".pc-product", has_text="10 = 2 × 5? Multiply to check").wait_for()
    assert "so far" not in page.locator(".pc-pick").inner_text()
    shot(page, "31-challenge-picked", full_page=True)
    page.get_by_role("button", name="Take this set").click()
    # The window lasts 2 s: on a slow machine it may already be over when the board shows.
    window = page.locator(".pc-say", has_text="Wait: the others may challenge")
    after = page.locator(".pc-actions button[value=done]:not([disabled])")
    window.or_(after).first.wait_for(timeout=20_000)
    shot(page, "32-challenge-window", full_page=True)

    # The window closes (nobody challenges a good set); another 10 = 2 × 5 is still there,
    # but the student says "done": the strong bot challenges and takes it.
    page.get_by_role("button", name="Done").wait_for(state="visible", timeout=15_000)
    page.wait_for_function(
        "document.querySelector('.pc-actions button[value=done]')?.disabled === false",
        timeout=20_000,
    )
    page.get_by_role("button", name="Done").click()
    page.locator(".pc-log", has_text="challenged").wait_for(timeout=20_000)
    shot(page, "33-bot-challenged", full_page=True)
    match.refresh_from_db()
    assert RULES.view(match.state, 0)["collected"][0] >= 3  # the student's own set
    missed = LearningRecord.objects.filter(student=student, mistake="missed_set")
    assert missed.exists(), "the set the student missed is in their learning record"
    assert LearningRecord.objects.filter(student=student, kind="factor_set", correct=True)

    # Play goes on: the bot takes its own turn and the student's turn comes back.
    page.locator(".pc-say", has_text="Your turn").or_(
        page.locator(".pc-say", has_text="over")
    ).wait_for(timeout=60_000)
    shot(page, "34-challenge-turn-back", full_page=True)


# --- Issue 12: the turn on the first screen of a Chromebook, a tablet and a phone; the keyboard -
def new_match(student, **settings) -> Match:
    """A level 1 game against the easy bot where a wrong set is refused at once, the student
    first (seed 6: the foundation is 2 10 2 / 5 5 10 / 2 5 2)."""
    from games import services

    return services.match_create(
        game="prime-challenge",
        settings={"level": 1, "invalid_sets": "refuse", **settings},
        classroom=student.classroom,
        seats=[services.SeatSpec(student=student), services.SeatSpec(bot="easy")],
        host=student,
        seed=SEED,
    )


def played_until(match: Match, done) -> dict:
    """The match's state after the bots play both seats (windows closing unchallenged) until
    done(state) says so: a position the board must fit in (a challenge window, the end)."""
    rng = random.Random(1)
    bot = type(RULES.bots()["strong"])()
    state = match.state
    for _ in range(400):
        if done(state):
            return state
        if state["phase"] == "window":
            state = RULES.apply_timeout(state)
            continue
        player = RULES.current_player(state)
        move = bot.choose_move(RULES.view(state, player), RULES.legal_moves(state, player), rng)
        state = RULES.apply_move(state, player, move)
    pytest.fail("the position never came")


def turn_controls(page) -> dict:
    """What a turn needs: the table's cards, the pick, and the four buttons."""
    return {
        "foundation": page.locator(".pc-foundation"),
        "draw_pile": page.locator(".pc-pile"),
        "pick": page.locator(".pc-pick"),
        "take": page.get_by_role("button", name="Take this set"),
        "put_back": page.get_by_role("button", name="Put the cards back"),
        "hit": page.get_by_role("button", name="Hit: I see no set"),
        "done": page.get_by_role("button", name="Done"),
    }


def settled(page) -> None:
    """Wait until htmx has settled and a move's glide is over (a screenshot shows the board)."""
    wait_settled(page)
    page.wait_for_timeout(450)


def refuse_a_wrong_set(page) -> None:
    """10, 2 and 2 picked up and taken: refused (2 × 2 is 4), the error above the table."""
    pick(page, "f1")
    pick(page, "f0")
    pick(page, "f2")
    page.get_by_role("button", name="Take this set").click()
    page.locator(".board-error", has_text="not 10").wait_for()
    settled(page)


def test_a_turn_fits_a_chromebook_screen(new_page, shot, sign_in, student):
    """1366 × 657: the table, the pick and the buttons with no scrolling: choosing, after a
    refused set, when a bot's set may be challenged, and at the end of the game."""
    match = new_match(student)
    page = new_page(**viewport(CHROMEBOOK))
    sign_in(page, student.user)
    page.goto(reverse("match_detail", args=[match.pk]))
    page.locator(".pc-say", has_text="Your turn").wait_for()
    assert_on_first_screen(page, status=page.locator(".pc-status"), **turn_controls(page))
    shot(page, "challenge-1366x657-turn")
    refuse_a_wrong_set(page)
    error = page.locator(".board-error")
    assert_on_first_screen(page, error=error, **turn_controls(page))
    shot(page, "challenge-1366x657-refused")

    # A bot took a set: the student may challenge it.
    match.state = played_until(match, lambda state: RULES.view(state, 0)["can_challenge"])
    match.save(update_fields=["state"])
    page.reload()
    challenge = page.get_by_role("button", name="Challenge!")
    challenge.wait_for()
    settled(page)
    assert_on_first_screen(
        page,
        status=page.locator(".pc-status"),
        challenge=challenge,
        foundation=page.locator(".pc-foundation"),
        points=page.locator(".pc-scores"),
    )
    shot(page, "challenge-1366x657-window")

    # The end of the game: who won, and the table as it was left.
    final = played_until(match, lambda state: RULES.outcome(state) is not None)
    outcome = RULES.outcome(final)
    match.state, match.status, match.outcome = final, Match.Status.FINISHED, outcome.to_json()
    match.save(update_fields=["state", "status", "outcome"])
    for seat in match.seats.all():
        seat.won = seat.index in outcome.winners
        seat.save(update_fields=["won"])
    page.reload()
    over = page.locator(".game-over")
    over.wait_for()
    settled(page)
    assert_on_first_screen(
        page,
        game_over=over,
        play_again=page.get_by_role("link", name="Play again"),
        result=page.locator(".pc-say", has_text="The round is over"),
        points=page.locator(".pc-scores"),
    )
    shot(page, "challenge-1366x657-game-over")


@pytest.mark.parametrize("size", ["tablet", "phone"])
def test_a_turn_is_reachable_on_a_tablet_and_a_phone(new_page, shot, sign_in, student, size):
    """768 × 1024 and 390 × 844: nothing scrolls sideways; every card and button of a turn is
    reached by scrolling down only, and is a finger-sized target."""
    match = new_match(student)
    page = new_page(**viewport(SIZES[size]))
    sign_in(page, student.user)
    page.goto(reverse("match_detail", args=[match.pk]))
    page.locator(".pc-say", has_text="Your turn").wait_for()
    assert_no_sideways_scroll(page)
    assert_reachable(page, **turn_controls(page))
    targets = page.locator(".pc-board :is(.pc-card:not(.empty), .button)").all()
    for target in targets:
        box = target.bounding_box()
        assert box["height"] >= 44 and box["width"] >= 44, target.inner_text()
    shot(page, f"challenge-{size}-turn", full_page=True)
    refuse_a_wrong_set(page)
    assert_no_sideways_scroll(page)
    assert_reachable(page, error=page.locator(".board-error"), **turn_controls(page))
    shot(page, f"challenge-{size}-refused", full_page=True)


def test_learn_to_play_fits_a_chromebook_screen(new_page, shot, sign_in, student):
    """The coach above the board: its words, the table and the buttons on the first screen."""
    page = new_page(**viewport(CHROMEBOOK))
    sign_in(page, student.user)
    page.goto(reverse("game_learn", args=["prime-challenge"]))
    page.get_by_role("button", name="Start learning").click()
    page.wait_for_url("**/matches/*/")
    page.locator(".coach-say", has_text="Find 6").wait_for()
    settled(page)
    coach = page.locator(".coach")
    assert_on_first_screen(page, coach=coach, **turn_controls(page))
    shot(page, "challenge-learn-1366x657-start")
    for ref in ("f4", "f6", "f1"):  # not the 6 first: "Not that one yet"
        card(page, ref).click()
    page.get_by_role("button", name="Take this set").click()
    page.locator(".board-error", has_text="Not that one yet").wait_for()
    settled(page)
    assert_on_first_screen(
        page, coach=coach, error=page.locator(".board-error"), **turn_controls(page)
    )
    shot(page, "challenge-learn-1366x657-refused")


def test_a_turn_by_keyboard_needs_few_tab_presses(new_page, sign_in, student):
    """Cards are picked with Enter (or Space); after a pick the focus stays on that card (the
    next card is one Tab away), and after a set it goes back to the table's first card."""
    match = new_match(student)
    page = new_page(**viewport(CHROMEBOOK))
    sign_in(page, student.user)
    page.goto(reverse("match_detail", args=[match.pk]))
    page.locator(".pc-say", has_text="Your turn").wait_for()

    def press_on(locator) -> int:
        presses = tabs_to(page, locator)
        version = int(page.locator("#board").get_attribute("data-version"))
        page.keyboard.press("Enter")
        page.wait_for_function(
            "v => Number(document.querySelector('#board')?.dataset.version) > v", arg=version
        )
        wait_settled(page)
        return presses

    def tick_on(locator) -> int:  # picking a card up sends nothing: the page ticks it
        presses = tabs_to(page, locator)
        page.keyboard.press("Enter")
        assert locator.is_checked()
        return presses

    # From the top of the page: the site's links and the match's tools come first.
    first = tick_on(card(page, "f1"))  # 10, the answer first
    assert first <= 11
    # 10 = 2 × 5: the 2 and the 5 are the next two cards.
    assert [tick_on(card(page, "f2")), tick_on(card(page, "f3"))] == [1, 1]
    assert page.locator(".pc-product").inner_text().startswith("10 = 2 × 5?")
    # Take this set: after the five cards left in the table (f4 to f8).
    take = page.get_by_role("button", name="Take this set")
    assert press_on(take) == 6
    assert page.locator(".pc-scores li.me").inner_text().startswith("You: 3 points")
    # The set is taken: the focus is on the table's first card again.
    assert tabs_to(page, card(page, "f0")) == 0
    # Done: past the six cards left (the other buttons are off now).
    assert press_on(page.get_by_role("button", name="Done")) == 6
