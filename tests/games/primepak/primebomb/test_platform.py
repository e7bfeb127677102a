"""Prime Bomb on the platform: secret simultaneous choices through the services and every page.

- A choice made while a classmate's board was drawn still counts (board_key), and one from an
  older round does not.
- Nothing a player, a watching teacher or a classmate can fetch tells which cards another
  player chose before the reveal: every response is the same, byte for byte (less the random
  form tokens), whichever cards Ben chose.
- On PostgreSQL: four classmates choosing at the same instant all count, their places in line
  are the server's order (the move log's), and the log replays to the same state.
"""

from __future__ import annotations

import os
import re
import threading

import pytest
from django.db import connection
from django.test import Client
from django.urls import reverse

from classrooms import services as roster
from games import services
from games.engine import IllegalMove, get_game, mark_mover
from games.engine.protocol import apply_logged
from games.models import Match, MoveRecord
from games.primepak.primebomb import rules as pb

GAME = "prime-bomb"
RULES = get_game(GAME)
SEED = 11


def students(classroom, count: int) -> list:
    names = ["Ana", "Ben", "Cy", "Dee", "Eve", "Fay"]
    return [roster.student_create(classroom=classroom, name=name) for name in names[:count]]


def new_match(kids, *, bots: tuple[str, ...] = (), seed: int = SEED, **settings) -> Match:
    seats = [services.SeatSpec(student=kid) for kid in kids]
    seats += [services.SeatSpec(bot=bot) for bot in bots]
    return services.match_create(
        game=GAME,
        settings={"level": 3, **settings},
        classroom=kids[0].classroom,
        seats=seats,
        host=kids[0],
        seed=seed,
    )


def play(match: Match, kid, move: dict, *, version: int | None = None, key: str = "") -> Match:
    match.refresh_from_db()
    return services.match_play(
        match_id=match.pk,
        player=kid,
        move=move,
        version=match.version if version is None else version,
        board_key=key,
    ).match


def flip(match: Match, kids) -> Match:
    match.refresh_from_db()
    return play(match, kids[match.state["flipper"]], {"type": "flip"})


def key_of(match: Match, seat: int) -> str:
    match.refresh_from_db()
    return RULES.board_key(match.state, seat)


# --- stale boards ---------------------------------------------------------------------------------
@pytest.mark.django_db
def test_a_choice_from_a_board_a_classmate_changed_still_counts(classroom):
    kids = students(classroom, 3)
    match = new_match(kids)
    flip(match, kids)
    match.refresh_from_db()
    seen_version, ben_key = match.version, key_of(match, 1)
    play(match, kids[0], {"type": "choose", "cards": [0, 1]})  # Ana chose: the board changed
    with pytest.raises(services.StaleBoard):  # without the key: stale, as for every game
        play(match, kids[1], {"type": "choose", "cards": [2]}, version=seen_version)
    with pytest.raises(services.StaleBoard):  # a key that is not the state's
        play(match, kids[1], {"type": "choose"}, version=seen_version, key="choose:9:1.2:")
    play(match, kids[1], {"type": "choose", "cards": [2]}, version=seen_version, key=ben_key)
    match.refresh_from_db()
    assert [c is not None for c in match.state["choices"]] == [True, True, False]
    assert match.state["choices"][1] == {"cards": [2], "order": 2}
    # Cy chooses last from the same old board: the cards are shown.
    play(match, kids[2], {"type": "choose"}, version=seen_version, key=key_of(match, 2))
    match.refresh_from_db()
    assert match.state["phase"] == pb.FLIP and match.state["last_reveal"]["flip"] == 1


@pytest.mark.django_db
def test_a_choice_from_the_last_round_is_stale_not_played_on_the_new_card(classroom):
    kids = students(classroom, 2)
    match = new_match(kids)
    flip(match, kids)
    match.refresh_from_db()
    old_version, old_key = match.version, key_of(match, 1)
    play(match, kids[0], {"type": "choose"})
    play(match, kids[1], {"type": "choose"})
    flip(match, kids)  # a new card is turned up
    match.refresh_from_db()
    before = (match.version, match.state)
    with pytest.raises(services.StaleBoard):
        play(match, kids[1], {"type": "choose", "cards": [0]}, version=old_version, key=old_key)
    match.refresh_from_db()
    assert (match.version, match.state) == before


