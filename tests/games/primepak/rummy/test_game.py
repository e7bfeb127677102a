"""Factor Rummy's rules (games/primepak/rummy/game.py): the deal, a turn, every way of going out and
its scoring, refused claims, the draw pile running out, hidden information, learning events.

Rule texts quoted are from the PrimePak booklet, "FACTOR RUMMY"."""

from __future__ import annotations

import json
import random
from collections import Counter

import pytest

from games.engine.protocol import SPECTATOR, IllegalMove, SettingsError
from games.primepak.cards import WILD
from games.primepak.rummy.game import (
    DEADWOOD,
    FACTOR_RUMMY,
    PRIME,
    RUMMY,
    Discard,
    Draw,
    GoOut,
    Group,
    Hint,
    NextRound,
    Ungroup,
)
from games.primepak.rummy.state import (
    DISCARD,
    DRAW,
    GAME_OVER,
    MAX_RESHUFFLES,
    ROUND_OVER,
    deck_counts,
    hand_size_for,
    wilds_for,
)

GAME = FACTOR_RUMMY


def rigged(level: int, hands: list[list], top=None, players: int | None = None, seed: int = 1):
    """A fresh game whose seats hold exactly these hands (sorted as the game keeps them), with
    `top` on the discard pile; every other card stays in the draw pile (cards conserved)."""
    players = players or len(hands)
    state = GAME.new_game({"level": level, "target": 200}, players, seed)
    wanted = Counter([*(c for hand in hands for c in hand), *([top] if top is not None else [])])
    pool = deck_counts(level)
    assert all(pool[c] >= n for c, n in wanted.items()), "the deck does not hold these cards"
    left = pool - wanted
    rest = [c for c in sorted(left, key=str) for _ in range(left[c])]
    random.Random(seed).shuffle(rest)
    for seat, hand in enumerate(hands):
        assert len(hand) == hand_size_for(level)
        state["hands"][seat] = sorted(hand, key=lambda c: (1, 0) if c == WILD else (0, c))
    if top is None:
        top = rest.pop()
    state["discard"] = [top]
    state["draw"] = rest
    state["turn"], state["dealer"] = 0, players - 1
    GAME.check_invariants(state)
    return state


def play(state, player, *moves):
    for move in moves:
        assert move in GAME.legal_moves(state, player) or isinstance(move, (Group, Hint)), move
        state = GAME.apply_move(state, player, move)
    return state


def positions(state, player, *cards):
    """Positions of these cards in the player's hand (equal cards: the first ones in no group)."""
    hand, found = state["hands"][player], []
    used = {p for g in state["groups"][player] for p in g}
    for card in cards:
        p = next(i for i, c in enumerate(hand) if c == card and i not in used)
        used.add(p)
        found.append(p)
    return tuple(sorted(found))


def group(state, player, *cards):
    return GAME.apply_move(state, player, Group(positions(state, player, *cards)))


# --- settings and the deal ------------------------------------------------------------------------
def test_deck_and_hand_follow_the_level():
    """ "For levels 4, 5 and 6, include 11 prime wild cards; for levels 2 and 3, include 7";
    "Deal a hand of 11 cards when playing with deck levels 3 or higher. For deck level 2, deal
    a hand of only 10 cards." Level 1 (our decision): 7 wilds, 10 cards."""
    assert [wilds_for(level) for level in range(1, 7)] == [7, 7, 7, 11, 11, 11]
    assert [hand_size_for(level) for level in range(1, 7)] == [10, 10, 11, 11, 11, 11]
    for level in range(1, 7):
        state = GAME.new_game({"level": level}, 4, level)
        assert [len(h) for h in state["hands"]] == [hand_size_for(level)] * 4
        assert len(state["discard"]) == 1, "the top card of the draw pile starts the discard pile"
        assert Counter(
            state["draw"] + state["discard"] + [c for hand in state["hands"] for c in hand]
        ) == deck_counts(level)
        assert sum(c == WILD for c in deck_counts(level).elements()) == wilds_for(level)


def test_settings_defaults_forms_and_refusals():
    assert GAME.default_settings() == {"level": 2, "target": 200}
    assert GAME.clean_settings({"level": "4", "target": "50"}) == {"level": 4, "target": 50}
    assert GAME.settings_label({"level": 3, "target": 100}) == "Level 3 · to 100 points"
    for bad in ({"level": 7}, {"target": 150}, {"colour": "red"}, {"level": "x"}):
        with pytest.raises(SettingsError):
            GAME.clean_settings(bad)
    with pytest.raises(SettingsError):
        GAME.new_game({}, 7, 1)
    assert GAME.progress_level({"level": 5}) == ("level-5", "Level 5")


