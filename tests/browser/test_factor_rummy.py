"""Factor Rummy in Chromium: a student plays a round against two bots to the scoring screen by
mouse, and another by keyboard alone; two classmates play each other live while their teacher
watches; a turn fits a Chromebook, a tablet and a phone.

The student here plays well: after each draw, the test works out (with the meld layer, as a
strong player would in their head) which card to discard and whether the hand can go out, then
does it on the board: take apart old groups, tick each set's cards and "Make a group", tick the
discard, open "Go out…", choose the way and press "Go out"."""

from __future__ import annotations

import pytest
from django.urls import reverse

from games.engine import get_game
from games.models import Match
from games.primepak import meld
from games.primepak.cards import WILD
from tests.browser.helpers import new_board, wait_for_version, wait_settled
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

RULES = get_game("factor-rummy")
SEED = 11
MY_TURN = "Take the top card of the discard pile"  # the board's words when the turn starts


# --- playing on the board, by mouse or by keyboard --------------------------------------------


class Hands:
    """A student at the board, by mouse or by keyboard alone (`keyboard=True`)."""

    def __init__(self, page, *, keyboard: bool = False) -> None:
        self.page = page
        self.keyboard = keyboard
        self.presses: list[int] = []  # Tab presses per keyboard action

    @property
    def board(self):
        return self.page.locator("#board")

    def press(self, button) -> None:
        """Press a button that posts a move, and wait for the new board."""
        with new_board(self.page):
            if self.keyboard:
                self.presses.append(keys_to(self.page, button))
                self.page.keyboard.press("Enter")
            else:
                button.click()

    def tick(self, pos: int) -> None:
        """Tick one card of the hand (nothing is posted: it is only chosen)."""
        box = self.board.locator(f"input[name=cards][value='{pos}']")
        if self.keyboard:
            self.presses.append(keys_to(self.page, box))
            self.page.keyboard.press("Space")
        else:
            self.board.locator(f"label.fr-card[data-ref='{pos}']").click()
        assert box.is_checked()

    def hand(self) -> dict[int, str]:
        """The hand as the board shows it: position → label ("42", "prime")."""
        labels = self.board.locator("label.fr-card")
        return {
            int(label.get_attribute("data-ref")): label.get_attribute("data-card")
            for label in labels.all()
        }

    def groups(self) -> int:
        return self.board.locator(".fr-group").count()

    def draw(self, source: str = "pile") -> None:
        action = "draw-pile" if source == "pile" else "take-discard"
        button = self.board.locator(f"button[data-action='{action}']")
        self.press(button)
        if self.keyboard and source == "pile":
            # The turn starts on "Draw from the pile", or one Tab away from it on the turn
            # banner (htmx keeps the focus on the banner through a live update).
            assert self.presses[-1] <= 1, self.presses
        new = self.board.locator("label.fr-card.new")
        assert new.count() == 1, "the card just taken is marked new"
        if self.keyboard:
            self.page.wait_for_function(
                "() => document.activeElement?.closest('label')?.classList.contains('new')",
                timeout=5000,
            )

    def take_apart_all(self) -> None:
        while self.groups():
            self.press(self.board.locator("button[data-action='apart']").first)

    def make_group(self, cards: list[str], free: dict[int, str]) -> None:
        """Tick cards with these labels (taking them from `free`), then "Make a group"."""
        for label in cards:
            pos = next(p for p, shown in free.items() if shown == label)
            del free[pos]
            self.tick(pos)
        before = self.groups()
        self.press(self.board.locator("button[data-action='group']"))
        assert self.groups() == before + 1

    def go_out(self, how: str) -> None:
        summary = self.board.locator("summary[data-action='open-go-out']")
        if self.keyboard:
            self.presses.append(keys_to(self.page, summary))
            self.page.keyboard.press("Enter")
            radio = self.board.locator(f"input[name=how][value='{how}']")
            first = self.board.locator("input[name=how]").first
            self.presses.append(keys_to(self.page, first))
            order = ["prime", "rummy", "deadwood"]
            for _ in range(order.index(how)):
                self.page.keyboard.press("ArrowDown")
            if how == "prime":
                self.page.keyboard.press("Space")
            assert radio.is_checked()
        else:
            summary.click()
            self.board.locator(f"label[data-how='{how}']").click()
        self.press(self.board.locator("button[data-action='go-out']"))


