"""Playwright driving Debian's Chromium against the live test server.

In CI a missing Chromium fails these tests; on a laptop without one they are skipped with a
note on how to get it.
"""

import os
import shutil
from pathlib import Path

import pytest

# Playwright's sync API runs an event loop in this thread; the test body still uses the ORM.
os.environ.setdefault("DJANGO_ALLOW_ASYNC_UNSAFE", "true")

ARTIFACTS = Path(__file__).resolve().parents[2] / "test-artifacts"
CHROMIUM_FLAGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-dev-shm-usage",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]


def chromium_path() -> str | None:
    """CHROMIUM_PATH, else Debian's chromium, else Playwright's own download (None: use it)."""
    for candidate in (os.environ.get("CHROMIUM_PATH"), "chromium", "chromium-browser"):
        if candidate and (found := shutil.which(candidate)):
            return found
    return None


@pytest.fixture(scope="session")
def browser():
    from playwright.sync_api import Error, sync_playwright

    path = chromium_path()
    with sync_playwright() as playwright:
        try:
            browser = playwright.chromium.launch(executable_path=path, args=CHROMIUM_FLAGS)
        except Error as error:
            message = f"Chromium is not available ({error.message.splitlines()[0]})"
            if os.environ.get("CI"):
                pytest.fail(message)
            pytest.skip(message + ": install chromium or run `playwright install chromium`")
        yield browser
        browser.close()


def expected_console_error(text: str) -> bool:
    """Errors the browser reports for things that are meant to happen."""
    return (
        "status of 4" in text  # a 4xx answer the page shows to the user
        # htmx's SSE extension logs the Event when a stream ends; the server ends streams
        # on purpose (GAMES_STREAM_SECONDS) and EventSource reconnects at once.
        or text == "[object Event]"
    )


MOTION = "reduce"


@pytest.fixture
def new_page(browser, live_server):
    """Open pages in fresh browser contexts (one per person); console errors fail the test."""
    contexts, problems = [], []

    def make(**options):
        # A Chromebook; pieces do not glide (0.35 s a move, most of a whole game's test)
        # unless a test asks for motion (tests/browser/test_every_tap_lands.py: taps while
        # pieces glide).
        options = {"viewport": {"width": 1366, "height": 768}, "reduced_motion": MOTION,
                   **options}  # fmt: skip
        context = browser.new_context(base_url=live_server.url, **options)
        contexts.append(context)
        page = context.new_page()
        page.set_default_timeout(10_000)
        page.on("pageerror", lambda error: problems.append(str(error)))
        page.on(
            "console",
            lambda msg: (
                problems.append(msg.text)
                if msg.type == "error" and not expected_console_error(msg.text)
                else None
            ),
        )
        return page

    yield make
    for context in contexts:
        context.close()
    assert not problems, problems


def screenshots(folder: Path, *, settle: bool = False):
    """A function saving a page's screenshot as folder/<name>.png for people to look at;
    settle=True waits for htmx to settle first (a board that a move has just swapped)."""

    def save(page, name: str, **options) -> Path:
        folder.mkdir(parents=True, exist_ok=True)
        if settle:
            from tests.browser.helpers import wait_settled

            wait_settled(page)
        path = folder / f"{name}.png"
        page.screenshot(path=str(path), **options)
        return path

    return save


@pytest.fixture
def shot():
    """Save a screenshot to test-artifacts/ for people to look at."""
    return screenshots(ARTIFACTS)


@pytest.fixture
def fast_bots(settings):
    """Bots answer at once, and live streams end soon (tests that play whole games)."""
    settings.GAMES_BOT_DELAY_SECONDS = 0
    settings.GAMES_BOT_THINK_SCALE = 0
    settings.GAMES_STREAM_SECONDS = 3


@pytest.fixture
def sign_in(live_server):
    """Give a browser context the session of a user, as if they had signed in."""
    from django.conf import settings
    from django.test import Client

    def sign(page, user) -> None:
        client = Client()
        backend = "Student" if user.is_student else "Teacher"
        client.force_login(user, backend=f"classrooms.auth.{backend}Backend")
        cookie = client.cookies[settings.SESSION_COOKIE_NAME].value
        page.context.add_cookies(
            [{"name": settings.SESSION_COOKIE_NAME, "value": cookie, "url": live_server.url}]
        )

    return sign


@pytest.fixture
def peer_table(new_page, sign_in, student, classroom):
    """Two classmates at one table in two browsers, and their teacher watching in a third.

    Ana opens a table for a classmate, Ben joins from the class lobby (Ana sees him arrive
    live), Ana starts the game and the teacher opens it: returns (ana, ben, teacher, match).
    """
    from django.urls import reverse

    from classrooms import services as roster
    from games.models import Match

    def open_table(game: str):
        ben = roster.student_create(classroom=classroom, name="Ben")
        ana_page, ben_page, teacher_page = new_page(), new_page(), new_page()
        sign_in(ana_page, student.user)
        sign_in(ben_page, ben.user)
        sign_in(teacher_page, classroom.teacher)

        ana_page.goto(reverse("match_new", args=[game]))
        ana_page.get_by_label("Player 2").select_option("classmate")
        ana_page.get_by_role("button", name="Start").click()
        ana_page.wait_for_url("**/matches/*/")
        ana_page.get_by_text("Waiting for players").wait_for()

        ben_page.goto(reverse("lobby"))
        ben_page.get_by_role("link", name="Open", exact=True).click()
        ben_page.get_by_role("button", name="Join this table").click()
        ana_page.get_by_text("Ben", exact=True).wait_for(timeout=5000)  # live, no reload
        ana_page.get_by_role("button", name="Start the game").click()

        match = Match.objects.get()
        teacher_page.goto(reverse("match_detail", args=[match.pk]))
        return ana_page, ben_page, teacher_page, match

    return open_table
