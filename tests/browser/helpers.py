"""Small helpers shared by the browser tests."""

from contextlib import contextmanager

from tests.browser.viewport import keys_to

SETTLING = "'.htmx-request, .htmx-swapping, .htmx-settling, .htmx-added'"


def wait_settled(page) -> None:
    """Wait until htmx has swapped and settled: it binds a new board's forms only then, and a
    click or key before that would submit the form as a plain page load."""
    page.wait_for_function(f"() => !document.querySelector({SETTLING})")


def board_version(page) -> int:
    """The version of the board the page shows."""
    return int(page.locator("#board").get_attribute("data-version"))


def wait_for_version(page, version: int) -> None:
    """Wait until the page shows the board at this version (or a newer one), settled."""
    page.wait_for_function(
        "v => Number(document.querySelector('#board')?.dataset.version) >= v", arg=version
    )
    wait_settled(page)


@contextmanager
def new_board(page, timeout: float = 20_000):
    """Wait, after the block, for a board that replaces the one shown now (the answer to a
    move, or a live update), or for a refusal, settled.

    The board shown now is marked; any board that replaces it has no mark. A move only its
    player can see keeps the version (the others must not learn of it), so the version cannot
    tell that the answer came."""
    page.evaluate("() => { document.querySelector('#board').dataset.waiting = '1'; }")
    yield
    page.wait_for_function(
        "() => !document.querySelector('#board')?.dataset.waiting"
        " || !!document.querySelector('.board-error')",
        timeout=timeout,
    )
    wait_settled(page)


class BoardHands:
    """A student at a board, by mouse, by touch (`touch=True`: taps on a touch screen) or by
    keyboard alone (`keyboard=True`: Tab to the control, then Enter). Games' tests add their
    own gestures (ticking cards, opening panels) in a subclass."""

    def __init__(self, page, *, keyboard: bool = False, touch: bool = False) -> None:
        self.page = page
        self.keyboard = keyboard
        self.touch = touch
        self.presses: list[int] = []  # Tab presses per keyboard action
        self.refused: list[str] = []

    @property
    def board(self):
        return self.page.locator("#board")

    def click(self, locator) -> None:
        """A mouse click, or a finger's tap on a touch screen."""
        if self.touch:
            locator.tap()
        else:
            locator.click()

    def press(self, button) -> bool:
        """Press a button that posts a move and wait for the new board; False if refused."""
        with new_board(self.page):
            if self.keyboard:
                self.presses.append(keys_to(self.page, button))
                self.page.keyboard.press("Enter")
            else:
                self.click(button)
        error = self.page.locator(".board-error")
        if error.count():
            self.refused.append(error.inner_text())
            return False
        return True
