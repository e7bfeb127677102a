"""Personal records: "Get two pawns from 0 to 101 in the minimum number of rolls you can. ...
Keep track of your rolls, and try to break your record!" (Prime Climb, Solitaire Variation 1).
"""

import random
from datetime import timedelta

import pytest
from django.test import Client
from django.urls import reverse
from django.utils import timezone

from classrooms import services as roster
from classrooms.models import Classroom
from games import services
from games.engine import get_game
from games.models import Match, Seat
from games.records import classroom_records, record_for_match, student_records

CLIMB = "prime-climb"
RULES = get_game(CLIMB)
START = timezone.now() - timedelta(days=30)


def finished(
    student,
    rolls: int,
    *,
    won: bool = True,
    day: int = 0,
    mode: str = "game",
    gave_up: bool = False,
    stood_in: bool = False,
    **settings,
) -> Match:
    """A hand-made finished solitaire match (Solitaire 1 unless told), `day` days after START;
    `gave_up`: the student gave it up, `stood_in`: a bot finished it for them."""
    settings = RULES.clean_settings({"variant": "solitaire_1", **settings})
    match = Match.objects.create(
        game=CLIMB,
        settings=settings,
        seed=1,
        classroom=student.classroom,
        host=student,
        status=Match.Status.FINISHED,
        mode=mode,
        outcome={"winners": [0] if won else [], "scores": [rolls], "reason": "done"},
        finished_at=START + timedelta(days=day),
    )
    Seat.objects.create(
        match=match,
        index=0,
        student=student,
        won=won,
        gave_up=gave_up,
        bot_stand_in=stood_in,
        stood_in=stood_in,
        attempted=True,  # a game the child played themselves (services mark it so)
        bot="easy" if stood_in else "",
    )
    return match


def best(student, game=None) -> list[tuple[str, int, int]]:
    return [(r.rule.key, r.score, r.match_id) for r in student_records(student, game)]


@pytest.fixture
def other_teacher(make_teacher):
    return make_teacher(email="other@school.test")


# --- the rule ------------------------------------------------------------------------------
def test_only_the_solitaire_variations_keep_a_record_of_the_fewest_rolls():
    assert RULES.record_rule({"variant": "classic"}) is None
    assert get_game("multiplication").record_rule({}) is None  # the protocol's default
    one = RULES.record_rule({"variant": "solitaire_1"})
    two = RULES.record_rule({"variant": "solitaire_2"})
    assert (one.label, one.lower_is_better, one.title) == ("rolls", True, "Solitaire 1")
    assert one.key != two.key
    assert one.better(15, 17) and not one.better(17, 17) and not one.better(19, 17)
    assert one.amount(17) == "17 rolls"


def test_doubles_may_and_extra_add_or_subtract_cards_keep_their_own_record():
    plain = RULES.record_rule({"variant": "solitaire_1"})
    may = RULES.record_rule({"variant": "solitaire_1", "doubles": "may"})
    extra = RULES.record_rule({"variant": "solitaire_1", "custom_cards": ["plus_minus:10"]})
    assert len({plain.key, may.key, extra.key}) == 3
    assert "doubles 2 or 4 times" in may.title and "+/− 10" in extra.title
    # Neither the game length nor cards solitaire leaves out change the record.
    same = [{"turn_limit": 15}, {"custom_cards": ["send_to:37"]}]
    assert all(RULES.record_rule({"variant": "solitaire_1", **s}) == plain for s in same)


# --- student_records ----------------------------------------------------------------------
def test_the_record_is_the_fewest_rolls_among_won_games(student):
    finished(student, 20, day=1)
    best_match = finished(student, 15, day=2)
    finished(student, 18, day=3)
    finished(student, 9, won=False, day=4)  # given up or out of turns: not won, no record
    assert best(student) == [("solitaire_1", 15, best_match.pk)]
    (record,) = student_records(student)
    assert record.date == best_match.finished_at and record.text == "15 rolls"


