"""Every game's Learn to play round, completed in Chromium as a new student would: open it from
the game list, follow the coach step by step on the real board, reach "Well done".

Prime Climb's round (typing an answer, tapping a circle) is in test_prime_climb.py beside its
own board helpers."""

import pytest
from django.urls import reverse

from games.engine import get_game
from games.engine.learn import learn_step
from games.engine.texts import LEARNER
from games.models import Match

from .helpers import wait_for_version, wait_settled

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


@pytest.fixture(autouse=True)
def _fast_games(settings):
    settings.GAMES_BOT_DELAY_SECONDS = 0
    settings.GAMES_STREAM_SECONDS = 3


# --- how each game's moves are made on its board ---------------------------------------------


def multiplication_move(page, move: dict) -> None:
    """Tap the card and the two multipliers, then "Play this card"; or draw."""
    if move["type"] == "draw":
        page.get_by_role("button", name="Draw a card instead").click()
        return
    page.locator(f"#board [data-card='{move['card']}']").first.click()
    page.locator(".mg-keypad").nth(0).locator(f"label:has(input[value='{move['a']}'])").click()
    page.locator(".mg-keypad").nth(1).locator(f"label:has(input[value='{move['b']}'])").click()
    page.get_by_role("button", name="Play this card").click()


def challenge_move(page, move: dict) -> None:
    """Tap the cards of a set in their order (foundation or hit cards: they are picked up on
    the page), then press Take this set; or press Hit, Done, Challenge!"""
    if move["type"] == "collect":
        for ref in _positions(move.get("cards")):
            page.locator(f"#board [data-ref='{ref}'] input").click()
        page.locator("#board button[value='collect']").first.click()
    elif move["type"] == "challenge":
        page.locator("#board .pc-challenge-button").click()
    else:
        page.locator(f"#board button[value='{move['type']}']").first.click()


def solitaire_move(page, move: dict) -> None:
    """Choose the cards of a set with the keyboard (a covered card's middle is under the cards
    on it; the coach names them so they can be chosen in that order), then press "Take this
    set"; or press a button (Turn over, Hint)."""
    if move["type"] == "collect":
        for ref in _positions(move.get("cards")):
            page.locator(f"#board [data-ref='{ref}'] input").focus()
            page.keyboard.press("Enter")
        page.locator("#board [data-action='collect']").first.click()
    else:
        page.locator(f"#board [data-action='{move['type']}']").first.click()


def _positions(value) -> list[str]:
    """A move's card positions as the board's checkbox values ("3,7,12", 3, [3, 7] or "")."""
    if value is None or value == "":
        return []
    if isinstance(value, (list, tuple)):
        return [str(v) for v in value]
    return [part.strip() for part in str(value).split(",") if part.strip()]


def rummy_move(page, move: dict) -> None:
    """Factor Rummy: untick every card, tick the move's cards, then press its button (a draw,
    "Make a group", "Discard", "Take apart", the hint, "Next round"); going out opens "Go out…"
    and chooses the way first."""
    board = page.locator("#board")
    kind = move["type"]
    if kind == "draw":
        action = "draw-pile" if move["from"] == "pile" else "take-discard"
        board.locator(f"button[data-action='{action}']").click()
        return
    if kind == "ungroup":
        board.locator(f"button[data-action='apart'][data-group='{move['group']}']").click()
        return
    if kind in ("hint", "next_round"):
        board.locator(f"button[data-action='{kind.replace('_', '-')}']").click()
        return
    for box in board.locator("input[name=cards]:checked").all():
        box.uncheck()
    ticked = move.get("cards", move.get("card", move.get("discard")))
    for pos in _positions(ticked):
        board.locator(f"input[name=cards][value='{pos}']").check()
    if kind == "go_out":
        board.locator("summary[data-action='open-go-out']").click()
        board.locator(f"label[data-how='{move['how']}']").click()
        board.locator("button[data-action='go-out']").click()
    else:
        board.locator(f"button[data-action='{kind}']").click()


def canasta_move(page, move: dict) -> None:
    """Prime Canasta: untick every card, tick the move's cards of the hand (and of the pile),
    then press its button; taking the pile opens "Take the pile…" first; a ready group for a
    set on the table is that set's "+ Add"."""
    board = page.locator("#board")
    kind = move["type"]
    simple = {"draw_two": "draw-two", "hint": "hint", "next_round": "next-round", "ask": "ask"}
    if kind in simple:
        board.locator(f"button[data-action='{simple[kind]}']").click()
        return
    if kind == "unready":
        board.locator(f"button[data-action='unready'][data-group='{move['group']}']").click()
        return
    for box in board.locator("input[name=cards]:checked, input[name=pick]:checked").all():
        box.uncheck()
    for pos in _positions(move.get("cards")):
        board.locator(f"input[name=cards][value='{pos}']").check()
    if kind == "take_pile":
        board.locator("summary[data-action='open-take']").click()
        for place in _positions(move.get("pick")):
            board.locator(f"input[name=pick][value='{place}']").check()
        to_set = move.get("to_set")
        board.locator(f"input[name=to_set][value='{'' if to_set is None else to_set}']").check()
        board.locator("button[data-action='take-pile']").click()
    elif kind == "ready" and move.get("to") not in (None, ""):
        board.locator(f"button[data-action='add'][data-set='{move['to']}']").click()
    else:
        action = {"lay_down": "lay-down", "go_out": "go-out"}.get(kind, kind)
        board.locator(f"button[data-action='{action}']").click()


