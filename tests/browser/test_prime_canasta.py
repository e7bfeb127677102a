"""Prime Canasta in Chromium: a student plays a round with a bot partner against two bots to the
scoring screen by mouse; two classmates play as partners and ask "May I go out?" across two
browsers; a turn is played by keyboard alone; a turn and the scoring fit a Chromebook, a
tablet and a phone.

The student here plays well: on each turn the test asks the strong bot what it would do (from
the student's own view, as a strong player would think) and does that on the board: tick the
cards of each set and "Put aside" (or "+ Add" on a set of the table), then "Lay down", "Go out"
or "Take the pile"; tick a card and "Discard". Screenshots go to test-artifacts/prime-canasta/."""

from __future__ import annotations

import random

import pytest
from django.urls import reverse

from games.engine import get_game
from games.models import Match
from games.primepak.canasta import moves as cm
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

RULES = get_game("prime-canasta")
SHOTS = ARTIFACTS / "prime-canasta"
SEED = 21
STUDENT = 0  # the student's seat in the matches made here


@pytest.fixture
def shot():
    """Save a screenshot to test-artifacts/prime-canasta/ for people to look at."""
    return screenshots(SHOTS)


# --- playing on the board, by mouse or by keyboard --------------------------------------------


class Hands(BoardHands):
    """A student at the board, by mouse, by touch (`touch=True`: taps on a touch screen) or by
    keyboard alone (`keyboard=True`)."""

    def action(self, name: str, **data):
        extra = "".join(f"[data-{key}='{value}']" for key, value in data.items())
        return self.board.locator(f"[data-action='{name}']{extra}")

    def tick(self, pos: int) -> None:
        """Tick one card of the hand (nothing is posted: it is only chosen)."""
        box = self.board.locator(f"input[name=cards][value='{pos}']")
        if self.keyboard:
            self.presses.append(keys_to(self.page, box))
            self.page.keyboard.press("Space")
        else:
            self.click(self.board.locator(f"label.cn-card[data-ref='{pos}']"))
        assert box.is_checked()

    def pick(self, place: int) -> None:
        """Tick a card of the discard pile to take with the top card."""
        box = self.board.locator(f"input[name=pick][value='{place}']")
        if self.keyboard:
            self.presses.append(keys_to(self.page, box))
            self.page.keyboard.press("Space")
        else:
            self.click(self.board.locator(f"label[data-ref='pile-{place}']"))
        assert box.is_checked()

    def put_aside(self, cards, to: int | None = None) -> None:
        """Tick cards and put them aside: as a new set, or for the side's set `to`."""
        groups = self.board.locator(".cn-group").count()
        for pos in cards:
            self.tick(pos)
        button = self.action("ready") if to is None else self.action("add", set=to)
        assert self.press(button.first), self.refused[-1]
        assert self.board.locator(".cn-group").count() == groups + 1

    def open_take(self) -> None:
        summary = self.action("open-take")
        if self.keyboard:
            self.presses.append(keys_to(self.page, summary))
            self.page.keyboard.press("Enter")
        else:
            self.click(summary)
        self.board.locator(".cn-take-box").wait_for()

    def put_back_all(self) -> None:
        while self.board.locator("[data-action='unready']").count():
            self.press(self.action("unready").first)


def strong_choice(match: Match, seat: int, rng: random.Random) -> cm.Move:
    """What the strong bot would play from this seat's own view, in a form the board makes."""
    state = match.state
    legal = RULES.legal_moves(state, seat)
    move = RULES.bots()["strong"].choose_move(RULES.view(state, seat), legal, rng)
    hand = len(state["hands"][seat])
    if isinstance(move, cm.TakePile) and any(p >= hand for s in move.sets for p in s):
        # Sets of picked pile cards in the same move: the board lays those down afterwards.
        move = cm.TakePile(move.with_cards, move.to_set, move.pick)
    return move


