"""Progress pages: the class dashboard, a student's page, the CSV, printing, "Update now",
the students' own stars, and who may see them."""

import csv
import io
from datetime import timedelta
from html.parser import HTMLParser

import pytest
from django.urls import reverse
from django.utils import timezone

from classrooms import services
from classrooms.models import Classroom
from games.models import Match, Seat
from progress.models import ReportJob, StudentProgress
from progress.services import report_job_run

HTMX = {"HTTP_HX_REQUEST": "true"}
SOLITAIRE = "prime-solitaire"
# The CSV's columns after the class, as the page's cells name them (data-col).
COLUMNS = [
    "student", "game", "level", "status", "games_played", "games_finished", "wins",
    "wins_with_help", "games_gave_up", "games_stood_in", "games_passive", "minutes",
    "attempts", "correct", "accuracy", "hints", "helped", "most_missed", "suggestion",
]  # fmt: skip


def progress(student, game=SOLITAIRE, level="level-1", label="Level 1", **fields):
    """A hand-made progress row (what progress.services would compile from matches)."""
    values = {
        "games_played": 4,
        "games_finished": 3,
        "wins": 2,
        "seconds_played": 600,
        "attempts": 20,
        "correct": 17,
        "status": StudentProgress.Status.PROFICIENT,
        "skills": {"factors:12": [3, 0], "factors:91": [1, 3], "factors:18": [2, 1]},
        "mistakes": {"wrong_product": 4},
        **fields,
    }
    return StudentProgress.objects.create(
        student=student, game=game, level=level, level_label=label, **values
    )


@pytest.fixture
def ben(classroom):
    return services.student_create(classroom=classroom, name="Ben C.")


@pytest.fixture
def cleo(classroom):
    return services.student_create(classroom=classroom, name="Cleo D.")


@pytest.fixture
def played(student, ben, cleo):
    """Ana mastered Level 1 (a game given up, some hints) and practises Level 2; Ben knows his
    tables (a bot finished 2 games for him); Cleo has not played."""
    progress(student, status="mastered", games_finished=6, attempts=60, correct=57,
             games_gave_up=1, hints=5, helped=3)  # fmt: skip
    progress(student, level="level-2", label="Level 2", status="practising", attempts=7,
             correct=4, skills={"factors:30": [1, 2]})  # fmt: skip
    progress(ben, game="multiplication", level="all", label="All games", attempts=30,
             correct=25, skills={"7x8": [3, 1], "6x9": [0, 2], "2x2": [5, 0]},
             games_stood_in=2, helped=1)  # fmt: skip
    return [student, ben, cleo]


def page(client, name, *args, **query):
    response = client.get(reverse(name, args=args), query)
    assert response.status_code == 200, response.content[:500]
    return response.content.decode()


# --- the dashboard --------------------------------------------------------------------------
def test_dashboard_shows_each_students_levels_and_the_class_by_level(
    teacher_client, classroom, played
):
    html = page(teacher_client, "class_progress", classroom.pk)
    assert "Class 4A: progress" in html
    for text in ("Ana B.", "Ben C.", "Cleo D.", "Prime Solitaire", "The Multiplication Game"):
        assert text in html
    assert "Mastered" in html and "★★★" in html and "Practising" in html
    assert "Ready for Level 2" in html  # Level 1 mastered, Level 2 only practised
    assert "factors of 91" in html  # the most missed fact, as the teacher reads it
    assert "83.3" in html and "95.0" in html  # accuracy, one decimal as in the CSV
    # A bar per level, with its numbers in words and in the table beside it.
    assert 'aria-label="Prime Solitaire Level 1: 2 not started, 1 mastered"' in html
    assert 'fill="url(#pat-mastered)"' in html and 'id="pat-mastered"' in html
    assert "Report made" in html and "Nobody is playing right now." in html
    assert reverse("student_progress", args=[classroom.pk, played[2].pk]) in html
    assert "Update now" in html


