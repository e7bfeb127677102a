"""Progress reports: the class report, its CSV, a student's report, and the platform's part
(levels set on matches, progress updated when games end)."""

import importlib
from datetime import timedelta

import pytest
from django.apps import apps
from django.http import Http404
from django.test import RequestFactory
from django.utils import timezone

from classrooms import services as roster
from classrooms.access import teacher_classroom
from games import services
from games.assignments import assignment_create
from games.engine import get_game
from games.models import LearningRecord, Match, Seat
from progress import reports
from progress import services as progress
from progress.models import StudentProgress

from .test_progress import T0, count_all, facts, make_mixed, played


@pytest.fixture
def ben(classroom):
    return roster.student_create(classroom=classroom, name="Ben")


@pytest.fixture
def cleo(classroom):
    return roster.student_create(classroom=classroom, name="Cleo")


@pytest.fixture
def zed(classroom):
    return roster.student_create(classroom=classroom, name="zed")  # never played


@pytest.fixture
def counted(student, ben, cleo, zed):
    make_mixed(student, ben, cleo)
    count_all()


def names(report):
    return [row.student.name for row in report.rows]


# --- the class report -------------------------------------------------------------------------
def test_every_student_is_listed_alphabetically_with_the_levels_they_played(counted, classroom):
    report = reports.class_report(classroom)
    assert names(report) == ["Ana B.", "Ben", "Cleo", "zed"]
    ana = report.rows[0]
    assert [(s.game_name, s.level_label) for s in ana.levels] == [
        ("Prime Challenge", "Level 3"),
        ("Prime Solitaire", "Level 4"),
    ]
    assert report.rows[3].levels == [] and not ana.playing_now
    assert ana.levels[0] == reports.LevelStatus(
        game="prime-challenge",
        game_name="Prime Challenge",
        level="level-3",
        level_label="Level 3",
        status="practising",
        status_label="Practising",
        stars=1,
        games_played=2,
        games_finished=2,
        wins=1,
        wins_with_help=0,
        games_gave_up=0,
        games_stood_in=0,
        games_passive=0,
        minutes_played=15,
        attempts=4,
        correct=2,
        accuracy=0.5,
        hints=0,
        helped=0,
        top_missed=["factors of 91"],
        mistakes={"missed_set": 1, "false_challenge": 1, "wrong_product": 1},
        suggestion=None,
    )
    assert ana.levels[0].accuracy_percent == 50.0
    newest = StudentProgress.objects.latest("updated_at").updated_at
    assert report.generated_at == newest


def test_the_class_by_level_counts_students_without_a_game_there_as_not_started(counted, classroom):
    by_level = reports.class_report(classroom).by_level
    assert [(e.game_name, e.level_key, e.level_label) for e in by_level] == [
        ("Prime Challenge", "level-3", "Level 3"),
        ("Prime Solitaire", "level-3", "Level 3"),
        ("Prime Solitaire", "level-4", "Level 4"),
        ("The Multiplication Game", "all", "All games"),
    ]
    assert by_level[0].counts == {"not_started": 2, "practising": 2, "proficient": 0, "mastered": 0}
    game_name, key, label, counts = by_level[3]  # a plain tuple too
    assert (game_name, key, label) == ("The Multiplication Game", "all", "All games")
    assert counts["practising"] == 1 and counts["not_started"] == 3


def test_filters_show_one_game_or_one_level(counted, classroom):
    report = reports.class_report(classroom, game="prime-solitaire")
    assert {(s.game, s.level) for r in report.rows for s in r.levels} == {
        ("prime-solitaire", "level-3"),
        ("prime-solitaire", "level-4"),
    }
    report = reports.class_report(classroom, game="prime-solitaire", level="level-4")
    assert [[s.level for s in r.levels] for r in report.rows] == [["level-4"], [], [], []]
    assert [e.level_key for e in report.by_level] == ["level-4"]
    assert names(report) == ["Ana B.", "Ben", "Cleo", "zed"]


