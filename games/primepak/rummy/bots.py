"""Computer players for Factor Rummy. They read only their own view: their hand, the discard
pile, and what everyone took from it or passed by (public: the log says it). Never a hidden card.

Both arrange their hand the only way a bot sensibly can, by asking for the best grouping (the
hint; a bot's help is nobody's learning record), and only when they are about to go out.

- easy: plays like a child: keeps the obvious sets (three cards, one multiplication), takes the
  top discard only when it makes one, discards its highest loose card, and goes out only when
  its obvious sets leave nothing over.
- strong: uses the meld layer: takes the top discard when it lowers its deadwood, discards what
  costs it least (and least helps the opponents, from what they took and passed by), and goes
  out "with deadwood" when that should pay, judged from how far the opponents have come.
"""

from __future__ import annotations

import random
from abc import abstractmethod
from collections import Counter

from games.engine.protocol import Bot, Move, View

from ..cards import WILD, Card, is_wild, sort_key
from ..meld import Arrangement, best_arrangement, discard_options, possible_melds
from .moves import DEADWOOD, PRIME, RUMMY, Discard, Draw, GoOut, Group, Ungroup
from .state import MAX_DEADWOOD

CLAIM_ORDER = {PRIME: 0, RUMMY: 1, DEADWOOD: 2}


class RummyBot(Bot):
    """What both bots share: reading the view, going out through the hint."""

    def choose_move(self, view: View, legal_moves: list[Move], rng: random.Random) -> Move | None:
        """Between rounds: nothing (a person deals, or the clock). On its turn: go out when it
        can and wants to, else draw, then discard."""
        if view["phase"] not in ("draw", "discard") or view["turn"] != view["me"]:
            return None
        hand = [entry["card"] for entry in view["hand"]]
        level = view["level"]
        best = best_arrangement(hand, level)
        claims = sorted((m for m in legal_moves if isinstance(m, GoOut)),
                        key=lambda m: (CLAIM_ORDER[m.how], m.discard is not None))  # fmt: skip
        for claim in claims:
            if claim.how != DEADWOOD:
                return claim
            # Not "with deadwood" while the hand could still be laid out whole.
            if len(best.deadwood) > 1 and self.go_with_deadwood(view, _deadwood_after(view, claim)):
                return claim
        if view["phase"] == "discard" and self.wants_to_go_out(view, hand, best):
            arranging = _arrange(view, hand, best, legal_moves)
            if arranging is not None:
                return arranging
        if view["phase"] == "draw":
            return self.choose_draw(view, hand, legal_moves)
        return self.choose_discard(view, hand, legal_moves)

    # --- what the strengths decide ------------------------------------------------------------
    @abstractmethod
    def wants_to_go_out(self, view: View, hand: list[Card], best: Arrangement) -> bool:
        """Whether to arrange the hand now because it can go out (the claim follows)."""

    @abstractmethod
    def go_with_deadwood(self, view: View, deadwood: int) -> bool:
        """Whether to go out "factor with deadwood" keeping this many deadwood cards."""

    @abstractmethod
    def choose_draw(self, view: View, hand: list[Card], legal: list[Move]) -> Move:
        """Which pile to draw from."""

    @abstractmethod
    def choose_discard(self, view: View, hand: list[Card], legal: list[Move]) -> Move:
        """Which card to discard."""


class EasyBot(RummyBot):
    """A child: obvious sets only, the highest loose card goes."""

    strength = "easy"
    label = "Easy"

    def wants_to_go_out(self, view: View, hand: list[Card], best: Arrangement) -> bool:
        loose = _obvious_loose(hand, view["level"])
        return len(loose) == 0 or (view["phase"] == "discard" and len(loose) == 1)

    def go_with_deadwood(self, view: View, deadwood: int) -> bool:
        return False  # a child does not use the defensive ploy

    def choose_draw(self, view: View, hand: list[Card], legal: list[Move]) -> Move:
        """Which pile to draw from."""
        top = view["discard"][-1] if view["discard"] else None
        take = Draw("discard")
        if top is not None and take in legal:
            before = len(_obvious_loose(hand, view["level"]))
            if is_wild(top) or len(_obvious_loose([*hand, top], view["level"])) < before:
                return take
        return Draw("pile") if Draw("pile") in legal else take

    def choose_discard(self, view: View, hand: list[Card], legal: list[Move]) -> Move:
        loose = set(_obvious_loose_positions(hand, view["level"]))
        options = [m for m in legal if isinstance(m, Discard)]
        # The highest loose card (a prime card is kept: it fits anywhere).
        return max(options, key=lambda m: (not is_wild(hand[m.card]), m.card in loose,
                                           sort_key(hand[m.card])))  # fmt: skip