def test_dashboard_shows_help_used_and_games_that_were_not_the_students_own(
    teacher_client, classroom, played
):
    html = page(teacher_client, "class_progress", classroom.pk)
    rows = {(r["student"], r["level"]): r for r in table_rows(html)}
    ana, ben = rows[("Ana B.", "Level 1")], rows[("Ben C.", "All games")]
    ana_2 = rows[("Ana B.", "Level 2")]
    assert [ana[c] for c in ("games_gave_up", "games_stood_in", "hints", "helped")] == [
        "1", "0", "5", "3"]  # fmt: skip
    assert (ben["games_stood_in"], ben["hints"], ben["helped"]) == ("2", "0", "1")
    assert (ana_2["games_gave_up"], ana_2["hints"], ana_2["helped"]) == ("0", "0", "0")
    # Zeros stay out of sight (screen readers still hear them): the table stays readable.
    assert "1</span> given up</span>" in html and "2</span> a bot played for them</span>" in html
    assert "5</span> hints</span>" in html and "3</span> helped</span>" in html
    assert '<span class="sr-only"><span data-col="games_gave_up">0</span> given up</span>' in html
    assert "Help</th>" in html and "never count toward a star" in html


def test_the_class_page_links_to_progress(teacher_client, classroom):
    html = page(teacher_client, "class_detail", classroom.pk)
    assert reverse("class_progress", args=[classroom.pk]) in html


def test_empty_states_say_what_to_do(teacher_client, classroom):
    html = page(teacher_client, "class_progress", classroom.pk)
    assert "No students yet." in html and "progress-table" not in html
    services.student_create(classroom=classroom, name="Ana B.")
    html = page(teacher_client, "class_progress", classroom.pk)
    assert "Nobody has played yet." in html and "Update now" in html
    assert "No games counted yet" in html
    assert "Download CSV" not in html


def test_who_is_playing_now_is_shown(teacher_client, classroom, student):
    now = timezone.now()
    match = Match.objects.create(game=SOLITAIRE, seed=1, classroom=classroom,
                                 status=Match.Status.PLAYING, started_at=now,
                                 last_move_at=now)  # fmt: skip
    Seat.objects.create(match=match, index=0, student=student)
    progress(student)
    html = page(teacher_client, "class_progress", classroom.pk)
    assert "Nobody is playing right now." not in html
    assert "playing now" in html


def test_filters_show_one_game_or_one_level(teacher_client, classroom, played):
    html = page(teacher_client, "class_progress", classroom.pk, game=SOLITAIRE)
    assert "Level 2" in html and "The Multiplication Game</td>" not in html
    assert '<option value="prime-solitaire" selected>' in html
    html = page(teacher_client, "class_progress", classroom.pk, game=SOLITAIRE, level="level-2")
    rows = table_rows(html)
    assert [(r["student"], r["level"], r["status"]) for r in rows] == [
        ("Ana B.", "Level 2", "Practising"),
        ("Ben C.", "Level 2", "Not started"),  # listed under the level shown, as in the CSV
        ("Cleo D.", "Level 2", "Not started"),
    ]
    assert "progress.csv?game=prime-solitaire&amp;level=level-2" in html


def test_htmx_filter_swaps_only_the_report(teacher_client, classroom, played):
    url = reverse("class_progress", args=[classroom.pk])
    response = teacher_client.get(url, {"game": "multiplication"}, **HTMX)
    html = response.content.decode()
    assert response.status_code == 200 and "<html" not in html
    assert html.lstrip().startswith('<div id="report"') and "Ben C." in html
    assert "HX-Request" in response["Vary"]
    # Going back to a pushed URL asks for the whole page.
    restore = {**HTMX, "HTTP_HX_HISTORY_RESTORE_REQUEST": "true"}
    assert (
        "<html" in teacher_client.get(url, {"game": "multiplication"}, **restore).content.decode()
    )


@pytest.mark.parametrize(
    "query",
    [
        {"game": "chess"},
        {"game": SOLITAIRE, "level": "level-9"},
        {"level": "level-1"},
        {"game": "multiplication", "level": "level-1"},
    ],
)
def test_unknown_filters_are_ignored_with_a_message(teacher_client, classroom, played, query):
    html = page(teacher_client, "class_progress", classroom.pk, **query)
    assert "so every game is shown" in html
    assert "Ben C." in html and "Level 2" in html  # everything, unfiltered
    response = teacher_client.get(reverse("class_progress_csv", args=[classroom.pk]), query)
    assert response.status_code == 400


# --- CSV ------------------------------------------------------------------------------------
class TableCells(HTMLParser):
    """The progress table's rows as {column: text}, from the cells' data-col names."""

    def __init__(self):
        super().__init__()
        self.rows, self.open, self.student = [], [], ""

    def handle_starttag(self, tag, attrs):
        attrs = dict(attrs)
        if tag == "tr" and "data-row" in attrs:
            self.rows.append({})
        if self.rows and "data-col" in attrs:
            self.open.append([tag, attrs["data-col"], "", 0])
        elif self.open and tag == self.open[-1][0]:
            self.open[-1][3] += 1

    def handle_endtag(self, tag):
        if self.open and tag == self.open[-1][0]:
            if self.open[-1][3]:
                self.open[-1][3] -= 1
                return
            _, column, text, _ = self.open.pop()
            self.rows[-1][column] = " ".join(text.split())

    def handle_data(self, data):
        for cell in self.open:
            cell[2] += data


