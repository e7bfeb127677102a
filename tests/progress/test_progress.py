"""Progress: aggregation of hand-made matches and events, the mastery rule, report jobs."""

from datetime import UTC, datetime, timedelta
from itertools import count

import pytest

from classrooms import services as roster
from games.engine import get_game
from games.models import LearningRecord, Match, Seat
from progress import services as progress
from progress.models import ProgressCounted, ReportJob, StudentProgress
from progress.tasks import progress_match, progress_rebuild_class

Status = StudentProgress.Status
T0 = datetime(2026, 3, 2, 9, 0, tzinfo=UTC)
_clock = count()


def played(
    students,
    *,
    game="prime-solitaire",
    settings=None,
    status="finished",
    winners=(0,),
    seconds=300,
    events=(),
    gave_up=(),
    stood_in=(),
    passive=(),
    mode="game",
):
    """A match made directly in the database. `students` sit in seats 0, 1, ... (None: a bot);
    events are (seat, kind, skill, correct), (seat, kind, skill, correct, mistake) or
    (seat, kind, skill, correct, mistake, helped). Seats in `gave_up` gave the game up; seats
    in `stood_in` were still played by a stand-in bot at the end; seats in `passive` made no
    try of their own (every other student seat did). A seat with a helped event or a hint was
    helped (as games.services marks seats)."""
    settings = settings if settings is not None else {"level": 3}
    key, label = get_game(game).progress_level(settings)
    started = T0 + timedelta(hours=next(_clock))
    ended = status in ("finished", "abandoned")
    classroom = next(s for s in students if s is not None).classroom
    match = Match.objects.create(
        game=game,
        settings=settings,
        seed=1,
        classroom=classroom,
        status=status,
        mode=mode,
        level=key,
        started_at=None if status == "lobby" else started,
        last_move_at=None if status == "lobby" else started + timedelta(seconds=seconds),
        finished_at=started + timedelta(seconds=seconds) if ended else None,
    )
    Seat.objects.bulk_create(
        Seat(
            match=match,
            index=i,
            student=student,
            bot="easy" if student is None or i in stood_in else "",
            bot_stand_in=i in stood_in,
            stood_in=i in stood_in,
            stand_in_last=i in stood_in,
            attempted=student is not None and i not in passive,
            helped=any(e[0] == i and (e[1] == "hint" or (e[5:] or (False,))[0]) for e in events),
            gave_up=i in gave_up,
            won=(i in winners) if status == "finished" else None,
        )
        for i, student in enumerate(students)
    )
    LearningRecord.objects.bulk_create(
        LearningRecord(
            match=match,
            student=students[seat],
            game=game,
            level=label,
            level_key=key,
            move_number=n,
            kind=kind,
            skill=skill,
            correct=correct,
            mistake=rest[0] if rest else "",
            helped=len(rest) > 1 and rest[1],
        )
        for n, (seat, kind, skill, correct, *rest) in enumerate(events, start=1)
    )
    return match


def facts(right: int, wrong: int, skill="factors:40", seat=0, wrong_skill=None):
    """`right` right attempts then `wrong` wrong ones, as events."""
    return [(seat, "factor_set", skill, True)] * right + [
        (seat, "factor_set", wrong_skill or skill, False, "wrong_product")
    ] * wrong


def hinted(sets: int, skill="factors:40", seat=0):
    """A hint asked, then the set it showed taken (the app helped), `sets` times."""
    return [
        (seat, "hint", skill, False, "asked_hint"),
        (seat, "factor_set", skill, True, "", True),
    ] * sets


def snapshot(student_ids=None):
    """Every progress row's numbers, by (student, game, level)."""
    rows = StudentProgress.objects.all()
    if student_ids is not None:
        rows = rows.filter(student_id__in=student_ids)
    fields = [
        "level_label",
        "games_played",
        "games_finished",
        "wins",
        "games_gave_up",
        "games_stood_in",
        "seconds_played",
        "attempts",
        "correct",
        "hints",
        "helped",
        "mistakes",
        "skills",
        "recent",
        "last_played_at",
        "status",
    ]
    return {
        (row.student_id, row.game, row.level): {f: getattr(row, f) for f in fields} for row in rows
    }


