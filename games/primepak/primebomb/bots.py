"""Computer players for Prime Bomb – Capture. They read only their own view: their hand, the
stack, the captured piles, the scores and the last reveal (public once shown). They never see
the deck, the other hands or a pending choice.

Played cards come back after every reveal, so throwing cards costs nothing: for the card on
the table the best play is simply the one the rules rank first (closest product, then most
cards; for a prime the highest composite with that factor). Choosing at once also helps, since
equal plays go to the earliest submission. What separates the bots is how well they find that
play, and what they do with swaps (the only way a hand changes).

- easy: plays like a child. For a composite target it looks at single cards and pairs only
  and throws the one whose product is closest (it spots an exact pair, never an exact three).
  For a prime it throws any composite of its hand with that factor (picked at random, not the
  highest), else nothing. It never swaps.
- strong: throws the best capture from all the subsets of its hand (2^7 = 128). Before a flip
  it swaps a captured card into its hand when the hand's expected captures over the rest of
  the deck grow by clearly more than the swap costs (under the sum scoring a swap moves the
  captured card's points out of the pile, and the hand card's in). The expectation runs over
  the unseen cards (the level's deck less its hand, every captured pile, the stack and the
  opponents' cards shown in the last reveal, which are back in their hands), and models the
  opponents: a known opponent card set that already beats the hand on a target makes that
  target nearly worthless, and for a prime target the chance that no unseen opponent card is a
  higher composite with that factor is worked out from the unseen cards.

Think time (reaction_seconds, scaled by the platform's GAMES_BOT_THINK_SCALE): easy 30-55 % of the
choosing clock, strong 15-35 % (drawn from the platform's secret generator, never from the hand),
so a child has time and the bots do not always win the ties that go to the earliest choice; a
bot flipper waits 3 s.

A bot that has chosen returns None while the others choose (it could change its choice, but
would only make the same one again); before a flip the flipper flips after its swaps and the
others swap or return None.
"""

from __future__ import annotations

import random
from abc import abstractmethod
from bisect import bisect_left
from collections import Counter
from functools import lru_cache
from itertools import combinations
from math import exp

from games.engine.protocol import Bot, Move, View

from ..cards import is_prime, level_counts, prime_factors
from .moves import Choose, Flip, Swap

CHOOSE, FLIP = "choose", "flip"

# The strong bot's judgement of a hand. Rough chances of winning a composite target with an
# exact product of 1, 2, or 3+ cards (more cards beat equal products), and how fast the chance
# falls for an inexact product (by its distance relative to the target).
EXACT_CHANCE = (0.7, 0.85, 1.0)
NEAR_CHANCE, NEAR_FALL = 0.5, 3.0
BEATEN_CHANCE = 0.05  # an opponent's known cards already do better
SWAP_MARGIN = {"sum": 5.0, "count": 0.25}  # a swap must gain this much more than it costs
SWAP_CANDIDATES = 8  # captured card values tried for a swap, at most
FLIP_PAUSE_SECONDS = 3.0  # a bot flipper's wait: time to read the reveal and to swap


# --- what both bots read --------------------------------------------------------------------------
def hand_of(view: View) -> list[int]:
    return [card["value"] for card in view["hand"]]


def choose_move(view: View, hand: list[int], values: tuple[int, ...]) -> Choose:
    """The Choose naming these card values by the first places holding them (as legal_moves
    lists them)."""
    used: list[int] = []
    for value in values:
        used.append(next(p for p, c in enumerate(hand) if c == value and p not in used))
    return Choose(tuple(sorted(used)))


def product(cards: tuple[int, ...] | list[int]) -> int:
    result = 1
    for card in cards:
        result *= card
    return result


def best_capture(hand: list[int], goal: int) -> tuple[int, ...]:
    """The play the rules rank first for this hand: for a prime the highest composite with
    that factor, for a composite the closest product, then the most cards ((): nothing)."""
    if prime(goal):
        fits = [c for c in hand if not prime(c) and c % goal == 0]
        return (max(fits),) if fits else ()
    best: tuple[int, int] | None = None
    chosen: tuple[int, ...] = ()
    for size in range(1, len(hand) + 1):
        for cards in combinations(hand, size):
            rank = (abs(product(cards) - goal), -size)
            if best is None or rank < best:
                best, chosen = rank, cards
    return chosen


def is_mine_to_choose(view: View) -> bool:
    """Choosing, and this seat has not chosen yet (a bot that has chosen waits: None)."""
    return view["phase"] == CHOOSE and view["my_choice"] is None and view["target"] is not None


