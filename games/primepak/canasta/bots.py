"""Computer players for Prime Canasta. They read only their own view (their hand, the tables,
the discard pile, hand sizes, scores) and never a hidden card: the draw pile and the other
hands (a partner's too) stay unseen.

Both build their moves from the view with the move classes of moves.py. Several of those
are forms the platform does not list (a first laydown of chosen sets, a pick-up of chosen pile
cards, a going out with chosen sets and additions): the engine accepts every choice of cards
that keeps the rules, and these bots only make choices that do (tests/games/primepak/
canasta/test_bots.py plays many seeded games to check it).

- easy: plays like a child: draws two, lays down the sets it spots at a glance (three cards,
  one multiplication, a prime card at most once, or primes in a row) when they reach the
  minimum, adds single cards that fit its side's sets, discards its highest loose card, and
  goes out when the platform shows it a way. It takes the discard pile only in the simplest
  case: the top card with two number cards from the hand.
- strong: plans its hand with the meld layer for points and canasta bonuses, not for the
  fewest leftover cards (possible_melds, then an exact search over them; the meld layer's
  going_out for the last step). It lays canastas down at once but keeps a reserve of cards
  for building canastas and taking the pile, laying its small sets down only when the round
  may end soon (an opponent with few cards, few cards left to draw): in the bench, holding
  beat laying down early, head to head. It keeps prime cards (wilds) for canastas; takes the
  discard pile when it pays, picking the pile cards that make sets with its hand at once;
  grows its side's sets (its partner's too, and the side's first laydown counts for both);
  discards what helps it least and the next opponent least (never a card that fits the
  opponents' sets when the pile is open to them), and freezes a rich pile with a prime card
  when every other discard is risky; goes out as soon as its side has the canastas, asking
  its partner first when the partner may still hold many cards; and answers its partner's
  question from its own hand and the scores.

Between rounds both return None: a person deals, or the clock does.
"""

from __future__ import annotations

import random
from abc import abstractmethod
from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass
from functools import cache, lru_cache
from math import prod

from games.engine.protocol import Bot, Move, View

from ..cards import LEVEL_PRIMES, WILD, Card, is_prime, is_wild, level_counts, sort_key
from ..factorsets import MAX_WILDS
from ..meld import PRIME_RUN, Meld, check_meld, going_out, possible_melds
from . import state as cs
from .moves import AddToSet, Answer, Ask, Discard, DrawTwo, GoOut, LayDown, TakePile

PLAYING = (cs.DRAW, cs.PLAY)

# The strong bot's sense of worth, in card points. A card laid down counts for its side and no
# longer against it (twice its points); a wild kept for a canasta is worth more than its 50
# points in a small set.
WILD_IN_SMALL_SET = 80  # what using a prime card outside a canasta costs
DRAW_TWO_WORTH = 15  # what two unseen cards from the draw pile are worth, about
FREEZE_PILE = 6  # a pile this deep, open to the next opponent, is worth a prime card to freeze
RESERVE_CARDS = 16  # small sets are laid down while this many cards stay in hand
HURRY_HAND = 4  # an opponent with this few cards may go out soon: lay everything down
HURRY_DRAW = 12  # so few cards left to draw: the round ends soon
FREEZE_RISK = 0.45  # freeze when the safest other discard is about this risky
ASK_PARTNER_CARDS = 5  # ask "May I go out?" when the partner may still hold this many cards
ANSWER_NO_POINTS = 120  # answer "no" when the hand could still lay down this many points
PLAN_BUDGET = 6_000  # states of the exact hand plan before it falls back to a greedy plan
GOING_OUT_CARDS = 18  # the meld layer's exact going out is asked for hands up to this size
TAKE_WAYS = 3  # ways to take the pile worked out in full (the most valuable by their set)
PICK_CANDIDATES = 10  # pile cards tried in the plan with the hand