def test_play_begins_left_of_the_dealer_and_the_deal_rotates():
    """ "Play begins with the person that sits to the left of the dealer." The deal passes to
    the left each round (our decision; the booklet deals "from the player on his left")."""
    state = GAME.new_game({"level": 2}, 3, 5)
    dealer = state["dealer"]
    assert state["turn"] == (dealer + 1) % 3
    state["phase"] = ROUND_OVER  # as if a round had just been scored
    state["last_round"] = {"out": None}
    assert GAME.current_player(state) == (dealer + 2) % 3
    after = GAME.apply_move(state, 2, NextRound())
    assert after["dealer"] == (dealer + 1) % 3 and after["turn"] == (dealer + 2) % 3
    assert after["round"] == 2 and after["phase"] == DRAW
    assert GAME.timer(state) == 60 and GAME.apply_timeout(state)["round"] == 2


# --- a turn ---------------------------------------------------------------------------------------
def test_a_turn_is_a_draw_then_a_discard():
    """ "A player begins a turn by either picking up the top card of the face-up discard pile
    or drawing the top card from the face-down draw pile. If the player is not going out he must
    discard to end the turn." """
    state = GAME.new_game({"level": 3}, 2, 9)
    p = state["turn"]
    with pytest.raises(IllegalMove, match="Take a card first"):
        GAME.apply_move(state, p, Discard(0))
    with pytest.raises(IllegalMove, match="Wait for your turn"):
        GAME.apply_move(state, 1 - p, Draw("pile"))
    top = state["discard"][-1]
    state = GAME.apply_move(state, p, Draw("discard"))
    assert state["phase"] == DISCARD and state["hands"][p][-1] == top
    assert state["taken"][p] == [top]
    with pytest.raises(IllegalMove, match="You just took"):
        GAME.apply_move(state, p, Discard(len(state["hands"][p]) - 1))
    with pytest.raises(IllegalMove, match="already took a card"):
        GAME.apply_move(state, p, Draw("pile"))
    card = state["hands"][p][0]
    state = GAME.apply_move(state, p, Discard(0))
    assert state["discard"][-1] == card and state["turn"] == 1 - p and state["phase"] == DRAW
    assert len(state["hands"][p]) == 11
    before = state["discard"][-1]
    state = GAME.apply_move(state, 1 - p, Draw("pile"))
    assert state["passed"][1 - p] == [before], "passing the top card by is public"


def test_groups_are_the_players_own_and_follow_their_cards():
    state = rigged(3, [[42, 6, 7, 9, 20, 4, 5, 2, 3, 11, 33], [2] * 11])
    state = group(state, 0, 42, 6, 7)
    assert [[state["hands"][0][p] for p in g] for g in state["groups"][0]] == [[6, 7, 42]]
    with pytest.raises(IllegalMove, match="Wait for your turn"):
        group(state, 1, 2, 2)
    with pytest.raises(IllegalMove, match="at least 2 cards"):
        GAME.parse_move({"type": "group", "cards": 3})
    state = GAME.apply_move(state, 0, Draw("pile"))
    state = GAME.apply_move(state, 0, Ungroup(0))
    assert state["groups"][0] == []
    state = group(state, 0, 42, 6, 7)
    # Discarding a grouped card takes its group apart; the others keep theirs.
    state = group(state, 0, 20, 4, 5)
    state = GAME.apply_move(state, 0, Discard(state["hands"][0].index(42)))
    assert [sorted(state["hands"][0][p] for p in g) for g in state["groups"][0]] == [[4, 5, 20]]
    assert state["hands"][0] == sorted(state["hands"][0], key=lambda c: (c == WILD, str(c)
                                       if c == WILD else c))  # fmt: skip


# --- going out and scoring ------------------------------------------------------------------------
def deadwood_of(hand, level=4):
    from games.primepak.meld import best_arrangement

    return len(best_arrangement(hand, level).deadwood)


