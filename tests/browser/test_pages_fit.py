"""No page scrolls sideways on a phone or a tablet, and a wide progress table keeps the names
in view while it scrolls inside its box."""

import pytest
from django.urls import reverse

from classrooms import services as roster
from games import services
from games.assignments import assignment_create
from progress.services import progress_rebuild

from .viewport import PHONE, TABLET, assert_no_sideways_scroll, viewport

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


@pytest.fixture
def busy_class(classroom, student, settings):
    """A class with a few students, an assignment and a finished game, so tables have rows."""
    settings.GAMES_BOT_DELAY_SECONDS = 0
    for name in ("Bartholomew Longname-Smith", "Cleo D.", "Dev E."):
        roster.student_create(classroom=classroom, name=name)
    assignment_create(
        classroom=classroom, game="prime-solitaire", settings={"level": 1}, goal="win", goal_count=3
    )
    services.match_create(
        game="multiplication",
        settings={},
        classroom=classroom,
        seats=[services.SeatSpec(student=student), services.SeatSpec(bot="easy")],
        host=student,
        seed=4,
    )
    ended = services.match_create(
        game="prime-solitaire",
        settings={"level": 1},
        classroom=classroom,
        seats=[services.SeatSpec(student=student)],
        host=student,
        seed=4,
    )
    services.match_give_up(match_id=ended.pk, player=student)  # a row in the progress table
    progress_rebuild(classroom_id=classroom.pk)
    return classroom


@pytest.mark.parametrize("size", [PHONE, TABLET], ids=["phone", "tablet"])
def test_no_page_scrolls_sideways(size, new_page, sign_in, busy_class, student, shot):
    teacher_page = new_page(**viewport(size))
    sign_in(teacher_page, busy_class.teacher)
    pk = busy_class.pk
    pages = {
        "classes": reverse("class_list"),
        "roster": reverse("class_detail", args=[pk]),
        "progress": reverse("class_progress", args=[pk]),
        "student": reverse("student_progress", args=[pk, student.pk]),
        "games": reverse("class_matches", args=[pk]),
        "assignments": reverse("class_assignments", args=[pk]),
        "practice": reverse("practice"),
        "rules": reverse("game_rules", args=["prime-climb"]),
    }
    for name, url in pages.items():
        teacher_page.goto(url)
        assert_no_sideways_scroll(teacher_page, name)
        if name == "progress":
            shot(teacher_page, f"fit-progress-{size[0]}")
    kid = new_page(**viewport(size))
    sign_in(kid, student.user)
    for url in (reverse("student_home"), reverse("game_list"), reverse("lobby")):
        kid.goto(url)
        assert_no_sideways_scroll(kid, url)
    for slug in (
        "multiplication",
        "prime-challenge",
        "prime-solitaire",
        "prime-climb",
        "factor-rummy",
        "prime-canasta",
        "prime-bomb",
        "equate",
    ):
        kid.goto(reverse("game_how", args=[slug]))
        assert_no_sideways_scroll(kid, f"How to play {slug}")


def test_names_stay_in_view_when_the_progress_table_scrolls(new_page, sign_in, busy_class):
    page = new_page(**viewport(PHONE))
    sign_in(page, busy_class.teacher)
    page.goto(reverse("class_progress", args=[busy_class.pk]))
    box = page.locator(".table-scroll").first
    name = page.locator(".progress-table .student-cell").first
    before = name.bounding_box()["x"]
    scrolled = box.evaluate("e => { e.scrollLeft = 400; return e.scrollLeft; }")
    assert scrolled > 0, "the table is wider than a phone, so it scrolls in its box"
    page.wait_for_timeout(50)
    assert abs(name.bounding_box()["x"] - before) < 2, "the name stays where it was"
    assert_no_sideways_scroll(page)
