"""Prime Canasta's rules core (games/primepak/canasta/state.py, moves.py): scenario tests quoting
the booklet's text the PrimePak booklet, "PRIME CANASTA")."""

from __future__ import annotations

from collections import Counter

import pytest

from games.engine.protocol import IllegalMove
from games.primepak.canasta import moves as cm
from games.primepak.canasta import state as cs
from games.primepak.cards import WILD, number_cards
from games.primepak.meld import check_meld

W = WILD


def game(level: int = 6, players: int = 2, partnerships: bool = False, seed: int = 1) -> dict:
    return cs.new_state({"level": level, "partnerships": partnerships}, players, seed)


def setup(state: dict, *, hands=None, discard=None, sets=None, scores=None, phase=cs.PLAY,
          turn: int = 0) -> dict:  # fmt: skip
    """Put chosen cards in place, moving the rest to the draw pile so cards stay conserved."""
    hands = hands if hands is not None else state["hands"]
    discard = discard if discard is not None else state["discard"]
    sets = sets if sets is not None else [[] for _ in state["sets"]]
    used = Counter(c for h in hands if h is not None for c in h) + Counter(discard)
    used += Counter(c for side in sets for s in side for c in s)
    pool = Counter(cs.deck_counts(state["settings"]["level"]))
    pool.subtract(used)
    assert min(pool.values()) >= 0, "the test asked for more cards than the deck holds"
    rest = sorted(pool.elements(), key=str)
    # A hand given as None gets 13 cards from what is left.
    state["hands"] = [list(h) if h is not None else [rest.pop() for _ in range(13)] for h in hands]
    state["discard"] = list(discard)
    state["draw"] = rest
    state["sets"] = [[{"cards": list(s), "seat": side} for s in side_sets] for side, side_sets
                     in enumerate(sets)]  # fmt: skip
    state["laid_down"] = [bool(s) for s in sets]
    if scores is not None:
        state["scores"] = list(scores)
        state["rounds"] = [{"out": None, "points": list(scores)}]
    state["phase"], state["turn"] = phase, turn
    cs.check_state(state)
    return state


def play(state: dict, seat: int, data: dict) -> dict:
    after = cm.apply_move(state, seat, cm.parse_move(data))
    cs.check_state(after)
    return after


def refused(state: dict, seat: int, data: dict) -> IllegalMove:
    with pytest.raises(IllegalMove) as caught:
        cm.apply_move(state, seat, cm.parse_move(data))
    return caught.value


# --- the tables ---------------------------------------------------------------------------------
def test_card_values_booklet_examples():
    """ "the prime number 7 is worth 20 points, the composite number 120 is worth 50 points and
    the composite number 72 is worth 30 points." """
    assert cs.card_points(7) == 20
    assert cs.card_points(120) == 50
    assert cs.card_points(72) == 30


@pytest.mark.parametrize(
    ("cards", "points"),
    [
        ([W], 50), ([17, 19], 40), ([13], 30), ([7, 11], 20), ([2, 3, 5], 10),
        ([100, 200, 900], 50), ([80, 81, 98, 99], 40), ([60, 63, 77], 30),
        ([40, 42, 57], 20), ([4, 36, 39], 10),
    ],
)  # fmt: skip
def test_card_point_table(cards, points):
    """PRIMES / COMPOSITES / POINT VALUE: each row of the table."""
    assert {cs.card_points(c) for c in cards} == {points}


def test_deck_by_level():
    """ "Deck level 6, including 13 prime wild cards; deck levels 4 or 5, including 11 prime
    wild cards; or deck level 3, including 7 prime wild cards." """
    for level, wilds in [(3, 7), (4, 11), (5, 11), (6, 13)]:
        counts = cs.deck_counts(level)
        assert counts[W] == wilds
        assert sum(counts.values()) == len(number_cards(level)) + wilds
    with pytest.raises(ValueError):
        cs.wilds_for(2)


