"""Computer players for Prime Solitaire. They read only their view: the draw pile is a count.

Easy, medium (the careful "fair" bot) and strong (it imagines the face-down cards). All
play as a child at the table does, one card at a time: choose the cards of a set (cards lying
on top first, then the face-up stack from its top), then collect it; turn over a card when
they see no set worth taking.
"""

from __future__ import annotations

import random
from abc import abstractmethod
from collections import Counter
from dataclasses import dataclass
from functools import lru_cache

from games.engine.protocol import Bot, Move, View

from ..cards import number_cards
from .layout import PYRAMID_ROWS, Layout, layout_for, row_count
from .moves import Collect, Resign, Turn
from .search import difficulty, find_collections, partner_sets

# The fair bot's weights, tuned at level 3 with three rows on seeded deals (wins of 100):
# RUN_CHANCE 3: 48, 8: 59, 20: 51; then TAKE_COST +0.5: 23, 0: 59, -0.5: 64, -1: 64, -2: 61;
# then UNCOVER_WEIGHT 0: 64, 0.6: 69 (of 200: 0: 128, 0.6: 129, 1.2: 125). A bonus for using
# face-up cards did not help. The easy bot wins 41 of the same 100.
UNCOVER_WEIGHT = 0.6  # "prefer sets that uncover cards": each card freed counts this much
TAKE_COST = -0.5  # a set is taken unless it leaves the layout this much more at risk
RUN_CHANCE = 8.0  # how much likelier an unseen card is to come up than its share of the pile
SETS_LOOKED_AT = 60  # per card, the sets of the commonest cards (enough to judge its chances)
ENDGAME_NODES = 300  # positions the solver may look at once the draw pile is empty
NO_CHANCE = 0.02  # a card with no set left still counts as finite risk


@dataclass(frozen=True)
class Position:
    """What a bot makes of its view: the layout, its cards, and the face-up stack."""

    layout: Layout
    values: tuple[int, ...]
    present: int
    stack: tuple[int, ...]  # bottom first, like the state
    level: int

    @classmethod
    def of(cls, view: View) -> Position:
        layout = layout_for(view["layout"]["shape"], view["layout"]["rows"])
        values = [0] * layout.size
        present = 0
        for card in view["foundation"]:
            values[card["position"]] = card["value"]
            present |= 1 << card["position"]
        stack = tuple(card["value"] for card in reversed(view["stack"]))
        return cls(layout, tuple(values), present, stack, view["level"])

    def sets(self, min_run: int = 0) -> list[tuple[int, int]]:
        return find_collections(self.layout, list(self.values), self.present, list(self.stack),
                                min_run=min_run)  # fmt: skip

    def after(self, chosen: tuple[int, int]) -> Position:
        """The position once this set is taken."""
        mask, run = chosen
        stack = self.stack[: len(self.stack) - run]
        return Position(self.layout, self.values, self.present & ~mask, stack, self.level)

    def layout_cards(self, mask: int | None = None) -> list[int]:
        mask = self.present if mask is None else mask
        return [self.values[p] for p in _bits(mask)]

    def refs(self, chosen: tuple[int, int]) -> list[str]:
        """The cards of a set in an order that may be chosen: cards lying on top first."""
        mask, run = chosen
        refs = [f"f{p}" for p in self.layout.order if mask >> p & 1]
        return refs + [f"s{depth}" for depth in range(run)]


class _SetPlayer(Bot):
    """Takes a chosen set in one move, naming its cards (as the board does, issue 30);
    subclasses choose the set (or None: turn a card)."""

    def choose_move(self, view: View, legal_moves: list[Move], rng: random.Random) -> Move:
        """Take the set it chose, else turn over a card (else give up: nothing is left)."""
        position = Position.of(view)
        can_turn = Turn() in legal_moves
        target = self.pick(position, _taken(view), can_turn)
        if target is not None:
            return Collect(tuple(position.refs(target)))
        return Turn() if can_turn else Resign()

    @abstractmethod
    def pick(self, position: Position, taken: tuple, can_turn: bool):
        """The set to take, or None to turn a card (each strength decides)."""


class EasyBot(_SetPlayer):
    """Takes the first set it sees; turns a card when it sees none."""

    strength = "easy"
    label = "Easy — takes any set it sees"

    def pick(self, position: Position, taken: tuple, can_turn: bool):
        """The first set found."""
        sets = position.sets()
        return sets[0] if sets else None