def table_rows(html: str) -> list[dict]:
    parser = TableCells()
    parser.feed(html)
    student = ""
    for row in parser.rows:  # the student's name spans their rows
        student = row.setdefault("student", student)
    return parser.rows


@pytest.mark.parametrize(
    "query", [{}, {"game": SOLITAIRE}, {"game": SOLITAIRE, "level": "level-1"}]
)
def test_the_csv_has_the_values_the_page_shows(teacher_client, classroom, played, query):
    html = page(teacher_client, "class_progress", classroom.pk, **query)
    response = teacher_client.get(reverse("class_progress_csv", args=[classroom.pk]), query)
    table = list(csv.reader(io.StringIO(response.content.decode("utf-8-sig"))))
    assert table[0][:2] == ["Class", "Student"] and len(table[0]) == len(COLUMNS) + 1
    assert {row[0] for row in table[1:]} == {"Class 4A"}
    screen = [[row[column] for column in COLUMNS] for row in table_rows(html)]
    assert screen == [row[1:] for row in table[1:]]
    assert len(screen) >= 3


def test_csv_is_an_attachment_with_numbers_as_numbers(teacher_client, classroom, played):
    response = teacher_client.get(reverse("class_progress_csv", args=[classroom.pk]))
    assert response["Content-Type"].startswith("text/csv")
    disposition = response["Content-Disposition"]
    assert disposition.startswith('attachment; filename="factorium-class-4a-all-')
    assert response.content.startswith("\ufeff".encode())  # for Excel
    lines = response.content.decode("utf-8-sig").splitlines()
    assert (
        "Class 4A,Ana B.,Prime Solitaire,Level 1,Mastered,4,6,2,0,1,0,0,10,60,57,95.0,5,3,"
        "factors of 91" in (lines[1])
    )
    assert lines[-1] == "Class 4A,Cleo D.,,,Not started,0,0,0,0,0,0,0,0,0,0,,0,0,,"


@pytest.mark.parametrize("name", ['=HYPERLINK("http://x")', "+SUM(1,2)", "-2+3", "@SUM(A1)"])
def test_csv_cells_never_run_as_formulas(teacher_client, classroom, name):
    from classrooms import services as roster

    roster.student_create(classroom=classroom, name=name)
    response = teacher_client.get(reverse("class_progress_csv", args=[classroom.pk]))
    table = list(csv.reader(io.StringIO(response.content.decode("utf-8-sig"))))
    names = [row[1] for row in table[1:]]
    assert all(not cell.startswith(("=", "+", "-", "@")) for row in table for cell in row)
    assert any(cell.startswith("'") for cell in names)


# --- Update now -----------------------------------------------------------------------------
def finished_match(classroom, student, *, won=True, minutes=12):
    start = timezone.now() - timedelta(hours=1)
    match = Match.objects.create(
        game=SOLITAIRE, settings={"level": 1}, level="level-1", seed=1, classroom=classroom,
        status=Match.Status.FINISHED, started_at=start, finished_at=start,
        last_move_at=start + timedelta(minutes=minutes),
    )  # fmt: skip
    Seat.objects.create(match=match, index=0, student=student, won=won, attempted=True)
    return match


def test_update_now_without_javascript_rebuilds_and_shows_the_report(
    teacher_client, classroom, student, django_capture_on_commit_callbacks
):
    finished_match(classroom, student)
    assert "Nobody has played yet." in page(teacher_client, "class_progress", classroom.pk)
    with django_capture_on_commit_callbacks(execute=True):
        response = teacher_client.post(reverse("progress_update", args=[classroom.pk]))
    job = ReportJob.objects.get()
    assert response.status_code == 302
    assert response.url == reverse("class_progress", args=[classroom.pk]) + f"?job={job.pk}"
    assert job.status == ReportJob.Status.DONE  # Celery runs eagerly in the tests
    html = teacher_client.get(response.url).content.decode()
    assert "Report updated." in html and "Nobody has played yet." not in html
    assert [r["games_played"] for r in table_rows(html)] == ["1"]