def test_prime_factor_with_a_discard_scores_25_plus_2_per_deadwood_card():
    """ "The hand is completely filled with prime factor sets ... with or without a discard ...
    The player that went out is awarded a 25-point bonus. In addition, the going-out player
    gets 2 points for each of the opponent's deadwood cards." """
    mine = [42, 2, 3, 7, 20, 2, 2, 5, 9, 3, 3]
    other = [4, 8, 16, 32, 64, 81, 27, 49, 77, 91, 13]
    state = rigged(4, [mine, other], top=100)
    state = play(state, 0, Draw("pile"))
    drawn = state["hands"][0][state["drawn"]]
    state = group(state, 0, 42, 2, 3, 7)
    state = group(state, 0, 20, 2, 2, 5)
    state = group(state, 0, 9, 3, 3)
    assert GoOut(PRIME, state["drawn"]) in GAME.legal_moves(state, 0)
    state = play(state, 0, GoOut(PRIME, state["drawn"]))
    dead = deadwood_of(other)
    last = state["last_round"]
    assert last["out"] == 0 and last["how"] == PRIME and state["discard"][-1] == drawn
    assert last["points"] == 25 + 2 * dead and state["scores"] == [25 + 2 * dead, 0]
    assert last["hands"][0]["deadwood"] == [] and len(last["hands"][0]["sets"]) == 3
    assert len(last["hands"][1]["deadwood"]) == dead
    texts = [line["parts"][1].get("text") for line in last["lines"]]
    assert texts[0] == " went out “prime factor”: 25 points."
    assert [p.get("text") for p in last["lines"][-1]["parts"]] == [
        "Points this round for ",
        None,
        f": {25 + 2 * dead}.",
    ]
    assert texts[1] == f" had {dead} deadwood cards: {2 * dead} points."
    assert state["phase"] == ROUND_OVER and GAME.outcome(state) is None


def test_factor_rummy_after_drawing_without_a_discard_scores_20_plus_2_per_deadwood_card():
    """ "Going out "Factor Rummy" - The hand is completely filled with factor sets where at
    least one multiplier is not a prime number ... The player that went out is awarded a
    20-point bonus. In addition, the going-out player gets 2 points for each of the opponents'
    deadwood cards." With three players, both opponents' deadwood counts."""
    mine = [42, 6, 7, 20, 4, 5, 36, 4, 9, 10, 2]  # 10 = 2 × 5 needs the 5 drawn
    others = [[25, 8, 16, 32, 64, 81, 27, 49, 77, 91, 13], [3, 11, 17, 19, 26, 39, 52, 65, 78,
                                                          85, 95]]  # fmt: skip
    state = rigged(6, [mine, *others], top=5)
    state = play(state, 0, Draw("discard"))
    for cards in ((42, 6, 7), (20, 4, 5), (36, 4, 9), (10, 2, 5)):
        state = group(state, 0, *cards)
    state = play(state, 0, GoOut(RUMMY, None))
    dead = [deadwood_of(h, 6) for h in others]
    assert state["last_round"]["points"] == 20 + 2 * sum(dead)
    assert len(state["hands"][0]) == 12, "going out with no discard lays down every card"


def test_going_out_before_drawing():
    """ "A player can go out only during his turn. This can be done before drawing" (no
    discard then)."""
    mine = [42, 6, 7, 20, 4, 5, 36, 4, 9, 10, 2]
    state = rigged(4, [[*mine[:-1], 5], [2] * 11])
    for cards in ((42, 6, 7), (20, 4, 5), (36, 4, 9)):
        state = group(state, 0, *cards)
    state = group(state, 0, 10, 5, 2) if 2 in state["hands"][0] else state
    hand = state["hands"][0]
    assert sorted(map(str, hand)) == sorted(map(str, [*mine[:-1], 5]))
    with pytest.raises(IllegalMove, match="Draw a card first"):
        GAME.apply_move(state, 0, GoOut(RUMMY, 0))
    with pytest.raises(IllegalMove, match="Draw a card first"):
        GAME.apply_move(state, 0, GoOut(DEADWOOD, None))


