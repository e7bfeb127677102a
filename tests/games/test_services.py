"""Match services: creating, joining, playing, bots, stand-ins and clean-up."""

from datetime import timedelta

import pytest
from django.utils import timezone

from classrooms import services as roster
from games import services
from games.engine import IllegalMove
from games.models import LearningRecord, Match, MoveRecord, Seat

from .conftest import GAME, bots_until_human


def test_a_match_against_bots_starts_at_once(bot_match, rules):
    assert bot_match.status == Match.Status.PLAYING
    assert bot_match.version == 1 and bot_match.state["players"] == 3
    assert [s.display_name for s in bot_match.seats.all()] == [
        "Ana B.",
        "Pip (easy bot)",
        "Dot (strong bot)",
    ]
    assert bot_match.settings == {"free_cards": 1, "product": "hidden"}


def test_bad_settings_or_player_counts_are_refused(student):
    me = services.SeatSpec(student=student)
    with pytest.raises(services.MatchError, match="2 to 6 players"):
        services.match_create(game=GAME, settings={}, classroom=student.classroom, seats=[me])
    with pytest.raises(services.MatchError):
        services.match_create(
            game=GAME, settings={"free_cards": 9}, classroom=student.classroom,
            seats=[me, services.SeatSpec(bot="easy")],
        )  # fmt: skip
    with pytest.raises(services.MatchError, match="no bot"):
        services.match_create(
            game=GAME, settings={}, classroom=student.classroom,
            seats=[me, services.SeatSpec(bot="genius")],
        )  # fmt: skip
    assert not Match.objects.exists()


def play_first_legal(match, student, rules, prefer_discard=True):
    match = bots_until_human(match)
    seat = match.seats.get(student=student)
    moves = rules.legal_moves(match.state, seat.index)
    discards = [m for m in moves if m.type == "discard"]
    move = discards[0] if (prefer_discard and discards) else moves[-1]
    services.match_play(
        match_id=match.pk, player=student, move=move.to_json(), version=match.version
    )
    return move


def test_a_legal_move_is_applied_logged_and_learned_from(bot_match, student, rules):
    match = bots_until_human(bot_match)
    version, count = match.version, match.move_count
    move = play_first_legal(match, student, rules)
    match.refresh_from_db()
    assert match.version == version + 1 and match.move_count == count + 1
    record = MoveRecord.objects.get(match=match, number=match.move_count)
    assert record.move == move.to_json() and not record.by_bot
    if move.type == "discard":
        event = LearningRecord.objects.get(match=match, move_number=record.number)
        assert event.correct and event.skill == f"{move.a}x{move.b}"
        assert event.student == student and event.game == GAME


def test_an_illegal_move_changes_nothing_but_its_mistake_is_kept(bot_match, student, rules):
    match = bots_until_human(bot_match)
    seat = match.seats.get(student=student)
    card = next(c for c in match.state["hands"][seat.index] if c != "free")
    before = (match.version, match.state, match.move_count)
    wrong = {"type": "discard", "card": card, "a": 1, "b": 1}  # 1 × 1 is never a card but 1
    if card == 1:
        wrong = {"type": "discard", "card": card, "a": 2, "b": 3}
    with pytest.raises(IllegalMove) as refused:
        services.match_play(match_id=match.pk, player=student, move=wrong, version=match.version)
    assert str(card) in refused.value.reason
    match.refresh_from_db()
    assert (match.version, match.state, match.move_count) == before
    mistake = LearningRecord.objects.get(match=match)
    assert not mistake.correct and mistake.mistake == "wrong_product"
    assert mistake.move_number is None


def test_garbage_moves_are_refused_and_record_nothing(bot_match, student):
    match = bots_until_human(bot_match)
    for garbage in [{}, {"type": "fly"}, {"type": "discard", "card": "x", "a": "y"}, [1, 2]]:
        with pytest.raises(IllegalMove):
            services.match_play(
                match_id=match.pk, player=student, move=garbage, version=match.version
            )
    assert not LearningRecord.objects.exists()
    assert Match.objects.get(pk=match.pk).version == match.version


def test_a_stale_version_is_told_the_board_changed(bot_match, student, rules):
    match = bots_until_human(bot_match)
    move = rules.legal_moves(match.state, match.seats.get(student=student).index)[-1]
    with pytest.raises(services.StaleBoard, match="board changed"):
        services.match_play(
            match_id=match.pk, player=student, move=move.to_json(), version=match.version - 1
        )
    assert Match.objects.get(pk=match.pk).version == match.version


def test_playing_out_of_turn_is_refused(bot_match, student, rules):
    match = Match.objects.get(pk=bot_match.pk)
    me = match.seats.get(student=student).index
    if rules.current_player(match.state) == me:
        play_first_legal(match, student, rules, prefer_discard=False)
        match.refresh_from_db()
    with pytest.raises(IllegalMove, match="not your turn"):
        services.match_play(
            match_id=match.pk, player=student, move={"type": "draw"}, version=match.version
        )


def test_someone_not_seated_cannot_move(bot_match, ben):
    with pytest.raises(services.NotYourSeat):
        services.match_play(
            match_id=bot_match.pk, player=ben, move={"type": "draw"}, version=bot_match.version
        )