def test_deal_thirteen_cards_and_first_discard():
    """ "Deal a hand of 13 cards." The top card of the draw pile starts the discard pile."""
    state = game(level=4, players=4)
    assert [len(h) for h in state["hands"]] == [13] * 4
    assert state["turn"] == (state["dealer"] + 1) % 4
    cs.check_state(state)


def test_first_discard_wild_turns_up_two_more():
    """ "If this card is a prime wild card, the dealer immediately turns up two more cards so
    that the discard pile is three cards deep." """
    stack = [42, 6, 7, W, *range(2, 2 + 26)]  # the top is the last card
    hands, draw, discard = cs.lay_out(stack, 2, dealer=1)
    assert discard == [W, 7, 6] and draw == [42]
    assert [len(h) for h in hands] == [13, 13]
    stack = [42, 6, 7, 9, *range(2, 2 + 26)]
    assert cs.lay_out(stack, 2, dealer=1)[2] == [9]


@pytest.mark.parametrize(
    ("cards", "bonus", "name"),
    [
        ([81, 3, 3, 3, 3], 400, "natural factor canasta"),  # the booklet's example
        ([81, 3, 3, W, W], 200, "mixed factor canasta"),
        ([96, 2, 2, 2, 2, 2, 3], 600, "natural factor canasta"),
        ([96, 2, 2, 2, W, W, 3], 400, "mixed factor canasta"),
        ([2, 3, 5, 7, 11, 13], 400, "natural prime canasta"),  # the booklet's example
        ([2, 3, W, 7, 11, 13], 200, "mixed prime canasta"),
        ([2, 3, 5, 7, 11, 13, 17, 19], 600, "natural royal prime canasta"),
        ([2, 3, 5, W, 11, 13, W, 19], 400, "mixed royal prime canasta"),
        ([42, 6, 7], 0, "factor set"),
        ([81, 3, 3, 9], 0, "factor set"),
    ],
)
def test_canasta_bonuses(cards, bonus, name):
    """FACTOR CANASTAS and CONSECUTIVE PRIME CANASTAS bonus tables, by the meld layer."""
    meld = check_meld(cards, 6, prime_runs=True).meld
    assert cs.canasta_bonus(meld) == bonus
    assert cs.canasta_name(meld) == name


def test_no_prime_canastas_at_level_3_and_none_under_six():
    """ "There are no prime canastas when playing with deck level 3" and "Groups of five or
    fewer consecutive prime numbers cannot be laid down as a special set." """
    with pytest.raises(IllegalMove, match="no prime canasta"):
        cs.set_check([2, 3, 5, 7, 11, W], 3)
    with pytest.raises(IllegalMove, match="at least 6"):
        cs.set_check([2, 3, 5, 7, 11], 6)


@pytest.mark.parametrize(
    ("score", "minimum", "canastas"),
    [(-10, 50, 1), (0, 100, 2), (990, 100, 2), (1000, 150, 2), (1990, 150, 2),
     (2000, 200, 2), (2990, 200, 2), (3000, 250, 3), (7000, 250, 3)],
)  # fmt: skip
def test_score_bands(score, minimum, canastas):
    """MINIMUM VALUE For Initial Laydown and NUMBER of CANASTAS To Go Out, by TOTAL SCORE
    ("0 - 2990" is 0 to 2990 inclusive, docs/rules.md)."""
    assert cs.laydown_minimum(score) == minimum
    assert cs.canastas_needed(score) == canastas


# --- the initial laydown ------------------------------------------------------------------------
def positions_for(hand: list, groups: list[list]) -> list[list[int]]:
    """Each group's cards as positions in the hand (equal cards: the lowest free position)."""
    free = list(range(len(hand)))
    found = []
    for group in groups:
        found.append([free.pop(next(i for i, q in enumerate(free) if hand[q] == c)) for c in group])
    return found


F, G, N, M, H = [42, 6, 7], [90, 9, 2, 5], [81, 3, 3, 3, 3], [90, 9, 2, W], [63, 9, 7]