class StrongBot(RummyBot):
    """The meld layer's best groupings, the discard pile's story, and a sense of timing."""

    strength = "strong"
    label = "Strong"

    def wants_to_go_out(self, view: View, hand: list[Card], best: Arrangement) -> bool:
        dead = len(best.deadwood)
        if view["phase"] == "draw":
            return dead == 0
        return dead <= 1 or (dead <= MAX_DEADWOOD + 1 and self.go_with_deadwood(view, dead - 1))

    def go_with_deadwood(self, view: View, deadwood: int) -> bool:
        """Go out with deadwood when the opponents' likely deadwood pays better than waiting:
        early in a round their hands are loose (2 points a card); as they take useful cards
        they get close to going out themselves."""
        me = view["me"]
        worth = 0.0
        for seat in range(view["players"]):
            if seat == me:
                continue
            likely = _likely_deadwood(view, seat)
            worth += 2 * (likely - deadwood) if likely > deadwood + 0.5 else -10
        my_turns = len(view["taken"][me]) + len(view["passed"][me])
        return worth >= 6 and (deadwood <= 1 or my_turns >= 6)

    def choose_draw(self, view: View, hand: list[Card], legal: list[Move]) -> Move:
        """Which pile to draw from."""
        top = view["discard"][-1] if view["discard"] else None
        take = Draw("discard")
        if top is not None and take in legal:
            now = len(best_arrangement(hand, view["level"]).deadwood)
            more = [*hand, top]
            after = min(
                len(best_arrangement(more, view["level"]).deadwood),  # out with no discard
                *(
                    len(found.deadwood)
                    for card, found in discard_options(more, view["level"])
                    if card != top or Counter(hand)[top] > 0
                ),
            )
            if after < now:
                return take
        return Draw("pile") if Draw("pile") in legal else take

    def choose_discard(self, view: View, hand: list[Card], legal: list[Move]) -> Move:
        options = {m.card: m for m in legal if isinstance(m, Discard)}
        allowed = Counter(hand[p] for p in options)
        danger = _danger(view)
        best: tuple | None = None
        choice: Move | None = None
        for card, found in discard_options(hand, view["level"]):
            if not allowed[card]:
                continue
            key = (len(found.deadwood), danger.get(card, 0.0), is_wild(card), -_rank(card))
            if best is None or key < best:
                best = key
                choice = next(m for p, m in options.items() if hand[p] == card)
        return choice if choice is not None else next(iter(options.values()))


# --- reading the hand and the table ------------------------------------------------------------
def _deadwood_after(view: View, claim: GoOut) -> int:
    loose = [p for p in view["loose"] if p != claim.discard]
    return len(loose)


def _arrange(view: View, hand: list[Card], best: Arrangement, legal: list[Move]) -> Move | None:
    """The next step of laying the hand out as well as it can be, one group at a time: take
    apart a group that stands in the way, else make the next set; None when it is done."""
    loose = [hand[p] for p in view["loose"]]
    if len(best_arrangement(loose, view["level"]).deadwood) > len(best.deadwood):
        ungroup = next((m for m in legal if isinstance(m, Ungroup)), None)
        if ungroup is not None:
            return ungroup
    return next((m for m in legal if isinstance(m, Group)), None)


def _obvious_melds(hand: list[Card], level: int):
    """The sets a child spots: three cards, one multiplication (a prime card at most once)."""
    return [m for m in possible_melds(hand, level) if m.size == 3 and m.wilds <= 1]


def _obvious_loose_positions(hand: list[Card], level: int) -> list[int]:
    """The cards left over once the obvious sets are taken greedily, smallest answer first."""
    free = Counter(hand)
    for meld in _obvious_melds(hand, level):
        need = Counter(meld.cards)
        if all(free[c] >= n for c, n in need.items()):
            free -= need
    loose, left = [], Counter(free)
    for p, card in enumerate(hand):
        if left[card]:
            loose.append(p)
            left[card] -= 1
    return loose


def _obvious_loose(hand: list[Card], level: int) -> list[Card]:
    return [hand[p] for p in _obvious_loose_positions(hand, level)]


def _likely_deadwood(view: View, seat: int) -> float:
    """A guess at an opponent's deadwood: a fresh hand has several loose cards; each turn and
    each card they wanted from the discard pile brings them closer."""
    fresh = 4.0 if view["level"] <= 2 else 5.5
    turns = len(view["taken"][seat]) + len(view["passed"][seat])
    return max(1.0, fresh - 0.3 * turns - 0.6 * len(view["taken"][seat]))


def _danger(view: View) -> dict[Card, float]:
    """How much each card would help an opponent: cards that divide, or are divided by, a card
    they took from the discard pile; cards they passed by help them less."""
    danger: dict[Card, float] = {}
    values = {entry["card"] for entry in view["hand"] if not is_wild(entry["card"])}
    for seat in range(view["players"]):
        if seat == view["me"]:
            continue
        for taken in view["taken"][seat]:
            if is_wild(taken):
                continue
            for card in values:
                if card != taken and (taken % card == 0 or card % taken == 0):
                    danger[card] = danger.get(card, 0.0) + 1.0
        for passed in view["passed"][seat]:
            if passed in values:
                danger[passed] = danger.get(passed, 0.0) - 0.5
    return danger


def _rank(card: Card) -> int:
    """Bigger numbers go first when all else is equal (they fit in fewer sets)."""
    return 0 if card == WILD else int(card)


BOTS: dict[str, Bot] = {"easy": EasyBot(), "strong": StrongBot()}