def test_a_mastered_level_suggests_the_next_until_the_student_is_proficient_there(
    student, classroom
):
    for _ in range(5):
        played([student], settings={"level": 4}, events=facts(10, 0))
    count_all()
    report = reports.class_report(classroom, game="prime-solitaire", level="level-4")
    level = report.rows[0].levels[0]
    assert (level.status, level.stars, level.suggestion) == ("mastered", 3, "Ready for Level 5")
    for _ in range(3):
        played([student], settings={"level": 5}, events=facts(7, 0))
    count_all()
    report = reports.class_report(classroom, game="prime-solitaire", level="level-4")
    assert report.rows[0].levels[0].suggestion is None  # proficient at level 5 already


def test_who_is_playing_now_moved_or_looked_in_the_last_two_minutes(
    student, ben, cleo, zed, classroom
):
    now = timezone.now()
    for who, moved, seen, stood_in in [
        (student, now, None, False),
        (ben, now - timedelta(minutes=5), now - timedelta(seconds=30), False),
        (cleo, now - timedelta(minutes=5), now - timedelta(minutes=5), False),
        (zed, now, now, True),  # a bot plays for them: they went away
    ]:
        match = played([who], status="playing")
        Match.objects.filter(pk=match.pk).update(last_move_at=moved)
        Seat.objects.filter(match=match).update(last_seen_at=seen, bot_stand_in=stood_in)
    report = reports.class_report(classroom)
    assert [s.name for s in report.playing_now] == ["Ana B.", "Ben"]
    assert [row.playing_now for row in report.rows] == [True, True, False, False]


def test_assignments_show_how_many_met_their_goal(student, ben, classroom):
    assignment = assignment_create(
        classroom=classroom,
        game="prime-solitaire",
        settings={"level": 3},
        goal="finish",
        goal_count=1,
    )
    match = played([student], settings=assignment.settings)
    Match.objects.filter(pk=match.pk).update(finished_at=timezone.now())
    (goal,) = reports.class_report(classroom).assignments
    assert goal == (assignment, "Prime Solitaire · Level 3", 1, 2)
    assert (goal.met, goal.assigned, goal.title) == (1, 2, "Prime Solitaire · Level 3")
    assert reports.class_report(classroom, game="multiplication").assignments == []


def test_the_class_report_takes_a_handful_of_queries_whatever_the_class_size(
    classroom, django_assert_max_num_queries
):
    students = roster.students_import(classroom=classroom, names=[f"S{i}" for i in range(30)])
    for student in students:
        played([student], events=facts(3, 1))
        played(
            [student, None], game="multiplication", settings={}, events=[(0, "fact", "3x4", True)]
        )
    count_all()
    assignment_create(
        classroom=classroom,
        game="prime-solitaire",
        settings={"level": 3},
        goal="finish",
        goal_count=1,
    )
    with django_assert_max_num_queries(6):
        report = reports.class_report(classroom)
    assert sum(len(row.levels) for row in report.rows) == 60


# --- exports --------------------------------------------------------------------------------
def test_csv_rows_are_the_screen_values_as_numbers(counted, classroom):
    report = reports.class_report(classroom)
    table = reports.csv_rows(report)
    assert table[0] == reports.CSV_HEADER
    shown = [(row.student, level) for row in report.rows for level in row.levels]
    assert len(table) == 1 + len(shown) + 1  # zed, who never played, gets one row
    for line, (student, level) in zip(table[1:], shown, strict=False):
        assert line == [
            "Class 4A",
            student.name,
            level.game_name,
            level.level_label,
            level.status_label,
            level.games_played,
            level.games_finished,
            level.wins,
            level.wins_with_help,
            level.games_gave_up,
            level.games_stood_in,
            level.games_passive,
            level.minutes_played,
            level.attempts,
            level.correct,
            "" if level.accuracy is None else round(100 * level.accuracy, 1),
            level.hints,
            level.helped,
            "; ".join(level.top_missed),
            level.suggestion or "",
        ]
        assert all(type(n) is int for n in line[5:15] + line[16:18])
        assert type(line[15]) is float
    assert table[1][15] == 50.0 and table[1][18] == "factors of 91"
    assert table[-1] == ["Class 4A", "zed", "", "", "Not started",
                         0, 0, 0, 0, 0, 0, 0, 0, 0, 0, "", 0, 0, "", ""]  # fmt: skip