@pytest.mark.django_db
def test_the_board_posts_its_key_and_the_view_accepts_it(classroom, client):
    kids = students(classroom, 2)
    match = new_match(kids)
    flip(match, kids)
    client.force_login(kids[1].user, backend="classrooms.auth.StudentBackend")
    page = client.get(reverse("match_detail", args=[match.pk]))
    assert page.context["board_key"] == key_of(match, 1)
    match.refresh_from_db()
    seen = match.version
    play(match, kids[0], {"type": "choose", "cards": [0]})
    url = reverse("match_move", args=[match.pk])
    post = {"type": "choose", "cards": "1", "version": seen, "board_key": key_of(match, 1)}
    assert client.post(url, post, HTTP_HX_REQUEST="true").status_code == 200
    match.refresh_from_db()
    assert match.state["phase"] == pb.FLIP  # both chose: shown
    stale = client.post(url, {**post, "version": seen}, HTTP_HX_REQUEST="true")
    assert stale.status_code == 409
    match.refresh_from_db()
    assert match.state["phase"] == pb.FLIP


# --- hidden information ---------------------------------------------------------------------------
TOKENS = [
    re.compile(r'name="csrfmiddlewaretoken" value="[^"]*"'),
    re.compile(r'"submission": "[0-9a-f]{32}"'),
    re.compile(r'name="submission" value="[0-9a-f]*"'),
    re.compile(r'"X-CSRFToken": "[^"]*"'),
    re.compile(r'data-seconds="\d+">\d+ s'),  # the clock ticks between the two worlds
    re.compile(r'name="csrf-token" content="[^"]*"'),
]


def normalised(body: bytes) -> str:
    text = body.decode()
    for token in TOKENS:
        text = token.sub("TOKEN", text)
    return text


def everything_fetched(match: Match, clients: dict[str, Client], classroom) -> dict[str, str]:
    """Every page and partial each person can get while Ben's choice is pending."""
    pk = match.pk
    urls = {
        "page": reverse("match_detail", args=[pk]),
        "board": reverse("match_board", args=[pk]),
        "board_old": reverse("match_board", args=[pk]) + "?v=1",
        "events": reverse("match_events", args=[pk]),
        "replay": reverse("match_replay", args=[pk]),
    }
    got = {}
    for who, client in clients.items():
        for name, url in urls.items():
            for htmx in (False, True):
                headers = {"HTTP_HX_REQUEST": "true"} if htmx else {}
                response = client.get(url, **headers)
                body = (
                    b"".join(response.streaming_content) if response.streaming else response.content
                )
                got[f"{who} {name} htmx={htmx}"] = f"{response.status_code} {normalised(body)}"
    teacher = clients["teacher"]
    for name, url in {
        "class games": reverse("class_matches", args=[classroom.pk]),
        "class progress": reverse("class_progress", args=[classroom.pk]),
    }.items():
        got[f"teacher {name}"] = normalised(teacher.get(url).content)
    for who in ("ana", "cy"):
        got[f"{who} home"] = normalised(clients[who].get(reverse("student_home")).content)
        got[f"{who} lobby"] = normalised(clients[who].get(reverse("lobby")).content)
    return got


@pytest.mark.django_db
def test_nothing_anyone_can_fetch_tells_which_cards_a_classmate_chose(classroom, teacher, settings):
    """Two worlds that differ only in the cards Ben chose (his first card, or his last two)
    give the same answers to Ana, Cy, a watching teacher and a classmate who is not playing,
    on every page, partial and stream; only "Ben chose" shows."""
    settings.GAMES_STREAM_SECONDS = 0.2
    kids = students(classroom, 4)  # Dee watches as a classmate
    answers = []
    for choice in ([0], [5, 6]):
        match = new_match(kids[:3], seed=SEED)
        flip(match, kids)
        play(match, kids[1], {"type": "choose", "cards": choice})
        match.refresh_from_db()
        assert match.state["choices"][1]["cards"] == choice
        clients = {}
        for who, kid in (("ana", kids[0]), ("cy", kids[2]), ("dee", kids[3])):
            clients[who] = Client()
            clients[who].force_login(kid.user, backend="classrooms.auth.StudentBackend")
        clients["teacher"] = Client()
        clients["teacher"].force_login(teacher, backend="classrooms.auth.TeacherBackend")
        got = everything_fetched(match, clients, classroom)
        # the match's own id differs between the two worlds: compare without it
        pk = re.compile(rf"(/matches/|match=|match-){match.pk}\b")
        answers.append({k: pk.sub(r"\1N", v) for k, v in got.items()})
        assert "chose" in got["ana page htmx=False"]
        MoveRecord.objects.filter(match=match).delete()
        Match.objects.filter(pk=match.pk).delete()
    first, second = answers
    assert first.keys() == second.keys()
    for name in first:
        assert first[name] == second[name], f"{name} tells which cards Ben chose"


