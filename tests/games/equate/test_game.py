"""Equate as a Game (games/equate/game.py): settings, moves (moves.py) from JSON and from the
board's form, malformed moves refused, moves through apply_move, views that hide the other
racks and the bag, learning events, and (once movegen.py is there) legal moves and whole games
to the end through the conformance playout."""

from __future__ import annotations

import json
import random

import pytest

from games.engine import conformance
from games.engine.protocol import SPECTATOR, IllegalMove, LearningEvent, SettingsError, Timeout
from games.equate import movegen
from games.equate.game import EQUATE, listed_trades
from games.equate.moves import Pass, Place, Trade
from games.equate.tiles import BLANK, EQUALS

from .boards import arrange, at, lay, place

START = lay(9, 7, "2 + 3 = 5")  # across the centre: the 3 is on (9, 9)


GAME = EQUATE


def new(players=2, seed=1, **settings):
    return GAME.new_game(settings, players, seed)


def rigged(racks, board=None, **extra):
    return arrange(new(players=len(racks)), racks, board=board, **extra)


def post(state, seat, data):
    """A move from its JSON form (as the platform applies it), the invariants checked after."""
    after = GAME.apply_move(state, seat, GAME.parse_move(json.loads(json.dumps(data))))
    GAME.check_invariants(after)
    return after


def place_move(state, seat, row, col, text, down=False):
    return Place(tuple(sorted(tuple(p) for p in place(state, seat, row, col, text, down))))


def events_of(state, seat, move):
    try:
        after = GAME.apply_move(state, seat, move)
    except IllegalMove as error:
        after = error
    events = GAME.learning_events(state, seat, move, after)
    assert all(isinstance(e, LearningEvent) for e in events)
    json.dumps([e.to_json() for e in events])
    return events


# --- settings -------------------------------------------------------------------------------------
def test_defaults_and_every_choice_of_every_field_is_accepted_also_as_form_text():
    defaults = GAME.default_settings()
    assert defaults == {"tiles": "original", "rounds": None, "values": "hidden"}
    assert [f["name"] for f in GAME.settings_fields()] == list(defaults)
    for field in GAME.settings_fields():
        for value, _text in field["choices"]:
            assert GAME.clean_settings({field["name"]: value})[field["name"]] == value
            # The settings form posts str(value): "None" for no limit, "10".
            assert GAME.clean_settings({field["name"]: str(value)})[field["name"]] == value
    assert GAME.clean_settings({}) == GAME.clean_settings(None) == defaults
    assert GAME.clean_settings({"rounds": ""}) == defaults
    assert GAME.clean_settings({"rounds": 50})["rounds"] == 50  # the rules' range, not only choices
    assert GAME.settings_label({}) == "Original tiles"
    assert GAME.settings_label({"tiles": "advanced", "rounds": "10"}) == (
        "Advanced tiles · 10 turns each"
    )
    tiles = next(f for f in GAME.settings_fields() if f["name"] == "tiles")
    assert tiles["teacher_only"], "the level is the teacher's choice"


@pytest.mark.parametrize(
    "settings",
    [{"tiles": "easy"}, {"tiles": 3}, {"tiles": None}, {"rounds": 0}, {"rounds": 51},
     {"rounds": "x"}, {"rounds": "٣"}, {"rounds": "-1"}, {"rounds": True}, {"rounds": 2.0},
     {"colour": "red"}, "rounds 3"],
)  # fmt: skip
def test_bad_settings_are_refused(settings):
    with pytest.raises(SettingsError):
        GAME.clean_settings(settings)


def test_player_counts_progress_levels_and_skill_words():
    for players in (1, 5):
        with pytest.raises(SettingsError):
            new(players=players)
    assert (GAME.min_players, GAME.max_players) == (2, 4)
    assert GAME.progress_level({}) == ("original", "Original tiles")
    assert GAME.progress_level({"tiles": "advanced"}) == ("advanced", "Advanced tiles")
    assert GAME.progress_levels() == [
        ("whole", "Whole numbers"),
        ("original", "Original tiles"),
        ("advanced", "Advanced tiles"),
    ]
    assert GAME.skill_label("fact", "equate:×") == "multiplying in equations"
    assert GAME.skill_label("fact", "equate:fractions") == "fractions in equations"
    assert GAME.timer(new()) is None