@pytest.mark.parametrize(
    ("score", "groups", "ok"),
    [
        (-10, [F], True),  # 42, 6, 7: 20 + 10 + 20 = 50, the minimum below 0
        (0, [F], False),  # 50 < 100
        (0, [F, G], True),  # 50 + 40 + 10 + 10 + 10 = 120
        (1000, [G, F], False),  # 120 < 150
        (1000, [M, F], True),  # the wild counts 50: 160
        (2000, [M, F], False),  # 160 < 200
        (3000, [N, F, G], False),  # 80 + 50 + 70 = 200 < 250: the 400 bonus does not count
        (3000, [N, F, M], False),  # 80 + 50 + 110 = 240 < 250
        (3000, [N, F, M, H], True),  # + 63, 9, 7 (30 + 10 + 20): 300
        (2000, [N, F], False),  # 130, plus a 400 canasta bonus that does not count
    ],
)
def test_initial_laydown_minimum(score, groups, ok):
    """ "Players may use prime wild cards (worth 50 points each) to help reach the total minimum
    value. Players cannot use canasta bonus points to help reach the minimum value." """
    hand = [42, 6, 7, 90, 9, 2, 5, 81, 3, 3, 3, 3, W, 63, 9, 7, 11, 11]
    state = setup(game(), hands=[hand, None], discard=[8], scores=[score, 0])
    worth = sum(cs.card_points(c) for g in groups for c in g)
    assert ok == (worth >= cs.laydown_minimum(score))
    move = {"type": "lay_down", "sets": positions_for(hand, groups)}
    if ok:
        after = play(state, 0, move)
        assert after["laid_down"][0] and len(after["sets"][0]) == len(groups)
    else:
        problem = refused(state, 0, move)
        assert problem.kind == "laydown_minimum" and problem.detail["worth"] == worth


def test_after_the_initial_laydown_any_set_may_follow():
    state = setup(game(), hands=[[42, 6, 7, 9, 3, 3], None], discard=[8],
                  sets=[[[90, 9, 2, 5]], []])  # fmt: skip
    after = play(state, 0, {"type": "lay_down", "sets": [[3, 4, 5]]})  # 9 = 3 × 3: 30 points
    assert after["hands"][0] == [42, 6, 7]


def test_keep_a_card_unless_going_out():
    """ "Unless a player can go out, he is required to keep at least one card in his hand and
    must discard to end the turn." """
    state = setup(game(), hands=[[42, 6, 7, 9], None], discard=[8], sets=[[[90, 9, 2, 5]], []])
    assert refused(state, 0, {"type": "lay_down", "sets": [[0, 1, 2]]}).kind == "keep_a_card"


# --- the discard pile ---------------------------------------------------------------------------
def test_pile_needs_three_cards():
    """ "After the discard pile is at least three cards deep, a player may choose to select
    cards from the discard pile" """
    state = setup(game(), hands=[[42, 6, 7, 9, 3], None], discard=[2, 7],
                  sets=[[[90, 9, 2, 5]], []], phase=cs.DRAW)  # fmt: skip
    reason = refused(state, 0, {"type": "take_pile", "with": [0, 1], "pick": [0]}).reason
    assert "3 or more" in reason


def test_take_pile_not_frozen_with_a_wild_and_pick_two():
    """Not frozen: "the player may use prime wild cards from his hand to help make this set";
    then "he must now choose at least two more cards from the discard pile." """
    state = setup(game(), hands=[[14, 6, W, 9, 3], None], discard=[11, 13, 17, 7],
                  sets=[[[90, 9, 2, 5]], []], phase=cs.DRAW)  # fmt: skip
    after = play(state, 0, {"type": "take_pile", "with": [0, 2], "pick": [0, 2]})
    assert after["sets"][0][-1]["cards"] == [7, 14, W]
    assert sorted(after["hands"][0], key=str) == sorted([6, 9, 3, 11, 17], key=str)
    assert after["discard"] == [13] and after["phase"] == cs.PLAY
    one = refused(state, 0, {"type": "take_pile", "with": [0, 2], "pick": [0]})
    assert "at least 2 more" in one.reason