def count_all():
    for match in Match.objects.order_by("finished_at", "pk"):
        progress.progress_for_match(match_id=match.pk)


@pytest.fixture
def ben(classroom):
    return roster.student_create(classroom=classroom, name="Ben")


@pytest.fixture
def cleo(classroom):
    return roster.student_create(classroom=classroom, name="Cleo")


@pytest.fixture
def mixed(student, ben, cleo):
    make_mixed(student, ben, cleo)


def make_mixed(student, ben, cleo):
    """Three students, two games, two levels, wins and losses, every kind of event, an
    abandoned game, a game still being played and a table that never started."""
    played(
        [student, None],
        game="prime-challenge",
        winners=(0,),
        seconds=600,
        events=[
            (0, "factor_set", "factors:40", True),
            (0, "factor_set", "factors:91", False, "missed_set"),
            (0, "challenge", "challenge:set", False, "false_challenge"),
            (0, "factor_set", "factors:91", True),
        ],
    )
    played(
        [student, ben],
        game="prime-challenge",
        winners=(1,),
        events=[
            (0, "factor_set", "factors:91", False, "wrong_product"),
            (1, "factor_set", "factors:24", True),
            (1, "challenge", "challenge:set", True),
        ],
    )
    played(
        [student],
        settings={"level": 4},
        seconds=3 * 60 * 60,
        events=[
            (0, "factor_set", "factors:91", True),
            (0, "hint", "factors:26", False, "asked_hint"),
            (0, "rule", "solitaire:take_from_top", False, "skipped_card"),
        ],
    )
    played([ben], status="abandoned", events=facts(2, 1))
    played(
        [cleo, None],
        game="multiplication",
        settings={},
        winners=(1,),
        events=[
            (0, "fact", "7x8", True),
            (0, "fact", "7x8", False, "wrong_product"),
            (0, "match", "3x4", False, "no_common_multiplier"),
            (0, "play", "discard", False, "missed_play"),
        ],
    )
    played([cleo], status="playing", events=facts(5, 0))
    played([cleo, None], status="lobby")


# --- aggregation ------------------------------------------------------------------------------
def test_a_match_adds_games_time_attempts_mistakes_by_kind_and_skills(mixed, student):
    count_all()
    row = StudentProgress.objects.get(student=student, game="prime-challenge", level="level-3")
    assert (row.games_played, row.games_finished, row.wins) == (2, 2, 1)
    assert row.seconds_played == 600 + 300
    assert (row.attempts, row.correct) == (4, 2)  # the challenge is not an attempt at a fact
    assert row.mistakes == {"missed_set": 1, "false_challenge": 1, "wrong_product": 1}
    assert row.skills == {"factors:40": [1, 0], "factors:91": [1, 2]}
    assert row.recent == [1, 0, 1, 0]  # in the order played, newest last
    assert row.level_label == "Level 3" and row.status == Status.PRACTISING


def test_hints_and_rule_slips_are_mistakes_but_not_attempts(mixed, student):
    count_all()
    row = StudentProgress.objects.get(student=student, game="prime-solitaire", level="level-4")
    assert (row.attempts, row.correct, row.skills) == (1, 1, {"factors:91": [1, 0]})
    assert row.mistakes == {"asked_hint": 1, "skipped_card": 1}
    assert row.seconds_played == progress.MATCH_SECONDS_CAP  # 3 hours count as 2


def test_an_abandoned_game_counts_as_played_not_finished(mixed, ben):
    count_all()
    row = StudentProgress.objects.get(student=ben, game="prime-solitaire")
    assert (row.games_played, row.games_finished, row.wins, row.attempts) == (1, 0, 0, 3)


def test_a_game_still_being_played_or_never_started_counts_nothing(mixed, cleo):
    count_all()
    rows = StudentProgress.objects.filter(student=cleo)
    assert [(r.game, r.level) for r in rows] == [("multiplication", "all")]
    row = rows.get()
    assert (row.games_played, row.games_finished, row.wins) == (1, 1, 0)
    assert row.mistakes == {"wrong_product": 1, "no_common_multiplier": 1, "missed_play": 1}
    assert row.skills == {"7x8": [1, 1]}