def label_of(card) -> str:
    return "prime" if card == WILD else str(card)


def card_of(label: str):
    return WILD if label == "prime" else int(label)


def play_my_turn(hands: Hands, level: int) -> bool:
    """Draw, then go out if the hand can (with 2 deadwood cards at most), else discard the card
    a strong player would. True when the student went out."""
    hands.draw("pile")
    shown = hands.hand()
    cards = [card_of(label) for label in shown.values()]
    discard, best = meld.discard_options(cards, level)[0]
    if len(best.deadwood) > 2:
        pos = next(p for p, label in shown.items() if label == label_of(discard))
        hands.tick(pos)
        hands.press(hands.board.locator("button[data-action='discard']"))
        return False
    # Going out: the groups must be exactly the sets, so take apart what is there first.
    hands.take_apart_all()
    free = hands.hand()
    discard_pos = next(p for p, label in free.items() if label == label_of(discard))
    del free[discard_pos]
    for set_ in best.melds:
        hands.make_group([label_of(card) for card in set_.cards], free)
    hands.tick(discard_pos)
    how = "deadwood" if best.deadwood else ("prime" if best.all_prime else "rummy")
    hands.go_out(how)
    return True


def play_until_the_round_ends(hands: Hands, level: int, shot, name: str) -> None:
    page = hands.page
    said = page.locator(".fr-say")
    for turn in range(60):
        said.filter(has_text=MY_TURN).or_(page.locator("section.fr-result")).first.wait_for(
            timeout=30_000
        )
        if page.locator("section.fr-result").count():
            break
        went_out = play_my_turn(hands, level)
        if turn == 0:
            shot(page, f"{name}-first-turn")
        if went_out:
            break
    else:
        pytest.fail("the round did not end in 60 turns")
    page.locator("section.fr-result").wait_for(timeout=30_000)
    wait_settled(page)


def check_the_scoring_screen(page) -> None:
    """Every hand laid down (sets with their equations, deadwood apart) and the scoring."""
    assert page.locator(".fr-laid").count() == 3
    equations = page.locator(".fr-laid .fr-eq").all_inner_texts()
    assert any(" = " in eq for eq in equations) or any("Deadwood" in eq for eq in equations)
    assert page.locator(".fr-lines li").count() >= 1
    assert page.locator(".fr-laid.out").count() <= 1


# --- a round against two bots --------------------------------------------------------------------


def test_a_student_plays_a_round_against_two_bots_by_mouse(
    new_page, shot, sign_in, student, monkeypatch
):
    from games import services

    monkeypatch.setattr(services.secrets, "randbits", lambda bits: SEED)
    page = new_page(**viewport(CHROMEBOOK), reduced_motion="reduce")
    sign_in(page, student.user)
    page.goto(reverse("match_new", args=["factor-rummy"]))
    page.get_by_label("Deck level").select_option("2")
    page.get_by_label("Player 2").select_option("easy")
    page.get_by_label("Player 3").select_option("strong")
    shot(page, "rummy-new", full_page=True)
    page.get_by_role("button", name="Start").click()
    page.wait_for_url("**/matches/*/")
    match = Match.objects.get()
    assert match.seed == SEED

    hands = Hands(page)
    play_until_the_round_ends(hands, 2, shot, "rummy-mouse")
    shot(page, "rummy-mouse-scoring")
    check_the_scoring_screen(page)
    match.refresh_from_db()
    view = RULES.view(match.state, 0)
    assert view["phase"] == "round_over" and view["last_round"]
    # The student's groups were their own doing: no hint was asked for.
    assert not match.learning.filter(kind="hint").exists()

    # Next round: a new deal, the scores kept.
    scores = view["scores"]
    page.get_by_role("button", name="Next round").click()
    page.locator(".fr-say").filter(has_text="Round").or_(page.locator(".fr-hand")).first.wait_for()
    page.locator(".fr-hand").wait_for(timeout=30_000)
    match.refresh_from_db()
    view = RULES.view(match.state, 0)
    assert view["round"] == 2 and view["scores"] == scores
    shot(page, "rummy-mouse-round-2")


