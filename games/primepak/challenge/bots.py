"""Computer players for Prime Challenge. They read only their own view.

On its turn a bot takes a set in one move, naming its cards in the order it picks them up (the
answer first, as the booklet asks), as a child's board does (issue 30), and says "done" when it
sees no more; "hit" when it sees no set at all. After catching a missed set it does the same as
the challenger: it takes the set it saw, then every set it sees, and says "done" only when it
sees no more (booklet: "The challenger picks up as many factor sets as possible"). In a
challenge window it says "challenge" only for a real reason: a set left on the table after
"hit" or "done" (a challenger's "done" too), or a wrong set (or a one-card offence) just taken.
How much it sees and how fast it reacts is its strength.
"""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import dataclass
from typing import ClassVar

from games.engine.protocol import Bot, Move, View
from games.engine.rng import rng_for

from ..cards import WILD, is_wild
from ..factorsets import ValueSet, find_sets, value_sets
from .moves import Challenge, Clear, Collect, Done, Hit
from .state import set_offences

SEARCH_NODES = 4000  # the strong bot's packing search stops here (a few ms at most)
_CACHE_SIZE = 256


@dataclass(frozen=True)
class TableCard:
    """A card on the table as a bot reads it from the view."""

    ref: str
    value: int | str


class ChallengeBot(Bot):
    """A Prime Challenge player; subclasses set how much it sees and how fast it is."""

    see_chance: ClassVar[float] = 1.0  # chance of noticing each set on the table
    max_cards: ClassVar[int | None] = None  # the largest sets it looks for
    spot_chance: ClassVar[float] = 1.0  # chance of challenging when there is a reason
    reaction: ClassVar[tuple[float, float]] = (0.5, 0.5)  # share of the window it waits
    think_seconds: ClassVar[float] = 1.0  # before it starts looking for a set

    def __init__(self) -> None:
        self._plans: dict[tuple, list[str]] = {}

    def choose_move(self, view: View, legal_moves: list[Move], rng: random.Random) -> Move | None:
        """Challenge (when it spots a reason), or the next step of its plan on its turn."""
        if not legal_moves:
            return None
        if Challenge() in legal_moves:
            if has_reason_to_challenge(view) and rng.random() < self.spot_chance:
                return Challenge()
            return None
        move = self._next_step(view, legal_moves)
        if move in legal_moves or isinstance(move, Collect):
            return move  # a take of the set it planned: legal_moves lists only some takes
        fallback = [m for m in (Done(), Hit(), Clear()) if m in legal_moves]
        return (fallback or legal_moves)[0]

    def reaction_seconds(
        self, view: View, legal_moves: list[Move], rng: random.Random
    ) -> float | None:
        """A share of the challenge window by strength (drawn from the platform's secret
        `rng`); a moment to think before each set."""
        if Challenge() in legal_moves:
            low, high = self.reaction
            share = low + (high - low) * rng.random()
            return round(view["window"]["seconds"] * share, 2)
        return self.think_seconds

    # --- its own turn ---------------------------------------------------------------------
    def _next_step(self, view: View, legal_moves: list[Move]) -> Move:
        # It looks harder when it can neither hit nor say done: so a challenger always takes
        # the set it challenged for (its "done" waits for a set).
        stuck = Hit() not in legal_moves and Done() not in legal_moves
        plan = self.plan(view, stuck)
        if plan:
            return Collect(tuple(plan))
        if view["pick"]["refs"]:  # cards picked up one by one (a game saved before issue 30)
            return Clear()
        return Hit() if Hit() in legal_moves else Done()

    def plan(self, view: View, harder: bool = False) -> list[str]:
        """The refs of the next set it will take (answer first), [] if it sees none. Looking
        `harder`, it takes any set there is when it noticed none."""
        cards = table_cards(view)
        key = (view["level"], tuple(cards), view["turns"], view["me"], view["phase"], harder)
        plan = self._plans.get(key)
        if plan is None:
            plan = self._plan(view, cards, harder)
            if len(self._plans) >= _CACHE_SIZE:
                self._plans.clear()
            self._plans[key] = plan
        return plan

    def _plan(self, view: View, cards: list[TableCard], harder: bool) -> list[str]:
        options = candidate_sets(cards, view["level"])
        seen = [vs for vs in options if self._notices(view, vs)]
        if not seen and harder:
            seen = sorted(options, key=lambda vs: vs.size)
        chosen = self._choose(seen, cards)
        return refs_for(chosen, cards) if chosen else []

    def _notices(self, view: View, vs: ValueSet) -> bool:
        if self.max_cards is not None and vs.size > self.max_cards:
            return False
        if self.see_chance >= 1:
            return True
        # Seeded by the turn and the set: it misses the same set all turn long.
        signature = (vs.answer, *vs.multipliers, *vs.wild_values)
        chance = rng_for(view["turns"], view["me"], view["phase"], *signature).random()
        return chance < self.see_chance

    def _choose(self, sets: list[ValueSet], cards: list[TableCard]) -> ValueSet | None:
        return sets[0] if sets else None


