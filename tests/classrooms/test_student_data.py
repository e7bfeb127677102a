"""Removing a student with their data while classmates' games stay whole ("a former student"),
and the privacy notice. (The teacher's download of everything stored about a student:
tests/progress/test_export.py.)"""

import pytest
from django.test import Client, override_settings
from django.urls import reverse

from classrooms import services as roster
from classrooms.models import Assignment, Classroom, Student, User
from games import services
from games.engine import get_game
from games.models import FORMER_STUDENT, LearningRecord, Match, Seat
from progress import services as progress
from progress.models import ProgressCounted, StudentProgress

GAME = "multiplication"
HTMX = {"HTTP_HX_REQUEST": "true"}


@pytest.fixture
def ben(classroom):
    return roster.student_create(classroom=classroom, name="Ben")


@pytest.fixture
def rules():
    return get_game(GAME)


def _new_match(*seats, host=None, seed=7, start=True):
    """A multiplication match; a seat is a Student, a bot name, or None (open)."""
    specs = [
        services.SeatSpec(student=s) if isinstance(s, Student) else services.SeatSpec(bot=s or "")
        for s in seats
    ]
    first = next(s for s in seats if isinstance(s, Student))
    return services.match_create(
        game=GAME,
        settings={},
        classroom=first.classroom,
        seats=specs,
        host=host or first,
        seed=seed,
    )


def _step(match, rules) -> bool:
    """One move: a bot's if the seat to move is bot-played, else the student's first legal
    move. False once the game is over."""
    match.refresh_from_db()
    if match.status != Match.Status.PLAYING:
        return False
    if services.match_bot_play(match_id=match.pk, version=match.version):
        return True
    seat = match.seats.get(index=rules.current_player(match.state))
    move = rules.legal_moves(match.state, seat.index)[-1]
    services.match_play(
        match_id=match.pk, player=seat.student, move=move.to_json(), version=match.version
    )
    return True


def _play_until(match, rules, student) -> None:
    """Moves until it is `student`'s turn (bots and the other student play theirs)."""
    for _ in range(300):
        match.refresh_from_db()
        if match.seats.get(index=rules.current_player(match.state)).student_id == student.pk:
            return
        assert _step(match, rules)
    raise AssertionError("never the student's turn")


def _finish(match) -> Match:
    """Bots stand in for everyone left and play the game to its end."""
    match.seats.filter(student__isnull=False).update(bot="strong", bot_stand_in=True)
    for _ in range(2000):
        match.refresh_from_db()
        if not services.match_bot_play(match_id=match.pk, version=match.version):
            break
    match.refresh_from_db()
    assert match.status == Match.Status.FINISHED
    return match


def played_together(student, ben) -> Match:
    """Ana and Ben played a game together: each made moves of their own, then stand-in bots
    finished it. Its progress is counted for both."""
    rules = get_game(GAME)
    match = _new_match(student, ben)
    for player in (student, ben, student):
        _play_until(match, rules, player)
        _step(match, rules)
    match = _finish(match)
    progress.progress_for_match(match_id=match.pk)
    return match


def played_against_bots(student) -> Match:
    """Ana against a bot, finished, counted."""
    rules = get_game(GAME)
    match = _new_match(student, "easy", seed=3)
    _play_until(match, rules, student)
    _step(match, rules)
    match = _finish(match)
    progress.progress_for_match(match_id=match.pk)
    return match


@pytest.fixture
def together(student, ben):
    return played_together(student, ben)


@pytest.fixture
def against_bots(student):
    return played_against_bots(student)


# --- removing a student with their data -------------------------------------------------------