def test_factor_with_deadwood_points_beyond_mine_and_the_penalty():
    """ "A player can go out if left with only one or two deadwood cards after discarding ...
    The going-out player receives 2 points for each of the opponents' deadwood cards that
    exceed the number of deadwood cards that the going-out player has. For each opponent that
    has an equal or fewer number of deadwood cards, the going-out player is penalized 10
    points." """
    mine = [42, 6, 7, 20, 4, 5, 36, 4, 9, 55, 77]  # 55 and 77 left over
    loose = [8, 16, 32, 64, 81, 27, 49, 91, 13, 11, 26]  # many deadwood cards
    tight = [12, 2, 2, 3, 15, 3, 5, 30, 6, 5, 11]  # 11 alone: 1 deadwood card
    state = rigged(4, [mine, loose, tight], top=2)
    state = play(state, 0, Draw("pile"))
    for cards in ((42, 6, 7), (20, 4, 5), (36, 4, 9)):
        state = group(state, 0, *cards)
    # Discard the card drawn: 55 and 77 stay out of the sets, 2 deadwood cards.
    state = play(state, 0, GoOut(DEADWOOD, state["drawn"]))
    many, few = deadwood_of(loose), deadwood_of(tight)
    assert few == 1 and many > 2
    assert state["last_round"]["points"] == 2 * (many - 2) - 10
    texts = [line["parts"][1].get("text") for line in state["last_round"]["lines"]]
    assert texts[0] == " went out “factor with deadwood” with 2 deadwood cards: no bonus."
    assert texts[2] == " had 1 deadwood card, not more: 10 points off."


def test_a_prime_hand_may_be_claimed_as_factor_rummy_and_scores_20():
    """Our decision (docs/rules.md): the text lets the player say either; we score the claim."""
    mine = [42, 2, 3, 7, 20, 2, 2, 5, 9, 3, 3]
    state = rigged(4, [mine, [4, 8, 16, 32, 64, 81, 27, 49, 77, 91, 13]])
    for cards in ((42, 2, 3, 7), (20, 2, 2, 5), (9, 3, 3)):
        state = group(state, 0, *cards)
    moves = GAME.legal_moves(state, 0)
    assert GoOut(PRIME, None) in moves and GoOut(RUMMY, None) in moves
    state = play(state, 0, GoOut(RUMMY, None))
    assert state["last_round"]["how"] == RUMMY
    assert state["last_round"]["points"] == 20 + 2 * deadwood_of(state["hands"][1])


# --- refused claims -------------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("groups", "how", "reason"),
    [
        ([(6, 7, 40)], RUMMY, "40, 6, 7 is not a factor set: 6 × 7 = 42, not 40."),
        ([(42, 6, 7)], RUMMY, "42, 6, 7 is a set, but "),
        ([], RUMMY, "You have no groups yet"),
        ([(42, 6, 7), (40, 2, 4, 5), (60, 2, 3, 10)], PRIME, "42 = 6 × 7 is a factor set, but"
                                                                   " not a prime factor set"),
    ],
)  # fmt: skip
def test_a_claim_that_does_not_hold_is_refused_with_the_reason(groups, how, reason):
    """The child is told why ("42, 6, 7 is a set, but 9 and 20 are left over"), nothing
    changes, and the mistake is a learning event."""
    hand = [42, 6, 7, 40, 2, 4, 5, 60, 2, 3, 10]
    state = rigged(4, [hand, [4, 8, 16, 32, 64, 81, 27, 49, 77, 91, 13]])
    for cards in groups:
        state = group(state, 0, *cards)
    before = json.dumps(state, sort_keys=True)
    with pytest.raises(IllegalMove) as refused:
        GAME.apply_move(state, 0, GoOut(how, None))
    assert refused.value.reason.startswith(reason), refused.value.reason
    assert json.dumps(state, sort_keys=True) == before
    events = GAME.learning_events(state, 0, GoOut(how, None), refused.value)
    assert len(events) == 1 and not events[0].correct


def test_leftover_cards_are_named():
    state = rigged(3, [[42, 6, 7, 9, 20, 4, 5, 2, 3, 11, 33], [2] * 11])
    state = group(state, 0, 42, 6, 7)
    with pytest.raises(IllegalMove, match=r"42, 6, 7 is a set, but 2, 3, 4, 5, 9, 11, 20 and "
                                          r"33 are left over\."):  # fmt: skip
        GAME.apply_move(state, 0, GoOut(RUMMY, None))


