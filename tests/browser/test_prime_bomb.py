"""Prime Bomb – Capture in Chromium: a student plays a whole game against five bots by mouse
(level 1, six players: 14 cards are turned up), a turn (turn up, choose) by keyboard alone, the
child's ticks survive a classmate's choice arriving live (and the choice then still counts), and
a turn fits a Chromebook, a tablet and a phone, while choosing and at the reveal.

The student here plays well: each time the test asks the strong bot what it would do from the
student's own view and does that on the board (tick the cards, "Choose these cards"; or "Throw
nothing"; a swap; "Turn up a card"). Screenshots go to test-artifacts/prime-bomb/."""

from __future__ import annotations

import random
import time

import pytest
from django.urls import reverse

from games.engine import get_game
from games.models import Match
from games.primepak.primebomb.game import Choose, Flip, Swap
from tests.browser.conftest import ARTIFACTS, screenshots
from tests.browser.helpers import BoardHands, wait_for_version, wait_settled
from tests.browser.viewport import (
    CHROMEBOOK,
    SIZES,
    assert_no_sideways_scroll,
    assert_on_first_screen,
    assert_reachable,
    keys_to,
    viewport,
)

pytestmark = [
    pytest.mark.browser,
    pytest.mark.django_db(transaction=True),
    pytest.mark.usefixtures("fast_bots"),
]

RULES = get_game("prime-bomb")
SHOTS = ARTIFACTS / "prime-bomb"
SEED = 2  # the student (seat 0) turns up the first card
STUDENT = 0
# The expression of the ticked cards as the child sees it: CSS shows each ticked card and puts
# "×" before it (a ::before), so innerText would miss the signs.
EXPRESSION = """form => Array.from(form.querySelectorAll('.pb-term'))
  .filter(t => getComputedStyle(t).display !== 'none')
  .map(t => {
    const sign = getComputedStyle(t, '::before').content;
    return (sign && sign.startsWith('"') ? JSON.parse(sign) : '') + t.textContent;
  }).join('')"""


@pytest.fixture
def shot():
    """Save a screenshot to test-artifacts/prime-bomb/ for people to look at."""
    return screenshots(SHOTS, settle=True)


def new_match(student, *, seats=None, settings=None, seed=SEED) -> Match:
    from games import services

    bots = ["easy", "strong", "easy", "strong", "easy"]
    return services.match_create(
        game="prime-bomb",
        settings=settings or {"level": 1},
        classroom=student.classroom,
        seats=seats
        or [services.SeatSpec(student=student), *(services.SeatSpec(bot=b) for b in bots)],
        host=student,
        seed=seed,
    )


# --- playing on the board, by mouse or by keyboard --------------------------------------------


class Hands(BoardHands):
    """A student at the board, by mouse, by touch (`touch=True`) or by keyboard alone."""

    def tick(self, pos: int) -> None:
        """Tick one card of the hand (nothing is posted: it is only chosen)."""
        box = self.board.locator(f"input[name=cards][value='{pos}']")
        if self.keyboard:
            self.presses.append(keys_to(self.page, box))
            self.page.keyboard.press("Space")
        else:
            self.click(self.board.locator(f"label.pb-card[data-ref='{pos}']"))
        assert box.is_checked()

    def pick(self, name: str, value: int) -> None:
        """Pick a card to swap: a captured card (name="captured") or a hand card ("card")."""
        box = self.board.locator(f"#bomb-swap input[name={name}][value='{value}']")
        if self.keyboard:
            self.presses.append(keys_to(self.page, box))
            self.page.keyboard.press("Space")
        else:
            label = f"#bomb-swap label:has(input[name={name}][value='{value}'])"
            self.click(self.board.locator(label))
        assert box.is_checked()

    def expression(self) -> str:
        return self.board.locator(".pb-hand-form").evaluate(EXPRESSION)