def play(hands: Hands, move: cm.Move) -> bool:
    """Make this move on the board, as a child would; False if the board refused it."""
    if isinstance(move, cm.DrawTwo):
        return hands.press(hands.action("draw-two"))
    if isinstance(move, cm.TakePile):
        for cards in move.sets:
            hands.put_aside(cards)
        hands.open_take()
        for pos in move.with_cards:
            hands.tick(pos)
        if move.to_set is not None:
            hands.board.locator(f"input[name=to_set][value='{move.to_set}']").check()
        for place in move.pick:
            hands.pick(place)
        return hands.press(hands.action("take-pile"))
    if isinstance(move, cm.LayDown):
        for cards in move.sets[:-1]:
            hands.put_aside(cards)
        for pos in move.sets[-1]:
            hands.tick(pos)
        return hands.press(hands.action("lay-down"))
    if isinstance(move, cm.AddToSet):
        hands.put_aside(move.cards, move.set)
        return hands.press(hands.action("lay-down"))
    if isinstance(move, cm.Discard):
        hands.tick(move.card)
        return hands.press(hands.action("discard"))
    if isinstance(move, cm.GoOut):
        for cards in move.sets:
            hands.put_aside(cards)
        for index, cards in move.adds:
            hands.put_aside(cards, index)
        if move.discard is not None:
            hands.tick(move.discard)
        return hands.press(hands.action("go-out"))
    if isinstance(move, cm.Ask):
        return hands.press(hands.action("ask"))
    if isinstance(move, cm.Answer):
        return hands.press(hands.action("answer-yes" if move.yes else "answer-no"))
    pytest.fail(f"the board has no way to make {move!r}")


def wait_for_my_move(match: Match, page, seat: int, timeout: float = 60) -> str:
    """Wait until this seat must act (its turn, or its partner's question) or the round is over,
    and the page shows that board: the phase then."""
    import time

    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        match.refresh_from_db()
        phase = match.state["phase"]
        if phase in ("round_over", "game_over") or RULES.current_player(match.state) == seat:
            wait_for_version(page, match.version)
            return phase
        time.sleep(0.1)
    pytest.fail("the bots never gave the turn back")


def play_a_round(hands: Hands, match: Match, shot, name: str, *, limit: int = 120) -> int:
    """Play the student's turns until the round is over: how many moves the student made."""
    rng = random.Random(5)
    for moves in range(limit):
        phase = wait_for_my_move(match, hands.page, STUDENT)
        if phase != "draw" and phase != "play":
            return moves
        move = strong_choice(match, STUDENT, rng)
        if not play(hands, move):
            # A refused move (the board said why): put the cards back and play safe.
            hands.put_back_all()
            match.refresh_from_db()
            fallback = cm.DrawTwo() if match.state["phase"] == "draw" else None
            if fallback is None:
                hand = match.state["hands"][STUDENT]
                fallback = cm.Discard(len(hand) - 1)
            assert play(hands, fallback), hands.refused
        if moves == 1:
            shot(hands.page, f"{name}-early")
    pytest.fail(f"the round did not end in {limit} moves of the student")


def new_match(student, *, seats=None, settings=None, seed=SEED) -> Match:
    from games import services

    return services.match_create(
        game="prime-canasta",
        settings=settings or {"level": 3},
        classroom=student.classroom,
        seats=seats
        or [
            services.SeatSpec(student=student),
            services.SeatSpec(bot="easy"),
            services.SeatSpec(bot="strong"),
        ],
        host=student,
        seed=seed,
    )


# --- a round with a bot partner against two bots -------------------------------------------------


def test_a_student_plays_a_round_with_a_bot_partner_against_two_bots(
    new_page, shot, sign_in, student
):
    from games import services

    match = new_match(
        student,
        settings={"level": 3, "partnerships": True},
        seats=[
            services.SeatSpec(student=student),
            services.SeatSpec(bot="strong"),
            services.SeatSpec(bot="strong"),
            services.SeatSpec(bot="easy"),
        ],
    )
    page = new_page(**viewport(CHROMEBOOK), reduced_motion="reduce")
    sign_in(page, student.user)
    page.goto(reverse("match_detail", args=[match.pk]))
    page.locator(".cn-board").wait_for()
    # The partner is named, and the side's sets are together.
    assert "Your side" in page.locator(".cn-side-sets.mine .cn-side-name").inner_text()
    assert page.locator(".cn-side-sets.mine .cn-tag", has_text="partner").count() == 1
    hands = Hands(page)
    moves = play_a_round(hands, match, shot, "partners-bots")
    page.locator(".cn-scoring").wait_for(timeout=30_000)
    wait_settled(page)
    shot(page, "partners-bots-scoring")
    assert moves >= 1
    match.refresh_from_db()
    view = RULES.view(match.state, STUDENT)
    assert view["phase"] in ("round_over", "game_over")
    # The scoring, line by line for both sides: each side's total as the engine counted it.
    assert page.locator(".cn-score-side").count() == 2
    totals = page.locator(".cn-total td").all_inner_texts()
    assert [int(t.replace("−", "-")) for t in totals] == [
        side["total"] for side in view["last_round"]["sides"]
    ]
    assert page.locator(".cn-lines", has_text="Cards laid down").count() == 2
    # The student's sets were the student's own: no hint was asked for.
    assert not match.learning.filter(kind="hint").exists()

    if view["phase"] == "round_over":
        scores = view["scores"]
        page.get_by_role("button", name="Next round").click()
        page.locator(".cn-hand").wait_for(timeout=30_000)
        match.refresh_from_db()
        view = RULES.view(match.state, STUDENT)
        assert view["round"] == 2 and view["scores"] == scores
        shot(page, "partners-bots-round-2")