# --- moves and their JSON forms -------------------------------------------------------------------
def test_moves_round_trip_and_the_board_form_posts_text():
    moves = [Pass(), Trade((0,)), Trade((1, 4, 8)), Place(((9, 9, 0, None),)),
             Place(((9, 8, 2, None), (9, 9, EQUALS, None), (9, 10, 3, "1/2")))]  # fmt: skip
    for move in moves:
        assert GAME.parse_move(json.loads(json.dumps(move.to_json()))) == move
    assert GAME.parse_move({"type": "trade", "tiles": "5,3"}) == Trade((3, 5))
    assert GAME.parse_move({"type": "trade", "tiles": 4}) == Trade((4,))
    # Placements are kept in the order of their squares; "½" stands for the face "1/2".
    form = {"type": "place", "tiles": "9:10:3:½, 9:8:2,9:9:=:"}
    assert GAME.parse_move(form) == moves[-1]
    assert GAME.parse_move({"type": "place", "tiles": "9:9:0;10:9:1"}) == Place(
        ((9, 9, 0, None), (10, 9, 1, None))
    )


@pytest.mark.parametrize(
    "data",
    [None, [], {}, {"type": 3}, {"type": "timeout"}, {"type": "play"},
     {"type": "trade"}, {"type": "trade", "tiles": ""}, {"type": "trade", "tiles": []},
     {"type": "trade", "tiles": "a,b"}, {"type": "trade", "tiles": [-1]},
     {"type": "trade", "tiles": [True]}, {"type": "trade", "tiles": {"0": 1}},
     {"type": "trade", "tiles": "٣"}, {"type": "trade", "tiles": list(range(30))},
     {"type": "trade", "tiles": [10**5000]}, {"type": "trade", "tiles": 1.5},
     {"type": "place"}, {"type": "place", "tiles": ""}, {"type": "place", "tiles": []},
     {"type": "place", "tiles": "9:9"}, {"type": "place", "tiles": "9:9:0:5:5"},
     {"type": "place", "tiles": "9:x:0"}, {"type": "place", "tiles": "9:9:-1"},
     {"type": "place", "tiles": "9:9:²"}, {"type": "place", "tiles": "9:9:0:seven"},
     {"type": "place", "tiles": "x" * 10_000}, {"type": "place", "tiles": [[9, 9, 0]] * 11},
     {"type": "place", "tiles": [[9, 9, None, None]]}, {"type": "place", "tiles": [9, 9, 0, None]},
     {"type": "place", "tiles": [[9.0, 9, 0, None]]}, {"type": "place", "tiles": [[9, 9, 0, 7]]},
     {"type": "place", "tiles": [[9, 9, 0, "?"]]}, {"type": "place", "tiles": {"a": 1}},
     {"type": "place", "tiles": [[2**70, 9, 0, None]]}, {"type": "place", "tiles": "\x00"}],
)  # fmt: skip
def test_malformed_moves_are_illegal_with_a_reason(data):
    with pytest.raises(IllegalMove) as info:
        GAME.parse_move(data)
    assert info.value.reason and len(info.value.reason) < 200


def test_a_play_a_trade_and_a_pass_through_their_json():
    """ "Players take turns placing tiles on the board to form equations"; a trade and a pass
    score 0 and end the turn."""
    state = rigged([["2", "+", "3", "5"], ["1", "1"]])
    data = {"type": "place", "tiles": "9:7:0,9:8:1,9:9:2,9:10:=,9:11:3"}
    assert GAME.parse_move(data) == place_move(state, 0, 9, 7, "2 + 3 = 5")
    after = post(state, 0, data)
    assert after["last"]["lines"][0]["text"] == "2 + 3 = 5"
    assert after["scores"][0] == after["last"]["score"] > 0
    assert GAME.current_player(after) == 1
    traded = post(after, 1, {"type": "trade", "tiles": "0,1"})
    assert traded["last"] == {"kind": "trade", "seat": 1, "count": 2}
    assert traded["scores"] == after["scores"]
    passed = post(traded, 0, {"type": "pass"})
    assert passed["last"] == {"kind": "pass", "seat": 0} and GAME.outcome(passed) is None
    over = post(passed, 1, {"type": "pass"})
    outcome = GAME.outcome(over)
    assert outcome.reason == "everyone passed, one after the other"
    assert outcome.scores == tuple(over["scores"]) and outcome.winners == (0,)
    assert GAME.current_player(over) is None and GAME.actors(over, 2) == []