def test_bots_move_only_at_their_version_and_only_once(bot_first_match):
    match = bot_first_match
    assert not services.match_bot_play(match_id=match.pk, version=match.version - 1)
    assert services.match_bot_play(match_id=match.pk, version=match.version)
    assert not services.match_bot_play(match_id=match.pk, version=match.version)
    assert MoveRecord.objects.filter(match=match, by_bot=True).count() == 1


def test_bots_never_play_a_students_turn(bot_match, rules):
    match = bots_until_human(bot_match)
    assert rules.current_player(match.state) == 0
    assert not services.match_bot_play(match_id=match.pk, version=match.version)


def test_a_match_plays_to_the_end_and_records_the_result(bot_match, student, rules):
    match = bot_match
    for _ in range(700):
        match = bots_until_human(match)
        if match.status == Match.Status.FINISHED:
            break
        play_first_legal(match, student, rules)
    match.refresh_from_db()
    assert match.status == Match.Status.FINISHED and match.finished_at
    winners = match.outcome["winners"]
    assert sorted(s.index for s in match.seats.all() if s.won) == sorted(winners)
    assert MoveRecord.objects.filter(match=match).count() == match.move_count
    with pytest.raises(services.MatchError, match="not being played"):
        services.match_play(
            match_id=match.pk, player=student, move={"type": "draw"}, version=match.version
        )


def table(student, others=("classmate", "classmate")):
    seats = [services.SeatSpec(student=student)]
    seats += [services.SeatSpec(bot="" if o == "classmate" else o) for o in others]
    return services.match_create(
        game=GAME, settings={}, classroom=student.classroom, seats=seats, host=student
    )


def test_a_table_waits_for_classmates_then_the_host_starts_it(student, ben):
    match = table(student)
    assert match.status == Match.Status.LOBBY and match.state is None
    services.match_join(match_id=match.pk, student=ben)
    services.match_join(match_id=match.pk, student=ben)  # twice is harmless
    assert match.seats.filter(student=ben).count() == 1
    with pytest.raises(services.NotYourSeat, match="Only the player who opened"):
        services.match_start(match_id=match.pk, student=ben)
    services.match_start(match_id=match.pk, student=student)
    match.refresh_from_db()
    assert match.status == Match.Status.PLAYING
    assert [s.bot for s in match.seats.all()] == ["", "", "easy"]  # the empty seat got a bot
    with pytest.raises(services.MatchError, match="already started"):
        services.match_join(match_id=match.pk, student=ben)


def test_a_full_table_and_another_class_are_refused(student, ben, teacher, classroom):
    match = table(student, others=("classmate",))
    services.match_join(match_id=match.pk, student=ben)
    cleo = roster.student_create(classroom=classroom, name="Cleo")
    with pytest.raises(services.MatchError, match="full"):
        services.match_join(match_id=match.pk, student=cleo)
    other = roster.classroom_create(teacher=teacher, name="Other", sign_in_method="pictures")
    zed = roster.student_create(classroom=other, name="Zed")
    with pytest.raises(services.NotYourSeat):
        services.match_join(match_id=match.pk, student=zed)


def test_leaving_frees_the_seat_and_the_host_leaving_closes_the_table(student, ben):
    match = table(student)
    services.match_join(match_id=match.pk, student=ben)
    services.match_leave(match_id=match.pk, student=ben)
    assert not match.seats.filter(student=ben).exists()
    services.match_leave(match_id=match.pk, student=student)
    match.refresh_from_db()
    assert match.status == Match.Status.ABANDONED


def test_sweep_lets_a_bot_stand_in_for_an_absent_student_who_then_comes_back(
    student, ben, rules, monkeypatch
):
    monkeypatch.setattr(services, "_send_wake", lambda *args: None)
    match = table(student, others=("classmate",))
    services.match_join(match_id=match.pk, student=ben)
    services.match_start(match_id=match.pk, student=student)
    match.refresh_from_db()
    turn = rules.current_player(match.state)
    away = timezone.now() - timedelta(minutes=10)
    Seat.objects.filter(match=match, index=turn).update(last_seen_at=away)
    assert services.matches_sweep()["stood_in"] == 1
    seat = Seat.objects.get(match=match, index=turn)
    assert seat.bot_stand_in and seat.bot == "easy"
    match.refresh_from_db()
    assert services.match_bot_play(match_id=match.pk, version=match.version)
    seat.last_seen_at = away  # comes back: opening the game ends the stand-in
    services.seat_seen(seat=Seat.objects.select_related("match").get(pk=seat.pk))
    assert not Seat.objects.get(pk=seat.pk).bot_stand_in


def test_sweep_restarts_a_lost_bot_turn_and_closes_old_tables(
    bot_first_match, student, monkeypatch
):
    scheduled = []
    monkeypatch.setattr(services, "_send_wake", lambda *args: scheduled.append(args))
    match = bot_first_match
    assert match.bots_due.keys() == {"1"}  # the bot in seat 1 is due, and its wake-up lost
    lost = timezone.now() - timedelta(minutes=1)
    Match.objects.filter(pk=match.pk).update(due_at=lost)
    lobby = table(student)
    Match.objects.filter(pk=lobby.pk).update(created_at=timezone.now() - timedelta(days=1))
    counts = services.matches_sweep()
    assert counts["abandoned"] == 1
    assert Match.objects.get(pk=lobby.pk).status == Match.Status.ABANDONED
    assert scheduled == [(match.pk, lost)]  # woken again
    assert services.match_wake(match_id=match.pk)  # and the bot moves
    assert Match.objects.get(pk=match.pk).move_count == 1
