"""Prime Bomb – Capture live: three classmates play a round in three browsers while their teacher
watches in a fourth.

Ana ticks her cards; Ben chooses first, and Ana's board shows "Ben: chose ✓" live without losing
her ticks; the teacher sees who has chosen and nothing of what; Ana and Cy press "Choose" at the
same moment and both count; every browser then shows the same reveal. Screenshots go to
test-artifacts/ (bomb-live-*.png)."""

from __future__ import annotations

import pytest
from django.urls import reverse

from classrooms import services as roster
from games import services
from games.engine import get_game
from games.models import Match
from tests.browser.helpers import wait_settled

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

RULES = get_game("prime-bomb")
SEED = 1  # the first card is 32, not a prime: the reveal shows a capture


@pytest.fixture(autouse=True)
def _fast(settings):
    settings.GAMES_BOT_DELAY_SECONDS = 0
    settings.GAMES_STREAM_SECONDS = 3


def choosing_everywhere(pages) -> None:
    for page in pages:
        page.locator(".pb-phase-choose").wait_for(timeout=10_000)
        wait_settled(page)


def tick(page, pos: int) -> None:
    """Tick a hand card as a child does: on the card."""
    page.locator(f"#bomb-hand label[data-ref='{pos}']").click()


def ticked(page) -> list[str]:
    return [
        box.get_attribute("value") for box in page.locator("#bomb-hand input[name=cards]").all()
        if box.is_checked()
    ]  # fmt: skip


def test_three_classmates_play_a_round_live_while_the_teacher_watches(
    new_page, shot, sign_in, student, classroom
):
    ben = roster.student_create(classroom=classroom, name="Ben")
    cy = roster.student_create(classroom=classroom, name="Cy")
    kids = [student, ben, cy]
    match = services.match_create(
        game="prime-bomb",
        settings={"level": 3, "choose_seconds": 120},
        classroom=classroom,
        seats=[services.SeatSpec(student=kid) for kid in kids],
        host=student,
        seed=SEED,
    )
    pages = [new_page() for _ in kids]
    teacher = new_page()
    for page, kid in zip(pages, kids, strict=True):
        sign_in(page, kid.user)
    sign_in(teacher, classroom.teacher)
    for page in (*pages, teacher):
        page.goto(reverse("match_detail", args=[match.pk]))
        page.locator(".pb-board").wait_for()
    ana, ben_page, cy_page = pages
    names = {seat.index: seat.display_name for seat in match.seats.all()}

    # The flipper turns up the first card; everybody's board follows live.
    flipper = match.state["flipper"]
    assert pages[flipper].locator("#bomb-flip").is_visible()
    assert all(pages[s].locator("#bomb-flip").count() == 0 for s in range(3) if s != flipper)
    assert teacher.locator("#bomb-flip").count() == 0
    pages[flipper].locator("#bomb-flip").click()
    choosing_everywhere((*pages, teacher))
    match.refresh_from_db()
    target = match.state["stack"][-1]
    for page in (*pages, teacher):
        assert page.locator("#bomb-target").get_attribute("data-card") == str(target)

    # Ana ticks two cards but does not choose yet; Ben chooses his first card.
    tick(ana, 0)
    tick(ana, 1)
    tick(ben_page, 0)
    ben_page.locator("#bomb-choose").click()
    ben_chose = f"{names[1]}: chose ✓"
    for page in (ana, cy_page, teacher):
        page.locator(".pb-chosen li[data-seat='1']", has_text=ben_chose).wait_for(timeout=10_000)
    wait_settled(ana)
    assert ticked(ana) == ["0", "1"], "a classmate's choice must not clear Ana's ticks"
    shot(ana, "bomb-live-ana-ticked-ben-chose")

    # The teacher sees who has chosen, never what: no hand, no reveal of this card.
    assert teacher.locator("input[name=cards]").count() == 0
    assert teacher.locator("#bomb-reveal").count() == 0
    assert "choosing…" in teacher.locator(".pb-chosen li[data-seat='0']").inner_text()
    shot(teacher, "bomb-live-teacher-watching")

    # Ana and Cy press "Choose" at the same moment: both count.
    tick(cy_page, 2)
    ana.locator("#bomb-choose").click(no_wait_after=True)
    cy_page.locator("#bomb-choose").click(no_wait_after=True)
    for page in (*pages, teacher):
        page.locator("#bomb-reveal").wait_for(timeout=10_000)
        wait_settled(page)
    match = Match.objects.get(pk=match.pk)
    reveal = match.state["last_reveal"]
    hands = match.state["hands"]
    thrown = {p["seat"]: p["cards"] for p in reveal["plays"]}
    assert thrown == {0: [hands[0][0], hands[0][1]], 1: [hands[1][0]], 2: [hands[2][2]]}
    assert all(p["chosen"] for p in reveal["plays"])
    for page in (*pages, teacher):
        for seat, cards in thrown.items():
            row = page.locator(f"#bomb-reveal .pb-play[data-seat='{seat}']").inner_text()
            assert " × ".join(map(str, cards)) in row, (seat, row)
        assert page.locator(".alert, .flash-error").filter(has_text="changed").count() == 0
    for name, page in (("ana", ana), ("ben", ben_page), ("cy", cy_page), ("teacher", teacher)):
        shot(page, f"bomb-live-reveal-{name}")
    winner = reveal["winner"]
    if winner is not None:
        assert pages[winner].locator("#bomb-flip").is_visible()