def test_csv_of_a_filtered_report_names_the_game_and_level_for_students_without_games(
    counted, classroom
):
    report = reports.class_report(classroom, game="prime-solitaire", level="level-4")
    table = reports.csv_rows(report)
    assert [line[1:4] for line in table[1:]] == [
        ["Ana B.", "Prime Solitaire", "Level 4"],
        ["Ben", "Prime Solitaire", "Level 4"],
        ["Cleo", "Prime Solitaire", "Level 4"],
        ["zed", "Prime Solitaire", "Level 4"],
    ]


def test_an_accuracy_without_attempts_is_an_empty_cell(student, classroom):
    played([student], events=[(0, "hint", "no_set", True)])
    count_all()
    line = reports.csv_rows(reports.class_report(classroom))[1]
    assert line[13:18] == [0, 0, "", 1, 0]  # attempts, correct, accuracy, hints, helped


def test_the_csv_file_is_named_after_the_class_the_game_and_the_day(classroom):
    today = timezone.localdate().isoformat()
    report = reports.class_report(classroom)
    assert reports.csv_filename(report) == f"factorium-class-4a-all-{today}.csv"
    report = reports.class_report(classroom, game="prime-solitaire", level="level-3")
    assert reports.csv_filename(report) == f"factorium-class-4a-prime-solitaire-level-3-{today}.csv"


# --- nobody sees another class ----------------------------------------------------------------
def test_a_report_holds_only_its_own_class_and_another_teacher_cannot_get_it(
    counted, classroom, make_teacher
):
    other_teacher = make_teacher(email="other@school.test")
    other = roster.classroom_create(teacher=other_teacher, name="5B", sign_in_method="pictures")
    dana = roster.student_create(classroom=other, name="Dana")
    played([dana], events=facts(3, 0))
    count_all()
    assert names(reports.class_report(other)) == ["Dana"]
    assert "Dana" not in names(reports.class_report(classroom))
    assert [s.game for s in reports.student_report(dana).levels] == ["prime-solitaire"]
    request = RequestFactory().get("/")
    request.user = other_teacher
    with pytest.raises(Http404):
        teacher_classroom(request, classroom.pk)
    assert teacher_classroom(request, other.pk) == other


# --- a student's report -----------------------------------------------------------------------
def test_a_students_history_shows_their_last_games_newest_first(student, ben):
    played([student, ben], game="prime-challenge", winners=(0,), seconds=600)
    played([student, ben], game="prime-challenge", winners=(1,), seconds=59)
    played([student], status="abandoned", settings={"level": 5})
    played([student], status="lobby")
    history = reports.student_report(student).history
    assert [(h.game_name, h.level_label, h.result, h.minutes) for h in history] == [
        ("Prime Solitaire", "Level 5", "unfinished", 5),
        ("Prime Challenge", "Level 3", "lost", 1),
        ("Prime Challenge", "Level 3", "won", 10),
    ]
    assert history[0].date > history[1].date and history[2].match_id < history[1].match_id


def test_the_multiplication_fact_map_is_the_10_by_10_table_with_turnarounds_together(student):
    played(
        [student, None],
        game="multiplication",
        settings={},
        events=[
            (0, "fact", "7x8", True),
            (0, "fact", "8x7", False, "wrong_product"),
            (0, "fact", "2x3", True),
            (0, "fact", "3x12", False, "outside_table"),
        ],
    )
    count_all()
    (table,) = reports.student_report(student).fact_maps
    assert (table.title, table.kind, len(table.rows), len(table.rows[0])) == (
        "Multiplication facts: The Multiplication Game",
        "table",
        10,
        10,
    )
    seven_eight, eight_seven = table.rows[6][7], table.rows[7][6]
    assert seven_eight.label == "7 × 8" and eight_seven.label == "8 × 7"
    for cell in (seven_eight, eight_seven):
        assert (cell.right, cell.wrong, cell.accuracy, cell.band) == (1, 1, 0.5, "low")
    assert table.rows[1][2].band == "high" and table.rows[0][0].band == "none"