class PrimeBombBot(Bot):
    def choose_move(self, view: View, legal_moves: list[Move], rng: random.Random) -> Move | None:
        if view["me"] is None or view["hand"] is None:
            return None
        if view["phase"] == CHOOSE:
            if not is_mine_to_choose(view):
                return None
            hand = hand_of(view)
            return choose_move(view, hand, self.capture(hand, view["target"], rng))
        if view["phase"] == FLIP:
            swap = self.swap(view)
            if swap is not None and swap in legal_moves:
                return swap
            if view["flipper"] == view["me"]:
                return Flip()
        return None

    # A share of the choosing clock this bot thinks before it chooses (a child needs time too,
    # and the earliest choice wins ties); the flipper waits a moment so others may swap.
    think: tuple[float, float] = (0.2, 0.4)

    def reaction_seconds(
        self, view: View, legal_moves: list[Move], rng: random.Random
    ) -> float | None:
        """Choosing: a random share of the clock, drawn from the platform's secret `rng` (never
        from the hand: the time a bot takes must not tell what it holds); before a flip: a
        short pause for the flipper, none for a bot that may only swap."""
        if view["me"] is None:
            return None
        if view["phase"] == CHOOSE:
            if not is_mine_to_choose(view):
                return None
            low, high = self.think
            share = low + (high - low) * rng.random()
            return round(view["choose_seconds"] * share, 2)
        if view["phase"] == FLIP and view["flipper"] == view["me"]:
            return FLIP_PAUSE_SECONDS
        return None

    @abstractmethod
    def capture(self, hand: list[int], goal: int, rng: random.Random) -> tuple[int, ...]:
        """The hand positions to throw for this target (empty: throw nothing)."""

    def swap(self, view: View) -> Swap | None:
        return None


# --- easy -----------------------------------------------------------------------------------------
class EasyBot(PrimeBombBot):
    """Single cards and pairs for a composite; any composite with the factor for a prime."""

    strength = "easy"
    label = "Easy"
    think = (0.3, 0.55)

    def capture(self, hand: list[int], goal: int, rng: random.Random) -> tuple[int, ...]:
        if prime(goal):
            fits = sorted({c for c in hand if not prime(c) and c % goal == 0})
            return (rng.choice(fits),) if fits else ()
        tries = [(c,) for c in hand] + list(combinations(hand, 2))
        closest = min(abs(product(cards) - goal) for cards in tries)
        return rng.choice([cards for cards in tries if abs(product(cards) - goal) == closest])


# --- strong ---------------------------------------------------------------------------------------
class Reading:
    """What the strong bot reads from the table: the unseen cards (target values with how
    many are unseen) and what it knows of each opponent's hand."""

    def __init__(self, view: View) -> None:
        me = view["me"]
        unseen = level_counts(view["level"])
        unseen.subtract(hand_of(view))
        for pile in view["captured"]:
            unseen.subtract(pile)
        unseen.subtract(view["stack"])
        self.known: list[list[int]] = []  # each opponent's cards shown in the last reveal
        reveal = view["last_reveal"]
        shown = {p["seat"]: p["cards"] for p in reveal["plays"]} if reveal else {}
        for seat in range(view["players"]):
            if seat != me:
                cards = list(shown.get(seat, []))
                self.known.append(cards)
                unseen.subtract(cards)
        self.unseen = Counter({c: n for c, n in unseen.items() if n > 0})
        self.total = sum(self.unseen.values())
        sizes = view["hand_sizes"]
        self.unknown_cards = sum(sizes[s] for s in range(view["players"]) if s != me) - sum(
            len(k) for k in self.known
        )
        self.by_count = view["scoring"] == "count"
        self._worth: dict[tuple[int, ...], float] = {}
        # What the opponents' known cards can already do on each target (their lower bound).
        self.opponent_best: dict[int, tuple[int, int] | None] = dict.fromkeys(self.unseen)
        for cards in self.known:
            if cards:
                for goal, rank in hand_ranks(cards, self.unseen).items():
                    best = self.opponent_best[goal]
                    if rank is not None and (best is None or rank < best):
                        self.opponent_best[goal] = rank
        # For each prime: the unseen composites with that factor, sorted, for the odds that
        # an unseen opponent card beats a given card.
        self.multiples = {
            p: sorted(c for c in self.unseen.elements() if not prime(c) and c % p == 0)
            for p in self.unseen
            if prime(p)
        }

    def chance(self, hand_ranks: dict[int, tuple[int, int] | None], goal: int) -> float:
        """A rough chance that this hand captures this target against the opponents."""
        mine = hand_ranks[goal]
        if mine is None:
            return 0.0
        theirs = self.opponent_best[goal]
        if prime(goal):
            card = -mine[0]
            higher = self.multiples[goal]
            above = len(higher) - bisect_left(higher, card + 1)
            same = bisect_left(higher, card + 1) - bisect_left(higher, card)
            beat = (above + same / 2) / self.total if self.total else 0.0
            odds = (1 - beat) ** max(0, self.unknown_cards)
        else:
            distance, count = mine[0], -mine[1]
            if distance == 0:
                odds = EXACT_CHANCE[min(count, len(EXACT_CHANCE)) - 1]
            else:
                odds = NEAR_CHANCE * exp(-NEAR_FALL * distance / goal)
        if theirs is not None and theirs < mine:
            return odds * BEATEN_CHANCE
        if theirs == mine:
            return odds / 2
        return odds

    def worth(self, hand: list[int]) -> float:
        """The captured value (points, or cards when counting) this hand may expect per flip."""
        if not self.total:
            return 0.0
        key = tuple(sorted(hand))
        if key not in self._worth:
            ranks = hand_ranks(hand, self.unseen)
            value = 0.0
            for goal, n in self.unseen.items():
                value += n * (1 if self.by_count else goal) * self.chance(ranks, goal)
            self._worth[key] = value / self.total
        return self._worth[key]


