"""Prime Canasta's bots (games/primepak/canasta/bots.py): every move they make is one the
engine accepts, they see only their own view, they finish games, the strong bot beats the easy
one, and the choices the issue names (taking the pile, freezing it, safe discards, asking and
answering "May I go out?")."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from games.primepak.canasta import moves as cm
from games.primepak.canasta import state as cs
from games.primepak.canasta.bots import BOTS, growths, plan_melds
from games.primepak.canasta.game import PrimeCanasta
from games.primepak.cards import WILD

W = WILD


class Playable(PrimeCanasta):
    """The game as the bots see it; its texts are tested elsewhere."""

    def how_to_play(self):
        raise AssertionError("not used here")

    def learn_to_play(self):
        raise AssertionError("not used here")

    def rules_for_teachers(self):
        raise AssertionError("not used here")


GAME = Playable()
EASY, STRONG = BOTS["easy"], BOTS["strong"]


def rigged(level: int, hands, *, pile=(), sets=None, partners=False, turn=0, phase=cs.PLAY,
           scores=None, seed=1) -> dict:  # fmt: skip
    """A game whose seats hold exactly these hands, with this discard pile (bottom first) and
    these sets on the table per side; every other card is in the draw pile."""
    players = len(hands)
    state = GAME.new_game({"level": level, "target": 1000, "partnerships": partners}, players, seed)
    sides = cs.sides_count(state)
    sets = sets or [[] for _ in range(sides)]
    wanted = Counter(c for hand in hands for c in hand) + Counter(pile)
    wanted += Counter(c for side in sets for s in side for c in s)
    pool = cs.deck_counts(level)
    pool.subtract(wanted)
    assert min(pool.values()) >= 0, "the deck does not hold these cards"
    rest = sorted(pool.elements(), key=str)
    random.Random(seed).shuffle(rest)
    state["hands"] = [list(hand) for hand in hands]
    state["discard"], state["draw"] = list(pile), rest
    state["sets"] = [[{"cards": list(s), "seat": side} for s in side_sets]
                     for side, side_sets in enumerate(sets)]  # fmt: skip
    state["laid_down"] = [bool(s) for s in sets]
    if scores is not None:
        state["scores"] = list(scores)
        state["rounds"] = [{"out": None, "points": list(scores)}]
    state["turn"], state["phase"] = turn, phase
    GAME.check_invariants(state)
    return state


def choose(bot, state, seat):
    return bot.choose_move(GAME.view(state, seat), GAME.legal_moves(state, seat), random.Random(0))


def bots_game(settings: dict, players: int, seed: int, strengths: list[str], check=None):
    """A whole game between bots, every move through its JSON form as the platform logs it."""
    state = GAME.new_game(settings, players, seed)
    rng = random.Random(seed)
    for _ in range(20_000):
        if GAME.outcome(state) is not None:
            return state
        if state["phase"] == cs.ROUND_OVER:
            state = GAME.apply_timeout(state)
            continue
        seat = GAME.current_player(state)
        legal = GAME.legal_moves(state, seat)
        move = BOTS[strengths[seat]].choose_move(GAME.view(state, seat), legal, rng)
        assert move is not None, "a bot must move when it is its turn"
        again = GAME.parse_move(move.to_json())
        assert again == move, "the move survives the log"
        state = GAME.apply_move(state, seat, again)  # raises IllegalMove if refused
        if check is not None:
            check(state)
    raise AssertionError("the game did not end")


def test_the_bots_weakest_first():
    assert list(BOTS) == ["easy", "strong"]
    assert GAME.bots() is BOTS


CASES = [  # (level, players, partnerships, strengths)
    (3, 2, False, ["strong", "easy"]),
    (4, 2, False, ["easy", "strong"]),
    (5, 2, False, ["strong", "strong"]),
    (6, 2, False, ["easy", "strong"]),
    (3, 3, False, ["easy", "strong", "easy"]),
    (6, 3, False, ["strong", "easy", "strong"]),
    (4, 4, False, ["easy", "easy", "strong", "easy"]),
    (3, 4, True, ["strong", "easy", "easy", "easy"]),
    (4, 4, True, ["strong", "easy", "strong", "easy"]),
    (5, 4, True, ["easy", "strong", "easy", "strong"]),
    (6, 4, True, ["strong", "strong", "strong", "strong"]),
    (6, 4, True, ["easy", "easy", "strong", "easy"]),
]


@pytest.mark.parametrize(("level", "players", "partners", "strengths"), CASES)
def test_bots_make_only_moves_the_engine_accepts_and_finish_games(level, players, partners,
                                                                  strengths):  # fmt: skip
    """Whole seeded games to 1000 points at every level, alone and in partnerships: every move
    applies (also the forms legal_moves does not list), the state keeps the rules after each,
    and with the booklet's penalties on the bots never earn one (no wrong set, no "yes" left
    unused)."""

    def check(state):
        GAME.check_invariants(state)
        assert state["penalties"] == [0] * len(state["penalties"])

    for seed in range(4):
        settings = {"level": level, "target": 1000, "partnerships": partners,
                    "mistakes": "penalty" if seed % 2 else "refuse"}  # fmt: skip
        state = bots_game(settings, players, 10 * level + seed, strengths, check)
        assert state["phase"] == cs.GAME_OVER
        assert all(side["penalties"] == 0 for side in state["last_round"]["sides"])


def test_bots_see_only_their_view_so_hidden_cards_never_change_their_move():
    """Dealing the hidden cards again (the draw pile, every other hand, a partner's too)
    changes nothing a bot does."""
    for seed in range(5):
        partners = seed % 2 == 1
        players = 4 if partners else 2 + seed % 3
        state = GAME.new_game({"level": 3 + seed % 4, "partnerships": partners}, players, seed)
        rng = random.Random(seed)
        for _ in range(40):
            seat = GAME.current_player(state)
            legal = GAME.legal_moves(state, seat)
            for bot in BOTS.values():
                move = bot.choose_move(GAME.view(state, seat), legal, random.Random(1))
                other = GAME.resample_hidden(state, seat, rng)
                assert bot.choose_move(GAME.view(other, seat), legal, random.Random(1)) == move
            state = GAME.apply_move(state, seat, STRONG.choose_move(
                GAME.view(state, seat), legal, random.Random(1)))  # fmt: skip
            if state["phase"] != cs.PLAY and state["phase"] != cs.DRAW:
                break


def test_between_rounds_and_out_of_turn_bots_wait():
    """The scoring stays up for people to read: bots do not deal the next round."""
    state = GAME.new_game({"level": 4}, 2, 1)
    other = 1 - state["turn"]
    for bot in BOTS.values():
        assert bot.choose_move(GAME.view(state, other), [], random.Random(0)) is None
        assert bot.choose_move(GAME.view(state, None), [], random.Random(0)) is None
    state["phase"] = cs.ROUND_OVER
    for bot in BOTS.values():
        assert bot.choose_move(GAME.view(state, 0), [cm.NextRound()], random.Random(0)) is None


def test_strong_wins_clearly_more_than_its_share_against_easy():
    """bench/canasta.py measures this over 1,000 games; here a few seeded ones to 1000."""
    wins = games = 0
    for seed in range(6):
        strong = seed % 2
        seats = ["strong", "easy"] if strong == 0 else ["easy", "strong"]
        state = bots_game({"level": 3 + seed % 4, "target": 1000}, 2, 100 + seed, seats)
        wins += state["winner"] == strong
        games += 1
    for seed in range(4):
        strong = seed % 4
        seats = ["easy"] * 4
        seats[strong] = "strong"
        settings = {"level": 3 + seed % 4, "target": 1000, "partnerships": True}
        state = bots_game(settings, 4, 200 + seed, seats)
        wins += state["winner"] == strong % 2
        games += 1
    assert wins >= games - 1


# --- the meld planning ----------------------------------------------------------------------------
def test_the_plan_prefers_a_canasta_to_small_sets():
    """81 = 3 × 3 × 3 × 3 is worth a 400 bonus; 9 = 3 × 3 twice is not."""
    plan = plan_melds([81, 9, 9, 3, 3, 3, 3], 3)
    assert any(m.is_canasta and m.answer == 81 for m in plan)


def test_sets_on_the_table_grow_with_a_new_answer_or_the_next_primes():
    assert [64] in growths([8, 2, 2, 2], Counter([64, 5]), 4)
    assert [24] in growths([6, 2, W], Counter([24, 7]), 4)  # 24 = 2 × 6 × prime(2)
    assert [17] in growths([2, 3, 5, 7, 11, 13], Counter([17, 19]), 6)
    assert [19, W] in growths([2, 3, 5, 7, 11, 13], Counter([19, W]), 6)
    assert growths([42, 6, 7], Counter([2, 3, 84]), 4) == []


# --- easy -----------------------------------------------------------------------------------------
def test_easy_lays_down_obvious_sets_only_when_they_reach_the_minimum():
    small = rigged(3, [[42, 6, 7, 77, 90, 99, 2, 5], [2] * 8], pile=[5])  # 42 = 6 × 7: 50
    move = choose(EASY, small, 0)
    assert isinstance(move, cm.Discard)
    enough = rigged(3, [[42, 6, 7, 60, 4, 15, 77, 90, 2], [2] * 8], pile=[5])  # 50 + 60
    move = choose(EASY, enough, 0)
    assert isinstance(move, cm.LayDown) and len(move.sets) == 2
    after = GAME.apply_move(enough, 0, move)
    assert after["laid_down"][0] and sorted(after["hands"][0]) == [2, 77, 90]


def test_easy_discards_its_highest_loose_card_and_keeps_its_prime_cards():
    state = rigged(3, [[42, 6, 7, 90, 77, W, 2], [2] * 8], pile=[5])
    move = choose(EASY, state, 0)
    assert isinstance(move, cm.Discard) and state["hands"][0][move.card] == 90


def test_easy_takes_the_pile_only_with_two_number_cards():
    hand = [6, 7, 90, 77, 99, 2, 3, 11]
    state = rigged(3, [hand, [2] * 8], pile=[5, 9, 42], sets=[[[10, 2, 5]], []], phase=cs.DRAW)
    move = choose(EASY, state, 0)
    assert isinstance(move, cm.TakePile) and sorted(hand[p] for p in move.with_cards) == [6, 7]
    alone = rigged(3, [[6, 90, 77, 99, W, 2, 3], [2] * 8], pile=[5, 9, 42], phase=cs.DRAW)
    assert choose(EASY, alone, 0) == cm.DrawTwo()


# --- strong ---------------------------------------------------------------------------------------
def test_strong_makes_a_first_laydown_of_several_sets():
    hand = [42, 6, 7, 60, 4, 15, 77, 90, 2, 99]
    state = rigged(3, [hand, [2] * 8], pile=[5])
    move = choose(STRONG, state, 0)
    assert isinstance(move, cm.LayDown) and len(move.sets) >= 2
    after = GAME.apply_move(state, 0, move)
    assert after["laid_down"][0] and len(after["hands"][0]) >= 2


def test_strong_takes_a_big_open_pile_with_the_cards_that_fit():
    pile = [99, 2, W, 3, 64, 5, 11, 2, 3, 9, 42]
    hand = [6, 7, 13, 17, 19, 77, 90]
    state = rigged(6, [hand, [2] * 8], pile=pile, sets=[[[8, 2, 2, 2]], [[10, 2, 5]]],
                   phase=cs.DRAW)  # fmt: skip
    move = choose(STRONG, state, 0)
    assert isinstance(move, cm.TakePile)
    picked = [pile[p] for p in move.pick]
    assert W in picked and 64 in picked  # a prime card, and 64 for 8 = 2 × 2 × 2
    after = GAME.apply_move(state, 0, move)
    assert len(after["discard"]) < len(pile) - 3
    nothing = rigged(6, [hand, [2] * 8], pile=[91, 95, 13], sets=[[[8, 2, 2, 2]], []],
                     phase=cs.DRAW)  # fmt: skip
    assert choose(STRONG, nothing, 0) == cm.DrawTwo()


def test_strong_freezes_a_rich_pile_open_to_the_next_opponent():
    """4 and 6 fit many sets (4 = 2 × 2, 6 = 2 × 3): with nothing safer to discard on a rich
    open pile, a prime card goes instead, and the next opponent cannot take the pile."""
    hand = [W, 4, 4, 6, 6]
    sets = [[[15, 3, 5]], [[10, 2, 5]]]
    rich = rigged(5, [hand, [2] * 8], pile=[3, 9, 5, 11, 2, 13, 44], sets=sets)
    move = choose(STRONG, rich, 0)
    assert isinstance(move, cm.Discard) and rich["hands"][0][move.card] == W
    after = GAME.apply_move(rich, 0, move)
    assert not any(isinstance(m, cm.TakePile) for m in GAME.legal_moves(after, 1))
    safer = rigged(5, [[W, 4, 4, 6, 91], [2] * 8], pile=[3, 9, 5, 11, 2, 13, 44], sets=sets)
    move = choose(STRONG, safer, 0)
    assert safer["hands"][0][move.card] == 91  # 91 = 7 × 13 hardly fits a set
    poor = rigged(5, [hand, [2] * 8], pile=[3, 44], sets=sets)
    move = choose(STRONG, poor, 0)
    assert isinstance(move, cm.Discard) and poor["hands"][0][move.card] != W


def test_strong_does_not_discard_a_card_that_fits_the_next_opponents_sets():
    hand = [64, 11, 13, 17, 19]
    pile = [3, 9, 5, 11]
    safe = rigged(6, [hand, [2] * 8], pile=pile, sets=[[[6, 2, 3]], [[10, 2, 5]]])
    move = choose(STRONG, safe, 0)
    assert safe["hands"][0][move.card] == 64  # the loose card worth most
    risky = rigged(6, [hand, [2] * 8], pile=pile, sets=[[[6, 2, 3]], [[8, 2, 2, 2]]])
    move = choose(STRONG, risky, 0)
    assert isinstance(move, cm.Discard) and risky["hands"][0][move.card] != 64


def partnership(hands, *, sets, scores=None, asked=False) -> dict:
    state = rigged(4, hands, pile=[3, 44, 5], sets=sets, partners=True, scores=scores)
    if asked:
        state["asked"] = {"seat": 0, "answer": None}
    return state


TABLE = [[[81, 3, 3, 3, 3], [2, 3, 5, 7, 11, 13]], [[10, 2, 5]]]  # two canastas for side 0


def test_strong_asks_before_going_out_when_its_partner_holds_many_cards():
    mine = [42, 6, 7, 20]
    partner = [91, 99, 98, 88, 66, 65, 52, 39, 26]
    many = partnership([mine, [2] * 9, partner, [2] * 9], sets=TABLE)
    assert choose(STRONG, many, 0) == cm.Ask()
    asked = GAME.apply_move(many, 0, cm.Ask())
    yes = GAME.apply_move(asked, 2, cm.Answer(True))
    out = choose(STRONG, yes, 0)
    assert isinstance(out, cm.GoOut)
    assert GAME.apply_move(yes, 0, out)["last_round"]["out"] == 0
    no = GAME.apply_move(asked, 2, cm.Answer(False))
    move = choose(STRONG, no, 0)
    assert not isinstance(move, (cm.GoOut, cm.Ask))
    GAME.apply_move(no, 0, move)
    few = partnership([mine, [2] * 9, [91, 99], [2] * 9], sets=TABLE)
    assert isinstance(choose(STRONG, few, 0), cm.GoOut)


def test_strong_answers_from_its_own_hand_and_the_scores():
    """No while its hand could still lay down many points; yes when it holds little, or
    when the side is well ahead."""
    asker = [42, 6, 7, 20]
    rich = [90, 9, 10, 60, 3, 4, 5, 56, 8, 7, 77]  # 90 = 9 × 10, 60 = 3 × 4 × 5, 56 = 7 × 8
    poor = [77, 13, 2, 91]
    opponents = [2] * 9
    state = partnership([asker, opponents, rich, opponents], sets=TABLE, asked=True)
    assert GAME.current_player(state) == 2
    assert choose(STRONG, state, 2) == cm.Answer(False)
    assert choose(EASY, state, 2) == cm.Answer(True)  # a child lets the partner go out
    state = partnership([asker, opponents, poor, opponents], sets=TABLE, asked=True)
    assert choose(STRONG, state, 2) == cm.Answer(True)
    ahead = partnership([asker, opponents, rich, opponents], sets=TABLE, asked=True,
                        scores=[2900, 1200])  # fmt: skip
    assert choose(STRONG, ahead, 2) == cm.Answer(True)
    close = partnership([asker, [2, 3], rich, opponents], sets=TABLE, asked=True)
    assert choose(STRONG, close, 2) == cm.Answer(True)  # an opponent is about to go out
    for state in (ahead, close):
        assert choose(STRONG, state, 0) is None  # the asker waits
