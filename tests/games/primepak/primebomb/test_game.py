"""Prime Bomb – Capture as a Game (games/primepak/primebomb/game.py): settings, seeded games played
to the end through the moves' JSON forms, secret choices that no view reveals, "plays first" from
the server's order of moves (and the same again in a replay), the choosing clock, learning events,
and the hidden zones dealt again for the conformance check."""

from __future__ import annotations

import json
import random

import pytest

from games.engine.protocol import IllegalMove, SettingsError, Timeout, apply_logged
from games.primepak.primebomb import rules as pb
from games.primepak.primebomb.game import PRIME_BOMB, Choose, Flip, Swap
from tests.games.primepak.primebomb.test_rules import arrange, at

GAME = PRIME_BOMB


def new(players=3, level=3, hand=7, seed=1, **extra):
    return GAME.new_game({"level": level, "hand": hand, **extra}, players, seed)


def rigged(hands, flips, players=None, flipper=0):
    """A game whose seats hold these cards (padded with big cards), these next flips."""
    state = new(players=players or len(hands))
    return arrange(state, hands, flips=flips, flipper=flipper)


def play(state, seat, data):
    """Apply a move from its JSON form (as the platform does), checking the state after."""
    after = GAME.apply_move(state, seat, GAME.parse_move(json.loads(json.dumps(data))))
    GAME.check_invariants(after)
    return after


def choose(state, seat, *values):
    return play(state, seat, {"type": "choose", "cards": at(state, seat, *values)})


# --- settings -------------------------------------------------------------------------------------
def test_defaults_and_every_field_names_a_setting():
    defaults = GAME.default_settings()
    assert defaults == {"level": 1, "hand": 7, "scoring": "sum", "choose_seconds": 30,
                        "product": "hidden"}  # fmt: skip
    assert [f["name"] for f in GAME.settings_fields()] == list(defaults)
    for field in GAME.settings_fields():
        for value, _text in field["choices"]:
            assert GAME.clean_settings({field["name"]: value})[field["name"]] == value
    assert GAME.clean_settings({}) == defaults
    assert GAME.settings_label({}) == "Level 1"
    assert GAME.settings_label({"level": 3, "hand": 5, "choose_seconds": 60}) == (
        "Level 3 · 5 cards · 60 s to choose"
    )
    assert GAME.settings_label({"product": "shown"}) == "Level 1 · product shown"


def test_form_text_is_accepted():
    clean = GAME.clean_settings({"level": "4", "hand": "5", "scoring": "count",
                                 "choose_seconds": "120", "product": "shown"})  # fmt: skip
    assert clean == {"level": 4, "hand": 5, "scoring": "count", "choose_seconds": 120,
                     "product": "shown"}  # fmt: skip


@pytest.mark.parametrize(
    "settings",
    [{"level": 7}, {"level": "x"}, {"hand": 6}, {"scoring": "max"}, {"choose_seconds": 0},
     {"choose_seconds": 45}, {"colour": "red"}, {"product": True}, "level 3"],
)  # fmt: skip
def test_bad_settings_are_refused(settings):
    with pytest.raises(SettingsError):
        GAME.clean_settings(settings)


def test_player_counts_and_progress_by_level():
    for players in (1, 7):
        with pytest.raises(SettingsError):
            GAME.new_game({}, players, 1)
    assert GAME.progress_level({"level": 4}) == ("level-4", "Level 4")
    assert GAME.progress_levels()[0] == ("level-1", "Level 1")
    assert GAME.skill_label("prime", "prime:7") == "capturing the prime 7"
    assert GAME.skill_label("factor_set", "factors:28") == "factors of 28"


# --- moves and their JSON forms -------------------------------------------------------------------
def test_moves_round_trip_and_forms_post_ticked_cards_as_text():
    for move in (Flip(), Choose(()), Choose((0, 3, 5)), Swap(2, 1)):
        assert GAME.parse_move(json.loads(json.dumps(move.to_json()))) == move
    assert GAME.parse_move({"type": "choose", "cards": "5,3"}) == Choose((3, 5))
    assert GAME.parse_move({"type": "choose", "cards": ""}) == Choose(())
    assert GAME.parse_move({"type": "choose", "cards": 4}) == Choose((4,))
    assert GAME.parse_move({"type": "swap", "card": "2", "captured": 0}) == Swap(2, 0)


