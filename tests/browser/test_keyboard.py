"""Focus stays where the next action is after each htmx swap (issue 12), outside the boards too:
a child signs in with the picture password using the keyboard alone."""

import pytest
from django.urls import reverse

from .helpers import wait_settled
from .viewport import tabs_to

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_picture_password_by_keyboard_keeps_focus_on_the_pictures(new_page, student, classroom):
    page = new_page()
    page.goto(reverse("join_secret", args=[classroom.join_code, student.pk]))
    grid = page.locator("button[name=pick]")
    order = [grid.nth(i).get_attribute("value") for i in range(grid.count())]
    first = student.pictures[0]
    tabs_to(page, page.locator(f"button[name=pick][value={first}]"), limit=30)
    presses = []
    for number, picture in enumerate(student.pictures):
        if number:  # from the picture just picked, straight to the next one
            here = page.evaluate("() => document.activeElement.getAttribute('value')")
            steps = order.index(picture) - order.index(here)
            for _ in range(abs(steps)):
                page.keyboard.press("Tab" if steps > 0 else "Shift+Tab")
            presses.append(abs(steps))
            assert page.evaluate("() => document.activeElement.value") == picture
        page.keyboard.press("Enter")
        wait_settled(page)
        if number < len(student.pictures) - 1:
            focused = page.evaluate("() => document.activeElement.getAttribute('value')")
            assert focused == picture, "focus stays on the picture just picked"
    page.wait_for_url(f"**{reverse('student_home')}")
    assert max(presses) <= 11, presses  # never back from the top of the page