# --- what a bot reads from its view ---------------------------------------------------------------
@dataclass
class Table:
    """The bot's view in the shape its choices need. Positions are the hand's order in the
    state (the view shows the hand sorted, each card with its position)."""

    view: View
    level: int
    me: int
    players: int
    side: int
    partner: int | None
    hand: list[Card]
    sets: list[list[Card]]  # the side's sets on the table
    laid_down: bool
    minimum: int
    needed: int
    pile: list[Card]

    @classmethod
    def of(cls, view: View) -> Table:
        hand: list[Card] = [WILD] * len(view["hand"])
        for entry in view["hand"]:
            hand[entry["pos"]] = entry["card"]
        side = view["my_side"]
        sets = [[c["card"] for c in s["cards"]] for s in view["sides"][side]["sets"]]
        laydown = view["laydown"]
        return cls(view, view["level"], view["me"], view["players"], side, view["partner"],
                   hand, sets, laydown["laid_down"], laydown["minimum"],
                   laydown["canastas_needed"], [c["card"] for c in view["discard"]])  # fmt: skip

    def side_of(self, seat: int) -> int:
        return seat % 2 if self.view["partnerships"] else seat

    @property
    def next_seat(self) -> int:
        return (self.me + 1) % self.players

    def side_sets(self, side: int) -> list[list[Card]]:
        return [[c["card"] for c in s["cards"]] for s in self.view["sides"][side]["sets"]]

    @property
    def pile_has_wild(self) -> bool:
        return any(is_wild(c) for c in self.pile)

    @property
    def frozen_for_me(self) -> bool:
        return self.pile_has_wild or not self.laid_down

    def opponents(self) -> list[int]:
        return [s for s in range(self.players) if self.side_of(s) != self.side]

    def score_lead(self) -> int:
        """The side's score minus the best other side's score."""
        scores = self.view["scores"]
        others = [s for i, s in enumerate(scores) if i != self.side]
        return scores[self.side] - max(others, default=0)


def positions_of(hand: list[Card], cards: Iterable[Card], used: set[int]) -> tuple[int, ...]:
    """Hand positions holding these cards, none of them in `used` (which grows); the caller
    knows the hand holds them."""
    found = []
    for card in cards:
        pos = next(p for p, c in enumerate(hand) if c == card and p not in used)
        used.add(pos)
        found.append(pos)
    return tuple(found)


def meld_of(cards: list[Card], level: int) -> Meld | None:
    return check_meld(cards, level, prime_runs=True).meld


def set_bonus(cards: list[Card], level: int) -> int:
    meld = meld_of(cards, level)
    return cs.canasta_bonus(meld) if meld is not None else 0


def is_canasta(cards: list[Card], level: int) -> bool:
    meld = meld_of(cards, level)
    return meld is not None and meld.is_canasta


# --- planning a hand ----------------------------------------------------------------------------
def meld_worth(meld: Meld, wild_cost: int) -> int:
    """What laying this meld down is worth: its cards count for the side instead of against
    it, plus its canasta bonus; a prime card spent outside a canasta costs `wild_cost`."""
    worth = 2 * cs.cards_points(meld.cards) + cs.canasta_bonus(meld)
    if not meld.is_canasta:
        worth -= wild_cost * meld.wilds
    return worth


class _TooBig(Exception):
    """The exact plan would take too long: the greedy plan is used instead."""


def plan_melds(cards: list[Card], level: int, wild_cost: int = WILD_IN_SMALL_SET) -> list[Meld]:
    """The new sets worth the most to lay down from these cards (canasta bonuses included).
    A decision asks for the same plan several times (going out, laying down): it is kept."""
    return list(_plan(tuple(sorted(cards, key=sort_key)), level, wild_cost))


@lru_cache(maxsize=512)
def _plan(cards: tuple[Card, ...], level: int, wild_cost: int) -> tuple[Meld, ...]:
    """The plan found exactly: each state of the cards left either keeps its smallest card in
    the hand or lays it down in one of the melds that hold it. A huge hand (many equal small
    cards and prime cards) falls back to a greedy plan."""
    melds = possible_melds(cards, level, prime_runs=True)
    choices = [(meld_worth(m, wild_cost), m) for m in melds]
    choices = [(w, m) for w, m in choices if w > 0]
    if not choices:
        return []
    types = sorted(set(cards), key=sort_key)
    index = {t: i for i, t in enumerate(types)}
    have = Counter(cards)
    by_first: list[list[tuple[int, tuple[tuple[int, int], ...], Meld]]] = [[] for _ in types]
    for worth, meld in choices:
        parts = tuple((index[c], n) for c, n in Counter(meld.cards).items())
        by_first[min(i for i, _ in parts)].append((worth, parts, meld))
    memo: dict[tuple[int, ...], tuple[int, tuple | None]] = {}

    def solve(state: tuple[int, ...]) -> int:
        found = memo.get(state)
        if found is not None:
            return found[0]
        if len(memo) > PLAN_BUDGET:
            raise _TooBig
        first = next((i for i, n in enumerate(state) if n), None)
        if first is None:
            return 0
        left = list(state)
        left[first] -= 1
        best, choice = solve(tuple(left)), None
        for worth, parts, meld in by_first[first]:
            left = list(state)
            if any(left[i] < n for i, n in parts):
                continue
            for i, n in parts:
                left[i] -= n
            total = worth + solve(tuple(left))
            if total > best:
                best, choice = total, (parts, meld)
        memo[state] = (best, choice)
        return best

    start = tuple(have[t] for t in types)
    try:
        solve(start)
    except _TooBig:
        return tuple(_greedy_plan(list(cards), choices))
    plan, state = [], start
    while any(state):
        _, choice = memo[state]
        left = list(state)
        if choice is None:
            left[next(i for i, n in enumerate(state) if n)] -= 1
        else:
            parts, meld = choice
            for i, n in parts:
                left[i] -= n
            plan.append(meld)
        state = tuple(left)
    return tuple(plan)


