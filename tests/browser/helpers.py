"""Small helpers shared by the browser tests."""

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