def test_removing_deletes_their_records_progress_ledger_account_and_solo_games(
    student, ben, together, against_bots
):
    ana_user, ana_id = student.user_id, student.pk
    ben_progress = StudentProgress.objects.filter(student=ben).count()
    ben_records = LearningRecord.objects.filter(student=ben).count()
    assert ProgressCounted.objects.filter(student_id=ana_id).count() == 2
    assert LearningRecord.objects.filter(student_id=ana_id).exists()

    roster.student_remove(student=student)

    assert not Student.objects.filter(pk=ana_id).exists()
    assert not User.objects.filter(pk=ana_user).exists()
    assert not LearningRecord.objects.filter(student_id=ana_id).exists()
    assert not StudentProgress.objects.filter(student_id=ana_id).exists()
    assert not ProgressCounted.objects.filter(student_id=ana_id).exists()
    assert not Match.objects.filter(pk=against_bots.pk).exists()  # nobody else was in it
    # The classmate's game and everything of Ben's stay.
    seat = Seat.objects.get(match=together, index=0)
    assert seat.student_id is None and seat.former_student
    assert seat.display_name == FORMER_STUDENT and not seat.is_open
    assert together.moves.filter(seat=0).exists()
    assert StudentProgress.objects.filter(student=ben).count() == ben_progress > 0
    assert LearningRecord.objects.filter(student=ben).count() == ben_records > 0
    assert ProgressCounted.objects.filter(student=ben, match=together).exists()


def test_a_finished_game_with_classmates_still_shows_with_a_former_student(
    teacher_client, student, ben, together
):
    roster.student_remove(student=student)

    classmate = Client()
    classmate.force_login(ben.user, backend="classrooms.auth.StudentBackend")
    board = classmate.get(reverse("match_detail", args=[together.pk]))
    assert board.status_code == 200
    assert FORMER_STUDENT in board.content.decode() and "Ana B." not in board.content.decode()

    replay = teacher_client.get(reverse("match_replay", args=[together.pk]))
    assert replay.status_code == 200
    html = replay.content.decode()
    assert FORMER_STUDENT in html and "Ana B." not in html
    assert f"A bot playing for {FORMER_STUDENT}" in html  # the stand-in's moves, never hers
    for step in range(together.move_count + 1):  # every step still rebuilds
        url = reverse("match_replay", args=[together.pk])
        assert teacher_client.get(url, {"step": step}, **HTMX).status_code == 200

    games = teacher_client.get(reverse("class_matches", args=[ben.classroom_id]))
    assert FORMER_STUDENT in games.content.decode() and "Ana B." not in games.content.decode()


def test_a_game_being_played_with_a_classmate_goes_on_with_a_bot(client, student, ben, rules):
    match = _new_match(student, ben)
    _play_until(match, rules, student)
    _step(match, rules)
    _play_until(match, rules, student)  # Ana's turn: the game waits for her

    roster.student_remove(student=student)

    match.refresh_from_db()
    assert match.status == Match.Status.PLAYING
    seat = match.seats.get(index=0)
    assert seat.former_student and seat.student_id is None and not seat.is_open
    assert seat.bot and seat.bot_stand_in and seat.is_bot_turn_player
    moves = match.move_count
    assert services.match_bot_play(match_id=match.pk, version=match.version)  # her turn
    match.refresh_from_db()
    last = match.moves.get(number=moves + 1)
    assert last.seat == 0 and last.by_bot and match.recent[0]["stand_in"]

    client.force_login(ben.user, backend="classrooms.auth.StudentBackend")
    board = client.get(reverse("match_detail", args=[match.pk])).content.decode()
    assert FORMER_STUDENT in board and "Ana B." not in board
    _play_until(match, rules, ben)
    _step(match, rules)  # Ben plays on
    match = _finish(match)
    progress.progress_for_match(match_id=match.pk)
    assert set(ProgressCounted.objects.filter(match=match).values_list("student", flat=True)) == {
        ben.pk
    }


def test_a_game_is_closed_if_nobody_else_is_still_playing_it(student, ben, rules):
    match = _new_match(student, ben)
    services.match_give_up(match_id=match.pk, player=ben)  # a bot plays Ben's seat already
    roster.student_remove(student=student)
    match.refresh_from_db()
    assert match.status == Match.Status.ABANDONED
    assert match.seats.get(index=0).former_student