def test_the_recent_window_keeps_the_last_100_attempts_newest_last(student):
    played([student], events=facts(60, 10))
    played([student], events=facts(30, 0) + facts(0, 30, wrong_skill="factors:91"))
    expected = ([1] * 60 + [0] * 10 + [1] * 30 + [0] * 30)[-100:]
    count_all()
    assert StudentProgress.objects.get().recent == expected
    progress.progress_rebuild()
    row = StudentProgress.objects.get()
    assert row.recent == expected and (row.attempts, row.correct) == (130, 90)


def test_the_incremental_update_equals_a_full_rebuild(mixed):
    count_all()
    incremental = snapshot()
    assert len(incremental) == 5
    progress.progress_rebuild()
    assert snapshot() == incremental
    assert ProgressCounted.objects.count() == 6  # a row per student of each ended match


def test_the_incremental_update_is_idempotent(mixed):
    count_all()
    before = snapshot()
    for match in Match.objects.all():
        assert progress.progress_for_match(match_id=match.pk) == 0
    assert snapshot() == before


def test_a_match_counted_by_a_rebuild_is_not_added_again(mixed):
    progress.progress_rebuild()
    before = snapshot()
    count_all()
    assert snapshot() == before


def test_a_game_that_ends_after_a_rebuild_is_added_by_the_incremental_update(mixed, cleo):
    progress.progress_rebuild()
    match = Match.objects.get(status="playing")
    Match.objects.filter(pk=match.pk).update(status="finished", finished_at=T0)
    assert progress_match.delay(match.pk).get() == 1
    assert StudentProgress.objects.get(student=cleo, game="prime-solitaire").attempts == 5
    incremental = snapshot()
    progress.progress_rebuild()
    assert snapshot() == incremental


def test_a_rebuild_that_crashed_midway_keeps_old_rows_and_a_retry_converges(mixed, student):
    count_all()
    expected = snapshot()
    StudentProgress.objects.update(games_played=99)  # stale numbers a rebuild must replace

    def crash(done, total):
        raise RuntimeError("worker lost")

    with pytest.raises(RuntimeError):
        progress.progress_rebuild(chunk_size=1, on_chunk=crash)
    after_crash = snapshot()
    first = {key: row for key, row in expected.items() if key[0] == student.pk}
    assert {k: v for k, v in after_crash.items() if k[0] == student.pk} == first
    assert all(v["games_played"] == 99 for k, v in after_crash.items() if k[0] != student.pk)
    progress.progress_rebuild(chunk_size=1)
    assert snapshot() == expected
    progress.progress_rebuild()
    assert snapshot() == expected


def test_a_rebuild_of_one_class_leaves_other_classes_alone(mixed, teacher, student):
    other = roster.classroom_create(teacher=teacher, name="5B", sign_in_method="pictures")
    dana = roster.student_create(classroom=other, name="Dana")
    played([dana], events=facts(3, 0))
    assert progress.progress_rebuild(classroom_id=student.classroom_id) == 5
    assert not StudentProgress.objects.filter(student=dana).exists()
    assert progress.progress_rebuild(student_ids=[dana.pk]) == 1


# --- only the student's own work counts ---------------------------------------------------------
@pytest.fixture
def honest(student, ben, cleo):
    make_honest(student, ben, cleo)


def make_honest(student, ben, cleo):
    """Help, give-ups and stand-ins: Ana wins a Level 2 game with some hints, gives one up at
    the end (Prime Solitaire's "give up") and one midway (closed); a bot finishes a Prime
    Challenge game for Ben, who was away; Cleo plays only a Learn to play round and a game
    of another mode, which never count."""
    level2 = {"level": 2}
    played(
        [student],
        settings=level2,
        events=facts(4, 1) + hinted(3) + [(0, "hint", "no_set", True)],
    )
    played([student], settings=level2, winners=(), gave_up=(0,), events=facts(2, 0))
    played([student], settings=level2, status="abandoned", gave_up=(0,), events=facts(1, 1))
    played(
        [ben, student],
        game="prime-challenge",
        settings=level2,
        winners=(0,),
        stood_in=(0,),
        events=facts(2, 0) + hinted(1, seat=1),
    )
    played([ben], status="abandoned", stood_in=(0,))  # stood in for, but never finished
    played([cleo], mode="learn", events=facts(5, 0))
    played([cleo], mode="practice", events=facts(5, 0))