def stuck_cards(hand: list[Card], sets: list[list[Card]], level: int) -> list[Card]:
    """The cards of the hand that fit in no set the hand can make and no set of the side can
    take: a hand with two of them cannot go out."""
    in_melds = {c for m in possible_melds(hand, level, prime_runs=True) for c in m.cards}
    loose = [c for c in hand if c not in in_melds]
    if len(loose) <= 1:
        return loose
    pool = Counter(hand)
    takes = {c for laid in sets for added in growths(laid, pool, level) for c in added}
    return [c for c in loose if c not in takes]


def _greedy_plan(cards: list[Card], choices: list[tuple[int, Meld]]) -> list[Meld]:
    """The most valuable melds first, each while its cards are still free."""
    free = Counter(cards)
    plan = []
    for _, meld in sorted(choices, key=lambda c: (-c[0], c[1].group_key)):
        need = Counter(meld.cards)
        if all(free[c] >= n for c, n in need.items()):
            free -= need
            plan.append(meld)
    return plan


def without(cards: list[Card], taken: Iterable[Card]) -> list[Card]:
    """The cards left once `taken` (a multiset the cards hold) is removed."""
    left = Counter(cards)
    left.subtract(Counter(taken))
    return sorted(left.elements(), key=sort_key)


def _factorings(rest: int, pool: Counter, level: int) -> list[tuple[list[Card], tuple[int, ...]]]:
    """Ways to make `rest` from number cards of `pool` and primes of the level (for prime
    cards): each as (the number cards, the primes still needed), at most three primes."""
    primes = set(LEVEL_PRIMES[level])
    options = sorted(v for v in pool if not is_wild(v) and pool[v] > 0 and rest % v == 0)
    found: list[tuple[list[Card], tuple[int, ...]]] = []

    def walk(left: int, start: int, picked: list[Card]) -> None:
        need = _prime_factors(left) if left > 1 else ()
        if len(need) <= MAX_WILDS and all(p in primes for p in need):
            found.append((picked, need))
        for i in range(start, len(options)):
            value = options[i]
            if left % value or picked.count(value) >= pool[value]:
                continue
            walk(left // value, i, [*picked, value])

    walk(rest, 0, [])
    return found


@cache
def _prime_factors(n: int) -> tuple[int, ...]:
    found, d = [], 2
    while d * d <= n:
        while n % d == 0:
            found.append(d)
            n //= d
        d += 1
    if n > 1:
        found.append(n)
    return tuple(found)


def growths(cards: list[Card], pool: Counter, level: int) -> list[list[Card]]:
    """Cards of `pool` that a set on the table can take, each way at most a few cards.

    A factor set grows only with a new answer: its old answer becomes a multiplier, so the new
    answer is the old one squared times what else is added (8 = 2 × 2 × 2 takes 64). A prime
    canasta takes the next primes in a row, or prime cards (at most three in all)."""
    meld = meld_of(cards, level)
    if meld is None:
        return []
    found: list[list[Card]] = []
    room = MAX_WILDS - meld.wilds
    if meld.kind == PRIME_RUN:
        run = set(meld.naturals)
        for card in sorted({c for c in pool if pool[c] > 0}, key=sort_key):
            if is_wild(card) and room <= 0:
                continue
            if not is_wild(card) and (card in run or not is_prime(card)):
                continue
            if meld_of([*cards, card], level) is not None:
                found.append([card])
            elif (not is_wild(card) and room > 0 and pool[WILD]
                  and meld_of([*cards, card, WILD], level) is not None):  # fmt: skip
                found.append([card, WILD])
        return found
    # The new answer is the old answer times every multiplier (the wilds standing for any
    # primes again) times the cards added with it.
    base = meld.answer * prod(meld.multipliers)
    for answer in sorted(c for c in pool if not is_wild(c) and pool[c] > 0 and c > meld.answer
                         and c % base == 0):  # fmt: skip
        rest = Counter(pool)
        rest[answer] -= 1
        for naturals, primes in _factorings(answer // base, rest, level):
            new_wilds = len(primes) - meld.wilds
            if not 0 <= new_wilds <= min(room, rest[WILD]):
                continue
            added = [answer, *naturals, *[WILD] * new_wilds]
            if meld_of([*cards, *added], level) is not None:
                found.append(added)
    return found


def growth_worth(cards: list[Card], added: list[Card], level: int, wild_cost: int) -> int:
    """What adding these cards to a set on the table is worth (points and bonus gained)."""
    after = [*cards, *added]
    worth = 2 * cs.cards_points(added) + set_bonus(after, level) - set_bonus(cards, level)
    if not is_canasta(after, level):
        worth -= wild_cost * sum(is_wild(c) for c in added)
    return worth


def plan_adds(sets: list[list[Card]], cards: list[Card], level: int, wild_cost: int,
              keep: int = 0, gainful: bool = True) -> list[tuple[int, list[Card]]]:  # fmt: skip
    """Additions to the side's sets, the most valuable first, while `keep` cards stay in the
    hand; with `gainful`, only additions worth something (to go out, any that fits)."""
    table = [list(s) for s in sets]
    pool = Counter(cards)
    adds: list[tuple[int, list[Card]]] = []
    for _ in range(12):
        best = None
        for index, laid in enumerate(table):
            for added in growths(laid, pool, level):
                if sum(pool.values()) - len(added) < keep:
                    continue
                worth = growth_worth(laid, added, level, wild_cost)
                if gainful and worth <= 0:
                    continue
                if best is None or worth > best[0]:
                    best = (worth, index, added)
        if best is None:
            break
        _, index, added = best
        table[index] += added
        pool.subtract(Counter(added))
        adds.append((index, added))
    return adds


# --- how flexible a card is -----------------------------------------------------------------------
@cache
def flexibility(level: int) -> dict[Card, float]:
    """How easily each card of the level's deck makes a three-card factor set with two other
    cards (as answer or multiplier), scaled so the most flexible is 1. A card that fits many
    sets is useful to keep and dangerous to discard."""
    deck = level_counts(level)
    values = sorted(deck)
    count: dict[Card, float] = {}
    for v in values:
        ways = 0
        for a in values:
            if a >= v:
                break
            if v % a == 0 and (b := v // a) >= a and b in deck and (b != a or deck[a] > 1):
                ways += deck[a] * deck[b]  # v = a × b
        for a in values:
            if a * v in deck:
                ways += deck[a] * deck[a * v]  # a × v = a·v
        count[v] = ways
    top = max(count.values()) or 1
    found = {v: n / top for v, n in count.items()}
    found[WILD] = 1.0
    return found


def related(card: Card, others: list[Card], level: int) -> float:
    """How much this card works with the others in the hand: each card it divides or that
    divides it, and (levels 4 and up) each other prime toward a run of primes."""
    if is_wild(card):
        return 3.0
    found = 0.0
    primes_in_hand = {c for c in others if not is_wild(c) and is_prime(c)}
    for other in others:
        if is_wild(other):
            found += 0.3
        elif other != card and (other % card == 0 or card % other == 0):
            found += 1.0
        elif other == card and is_prime(card):
            found += 0.5  # 3 and 3 make 9 with a 9
    if level >= 4 and is_prime(card) and card not in primes_in_hand and len(primes_in_hand) >= 3:
        found += 0.4 * len(primes_in_hand)
    return found


# --- the bots ------------------------------------------------------------------------------------
class CanastaBot(Bot):
    """What both bots share: reading the view, waiting between rounds and out of turn."""

    def choose_move(self, view: View, legal_moves: list[Move], rng: random.Random) -> Move | None:
        """Between rounds and out of turn: nothing. Asked by the partner: the answer. On its
        turn: draw (two, or the discard pile), then go out, lay down, add, or discard."""
        if view["phase"] not in PLAYING or view["hand"] is None:
            return None
        asked = view["asked"]
        if asked is not None and asked["answer"] is None:
            if view["partner"] == asked["seat"] and Answer(True) in legal_moves:
                return Answer(self.answer(Table.of(view)))
            return None
        if view["turn"] != view["me"]:
            return None
        table = Table.of(view)
        if view["phase"] == cs.DRAW:
            return self.draw(table, legal_moves)
        return self.play(table, legal_moves)

    @abstractmethod
    def answer(self, table: Table) -> bool:
        """Whether the partner may go out now."""

    @abstractmethod
    def draw(self, table: Table, legal: list[Move]) -> Move:
        """The move that starts the turn: draw two, or take the discard pile."""

    @abstractmethod
    def play(self, table: Table, legal: list[Move]) -> Move:
        """A move after drawing: lay down, add, go out, ask, or discard."""


# --- easy -----------------------------------------------------------------------------------------
def obvious_melds(cards: list[Card], level: int) -> list[Meld]:
    """The sets a child spots: three cards, one multiplication, a prime card at most once; and
    primes in a row with no prime card."""
    return [
        m
        for m in possible_melds(cards, level, prime_runs=True)
        if (m.kind != PRIME_RUN and m.size == 3 and m.wilds <= 1)
        or (m.kind == PRIME_RUN and m.wilds == 0)
    ]


def obvious_plan(cards: list[Card], level: int) -> list[Meld]:
    """The obvious sets taken greedily, the first found first (runs of primes first: they
    catch the eye)."""
    free = Counter(cards)
    plan = []
    for meld in sorted(obvious_melds(cards, level), key=lambda m: m.kind != PRIME_RUN):
        need = Counter(meld.cards)
        if all(free[c] >= n for c, n in need.items()):
            free -= need
            plan.append(meld)
    return plan


class EasyBot(CanastaBot):
    """A child: the sets seen at a glance, the highest loose card goes."""

    strength = "easy"
    label = "Easy"

    def answer(self, table: Table) -> bool:
        return True  # a child lets the partner go out

    def draw(self, table: Table, legal: list[Move]) -> Move:
        """The pile only when its top card and two number cards of the hand make a set."""
        for move in legal:
            simple = isinstance(move, TakePile) and move.to_set is None
            if (
                simple
                and len(move.with_cards) == 2
                and not any(is_wild(table.hand[p]) for p in move.with_cards)
            ):
                return move
        return DrawTwo()

    def play(self, table: Table, legal: list[Move]) -> Move:
        """Go out if shown how; lay down the obvious sets (reaching the minimum); add a card
        that fits; discard the highest loose card."""
        out = next((m for m in legal if isinstance(m, GoOut)), None)
        if out is not None:
            return out
        hand, level = table.hand, table.level
        plan = obvious_plan(hand, level)
        while plan and len(hand) - sum(m.size for m in plan) < 2:
            plan.pop()
        worth = sum(cs.cards_points(m.cards) for m in plan)
        if plan and (table.laid_down or worth >= table.minimum):
            used: set[int] = set()
            return LayDown(tuple(positions_of(hand, m.cards, used) for m in plan))
        if len(hand) > 2:
            for move in legal:
                if isinstance(move, AddToSet) and not is_wild(hand[move.cards[0]]):
                    return move
        loose = without(hand, [c for m in obvious_plan(hand, level) for c in m.cards])
        pool = [c for c in loose if not is_wild(c)] or loose or hand
        card = max(pool, key=lambda c: (cs.card_points(c), sort_key(c)))
        return Discard(hand.index(card))


# --- strong ---------------------------------------------------------------------------------------
@dataclass(frozen=True)
class Take:
    """A way to take the discard pile and what it is worth."""

    worth: float
    move: TakePile


class StrongBot(CanastaBot):
    """Plans for points and canastas with the meld layer, reads the piles and the tables."""

    strength = "strong"
    label = "Strong"

    # --- drawing ---------------------------------------------------------------------------------
    def draw(self, table: Table, legal: list[Move]) -> Move:
        """Take the discard pile when what it gives is worth more than two unseen cards."""
        take = self.best_take(table)
        if take is not None and take.worth > DRAW_TWO_WORTH:
            return take.move
        return DrawTwo()

    def best_take(self, table: Table) -> Take | None:
        """The most valuable way to take the pile: the top card in a new set or on a set of the
        side; only the few most valuable ways are worked out in full (with their picks)."""
        pile, hand, level = table.pile, table.hand, table.level
        if len(pile) < cs.MIN_PILE or is_wild(pile[-1]):
            return None
        top = pile[-1]
        ways: list[tuple[int, list[Card], int | None]] = []
        for meld in possible_melds([*hand, top], level, prime_runs=True):
            if top not in meld.cards:
                continue
            rest = list(meld.cards)
            rest.remove(top)
            if not Counter(rest) <= Counter(hand):
                continue
            if table.frozen_for_me and any(is_wild(c) for c in rest):
                continue
            ways.append((meld_worth(meld, WILD_IN_SMALL_SET), rest, None))
        if not table.frozen_for_me:  # the top card on a set of the side: an open pile only
            for index, laid in enumerate(table.sets):
                for added in growths(laid, Counter([*hand, top]), level):
                    if top in added:
                        rest = list(added)
                        rest.remove(top)
                        ways.append((growth_worth(laid, added, level, WILD_IN_SMALL_SET), rest,
                                     index))  # fmt: skip
        ways.sort(key=lambda w: -w[0])
        best: Take | None = None
        for worth, rest, index in ways[:TAKE_WAYS]:
            take = self._take_move(table, rest, index, worth)
            if take is not None and (best is None or take.worth > best.worth):
                best = take
        return best

    def _take_move(self, table: Table, with_cards: list[Card], to_set: int | None,
                   worth: float) -> Take | None:  # fmt: skip
        """The whole take: the cards of the hand with the top card, the pile cards picked, and
        (a first laydown) the sets from the hand that make up the minimum."""
        hand, level = table.hand, table.level
        used: set[int] = set()
        with_pos = positions_of(hand, with_cards, used)
        rest = without(hand, with_cards)
        sets: tuple[tuple[int, ...], ...] = ()
        if not table.laid_down:
            counted = cs.cards_points([c for c in with_cards if not is_wild(c)])
            if counted < table.minimum:
                more = plan_melds(rest, level, wild_cost=0)
                counted += sum(cs.cards_points(m.cards) for m in more)
                if counted < table.minimum:
                    return None
                sets = tuple(positions_of(hand, m.cards, used) for m in more)
                rest = without(rest, [c for m in more for c in m.cards])
                worth += sum(meld_worth(m, 0) for m in more)
        pick, pick_worth = self.picks(table, rest)
        if len(rest) + len(pick) < 2:
            return None
        return Take(worth + pick_worth, TakePile(with_pos, to_set, pick, sets))

    def picks(self, table: Table, rest: list[Card]) -> tuple[tuple[int, ...], float]:
        """The pile cards to take below the top (at least two): prime cards, cards that fit
        the side's sets, and cards that make sets with the hand at once (the plan with them is
        worth more); then the cheapest cards to make up two. Cards that would only wait in the
        hand stay in the pile."""
        pile, level = table.pile[:-1], table.level
        chosen: dict[int, float] = {}
        candidates: list[tuple[float, int]] = []
        for place, card in enumerate(pile):
            if is_wild(card):
                chosen[place] = 60.0
            elif any(meld_of([*laid, card], level) for laid in table.sets):
                chosen[place] = 2.0 * cs.card_points(card)
            else:
                links = related(card, rest, level)
                if links >= 1:
                    candidates.append((links, place))
        candidates.sort(key=lambda c: (-c[0], c[1]))
        candidates = candidates[:PICK_CANDIDATES]
        if candidates:
            before = plan_melds(rest, level)
            after = plan_melds([*rest, *(pile[p] for _, p in candidates)], level)
            gain = sum(meld_worth(m, WILD_IN_SMALL_SET) for m in after) - sum(
                meld_worth(m, WILD_IN_SMALL_SET) for m in before
            )
            needed = Counter(c for m in after for c in m.cards)
            needed.subtract(Counter(rest))
            wanted = []
            for _, place in candidates:
                if needed[pile[place]] > 0:
                    needed[pile[place]] -= 1
                    wanted.append(place)
            for place in wanted:
                chosen[place] = gain / len(wanted)
        if len(chosen) < cs.MIN_PICK:
            cheap = sorted((cs.card_points(c), -flexibility(level).get(c, 0), p)
                           for p, c in enumerate(pile) if p not in chosen)  # fmt: skip
            for points, _, place in cheap[: cs.MIN_PICK - len(chosen)]:
                chosen[place] = -float(points)
        return tuple(sorted(chosen)), sum(chosen.values())

    # --- playing ---------------------------------------------------------------------------------
    def play(self, table: Table, legal: list[Move]) -> Move:
        """Go out when the side can (asking the partner first when sensible), else lay down
        and add what is worth it, then discard."""
        asked = table.view["asked"]
        mine = asked if asked is not None and asked["seat"] == table.me else None
        if mine is None or mine["answer"] is not False:
            out = self.going_out(table, legal)
            if out is not None:
                if mine is None and table.partner is not None and self.should_ask(table):
                    return Ask()
                return out
        lay = self.lay(table)
        if lay is not None:
            return lay
        return self.discard(table)

    def should_ask(self, table: Table) -> bool:
        """Ask when the partner may still hold cards worth laying down (they count against the
        side if the round ends now)."""
        return table.view["hand_sizes"][table.partner] >= ASK_PARTNER_CARDS

    def going_out(self, table: Table, legal: list[Move]) -> Move | None:
        """A way to lay every card down but one discard, with the canastas the side needs: the
        most valuable plan, else any that covers the hand, else one the platform lists."""
        hand, level = table.hand, table.level
        listed = next((m for m in legal if isinstance(m, GoOut)), None)
        if len(stuck_cards(hand, table.sets, level)) > 1:
            return listed  # two cards fit nowhere: no way out (the list is checked all the same)
        for wild_cost, gainful in ((WILD_IN_SMALL_SET, True), (0, False)):
            move = self._out_with_plan(table, plan_melds(hand, level, wild_cost), gainful)
            if move is not None:
                return move
        way = going_out(hand, level, prime_runs=True) if len(hand) <= GOING_OUT_CARDS else None
        if way is not None:
            melds = list(way.arrangement.melds)
            move = self._out_move(table, melds, [], way.discard)
            if move is not None:
                return move
        return listed

    def _out_with_plan(self, table: Table, melds: list[Meld], gainful: bool) -> Move | None:
        rest = without(table.hand, [c for m in melds for c in m.cards])
        adds = plan_adds(table.sets, rest, table.level, 0, keep=0, gainful=gainful)
        rest = without(rest, [c for _, added in adds for c in added])
        if len(rest) > 1:
            return None
        return self._out_move(table, melds, adds, rest[0] if rest else None)

    def _out_move(self, table: Table, melds: list[Meld], adds: list[tuple[int, list[Card]]],
                  discard: Card | None) -> Move | None:  # fmt: skip
        """The GoOut move if it keeps the rules the engine checks (minimum, canastas)."""
        level = table.level
        if not table.laid_down and not melds:
            return None
        if not table.laid_down and sum(cs.cards_points(m.cards) for m in melds) < table.minimum:
            return None
        grown = [list(s) for s in table.sets]
        for index, added in adds:
            grown[index] += added
        have = sum(is_canasta(s, level) for s in grown) + sum(m.is_canasta for m in melds)
        if have < table.needed:
            return None
        used: set[int] = set()
        sets = tuple(positions_of(table.hand, m.cards, used) for m in melds)
        by_set: dict[int, list[int]] = {}
        for index, added in adds:
            by_set.setdefault(index, []).extend(positions_of(table.hand, added, used))
        thrown = None if discard is None else positions_of(table.hand, [discard], used)[0]
        if len(used) != len(table.hand):
            return None
        return GoOut(sets, tuple((i, tuple(p)) for i, p in sorted(by_set.items())), thrown)

    def lay(self, table: Table) -> Move | None:
        """The sets worth laying down now, all at once: canastas always; smaller sets while a
        reserve of cards stays in hand to build canastas and take the pile with, unless the
        round may end soon (then everything that scores goes down). The first laydown reaches
        the minimum. Else the most valuable addition to the side's sets."""
        hand, level = table.hand, table.level
        plan = plan_melds(hand, level)
        if not table.laid_down and sum(cs.cards_points(m.cards) for m in plan) < table.minimum:
            plan = plan_melds(hand, level, wild_cost=0)
        plan.sort(key=lambda m: (not m.is_canasta, -meld_worth(m, WILD_IN_SMALL_SET) / m.size))
        reserve = 2 if self.hurry(table) else RESERVE_CARDS
        chosen: list[Meld] = []
        left, counted = len(hand), 0
        for meld in plan:
            if left - meld.size < 2:
                continue
            short = not table.laid_down and counted < table.minimum
            if meld.is_canasta or short or left - meld.size >= reserve:
                chosen.append(meld)
                left -= meld.size
                counted += cs.cards_points(meld.cards)
        if chosen and (table.laid_down or counted >= table.minimum):
            used: set[int] = set()
            return LayDown(tuple(positions_of(hand, m.cards, used) for m in chosen))
        if not table.laid_down:
            return None
        adds = plan_adds(table.sets, hand, level, WILD_IN_SMALL_SET, keep=2)
        if adds:
            index, added = adds[0]
            return AddToSet(index, positions_of(hand, added, set()))
        return None

    def hurry(self, table: Table) -> bool:
        """Whether the round may end soon: an opponent with few cards, or few cards to draw."""
        sizes = table.view["hand_sizes"]
        few = min(sizes[s] for s in table.opponents()) <= HURRY_HAND
        return few or table.view["draw_count"] <= HURRY_DRAW

    # --- discarding ------------------------------------------------------------------------------
    def discard(self, table: Table) -> Move:
        """The card that helps the hand least and the next opponent least; a prime card
        instead, to freeze a rich pile, when every other card could let the next opponent take
        it."""
        hand, level = table.hand, table.level
        flex = flexibility(level)
        danger_sets = self.open_sets_of_next(table)
        pile_worth = 10.0 * (len(table.pile) + 1) + 40.0 * sum(is_wild(c) for c in table.pile)
        next_frozen = table.pile_has_wild or not self.next_laid_down(table)
        best: tuple | None = None
        choice, risk = 0, 0.0
        for card in sorted(set(hand), key=sort_key):
            if is_wild(card):
                continue
            others = list(hand)
            others.remove(card)
            keep = 14.0 * related(card, others, level)
            keep += 20.0 if any(meld_of([*laid, card], level) for laid in table.sets) else 0.0
            danger = 0.0
            if len(table.pile) + 1 >= cs.MIN_PILE:
                if any(meld_of([*laid, card], level) for laid in danger_sets):
                    danger = pile_worth
                else:
                    danger = pile_worth * flex.get(card, 0.5) * (0.35 if next_frozen else 0.7)
            score = keep + danger - 0.6 * cs.card_points(card)
            key = (score, -cs.card_points(card), sort_key(card))
            if best is None or key < best:
                best, choice, risk = key, hand.index(card), danger
        if best is None:  # only prime cards left
            return Discard(hand.index(WILD))
        if self.freeze(table) and risk >= FREEZE_RISK * pile_worth:
            return Discard(hand.index(WILD))
        return Discard(choice)

    def next_laid_down(self, table: Table) -> bool:
        return table.view["sides"][table.side_of(table.next_seat)]["laid_down"]

    def open_sets_of_next(self, table: Table) -> list[list[Card]]:
        """The next opponent's side's sets, if the pile would be open for adding to them."""
        nxt = table.side_of(table.next_seat)
        if nxt == table.side or table.pile_has_wild or not self.next_laid_down(table):
            return []
        return table.side_sets(nxt)

    def freeze(self, table: Table) -> bool:
        """A prime card on a rich open pile: the next opponent cannot take it, and the pile
        stays frozen while the prime card is in it."""
        if WILD not in table.hand or table.pile_has_wild or len(table.hand) < 3:
            return False
        if table.side_of(table.next_seat) == table.side or not self.next_laid_down(table):
            return False
        return len(table.pile) + 1 >= FREEZE_PILE

    # --- answering -------------------------------------------------------------------------------
    def answer(self, table: Table) -> bool:
        """Yes when the hand is worth little, or the side is well ahead or about to win; no
        when the hand could still lay down many points (the partner's going out would leave
        them counting against the side) and no opponent looks close to going out."""
        hand, level = table.hand, table.level
        scores = table.view["scores"]
        if scores[table.side] >= table.view["target"] or table.score_lead() >= 1000:
            return True
        plan = plan_melds(hand, level, wild_cost=0)
        if not table.laid_down and sum(cs.cards_points(m.cards) for m in plan) < table.minimum:
            plan = []
        rest = without(hand, [c for m in plan for c in m.cards])
        adds = plan_adds(table.sets, rest, level, 0) if table.laid_down or plan else []
        layable = sum(cs.cards_points(m.cards) + cs.canasta_bonus(m) for m in plan)
        layable += sum(cs.cards_points(a) for _, a in adds)
        sizes = table.view["hand_sizes"]
        close = min(sizes[s] for s in table.opponents()) <= 3
        return layable < ANSWER_NO_POINTS or close


BOTS: dict[str, Bot] = {"easy": EasyBot(), "strong": StrongBot()}