@pytest.mark.parametrize(
    "data",
    [None, [], {}, {"type": 3}, {"type": "bomb"}, {"type": "choose", "cards": "a,b"},
     {"type": "choose", "cards": [-1]}, {"type": "choose", "cards": {"0": 1}},
     {"type": "choose", "cards": list(range(30))}, {"type": "swap", "card": 1},
     {"type": "swap", "card": None, "captured": 0}, {"type": "choose", "cards": [True]}],
)  # fmt: skip
def test_malformed_moves_are_illegal(data):
    with pytest.raises(IllegalMove):
        GAME.parse_move(data)


def test_a_choice_of_a_card_not_in_hand_or_twice_or_a_client_order_is_refused():
    state = play(new(), new()["flipper"], {"type": "flip"})
    for cards in ([7], [1, 1]):
        with pytest.raises(IllegalMove):
            GAME.apply_move(state, 0, Choose(tuple(cards)))
    # An order sent by a client is not part of the move: it is simply not read.
    move = GAME.parse_move({"type": "choose", "cards": [0], "order": -5})
    after = GAME.apply_move(state, 0, move)
    assert after["choices"][0]["order"] == 1
    with pytest.raises(IllegalMove):
        GAME.apply_move(state, 3, Choose(()))


# --- whole games ----------------------------------------------------------------------------------
@pytest.mark.parametrize("players, level, hand, seed", [(2, 1, 7, 1), (3, 3, 5, 2),
                                                        (6, 1, 7, 3), (4, 6, 7, 4)])  # fmt: skip
def test_random_legal_moves_play_to_the_end_through_json(players, level, hand, seed):
    """Random actors play random legal moves (and now and then the clock runs out); every move
    goes through its JSON form, the invariants hold, views are JSON and a player's view is
    the same after everything hidden from them is dealt again; the replay is identical."""
    rng = random.Random(seed)
    state = GAME.new_game({"level": level, "hand": hand}, players, seed)
    log: list[tuple[int, dict]] = []
    reveals = 0
    for _ in range(3000):
        GAME.check_invariants(state)
        if GAME.outcome(state) is not None:
            break
        for seat in [None, *range(players)]:
            view = GAME.view(state, seat)
            assert json.loads(json.dumps(view)) == view
            again = GAME.resample_hidden(state, seat, random.Random(rng.random()))
            GAME.check_invariants(again)
            assert GAME.view(again, seat) == view
        if state["phase"] == pb.CHOOSE and rng.random() < 0.1:
            log.append((-1, Timeout().to_json()))
            state = GAME.apply_timeout(state)
            reveals += 1
            continue
        actors = GAME.actors(state, players)
        assert actors and GAME.current_player(state) in actors
        seat = rng.choice(actors)
        moves = GAME.legal_moves(state, seat)
        if state["phase"] == pb.FLIP and rng.random() < 0.7 and seat == state["flipper"]:
            move = Flip()  # swaps are many: flip often so the deck runs out
        else:
            move = rng.choice(moves)
        data = json.loads(json.dumps(move.to_json()))
        before = state
        state = GAME.apply_move(state, seat, GAME.parse_move(data))
        reveals += before["phase"] == pb.CHOOSE and state["phase"] != pb.CHOOSE
        GAME.learning_events(before, seat, move, state)
        log.append((seat, data))
    outcome = GAME.outcome(state)
    assert outcome is not None and reveals == state["flips"]
    assert list(outcome.scores) == state["scores"]
    best = max(outcome.scores)
    assert list(outcome.winners) == [s for s, v in enumerate(outcome.scores) if v == best]
    assert GAME.current_player(state) is None and GAME.actors(state, players) == []
    assert GAME.timer(state) is None
    replay = GAME.new_game({"level": level, "hand": hand}, players, seed)
    for seat, data in log:
        replay = apply_logged(GAME, replay, seat, data)
    assert replay == state