def test_a_student_plays_a_round_by_keyboard_alone(new_page, shot, sign_in, student):
    from games import services

    match = services.match_create(
        game="factor-rummy",
        settings={"level": 2},
        classroom=student.classroom,
        seats=[
            services.SeatSpec(student=student),
            services.SeatSpec(bot="easy"),
            services.SeatSpec(bot="easy"),
        ],
        host=student,
        seed=SEED,
    )
    page = new_page(**viewport(CHROMEBOOK), reduced_motion="reduce")
    sign_in(page, student.user)
    page.goto(reverse("match_detail", args=[match.pk]))
    hands = Hands(page, keyboard=True)
    play_until_the_round_ends(hands, 2, shot, "rummy-keyboard")
    shot(page, "rummy-keyboard-scoring")
    check_the_scoring_screen(page)
    # "Next round" has the focus once the round is over (if the student ended it).
    next_round = page.get_by_role("button", name="Next round")
    assert keys_to(page, next_round) <= 1
    print("Tab presses:", hands.presses)
    assert max(hands.presses) <= 20, hands.presses
    page.keyboard.press("Enter")
    page.locator(".fr-hand").wait_for(timeout=30_000)


# --- two classmates, live ---------------------------------------------------------------


def test_two_classmates_play_each_other_live_and_the_teacher_sees_no_hand(peer_table, shot):
    ana, ben, teacher, match = peer_table("factor-rummy")
    for page in (ana, ben, teacher):
        page.locator(".fr-board").wait_for(timeout=10_000)
    match.refresh_from_db()
    first = RULES.current_player(match.state)
    pages = {0: ana, 1: ben}
    mover, other = pages[first], pages[1 - first]
    mover.locator(".fr-say", has_text=MY_TURN).wait_for()
    other.locator(".fr-say", has_text="is playing").wait_for()
    shot(mover, "rummy-live-mover")

    # The mover draws and discards; the other sees the new top card at once, with no reload.
    hands = Hands(mover)
    hands.draw("pile")
    shown = hands.hand()
    pos, label = max(shown.items())  # the last card of the hand
    hands.tick(pos)
    hands.press(mover.locator("button[data-action='discard']"))
    top = f"Top card of the discard pile: {'a prime wild card' if label == 'prime' else label}"
    other.locator(f"[data-pile=discard][aria-label='{top}']").wait_for(timeout=10_000)
    other.locator(".fr-say", has_text=MY_TURN).wait_for(timeout=10_000)
    teacher.locator(f"[data-pile=discard][aria-label='{top}']").wait_for(timeout=10_000)
    shot(other, "rummy-live-other")

    # The other takes that card: it is in their hand, marked new.
    Hands(other).draw("discard")
    assert other.locator("label.fr-card.new").get_attribute("data-card") == label

    # The teacher watches: the counts and the piles, never a hand.
    wait_for_version(teacher, Match.objects.get().version)
    assert teacher.locator("input[name=cards]").count() == 0
    assert teacher.locator(".fr-table tbody tr").count() == 2
    shot(teacher, "rummy-live-teacher")


# --- the screen: a Chromebook, a tablet, a phone --------------------------------------------------


def new_match(student) -> Match:
    from games import services

    return services.match_create(
        game="factor-rummy",
        settings={"level": 3},
        classroom=student.classroom,
        seats=[
            services.SeatSpec(student=student),
            services.SeatSpec(bot="easy"),
            services.SeatSpec(bot="strong"),
        ],
        host=student,
        seed=SEED,
    )


def turn_controls(page, phase: str) -> dict:
    board = page.locator("#board")
    controls = {
        "status": board.locator(".fr-status"),
        "hand": board.locator(".fr-hand"),
        "last_card": board.locator("label.fr-card").last,
        "make_group": board.locator("button[data-action='group']"),
        "hint": board.locator("button[data-action='hint']"),
        "go_out": board.locator("summary[data-action='open-go-out']"),
        "draw_pile": board.locator("[data-pile=draw]"),
        "discard_pile": board.locator("[data-pile=discard]"),
        "players": board.locator(".fr-players"),
    }
    if phase == "draw":
        controls["draw"] = board.locator("button[data-action='draw-pile']")
        controls["take"] = board.locator("button[data-action='take-discard']")
    else:
        controls["discard"] = board.locator("button[data-action='discard']")
    return controls


