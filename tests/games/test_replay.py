"""The teacher's replay (a move list to jump to any move, the step in the address, stops at
both ends, every hand once the game is over) and the class's games page that refreshes itself."""

import re
from html.parser import HTMLParser
from types import SimpleNamespace

import pytest
from django.template.loader import render_to_string
from django.urls import reverse

from games.engine import SPECTATOR, all_games
from games.engine.conformance import playout
from games.models import Match

from .conftest import bots_until_human
from .test_services import play_first_legal

HTMX = {"HTTP_HX_REQUEST": "true"}
VOID = {"input", "br", "img", "hr", "meta", "link", "source", "wbr", "col", "area", "base"}


class LiveControls(HTMLParser):
    """The controls a person could press or fill in: not disabled, nor in a disabled fieldset."""

    def __init__(self, html: str):
        super().__init__()
        self.stack: list[tuple[str, bool]] = []
        self.live: list[str] = []
        self.feed(html)

    def handle_starttag(self, tag, attrs):
        attrs = dict(attrs)
        off = any(disabled for _, disabled in self.stack) or "disabled" in attrs
        control = tag in {"button", "select", "textarea"}
        if (control or (tag == "input" and attrs.get("type") != "hidden")) and not off:
            self.live.append(self.get_starttag_text())
        if tag not in VOID:
            self.stack.append((tag, tag == "fieldset" and "disabled" in attrs))

    def handle_endtag(self, tag):
        for i in range(len(self.stack) - 1, -1, -1):
            if self.stack[i][0] == tag:
                del self.stack[i:]
                break


@pytest.fixture
def finished(bot_first_match, student, rules):
    """Ana against a bot, to the end: Ana makes a move herself, then she is away and a
    stand-in bot plays the rest of her game."""
    match = bot_first_match
    play_first_legal(match, student, rules)
    match.seats.filter(student=student).update(bot="easy", bot_stand_in=True)
    match = bots_until_human(match)
    assert match.status == Match.Status.FINISHED
    return match


def _replay(client, match, **params):
    return client.get(reverse("match_replay", args=[match.pk]), params)


def _hands_html(html: str) -> str:
    return html.split('class="replay-hands"', 1)[1] if 'class="replay-hands"' in html else ""


def test_the_move_list_numbers_every_move_says_who_made_it_and_links_to_it(
    teacher_client, finished, student
):
    response = _replay(teacher_client, finished)
    html = response.content.decode()
    records = list(finished.moves.order_by("number"))
    assert len(records) == finished.move_count > 3
    links = re.findall(r'id="replay-move-(\d+)" href="\?step=(\d+)"', html)
    assert [int(a) for a, b in links] == list(range(len(records) + 1))
    assert all(a == b for a, b in links)
    ana_own = [r for r in records if r.seat == 0 and not r.by_bot]
    stand_in = [r for r in records if r.seat == 0 and r.by_bot]
    assert len(ana_own) == 1 and stand_in
    assert f"{ana_own[0].number}.</span> Ana B. {ana_own[0].text}" in html
    assert f"{stand_in[0].number}.</span> A bot playing for Ana B. {stand_in[0].text}" in html
    bot = next(r for r in records if r.seat == 1)
    bot_name = finished.seats.get(index=1).display_name
    assert bot_name.endswith("(strong bot)")
    assert f"{bot.number}.</span> {bot_name} {bot.text}" in html
    at = _replay(teacher_client, finished, step=stand_in[0].number).content.decode()
    assert f"Move {stand_in[0].number}: a bot playing for Ana B. {stand_in[0].text}" in at


def test_the_current_move_is_marked_in_the_list(teacher_client, finished):
    html = _replay(teacher_client, finished, step=2).content.decode()
    assert re.findall(r'id="replay-move-(\d+)"[^>]*aria-current="step"', html) == ["2"]
    assert "Move 2 of" in html