def test_deadwood_claims_need_a_discard_and_some_deadwood():
    hand = [42, 6, 7, 20, 4, 5, 36, 4, 9, 55, 77]
    state = rigged(4, [hand, [2] * 11], top=13)
    state = play(state, 0, Draw("discard"))
    for cards in ((42, 6, 7), (20, 4, 5), (36, 4, 9)):
        state = group(state, 0, *cards)
    with pytest.raises(IllegalMove, match="needs a discard"):
        GAME.apply_move(state, 0, GoOut(DEADWOOD, None))
    with pytest.raises(IllegalMove, match="Your 3 groups are sets, but 13, 55 and 77 are left"):
        GAME.apply_move(state, 0, GoOut(RUMMY, None))
    apart = GAME.apply_move(state, 0, Ungroup(0))
    with pytest.raises(IllegalMove, match=r"keep 5 deadwood cards \(6, 7, 13, 42 and 77\)"):
        GAME.apply_move(apart, 0, GoOut(DEADWOOD, positions(apart, 0, 55)[0]))
    state = group(state, 0, 13, 55, 77)
    with pytest.raises(IllegalMove, match="77, 13, 55 is not a factor set: 13 × 55 = 715"):
        GAME.apply_move(state, 0, GoOut(RUMMY, None))


def test_parse_refuses_garbage_and_reads_form_posts():
    assert GAME.parse_move({"type": "group", "cards": "7,3,12"}) == Group((3, 7, 12))
    assert GAME.parse_move({"type": "discard", "cards": 4, "version": 3}) == Discard(4)
    assert GAME.parse_move({"type": "go_out", "how": "deadwood", "cards": 2}) == GoOut(DEADWOOD, 2)
    assert GAME.parse_move({"type": "go_out", "how": "prime"}) == GoOut(PRIME, None)
    for bad, words in (
        ({"type": "go_out"}, "Choose how you go out first"),
        ({"type": "discard"}, "Tick the one card"),
        ({"type": "discard", "cards": "1,2"}, "tick only the card"),
        ({"type": "draw", "from": "deck"}, "Draw from the draw pile"),
        ({"type": "group", "cards": "x" * 300}, "no such card"),
        ("discard", "not a move"),
    ):
        with pytest.raises(IllegalMove, match=words):
            GAME.parse_move(bad)
    for move in (Draw("pile"), Draw("discard"), Discard(3), GoOut(RUMMY, None), GoOut(PRIME, 2),
                 Group((1, 2, 5)), Ungroup(1), Hint(), NextRound()):  # fmt: skip
        assert GAME.parse_move(json.loads(json.dumps(move.to_json()))) == move


# --- the draw pile running out --------------------------------------------------------------------
def test_an_empty_draw_pile_is_made_again_from_the_discard_pile_then_the_round_ends():
    """Our decision (docs/rules.md): the discard pile but its top card is shuffled into a new
    draw pile, MAX_RESHUFFLES times a round; then the round ends with no points."""
    state = GAME.new_game({"level": 2, "target": 50}, 2, 3)
    rng = random.Random(3)
    made_again = 0
    while state["phase"] in (DRAW, DISCARD):
        p = state["turn"]
        if state["phase"] == DRAW:
            state = GAME.apply_move(state, p, Draw("pile"))
        else:
            state = GAME.apply_move(state, p, Discard(rng.randrange(len(state["hands"][p]) - 1)))
            made_again = max(made_again, state["reshuffles"])
            if state["phase"] == DRAW:
                assert state["draw"], "a turn never starts with an empty draw pile"
    assert made_again == MAX_RESHUFFLES and state["phase"] == ROUND_OVER
    assert state["last_round"]["out"] is None and state["scores"] == [0, 0]
    assert state["last_round"]["lines"] == [
        "The cards ran out and nobody went out: no points this round."
    ]
    GAME.check_invariants(state)


# --- hidden information ---------------------------------------------------------------------------
def test_a_view_never_shows_other_hands_or_the_draw_order():
    state = GAME.new_game({"level": 3}, 3, 21)
    p = state["turn"]
    state = group(state, p, *state["hands"][p][:2])
    for viewer in (0, 1, 2, SPECTATOR):
        view = GAME.view(state, viewer)
        text = json.dumps(view)
        assert "draw" not in {k for k in view if k != "draw_count"}
        assert view["hand_sizes"] == [11, 11, 11] and view["draw_count"] == len(state["draw"])
        if viewer is None:
            assert view["hand"] is None and view["groups"] == []
        else:
            assert [e["card"] for e in view["hand"]] == state["hands"][viewer]
            assert view["groups"] == (state["groups"][viewer])
        for _ in range(3):
            other = GAME.resample_hidden(state, viewer, random.Random(len(text)))
            assert GAME.view(other, viewer) == view
            GAME.check_invariants(other)