def test_every_legal_move_of_every_actor_applies():
    state = rigged([[2, 14], [4, 7], [3, 5]], flips=[28, 2, 30])
    for _ in range(2):  # a flip, a round of choices; then swaps before the next flip
        for seat in GAME.actors(state, 3):
            for move in GAME.legal_moves(state, seat):
                GAME.check_invariants(GAME.apply_move(state, seat, move))
                assert GAME.canonical_move(state, seat, move) == move
        state = play(state, state["flipper"], {"type": "flip"})
        for seat in GAME.actors(state, 3):
            moves = GAME.legal_moves(state, seat)
            assert len(moves) == len({tuple(sorted(state["hands"][seat][p] for p in m.cards))
                                      for m in moves})  # fmt: skip
            for move in moves:
                GAME.check_invariants(GAME.apply_move(state, seat, move))
        state = choose(state, 0, 2, 14)
        state = choose(state, 1, 4, 7)
        state = choose(state, 2)
    assert state["phase"] == pb.FLIP and state["captured"][0] == [28]
    swaps = [m for m in GAME.legal_moves(state, 0) if isinstance(m, Swap)]
    assert swaps and all(m.captured == 0 for m in swaps)
    assert GAME.actors(state, 3) == [0]  # the flipper, and the only one who may swap


# --- secret choices -------------------------------------------------------------------------------
def test_views_never_show_another_players_pending_cards():
    """Seat 1 holds the only 900 of the deck. Its choice, of one card or of two, changes
    nothing in the other players' and the spectator's views but the "chosen" mark; its own
    view shows its choice."""
    state = rigged([[2, 14], [900, 4, 7], [3, 5]], flips=[28])
    state = play(state, 0, {"type": "flip"})
    assert sum(h.count(900) for h in state["hands"]) == 1 and 900 in state["hands"][1]
    before = {seat: GAME.view(state, seat) for seat in (None, 0, 2)}
    assert all("900" not in json.dumps(v) for v in before.values())
    for values in ([900], [900, 4], [4, 7], []):
        chosen = choose(state, 1, *values)
        assert chosen["phase"] == pb.CHOOSE
        for seat, old in before.items():
            view = GAME.view(chosen, seat)
            assert view["chosen"] == [False, True, False]
            assert {**view, "chosen": old["chosen"]} == old
            assert "900" not in json.dumps(view)
        mine = GAME.view(chosen, 1)
        assert mine["my_choice"] == sorted(at(chosen, 1, *values))
        assert GAME.describe(state, 1, GAME.parse_move({"type": "choose", "cards": mine[
            "my_choice"]})) == "chose their cards"  # fmt: skip
    # After the reveal everything played is public.
    state = choose(state, 1, 900)
    state = choose(state, 0, 2, 14)
    state = choose(state, 2, 3)
    assert state["phase"] == pb.FLIP and "900" in json.dumps(GAME.view(state, None))
    assert GAME.view(state, None)["last_reveal"]["plays"][1]["cards"] == [900]


def test_resampling_keeps_own_choice_and_hides_the_others_cards_and_count():
    state = rigged([[2, 14], [900, 4, 7], [3, 5]], flips=[28])
    state = play(state, 0, {"type": "flip"})
    state = choose(state, 0, 2, 14)
    state = choose(state, 1, 900)
    counts = set()
    for k in range(40):
        again = GAME.resample_hidden(state, 0, random.Random(k))
        GAME.check_invariants(again)
        assert again["hands"][0] == state["hands"][0] and again["choices"][0] == state["choices"][0]
        assert again["choices"][1]["order"] == state["choices"][1]["order"]
        assert again["choices"][2] is None
        assert GAME.view(again, 0) == GAME.view(state, 0)
        counts.add(len(again["choices"][1]["cards"]))
        # The resampled state still plays: the last choice reveals with valid positions.
        done = GAME.apply_move(again, 2, Choose(()))
        assert done["phase"] == pb.FLIP
    assert len(counts) > 2


# --- "plays first" --------------------------------------------------------------------------------
def test_the_earlier_choose_wins_a_tie_and_the_replay_is_identical():
    for first, second in ((0, 1), (1, 0)):
        state = rigged([[2, 14], [4, 7]], flips=[28])
        start = state
        log = [(0, {"type": "flip"})]
        cards = {0: (2, 14), 1: (4, 7)}
        for seat in (first, second):
            log.append((seat, {"type": "choose", "cards": at(start, seat, *cards[seat])}))
        for seat, data in log:
            state = play(state, seat, data)
        reveal = state["last_reveal"]
        assert reveal["winner"] == first and reveal["rule"] == "first"
        assert [p["order"] for p in reveal["plays"]][first] == 1
        replay = start
        for seat, data in log:
            replay = apply_logged(GAME, replay, seat, data)
        assert replay == state