def test_a_given_up_game_is_played_but_not_finished_nor_won(honest, student):
    count_all()
    row = StudentProgress.objects.get(student=student, game="prime-solitaire", level="level-2")
    assert (row.games_played, row.games_finished, row.wins) == (3, 1, 0)
    assert row.wins_with_help == 1  # issue 30: a win with hints is finished, not won alone
    assert (row.games_gave_up, row.games_stood_in) == (2, 0)
    # The sets they made themselves before giving up are still theirs.
    assert (row.attempts, row.correct, row.skills) == (9, 7, {"factors:40": [7, 2]})
    assert row.recent == [1, 1, 1, 1, 0, 1, 1, 1, 0]


def test_a_game_a_stand_in_bot_finished_is_not_the_students_own(honest, ben):
    count_all()
    challenge = StudentProgress.objects.get(student=ben, game="prime-challenge")
    assert (challenge.games_played, challenge.games_finished, challenge.wins) == (1, 0, 0)
    assert (challenge.games_stood_in, challenge.games_gave_up) == (1, 0)
    assert (challenge.attempts, challenge.correct) == (2, 2)  # their moves before they left
    closed = StudentProgress.objects.get(student=ben, game="prime-solitaire")
    assert (closed.games_played, closed.games_finished, closed.games_stood_in) == (1, 0, 0)


def test_hints_and_helped_attempts_are_counted_apart_from_attempts(honest, student):
    count_all()
    row = StudentProgress.objects.get(student=student, game="prime-solitaire", level="level-2")
    assert (row.hints, row.helped) == (4, 3)  # "no set here" is a hint asked too
    assert row.mistakes == {"wrong_product": 2, "asked_hint": 3}
    other = StudentProgress.objects.get(student=student, game="prime-challenge")
    assert (other.attempts, other.hints, other.helped, other.skills) == (0, 1, 1, {})
    assert (other.games_finished, other.wins) == (1, 0)  # lost, but their own game


def test_learn_to_play_and_practice_matches_never_count(honest, cleo):
    count_all()
    assert not StudentProgress.objects.filter(student=cleo).exists()
    assert not ProgressCounted.objects.filter(student=cleo).exists()
    for match in Match.objects.exclude(mode="game"):
        assert progress.progress_for_match(match_id=match.pk) == 0
    progress.progress_rebuild()
    assert not StudentProgress.objects.filter(student=cleo).exists()
    assert not ProgressCounted.objects.filter(student=cleo).exists()


def test_with_help_give_ups_and_stand_ins_the_incremental_update_equals_a_full_rebuild(
    student, ben, cleo
):
    make_mixed(student, ben, cleo)
    make_honest(student, ben, cleo)
    count_all()
    incremental = snapshot()
    assert len(incremental) == 8
    progress.progress_rebuild()
    assert snapshot() == incremental
    assert ProgressCounted.objects.count() == 6 + 6  # no Learn to play, no practice game
    progress.progress_rebuild(chunk_size=1)
    assert snapshot() == incremental


# --- the mastery rule -------------------------------------------------------------------------
def row(finished=0, attempts=0, recent=(), skills=None):
    recent = list(recent)
    return StudentProgress(
        games_finished=finished, attempts=attempts, recent=recent, skills=skills or {}
    )


def window(right: int, size: int) -> list[int]:
    return [0] * (size - right) + [1] * right


