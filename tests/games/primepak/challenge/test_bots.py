"""Prime Challenge's bots: legal, blind to the draw pile, quick to challenge, of the strengths
they claim."""

from __future__ import annotations

import copy
import random

import pytest

from games.engine.protocol import Bot, Move
from games.engine.rng import rng_for
from games.primepak.cards import WILD
from games.primepak.challenge.bots import (
    BOTS,
    EasyBot,
    StrongBot,
    best_packing,
    candidate_sets,
    table_cards,
)
from games.primepak.challenge.game import (
    CHALLENGE,
    Challenge,
    Clear,
    Collect,
    Done,
    Hit,
)

from .test_game import play as apply_moves
from .test_game import scenario, take

GAME = CHALLENGE
P = WILD


def race(state: dict, seats: list[Bot], seed: int, check=None) -> dict:
    """One step as the platform runs it: every bot that may act waits its reaction time; the
    quickest that wants to move does; if none does before the clock, the clock runs out."""
    players = len(seats)
    clock = GAME.timer(state)
    waiting = []
    for player in GAME.actors(state, players):
        view, moves = GAME.view(state, player), GAME.legal_moves(state, player)
        delay = seats[player].reaction_seconds(view, moves, rng_for(seed, player, "react"))
        assert delay is not None and delay > 0
        if clock is None or delay < clock:
            waiting.append((delay, player, view, moves))
    for _delay, player, view, moves in sorted(waiting, key=lambda w: (w[0], w[1])):
        move = seats[player].choose_move(view, moves, rng_for(seed, player, state["moves"]))
        if check:
            check(state, player, view, moves, move)
        if move is not None:
            return GAME.apply_move(state, player, move)
    return GAME.apply_timeout(state)


def play_game(seats: list[Bot], settings: dict, seed: int, check=None) -> dict:
    """A whole game between bots; the final state."""
    state = GAME.new_game(settings, len(seats), seed)
    while GAME.outcome(state) is None:
        state = race(state, seats, seed, check)
    return state


def test_the_game_offers_both_bots_weakest_first():
    assert list(GAME.bots()) == ["easy", "strong"]
    assert isinstance(BOTS["easy"], EasyBot) and isinstance(BOTS["strong"], StrongBot)
    assert BOTS["easy"].label == "Easy — still learning to spot sets"
    assert BOTS["strong"].label == "Strong — quick and sharp-eyed"


def test_bots_only_ever_choose_legal_moves_and_pass_only_out_of_turn():
    def check(state, player, view, moves, move):
        if move is None:
            assert moves == [Challenge()], "on its turn a bot must move"
        else:  # a listed move, or a take of a set it planned (the rules judge it: race)
            assert move in moves or GAME.listed_in_part(move)

    for seed in range(12):
        players = 2 + seed % 3
        teams = "pairs" if players == 4 and seed % 2 else "off"
        invalid = "refuse" if seed % 3 == 0 else "challenge"
        settings = {"level": 1 + seed % 6, "teams": teams, "invalid_sets": invalid}
        seats = [BOTS["easy"] if (seat + seed) % 2 else BOTS["strong"] for seat in range(players)]
        final = play_game(seats, settings, seed, check)
        assert final["ended"] == "no cards left to draw and no sets left"


def test_bots_decide_from_their_view_alone():
    """Shuffling the draw pile again (the same view) never changes a bot's choice."""
    checked = [0]

    def check(state, player, view, moves, move):
        other = GAME.resample_hidden(state, player, random.Random(state["moves"]))
        other_view = copy.deepcopy(GAME.view(other, player))
        assert other_view == view
        rng = rng_for(7, player, state["moves"])
        again = seats[player].choose_move(other_view, GAME.legal_moves(other, player), rng)
        assert again == move
        checked[0] += 1

    seats = [BOTS["easy"], BOTS["strong"], BOTS["easy"]]
    play_game(seats, {"level": 3}, 7, check)
    assert checked[0] > 100


def test_the_strong_bot_beats_the_easy_bot_in_seeded_games():
    """6 seeded two-player games at levels 1 to 3, the strong bot in either seat, the clock
    running whenever no bot acts: every game ends, and the strong bot wins these. How strong it
    is belongs to bench/strength.py (200 games: it won all of them)."""
    strong_wins = 0
    games = 6
    for seed in range(games):
        strong = seed % 2
        seats = [BOTS["easy"], BOTS["easy"]]
        seats[strong] = BOTS["strong"]
        final = play_game(seats, {"level": 1 + seed % 3}, seed)
        strong_wins += GAME.outcome(final).winners == (strong,)
    assert strong_wins == games


# --- challenges ----------------------------------------------------------------------------------
def window_views(state: dict, player: int = 1):
    return GAME.view(state, player), GAME.legal_moves(state, player)


def challenges(bot: Bot, state: dict, tries: int = 200) -> float:
    """How often the bot challenges in this window (over many seeds)."""
    view, moves = window_views(state)
    said = [bot.choose_move(view, moves, random.Random(seed)) for seed in range(tries)]
    assert set(said) <= {None, Challenge()}
    return said.count(Challenge()) / tries