def test_changing_a_choice_moves_you_to_the_back():
    state = rigged([[2, 14], [4, 7], [3]], flips=[28])
    state = play(state, 0, {"type": "flip"})
    state = choose(state, 0, 14)
    state = choose(state, 1, 4, 7)
    state = choose(state, 0, 2, 14)  # other cards: a new submission, now after seat 1
    assert state["choices"][0]["order"] == 3 and state["submissions"] == 3
    state = choose(state, 2, 3)
    assert state["last_reveal"]["winner"] == 1 and state["flipper"] == 1


def test_the_same_cards_again_are_not_a_new_submission():
    """docs/rules.md, Prime Bomb – Capture: "On the platform" (issue 36: "the same choice sent
    from 20 boards is applied 20 times, and the player goes to the back of the 'played first'
    order each time")."""
    state = rigged([[2, 14], [4, 7], [3]], flips=[28])
    state = play(state, 0, {"type": "flip"})
    state = choose(state, 0, 2, 14)
    state = choose(state, 1, 4, 7)
    assert choose(state, 0, 14, 2) == state  # the same cards: nothing changes
    state = choose(state, 2, 3)
    assert state["last_reveal"]["winner"] == 0  # still first in line: Ana's tie


# --- the clock ------------------------------------------------------------------------------------
def test_the_clock_reveals_and_a_player_without_a_choice_throws_nothing():
    state = rigged([[2, 14], [21], [4, 7]], flips=[28], players=3)
    assert GAME.timer(state) == 20
    with_clock = new(choose_seconds=60)
    assert with_clock["choose_seconds"] == 60
    state = play(state, 0, {"type": "flip"})
    assert GAME.timer(state) == 30
    assert GAME.current_player(state) == 0 and GAME.actors(state, 3) == [0, 1, 2]
    state = choose(state, 2, 4, 7)
    assert GAME.current_player(state) == 0
    state = choose(state, 0, 2)
    assert GAME.current_player(state) == 1
    before = state
    state = GAME.apply_timeout(state)
    GAME.check_invariants(state)
    plays = state["last_reveal"]["plays"]
    assert [p["chosen"] for p in plays] == [True, False, True]
    assert plays[1]["cards"] == [] and state["last_reveal"]["winner"] == 2
    events = GAME.learning_events(before, -1, Timeout(), state)
    assert sorted(e.player for e in events) == [0, 2]  # seat 1 threw nothing: no event


def test_the_flip_clock_turns_up_the_card_for_the_flipper():
    state = rigged([[2, 14], [4, 7]], flips=[28], flipper=1)
    state = GAME.apply_timeout(state)
    assert state["phase"] == pb.CHOOSE and state["stack"] == [28] and state["flips"] == 1
    assert GAME.describe(rigged([[2], [4]], flips=[28]), 0, Flip()) == "turned up 28"


# --- learning events ------------------------------------------------------------------------------
def test_learning_events_at_a_reveal():
    state = rigged([[2, 14], [4, 6], [3, 9, 10], [25]], flips=[28, 2], players=4)
    state = play(state, 0, {"type": "flip"})
    state = choose(state, 0, 2, 14)  # exact
    state = choose(state, 1, 4, 6)  # 24: 4 away, the closest this hand can do
    state = choose(state, 2, 3, 10)  # 30: 2 away, but 3 × 9 = 27 is 1 away
    before = state
    assert GAME.learning_events(before, 2, Choose(), before) == []
    state = choose(state, 3)
    events = {e.player: e for e in GAME.learning_events(before, 3, Choose(()), state)}
    assert set(events) == {0, 1, 2}
    assert events[0].kind == "factor_set" and events[0].skill == "factors:28"
    assert events[0].correct and events[0].detail["product"] == 28
    assert events[1].skill == "bomb:closest" and events[1].correct
    assert events[1].detail["distance"] == events[1].detail["best_distance"] == 4
    assert events[2].skill == "bomb:closest" and not events[2].correct
    assert events[2].mistake == "not_closest" and events[2].detail["best_distance"] == 1
    # A prime next: 25 has no 2 (a mistake with its reason), 14 has.
    state = play(state, state["flipper"], {"type": "flip"})
    state = choose(state, 0, 14)
    state = choose(state, 1)
    state = choose(state, 2)
    before = state
    state = choose(state, 3, 25)
    events = {e.player: e for e in GAME.learning_events(before, 3, Choose(), state)}
    assert set(events) == {0, 3}
    assert events[0].skill == "prime:2" and events[0].correct
    wrong = events[3]
    assert not wrong.correct and wrong.mistake == "no_factor"
    assert wrong.detail["reason"] == "25 has no 2."
    assert GAME.outcome(state) is None


