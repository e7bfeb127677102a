"""Small helpers shared by the browser tests."""

SETTLING = "'.htmx-request, .htmx-swapping, .htmx-settling, .htmx-added'"


def wait_settled(page) -> None:
    """Wait until htmx has swapped and settled: it binds a new board's forms only then, and a
    click or key before that would submit the form as a plain page load."""
    page.wait_for_function(f"() => !document.querySelector({SETTLING})")