class FairBot(_SetPlayer):
    """Plays by the booklet's Strategy, seeing only what a player sees.

    It keeps track of how likely each layout card is to be stuck: hard cards (big primes,
    big factors, many factors, big numbers) count more, and a card's chances are the sets it
    can still make, with the layout's own cards counted as sure and unseen cards by how likely
    they are to come up. A set is worth the risk it removes (clearing hard cards) less the risk
    it adds (using up small primes and other helpers that harder cards need), plus the cards
    it uncovers. Sets using face-up stack cards are taken now or never (the next card buries
    them); a set of layout cards alone never runs away, so it waits until it frees a card that
    makes a set with the stack, or until the draw pile is empty. Then everything is in sight
    and it looks for a way to clear the layout.
    """

    strength = "medium"
    label = "Medium — plays like a careful player"

    def pick(self, position: Position, taken: tuple, can_turn: bool):
        """The set worth most, or None (turn a card) when none is worth taking."""
        return _fair_pick(position, taken, can_turn)


@lru_cache(maxsize=256)  # the strong bot asks it too, about the same position
def _fair_pick(position: Position, taken: tuple, can_turn: bool):
    sets = position.sets()
    if not sets:
        return None
    judge = _Judge(position, taken)
    if not can_turn:
        return _endgame(position) or max(sets, key=judge.score)
    options = [(judge.score(s), s) for s in sets if s[1]]
    for chosen in sets:
        if chosen[1]:
            continue
        freed = _freed_mask(position, chosen[0])
        follow = [s for s in position.after(chosen).sets(min_run=1) if s[0] & freed]
        if follow:
            best = max(judge.score(s, first=chosen) for s in follow)
            options.append((judge.score(chosen) + best, chosen))
    if not options:
        return None
    best_score, best = max(options, key=lambda option: option[0])
    return best if best_score > TAKE_COST else None


class _Judge:
    """Scores sets by the risk they take off the layout (see FairBot)."""

    def __init__(self, position: Position, taken: tuple):
        self.position = position
        self.partners = partner_sets(position.level)
        layout = Counter(position.layout_cards())
        unseen = Counter(number_cards(position.level))
        unseen.subtract(taken)
        unseen.subtract(layout)  # left: the face-up stack and the cards not yet turned
        self.layout, self.unseen = dict(layout), dict(unseen)
        self.risk = self.risk_of(self.layout, self.unseen)
        self.gains: dict[tuple, float] = {}

    def score(self, chosen: tuple[int, int], first: tuple[int, int] | None = None) -> float:
        """Risk taken off, plus the cards uncovered (after `first`, if given)."""
        position = self.position if first is None else self.position.after(first)
        mask, run = chosen
        gone = self.position.layout_cards(self.position.present & ~position.present | mask)
        used = position.stack[len(position.stack) - run :]
        key = (tuple(sorted(gone)), tuple(sorted(used)))
        gain = self.gains.get(key)
        if gain is None:  # sets of the same cards in other places take off the same risk
            layout, unseen = dict(self.layout), dict(self.unseen)
            for card in gone:
                layout[card] -= 1
            for card in used:
                unseen[card] -= 1
            gain = self.gains[key] = self.risk - self.risk_of(layout, unseen)
        return gain + UNCOVER_WEIGHT * _freed(position, mask)

    def risk_of(self, layout: dict[int, int], unseen: dict[int, int]) -> float:
        """How likely the layout cards are to be stuck."""
        total = max(1, sum(unseen.values()))
        risk = 0.0
        for card, count in layout.items():
            if count <= 0:
                continue
            chances = 0.0
            for need in self.partners.get(card, ())[:SETS_LOOKED_AT]:
                chance = 1.0
                for value, wanted in need:
                    missing = wanted - layout.get(value, 0)
                    if missing > 0:
                        have = unseen.get(value, 0)
                        if have < missing:
                            chance = 0.0
                            break
                        chance *= (have / total) ** missing * RUN_CHANCE
                chances += chance
            risk += count * difficulty(card) / (chances + NO_CHANCE)
        return risk


def _freed(position: Position, mask: int) -> int:
    """How many layout cards this set uncovers."""
    return _freed_mask(position, mask).bit_count()


def _freed_mask(position: Position, mask: int) -> int:
    """The layout cards this set uncovers."""
    covered_by = position.layout.covered_by
    rest = position.present & ~mask
    return sum(
        1 << p for p in _bits(rest) if covered_by[p] & position.present and not covered_by[p] & rest
    )


def _solver_state(position: Position, order: list[int] | tuple[int, ...] = ()) -> dict:
    """The position as the solver reads a game, with `order` as the draw pile (next first)."""
    layout = position.layout
    extra = layout.rows - (PYRAMID_ROWS if layout.shape == "pyramid" else row_count(position.level))
    return {
        "settings": {"level": position.level, "layout": layout.shape, "extra_rows": extra},
        "foundation": [v if position.present >> p & 1 else None for p, v in
                       enumerate(position.values)],
        "stack": list(position.stack),
        "draw": list(reversed(order)),
        "selection": [],
    }  # fmt: skip