def test_with_the_product_shown_every_event_of_a_reveal_is_help():
    """The teacher's "Product while choosing: shown": the board multiplied, so it is help."""
    for product, helped in (("hidden", False), ("shown", True)):
        state = GAME.new_game({"level": 3, "product": product}, 2, 1)
        state = arrange(state, [[2, 14], [4, 7]], flips=[28, 2], flipper=0)
        assert GAME.view(state, 0)["product_shown"] is helped
        state = play(state, 0, {"type": "flip"})
        state = choose(state, 0, 2, 14)
        before = state
        state = choose(state, 1, 4, 7)
        events = GAME.learning_events(before, 1, Choose(), state)
        assert len(events) == 2 and all(e.helped is helped for e in events)
        state = play(state, state["flipper"], {"type": "flip"})
        state = choose(state, 0, 14)
        before = state
        state = choose(state, 1, 7)
        events = GAME.learning_events(before, 1, Choose(), state)
        assert [e.skill for e in events] == ["prime:2", "prime:2"]
        assert all(e.helped is helped for e in events)


def test_board_key_holds_while_only_others_change():
    """A choice or swap from an older board still counts while the round and the player's own
    cards are the same (docs/rules.md, Prime Bomb – Capture: "Choosing at the same moment"); a
    new flip, or their own swap, changes it."""
    state = rigged([[2, 14], [4, 7], [3, 9]], flips=[28, 2, 10], players=3)
    assert GAME.board_key(state, 5) is None and GAME.board_key(state, "0") is None
    flip_key = GAME.board_key(state, 1)
    state = play(state, 0, {"type": "flip"})
    key = GAME.board_key(state, 1)
    assert key != flip_key and key.startswith("choose:1:")
    assert GAME.board_key(choose(state, 0, 2, 14), 1) == key  # another's choice
    assert GAME.board_key(choose(state, 1, 4), 1) == key  # my own choice: still my cards
    state = choose(choose(choose(state, 0, 2, 14), 1, 4), 2)
    assert state["phase"] == pb.FLIP
    assert GAME.board_key(state, 1) != key
    mine = GAME.board_key(state, 0)  # 0 captured 28
    other = GAME.board_key(state, 1)
    swapped = play(state, 0, {"type": "swap", "card": 0, "captured": 0})
    assert GAME.board_key(swapped, 0) != mine and GAME.board_key(swapped, 1) == other
    assert "3" not in other.split(":")[2]  # only the player's own cards are in it


def test_a_player_far_away_who_could_not_come_closer_is_right():
    """Seat 1 holds 3 and big cards only: 3 is 25 away from 28, and nothing comes closer."""
    state = rigged([[2, 14], [3]], flips=[28])
    state = play(state, 0, {"type": "flip"})
    state = choose(state, 0)
    before = state
    state = choose(state, 1, 3)
    (event,) = GAME.learning_events(before, 1, Choose(), state)
    assert event.player == 1 and event.correct and event.detail["best_distance"] == 25


def test_a_refused_move_and_other_moves_give_no_events():
    state = rigged([[2, 14], [4, 7]], flips=[28])
    error = IllegalMove("no")
    assert GAME.learning_events(state, 0, Flip(), error) == []
    after = play(state, 0, {"type": "flip"})
    assert GAME.learning_events(state, 0, Flip(), after) == []