@pytest.mark.parametrize(
    ("progress_row", "status"),
    [
        (row(), Status.NOT_STARTED),
        (row(finished=1), Status.PRACTISING),
        (row(attempts=1, recent=[0]), Status.PRACTISING),  # an abandoned game with attempts
        (StudentProgress(helped=3), Status.PRACTISING),  # sets taken with help only
        (StudentProgress(games_played=1, games_gave_up=1), Status.PRACTISING),  # gave up
        (StudentProgress(hints=2), Status.PRACTISING),  # asked for hints only
        # "at least 3 finished games, at least 20 attempts, 16 of the last 20 right"
        (row(3, 20, window(16, 20)), Status.PROFICIENT),
        (row(2, 20, window(16, 20)), Status.PRACTISING),
        (row(3, 19, window(16, 19)), Status.PRACTISING),
        (row(3, 20, window(15, 20)), Status.PRACTISING),
        (row(3, 40, window(16, 20) + window(0, 5)), Status.PRACTISING),  # the last 20 count
        # "at least 5 finished, at least 50 attempts, 45 of the last 50 right, no weak fact"
        (row(5, 50, window(45, 50)), Status.MASTERED),
        (row(4, 50, window(45, 50)), Status.PROFICIENT),
        (row(5, 49, window(44, 49)), Status.PROFICIENT),
        (row(5, 50, window(44, 50)), Status.PROFICIENT),
        (row(5, 50, window(45, 50), {"7x8": [1, 2]}), Status.PROFICIENT),  # 3 tries, 33 %
        (row(5, 50, window(45, 50), {"7x8": [0, 2]}), Status.MASTERED),  # 2 tries: too few
        (row(5, 50, window(45, 50), {"7x8": [3, 2]}), Status.MASTERED),  # exactly 60 %
        (row(5, 50, window(45, 50), {"7x8": [2, 2]}), Status.PROFICIENT),  # 50 %
    ],
)
def test_the_mastery_rule_at_its_edges(progress_row, status):
    assert progress.mastery(progress_row) == status


def test_a_student_who_wins_by_hints_alone_is_not_proficient(student, ben):
    """docs/rules.md: "a hinted set or a shown result counts as help, not skill"."""
    for _ in range(3):
        played([student], events=hinted(10))  # every set taken after a hint showed it
        played([ben], events=facts(10, 0))  # the same sets, found alone
    count_all()
    hints_alone = StudentProgress.objects.get(student=student)
    assert (hints_alone.wins, hints_alone.attempts, hints_alone.helped) == (0, 0, 30)
    # Issue 30: won with help: finished, but not won alone.
    assert (hints_alone.wins_with_help, hints_alone.games_finished) == (3, 3)
    assert hints_alone.hints == 30 and hints_alone.status == Status.PRACTISING
    assert StudentProgress.objects.get(student=ben).status == Status.PROFICIENT
    progress.progress_rebuild()
    assert StudentProgress.objects.get(student=student).status == Status.PRACTISING


def test_games_given_up_or_finished_by_a_bot_meet_no_goal_of_the_mastery_rule(student):
    """docs/rules.md: "a game given up or finished by a stand-in bot meets no goal"."""
    played([student], events=facts(10, 0))
    played([student], events=facts(10, 0))
    played([student], gave_up=(0,), winners=(), events=facts(10, 0))
    played([student], stood_in=(0,), events=facts(10, 0))
    count_all()
    row = StudentProgress.objects.get(student=student)
    assert (row.games_finished, row.attempts, sum(row.recent)) == (2, 40, 40)
    assert row.status == Status.PRACTISING  # 3 finished games of their own are needed
    played([student], events=facts(1, 0))
    count_all()
    assert StudentProgress.objects.get(student=student).status == Status.PROFICIENT


@pytest.mark.parametrize(
    ("game", "level", "statuses", "suggested"),
    [
        ("prime-solitaire", "level-3", {"level-3": "mastered"}, ("level-4", "Level 4")),
        (
            "prime-solitaire",
            "level-3",
            {"level-3": "mastered", "level-4": "practising"},
            ("level-4", "Level 4"),
        ),
        ("prime-solitaire", "level-3", {"level-3": "mastered", "level-4": "proficient"}, None),
        ("prime-solitaire", "level-3", {"level-3": "mastered", "level-4": "mastered"}, None),
        ("prime-solitaire", "level-3", {"level-3": "proficient"}, None),
        ("prime-challenge", "level-1", {"level-1": "mastered"}, ("level-2", "Level 2")),
        ("prime-solitaire", "level-6", {"level-6": "mastered"}, None),  # the last level
        ("prime-climb", "classic", {"classic": "mastered"}, None),  # variants: not ordered
        ("multiplication", "all", {"all": "mastered"}, None),  # one level
    ],
)
def test_the_next_level_is_suggested_after_mastery_until_proficient_there(
    game, level, statuses, suggested
):
    assert progress.next_level(game, level, statuses) == suggested