def test_the_steps_stop_at_the_deal_and_at_the_end(teacher_client, finished):
    total = finished.move_count
    start = _replay(teacher_client, finished, step=0).content.decode()
    assert 'id="replay-first" class="button small" aria-disabled="true"' in start
    assert 'id="replay-back" class="button small" aria-disabled="true"' in start
    assert 'href="?step=1" hx-get="?step=1">Next' in start
    assert "?step=-1" not in start
    for asked in (total, total + 50):
        end = _replay(teacher_client, finished, step=asked)
        assert end.context["step"] == total
        html = end.content.decode()
        assert 'id="replay-next" class="button small" aria-disabled="true"' in html
        assert 'id="replay-last" class="button small" aria-disabled="true"' in html
        assert f"?step={total + 1}" not in html
        assert f'href="?step={total - 1}" hx-get="?step={total - 1}">‹ Back' in html
    assert _replay(teacher_client, finished, step=-3).context["step"] == 0


def test_the_controls_use_only_symbols_every_school_font_has(teacher_client, finished):
    html = _replay(teacher_client, finished, step=1).content.decode()
    nav = html.split('class="replay-nav', 1)[1].split("</nav>", 1)[0]
    assert not set("⏮⏭◀▶⏪⏩") & set(html)
    assert {ch for ch in nav if ord(ch) > 127} <= set("«‹›»")
    for word in ("First", "Back", "Next", "Last"):
        assert word in nav


def test_steps_swap_over_htmx_and_put_the_step_in_the_address(teacher_client, finished):
    response = teacher_client.get(reverse("match_replay", args=[finished.pk]), {"step": 3}, **HTMX)
    html = response.content.decode()
    assert html.lstrip().startswith('<section id="replay"') and "<html" not in html
    assert 'hx-push-url="true"' in html and 'hx-target="#replay"' in html
    assert "HX-Request" in response["Vary"]
    # Going back in history after a reload, htmx asks for the whole page again.
    restore = teacher_client.get(
        reverse("match_replay", args=[finished.pk]),
        {"step": 3},
        HTTP_HX_HISTORY_RESTORE_REQUEST="true",
        **HTMX,
    )
    assert "<html" in restore.content.decode() and restore.context["step"] == 3


def test_every_hand_is_shown_at_every_step_of_a_finished_game(teacher_client, finished, rules):
    for step in (0, 3, finished.move_count):
        response = _replay(teacher_client, finished, step=step)
        html = response.content.decode()
        hands = response.context["hands"]
        assert [seat.index for seat, _ in hands] == [0, 1]
        assert response.context["view"]["hand"] is None  # the board itself is a watcher's
        assert "Ana B.'s cards at this move" in html
        assert f"{finished.seats.get(index=1).display_name}'s cards at this move" in html
        shown = _hands_html(html)
        for _seat, view in hands:
            for card in view["hand"]:
                assert f'data-card="{card}"' in shown
        replay = html.split('<section id="replay"', 1)[1]  # the page's own header aside
        assert LiveControls(replay).live == []


def test_the_hands_appear_at_the_cards_each_player_held_at_that_move(teacher_client, finished):
    from games.engine import apply_logged, get_game, mark_mover
    from games.views.teacher import _stand_in

    rules = get_game(finished.game)
    seats = list(finished.seats.all())
    state = mark_mover(rules.new_game(finished.settings, 2, finished.seed), None)
    for record in finished.moves.order_by("number")[:4]:  # each says who made it
        state = mark_mover(
            apply_logged(rules, state, record.seat, record.move), _stand_in(record, seats)
        )
    hands = _replay(teacher_client, finished, step=4).context["hands"]
    assert [view for _, view in hands] == [rules.view(state, 0), rules.view(state, 1)]