def test_take_pile_adding_top_to_own_set_when_not_frozen():
    """ "...or use the top card to expand a set that has already been laid down." """
    run = [2, 3, 5, 7, 11, 13]
    state = setup(game(), hands=[[42, 6, 9, 3, 8], None], discard=[4, 8, 17],
                  sets=[[run], []], phase=cs.DRAW)  # fmt: skip
    after = play(state, 0, {"type": "take_pile", "to_set": 0, "pick": [0, 1]})
    assert after["sets"][0][0]["cards"] == [*run, 17]


def test_frozen_pile_with_a_wild_in_it():
    """ "the discard pile is frozen for all players anytime it contains a prime wild card" ...
    "No prime wild cards are allowed and the top card of the discard pile cannot be added to
    expand an existing set" """
    run = [2, 3, 5, 7, 11, 13]
    state = setup(game(), hands=[[42, 6, W, 9, 3, 17, 19], None], discard=[W, 8, 7],
                  sets=[[run], []], phase=cs.DRAW)  # fmt: skip
    wild = refused(state, 0, {"type": "take_pile", "with": [0, 2], "pick": [0, 1]})
    assert wild.kind == "frozen" and "prime card" in wild.reason
    add = refused(state, 0, {"type": "take_pile", "to_set": 0, "with": [], "pick": [0, 1]})
    assert "cannot add" in add.reason
    after = play(state, 0, {"type": "take_pile", "with": [0, 1], "pick": [0, 1]})
    assert after["sets"][0][-1]["cards"] == [7, 42, 6]


def test_prime_wild_on_top_cannot_be_taken():
    state = setup(game(), hands=[[42, 6, 9, 3], None], discard=[8, 7, W],
                  sets=[[[90, 9, 2, 5]], []], phase=cs.DRAW)  # fmt: skip
    assert "prime card is on top" in refused(state, 0, {"type": "take_pile", "with": [0, 1],
                                                          "pick": [0, 1]}).reason  # fmt: skip


def test_frozen_for_a_player_without_initial_laydown():
    """ "it is frozen with respect to a player who has not yet made the initial laydown" and
    "none of the cards from the discard pile may be used to help reach the minimum value.
    However, the point values of the natural cards from the hand that are laid down to make a
    set with the top card of the discard pile can be used" """
    state = setup(game(), hands=[[90, 9, 2, W, 84, 12, 7, 3, 3], None], discard=[27, 3, 5],
                  scores=[0, 0], phase=cs.DRAW)  # fmt: skip
    assert "not made the first laydown" in cs.frozen_reason(state, 0)
    wild = refused(state, 0, {"type": "take_pile", "with": [3, 7], "pick": [0, 1]})
    assert wild.kind == "frozen"  # 3 and a prime card with the top 5: no prime cards now
    # The top 5 with 90, 9, 2 from the hand (40 + 10 + 10 = 60), and 84, 12, 7 (40+10+20):
    ok = {"type": "take_pile", "with": [0, 1, 2], "pick": [0, 1], "sets": [[4, 5, 6]]}
    after = play(state, 0, ok)
    assert after["laid_down"][0] and after["discard"] == []
    assert sorted(after["hands"][0], key=str) == sorted([W, 3, 3, 27, 3], key=str)
    # 27, 3 picked from the pile (positions 9 and 10) with 3, 3 from the hand: only 60 + 20.
    short = {"type": "take_pile", "with": [0, 1, 2], "pick": [0, 1], "sets": [[9, 10, 7, 8]]}
    problem = refused(state, 0, short)
    assert problem.kind == "laydown_minimum" and problem.detail["worth"] == 60 + 10 + 10


