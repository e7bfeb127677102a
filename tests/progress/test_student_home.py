"""A student's home shows their assignments with progress toward the goal and a Play link."""

from django.urls import reverse

from classrooms import services as roster
from games.assignments import assignment_create


def test_the_home_page_lists_my_assignments_with_progress_and_a_play_link(
    student_client, classroom, student
):
    page = student_client.get(reverse("student_home")).content.decode()
    assert "From your teacher" not in page  # nothing assigned: no empty section
    mine = assignment_create(
        classroom=classroom,
        game="prime-climb",
        settings={"turn_limit": 20},
        goal="win",
        goal_count=2,
    )
    ben = roster.student_create(classroom=classroom, name="Ben")
    assignment_create(
        classroom=classroom, game="multiplication", settings={}, goal="finish", goal_count=1,
        students=[ben],
    )  # fmt: skip
    page = student_client.get(reverse("student_home")).content.decode()
    assert "From your teacher" in page
    assert "Prime Climb · At most 20 turns each" in page and "Win 2 games" in page
    assert '<progress max="2" value="0"' in page and "0 of 2" in page
    play = reverse("match_new", args=["prime-climb"]) + f"?assignment={mine.pk}"
    assert f'href="{play}"' in page
    assert "multiplication" not in page  # Ben's assignment is not Ana's
