"""The teacher's after-game analysis of Prime Solitaire (issue 18): could the deal have been
won, and if so, the first move that lost it, pointed at on the replay."""

import random

import pytest
from django.urls import reverse

from games import services
from games.engine.protocol import apply_logged
from games.models import Match
from games.primepak.solitaire.game import SOLITAIRE as GAME
from games.primepak.solitaire.moves import Collect, Resign, Turn
from games.primepak.solitaire.solver import NO_WIN, WIN, first_wrong_move, line_moves, solve


def bot_log(settings: dict, seed: int, bot: str = "medium") -> tuple[dict, list]:
    """A seeded game played by a bot: its end and its move log (seat, move data)."""
    state = GAME.new_game(settings, 1, seed)
    rng, log = random.Random(seed), []
    while GAME.outcome(state) is None:
        move = GAME.bots()[bot].choose_move(GAME.view(state, 0), GAME.legal_moves(state, 0), rng)
        log.append((0, move.to_json()))
        state = GAME.apply_move(state, 0, move)
    return state, log


def replayed(settings: dict, seed: int, log: list, moves: int) -> dict:
    state = GAME.new_game(settings, 1, seed)
    for seat, data in log[:moves]:
        state = apply_logged(GAME, state, seat, data)
    return state


def test_the_first_wrong_move_is_where_a_win_stops_being_possible():
    """A level 4 deal the medium bot lost. Before the move the analysis names, the solver has
    a winning line (checked again here); after it, none (proved)."""
    settings = GAME.clean_settings({"level": 4})
    end, log = bot_log(settings, seed=0)
    assert end["status"] == "lost"
    verdict, wrong = first_wrong_move(GAME, GAME.new_game(settings, 1, 0), log)
    assert verdict == WIN and wrong.proved and not wrong.gave_up
    assert wrong.before < wrong.move == wrong.lost_by
    before = replayed(settings, 0, log, wrong.before)
    assert solve(before, max_seconds=5).status == WIN
    assert solve(replayed(settings, 0, log, wrong.move), max_seconds=5).status == NO_WIN
    # Between the two, one choice: its cards, then the set taken (or the card turned).
    choice = [GAME.parse_move(data) for _, data in log[wrong.before : wrong.move]]
    assert isinstance(choice[-1], Collect | Turn)
    assert not any(isinstance(move, Collect | Turn) for move in choice[:-1])

    analysis = GAME.analyse(settings, 1, 0, end, log)
    assert analysis["winnable"] is True
    assert (
        f"move {wrong.move} (took" in analysis["summary"]
        or f"move {wrong.move} (turned" in (analysis["summary"])
    )
    assert analysis["replay"]["step"] == wrong.before
    assert analysis["replay"]["move"] == wrong.move
    assert analysis["replay"]["mark"] == "the first move that went wrong"
    # The better way is the solver's own first step from there, in words.
    first = solve(before, max_seconds=5).line[0]
    better = "turn over a card" if first == ("turn",) else "take "
    assert f"Better: {better}" in analysis["summary"]


def test_giving_up_while_the_deal_could_still_be_won_is_said_so():
    settings = GAME.clean_settings({"level": 1})
    log = [(0, Turn().to_json()), (0, Turn().to_json()), (0, Resign().to_json())]
    end = replayed(settings, 3, log, 3)
    assert end["status"] == "resigned"
    analysis = GAME.analyse(settings, 1, 3, end, log)
    assert analysis["winnable"] is True
    assert analysis["summary"].startswith(
        "This deal could still have been won when it was given up at move 3."
    )
    assert analysis["replay"] == {
        "step": 2,
        "move": 3,
        "note": analysis["replay"]["note"],
        "mark": "given up while it could still be won",
    }


def test_a_won_game_and_an_unwinnable_deal_get_no_wrong_move():
    settings = GAME.clean_settings({"level": 1})
    end, log = bot_log(settings, seed=1)
    assert end["status"] == "won"
    assert GAME.analyse(settings, 1, 1, end, log) == {
        "winnable": True,
        "summary": "Won: the whole layout was cleared.",
    }
    assert first_wrong_move(GAME, GAME.new_game(settings, 1, 1), log) == (WIN, None)


def played_by(student, settings: dict, seed: int, bot: str = "medium") -> Match:
    """A finished match of the student's, each move the one the bot made on this deal (as if
    the student had made it), analysed."""
    match = services.match_create(
        game="prime-solitaire",
        settings=settings,
        classroom=student.classroom,
        seats=[services.SeatSpec(student=student)],
        host=student,
        seed=seed,
    )
    _, log = bot_log(GAME.clean_settings(settings), seed, bot)
    for _, data in log:
        match.refresh_from_db()
        services.match_play(match_id=match.pk, player=student, move=data, version=match.version)
    services.match_analyse(match_id=match.pk)  # (the finished game's task may have done it)
    match.refresh_from_db()
    assert match.status == Match.Status.FINISHED and match.analysis
    return match