def bomb_move(page, move: dict) -> None:
    """Prime Bomb: "Turn up a card"; tick the cards on the hand (untick the others) and
    "Choose these cards"; or pick a captured card and a hand card and "Swap"."""
    board = page.locator("#board")
    kind = move["type"]
    if kind == "flip":
        board.locator("#bomb-flip").click()
    elif kind == "choose":
        wanted = set(_positions(move.get("cards")))
        for label in board.locator("#bomb-hand label[data-ref]").all():
            box = label.locator("input[name=cards]")
            if box.is_checked() != (label.get_attribute("data-ref") in wanted):
                label.click()
        board.locator("#bomb-choose").click()
    else:
        swap = board.locator("#bomb-swap")
        swap.locator(f"label:has(input[name=captured][value='{move['captured']}'])").click()
        swap.locator(f"label:has(input[name=card][value='{move['card']}'])").click()
        swap.get_by_role("button", name="Swap").click()


def equate_move(page, move: dict) -> None:
    """Equate: pick each rack tile (by its position; the "=" beside the rack) and then its
    square, then "Play"; a trade opens "Trade tiles", ticks the tiles and "Trade these";
    or "Pass"."""
    board = page.locator("#board")
    kind = move["type"]
    if kind == "pass":
        board.locator("#eq-pass").click()
    elif kind == "trade":
        board.locator("#eq-trade").click()
        for pos in _positions(move["tiles"]):
            board.locator(f"#eq-trade-form label.eq-pick[data-pos='{pos}']").click()
        board.locator("#eq-trade-go").click()
    else:
        for row, col, tile, face in move["tiles"]:
            rack = "#eq-equals" if tile == "=" else f"#eq-rack .eq-rack-tile[data-pos='{tile}']"
            board.locator(rack).click()
            board.locator(f"#eq-board [data-row='{row}'][data-col='{col}']").click()
            if face is not None:  # a blank: what it stands for
                board.locator(f"#eq-blank-dialog button[value='{face}']").click()
        board.locator("#eq-play").click()


DRIVERS = {
    "prime-canasta": canasta_move,
    "multiplication": multiplication_move,
    "prime-challenge": challenge_move,
    "prime-solitaire": solitaire_move,
    "factor-rummy": rummy_move,
    "prime-bomb": bomb_move,
    "equate": equate_move,
}


def complete_learn_round(page, slug: str, drive, shot) -> Match:
    """Start Learn to play from the game list and do what the coach says until the end."""
    page.goto(reverse("game_list"))
    page.locator(".game-tile", has_text=get_game(slug).name).get_by_role(
        "link", name="Learn to play"
    ).click()
    page.get_by_role("button", name="Start learning").click()
    page.wait_for_url("**/matches/*/")
    match = Match.objects.get(mode=Match.Mode.LEARN, game=slug)
    script = get_game(slug).learn_to_play()
    shot(page, f"learn-{slug}-start-1366x657")
    for _ in range(200):
        match.refresh_from_db()
        wait_for_version(page, match.version)
        if match.status != Match.Status.PLAYING:
            break
        step = learn_step(script, match.learn)
        assert step.seat == LEARNER, "the script's own steps are made for the learner"
        coach = page.locator(".coach-say")
        assert step.say in coach.inner_text()
        if step.highlight:
            assert page.locator("#board .coach-target").count() >= 1, step.highlight
        before = match.version
        for data in step.moves if step.all_of else step.moves[:1]:
            drive(page, data)
            wait_settled(page)
        page.wait_for_function(
            "v => Number(document.querySelector('#board')?.dataset.version) > v", arg=before
        )
    else:
        pytest.fail("the Learn to play round did not end")
    page.get_by_role("heading", name="Well done! You finished Learn to play.").wait_for()
    wait_settled(page)
    # The last board fades in under the finish panel: the picture shows it once that is over.
    page.wait_for_function("() => document.getAnimations().every(a => a.playState !== 'running')")
    shot(page, f"learn-{slug}-done-1366x657")
    assert page.get_by_role("link", name="Play a real game").is_visible()
    return match


@pytest.mark.parametrize("slug", sorted(DRIVERS))
def test_a_new_student_completes_learn_to_play(slug, new_page, sign_in, student, shot):
    page = new_page(viewport={"width": 1366, "height": 657})
    sign_in(page, student.user)
    match = complete_learn_round(page, slug, DRIVERS[slug], shot)
    assert match.status == Match.Status.FINISHED
    assert not match.learning.exists()