@lru_cache(maxsize=4096)
def prime(n: int) -> bool:
    """is_prime, remembered (the bots ask it of the same few values very often)."""
    return is_prime(n)


def subset_products(hand: list[int]) -> dict[int, int]:
    """Every product of one or more cards of the hand, with the most cards giving it."""
    most: dict[int, int] = {1: 0}
    for card in hand:
        for value, count in list(most.items()):
            grown = value * card
            if most.get(grown, -1) <= count:
                most[grown] = count + 1
    del most[1]  # the empty choice (cards are at least 2, so no other choice gives 1)
    return most


def hand_ranks(hand: list[int], goals) -> dict[int, tuple[int, int] | None]:
    """The best rank of this hand on every target, from its subset products computed once."""
    most = subset_products(hand)
    products = sorted(most)
    composites = [c for c in hand if not prime(c)]
    ranks: dict[int, tuple[int, int] | None] = {}
    for goal in goals:
        if prime(goal):
            fits = [c for c in composites if c % goal == 0]
            ranks[goal] = (-max(fits), 0) if fits else None
            continue
        at = bisect_left(products, goal)
        near = [products[i] for i in (at - 1, at) if 0 <= i < len(products)]
        ranks[goal] = min((abs(p - goal), -most[p]) for p in near)
    return ranks


class StrongBot(PrimeBombBot):
    """The best capture of the hand; swaps that make the hand clearly stronger."""

    strength = "strong"
    label = "Strong"
    think = (0.15, 0.35)

    def capture(self, hand: list[int], goal: int, rng: random.Random) -> tuple[int, ...]:
        return best_capture(hand, goal)

    def swap(self, view: View) -> Swap | None:
        """The swap whose gain over the rest of the deck beats its cost by the most, if any
        beats it by the margin."""
        pile = view["captured"][view["me"]]
        flips_left = view["deck_count"]
        if not pile or not flips_left:
            return None
        hand = hand_of(view)
        reading = Reading(view)
        by_count = reading.by_count
        now = reading.worth(hand)
        # The captured cards most likely to strengthen a hand: composites with many small
        # prime factors, cheapest first when a swap costs points.
        candidates = sorted(
            set(pile) - set(hand),
            key=lambda c: (
                -len(set(prime_factors(c))) if not prime(c) else 0,
                0 if by_count else c,
            ),
        )[:SWAP_CANDIDATES]
        best, best_gain = None, SWAP_MARGIN[view["scoring"]]
        for taken in candidates:
            for given in sorted(set(hand)):
                cost = 0 if by_count else taken - given
                new_hand = list(hand)
                new_hand.remove(given)
                new_hand.append(taken)
                gain = flips_left * (reading.worth(new_hand) - now) - cost
                if gain > best_gain:
                    best, best_gain = (given, taken), gain
        if best is None:
            return None
        return Swap(hand.index(best[0]), pile.index(best[1]))


BOTS: dict[str, Bot] = {"easy": EasyBot(), "strong": StrongBot()}