# --- report jobs --------------------------------------------------------------------------------
def test_a_second_click_reuses_the_queued_job(classroom, django_capture_on_commit_callbacks):
    with django_capture_on_commit_callbacks() as sent:
        job = progress.report_job_start(classroom=classroom)
        again = progress.report_job_start(classroom=classroom)
    assert again.pk == job.pk and len(sent) == 1
    assert job.status == ReportJob.Status.QUEUED and job.kind == ReportJob.Kind.CLASS


def test_a_job_rebuilds_the_class_and_counts_students_chunk_by_chunk(
    mixed, classroom, monkeypatch, django_capture_on_commit_callbacks
):
    expected = (count_all(), snapshot())[1]
    StudentProgress.objects.all().delete()
    monkeypatch.setattr(progress, "CHUNK", 2)
    seen = []
    chunk = progress._rebuild_chunk

    def spy(ids):
        job = ReportJob.objects.get()
        seen.append((job.status, job.done, job.total))
        return chunk(ids)

    monkeypatch.setattr(progress, "_rebuild_chunk", spy)
    with django_capture_on_commit_callbacks(execute=True):
        job = progress.report_job_start(classroom=classroom)
    job.refresh_from_db()
    assert seen == [("running", 0, 3), ("running", 2, 3)]
    assert (job.status, job.done, job.total, job.percent) == ("done", 3, 3, 100)
    assert job.started_at and job.finished_at and snapshot() == expected
    with django_capture_on_commit_callbacks() as sent:
        assert progress.report_job_start(classroom=classroom).pk != job.pk  # done: a new one
    assert len(sent) == 1


def test_a_job_delivered_again_after_it_finished_does_nothing(classroom, student):
    job = ReportJob.objects.create(classroom=classroom, status="done", done=1, total=1)
    progress_rebuild_class.delay(job.pk)
    assert ReportJob.objects.get(pk=job.pk).started_at is None


def test_a_job_interrupted_while_running_starts_over_when_delivered_again(mixed, classroom):
    count_all()
    expected = snapshot()
    job = ReportJob.objects.create(classroom=classroom, status="running", done=2, total=3)
    StudentProgress.objects.update(wins=42)
    progress_rebuild_class.delay(job.pk)
    job.refresh_from_db()
    assert (job.status, job.done, job.total) == ("done", 3, 3) and snapshot() == expected


def test_a_failing_job_is_marked_failed(classroom, student, monkeypatch):
    def broken(ids):
        raise ValueError("disk full")

    monkeypatch.setattr(progress, "_rebuild_chunk", broken)
    job = ReportJob.objects.create(classroom=classroom)
    with pytest.raises(ValueError):
        progress.report_job_run(job_id=job.pk)
    job.refresh_from_db()
    assert (job.status, job.error) == ("failed", "disk full") and job.finished_at


def test_a_job_lost_long_ago_is_replaced(classroom, django_capture_on_commit_callbacks):
    lost = ReportJob.objects.create(classroom=classroom, status="running")
    ReportJob.objects.filter(pk=lost.pk).update(created_at=T0, started_at=T0 + timedelta(seconds=1))
    with django_capture_on_commit_callbacks():
        job = progress.report_job_start(classroom=classroom)
    assert job.pk != lost.pk
    assert ReportJob.objects.get(pk=lost.pk).status == "failed"


def test_the_nightly_rebuild_runs_a_job_per_class_with_students(
    mixed, teacher, django_capture_on_commit_callbacks
):
    roster.classroom_create(teacher=teacher, name="Empty", sign_in_method="pictures")
    with django_capture_on_commit_callbacks(execute=True):
        assert progress.report_jobs_nightly() == 1
    job = ReportJob.objects.get()
    assert (job.kind, job.status, job.done) == ("nightly", "done", 3)
    assert StudentProgress.objects.count() == 5