@pytest.mark.parametrize("game", all_games(), ids=lambda game: game.slug)
def test_every_board_renders_read_only_in_a_replay_for_every_seat(game):
    """Whatever seat's view a replay shows (and a watcher's), nothing can be pressed."""
    players = 1 if game.max_players == 1 else 2
    settings = game.default_settings()
    _final, history = playout(game, settings, players, 11)
    match = SimpleNamespace(pk=1, version=5, status="finished", game=game.slug, mode="game")
    seats = [
        SimpleNamespace(
            index=i, display_name=f"P{i}", is_human=True, bot_stand_in=False, match=match
        )
        for i in range(players)
    ]
    state = game.new_game(settings, players, 11)
    checked = 0
    for number, (player, move) in enumerate(history):
        if number % max(1, len(history) // 12) == 0 or number == len(history) - 1:
            context = {
                "match": match,
                "rules": game,
                "seats": seats,
                "view": game.view(state, SPECTATOR),
                "me": None,
                "my_turn": False,
                "board_template": f"games/{game.slug}/board.html",
                "moves": [],
                "step": number,
                "total": len(history),
                "hands": [(seat, game.view(state, seat.index)) for seat in seats],
                "replay": True,
            }
            html = render_to_string("games/replay.html#replay", context)
            assert LiveControls(html).live == [], (game.slug, number)
            checked += 1
        state = (
            game.apply_timeout(state) if player is None else game.apply_move(state, player, move)
        )
    assert checked >= 2


def test_only_seats_with_something_hidden_get_a_hand_panel():
    """Multiplication Game, Factor Rummy, Prime Canasta and Prime Bomb hands and Equate racks
    are hidden from a watcher;
    Prime Climb, Prime Challenge and Prime Solitaire hide only the draw pile, which no player
    sees either: their replay shows the one board, no copies per player."""
    from games.views.teacher import _private_seats

    for game in all_games():
        players = 1 if game.max_players == 1 else 3
        state = game.new_game(game.default_settings(), players, 3)
        private = _private_seats(game, state, players, 3)
        # hands a watcher does not see
        hands_hidden = {"multiplication", "factor-rummy", "prime-canasta", "prime-bomb", "equate"}
        expected = list(range(players)) if game.slug in hands_hidden else []
        assert private == expected, game.slug
        key = "rack" if game.slug == "equate" else "hand"  # Equate's tiles are a rack
        for player in private:
            assert game.view(state, player)[key]
            assert game.view(state, SPECTATOR)[key] is None


def test_a_game_not_finished_has_no_replay_and_no_hands(teacher_client, bot_match):
    assert _replay(teacher_client, bot_match).status_code == 403
    html = teacher_client.get(reverse("match_detail", args=[bot_match.pk])).content.decode()
    assert "replay-hands" not in html and "cards at this move" not in html


def test_the_class_games_page_refreshes_its_lists(teacher_client, classroom, finished, bot_match):
    url = reverse("class_matches", args=[classroom.pk])
    page = teacher_client.get(url)
    html = page.content.decode()
    assert 'id="class-games"' in html and 'hx-trigger="every 5s"' in html
    assert "Records" in html
    part = teacher_client.get(url, **HTMX)
    body = part.content.decode()
    assert body.lstrip().startswith('<div id="class-games"') and "<html" not in body
    assert "Records" not in body and "HX-Request" in part["Vary"]
    # Each action keeps an id across refreshes: the focus of a teacher on it comes back.
    assert f'id="match-{finished.pk}-action"' in body and "Replay" in body
    assert f'id="match-{bot_match.pk}-action"' in body and "Watch" in body


def test_another_teacher_cannot_refresh_the_class_games(client, classroom, make_teacher):
    other = make_teacher(email="other@school.test")
    client.force_login(other, backend="classrooms.auth.TeacherBackend")
    url = reverse("class_matches", args=[classroom.pk])
    assert client.get(url, **HTMX).status_code == 404


def test_a_game_whose_log_no_longer_replays_is_shown_up_to_where_it_stops(teacher_client, student):
    """A game played before a rule was made exact may hold a move the rules now refuse: the
    replay shows the game up to it and says why, instead of failing."""
    from games import services as game_services
    from games.models import Match, MoveRecord

    match = game_services.match_create(
        game="multiplication",
        settings={},
        classroom=student.classroom,
        seats=[game_services.SeatSpec(student=student), game_services.SeatSpec(bot="easy")],
        host=student,
        seed=3,
    )
    MoveRecord.objects.create(
        match=match, number=1, seat=0, move={"type": "play", "card": 999}, text="an old move"
    )
    Match.objects.filter(pk=match.pk).update(status=Match.Status.FINISHED, move_count=1)
    response = teacher_client.get(reverse("match_replay", args=[match.pk]))
    assert response.status_code == 200
    assert "replayed only up to move 0" in response.content.decode()