# --- two classmates as partners ---------------------------------------------------------------


def test_two_classmates_play_as_partners_and_ask_may_i_go_out(
    new_page, shot, sign_in, student, classroom
):
    """Ana asks "May I go out?" on her turn; Ben sees the question at once on his own board and
    answers no; Ana sees the answer and ends her turn. Their teacher watches: no hand."""
    from classrooms import services as roster
    from games import services

    ben = roster.student_create(classroom=classroom, name="Ben")
    match = new_match(
        student,
        settings={"level": 3, "partnerships": True},
        seats=[
            services.SeatSpec(student=student),
            services.SeatSpec(bot="easy"),
            services.SeatSpec(student=ben),
            services.SeatSpec(bot="easy"),
        ],
    )
    ana_page, ben_page, teacher = new_page(), new_page(), new_page()
    sign_in(ana_page, student.user)
    sign_in(ben_page, ben.user)
    sign_in(teacher, classroom.teacher)
    for page in (ana_page, ben_page, teacher):
        page.goto(reverse("match_detail", args=[match.pk]))
        page.locator(".cn-board").wait_for()
    ana, ben_hands = Hands(ana_page), Hands(ben_page)
    rng = random.Random(3)
    # Until Ana's turn: Ben plays his turns (draw two, then a discard).
    for _ in range(10):
        match.refresh_from_db()
        current = RULES.current_player(match.state)
        if current == 0:
            break
        if current == 2:
            wait_for_version(ben_page, match.version)
            assert play(ben_hands, strong_choice(match, 2, rng))
            continue
        wait_for_my_move(match, ana_page, 0)
    wait_for_my_move(match, ana_page, 0)
    names = {seat.index: seat.display_name for seat in match.seats.all()}
    assert names[2] in ana_page.locator(".cn-side-sets.mine .cn-who").inner_text()
    assert play(ana, cm.DrawTwo())
    shot(ana_page, "classmates-ana-before-asking")

    assert ana.press(ana.action("ask"))
    prompt = ben_page.locator(".cn-ask-box")
    prompt.wait_for(timeout=10_000)  # live, no reload
    assert f"{names[0]} asks: “May I go out?”" in prompt.inner_text()
    ana_page.locator(".cn-say", has_text="Wait for the answer").wait_for()
    assert ana.action("discard").count() == 0  # Ana waits for Ben
    shot(ben_page, "classmates-ben-asked")
    shot(ana_page, "classmates-ana-waiting")

    assert ben_hands.press(ben_hands.action("answer-no"))
    said_no = f"{names[2]} said no: do not go out this turn."
    ana_page.locator(".cn-say", has_text=said_no).wait_for(timeout=10_000)
    assert ana.action("ask").count() == 0  # once a turn
    shot(ana_page, "classmates-ana-answered")
    match.refresh_from_db()
    hand = match.state["hands"][0]
    assert play(ana, cm.Discard(len(hand) - 1))

    # The teacher watches: every side's sets and counts, never a hand.
    match.refresh_from_db()
    wait_for_version(teacher, match.version)
    assert teacher.locator("input[name=cards]").count() == 0
    assert teacher.locator(".cn-side-sets").count() == 2
    assert "You are watching" in teacher.locator(".cn-say").inner_text()
    shot(teacher, "classmates-teacher")


# --- keyboard alone -------------------------------------------------------------------------------