def fits(page, size, **elements) -> None:
    if size == CHROMEBOOK:
        assert_on_first_screen(page, **elements)
    else:
        assert_no_sideways_scroll(page)
        assert_reachable(page, **elements)
        targets = page.locator(
            "#board :is(label.fr-card, .fr-board .button, .fr-way, .fr-more > summary)"
        ).all()
        for target in targets:
            box = target.bounding_box()
            if box and target.is_visible() and box["height"]:  # not in a closed "Go out…"
                assert box["height"] >= 40 and box["width"] >= 44, target.inner_text()


@pytest.mark.parametrize("name", sorted(SIZES))
def test_a_turn_fits_the_screen(name, new_page, sign_in, student, shot):
    size = SIZES[name]
    match = new_match(student)
    page = new_page(**viewport(size), reduced_motion="reduce")
    sign_in(page, student.user)
    page.goto(reverse("match_detail", args=[match.pk]))
    page.locator(".fr-board").wait_for()
    page.locator(".fr-say", has_text=MY_TURN).wait_for(timeout=30_000)
    shot(page, f"rummy-{name}-draw", full_page=size != CHROMEBOOK)
    fits(page, size, **turn_controls(page, "draw"))

    # After a draw, with two groups made and "Go out…" open: still one screen.
    hands = Hands(page)
    hands.draw("pile")
    shown = list(hands.hand())
    for group in (shown[:3], shown[3:6]):
        for pos in group:
            hands.tick(pos)
        hands.press(page.locator("button[data-action='group']"))
    page.locator("summary[data-action='open-go-out']").click()
    controls = turn_controls(page, "discard")
    controls["prime"] = page.locator("label[data-how='prime']")
    controls["deadwood"] = page.locator("label[data-how='deadwood']")
    controls["go_out_button"] = page.locator("button[data-action='go-out']")
    shot(page, f"rummy-{name}-discard", full_page=size != CHROMEBOOK)
    fits(page, size, **controls)

    # A wrong claim is refused with its reason, shown above the board; the turn still fits.
    page.locator("label[data-how='rummy']").click()
    hands.press(page.locator("button[data-action='go-out']"))
    error = page.locator(".board-error")
    error.wait_for()
    shot(page, f"rummy-{name}-refused", full_page=size != CHROMEBOOK)
    fits(page, size, error=error, **turn_controls(page, "discard"))


def finished_round(match: Match) -> dict:
    """The state once the bots have played every seat to the end of the first round."""
    import random

    rng = random.Random(3)
    bot = RULES.bots()["strong"]
    state = match.state
    for _ in range(2000):
        if RULES.view(state, 0)["phase"] == "round_over":
            return state
        player = RULES.current_player(state)
        move = bot.choose_move(RULES.view(state, player), RULES.legal_moves(state, player), rng)
        state = RULES.apply_move(state, player, move)
    pytest.fail("the round never ended")


@pytest.mark.parametrize("name", sorted(SIZES))
def test_the_scoring_screen_fits(name, new_page, sign_in, student, shot):
    size = SIZES[name]
    match = new_match(student)
    match.state = finished_round(match)
    match.save(update_fields=["state"])
    page = new_page(**viewport(size), reduced_motion="reduce")
    sign_in(page, student.user)
    page.goto(reverse("match_detail", args=[match.pk]))
    page.locator("section.fr-result").wait_for()
    shot(page, f"rummy-{name}-scoring", full_page=size != CHROMEBOOK)
    check_the_scoring_screen(page)
    elements = {
        "title": page.locator(".fr-say"),
        "scoring": page.locator(".fr-lines"),
        "next_round": page.get_by_role("button", name="Next round"),
    }
    if size == CHROMEBOOK:
        elements["hands"] = page.locator(".fr-hands")
    fits(page, size, **elements)