def test_moves_the_rules_refuse_and_moves_of_no_one():
    state = rigged([["2", "+", "3", "5"], []])
    with pytest.raises(IllegalMove, match="not your turn"):
        GAME.apply_move(state, 1, Pass())
    with pytest.raises(IllegalMove, match="not playing"):
        GAME.apply_move(state, 2, Pass())
    with pytest.raises(IllegalMove, match="first play must cover the centre"):
        GAME.apply_move(state, 0, place_move(state, 0, 3, 3, "2 + 3 = 5"))
    with pytest.raises(IllegalMove, match="tiles that are in your rack"):
        GAME.apply_move(state, 0, Trade((9,)))
    with pytest.raises(IllegalMove, match="not a move in Equate"):
        GAME.apply_move(state, 0, Timeout())
    assert GAME.legal_moves(state, 1) == [] and GAME.actors(state, 2) == [0]


def test_equal_tiles_named_another_way_are_the_same_move():
    """docs/rules.md, Equate: "Moves as text": the first places holding a face; a face given
    for a tile that is not a blank is its own face."""
    state = rigged([["5", "+", "5", BLANK, "5"], []])
    five, second, last = at(state, 0, "5", "5", "5")
    plus, blank = at(state, 0, "+", BLANK)
    other = Place(((9, 9, last, "5"), (9, 10, plus, None), (9, 8, second, None)))
    assert GAME.canonical_move(state, 0, other) == Place(
        ((9, 8, five, None), (9, 9, second, None), (9, 10, plus, None))
    )
    as_blank = Place(((9, 9, blank, "5"),))
    assert GAME.canonical_move(state, 0, as_blank) == as_blank
    assert GAME.canonical_move(state, 0, Trade((last,))) == Trade((five,))
    assert GAME.canonical_move(state, 0, Trade((last, second))) == Trade((five, second))
    assert GAME.canonical_move(state, 0, Trade((last, last))) == Trade((last, last))
    for odd in (Place(((9, 9, 40, None),)), Place(((9, 9, 0, None), (9, 10, 0, None)))):
        assert GAME.canonical_move(state, 0, odd) == odd  # left for the rules to refuse
    assert GAME.listed_in_part(Trade((0,))) and GAME.listed_in_part(other)
    assert not GAME.listed_in_part(Pass())


def test_trades_listed_one_of_each_face_and_all_while_the_bag_has_enough():
    """docs/rules.md, Equate: "Moves offered" ("Trade and pass": a trade needs as many tiles in
    the bag)."""
    state = rigged([["5", "+", "5", "5", "×", "×", "1", "1", "2"], []])
    assert listed_trades(state, 0) == [Trade((0,)), Trade((1,)), Trade((4,)), Trade((6,)),
                                       Trade((8,)), Trade(tuple(range(9)))]  # fmt: skip
    for trade in listed_trades(state, 0):
        GAME.check_invariants(GAME.apply_move(state, 0, trade))
    few = dict(state, bag=state["bag"][:3])
    assert Trade(tuple(range(9))) not in listed_trades(few, 0)
    assert listed_trades(dict(state, bag=[]), 0) == []