def test_fact_maps_are_per_game_and_level_ten_numbers_to_a_row(student, ben):
    """Issue 30: "Fact maps are per game, titled with the game and level (today 'Factor sets ·
    Level 2' merges Solitaire, Prime Bomb and Prime Challenge)"."""
    events = [(0, "factor_set", f"factors:{n}", True) for n in range(10, 22)]
    played([student, ben], game="prime-challenge", events=events[:6])
    played([student], events=[*events, (0, "factor_set", "factors:10", False, "x")])
    played([student], settings={"level": 1}, events=[(0, "factor_set", "factors:8", True)])
    count_all()
    challenge, level1, level3 = reports.student_report(student).fact_maps
    assert (challenge.title, [c.label for c in challenge.rows[0]]) == (
        "Factor sets: Prime Challenge · Level 3",
        ["10", "11", "12", "13", "14", "15"],
    )
    assert (level1.title, level1.kind, [[c.label for c in r] for r in level1.rows]) == (
        "Factor sets: Prime Solitaire · Level 1",
        "primes",
        [["8"]],
    )
    assert level3.title == "Factor sets: Prime Solitaire · Level 3"
    assert [len(r) for r in level3.rows] == [10, 2]
    assert level3.rows[0][0] == reports.FactCell("10", 1, 1, 0.5, "low")  # Solitaire's alone


@pytest.mark.parametrize(
    ("accuracy", "band"),
    [
        (None, "none"),
        (0.0, "low"),
        (0.599, "low"),
        (0.6, "mid"),
        (0.849, "mid"),
        (0.85, "high"),
        (1.0, "high"),
    ],
)
def test_fact_map_bands(accuracy, band):
    assert reports.band(accuracy) == band


# --- the platform's part ------------------------------------------------------------------------
def test_a_new_match_and_its_learning_records_carry_the_level_key(student):
    match = services.match_create(
        game="prime-solitaire",
        settings={"level": "4"},
        classroom=student.classroom,
        seats=[services.SeatSpec(student=student)],
        host=student,
        seed=3,
    )
    assert match.level == "level-4"
    services.match_play(match_id=match.pk, player=student, move={"type": "hint"}, version=1)
    record = LearningRecord.objects.get(match=match)
    assert (record.level, record.level_key) == ("Level 4", "level-4")


def test_a_game_abandoned_by_the_sweep_is_added_to_progress(
    student, django_capture_on_commit_callbacks
):
    match = played([student], status="playing", events=facts(2, 1))
    state = get_game("prime-solitaire").new_game({"level": 3}, 1, seed=1)
    Match.objects.filter(pk=match.pk).update(started_at=T0, last_move_at=T0, state=state)
    with django_capture_on_commit_callbacks(execute=True):
        assert services.matches_sweep()["abandoned"] == 1
    row = StudentProgress.objects.get(student=student)
    assert (row.games_played, row.games_finished, row.attempts) == (1, 0, 3)


def test_the_data_migration_fills_levels_of_older_matches(student, ben):
    make_mixed(student, ben, student)
    Match.objects.update(level="")
    LearningRecord.objects.update(level_key="")
    migration = importlib.import_module("games.migrations.0006_fill_progress_level")
    migration.fill(apps, None)
    assert set(Match.objects.values_list("game", "level")) == {
        ("prime-challenge", "level-3"),
        ("prime-solitaire", "level-3"),
        ("prime-solitaire", "level-4"),
        ("multiplication", "all"),
    }
    assert not LearningRecord.objects.exclude(level_key__in=["level-3", "level-4", "all"])
    assert LearningRecord.objects.filter(game="multiplication", level_key="all").count() == 4
    assert progress.progress_rebuild() > 0