def test_update_now_with_htmx_polls_until_done_then_swaps_in_the_report(
    teacher_client, classroom, student
):
    finished_match(classroom, student)
    response = teacher_client.post(reverse("progress_update", args=[classroom.pk]), **HTMX)
    html = response.content.decode()
    job = ReportJob.objects.get()  # not run yet: its task is sent once the request commits
    poll = reverse("progress_job", args=[classroom.pk, job.pk])
    assert f'hx-get="{poll}"' in html and 'hx-trigger="every 1s"' in html
    assert "<progress" in html and "Updating the report" in html
    # A second click while it runs starts nothing new.
    teacher_client.post(reverse("progress_update", args=[classroom.pk]), **HTMX)
    assert ReportJob.objects.count() == 1
    ReportJob.objects.filter(pk=job.pk).update(status="running", done=0, total=1)
    html = teacher_client.get(poll, **HTMX).content.decode()
    assert "0 of 1 students done" in html and 'value="0"' in html and "every 1s" in html
    report_job_run(job_id=job.pk)
    html = teacher_client.get(poll, {"game": SOLITAIRE}, **HTMX).content.decode()
    assert "every 1s" not in html and "Report updated." in html
    assert 'id="report" class="report" hx-swap-oob="true"' in html
    assert [r["level"] for r in table_rows(html)] == ["Level 1"]


def test_a_failed_update_says_so_and_offers_to_try_again(teacher_client, classroom, student):
    job = ReportJob.objects.create(classroom=classroom, status="failed", error="boom")
    html = page(teacher_client, "class_progress", classroom.pk, job=job.pk)
    assert "did not finish" in html and "boom" not in html and "Update now" in html
    poll = reverse("progress_job", args=[classroom.pk, job.pk])
    assert "every 1s" not in teacher_client.get(poll, **HTMX).content.decode()
    assert teacher_client.get(poll).status_code == 302  # without htmx: back to the page


def test_a_running_update_shows_on_the_page_after_a_reload(teacher_client, classroom, student):
    ReportJob.objects.create(classroom=classroom, status="running", done=3, total=10)
    html = page(teacher_client, "class_progress", classroom.pk)
    assert "3 of 10 students done" in html and 'max="10"' in html
    assert "Check again" in html and "every 1s" in html


# --- a student's page, printing ---------------------------------------------------------------
def test_a_students_page_has_levels_history_fact_maps_and_a_chart(
    teacher_client, classroom, played
):
    ana, ben, _ = played
    finished_match(classroom, ana, won=False, minutes=7)
    html = page(teacher_client, "student_progress", classroom.pk, ana.pk)
    assert "Ana B.: progress" in html and "Ready for Level 2" in html
    assert "Factor sets: Prime Solitaire · Level 1" in html
    assert 'title="91: 1 right, 3 wrong"' in html
    assert "band-low" in html and "band-high" in html and "under 60% right" in html
    assert 'class="accuracy-chart"' in html and "Prime Solitaire · Level 1: 95%" in html
    assert "Lost" in html and reverse("match_replay", args=[Match.objects.get().pk]) in html
    html = page(teacher_client, "student_progress", classroom.pk, ben.pk)
    assert "Multiplication facts: The Multiplication Game" in html
    assert 'title="7 × 8: 3 right, 1 wrong"' in html
    assert 'title="6 × 9: 0 right, 2 wrong"' in html and "Ana B." not in html
    assert "Not counted" in html and "2 where a bot played for them while away" in html


def test_a_students_page_shows_the_help_they_used_and_games_they_gave_up(
    teacher_client, classroom, played
):
    ana = played[0]
    given_up = finished_match(classroom, ana, won=False)
    Seat.objects.filter(match=given_up).update(gave_up=True)
    html = page(teacher_client, "student_progress", classroom.pk, ana.pk)
    assert "95.0% (57 of 60 right without help)" in html
    assert "5 hints asked, 3 answers made with help" in html and "none used" in html
    assert "Not counted</dt><dd>1 given up</dd>" in html
    assert '<td class="result-gave_up">Gave up</td>' in html
    assert reverse("match_replay", args=[given_up.pk]) in html  # it finished: replayable


def test_a_student_who_has_not_played_gets_a_friendly_page(teacher_client, classroom, student):
    html = page(teacher_client, "student_progress", classroom.pk, student.pk)
    assert "has not played yet" in html and "No finished games yet." in html
    assert "accuracy-chart" not in html