# --- what each player sees ------------------------------------------------------------------------
def test_views_show_your_rack_and_only_the_sizes_of_the_others_and_the_bag():
    state = new(players=3, seed=5)
    state = post(state, 0, {"type": "pass"})
    state = post(state, 1, {"type": "trade", "tiles": [0, 1, 2]})
    rng = random.Random(3)
    for seat in [0, 1, 2, SPECTATOR]:
        view = GAME.view(state, seat)
        assert json.loads(json.dumps(view)) == view
        again = GAME.resample_hidden(state, seat, random.Random(rng.random()))
        GAME.check_invariants(again)
        assert [len(r) for r in again["racks"]] == [len(r) for r in state["racks"]]
        assert len(again["bag"]) == len(state["bag"])
        assert GAME.view(again, seat) == view, f"the view of {seat} shows hidden tiles"
        if seat is not None:
            assert again["racks"][seat] == state["racks"][seat]
            assert [t["face"] for t in view["rack"]] == state["racks"][seat]
            others = [s for s in range(3) if s != seat]
            assert any(again["racks"][s] != state["racks"][s] for s in others)
        else:
            assert view["rack"] is None
        assert view["rack_sizes"] == [9, 9, 9] and view["bag_count"] == len(state["bag"])
        assert view["last"] == {"kind": "trade", "seat": 1, "count": 3}
        text = json.dumps(view)
        assert "seed" not in view and '"bag"' not in text and '"racks"' not in text


def test_the_board_in_the_view_shows_premiums_and_the_last_play():
    state = rigged([["2", "+", "3", "5", BLANK], []])
    empty = GAME.view(state, 0)
    rows = empty["rows"]
    assert len(rows) == 19 and all(len(row) == 19 for row in rows)
    centre = rows[9][9]
    assert centre["premium"] == "2E" and centre["centre"] and centre["tile"] is None
    assert rows[0][0]["premium"] == "3E"
    blank = empty["rack"][at(state, 0, BLANK)[0]]
    assert blank == {"pos": blank["pos"], "face": "?", "display": "?", "score": 0, "blank": True}
    moves = place(state, 0, 9, 7, "2 + 3 = ?5")
    after = GAME.apply_move(state, 0, Place(tuple(moves)))
    view = GAME.view(after, 1)
    five = view["rows"][9][11]["tile"]
    assert five == {"face": "5", "display": "5", "blank": True, "score": 0, "seat": 0, "new": True}
    assert view["rows"][9][7]["tile"]["score"] == 1
    assert view["last"]["lines"][0]["text"] == "2 + 3 = 5"
    later = GAME.apply_move(after, 1, Pass())
    assert not GAME.view(later, 0)["rows"][9][11]["tile"]["new"]


# --- learning events and the game log -------------------------------------------------------------
def test_an_equation_played_shows_each_operation_and_fractions():
    """docs/rules.md, Equate: "Learning events": one event per skill of each equation made,
    correct."""
    state = rigged([["2", "+", "3", "5"], []])
    (event,) = events_of(state, 0, place_move(state, 0, 9, 7, "2 + 3 = 5"))
    assert (event.player, event.kind, event.skill, event.correct) == (
        0,
        "fact",
        "equate:+",
        True,
    )
    assert event.detail["text"] == "2 + 3 = 5" and event.detail["score"] > 0
    state = rigged([["7", "×", "8", "−", "6", "5", "0", "1/2", "1/2"], []])
    events = events_of(state, 0, place_move(state, 0, 9, 5, "7 × 8 − 6 = 5 0"))
    assert [e.skill for e in events] == ["equate:−", "equate:×"]
    state = rigged([["1/2", "+", "1/2", "1"], []])
    events = events_of(state, 0, place_move(state, 0, 9, 7, "1/2 + 1/2 = 1"))
    assert [e.skill for e in events] == ["equate:+", "equate:fractions"]
    state = rigged([["5", "5"], []])
    assert [e.skill for e in events_of(state, 0, place_move(state, 0, 9, 8, "5 = 5"))] == [
        "equate:numbers"
    ]


def test_an_expression_trades_and_passes_show_nothing():
    state = rigged([["4", "+", "3"], []])
    assert events_of(state, 0, place_move(state, 0, 9, 8, "4 + 3")) == []
    assert events_of(state, 0, Trade((0,))) == [] and events_of(state, 0, Pass()) == []


def test_a_line_across_that_is_an_equation_shows_its_skills_too():
    """ "5 × 1 = 5" played down from the 5 of "2 + 3 = 5" uses that 5."""
    state = rigged([["×", "1", "5"], []], board=START)
    move = Place(tuple(sorted(tuple(p) for p in place(state, 0, 10, 11, "× 1 = 5", down=True))))
    events = events_of(state, 0, move)
    assert [(e.skill, e.detail["text"]) for e in events] == [("equate:×", "5 × 1 = 5")]