def test_a_student_plays_turns_by_keyboard_alone(new_page, shot, sign_in, student):
    match = new_match(student)
    page = new_page(**viewport(CHROMEBOOK), reduced_motion="reduce")
    sign_in(page, student.user)
    page.goto(reverse("match_detail", args=[match.pk]))
    hands = Hands(page, keyboard=True)
    rng = random.Random(1)
    turns = 0
    while turns < 3:
        phase = wait_for_my_move(match, page, STUDENT)
        if phase not in ("draw", "play"):
            break
        if phase == "draw":
            draw = hands.action("draw-two")
            # The turn starts on "Draw two", or one Tab away (htmx keeps the focus on the
            # turn banner through a live update).
            assert keys_to(page, draw) <= 1
        # Draw two to start each turn; then what a strong player would do.
        move = cm.DrawTwo() if phase == "draw" else strong_choice(match, STUDENT, rng)
        assert play(hands, move), hands.refused
        if isinstance(move, cm.DrawTwo):
            # After drawing, the keyboard is on the hand.
            page.wait_for_function(
                "() => document.activeElement?.closest('label')?.classList.contains('cn-card')"
                " || document.activeElement?.dataset.action === 'lay-down'",
                timeout=5000,
            )
            if turns == 0:
                shot(page, "keyboard-after-draw")
        if isinstance(move, (cm.Discard, cm.GoOut)):
            turns += 1
    print("Tab presses:", hands.presses)
    assert hands.presses and max(hands.presses) <= 20, hands.presses
    shot(page, "keyboard-after-turns")


# --- the screen: a Chromebook, a tablet, a phone --------------------------------------------------


def bots_play(state, until, *, seed: int = 3, limit: int = 3000):
    """The strong bot plays every seat until `until(state)` holds."""
    rng = random.Random(seed)
    bot = RULES.bots()["strong"]
    for _ in range(limit):
        if until(state):
            return state
        player = RULES.current_player(state)
        move = bot.choose_move(RULES.view(state, player), RULES.legal_moves(state, player), rng)
        state = RULES.apply_move(state, player, move)
    pytest.fail("the bots never got there")


def mid_round(state):
    """The student's turn to draw, with sets on the table and a pile that can be taken."""
    sets = sum(len(s) for s in state["sets"])
    view = RULES.view(state, STUDENT)
    return view["phase"] == "draw" and view["turn"] == STUDENT and view["can_take"] and sets >= 4


def fits(page, size, **elements) -> None:
    if size == CHROMEBOOK:
        assert_on_first_screen(page, **elements)
    else:
        assert_no_sideways_scroll(page)
        assert_reachable(page, **elements)
        targets = page.locator(
            "#board :is(label.cn-card, .cn-board .button, .cn-choice, .cn-pick-card,"
            " .cn-more > summary)"
        ).all()
        for target in targets:
            box = target.bounding_box()
            if box and target.is_visible() and box["height"]:
                assert box["height"] >= 40 and box["width"] >= 44, target.inner_text()


def turn_controls(page, phase: str) -> dict:
    board = page.locator("#board")
    controls = {
        "status": board.locator(".cn-status"),
        "hand": board.locator(".cn-hand"),
        "first_card": board.locator("label.cn-card:not(.is-ready)").first,
        "last_card": board.locator("label.cn-card:not(.is-ready)").last,
        "my_sets": board.locator(".cn-side-sets.mine"),
        "ready": board.locator(".cn-ready"),
        "put_aside": board.locator("button[data-action='ready']"),
        "hint": board.locator("button[data-action='hint']"),
        "draw_pile": board.locator("[data-pile=draw]"),
        "discard_pile": board.locator("[data-pile=discard]"),
    }
    if phase == "draw":
        controls["draw"] = board.locator("button[data-action='draw-two']")
        controls["take"] = board.locator("[data-action='open-take']")
    else:
        controls["discard"] = board.locator("button[data-action='discard']")
        controls["go_out"] = board.locator("button[data-action='go-out']")
        controls["lay_down"] = board.locator("button[data-action='lay-down']")
    return controls