def _endgame(position: Position, budget: int = ENDGAME_NODES) -> tuple[int, int] | None:
    """With the draw pile empty every card is in sight: the first set of a way to clear the
    layout, if the solver finds one within its budget."""
    from .solver import WIN, solve  # the solver's search is loaded only when needed

    solution = solve(_solver_state(position), max_nodes=budget)
    if solution.status == WIN and solution.line:
        _, mask, run = solution.line[0]
        return mask, run
    return None


def _taken(view: View) -> tuple[int, ...]:
    """The cards of the sets taken so far (the player saw each one)."""
    return tuple(sorted(card for group in view["taken"] for card in group))


def _bits(mask: int) -> list[int]:
    return [p for p in range(mask.bit_length()) if mask >> p & 1]


class StrongBot(_SetPlayer):
    """Thinks ahead without peeking: it imagines orders the face-down cards could come in
    (any order of the cards it has not seen) and, for each, asks the solver whether the layout
    could still be cleared after each move it could make now: take one of the sets in sight,
    or turn over a card. It keeps the medium bot's careful choice unless another move wins in
    more of those orders, by MARGIN (see there).
    """

    strength = "strong"
    label = "Strong — thinks ahead about the cards still to come"

    def pick(self, position: Position, taken: tuple, can_turn: bool):
        """The set that wins most often in the imagined orders, or None to turn a card."""
        return _strong_pick(position, taken, can_turn)


STRONG_NODES = 400  # positions the solver may look at per move and order
# How long the strong bot thinks: at most this many imagined orders of the face-down cards; the
# careful choice winning this many orders in a row is taken at once; positions per decision in
# all. At levels 1-2 the solver decides an order fast, and games are lost by small edges late
# on (level 1 seed 20: with 9 cards face down, turning a card wins 93 % of orders, the careful
# set 89 %; 16 orders rarely tell). Measured on seeds 0-99: 16 orders won 95 (level 1) and 89
# (level 2), 48 orders 97 and 96, at about three times the thinking.
THINKING = {1: (48, 12, 60_000), 2: (48, 12, 60_000)}
DEFAULT_THINKING = (16, 6, 20_000)  # levels 3-6: most orders are undecided there anyway
# Another move must win in this many more orders than the careful choice. At levels 1-2 the
# solver decides nearly every imagined order (about 92 %), so one order is a real edge; at
# levels 3-6 most are undecided or won only with hindsight, and one order is noise. Measured on
# seeds 0-199: with 1, level 2 won 89.0 % and level 4 44.5 % (medium: 78.0 %, 47.5 %); with 2,
# level 2 won 85.5 %, and level 4 67 of seeds 0-99 (medium: 59).
MARGIN = {1: 1.0, 2: 1.0}
HIGHER_MARGIN = 2.0
_SCORE = {"win": 1.0, "no_win": 0.0, "unknown": 0.5}


@lru_cache(maxsize=256)  # the strong bot asks it too, about the same position
def _strong_pick(position: Position, taken: tuple, can_turn: bool):
    from .solver import Lookahead  # the solver's search is loaded only when needed

    sets = position.sets()
    careful = _fair_pick(position, taken, can_turn)
    if not sets or not can_turn:
        return careful
    # A set of layout cards alone that frees no card can always wait (see the solver).
    moves = {s for s in sets if s[1] or _freed_mask(position, s[0])} | {careful, None}
    if len(moves) == 1:
        return careful
    unseen = Counter(number_cards(position.level))
    unseen.subtract(taken)
    unseen.subtract(position.layout_cards())
    unseen.subtract(position.stack)
    cards = sorted(unseen.elements())
    rng = random.Random(hash((position.values, position.present, position.stack, taken)))
    margin = MARGIN.get(position.level, HIGHER_MARGIN)
    samples, sure, most = THINKING.get(position.level, DEFAULT_THINKING)
    alive = sorted(moves, key=lambda move: (move != careful, move or (0, 0)))
    wins = dict.fromkeys(alive, 0.0)
    known_sets: dict = {}
    nodes = 0
    for sample in range(1, samples + 1):
        if nodes >= most:
            break
        rng.shuffle(cards)
        look = Lookahead(_solver_state(position, cards), known_sets)
        for move in alive:
            wins[move] += _SCORE[look.after(*(move or (0, 0)), STRONG_NODES)]
        nodes += look.search.nodes
        if sample == sure and wins[careful] == sample:
            return careful
        # Moves race: one that can no longer beat the careful choice drops out.
        left = samples - sample
        alive = [m for m in alive if m == careful or wins[m] + left >= wins[careful] + margin]
        if len(alive) == 1:
            break
    best = max(alive, key=lambda move: (wins[move], move == careful))
    return best if wins[best] >= wins[careful] + margin else careful


BOTS: dict[str, Bot] = {"easy": EasyBot(), "medium": FairBot(), "strong": StrongBot()}