def test_bots_challenge_a_missed_set_after_hit_or_done():
    hit = apply_moves(scenario([42, 6, 7, 11]), 0, Hit())
    done = apply_moves(GAME.apply_timeout(take(scenario([42, 6, 7, 40, 4, 10]), 0, "f0", "f1",
                                                "f2")), 0, Done())  # fmt: skip
    for state in (hit, done):
        assert challenges(BOTS["strong"], state) > 0.9
        assert 0.3 < challenges(BOTS["easy"], state) < 0.7


def test_bots_never_challenge_without_a_reason():
    no_set = apply_moves(scenario([2, 3, 5, 11]), 0, Hit())
    good_set = take(scenario([42, 6, 7, 11]), 0, "f0", "f1", "f2")
    for state in (no_set, good_set):
        assert challenges(BOTS["strong"], state) == challenges(BOTS["easy"], state) == 0


@pytest.mark.parametrize(
    "refs_cards",
    [
        (("f0", "f1", "f2"), [40, 2, 10, 11]),  # 2 × 10 is not 40
        (("f1", "f2", "f0"), [42, 6, 7, 11]),  # the answer last
        (("f0", "f1", "f2"), [10, P, P, 11]),  # one number card
    ],
)
def test_bots_challenge_a_wrong_set_or_an_offence(refs_cards):
    refs, cards = refs_cards
    state = take(scenario(cards), 0, *refs)
    assert challenges(BOTS["strong"], state) > 0.9
    assert 0.3 < challenges(BOTS["easy"], state) < 0.7


def test_reaction_times_fit_the_window_and_the_strong_bot_is_quicker():
    state = apply_moves(scenario([42, 6, 7, 11]), 0, Hit())
    strong, easy = [], []
    view, moves = window_views(state)
    for draw in range(50):
        strong.append(BOTS["strong"].reaction_seconds(view, moves, random.Random(draw)))
        easy.append(BOTS["easy"].reaction_seconds(view, moves, random.Random(draw)))
    assert min(strong) >= 0.8 and max(strong) <= 1.2
    assert min(easy) >= 1.4 and max(easy) <= 1.9  # within the booklet's 2 s
    relaxed = apply_moves(scenario([42, 6, 7, 11], time_limits="relaxed"), 0, Hit())
    view, moves = window_views(relaxed)
    assert 2.0 <= BOTS["strong"].reaction_seconds(view, moves, random.Random(1)) <= 3.0  # of 5 s


# --- its own turn --------------------------------------------------------------------------------
def next_moves(bot: Bot, state: dict, player: int = 0, limit: int = 30) -> list[Move]:
    """The moves a bot makes on its turn until it says hit or done (windows time out)."""
    made = []
    while GAME.outcome(state) is None and len(made) < limit:
        if state["phase"] == "window":
            state = GAME.apply_timeout(state)
            continue
        if state["actor"] != player:
            break
        view, moves = GAME.view(state, player), GAME.legal_moves(state, player)
        move = bot.choose_move(view, moves, random.Random(len(made)))
        made.append(move)
        state = GAME.apply_move(state, player, move)
        if move in (Hit(), Done()):
            break
    return made


def test_a_bot_takes_a_set_answer_first_then_says_done():
    """One move per set, naming its cards as picked up (as a child's board does, issue 30),
    after a moment to think."""
    made = next_moves(BOTS["strong"], scenario([11, 42, 6, 7, 13], level=4))
    assert made == [Collect(("f1", "f2", "f3")), Done()]
    state = scenario([42, 6, 7, 11])
    view, moves = GAME.view(state, 0), GAME.legal_moves(state, 0)
    for bot in BOTS.values():
        assert bot.reaction_seconds(view, moves, random.Random(0)) == bot.think_seconds


def test_a_bot_says_hit_when_it_sees_no_set():
    assert next_moves(BOTS["strong"], scenario([2, 3, 5, 11])) == [Hit()]
    assert next_moves(BOTS["easy"], scenario([2, 3, 5, 11])) == [Hit()]


def test_a_bot_puts_back_cards_picked_up_one_by_one_when_it_sees_no_set():
    """A game saved before issue 30 may hold cards picked up with Select."""
    state = apply_moves(scenario([42, 5, 7, 11]), 0, "f3")
    assert BOTS["strong"].choose_move(GAME.view(state, 0), GAME.legal_moves(state, 0),
                                      random.Random(1)) == Clear()  # fmt: skip
    state = apply_moves(scenario([42, 6, 7, 11]), 0, "f3")
    assert BOTS["strong"].choose_move(GAME.view(state, 0), GAME.legal_moves(state, 0),
                                      random.Random(1)) == Collect(("f0", "f1", "f2"))  # fmt: skip


