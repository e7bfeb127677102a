"""Checks every game's browser tests share: a turn fits the screen, and the keyboard gets there
in a few presses (issue 12: a Chromebook, a tablet, a phone)."""

import pytest

# (width, height) of the browser's page area.
CHROMEBOOK = (1366, 657)  # a 1366 × 768 screen less the browser's own bars
TABLET = (768, 1024)
PHONE = (390, 844)
SIZES = {"chromebook": CHROMEBOOK, "tablet": TABLET, "phone": PHONE}


def viewport(size: tuple[int, int]) -> dict:
    """new_page(**viewport(PHONE)): a page of that size (touch on the phone and tablet)."""
    width, height = size
    options: dict = {"viewport": {"width": width, "height": height}}
    if size != CHROMEBOOK:
        options.update(has_touch=True, is_mobile=size == PHONE)
    return options


def outside(page, locator) -> str | None:
    """Why this element is not wholly on the page's first screen (None: it is)."""
    scroll = page.evaluate("() => [window.scrollX, window.scrollY]")
    box = locator.bounding_box()
    if box is None:
        return "not shown"
    width, height = page.viewport_size["width"], page.viewport_size["height"]
    left, top = box["x"] + scroll[0], box["y"] + scroll[1]
    if left < 0 or left + box["width"] > width + 0.5:
        return f"sideways outside 0..{width}: {left:.0f}..{left + box['width']:.0f}"
    if top < 0 or top + box["height"] > height + 0.5:
        return f"below the first screen ({height}): {top:.0f}..{top + box['height']:.0f}"
    return None


def assert_on_first_screen(page, **elements) -> None:
    """Each named element lies wholly within the first screen, without scrolling."""
    problems = {name: why for name, loc in elements.items() if (why := outside(page, loc))}
    assert not problems, f"not on the first screen at {page.viewport_size}: {problems}"


def assert_no_sideways_scroll(page, where: str = "") -> None:
    """Nothing makes the page wider than the screen (`where` names the page in a failure)."""
    wide = page.evaluate(
        "() => document.documentElement.scrollWidth - document.documentElement.clientWidth"
    )
    assert wide <= 1, f"{where} scrolls sideways by {wide}px at {page.viewport_size}"


def assert_reachable(page, **elements) -> None:
    """Each named element can be reached by scrolling down only (never sideways)."""
    width = page.viewport_size["width"]
    problems = {}
    for name, locator in elements.items():
        box = locator.bounding_box()
        if box is None:
            problems[name] = "not shown"
        elif box["x"] < -0.5 or box["x"] + box["width"] > width + 0.5:
            problems[name] = f"sideways: {box['x']:.0f}..{box['x'] + box['width']:.0f}"
    assert not problems, f"not reachable at {page.viewport_size}: {problems}"


def tabs_to(page, locator, limit: int = 40) -> int:
    """Press Tab until this element has the focus; how many presses it took."""
    for presses in range(limit + 1):
        if locator.evaluate(
            "e => e === document.activeElement || e.contains(document.activeElement)"
        ):
            return presses
        page.keyboard.press("Tab")
    pytest.fail(f"{limit} presses of Tab never reached {locator}")


def keys_to(page, locator, limit: int = 60) -> int:
    """Tab (or Shift+Tab, when the element comes earlier on the page) until it has the focus."""
    if locator.evaluate(
        "e => !!document.activeElement && document.activeElement !== document.body &&"
        " !!(e.compareDocumentPosition(document.activeElement) & Node.DOCUMENT_POSITION_FOLLOWING)"
    ):
        for presses in range(limit + 1):
            if locator.evaluate("e => e === document.activeElement"):
                return presses
            page.keyboard.press("Shift+Tab")
        pytest.fail(f"{limit} presses of Shift+Tab never reached {locator}")
    return tabs_to(page, locator, limit)