def test_the_first_of_equal_scores_holds_the_record(student):
    first = finished(student, 15, day=1)
    finished(student, 15, day=2)
    assert best(student) == [("solitaire_1", 15, first.pk)]


def test_solitaire_1_and_2_and_doubles_may_are_separate_records(student):
    one = finished(student, 20, day=1)
    two = finished(student, 40, day=2, variant="solitaire_2")
    may = finished(student, 12, day=3, doubles="may")
    assert best(student) == [
        ("solitaire_1", 20, one.pk),
        ("solitaire_1:doubles-may", 12, may.pk),
        ("solitaire_2", 40, two.pk),
    ]
    assert best(student, game="multiplication") == []
    assert len(best(student, game=CLIMB)) == 3


def test_another_students_games_and_unfinished_games_do_not_count(student, ben):
    mine = finished(student, 20)
    finished(ben, 10)
    playing = finished(student, 5)
    Match.objects.filter(pk=playing.pk).update(status=Match.Status.PLAYING)
    assert best(student) == [("solitaire_1", 20, mine.pk)]
    assert best(ben)[0][1] == 10


def test_only_real_games_won_by_the_student_themselves_keep_a_record(student):
    mine = finished(student, 20, day=1)
    learn = finished(student, 9, day=2, mode="learn")  # a Learn to play round
    stood_in = finished(student, 10, day=3, stood_in=True)  # a bot finished it for them
    gave_up = finished(student, 11, day=4, gave_up=True, stood_in=True)
    assert best(student) == [("solitaire_1", 20, mine.pk)]
    assert record_for_match(learn) is None  # never counted: no record to tell
    for match in (stood_in, gave_up):
        result = record_for_match(match)
        assert result.score is None and not result.is_new and result.previous.match_id == mine.pk
    assert classroom_records(student.classroom)[0][1][0].match_id == mine.pk


def test_a_student_without_a_won_solitaire_game_has_no_record(student):
    finished(student, 30, won=False)
    assert student_records(student) == []


def test_records_take_one_query_however_many_games(student, ben, django_assert_num_queries):
    for day in range(6):
        finished(student, 20 - day, day=day, variant=["solitaire_1", "solitaire_2"][day % 2])
        finished(ben, 30 + day, day=day)
    with django_assert_num_queries(1):
        assert len(student_records(student)) == 2
    with django_assert_num_queries(2):
        rows = classroom_records(student.classroom)
    assert [(s.name, [r.score for r in records]) for s, records in rows] == [
        ("Ana B.", [16, 15]),
        ("Ben", [30]),
    ]


# --- record_for_match ---------------------------------------------------------------------
def test_a_first_win_is_a_new_record(student):
    result = record_for_match(finished(student, 17))
    assert result.is_new and result.previous is None and result.text == "17 rolls"


def test_a_better_win_is_a_new_record_and_an_equal_or_worse_one_is_not(student):
    first = finished(student, 17, day=1)
    better = finished(student, 15, day=2)
    equal = finished(student, 15, day=3)
    worse = finished(student, 19, day=4)
    lost = finished(student, 8, won=False, day=5)
    assert record_for_match(better).is_new
    assert record_for_match(better).previous.match_id == first.pk
    for match in (equal, worse):
        result = record_for_match(match)
        assert not result.is_new and result.previous.score == 15
    result = record_for_match(lost)
    assert not result.won and result.score is None and not result.is_new
    assert result.previous.match_id == better.pk
    # Looking back at an old game: it is judged against the games before it only.
    assert record_for_match(first).is_new


def test_a_win_in_another_variation_does_not_beat_the_record(student):
    finished(student, 15, day=1)
    assert record_for_match(finished(student, 30, day=2, variant="solitaire_2")).is_new


def test_games_without_records_and_unfinished_games_have_no_match_record(student):
    classic = finished(student, 101, variant="classic")
    assert record_for_match(classic) is None
    playing = finished(student, 17)
    playing.status = Match.Status.PLAYING
    assert record_for_match(playing) is None