@pytest.mark.parametrize("name", sorted(SIZES))
def test_a_turn_fits_the_screen(name, new_page, sign_in, student, shot):
    size = SIZES[name]
    match = new_match(student, seats=None)
    match.state = bots_play(match.state, mid_round)
    match.save(update_fields=["state"])
    page = new_page(**viewport(size), reduced_motion="reduce")
    sign_in(page, student.user)
    page.goto(reverse("match_detail", args=[match.pk]))
    page.locator(".cn-say", has_text="Your turn: draw two cards").wait_for(timeout=30_000)
    full = size != CHROMEBOOK
    shot(page, f"{name}-draw", full_page=full)
    fits(page, size, **turn_controls(page, "draw"))

    # Taking the pile: the pile's cards to pick and "Take the pile" are there too. On the tablet
    # and the phone every card and button is tapped, as a finger would.
    hands = Hands(page, touch=size != CHROMEBOOK)
    hands.open_take()
    take = {
        "take_pile": page.locator("button[data-action='take-pile']"),
        "first_pick": page.locator("label.cn-pick-card").first,
    }
    shot(page, f"{name}-take", full_page=full)
    fits(page, size, **take, hand=page.locator(".cn-hand"))

    # After drawing, with a group put aside: still one screen.
    hands.click(page.locator("[data-action='open-take']"))  # closed again
    assert hands.press(hands.action("draw-two"))
    cards = page.locator("label.cn-card:not(.is-ready)")
    hands.put_aside([int(cards.nth(i).get_attribute("data-ref")) for i in (0, 1)])
    controls = turn_controls(page, "play")
    controls["put_back"] = page.locator("button[data-action='unready']")
    shot(page, f"{name}-play", full_page=full)
    fits(page, size, **controls)

    # A laydown refused (two cards are no set, or short of the minimum): the reason shows above
    # the board, the cards stay ready, the turn still fits.
    assert not hands.press(hands.action("lay-down"))
    error = page.locator(".board-error")
    shot(page, f"{name}-refused", full_page=full)
    fits(page, size, error=error, **turn_controls(page, "play"))


@pytest.mark.parametrize("name", sorted(SIZES))
def test_the_scoring_screen_fits(name, new_page, sign_in, student, shot):
    size = SIZES[name]
    match = new_match(student)
    match.state = bots_play(match.state, lambda s: s["phase"] == "round_over")
    match.save(update_fields=["state"])
    page = new_page(**viewport(size), reduced_motion="reduce")
    sign_in(page, student.user)
    page.goto(reverse("match_detail", args=[match.pk]))
    page.locator(".cn-scoring").wait_for()
    shot(page, f"{name}-scoring", full_page=size != CHROMEBOOK)
    assert page.locator(".cn-score-side").count() == 3
    elements = {
        "title": page.locator(".cn-say"),
        "first_side": page.locator(".cn-score-side").first,
        "next_round": page.get_by_role("button", name="Next round"),
    }
    fits(page, size, **elements)
    # "Next round" has the focus: Enter deals.
    assert keys_to(page, elements["next_round"]) <= 1


# --- without JavaScript ---------------------------------------------------------------------------


def test_a_turn_works_without_javascript(new_page, sign_in, student, shot):
    """Plain form posts: "Draw two", "+ Add" on a set (only to=i is sent: the type comes from
    the form's hidden field), "Put back", "Discard"."""

    def my_draw_with_sets(state):
        view = RULES.view(state, STUDENT)
        mine = view["sides"][view["my_side"]]["sets"]
        return view["phase"] == "draw" and view["turn"] == STUDENT and len(mine) >= 1

    match = new_match(student)
    match.state = bots_play(match.state, my_draw_with_sets)
    match.save(update_fields=["state"])
    page = new_page(java_script_enabled=False)
    sign_in(page, student.user)
    page.goto(reverse("match_detail", args=[match.pk]))
    page.locator(".cn-say", has_text="Your turn: draw two cards").wait_for()

    page.locator("[data-action='draw-two']").click()
    page.locator(".cn-say", has_text="Lay down sets if you can").wait_for()
    first = page.locator("label.cn-card").first
    pos = int(first.get_attribute("data-ref"))
    first.click()
    page.locator("[data-action='add'][data-set='0']").click()
    group = page.locator(".cn-group")
    group.wait_for()
    assert "add to" in group.inner_text()
    match.refresh_from_db()
    assert match.state["ready"][STUDENT] == [{"cards": [pos], "to": 0}]
    shot(page, "no-js-ready-for-a-set")

    page.locator("[data-action='unready']").click()
    page.locator(".cn-ready .cn-none").wait_for()
    hand = len(match.state["hands"][STUDENT])
    page.locator(f"label.cn-card[data-ref='{pos}']").click()
    page.locator("[data-action='discard']").click()
    page.locator(".cn-say", has_text="Lay down sets if you can").wait_for(state="detached")
    match.refresh_from_db()
    assert len(match.state["hands"][STUDENT]) == hand - 1