def play(hands: Hands, move) -> bool:
    """Make this move on the board, as a child would; False if the board refused it."""
    if isinstance(move, Flip):
        return hands.press(hands.board.locator("#bomb-flip"))
    if isinstance(move, Swap):
        hands.pick("captured", move.captured)
        hands.pick("card", move.card)
        return hands.press(hands.board.locator("#bomb-swap button[value=swap]"))
    if isinstance(move, Choose):
        if not move.cards:
            return hands.press(hands.board.get_by_role("button", name="Throw nothing"))
        for pos in move.cards:
            hands.tick(pos)
        values = [int(hands.board.locator(f"label[data-ref='{p}']").get_attribute("data-card"))
                  for p in move.cards]  # fmt: skip
        assert hands.expression() == " × ".join(map(str, values))
        return hands.press(hands.board.locator("#bomb-choose"))
    pytest.fail(f"the board has no way to make {move!r}")


def strong_choice(match: Match, seat: int, rng: random.Random):
    """What the strong bot would do from this seat's own view (None: nothing to do)."""
    state = match.state
    legal = RULES.legal_moves(state, seat)
    return RULES.bots()["strong"].choose_move(RULES.view(state, seat), legal, rng)


def must_act(match: Match, seat: int) -> str:
    """What this seat must do now: "flip", "choose", "over", or "" (wait)."""
    state = match.state
    if match.status != Match.Status.PLAYING or state["phase"] == "over":
        return "over"
    if state["phase"] == "flip" and state["flipper"] == seat:
        return "flip"
    if state["phase"] == "choose" and state["choices"][seat] is None:
        return "choose"
    return ""