def test_print_every_student_puts_each_on_a_page(teacher_client, classroom, played):
    html = page(teacher_client, "class_progress_print", classroom.pk)
    assert html.count('class="print-student"') == 3
    for name in ("Ana B.", "Ben C.", "Cleo D."):
        assert name in html
    assert "data-print" in html


def test_the_print_stylesheet_hides_controls(client):
    from django.contrib.staticfiles import finders

    with open(finders.find("css/progress.css"), encoding="utf-8") as file:
        css = file.read()
    printing = css[css.index("@media print") :]
    for hidden in (".site-header", ".filters", ".report-job", "form", "button"):
        assert hidden in printing
    assert "break-after: page" in printing and "url(http" not in css


# --- the students' own stars ------------------------------------------------------------------
def test_a_student_sees_their_own_stars_in_kid_words(client, classroom, played):
    ana = played[0]
    client.force_login(ana.user, backend="classrooms.auth.StudentBackend")
    html = page(client, "student_home")
    assert "My stars" in html and "Mastered!" in html and "Practising: keep going!" in html
    assert "★★★" in html and "You&#x27;re ready for Level 2!" in html
    assert "Multiplication" not in html and "Ben C." not in html  # nothing of anyone else
    assert "95.0" not in html  # no teacher's numbers


def test_a_student_who_has_not_played_is_invited_to(student_client):
    assert "earn your first star" in page(student_client, "student_home")


# --- who may see what -----------------------------------------------------------------------
def every_url(classroom, student, job):
    pk = classroom.pk
    yield reverse("class_progress", args=[pk]), "GET"
    yield reverse("class_progress_csv", args=[pk]), "GET"
    yield reverse("class_progress_print", args=[pk]), "GET"
    yield reverse("progress_update", args=[pk]), "POST"
    yield reverse("progress_job", args=[pk, job.pk]), "GET"
    yield reverse("student_progress", args=[pk, student.pk]), "GET"


@pytest.fixture
def other_teacher(make_teacher):
    return make_teacher(email="other@school.test")


@pytest.fixture
def other_student(other_teacher):
    other = services.classroom_create(
        teacher=other_teacher, name="Other class", sign_in_method=Classroom.SignInMethod.PICTURES
    )
    return services.student_create(classroom=other, name="Zed")


@pytest.fixture
def job(classroom):
    return ReportJob.objects.create(classroom=classroom, status="running", done=1, total=2)


def answers(client, classroom, student, job):
    """Each URL with the method it takes, and with the other one (GET or POST)."""
    for url, method in every_url(classroom, student, job):
        other = "POST" if method == "GET" else "GET"
        for verb, accepted in ((method, True), (other, False)):
            response = client.post(url) if verb == "POST" else client.get(url, **HTMX)
            yield url, verb, accepted, response.status_code


def test_another_teacher_gets_404_and_starts_nothing(
    client, classroom, student, job, other_teacher, played
):
    client.force_login(other_teacher, backend="classrooms.auth.TeacherBackend")
    for url, verb, accepted, status in answers(client, classroom, student, job):
        # A method a URL never takes is refused the same way for every class (405).
        assert status == (404 if accepted else 405), (verb, url)
    assert ReportJob.objects.count() == 1


def test_students_get_403_on_every_teacher_progress_url(
    client, classroom, student, job, other_student
):
    for user in (student.user, other_student.user):
        client.force_login(user, backend="classrooms.auth.StudentBackend")
        for url, verb, _, status in answers(client, classroom, student, job):
            assert status == 403, (user, verb, url)
    assert ReportJob.objects.count() == 1


def test_nobody_signed_in_is_sent_to_sign_in(client, classroom, student, job):
    for url, method in every_url(classroom, student, job):
        response = client.post(url) if method == "POST" else client.get(url)
        assert response.status_code == 302 and response.url.startswith(reverse("login"))


def test_a_teacher_cannot_reach_another_class_through_their_own(
    teacher_client, classroom, other_student
):
    other_job = ReportJob.objects.create(classroom=other_student.classroom)
    pk = classroom.pk
    assert (
        teacher_client.get(reverse("progress_job", args=[pk, other_job.pk]), **HTMX).status_code
        == 404
    )
    url = reverse("student_progress", args=[pk, other_student.pk])
    assert teacher_client.get(url).status_code == 404
    html = page(teacher_client, "class_progress", pk, job=other_job.pk)
    assert "Updating" not in html
    for junk in ("²", "9" * 40, "x"):
        assert "Updating" not in page(teacher_client, "class_progress", pk, job=junk)
