"""Equate live: two classmates play in two browsers while their teacher watches in a third.

Ana opens a table, Ben joins it from the lobby, Ana starts. Ana plays 2 + 3 = 5 on the star:
Ben's board shows her tiles without a reload and says it is his turn; the teacher's board shows
them too, and never a rack. Ben plays 5 = 5 down from Ana's 5: Ana sees it and it is her turn
again. Screenshots go to test-artifacts/equate/ (live-*.png)."""

from __future__ import annotations

import pytest

from games.equate.tiles import EQUALS
from games.models import Match
from tests.browser.conftest import ARTIFACTS
from tests.browser.helpers import wait_for_version, wait_settled
from tests.games.equate.boards import arrange

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

SHOTS = ARTIFACTS / "equate"


@pytest.fixture(autouse=True)
def _fast(settings):
    settings.GAMES_BOT_DELAY_SECONDS = 0
    settings.GAMES_STREAM_SECONDS = 3


def square(page, row: int, col: int):
    return page.locator(f"#eq-board [data-row='{row}'][data-col='{col}']")


def put(page, row: int, col: int, tile) -> None:
    """Pick a rack tile (a position, or the "=" beside the board), then its square."""
    rack = "#eq-equals" if tile == EQUALS else f"#eq-rack .eq-rack-tile[data-pos='{tile}']"
    page.locator(rack).click()
    square(page, row, col).click()
    assert "eq-pending" in square(page, row, col).get_attribute("class")


def play(page) -> None:
    page.locator("#eq-play").click()
    page.locator("#eq-play").wait_for(state="detached")  # the board after the play came
    wait_settled(page)


def snap(page, name: str) -> None:
    SHOTS.mkdir(parents=True, exist_ok=True)
    wait_settled(page)
    # The new board fades in (a view transition): the picture shows it once that is over.
    page.wait_for_function("() => document.getAnimations().every(a => a.playState !== 'running')")
    page.screenshot(path=str(SHOTS / f"{name}.png"))


def faces(page, squares) -> list[str | None]:
    return [square(page, r, c).get_attribute("data-face") for r, c in squares]


def test_two_classmates_play_live_while_the_teacher_watches(peer_table):
    ana, ben, teacher, match = peer_table("equate")
    # Known racks (the table's deal is random): Ana holds 2 + 3 5, Ben a 5. "Start the game"
    # may still be on its way: wait for the deal.
    ana.locator("#eq").wait_for()
    match = Match.objects.get(pk=match.pk)
    assert match.status == Match.Status.PLAYING and match.state is not None
    match.state = arrange(match.state, [["2", "+", "3", "5"], ["5"]])
    match.version += 1
    match.save(update_fields=["state", "version"])
    for page in (ana, ben, teacher):
        page.reload()
        wait_for_version(page, match.version)
    names = {seat.index: seat.display_name for seat in match.seats.all()}

    # Ana's turn: only she has the rack to place from; Ben sees his tiles to plan with.
    assert ana.locator("#board-status").inner_text().strip() == "Your turn!"
    assert ben.locator("#eq-play").count() == 0 and ben.locator("#eq-rack.eq-still").count() == 1
    assert f"{names[0]} is playing" in ben.locator("#eq-status").inner_text()

    ana_line = [(9, 9), (9, 10), (9, 11), (9, 12), (9, 13)]
    for (row, col), tile in zip(ana_line, [0, 1, 2, EQUALS, 3], strict=True):
        put(ana, row, col, tile)
    # Her tiles are only on her screen until she presses Play.
    assert ben.locator("#eq-board .eq-full").count() == 0
    play(ana)

    # Ben's and the teacher's boards follow live, without a reload.
    for page in (ben, teacher):
        square(page, 9, 13).and_(page.locator(".eq-full")).wait_for(timeout=10_000)
        wait_settled(page)
        assert faces(page, ana_line) == ["2", "+", "3", "=", "5"]
        assert all("eq-new" in square(page, r, c).get_attribute("class") for r, c in ana_line)
        said = " ".join(page.locator("#eq-last .eq-turn-say").inner_text().split())
        assert said.startswith(f"{names[0]} played 2 + 3 = 5 for ")
    assert ben.locator("#board-status").inner_text().strip() == "Your turn!"
    assert ben.locator("#eq-play").count() == 1
    assert ana.locator("#eq-play").count() == 0
    assert f"{names[1]} is playing" in ana.locator("#eq-status").inner_text()
    snap(ben, "live-ben-his-turn")

    # The teacher watches: the board and the scores, never a rack or a form to play.
    assert teacher.locator("#eq.eq-watching").count() == 1
    assert teacher.locator("#eq-rack, [data-pos], #eq-play-form, #eq-trade-form").count() == 0
    rows = teacher.locator("#eq-scores tbody tr th").all_inner_texts()
    assert [" ".join(r.replace("▶", "").split()).replace("playing now: ", "") for r in rows] == [
        names[0],
        names[1],
    ]
    snap(teacher, "live-teacher-watching")

    # Ben plays 5 = 5 down from Ana's 5; Ana sees it and it is her turn again.
    ben_line = [(10, 13), (11, 13)]
    match.refresh_from_db()
    five = match.state["racks"][1].index("5")
    put(ben, 10, 13, EQUALS)
    put(ben, 11, 13, five)
    assert " ".join(ben.locator("#eq-readout").inner_text().split()) == ("You are making: 5 = 5")
    play(ben)
    square(ana, 11, 13).and_(ana.locator(".eq-full")).wait_for(timeout=10_000)
    wait_settled(ana)
    assert faces(ana, [(9, 13), *ben_line]) == ["5", "=", "5"]
    assert ana.locator("#board-status").inner_text().strip() == "Your turn!"
    said = " ".join(ana.locator("#eq-last .eq-turn-say").inner_text().split())
    match.refresh_from_db()
    points = match.state["last"]["score"]
    assert said == f"{names[1]} played 5 = 5 for {points} points."
    score = ana.locator("#eq-scores tr[data-seat='1'] strong").inner_text()
    assert int(score) == match.state["scores"][1] == points
    snap(ana, "live-ana-sees-ben")
    wait_for_version(teacher, match.version)
    assert faces(teacher, ben_line) == ["=", "5"]
    assert teacher.locator("#eq-rack, [data-pos]").count() == 0
