"""Computer players for The Multiplication Game. They read only their own view."""

from __future__ import annotations

import random
from collections import Counter

from games.engine.protocol import Bot, Move, View

from .cards import FREE, MULTIPLIERS, NUMBERS, Card, deck, is_square
from .moves import Discard, Draw

# How many number cards share at least one multiplier with each card: 49 (only 7s) is hard to
# get rid of, 10 (1, 2, 5, 10) is easy. Scaled to 0..1, higher = harder to play.
_PARTNERS = {n: sum(1 for m in NUMBERS if MULTIPLIERS[n] & MULTIPLIERS[m]) for n in NUMBERS}
HARDNESS = {n: 1 - _PARTNERS[n] / len(NUMBERS) for n in NUMBERS}

# The strong bot's weights, measured against a bot that never misses but discards at random
# (2 players: about 70% wins; the results were flat around these values). Shedding hard cards
# and blocking matter most; a fraction-of-hand "follow" term did worse than a yes/no one.
SQUARE_BONUS = 3.0  # the next player loses a turn and draws
HARD_CARD_WEIGHT = 2.0  # shed the cards that rarely match while you can
BLOCK_WEIGHT = 2.0  # leave an open card the next player probably cannot follow
FOLLOW_WEIGHT = 1.0  # leave an open card my own hand can follow if it comes back to me


class EasyBot(Bot):
    """A child still learning the table: sometimes misses a discard they could make."""

    strength = "easy"
    label = "Easy — still learning the table"
    miss_chance = 0.3

    def choose_move(self, view: View, legal_moves: list[Move], rng: random.Random) -> Move:
        """A random discard, or a draw now and then even when a discard was possible."""
        discards = [move for move in legal_moves if isinstance(move, Discard)]
        draws = [move for move in legal_moves if isinstance(move, Draw)]
        if draws and (not discards or rng.random() < self.miss_chance):
            return draws[0]
        return rng.choice(discards or legal_moves)


class StrongBot(Bot):
    """Never misses a discard, and picks the one that helps it most."""

    strength = "strong"
    label = "Strong — plans ahead"

    def choose_move(self, view: View, legal_moves: list[Move], rng: random.Random) -> Move:
        """The best-scoring discard; a draw only when there is none."""
        discards = [move for move in legal_moves if isinstance(move, Discard)]
        if not discards:
            return legal_moves[-1]
        hand = view["hand"] or []
        if len(hand) == 1:
            return discards[0]  # the last card: any discard wins at once
        # Free cards are kept for when nothing else works.
        candidates = [move for move in discards if move.card != FREE] or discards
        unseen = unseen_cards(view)
        # Ties go to the first in legal_moves' order, so the bot is deterministic.
        best = max(
            range(len(candidates)),
            key=lambda i: (_score(view, hand, unseen, candidates[i]), -i),
        )
        return candidates[best]


def unseen_cards(view: View) -> Counter:
    """Cards this player has not seen: not in hand, not the open card, not discarded lately."""
    seen: Counter = Counter(view["hand"] or [])
    played: Counter = Counter()
    for event in view["log"]:
        if event["kind"] == "reshuffle":
            played = Counter()  # those discards went back into the draw pile
        elif event["kind"] == "discard":
            played[event["card"]] += 1
    open_card = view["open"]["card"]
    played[open_card] = max(played[open_card], 1)
    return Counter(deck(view["free_cards"])) - seen - played


def _score(view: View, hand: list[Card], unseen: Counter, move: Discard) -> float:
    square = is_square(move.a * move.b)
    declared = {move.a, move.b}
    players, me = view["players"], view["me"]
    # A square skips the next player, so the one after them plays on my card (with two
    # players, that is me again: nobody can block, and only my own hand matters).
    follower = (me + (2 if square else 1)) % players
    if follower == me:
        block, urgency = 1.0, 2.0
    else:
        block, urgency = 1 - _follow_chance(unseen, declared, view["hand_counts"][follower]), 1.0
    rest = list(hand)
    rest.remove(move.card)
    can_follow = any(_follows(card, declared) for card in rest)
    hardness = HARDNESS[move.card] if move.card != FREE else 0.0
    return (
        SQUARE_BONUS * square
        + HARD_CARD_WEIGHT * hardness
        + BLOCK_WEIGHT * block
        + FOLLOW_WEIGHT * urgency * can_follow
    )


def _follows(card: Card, declared: set[int]) -> bool:
    return card == FREE or bool(MULTIPLIERS[card] & declared)


def _follow_chance(unseen: Counter, declared: set[int], hand_size: int) -> float:
    """Chance that a hand of hand_size unseen cards holds one that follows `declared`."""
    total = sum(unseen.values())
    if not total:
        return 0.0
    good = sum(count for card, count in unseen.items() if _follows(card, declared))
    return 1 - (1 - good / total) ** hand_size


BOTS: dict[str, Bot] = {"easy": EasyBot(), "strong": StrongBot()}