# --- going out ----------------------------------------------------------------------------------
def test_going_out_needs_canastas():
    """ "The going-out player must also have a minimum number of canastas that depends on the
    player's total score at the beginning of the round." """
    canasta = [81, 3, 3, 3, 3]
    state = setup(game(), hands=[[42, 6, 7, 9], None], discard=[8],
                  sets=[[canasta], []], scores=[0, 0])  # fmt: skip
    move = {"type": "go_out", "sets": [[0, 1, 2]], "discard": 3}
    problem = refused(state, 0, move)
    assert problem.kind == "too_few_canastas" and "need 2 canastas; you have 1" in problem.reason
    low = setup(game(), hands=[[42, 6, 7, 9], None], discard=[8],
                sets=[[canasta], []], scores=[-100, 0])  # fmt: skip
    after = play(low, 0, move)
    assert after["phase"] == cs.ROUND_OVER and after["last_round"]["out"] == 0


def test_going_out_leaves_no_card():
    """ "To go out, all cards in the player's hand, except a discard, must fit into factor sets
    or canastas. There can be no deadwood cards" """
    state = setup(game(), hands=[[42, 6, 7, 9, 8], None], discard=[8],
                  sets=[[[81, 3, 3, 3, 3]], []], scores=[-100, 0])  # fmt: skip
    problem = refused(state, 0, {"type": "go_out", "sets": [[0, 1, 2]], "discard": 3})
    assert problem.kind == "cards_left"


def test_partners_combine_canastas_and_answer_no():
    """ "partners combine their canastas to fulfill the canasta requirement for going out" and
    "The player must abide by the response" """
    state = game(players=4, partnerships=True)
    state = setup(state, hands=[[42, 6, 7, 9], None, None, None], discard=[50],
                  sets=[[[81, 3, 3, 3, 3], [2, 3, 5, 7, 11, 13]], []], scores=[0, 0])  # fmt: skip
    state["sets"][0][1]["seat"] = 2  # the partner laid the prime canasta down
    move = {"type": "go_out", "sets": [[0, 1, 2]], "discard": 3}
    asked = play(state, 0, {"type": "ask"})
    assert refused(asked, 0, move).reason == "Wait for your partner's answer."
    assert "Only the partner" in refused(asked, 1, {"type": "answer", "yes": False}).reason
    said_no = play(asked, 2, {"type": "answer", "yes": "no"})
    assert "said “no”" in refused(said_no, 0, move).reason
    out = play(state, 0, move)
    assert out["last_round"]["out"] == 0 and out["last_round"]["sides"][0]["going_out"] == 100


@pytest.mark.parametrize("mistakes, penalties", [("penalty", [1, 0]), ("refuse", [0, 0])])
def test_yes_not_kept_costs_100_with_the_booklets_penalties(mistakes, penalties):
    """ "The player must abide by the response or get penalized 100 points." (docs/rules.md,
    Prime Canasta: "May I go out?", "Mistakes": with mistakes refused, nothing is charged)"""
    state = cs.new_state({"level": 6, "partnerships": True, "mistakes": mistakes}, 4, 1)
    state = setup(state, hands=[[42, 6, 7, 9], None, None, None], discard=[50],
                  sets=[[[81, 3, 3, 3, 3]], []], scores=[0, 0])  # fmt: skip
    yes = play(play(state, 0, {"type": "ask"}), 2, {"type": "answer", "yes": True})
    after = play(yes, 0, {"type": "discard", "card": 3})
    assert after["penalties"] == penalties and after["turn"] == 1