def test_a_refused_equation_shows_the_mistake_and_the_reason():
    """ "2 + 3 = 6 is not true: 2 + 3 = 5" (the issue's example) as a mistake of kind false."""
    state = rigged([["2", "+", "3", "6"], []])
    (event,) = events_of(state, 0, place_move(state, 0, 9, 7, "2 + 3 = 6"))
    assert (event.kind, event.skill, event.correct, event.mistake) == (
        "fact", "equate:+", False, "false"
    )  # fmt: skip
    assert event.detail["reason"] == "2 + 3 = 6 is not true: 2 + 3 = 5"
    assert event.detail["text"] == "2 + 3 = 6"
    state = rigged([["3", "−", "5", "0"], []])
    (event,) = events_of(state, 0, place_move(state, 0, 9, 7, "3 − 5 = 0"))
    assert (event.skill, event.mistake) == ("equate:−", "negative")
    state = rigged([["0", "5"], []])
    (event,) = events_of(state, 0, place_move(state, 0, 9, 8, "0 5"))
    assert (event.skill, event.mistake) == ("equate:numbers", "leading_zero")


def test_a_refused_line_across_shows_that_line():
    """ "7 = 7" down beside the 5 of "2 + 3 = 5" is true, but going across its 7 makes
    "2 + 3 = 57", which is not: that line is the mistake."""
    state = rigged([["7", "7"], []], board=START)
    move = Place(tuple(sorted(tuple(p) for p in place(state, 0, 9, 12, "7 = 7", down=True))))
    (event,) = events_of(state, 0, move)
    assert (event.skill, event.mistake) == ("equate:+", "false")
    assert event.detail["text"] == "2 + 3 = 57"
    assert event.detail["reason"] == "Going across, 2 + 3 = 57 is not true: 2 + 3 = 5"


def test_a_play_in_the_wrong_place_is_a_rule_mistake_and_platform_refusals_show_nothing():
    state = rigged([["2", "+", "3", "5"], []])
    (event,) = events_of(state, 0, place_move(state, 0, 3, 3, "2 + 3 = 5"))
    assert (event.kind, event.skill, event.mistake) == ("rule", "equate:placing", "centre")
    assert events_of(state, 1, Place(((9, 9, 0, None),))) == []  # not their turn
    assert events_of(state, 0, Place(((9, 9, 30, None),))) == []  # no such tile


def test_describe_says_what_was_played_for_how_many_points():
    state = rigged([["2", "+", "3", "5"], []])
    move = place_move(state, 0, 9, 7, "2 + 3 = 5")
    score = GAME.apply_move(state, 0, move)["last"]["score"]
    assert GAME.describe(state, 0, move) == f"played 2 + 3 = 5 for {score} points"
    single = rigged([["4"], []])
    assert GAME.describe(single, 0, place_move(single, 0, 9, 9, "4")) == "played 4 for 0 points"
    assert GAME.describe(state, 0, Trade((0, 1, 2))) == "traded 3 tiles"
    assert GAME.describe(state, 0, Trade((0,))) == "traded 1 tile"
    assert GAME.describe(state, 0, Pass()) == "passed"
    assert GAME.describe(state, 0, Place(((0, 0, 0, None),))) == "played tiles"  # refused