@pytest.mark.django_db
def test_the_replay_points_at_the_step_and_marks_the_move(teacher_client, student):
    match = played_by(student, {"level": 4}, seed=0)
    replay = match.analysis["replay"]
    url = reverse("match_replay", args=[match.pk])
    page = teacher_client.get(url).content.decode()
    assert match.analysis["summary"] in page
    assert f'href="?step={replay["step"]}">See it in the replay</a>' in page
    assert replay["note"] not in page  # the last step is shown, not the one pointed at
    page = teacher_client.get(url, {"step": replay["step"]}).content.decode()
    assert f'class="board-notice analysis-note" role="note">{replay["note"]}' in page
    marked = f'id="replay-move-{replay["move"]}"'
    item = page.split(marked, 1)[1].split("</li>", 1)[0]
    assert "— the first move that went wrong" in item


# --- the deal of the day --------------------------------------------------------------------
def test_the_deal_of_the_day_is_the_same_all_day_and_can_be_won():
    from datetime import date

    settings = GAME.clean_settings({"level": 5, "deal": "day"})
    today, tomorrow = date(2026, 11, 28), date(2026, 11, 29)
    seed = GAME.choose_seed(settings, 12345, today)
    assert seed != 12345 and GAME.choose_seed(settings, 999, today) == seed
    assert GAME.choose_seed(settings, 12345, tomorrow) != seed
    other = GAME.clean_settings({"level": 5, "deal": "day", "layout": "pyramid"})
    assert GAME.choose_seed(other, 12345, today) != seed
    # Proved winnable: the solver's line replays through the rules to a cleared layout.
    state = GAME.new_game(settings, 1, seed)
    solution = solve(state)
    assert solution.status == WIN
    for move in line_moves(state, solution.line):
        state = GAME.apply_move(state, 0, move)
    assert state["status"] == "won"
    # A new shuffle is what it always was: the platform's random seed.
    shuffled = GAME.clean_settings({"level": 5})
    assert shuffled["deal"] == "shuffled" and GAME.choose_seed(shuffled, 12345, today) == 12345
    assert GAME.settings_label(settings) == "Level 5 · deal of the day"


@pytest.mark.django_db
def test_everyone_in_the_class_gets_the_deal_of_the_day(student, classroom):
    from django.utils import timezone

    from classrooms import services as rosters
    from games.primepak.solitaire.solver import deal_of_the_day

    other = rosters.student_create(classroom=classroom, name="Ben C.")
    seeds = {
        services.match_create(
            game="prime-solitaire",
            settings={"level": 3, "deal": "day"},
            classroom=classroom,
            seats=[services.SeatSpec(student=who)],
            host=who,
        ).seed
        for who in (student, other)
    }
    settings = GAME.clean_settings({"level": 3, "deal": "day"})
    assert seeds == {deal_of_the_day(settings, timezone.localdate())}


@pytest.mark.django_db
def test_games_and_assignments_made_before_the_deal_setting_get_a_new_shuffle(student):
    """Progress matches a game's settings to its assignment's exactly: the migration gives
    both the setting, so older games still count for older assignments."""
    import importlib

    from django.apps import apps

    from classrooms.models import Assignment
    from games import assignments

    assignment = assignments.assignment_create(
        classroom=student.classroom, game="prime-solitaire", settings={"level": 2},
        goal="finish", goal_count=1, students=[],
    )  # fmt: skip
    match = services.match_create(
        game="prime-solitaire",
        settings={"level": 2},
        classroom=student.classroom,
        seats=[services.SeatSpec(student=student)],
        host=student,
    )
    old = {"level": 2, "layout": "rows", "extra_rows": 0}
    Assignment.objects.filter(pk=assignment.pk).update(settings=old)
    state = {**match.state, "settings": old}
    Match.objects.filter(pk=match.pk).update(settings=old, state=state)
    migration = importlib.import_module("games.migrations.0013_solitaire_deal_setting")
    migration.add_deal(apps, None)
    new = {**old, "deal": "shuffled"}
    assert Assignment.objects.get(pk=assignment.pk).settings == new
    match.refresh_from_db()
    assert match.settings == new and match.state["settings"] == new
    migration.drop_deal(apps, None)
    match.refresh_from_db()
    assert match.settings == old and match.state["settings"] == old