def test_the_log_never_names_a_card_drawn_from_the_pile():
    state = GAME.new_game({"level": 3}, 2, 4)
    p = state["turn"]
    after = GAME.apply_move(state, p, Draw("pile"))
    drawn = after["hands"][p][-1]
    assert GAME.describe(state, p, Draw("pile")) == "drew from the draw pile"
    assert after["log"][-1]["parts"][1] == {"text": " drew from the draw pile."}
    assert str(drawn) not in json.dumps(GAME.view(after, 1 - p)["log"][-1])


# --- learning events ------------------------------------------------------------------------------
def test_hints_are_help_and_round_end_records_sets_grouped_and_missed():
    mine = [42, 6, 7, 20, 4, 5, 36, 4, 9, 10, 2]
    other = [12, 3, 2, 15, 3, 5, 30, 2, 3, 5, 13]
    state = rigged(4, [[*mine[:-1], 5], other], top=2)
    hinted = GAME.apply_move(state, 0, Hint())
    [event] = GAME.learning_events(state, 0, Hint(), hinted)
    assert event.kind == "hint" and event.helped and not event.correct
    assert hinted["hinted"][0] and GAME.view(hinted, 0)["hinted"]
    state = play(hinted, 0, Draw("discard"))
    move = next(m for m in GAME.legal_moves(state, 0) if isinstance(m, GoOut))
    after = GAME.apply_move(state, 0, move)
    events = GAME.learning_events(state, 0, move, after)
    mine_events = [e for e in events if e.player == 0]
    assert mine_events and all(e.correct and e.helped for e in mine_events)
    missed = [e for e in events if e.player == 1]
    assert missed and all(e.mistake == "missed_set" for e in missed)
    assert {e.skill for e in missed} <= {"factors:12", "factors:15", "factors:30"}


# --- the whole game -------------------------------------------------------------------------------
def bots_game(settings, players, seed, strengths):
    bots = GAME.bots()
    state = GAME.new_game(settings, players, seed)
    history = []
    rng = random.Random(seed)
    for _ in range(20_000):
        if GAME.outcome(state) is not None:
            return state, history
        if state["phase"] == ROUND_OVER:
            state = GAME.apply_timeout(state)
            history.append((None, None))
            continue
        p = GAME.current_player(state)
        legal = GAME.legal_moves(state, p)
        move = bots[strengths[p]].choose_move(GAME.view(state, p), legal, rng)
        assert move in legal
        state = GAME.apply_move(state, p, move)
        history.append((p, move))
        GAME.check_invariants(state)
    raise AssertionError("the game did not end")


def test_a_whole_game_to_200_with_bots():
    """ "The first player to get 200 points wins." Only the going-out player scores."""
    state, _ = bots_game({"level": 3, "target": 200}, 3, 8, ["strong", "easy", "easy"])
    outcome = GAME.outcome(state)
    assert state["phase"] == GAME_OVER and outcome.winners == (state["winner"],)
    assert state["scores"][state["winner"]] >= 200
    assert max(s for i, s in enumerate(state["scores"]) if i != state["winner"]) < 200
    assert state["round"] == len(state["rounds"]) > 1
    assert GAME.current_player(state) is None and GAME.timer(state) is None
    for p in range(3):
        assert GAME.legal_moves(state, p) == []


def test_random_moves_keep_every_rule_and_hide_every_hidden_card():
    """The platform's random playouts cannot finish a game to 200 points (random discards
    never fill a hand); here random legal moves run for a while and everything is checked."""
    from games.engine.conformance import _check_state

    for seed in range(6):
        players = 2 + seed % 5
        state = GAME.new_game({"level": 1 + seed, "target": 50}, players, seed)
        rng = random.Random(seed)
        for step in range(300):
            if GAME.outcome(state) is not None:
                break
            actors = GAME.actors(state, players)
            p = rng.choice(actors)
            move = rng.choice(GAME.legal_moves(state, p))
            assert GAME.parse_move(json.loads(json.dumps(move.to_json()))) == move
            state = GAME.apply_move(state, p, move)
            if step % 25 == 0:
                _check_state(GAME, state, players, rng)
            GAME.check_invariants(state)