@pytest.mark.django_db
def test_what_a_player_is_shown_holds_no_other_choice(classroom):
    """The view of every seat and of a watcher while choosing: only whether others chose."""
    kids = students(classroom, 3)
    match = new_match(kids)
    flip(match, kids)
    play(match, kids[1], {"type": "choose", "cards": [1, 2]})
    match.refresh_from_db()
    for seat in (0, 2, None):
        view = RULES.view(match.state, seat)
        assert view["chosen"] == [False, True, False]
        assert view["my_choice"] is None
        assert "order" not in str(view) and "submissions" not in view
    assert match.recent[0]["text"] == "chose their cards"


# --- PostgreSQL: classmates at the same instant ---------------------------------------------------
@pytest.fixture
def _postgresql(db):
    if connection.vendor != "postgresql":
        if os.environ.get("CI"):
            pytest.fail("CI must run this on PostgreSQL")
        pytest.skip("row locks are tested on PostgreSQL (set DATABASE_URL)")


def choose_at_once(match: Match, kids, version: int, keys, choices) -> list[str]:
    """Every seat's choice sent by its own thread at the same moment, from the same board."""
    barrier = threading.Barrier(len(kids))
    results: list[str] = []

    def submit(seat: int) -> None:
        barrier.wait()
        try:
            services.match_play(
                match_id=match.pk,
                player=kids[seat],
                move=choices[seat],
                version=version,
                board_key=keys[seat],
            )
            results.append("applied")
        except services.StaleBoard:
            results.append("stale")
        except IllegalMove as error:
            results.append(error.reason)
        finally:
            connection.close()

    threads = [threading.Thread(target=submit, args=(seat,)) for seat in range(len(kids))]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    return results


@pytest.mark.postgres
@pytest.mark.django_db(transaction=True)
def test_classmates_choosing_at_the_same_instant_all_count(classroom, _postgresql):
    kids = students(classroom, 4)
    match = new_match(kids, seed=5)
    for _round in range(3):
        flip(match, kids)
        match.refresh_from_db()
        version, state = match.version, match.state
        keys = [RULES.board_key(state, seat) for seat in range(4)]
        choices = [RULES.legal_moves(state, seat)[3].to_json() for seat in range(4)]
        results = choose_at_once(match, kids, version, keys, choices)
        assert results == ["applied"] * 4, results
        match.refresh_from_db()
        reveal = match.state["last_reveal"]
        assert match.state["phase"] in (pb.FLIP, pb.OVER) and reveal["flip"] == _round + 1
        # Places in line are the order the server applied the moves: the move log's order.
        logged = list(
            MoveRecord.objects.filter(match=match, move__type="choose")
            .order_by("-number")
            .values_list("seat", flat=True)[:4]
        )[::-1]
        in_line = [p["seat"] for p in sorted(reveal["plays"], key=lambda p: p["order"])]
        assert in_line == logged
    replayed = mark_mover(RULES.new_game(match.settings, 4, match.seed), None)
    for record in MoveRecord.objects.filter(match=match).order_by("number"):
        replayed = mark_mover(apply_logged(RULES, replayed, record.seat, record.move), None)
    assert replayed == Match.objects.get(pk=match.pk).state


# --- an absent classmate, the clock ---------------------------------------------------------------
@pytest.mark.django_db
def test_a_stand_in_bot_chooses_for_an_absent_classmate_and_learns_nothing(classroom):
    kids = students(classroom, 2)
    match = new_match(kids, seed=3)
    ben_seat = match.seats.get(index=1)
    assert services._stand_in(match.pk, ben_seat.pk) == 1
    match.refresh_from_db()
    if match.state["flipper"] == 1:
        assert services.match_bot_play(match_id=match.pk, version=match.version, player=1)
    else:
        flip(match, kids)
    match.refresh_from_db()
    assert match.state["phase"] == pb.CHOOSE
    play(match, kids[0], {"type": "choose", "cards": [0, 1]})
    match.refresh_from_db()
    assert services.match_bot_play(match_id=match.pk, version=match.version, player=1)
    match.refresh_from_db()
    reveal = match.state["last_reveal"]
    assert match.state["phase"] == pb.FLIP and reveal["plays"][1]["chosen"]
    learners = set(match.learning.values_list("student_id", flat=True))
    assert learners == {kids[0].pk}  # Ana threw 2 cards: an event; the stand-in's play: none
    assert MoveRecord.objects.filter(match=match, seat=1, by_bot=True).exists()