def wait_for_my_move(match: Match, page, seat: int = STUDENT, timeout: float = 60) -> str:
    """Wait until this seat must act (or the game is over) and the page shows that board."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        match.refresh_from_db()
        what = must_act(match, seat)
        if what:
            wait_for_version(page, match.version)
            return what
        time.sleep(0.1)
    pytest.fail("the bots never gave the turn back")


# --- a whole game against five bots, by mouse -----------------------------------------------------


def test_a_student_plays_a_whole_game_against_five_bots_by_mouse(new_page, shot, sign_in, student):
    match = new_match(student)
    page = new_page(**viewport(CHROMEBOOK), reduced_motion="reduce")
    sign_in(page, student.user)
    page.goto(reverse("match_detail", args=[match.pk]))
    page.locator(".pb-board").wait_for()
    hands = Hands(page)
    rng = random.Random(5)
    shots = {"flip": 0, "choose": 0, "reveal": 0}
    swapped = chosen = 0
    for _ in range(200):
        what = wait_for_my_move(match, page)
        if what == "over":
            break
        if what == "flip":
            if shots["flip"] < 2:
                shots["flip"] += 1
                shot(page, f"game-flip-{shots['flip']}")
            move = strong_choice(match, STUDENT, rng)
            pile = match.state["captured"][STUDENT]
            if not swapped and pile:
                # Once, a swap by the swap form: the first captured card for the smallest card.
                move = Swap(0, 0)
                shot(page, "game-swap-offered")
            if isinstance(move, Swap):
                taken, given = pile[move.captured], match.state["hands"][STUDENT][move.card]
                assert play(hands, move), hands.refused
                swapped += 1
                mine = page.locator("#bomb-captured")
                assert str(given) in mine.locator(".pb-mini").all_inner_texts()
                in_hand = page.locator("#bomb-swap label[data-ref]").evaluate_all(
                    "cards => cards.map(c => c.dataset.card)"
                )
                assert str(taken) in in_hand
                continue
            assert play(hands, Flip()), hands.refused
            continue
        # Choosing: what the strong bot would throw, ticked card by card.
        move = strong_choice(match, STUDENT, rng)
        assert isinstance(move, Choose)
        if chosen == 0:
            assert "Choose your cards to capture" in page.locator(".pb-say").inner_text()
        for pos in move.cards:
            hands.tick(pos)
        if shots["choose"] < 2 and move.cards:
            shots["choose"] += 1
            shot(page, f"game-choose-{shots['choose']}")
        values = [match.state["hands"][STUDENT][p] for p in move.cards]
        if move.cards:
            assert hands.expression() == " × ".join(map(str, values))
            # Never the product: multiplying is the child's work.
            assert "=" not in page.locator(".pb-expr").inner_text()
            assert hands.press(hands.board.locator("#bomb-choose")), hands.refused
        else:
            assert hands.press(hands.board.get_by_role("button", name="Throw nothing"))
        chosen += 1
        # The bots chose at once, so my choice showed all the cards: the reveal names mine.
        reveal = page.locator("#bomb-reveal")
        reveal.wait_for()
        line = reveal.locator(f".pb-play[data-seat='{STUDENT}']").inner_text()
        assert (" × ".join(map(str, values)) if values else "nothing") in line
        if shots["reveal"] < 3:
            shots["reveal"] += 1
            shot(page, f"game-reveal-{shots['reveal']}")
    else:
        pytest.fail("the game did not end")

    page.locator(".pb-final").wait_for(timeout=30_000)
    wait_settled(page)
    assert page.locator("#give-up-slot a").count() == 0  # the header's button went with the end
    shot(page, "game-over")
    shot(page, "game-over-full", full_page=True)
    match.refresh_from_db()
    assert match.status == Match.Status.FINISHED
    state = match.state
    assert state["flips"] == 14 and chosen >= 1
    # The final scores on the board are the engine's, and the winners are named.
    scores = page.locator(".pb-final .pb-score strong").all_inner_texts()
    assert [int(s) for s in scores] == state["scores"]
    assert page.locator(".pb-final .pb-tag.won").count() == len(state["winners"])
    # Every choice was the child's own: no product was shown, so no capture counts as help.
    assert not match.learning.filter(helped=True).exists()


# --- keyboard alone -------------------------------------------------------------------------------


def test_a_turn_by_keyboard_alone(new_page, shot, sign_in, student):
    match = new_match(student)
    page = new_page(**viewport(CHROMEBOOK), reduced_motion="reduce")
    sign_in(page, student.user)
    page.goto(reverse("match_detail", args=[match.pk]))
    assert wait_for_my_move(match, page) == "flip"
    hands = Hands(page, keyboard=True)
    flip = page.locator("#bomb-flip")
    # The page opens with the keyboard on "Turn up a card".
    assert keys_to(page, flip) == 0
    shot(page, "keyboard-flip")
    assert play(hands, Flip())
    assert wait_for_my_move(match, page) == "choose"
    # The bots here chose at once: the hand is one Tab away (the start of a choosing nobody
    # has answered yet puts the keyboard on the first card: see the classmates' test below).
    assert keys_to(page, page.locator("input[name=cards][value='0']")) <= 1
    move = strong_choice(match, STUDENT, random.Random(2))
    assert isinstance(move, Choose) and move.cards
    for pos in move.cards:
        hands.tick(pos)
    values = [match.state["hands"][STUDENT][p] for p in move.cards]
    assert hands.expression() == " × ".join(map(str, values))
    shot(page, "keyboard-ticked")
    assert hands.press(page.locator("#bomb-choose"))
    page.locator("#bomb-reveal").wait_for()
    shot(page, "keyboard-reveal")
    match.refresh_from_db()
    assert match.state["last_reveal"]["plays"][STUDENT]["cards"] == values
    print("Tab presses:", hands.presses)
    assert max(hands.presses) <= 12, hands.presses


def test_with_the_product_turned_on_the_board_multiplies_the_ticked_cards(
    new_page, shot, sign_in, student
):
    """A teacher's setting ("Product while choosing: shown"): "= 20" follows the ticked cards
    (static/games/prime-bomb/primebomb.js, loaded with the page, works on the boards htmx swaps
    in)."""
    match = new_match(student, settings={"level": 1, "product": "shown"})
    page = new_page(**viewport(CHROMEBOOK), reduced_motion="reduce")
    sign_in(page, student.user)
    page.goto(reverse("match_detail", args=[match.pk]))
    hands = Hands(page)
    assert wait_for_my_move(match, page) == "flip"
    assert play(hands, Flip())  # the choosing board comes by htmx
    assert wait_for_my_move(match, page) == "choose"
    hand = match.state["hands"][STUDENT]
    product = page.locator(".pb-product")
    hands.tick(0)
    assert product.inner_text() == ""  # one card: nothing to multiply
    hands.tick(2)
    hands.tick(4)
    assert product.inner_text() == f" = {hand[0] * hand[2] * hand[4]}"
    shot(page, "product-shown")


# --- ticks survive classmates' choices ------------------------------------------------------------


def test_ticked_cards_survive_classmates_choices_and_still_count(
    new_page, shot, sign_in, student, classroom
):
    """Ana ticks two cards; Ben chooses meanwhile (his board is elsewhere): Ana's board is
    redrawn live with "Ben: chose ✓", her ticks still there, and her choice from that board
    counts. She ticks one more card without choosing again; Ben changes his mind: her extra
    tick stays, but what counts is what she chose. Cy chooses last: the cards are shown. Their
    teacher watches: who has chosen, never a hand or a choice."""
    from classrooms import services as roster
    from games import services

    ben = roster.student_create(classroom=student.classroom, name="Ben")
    cy = roster.student_create(classroom=student.classroom, name="Cy")
    match = new_match(
        student,
        seats=[services.SeatSpec(student=s) for s in (student, ben, cy)],
        settings={"level": 3},
    )
    page, teacher = (new_page(**viewport(CHROMEBOOK), reduced_motion="reduce") for _ in "ab")
    sign_in(page, student.user)
    sign_in(teacher, classroom.teacher)
    for someone in (page, teacher):
        someone.goto(reverse("match_detail", args=[match.pk]))
    hands = Hands(page)
    assert wait_for_my_move(match, page) == "flip"
    assert play(hands, Flip())
    assert wait_for_my_move(match, page) == "choose"
    # Nobody has chosen yet: the keyboard is on the first card.
    page.wait_for_function(
        "() => document.activeElement?.name === 'cards' && document.activeElement.value === '0'",
        timeout=5000,
    )

    def classmate_chooses(who, cards, seat=None):
        match.refresh_from_db()
        services.match_play(
            match_id=match.pk, player=who, move={"type": "choose", "cards": cards},
            version=match.version,
        )  # fmt: skip
        match.refresh_from_db()
        wait_for_version(page, match.version)
        if seat is not None:  # still choosing: the chip says only that they chose
            chip = page.locator(f".pb-chosen li[data-seat='{seat}']").inner_text()
            assert chip.endswith("chose ✓")

    def ticked() -> list[bool]:
        boxes = page.locator("input[name=cards]")
        return [boxes.nth(i).is_checked() for i in range(boxes.count())]

    hands.tick(0)
    hands.tick(2)
    before = hands.expression()
    shot(page, "live-ticked")
    classmate_chooses(ben, [1], 1)
    shot(page, "live-after-ben-chose")
    assert ticked()[:4] == [True, False, True, False]
    assert hands.expression() == before
    assert "Choose your cards" in page.locator(".pb-say").inner_text()

    # Ana's board came with Ben's choice, but the cards she ticked are the same: it counts.
    assert hands.press(page.locator("#bomb-choose")), hands.refused
    hand = [card["value"] for card in RULES.view(match.state, STUDENT)["hand"]]
    chose = f"You chose {hand[0]} × {hand[2]}."
    assert chose in page.locator(".pb-say").inner_text()

    changed = page.locator(".pb-expr-changed")
    assert not changed.is_visible()
    hands.tick(3)  # a change of mind, not chosen yet: the board says so
    assert changed.is_visible() and "not chosen yet" in changed.inner_text()
    classmate_chooses(ben, [0, 1], 1)
    shot(page, "live-after-ben-changed")
    assert ticked()[:4] == [True, False, True, True]
    assert chose in page.locator(".pb-say").inner_text() and changed.is_visible()

    wait_for_version(teacher, match.version)
    watching = teacher.locator("#board")
    assert "Everyone chooses cards to capture" in watching.locator(".pb-say").inner_text()
    assert watching.locator("input").count() == 0 and watching.locator("form").count() == 0
    chips = [" ".join(t.split()) for t in watching.locator(".pb-chosen li").all_inner_texts()]
    assert chips == ["Ana B.: chose ✓", "Ben: chose ✓", "Cy: choosing…"]
    shot(teacher, "live-teacher")

    classmate_chooses(cy, [])  # the last choice: the cards are shown
    page.locator("#bomb-reveal").wait_for()
    shot(page, "live-reveal")
    match.refresh_from_db()
    plays = match.state["last_reveal"]["plays"]
    assert plays[STUDENT]["cards"] == [hand[0], hand[2]]
    assert plays[1]["cards"] == match.state["hands"][1][:2]


# --- the screen: a Chromebook, a tablet, a phone --------------------------------------------------


def bots_play(state, until, *, seed: int = 3, limit: int = 500):
    """The strong bot plays every seat until `until(state)` holds (the clock for the flips)."""
    rng = random.Random(seed)
    bot = RULES.bots()["strong"]
    for _ in range(limit):
        if until(state):
            return state
        seats = RULES.actors(state, state["players"])
        for seat in seats:
            legal = RULES.legal_moves(state, seat)
            move = bot.choose_move(RULES.view(state, seat), legal, rng) if legal else None
            if move is None:
                continue
            state = RULES.apply_move(state, seat, move)
            break
        else:
            state = RULES.apply_timeout(state)
    pytest.fail("the bots never got there")


def choosing(state):
    """The student to choose, a card on a stack, after a reveal in which a bot captured."""
    reveal = state["last_reveal"]
    return (
        state["phase"] == "choose"
        and reveal is not None
        and reveal["winner"] not in (None, STUDENT)
        and state["choices"][STUDENT] is None
        and sum(bool(p["cards"]) for p in reveal["plays"]) >= 4
    )


def revealing(state):
    """Just after a reveal the student won (with cards captured before): the student turns
    up the next card and may swap."""
    reveal = state["last_reveal"]
    return (
        state["phase"] == "flip"
        and reveal is not None
        and reveal["winner"] == STUDENT
        and len(state["captured"][STUDENT]) >= 3
    )


def fits(page, size, **elements) -> None:
    if size == CHROMEBOOK:
        assert_on_first_screen(page, **elements)
    else:
        assert_no_sideways_scroll(page)
        assert_reachable(page, **elements)
    targets = page.locator("#board :is(label.pb-card, .pb-board .button, label.pb-pick)").all()
    for target in targets:
        box = target.bounding_box()
        if box and target.is_visible() and box["height"]:
            assert box["height"] >= 44 and box["width"] >= 44, target.inner_text()


@pytest.mark.parametrize("name", sorted(SIZES))
def test_a_turn_fits_the_screen(name, new_page, sign_in, student, shot):
    size = SIZES[name]
    touch = size != CHROMEBOOK
    full = size != CHROMEBOOK
    match = new_match(student)
    match.state = bots_play(match.state, choosing)
    match.save(update_fields=["state"])
    page = new_page(**viewport(size), reduced_motion="reduce")
    sign_in(page, student.user)
    page.goto(reverse("match_detail", args=[match.pk]))
    page.locator(".pb-say", has_text="Choose your cards").wait_for()
    hands = Hands(page, touch=touch)
    for pos in (0, 1):
        hands.tick(pos)
    shot(page, f"{name}-choose", full_page=full)
    board = page.locator("#board")
    fits(
        page,
        size,
        status=board.locator(".pb-status"),
        card=board.locator("#bomb-target"),
        first_card=board.locator("label.pb-card").first,
        last_card=board.locator("label.pb-card").last,
        expression=board.locator(".pb-expr"),
        choose=board.locator("#bomb-choose"),
        nothing=board.get_by_role("button", name="Throw nothing"),
        reveal=board.locator("#bomb-reveal"),
    )

    # Just after a reveal the student won: the reveal, "Turn up a card" and the swap form.
    match.state = bots_play(match.state, revealing, seed=4)
    match.version += 1
    match.save(update_fields=["state", "version"])
    page.reload()
    page.locator("#bomb-flip").wait_for()
    shot(page, f"{name}-reveal", full_page=full)
    fits(
        page,
        size,
        status=board.locator(".pb-status"),
        flip=board.locator("#bomb-flip"),
        reveal=board.locator("#bomb-reveal"),
        swap=board.locator("#bomb-swap"),
        swap_button=board.locator("#bomb-swap button"),
    )
    hands.pick("captured", 0)
    hands.pick("card", 0)
    assert hands.press(board.locator("#bomb-swap button[value=swap]")), hands.refused
    shot(page, f"{name}-swapped", full_page=full)


# --- How to play ----------------------------------------------------------------------------------


def test_how_to_play_draws_its_pictures_with_the_boards_cards(new_page, sign_in, student, shot):
    page = new_page(**viewport(CHROMEBOOK))
    sign_in(page, student.user)
    page.goto(reverse("game_how", args=["prime-bomb"]))
    reveals = page.locator(".pb-picture-reveal")
    assert reveals.count() == 4
    # The rule text's 28: Dee's 2 × 2 × 7 captures it, and only hers is marked.
    first = reveals.first
    won = " ".join(first.locator(".pb-play.won").inner_text().split())
    assert won == "Dee: 2 × 2 × 7 = 28 — Exact, with 3 cards! ★ captured"
    assert first.locator(".pb-tag.won").count() == 1
    assert page.locator(".pb-picture-cards .pb-card.big").count() == 1  # the card turned up
    assert_no_sideways_scroll(page, "How to play")
    shot(page, "how-to-play", full_page=True)
    page.locator(".how-step").nth(4).screenshot(path=str(SHOTS / "how-step-40.png"))


# --- without JavaScript ---------------------------------------------------------------------------


def test_a_turn_works_without_javascript(new_page, sign_in, student, shot):
    """Plain form posts: "Turn up a card", ticked cards and "Choose these cards", "Throw
    nothing" (a button of its own small form)."""
    match = new_match(student)
    page = new_page(java_script_enabled=False)
    sign_in(page, student.user)
    page.goto(reverse("match_detail", args=[match.pk]))
    page.locator("#bomb-flip").click()
    page.locator(".pb-say", has_text="Choose your cards").wait_for()
    match.refresh_from_db()
    hand = match.state["hands"][STUDENT]
    page.locator("label.pb-card[data-ref='0']").click()
    page.locator("label.pb-card[data-ref='1']").click()
    page.locator("#bomb-choose").click()
    page.locator("#bomb-reveal").wait_for()
    match.refresh_from_db()
    assert match.state["last_reveal"]["plays"][STUDENT]["cards"] == hand[:2]
    shot(page, "no-js-reveal")
    if match.state["phase"] == "flip" and match.state["flipper"] == STUDENT:
        page.locator("#bomb-flip").click()
    page.get_by_role("button", name="Throw nothing").click()
    page.locator("#bomb-reveal", has_text="You: threw nothing").wait_for()