# --- with the move generator ----------------------------------------------------------------------
def test_legal_moves_pass_trades_then_every_play_each_legal_and_in_its_own_form():
    state = rigged([["2", "+", "3", "5", "5"], []])
    moves = GAME.legal_moves(state, 0)
    assert moves == GAME.legal_moves(state, 0), "legal_moves is deterministic"
    assert moves[0] == Pass() and moves[1 : 1 + len(listed_trades(state, 0))] == listed_trades(
        state, 0
    )
    plays = [m for m in moves if isinstance(m, Place)]
    assert len(plays) == len(set(plays)) > 0
    # docs/rules.md, Equate: "Moves offered": the plays of at most movegen.LISTED_TILES tiles
    # are listed ("5 = 5"), and every longer play is legal too.
    assert place_move(state, 0, 9, 8, "5 = 5") in plays
    assert all(len(move.tiles) <= movegen.LISTED_TILES for move in plays)
    longer = place_move(state, 0, 9, 7, "2 + 3 = 5")
    assert longer not in plays and GAME.listed_in_part(longer)
    assert GAME.apply_move(state, 0, longer)["last"]["lines"][0]["text"] == "2 + 3 = 5"
    assert all(any((r, c) == (9, 9) for r, c, _, _ in move.tiles) for move in plays)
    for move in random.Random(1).sample(plays, min(len(plays), 150)):
        assert GAME.parse_move(json.loads(json.dumps(move.to_json()))) == move
        assert GAME.canonical_move(state, 0, move) == move
        GAME.check_invariants(GAME.apply_move(state, 0, move))
    assert GAME.legal_moves(state, 1) == []
    # docs/rules.md, Equate: "Moves offered": a play making only an expression is allowed,
    # though not listed.
    alone = place_move(state, 0, 9, 9, "5")
    assert alone not in moves and GAME.listed_in_part(alone)
    assert GAME.apply_move(state, 0, alone)["last"]["lines"][0]["kind"] == "expression"


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_the_end_of_a_game_played_with_random_legal_moves(seed):
    """The bag empty, small racks and a full board (tests/games/equate/boards.py): random
    listed moves through their JSON forms until a player goes out or everyone passes; each
    state keeps its tiles, each view hides the others' racks, legal_moves stays the same
    when asked again, and the outcome matches the scores."""
    rng = random.Random(seed)
    board = lay(16, 0, "4") | lay(17, 0, "1 + 2")
    racks = [["3", "1"], ["7", "+", "1/2"], ["÷", "2"]]
    state = arrange(new(players=3), racks, bag=[], board=board, points=[30, 40, 10])
    plays = 0
    for _ in range(200):  # an "=" alone from beside the board can make a play: no fixed bound
        if GAME.outcome(state) is not None:
            break
        seat = GAME.current_player(state)
        moves = GAME.legal_moves(state, seat)
        assert moves == GAME.legal_moves(state, seat) and moves[0] == Pass()
        assert not any(isinstance(m, Trade) for m in moves), "nothing to trade with"
        assert [GAME.legal_moves(state, s) for s in range(3) if s != seat] == [[], []]
        for viewer in [*range(3), SPECTATOR]:
            again = GAME.resample_hidden(state, viewer, random.Random(rng.random()))
            assert GAME.view(again, viewer) == GAME.view(state, viewer)
        places = [m for m in moves if isinstance(m, Place)]
        move = rng.choice(places) if places and rng.random() < 0.8 else Pass()
        assert GAME.canonical_move(state, seat, move) == move
        after = post(state, seat, move.to_json())
        events = GAME.learning_events(state, seat, move, after)
        if isinstance(move, Place):
            plays += 1
            equations = [line for line in after["last"]["lines"] if line["kind"] == "equation"]
            assert len(events) >= len(equations) >= 1 and all(e.correct for e in events)
            assert GAME.describe(state, seat, move).startswith("played ")
        state = after
    outcome = GAME.outcome(state)
    assert outcome is not None and plays > 0
    assert outcome.scores == tuple(state["scores"]) and outcome.reason
    assert list(outcome.winners) == [
        s for s, v in enumerate(state["scores"]) if v == max(state["scores"])
    ]


@pytest.mark.parametrize(("players", "seed", "tiles"), [(2, 1, "original")])
def test_a_round_of_random_moves_passes_the_conformance_playout(players, seed, tiles):
    """The platform's checks from the first turn: random listed moves, views hiding the other
    racks and the bag, refusals, JSON round trips, invariants, until the one-round limit
    ends the game; the replay gives the same end. (Whole games to the end: the test above.)"""
    settings = {"tiles": tiles, "rounds": 1}
    final, history = conformance.playout(GAME, settings, players, seed)
    assert final["end"] == "rounds" and len(history) == players
    assert conformance.replay(GAME, settings, players, seed, history) == final
