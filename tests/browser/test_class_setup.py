"""A teacher sets up a class in the browser; a child signs in with the picture password."""

import pytest
from django.urls import reverse

from classrooms.models import Classroom, Student
from classrooms.signin import PICTURES

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

CSV = b"name\nAna Bell\nBen Cruz\nChloe Diaz\n"


def pick_pictures(page, pictures, press=lambda button: button.click()):
    """Choose pictures one by one, waiting for each pick to show before the next."""
    for count, picture in enumerate(pictures, start=1):
        press(page.get_by_role("button", name=picture.capitalize(), exact=True))
        if count < len(pictures):
            page.locator(".pick-slots li.filled").nth(count - 1).wait_for()


def press_enter(button):
    button.focus()
    button.press("Enter")


def test_teacher_sets_up_a_class_and_a_student_signs_in(new_page, shot):
    teacher = new_page()
    teacher.goto("/")
    teacher.get_by_role("link", name="I'm a teacher").click()
    teacher.get_by_role("link", name="Create a teacher account").click()
    teacher.get_by_label("Your name").fill("Maya Chen")
    teacher.get_by_label("School email").fill("maya@school.test")
    teacher.get_by_label("Password").fill("long-enough-pass-7")
    teacher.get_by_role("button", name="Create account").click()
    teacher.wait_for_url("**/classes/")
    assert teacher.get_by_text("No classes yet").is_visible()

    teacher.get_by_label("Class name").fill("Room 7")
    teacher.get_by_label("Picture password (3 pictures in order)").check()
    teacher.get_by_role("button", name="Create class").click()
    teacher.get_by_role("heading", name="Room 7").wait_for()
    shot(teacher, "01-empty-class")

    teacher.get_by_role("link", name="Import CSV").click()
    teacher.get_by_label("Class list (CSV file)").set_input_files(
        files=[{"name": "room7.csv", "mimeType": "text/csv", "buffer": CSV}]
    )
    teacher.get_by_role("button", name="Check the file").click()
    teacher.get_by_text("Nothing is saved yet").wait_for()
    assert Student.objects.count() == 0
    shot(teacher, "02-import-preview")
    teacher.get_by_role("button", name="Add 3 students").click()
    teacher.get_by_text("Added 3 students.").wait_for()
    for name in ("Ana Bell", "Ben Cruz", "Chloe Diaz"):
        assert teacher.locator(".roster .student-name", has_text=name).is_visible()
    shot(teacher, "03-roster", full_page=True)

    teacher.get_by_role("link", name="Print sign-in cards").click()
    teacher.get_by_role("heading", name="Sign-in cards for Room 7").wait_for()
    assert teacher.locator(".signin-card").count() == 3
    assert teacher.get_by_role("button", name="Print").is_visible()
    teacher.emulate_media(media="print")
    assert not teacher.locator(".site-header").is_visible()  # the printout is only the cards
    shot(teacher, "04-cards-print", full_page=True)

    classroom = Classroom.objects.get(name="Room 7")
    ana = Student.objects.get(name="Ana Bell")
    child = new_page()
    child.goto("/")
    child.get_by_role("link", name="I'm a student").click()
    child.get_by_label("Class code").fill(classroom.join_code.lower())
    child.get_by_role("button", name="Next").click()
    child.get_by_role("link", name="Ana Bell").click()
    child.get_by_role("heading", name="Hi Ana Bell!").wait_for()
    shot(child, "05-pictures")
    pick_pictures(child, ana.pictures)
    child.wait_for_url("**" + reverse("student_home"))
    child.get_by_role("heading", name="Hi Ana Bell!").wait_for()
    assert child.get_by_text("Room 7").is_visible()
    shot(child, "06-student-home")


def test_a_child_signs_in_with_the_keyboard_alone(new_page, shot, student):
    page = new_page()
    page.goto(reverse("join"))
    page.keyboard.type(student.classroom.join_code)  # the code box has focus on arrival
    page.keyboard.press("Enter")
    page.get_by_role("link", name="Ana B.").focus()
    page.keyboard.press("Enter")
    page.get_by_role("heading", name="Hi Ana B.!").wait_for()
    pick_pictures(page, student.pictures, press=press_enter)
    page.wait_for_url("**" + reverse("student_home"))


def test_a_child_signs_in_by_touch_on_a_tablet(new_page, shot, student):
    page = new_page(has_touch=True, is_mobile=True, viewport={"width": 768, "height": 1024})
    page.goto(reverse("join_secret", args=[student.classroom.join_code, student.pk]))
    wrong = [p for p in PICTURES if p not in student.pictures][:3]
    pick_pictures(page, wrong, press=lambda button: button.tap())
    page.get_by_text("those pictures don't match").wait_for()
    shot(page, "07-tablet-wrong-pictures")
    pick_pictures(page, student.pictures, press=lambda button: button.tap())
    page.wait_for_url("**" + reverse("student_home"))


def test_roster_edits_inline_without_reloading(new_page, shot, sign_in, classroom, student):
    page = new_page()
    sign_in(page, classroom.teacher)
    page.goto(reverse("class_detail", args=[classroom.pk]))
    marker = page.evaluate("() => (window.__marker = Math.random())")
    page.get_by_label("Add a student").fill("Ben")
    page.get_by_role("button", name="Add", exact=True).click()
    page.locator(".roster .student-name", has_text="Ben").wait_for()
    page.get_by_label("Add a student").fill("ana b.")
    page.get_by_role("button", name="Add", exact=True).click()
    page.get_by_text("There is already a student called").wait_for()
    page.get_by_role("link", name="Rename Ben").click()
    page.get_by_label("New name for Ben").fill("Benjamin")
    page.get_by_role("button", name="Save").click()
    page.locator(".roster .student-name", has_text="Benjamin").wait_for()
    page.once("dialog", lambda dialog: dialog.accept())
    page.get_by_role("link", name="Remove Ana B.").click()
    page.locator(f"#student-{student.pk}").wait_for(state="detached")
    assert page.evaluate("() => window.__marker") == marker  # never reloaded
    shot(page, "08-roster-inline", full_page=True)
    assert list(classroom.students.values_list("name", flat=True)) == ["Benjamin"]