# --- the pages ----------------------------------------------------------------------------
def test_the_board_of_a_finished_game_shows_a_new_record(student_client, student):
    finished(student, 19, day=1)
    match = finished(student, 17, day=2)
    page = student_client.get(reverse("match_detail", args=[match.pk])).content.decode()
    assert "New record: 17 rolls!" in page and "Your best before: 19 rolls." in page


def test_the_board_of_a_worse_game_shows_the_record_and_this_games_rolls(student_client, student):
    finished(student, 15, day=1)
    match = finished(student, 17, day=2)
    page = student_client.get(reverse("match_detail", args=[match.pk])).content.decode()
    assert "Your record: 15 rolls (this game: 17)" in page and "New record" not in page


def test_the_board_of_other_games_shows_no_record(student_client, student):
    match = finished(student, 101, variant="classic")
    page = student_client.get(reverse("match_detail", args=[match.pk])).content.decode()
    assert "record" not in page.lower()


def test_the_students_page_lists_their_records(student_client, student, ben):
    home = reverse("student_home")
    assert "Your records" not in student_client.get(home).content.decode()
    finished(student, 30, won=False)
    assert "Your records" not in student_client.get(home).content.decode()
    finished(student, 21, day=1)
    finished(student, 44, day=2, variant="solitaire_2")
    finished(ben, 12, day=3)
    page = student_client.get(home).content.decode()
    assert "Your records" in page
    assert "Solitaire 1: 21 rolls" in page and "Solitaire 2 (there and back): 44 rolls" in page
    assert "12 rolls" not in page  # Ben's


def test_the_teacher_sees_each_students_records(teacher_client, classroom, student, ben):
    url = reverse("class_matches", args=[classroom.pk])
    assert "No records yet" in teacher_client.get(url).content.decode()
    finished(student, 21)
    finished(ben, 18, doubles="may")
    page = teacher_client.get(url).content.decode()
    assert "Ana B." in page and "21 rolls" in page
    assert "Ben" in page and "18 rolls" in page and "doubles 2 or 4 times" in page


def test_a_teacher_of_another_class_cannot_see_the_records(
    client, classroom, student, other_teacher
):
    finished(student, 21)
    other = roster.classroom_create(
        teacher=other_teacher, name="Class 5B", sign_in_method=Classroom.SignInMethod.PICTURES
    )
    client.force_login(other_teacher, backend="classrooms.auth.TeacherBackend")
    assert client.get(reverse("class_matches", args=[classroom.pk])).status_code == 404
    page = client.get(reverse("class_matches", args=[other.pk])).content.decode()
    assert "21 rolls" not in page and "No records yet" in page


# --- a real game ---------------------------------------------------------------------------
def test_a_real_solitaire_game_won_through_the_services_sets_the_first_record(student):
    """The student plays Solitaire 1 as the strong bot would, move by move, to 101 and 101."""
    match = services.match_create(
        game=CLIMB,
        settings={"variant": "solitaire_1"},
        classroom=student.classroom,
        seats=[services.SeatSpec(student=student)],
        host=student,
        seed=1,
    )
    bot, rng = RULES.bots()["strong"], random.Random(1)
    for _ in range(2000):
        match.refresh_from_db()
        if match.status == Match.Status.FINISHED:
            break
        view = RULES.view(match.state, 0)
        move = bot.choose_move(view, RULES.legal_moves(match.state, 0), rng)
        services.match_play(
            match_id=match.pk, player=student, move=move.to_json(), version=match.version
        )
    assert match.status == Match.Status.FINISHED and match.outcome["winners"] == [0]
    rolls = match.outcome["scores"][0]
    assert student_records(student)[0].score == rolls
    result = record_for_match(match)
    assert result.is_new and result.text == f"{rolls} rolls"
    client = Client()
    client.force_login(student.user, backend="classrooms.auth.StudentBackend")
    page = client.get(reverse("match_detail", args=[match.pk])).content.decode()
    assert f"New record: {rolls} rolls!" in page