@pytest.mark.django_db
def test_when_the_choosing_clock_ends_whoever_has_not_chosen_throws_nothing(classroom, monkeypatch):
    from datetime import timedelta

    from django.utils import timezone

    kids = students(classroom, 3)
    match = new_match(kids, seed=4, choose_seconds=15)
    flip(match, kids)
    play(match, kids[2], {"type": "choose", "cards": [0]})
    match.refresh_from_db()
    assert 14 <= (match.deadline_at - timezone.now()).total_seconds() <= 15
    assert not services.match_clock(match_id=match.pk, version=match.version)  # too early
    later = timezone.now() + timedelta(seconds=16)
    monkeypatch.setattr(services, "_now", lambda: later)
    assert services.match_clock(match_id=match.pk, version=match.version)
    match.refresh_from_db()
    plays = match.state["last_reveal"]["plays"]
    assert [p["chosen"] for p in plays] == [False, False, True]
    assert plays[0]["cards"] == plays[1]["cards"] == []
    assert MoveRecord.objects.filter(match=match).order_by("-number")[0].move == {"type": "timeout"}
    assert (match.deadline_at - later).total_seconds() == pytest.approx(20, abs=0.5)  # flip clock


@pytest.mark.django_db
def test_choices_and_swaps_do_not_start_the_clock_again(classroom, monkeypatch):
    """One choosing clock per card and one flip clock per wait: changing a choice again and
    again cannot hold the round open."""
    from datetime import timedelta

    from django.utils import timezone

    kids = students(classroom, 3)
    match = new_match(kids, seed=4)
    flip(match, kids)
    match.refresh_from_db()
    deadline = match.deadline_at
    for step, (seat, cards) in enumerate([(0, [0]), (0, [1]), (1, [2])], 1):
        later = timezone.now() + timedelta(seconds=5 * step)
        monkeypatch.setattr(services, "_now", lambda later=later: later)
        play(match, kids[seat], {"type": "choose", "cards": cards})
        match.refresh_from_db()
        assert match.deadline_at == deadline
    play(match, kids[2], {"type": "choose", "cards": [0, 1]})  # the reveal: the flip clock
    match.refresh_from_db()
    later = timezone.now() + timedelta(seconds=15)
    assert (match.deadline_at - later).total_seconds() == pytest.approx(20, abs=0.5)
    winner = match.state["last_reveal"]["winner"]
    assert winner is not None
    flip_deadline = match.deadline_at
    monkeypatch.setattr(services, "_now", lambda: later + timedelta(seconds=3))
    play(match, kids[winner], {"type": "swap", "card": 0, "captured": 0})
    match.refresh_from_db()
    assert match.deadline_at == flip_deadline
    assert match.state["log"][-1]["kind"] == "swap"


@pytest.mark.django_db
def test_the_banner_says_whose_choice_is_missing_not_whose_turn(classroom, teacher, client):
    kids = students(classroom, 3)
    match = new_match(kids, seed=4)
    flip(match, kids)
    url = reverse("match_detail", args=[match.pk])

    def banner(user, backend="Student") -> str:
        client.force_login(user, backend=f"classrooms.auth.{backend}Backend")
        html = client.get(url).content.decode()
        found = re.search(r'<p id="board-status"[^>]*>(.*?)</p>', html, re.S).group(1)
        return " ".join(found.split())

    assert banner(kids[0].user) == "Your turn!"
    play(match, kids[0], {"type": "choose", "cards": [0]})
    names = {seat.index: seat.display_name for seat in match.seats.all()}
    assert banner(kids[0].user) == f"Waiting for {names[1]} and {names[2]}…"
    assert banner(kids[1].user) == "Your turn!"
    assert banner(teacher, "Teacher") == f"Waiting for {names[1]} and {names[2]}…"