def test_tables_in_the_lobby_are_left_and_the_host_s_table_is_closed(student, ben, classroom):
    cy = roster.student_create(classroom=classroom, name="Cy")
    hers = _new_match(student, ben, None, host=student)  # waits for a third player
    his = _new_match(ben, student, None, host=ben)
    assert hers.status == his.status == Match.Status.LOBBY

    roster.student_remove(student=student)

    hers.refresh_from_db()
    his.refresh_from_db()
    assert hers.status == Match.Status.ABANDONED
    assert his.status == Match.Status.LOBBY
    seat = his.seats.get(index=1)
    assert seat.student_id is None and not seat.former_student and seat.is_open
    services.match_join(match_id=his.pk, student=cy)  # her place is free for a classmate
    assert his.seats.filter(student=cy).exists()


def test_her_own_assignments_go_and_shared_ones_keep_the_others(student, ben, classroom):
    hers = Assignment.objects.create(classroom=classroom, game=GAME)
    hers.students.add(student)
    shared = Assignment.objects.create(classroom=classroom, game=GAME)
    shared.students.add(student, ben)
    everyone = Assignment.objects.create(classroom=classroom, game=GAME)

    roster.student_remove(student=student)

    assert not Assignment.objects.filter(pk=hers.pk).exists()  # else it would mean everyone
    assert list(shared.students.all()) == [ben]
    assert Assignment.objects.filter(pk=everyone.pk).exists()


def test_any_deletion_of_a_student_leaves_a_former_student_never_an_open_seat(
    student, ben, together
):
    student.user.delete()  # as the admin would, without the service
    seat = Seat.objects.get(match=together, index=0)
    assert seat.former_student and seat.student_id is None and not seat.is_open


def test_deleting_a_class_takes_its_games_and_students_with_it(classroom, student, together):
    Classroom.objects.filter(pk=classroom.pk).delete()
    assert not Match.objects.filter(pk=together.pk).exists()
    assert not Student.objects.exists() and not Seat.objects.exists()


def test_the_remove_page_says_what_is_deleted_and_what_is_kept(teacher_client, student, together):
    url = reverse("student_remove", args=[student.classroom_id, student.pk])
    page = teacher_client.get(url).content.decode()
    assert "cannot be undone" in page
    assert "Deleted" in page and "Kept for their classmates" in page
    assert "“a former student”" in page
    assert teacher_client.post(url).status_code == 302
    assert Seat.objects.get(match=together, index=0).former_student


# --- the privacy notice ------------------------------------------------------------------------


def test_the_privacy_notice_is_open_to_everyone_and_says_what_is_kept_and_how_long(client, db):
    response = client.get(reverse("privacy"))
    assert response.status_code == 200
    page = response.content.decode()
    for words in (
        "no email address",
        "no birth date",
        "no tracking",
        "until their teacher removes them",
        "at most <strong>12 hours</strong>",
        "Download everything stored about",
        "a former student",
    ):
        assert words in page, words


@override_settings(SESSION_COOKIE_AGE=6 * 3600)
def test_the_privacy_notice_tells_this_server_s_own_times(client, db):
    assert "at most <strong>6 hours</strong>" in client.get(reverse("privacy")).content.decode()


def test_the_privacy_notice_is_linked_from_sign_up_and_every_page_s_footer(student):
    link = f'href="{reverse("privacy")}"'
    anyone = Client()
    assert link in anyone.get(reverse("signup")).content.decode()
    assert link in anyone.get(reverse("home")).content.decode()
    child = Client()
    child.force_login(student.user, backend="classrooms.auth.StudentBackend")
    match = _new_match(student, "easy")
    page = child.get(reverse("match_detail", args=[match.pk])).content.decode()  # a game page
    assert '<footer class="site-footer">' in page and link in page
