"""Learning a game inside the app: every game's Learn to play round played through the
services, How to play and the rules pages, and that none of it is ever counted."""

import pytest
from django.test import Client
from django.urls import reverse

from games import services
from games.engine import IllegalMove, all_games, get_game
from games.engine.learn import learn_playthrough, learn_step
from games.engine.registry import register
from games.engine.texts import LEARNER, HowToPlay, check_texts
from games.models import LearningRecord, Match
from progress.models import StudentProgress

GAMES = all_games()
FIRST = get_game("multiplication")


def play_learn_round(match: Match, player) -> Match:
    """Follow the coach: the learner makes each step's move(s), the script its own steps."""
    rules = get_game(match.game)
    script = rules.learn_to_play()
    for _ in range(500):
        match.refresh_from_db()
        if match.status != Match.Status.PLAYING:
            return match
        step = learn_step(script, match.learn)
        if step.seat != LEARNER:
            assert services.match_bot_play(match_id=match.pk, version=match.version)
            continue
        for data in step.moves if step.all_of else step.moves[:1]:
            match.refresh_from_db()
            services.match_play(match_id=match.pk, player=player, move=data, version=match.version)
    raise AssertionError("the Learn to play round did not end")


@pytest.mark.parametrize("game", GAMES, ids=lambda game: game.slug)
def test_every_game_can_teach_itself(game):
    check_texts(game)  # the registry refuses a game without How to play, Learn to play, rules
    learn_playthrough(game)  # every step of its Learn to play can be made as written


def test_a_game_without_its_texts_cannot_be_registered():
    class Mute(type(FIRST)):
        slug = "mute-test-game"

        def how_to_play(self):
            return HowToPlay(goal="", steps=())

    with pytest.raises(ValueError, match="how_to_play"):
        register(Mute())
    assert "mute-test-game" not in {game.slug for game in all_games()}


@pytest.mark.django_db
@pytest.mark.parametrize("game", GAMES, ids=lambda game: game.slug)
def test_a_student_completes_learn_to_play_and_nothing_counts(game, student):
    match = services.learn_create(game=game.slug, player=student)
    assert match.mode == Match.Mode.LEARN and match.status == Match.Status.PLAYING
    assert match.seats.get(index=0).student == student
    assert match.deadline_at is None, "a learner is never rushed"
    match = play_learn_round(match, student)
    assert match.status == Match.Status.FINISHED
    assert not LearningRecord.objects.filter(match=match).exists()
    assert not StudentProgress.objects.filter(student=student).exists()


@pytest.mark.django_db
@pytest.mark.parametrize("game", GAMES, ids=lambda game: game.slug)
def test_learn_to_play_takes_only_the_step_the_coach_asks_for(game, student):
    match = services.learn_create(game=game.slug, player=student)
    rules = get_game(game.slug)
    script = rules.learn_to_play()
    while learn_step(script, match.learn).seat != LEARNER:
        services.match_bot_play(match_id=match.pk, version=match.version)
        match.refresh_from_db()
    step = learn_step(script, match.learn)
    wanted = [rules.parse_move(data) for data in step.moves]
    others = [m for m in rules.legal_moves(match.state, LEARNER) if m not in wanted]
    before = (match.version, match.state, match.learn)
    if others:
        with pytest.raises(IllegalMove, match="Not that one yet"):
            services.match_play(
                match_id=match.pk, player=student, move=others[0].to_json(), version=match.version
            )
    with pytest.raises(IllegalMove):
        services.match_play(
            match_id=match.pk, player=student, move={"type": "nonsense"}, version=match.version
        )
    match.refresh_from_db()
    assert (match.version, match.state, match.learn) == before


@pytest.mark.django_db
def test_the_board_shows_the_coach(student_client, student):
    match = services.learn_create(game=FIRST.slug, player=student)
    script = FIRST.learn_to_play()
    page = student_client.get(reverse("match_detail", args=[match.pk])).content.decode()
    assert "Learn to play · step 1 of" in page
    assert script.intro in page or script.steps[0].say in page


@pytest.mark.django_db
def test_a_teacher_can_learn_to_play_too(teacher_client, teacher):
    slug = FIRST.slug
    response = teacher_client.post(reverse("game_learn", args=[slug]))
    match = Match.objects.get(mode=Match.Mode.LEARN)
    assert response.url == reverse("match_detail", args=[match.pk])
    assert match.classroom_id is None and match.seats.get(index=0).teacher == teacher
    assert teacher_client.get(response.url).status_code == 200


# --- How to play and the rules -----------------------------------------------------------------


@pytest.mark.django_db
@pytest.mark.parametrize("game", GAMES, ids=lambda game: game.slug)
def test_how_to_play_draws_every_step(game, student_client):
    response = student_client.get(reverse("game_how", args=[game.slug]))
    assert response.status_code == 200
    page = response.content.decode()
    how = game.how_to_play()
    assert f"How to play {game.name}" in page
    for step in how.steps:
        assert step.title in page
        if step.picture:
            assert step.picture.caption in page
    partial = student_client.get(
        reverse("game_how", args=[game.slug]), headers={"HX-Request": "true"}
    )
    assert b"<html" not in partial.content and how.steps[0].title in partial.content.decode()


@pytest.mark.django_db
@pytest.mark.parametrize("game", GAMES, ids=lambda game: game.slug)
def test_teachers_read_the_full_rules_with_every_setting(game, teacher_client):
    response = teacher_client.get(reverse("game_rules", args=[game.slug]))
    assert response.status_code == 200
    page = response.content.decode()
    for section in game.rules_for_teachers():
        assert section.title in page
    for spec in game.settings_fields():
        assert spec["label"] in page


@pytest.mark.django_db
def test_learning_pages_are_linked_from_where_children_and_teachers_look(
    student_client, teacher, classroom
):
    slug = FIRST.slug
    games_page = student_client.get(reverse("game_list")).content.decode()
    assert reverse("game_how", args=[slug]) in games_page
    assert reverse("game_learn", args=[slug]) in games_page
    new_page = student_client.get(reverse("match_new", args=[slug])).content.decode()
    assert reverse("game_how", args=[slug]) in new_page
    teacher_client = Client()
    teacher_client.force_login(teacher, backend="classrooms.auth.TeacherBackend")
    form = teacher_client.get(reverse("assignment_new", args=[classroom.pk, slug]))
    assert reverse("game_rules", args=[slug]) in form.content.decode()


@pytest.mark.django_db
def test_learning_pages_need_a_sign_in_and_a_real_game(student_client):
    assert Client().get(reverse("game_how", args=[FIRST.slug])).status_code == 302
    assert student_client.get(reverse("game_how", args=["no-such-game"])).status_code == 404
    assert student_client.post(reverse("game_learn", args=["no-such-game"])).status_code == 404
