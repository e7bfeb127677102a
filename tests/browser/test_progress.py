"""Progress in Chromium: the teacher updates the class report, filters it, opens a student's
fact map and prints; a student sees their stars."""

from datetime import timedelta

import pytest
from django.urls import reverse
from django.utils import timezone

from classrooms import services
from games.models import LearningRecord, Match, Seat

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def played(classroom, student, game, level, label, settings, results, records):
    """Finished matches (won or lost) and the learning records of the first one."""
    start = timezone.now() - timedelta(days=1)
    matches = []
    for number, won in enumerate(results):
        begun = start + timedelta(hours=number)
        match = Match.objects.create(
            game=game, settings=settings, level=level, seed=number, classroom=classroom,
            status=Match.Status.FINISHED, started_at=begun, last_move_at=begun + timedelta(
                minutes=9), finished_at=begun + timedelta(minutes=9),
        )  # fmt: skip
        Seat.objects.create(match=match, index=0, student=student, won=won, attempted=True)
        matches.append(match)
    LearningRecord.objects.bulk_create(
        LearningRecord(match=matches[0], student=student, game=game, level=label,
                       level_key=level, move_number=n, kind=kind, skill=skill, correct=correct)
        for n, (kind, skill, correct) in enumerate(records, start=1)
    )  # fmt: skip


@pytest.fixture
def class_with_games(teacher, classroom, student):
    ben = services.student_create(classroom=classroom, name="Ben C.")
    services.student_create(classroom=classroom, name="Cleo D.")
    # A few early mistakes, then 54 good sets: Level 1 mastered (no fact missed 3 times).
    sets = [("factor_set", f"factors:{n}", False) for n in (91, 91, 77, 35, 35)]
    sets += [("factor_set", f"factors:{n}", True) for n in (6, 10, 14, 15, 21, 35) * 9]
    played(classroom, student, "prime-solitaire", "level-1", "Level 1", {"level": 1},
           [True] * 5 + [False], sets)  # fmt: skip
    played(classroom, student, "prime-solitaire", "level-2", "Level 2", {"level": 2},
           [False], sets[:8])  # fmt: skip
    facts = [("fact", f"{a}x{b}", (a * b) % 7 != 0) for a in range(2, 10) for b in range(a, 10)]
    played(classroom, ben, "multiplication", "all", "All games", {}, [True, False, True], facts)
    return classroom


def test_teacher_updates_the_report_and_opens_a_fact_map(
    new_page, shot, sign_in, teacher, class_with_games, student
):
    classroom = class_with_games
    page = new_page()
    sign_in(page, teacher)
    page.goto(reverse("class_detail", args=[classroom.pk]))
    page.get_by_role("link", name="Progress").click()
    page.get_by_role("heading", name="Class 4A: progress").wait_for()
    assert page.get_by_text("Nobody has played yet.").is_visible()
    shot(page, "progress-01-before-update")

    page.get_by_role("button", name="Update now").click()
    # The job's first answer is "starting" (its task runs once the request commits); the
    # page polls every second until it is done, then swaps the report in.
    indicator = page.locator("#report-job progress")
    indicator.wait_for()
    shot(page, "progress-02a-updating")
    page.get_by_text("Report updated.").wait_for()
    page.locator("#progress-table").wait_for()
    assert page.locator(".status-bar").count() == 3  # solitaire levels 1 and 2, multiplication
    assert page.get_by_text("Ready for Level 2").first.is_visible()
    assert page.locator("#report-job[hx-trigger]").count() == 0  # polling stopped
    shot(page, "progress-02-report", full_page=True)

    page.get_by_label("Game", exact=True).select_option("prime-solitaire")
    page.wait_for_url("**game=prime-solitaire**")
    page.locator("#filter-level:not([disabled])").wait_for()
    page.get_by_label("Level", exact=True).select_option("level-2")
    page.wait_for_url("**level=level-2**")
    rows = page.locator("#progress-table tr[data-row]")
    assert rows.count() == 3
    assert page.locator("#progress-table").get_by_text("Practising").is_visible()
    csv_link = page.get_by_role("link", name="Download CSV")
    assert "game=prime-solitaire&level=level-2" in csv_link.get_attribute("href")
    shot(page, "progress-03-filtered", full_page=True)

    page.emulate_media(media="print")
    page.get_by_role("link", name="Show everything").wait_for(state="hidden")
    assert not page.locator(".site-header").is_visible()
    assert not page.get_by_role("button", name="Update now").is_visible()
    shot(page, "progress-04-print", full_page=True)
    page.emulate_media(media="screen")

    page.get_by_role("link", name="Ana B.").first.click()
    page.get_by_role("heading", name="Ana B.: progress").wait_for()
    fact_map = page.locator(".fact-map").first
    assert fact_map.locator("td[title='91: 0 right, 2 wrong']").is_visible()
    assert page.locator(".accuracy-chart").is_visible()
    shot(page, "progress-05-student", full_page=True)
    page.emulate_media(media="print")
    shot(page, "progress-06-student-print", full_page=True)


def test_a_student_sees_their_stars(new_page, shot, sign_in, class_with_games, student):
    from progress.services import progress_rebuild

    progress_rebuild(classroom_id=class_with_games.pk)
    page = new_page()
    sign_in(page, student.user)
    page.goto(reverse("student_home"))
    page.get_by_role("heading", name="My stars").wait_for()
    assert page.get_by_text("Mastered!").is_visible()
    assert page.get_by_text("You're ready for Level 2!").is_visible()
    shot(page, "progress-07-student-stars", full_page=True)


def test_the_multiplication_fact_map(new_page, shot, sign_in, teacher, class_with_games):
    from classrooms.models import Student
    from progress.services import progress_rebuild

    progress_rebuild(classroom_id=class_with_games.pk)
    ben = Student.objects.get(name="Ben C.")
    page = new_page()
    sign_in(page, teacher)
    page.goto(reverse("student_progress", args=[class_with_games.pk, ben.pk]))
    page.get_by_role("heading", name="Multiplication facts: The Multiplication Game").wait_for()
    assert page.locator(".fact-map td").count() == 100
    shot(page, "progress-08-times-table", full_page=True)


def test_print_every_student(new_page, shot, sign_in, teacher, class_with_games):
    from progress.services import progress_rebuild

    progress_rebuild(classroom_id=class_with_games.pk)
    page = new_page()
    sign_in(page, teacher)
    page.goto(reverse("class_progress", args=[class_with_games.pk]))
    page.get_by_role("link", name="Print every student").click()
    page.get_by_role("heading", name="Progress reports for Class 4A").wait_for()
    assert page.locator(".print-student").count() == 3
    page.emulate_media(media="print")
    assert not page.get_by_role("button", name="Print").is_visible()
    shot(page, "progress-09-print-every-student", full_page=True)