class EasyBot(ChallengeBot):
    """A child still learning: notices a set about 6 times in 10, only small ones, and is slow
    to challenge."""

    strength = "easy"
    label = "Easy — still learning to spot sets"
    see_chance = 0.6
    max_cards = 3
    spot_chance = 0.5
    reaction = (0.7, 0.95)  # 1.4–1.9 s of the booklet's 2 s window
    think_seconds = 2.0


class StrongBot(ChallengeBot):
    """Sees every set, takes the cards worth most points, and challenges quickly."""

    strength = "strong"
    label = "Strong — quick and sharp-eyed"
    spot_chance = 0.95
    reaction = (0.4, 0.6)  # 0.8–1.2 s of the booklet's 2 s window
    think_seconds = 1.0

    def _choose(self, sets: list[ValueSet], cards: list[TableCard]) -> ValueSet | None:
        """The first set of the packing worth most points (prime cards are worth 2)."""
        packing = best_packing(sets, cards)
        return packing[0] if packing else None


# --- reading the table --------------------------------------------------------------------------
def table_cards(view: View) -> list[TableCard]:
    """The cards a set may use: the foundation's (in slot order), then the hit cards."""
    slots = [slot for slot in view["foundation"] if slot["card"] is not None]
    return [TableCard(slot["ref"], slot["card"]) for slot in [*slots, *view["hits"]]]


def candidate_sets(cards: list[TableCard], level: int) -> list[ValueSet]:
    """Every factor set these cards make, by values (each multiset of values once)."""
    counts = Counter(card.value for card in cards if not is_wild(card.value))
    wilds = sum(1 for card in cards if is_wild(card.value))
    return list(value_sets(counts, wilds, level))


def set_points(vs: ValueSet) -> int:
    """1 point per number card, 2 per prime card."""
    return 1 + len(vs.multipliers) + 2 * len(vs.wild_values)


def best_packing(sets: list[ValueSet], cards: list[TableCard]) -> list[ValueSet]:
    """Sets that can all be taken together worth most points, bigger sets first."""
    counts = Counter(card.value for card in cards if not is_wild(card.value))
    wilds = sum(1 for card in cards if is_wild(card.value))
    ordered = sorted(sets, key=lambda vs: -set_points(vs))
    best: list[list[ValueSet]] = [[]]
    best_points = [0]
    nodes = [0]

    def search(start: int, chosen: list[ValueSet], total: int, wilds_left: int) -> None:
        nodes[0] += 1
        if total > best_points[0]:
            best_points[0], best[0] = total, list(chosen)
        if nodes[0] >= SEARCH_NODES:
            return
        for i in range(start, len(ordered)):
            vs = ordered[i]
            need = Counter([vs.answer, *vs.multipliers])
            if len(vs.wild_values) > wilds_left or any(counts[v] < n for v, n in need.items()):
                continue
            counts.subtract(need)
            chosen.append(vs)
            search(i, chosen, total + set_points(vs), wilds_left - len(vs.wild_values))
            chosen.pop()
            counts.update(need)

    search(0, [], 0, wilds)
    return best[0]


def refs_for(vs: ValueSet, cards: list[TableCard]) -> list[str]:
    """Where to pick a set up: the answer first, then its numbers, then prime cards; from the
    foundation before the hit cards (a foundation card lets it say "done")."""
    pools: dict[int | str, list[str]] = {}
    for card in cards:
        pools.setdefault(WILD if is_wild(card.value) else card.value, []).append(card.ref)
    taken = {value: 0 for value in pools}

    def take(value: int | str) -> str:
        ref = pools[value][taken[value]]
        taken[value] += 1
        return ref

    return [
        take(vs.answer),
        *(take(m) for m in vs.multipliers),
        *(take(WILD) for _ in vs.wild_values),
    ]


def has_reason_to_challenge(view: View) -> bool:
    """A set left on the table after "hit" or "done"; a wrong set or an offence just taken."""
    window = view["window"]
    if window is None:
        return False
    if window["kind"] == "collect":
        check, offences = set_offences(window["set"], view["level"])
        return not check.product_ok or bool(offences)
    values = [card.value for card in table_cards(view)]
    return bool(find_sets(values, view["level"], limit=1))


BOTS: dict[str, Bot] = {"easy": EasyBot(), "strong": StrongBot()}