def test_the_strong_bot_takes_the_sets_worth_most_points():
    """Prime cards score 2. Here 8 points is the most (say 20 = 2 × 10 and 40 = 4 × 5 ×
    prime(2)); taking 40 = 4 × 10 first would leave only 6."""
    cards = table_cards(GAME.view(scenario([40, 4, 10, 2, P, 20, 4, 5]), 0))
    packing = best_packing(candidate_sets(cards, 3), cards)
    assert sum(1 + len(vs.multipliers) + 2 * len(vs.wild_values) for vs in packing) == 8
    assert any(vs.wild_values for vs in packing)


def test_the_easy_bot_sometimes_misses_a_set_and_takes_only_small_ones():
    """40 = 4 × 10 and 10 = 2 × 5 are small sets; 40 = 2 × 4 × 5 is a big one."""
    missed = big = 0
    for seed in range(60):
        state = scenario([40, 2, 4, 5, 10, 11])
        state["turns"] = seed  # a new turn: it notices sets afresh
        made = next_moves(BOTS["easy"], state)
        missed += made == [Hit()]
        big += made[0] == Collect(("f0", "f1", "f2", "f3"))
    assert 2 < missed < 25 and big == 0
    made = next_moves(BOTS["strong"], scenario([40, 2, 4, 5, 10, 11]))
    assert made[0] == Collect(("f0", "f1", "f2", "f3"))


# --- as a challenger, and against one (issue 13) -------------------------------------------------
def challenger_state(cards: list, players: int = 3) -> dict:
    """Ana said "hit" with a set on the table and Ben (seat 1) challenged: Ben takes sets."""
    state = GAME.apply_move(apply_moves(scenario(cards, players=players), 0, Hit()), 1, Challenge())
    assert state["phase"] == "challenger" and state["actor"] == 1
    return state


def challenger_plays(bot: Bot, state: dict, seed: int = 0) -> tuple[list[Move], dict]:
    """The moves a bot makes as the challenger until its "done"; the state after it. Checks
    that it never says "done" while it still notices a set."""
    made = []
    while state["phase"] == "challenger" and len(made) < 40:
        view, moves = GAME.view(state, 1), GAME.legal_moves(state, 1)
        move = bot.choose_move(view, moves, random.Random(seed + len(made)))
        assert move in moves or GAME.listed_in_part(move)
        if move == Done():
            assert bot.plan(view) == [], "it said “done” while it noticed a set"
        made.append(move)
        state = GAME.apply_move(state, 1, move)
    return made, state


def test_the_strong_bot_as_challenger_picks_up_every_set():
    """Booklet: "The challenger picks up as many factor sets as possible from the foundation"."""
    state = challenger_state([10, 2, 5, 42, 6, 7, 20, 4, 5, 11])
    made, after = challenger_plays(BOTS["strong"], state)
    assert made[-1] == Done() and sum(isinstance(m, Collect) for m in made) == 3
    assert sorted(after["stacks"][1]) == sorted([10, 2, 5, 42, 6, 7, 20, 4, 5])
    assert candidate_sets(table_cards(GAME.view(after, 1)), 3) == []  # nothing left to catch


def test_a_bot_challenger_always_takes_a_set_and_never_stops_while_it_sees_one():
    """Its "done" waits for a set (the one it challenged for), and it says "done" only when it
    notices no more: the easy bot may overlook a set (it is still learning), which the others
    may then challenge."""
    left = 0
    for turn in range(40):
        state = challenger_state([10, 2, 5, 42, 6, 7, 11])
        state["turns"] = turn  # a new turn: it notices sets afresh
        made, after = challenger_plays(BOTS["easy"], state)
        assert any(isinstance(m, Collect) for m in made) and made[-1] == Done()
        left += bool(candidate_sets(table_cards(GAME.view(after, 1)), 3))
    assert 0 < left < 40  # sometimes it leaves one


def challenge_rate(bot: Bot, state: dict, seat: int, tries: int = 200) -> float:
    """How often the bot in `seat` challenges in this window (over many seeds)."""
    view, moves = GAME.view(state, seat), GAME.legal_moves(state, seat)
    assert moves == [Challenge()]
    said = [bot.choose_move(view, moves, random.Random(seed)) for seed in range(tries)]
    return said.count(Challenge()) / tries


def test_bots_challenge_a_challenger_who_left_a_set_as_they_would_anyone():
    """Booklet: a "done" with a factor set still on the table may be challenged — a
    challenger's too. Ana (whose turn it was) and Cy both may."""
    state = challenger_state([10, 2, 5, 42, 6, 7, 11])
    state = apply_moves(take(state, 1, "f0", "f1", "f2"), 1, Done())
    for seat in (0, 2):
        assert challenge_rate(BOTS["strong"], state, seat) > 0.9
        assert 0.3 < challenge_rate(BOTS["easy"], state, seat) < 0.7
    # A challenger who took everything is left alone.
    cleared = challenger_state([10, 2, 5, 11])
    cleared = apply_moves(take(cleared, 1, "f0", "f1", "f2"), 1, Done())
    for bot in BOTS.values():
        for seat in (0, 2):
            assert challenge_rate(bot, cleared, seat, tries=50) == 0