def test_round_scored_by_hand():
    """ "The player that goes out is awarded a 100-point bonus. Players that are left holding
    cards in their hand must first add up the point values of these cards and subtract the
    total ... Next, players record their canasta bonus points ... Finally, the players total
    their card point values" """
    state = setup(game(), hands=[[42, 6, 7, 9], [13, W, 90, 4]], discard=[8],
                  sets=[[[81, 3, 3, 3, 3], [2, 3, W, 7, 11, 13]], [[12, 3, 4]]],
                  scores=[0, 0])  # fmt: skip
    after = play(state, 0, {"type": "go_out", "sets": [[0, 1, 2]], "discard": 3})
    me, them = after["last_round"]["sides"]
    assert me.pop("canastas") == [{"name": "natural factor canasta", "bonus": 400},
                                  {"name": "mixed prime canasta", "bonus": 200}]  # fmt: skip
    assert me.pop("left") == [] and them.pop("canastas") == []
    assert sorted(them.pop("left"), key=str) == sorted(["13", "prime", "90", "4"], key=str)
    # Side 0: 100 out; bonuses 400 (natural 5-card factor canasta) + 200 (mixed prime canasta);
    # cards 81,3,3,3,3 = 40+40 = 80; 2,3,W,7,11,13 = 10+10+50+20+20+30 = 140; 42,6,7 = 50.
    assert me == {"going_out": 100, "in_hand": 0, "bonuses": 600, "card_values": 270,
                  "penalties": 0, "total": 970}  # fmt: skip
    # Side 1: cards in hand 13, W, 90, 4 = 30 + 50 + 40 + 10 = 130; set 12,3,4 = 30.
    assert them == {"going_out": 0, "in_hand": 130, "bonuses": 0, "card_values": 30,
                    "penalties": 0, "total": -100}  # fmt: skip
    assert after["scores"] == [970, -100]
    nxt = play(after, 1, {"type": "next_round"})
    assert nxt["dealer"] == 0 and nxt["round"] == 2 and nxt["turn"] == 1


def test_empty_draw_pile_ends_the_round():
    state = setup(game(), hands=[[42, 6], None], discard=[8], phase=cs.DRAW)
    state["discard"] += state["draw"]
    state["draw"] = []
    after = play(state, 0, {"type": "draw_two"})
    assert after["phase"] == cs.ROUND_OVER and after["last_round"]["out"] is None


def test_moves_round_trip_and_bad_input():
    moves = [cm.DrawTwo(), cm.TakePile((1, 2), None, (0, 3), ((4, 5, 6),)),
             cm.LayDown(((0, 1, 2),)), cm.AddToSet(1, (3,)), cm.Discard(4),
             cm.GoOut(((0, 1, 2),), ((0, (3,)),), 4), cm.Ask(), cm.Answer(True)]  # fmt: skip
    for move in moves:
        assert cm.parse_move(move.to_json()) == move
    assert cm.parse_move({"type": "lay_down", "sets": "0,1,2;3,4,5"}) == cm.LayDown(
        ((0, 1, 2), (3, 4, 5))
    )
    # The board's forms name no sets: they lay down the ready groups (docs/rules.md,
    # Prime Canasta: "Ready groups").
    assert cm.parse_move({"type": "lay_down", "cards": "3,4"}) == cm.LayDown((), True, (3, 4))
    assert cm.parse_move({"type": "go_out", "cards": "5"}) == cm.GoOut((), (), 5, True)
    assert cm.parse_move({"type": "take_pile", "cards": "1", "pick": "0,2"}) == cm.TakePile(
        (1,), None, (0, 2), (), True
    )
    for bad in [None, {"type": "x"}, {"type": "discard", "card": "a"}, {"type": "ready"},
                {"type": "go_out", "adds": [1]}, {"type": "answer"}, {"type": "sort", "by": "x"},
                {"type": "go_out", "cards": "1,2"}, {"type": "unready", "group": "a"}]:  # fmt: skip
        with pytest.raises(IllegalMove):
            cm.parse_move(bad)


def test_random_draw_and_discard_playout_conserves_cards():
    """Seeded playouts of drawing and discarding: cards conserved, turns pass, until the draw
    pile runs out and the round ends."""
    for seed in range(3):
        state = game(level=3 + seed, players=2 + seed, seed=seed)
        while state["phase"] != cs.ROUND_OVER:
            seat = state["turn"]
            state = play(state, seat, {"type": "draw_two"})
            if state["phase"] == cs.PLAY:
                state = play(state, seat, {"type": "discard", "card": 0})
        assert state["rounds"][-1]["out"] is None
