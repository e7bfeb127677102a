"""Grouping a hand into factor sets: the PrimePak meld layer (Factor Rummy, Prime Canasta).

A *meld* is one group a player lays down: a factor set (the booklet's Terminology; the one
definition lives in `factorsets.check_set`) or, in Prime Canasta only, a consecutive prime
canasta (`prime_runs=True`). Cards are the PrimePak cards of `cards.py`: an int, or WILD.

The API, all pure and deterministic (the hand's order never matters):

- `check_meld(cards, level)` / `meld_of` / `is_factor_set`: is this group a meld, what each
  wild stands for, and if not, why (in words a child can read).
- `possible_melds(hand, level)`: every distinct meld the hand's cards can make.
- `best_arrangement(hand, level)`: the grouping a player would lay down, and
  `best_arrangements(hand, level)`: every distinct grouping with the fewest deadwood cards,
  the one a player would lay down first.
- `discard_options(hand, level)`: for each card, the best grouping of the rest (bots).
- `going_out(hand, level)`: the best way to lay the whole hand down in melds, with or
  without one discard (Factor Rummy's "prime factor" and "factor rummy"), or None.
- `completing_cards(hand, level, wilds=...)`: the cards that, drawn, let the hand go out
  with no deadwood (keeping every card or discarding one, as Factor Rummy allows after a
  draw); only cards still in the deck outside the hand; a hand that can already go out is
  completed by any card. "Factor with deadwood" is left to the game (`discard_options`).

A consecutive prime canasta's wilds stand for the missing primes between its cards, then for
the lowest primes that keep it in a row (with 3, 5, 7, 11, 13 a wild is 2, not 17: the booklet
leaves it open, and no points depend on it).

Which grouping a player lays down (`Arrangement.preference_key`), in this order:
1. the fewest deadwood cards (so also the most cards in sets);
2. the fewest sets that are not prime factor sets, so the whole hand in prime factor sets
   whenever it can be (the "prime factor" going out, 25 points, before "factor rummy", 20);
3. the fewest prime wilds inside sets (a set of number cards reads more plainly, and a wild left
   loose is the most useful card to keep);
4. more, smaller sets (each is an easier fact to check);
5. then a fixed order: each group (a set, or a deadwood card) is keyed by its smallest card
   (numbers by value, wilds last), factor sets before prime canastas before deadwood, then its
   number cards and its wilds' values; the groups' keys, sorted, are compared in turn.

The search is exact: a dynamic programme over what is left of the hand, with cards of equal
value counted rather than told apart (a state is a count per value, so 2, 2, 2 gives 4 states,
not 8) and every meld of the hand listed once beforehand. A state's first card (its smallest) is
either deadwood or in one of the melds that contain it; each state is solved once. Designed for
hands up to about 15 cards (Factor Rummy: 10-12); measured in bench/meld.py.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from itertools import combinations
from typing import Any

from .cards import ALL_PRIMES, LEVEL_PRIMES, WILD, Card, is_prime, is_wild, level_counts, sort_key
from .factorsets import MAX_WILDS, MIN_NATURALS, check_set, value_sets

FACTOR = "factor"
PRIME_RUN = "prime_run"
CANASTA_SIZE = 5  # Prime Canasta: "A factor set that contains five or more cards"
MIN_RUN = 6  # "A set of six or more consecutive prime numbers makes a consecutive prime canasta"
_KIND_ORDER = {FACTOR: 0, PRIME_RUN: 1}
_DEADWOOD_ORDER = 2


# --- melds -------------------------------------------------------------------------------------
@dataclass(frozen=True)
class Meld:
    """One group laid down: its number cards (smallest first; a factor set's answer is the
    last and largest) and the prime each wild card stands for (smallest first)."""

    kind: str
    naturals: tuple[int, ...]
    wild_values: tuple[int, ...] = ()

    @property
    def answer(self) -> int | None:
        return self.naturals[-1] if self.kind == FACTOR else None

    @property
    def multipliers(self) -> tuple[int, ...]:
        """A factor set's natural multipliers (the wilds are in `wild_values`)."""
        return self.naturals[:-1] if self.kind == FACTOR else ()

    @property
    def wilds(self) -> int:
        return len(self.wild_values)

    @property
    def size(self) -> int:
        return len(self.naturals) + len(self.wild_values)

    @property
    def cards(self) -> tuple[Card, ...]:
        """The cards as laid down: a factor set's answer first (as the booklet picks it up)."""
        wilds = (WILD,) * self.wilds
        if self.kind == FACTOR:
            return (self.naturals[-1], *self.naturals[:-1], *wilds)
        return (*self.naturals, *wilds)

    @property
    def is_prime(self) -> bool:
        """A prime factor set: every multiplier is a prime number or a prime wild."""
        return self.kind == FACTOR and all(is_prime(m) for m in self.multipliers)

    @property
    def is_canasta(self) -> bool:
        """Prime Canasta: a factor set of 5+ cards, or any consecutive prime canasta."""
        return self.kind == PRIME_RUN or self.size >= CANASTA_SIZE

    @property
    def is_natural(self) -> bool:
        """No prime wild in it (a "natural canasta" when it is a canasta; else "mixed")."""
        return not self.wild_values

    @property
    def is_royal(self) -> bool:
        """A consecutive prime canasta of every prime from 2 to 19."""
        return self.kind == PRIME_RUN and self.size == len(ALL_PRIMES)

    def equation(self) -> str:
        """ "42 = 6 × 7", "60 = 3 × prime(2) × prime(2) × prime(5)", "2, 3, prime(5), 7, ..." """
        if self.kind == FACTOR:
            parts = [str(m) for m in self.multipliers] + [f"prime({v})" for v in self.wild_values]
            return f"{self.answer} = {' × '.join(parts)}"
        wild = set(self.wild_values)
        return ", ".join(f"prime({p})" if p in wild else str(p) for p in self._run_primes())

    def _run_primes(self) -> list[int]:
        return sorted((*self.naturals, *self.wild_values))

    @property
    def group_key(self) -> tuple:
        """Its place in the fixed order of groups (module docstring, rule 5)."""
        return (sort_key(self.naturals[0]), _KIND_ORDER[self.kind], self.naturals, self.wild_values)

    def as_dict(self) -> dict[str, Any]:
        """Plain JSON for states and views."""
        return {
            "kind": self.kind,
            "cards": list(self.cards),
            "naturals": list(self.naturals),
            "wild_values": list(self.wild_values),
            "prime": self.is_prime,
            "canasta": self.is_canasta,
            "equation": self.equation(),
        }


@dataclass(frozen=True)
class MeldCheck:
    """Whether some cards are a meld; `kind` names the mistake and `reason` says it simply."""

    ok: bool
    kind: str = ""
    reason: str = ""
    meld: Meld | None = None


def check_meld(cards: Sequence[Card], level: int, *, prime_runs: bool = False) -> MeldCheck:
    """Whether these cards (any order) are a factor set at this level, or, with `prime_runs`
    (Prime Canasta), a consecutive prime canasta; the meld with its wilds' values, or why not."""
    cards = _valid_cards(cards)
    _check_level(level)
    factor = check_set(cards, level)
    if factor.ok:
        meld = Meld(FACTOR, (*factor.multipliers, factor.answer), factor.wild_values)
        return MeldCheck(True, meld=meld)
    naturals = [c for c in cards if not is_wild(c)]
    if prime_runs and naturals and all(is_prime(n) for n in naturals):
        run = _check_run(naturals, len(cards) - len(naturals), level)
        # A few primes at a level with no runs: the child meant a factor set, so its reason
        # is the one to read (5, 2: "needs at least 3 cards"), not "no prime canasta".
        if run.kind != "no_prime_runs" or len(cards) >= MIN_RUN:
            return run
    return MeldCheck(False, factor.kind, factor.reason)


def meld_of(cards: Sequence[Card], level: int, *, prime_runs: bool = False) -> Meld | None:
    """The meld these cards make (with what each wild stands for), or None."""
    return check_meld(cards, level, prime_runs=prime_runs).meld


def is_factor_set(cards: Sequence[Card], level: int) -> bool:
    """The booklet's factor set, wild limits included (`factorsets.check_set` decides)."""
    return check_set(_valid_cards(cards), level).ok


def _check_run(naturals: list[int], wilds: int, level: int) -> MeldCheck:
    """A consecutive prime canasta: 6+ different primes in a row (wilds filling gaps or ends),
    at most 3 wilds, at least 2 number cards. Wilds stand for the lowest primes that fit."""
    primes = LEVEL_PRIMES[level]
    size = len(naturals) + wilds
    if len(primes) < MIN_RUN:
        reason = f"This deck has only {len(primes)} primes, so there is no prime canasta."
        return MeldCheck(False, "no_prime_runs", reason)
    if size < MIN_RUN:
        return MeldCheck(False, "too_few_cards", "A prime canasta needs at least 6 cards.")
    outside = [p for p in naturals if p not in primes]
    if outside:
        return MeldCheck(False, "not_in_deck", f"{outside[0]} is not a card of this deck.")
    twice = [p for p, n in sorted(Counter(naturals).items()) if n > 1]
    if twice:
        reason = f"A prime canasta has each prime once, not two {twice[0]}s."
        return MeldCheck(False, "repeated_prime", reason)
    if wilds > MAX_WILDS:
        reason = f"A prime canasta can have at most {MAX_WILDS} prime cards, not {wilds}."
        return MeldCheck(False, "too_many_wilds", reason)
    if len(naturals) < MIN_NATURALS:
        return MeldCheck(
            False, "too_few_naturals", "A prime canasta needs at least 2 number cards."
        )
    low, high = primes.index(min(naturals)), primes.index(max(naturals))
    missing = [p for p in primes[low : high + 1] if p not in naturals]
    if len(missing) > wilds:
        gaps = ", ".join(str(p) for p in missing)
        reason = f"These are not primes in a row: {gaps} {'is' if len(missing) == 1 else 'are'}"
        if wilds:
            cards = "1 prime card" if wilds == 1 else f"{wilds} prime cards"
            reason += f" missing, and there {'is' if wilds == 1 else 'are'} only {cards}."
        else:
            reason += " missing."
        return MeldCheck(False, "not_in_a_row", reason)
    if size > len(primes):
        reason = f"This deck has only {len(primes)} primes: {size} cards cannot be in a row."
        return MeldCheck(False, "too_long", reason)
    start = max(0, high - size + 1)
    window = primes[start : start + size]
    return MeldCheck(True, meld=_run(tuple(sorted(naturals)), window))


def _run(naturals: tuple[int, ...], window: Sequence[int]) -> Meld:
    return Meld(PRIME_RUN, naturals, tuple(p for p in window if p not in naturals))


def possible_melds(hand: Sequence[Card], level: int, *, prime_runs: bool = False) -> list[Meld]:
    """Every distinct meld the hand's cards can make, in the fixed group order."""
    cards = _valid_cards(hand)
    _check_level(level)
    naturals = Counter(c for c in cards if not is_wild(c))
    return sorted(_melds(naturals, len(cards) - sum(naturals.values()), level, prime_runs),
                  key=lambda m: m.group_key)  # fmt: skip


def _melds(naturals: Counter, wilds: int, level: int, prime_runs: bool) -> Iterator[Meld]:
    for found in value_sets(naturals, wilds, level):
        yield Meld(FACTOR, (*found.multipliers, found.answer), found.wild_values)
    if prime_runs:
        yield from _runs(naturals, wilds, level)


def _runs(naturals: Counter, wilds: int, level: int) -> Iterator[Meld]:
    """Every consecutive prime canasta of these cards, each choice of cards once (its wilds
    standing for the lowest primes that fit, as `_check_run` assigns them)."""
    primes = LEVEL_PRIMES[level]
    usable = min(wilds, MAX_WILDS)
    seen: set[tuple] = set()
    for size in range(MIN_RUN, len(primes) + 1):
        for start in range(len(primes) - size + 1):
            window = primes[start : start + size]
            held = [p for p in window if naturals[p] > 0]
            for count in range(max(MIN_NATURALS, size - usable), len(held) + 1):
                for chosen in combinations(held, count):
                    if (chosen, size) not in seen:  # the lowest window comes first
                        seen.add((chosen, size))
                        yield _run(chosen, window)


# --- arrangements ------------------------------------------------------------------------------
@dataclass(frozen=True)
class Arrangement:
    """A hand grouped: its melds (in the fixed group order) and its deadwood cards (sorted)."""

    melds: tuple[Meld, ...]
    deadwood: tuple[Card, ...]

    @property
    def complete(self) -> bool:
        """No deadwood: every card is in a meld."""
        return not self.deadwood

    @property
    def all_prime(self) -> bool:
        """There are melds and every one is a prime factor set."""
        return bool(self.melds) and all(m.is_prime for m in self.melds)

    @property
    def prime_factor(self) -> bool:
        """Factor Rummy's "prime factor": the whole hand in prime factor sets."""
        return self.complete and self.all_prime

    @property
    def cards(self) -> tuple[Card, ...]:
        return (*(c for m in self.melds for c in m.cards), *self.deadwood)

    def preference_key(self) -> tuple:
        """Smaller is what a player would rather lay down (module docstring, rules 1-5)."""
        groups = [m.group_key for m in self.melds] + [_card_key(c) for c in self.deadwood]
        return (
            len(self.deadwood),
            sum(not m.is_prime for m in self.melds),
            sum(m.wilds for m in self.melds),
            sum(m.size - 3 for m in self.melds),
            tuple(sorted(groups)),
        )

    def as_dict(self) -> dict[str, Any]:
        """Plain JSON for states and views."""
        return {
            "melds": [m.as_dict() for m in self.melds],
            "deadwood": list(self.deadwood),
            "prime_factor": self.prime_factor,
        }


def _card_key(card: Card) -> tuple:
    return (sort_key(card), _DEADWOOD_ORDER, (), ())


def arrangement(melds: Sequence[Meld], deadwood: Sequence[Card]) -> Arrangement:
    """An Arrangement in its canonical form (melds in group order, deadwood sorted)."""
    return Arrangement(
        tuple(sorted(melds, key=lambda m: m.group_key)), tuple(sorted(deadwood, key=sort_key))
    )


# Costs, added along a grouping and compared as one int: the fields of preference_key's rules
# 1-4, each 8 bits wide (so exact for hands below 256 cards).
_DEAD = 1 << 24
_NOT_PRIME = 1 << 16
_WILD = 1 << 8


class _Search:
    """The exact search over one hand (see the module docstring).

    A state is the cards still to group as one int: a bit field per distinct card holding how
    many are left, with a spare top bit. Setting every spare bit before subtracting a group
    shows at once whether the group fits: a field too small borrows its spare bit away."""

    def __init__(self, cards: list[Card], level: int, prime_runs: bool) -> None:
        naturals = Counter(c for c in cards if not is_wild(c))
        wilds = len(cards) - sum(naturals.values())
        self.types: list[Card] = [*sorted(naturals), *([WILD] if wilds else [])]
        counts = [naturals[t] for t in self.types if not is_wild(t)] + ([wilds] * bool(wilds))
        self.width = max(counts, default=0).bit_length() + 1
        self.place = {t: 1 << (i * self.width) for i, t in enumerate(self.types)}
        self.spare = sum(p << (self.width - 1) for p in self.place.values())
        self.full = sum(c * self.place[t] for c, t in zip(counts, self.types, strict=True))
        index = {t: i for i, t in enumerate(self.types)}
        groups: list[tuple[tuple, int, int, int, Meld | Card]] = []
        for i, card in enumerate(self.types):
            groups.append((_card_key(card), i, self.place[card], _DEAD, card))
        for meld in _melds(naturals, wilds, level, prime_runs):
            delta = sum(self.place[v] for v in meld.naturals) + meld.wilds * self.place.get(WILD, 0)
            groups.append((meld.group_key, index[meld.naturals[0]], delta, _meld_cost(meld), meld))
        # Ranked by first card, then group order: the rank is the last tie-break (rule 5).
        groups.sort(key=lambda g: (g[1], g[0]))
        self.payload = [g[4] for g in groups]
        self.delta = [g[2] for g in groups]
        self.by_first: list[list[tuple[int, int, int]]] = [[] for _ in self.types]
        for rank, (_, first, delta, cost, _) in enumerate(groups):
            self.by_first[first].append((rank, delta, cost))
        self.costs: dict[int, int] = {0: 0}
        self.choices: dict[int, int] = {}

    def without(self, state: int, card: Card) -> int:
        return state - self.place[card]

    def held(self, state: int, card: Card) -> int:
        """How many of this card the state still holds."""
        return (state // self.place[card]) & ((1 << (self.width - 1)) - 1)

    def first(self, state: int) -> int:
        """The index of the smallest card left."""
        return ((state & -state).bit_length() - 1) // self.width

    def cost(self, state: int) -> int:
        """The least cost of grouping these cards (rules 1-4 as one int)."""
        costs = self.costs
        found = costs.get(state)
        if found is not None:
            return found
        spare, guarded = self.spare, state | self.spare
        best, choice = -1, -1
        for rank, delta, cost in self.by_first[self.first(state)]:
            left = guarded - delta
            if left & spare != spare:
                continue  # some card of the group is not (or no longer) in the hand
            left ^= spare
            sub = costs.get(left)
            total = cost + (self.cost(left) if sub is None else sub)
            if best < 0 or total < best:  # ranks ascend, so a tie keeps the earlier group
                best, choice = total, rank
        costs[state] = best
        self.choices[state] = choice
        return best

    def deadwood(self, state: int) -> int:
        return self.cost(state) // _DEAD

    def best(self, state: int) -> Arrangement:
        melds, dead = [], []
        self.cost(state)
        while state:
            rank = self.choices[state]
            group = self.payload[rank]
            (melds if isinstance(group, Meld) else dead).append(group)
            state -= self.delta[rank]
        return arrangement(melds, dead)

    def every_best(self, state: int) -> list[Arrangement]:
        """Every distinct grouping with the fewest deadwood cards, best first."""
        found = [
            arrangement(
                [g for g in groups if isinstance(g, Meld)],
                [g for g in groups if not isinstance(g, Meld)],
            )
            for groups in self._groupings(state, 0, self.deadwood(state))
        ]
        return sorted(found, key=Arrangement.preference_key)

    def _groupings(self, state: int, min_rank: int, dead: int) -> Iterator[list]:
        """Groupings of `state` with exactly `dead` deadwood cards, groups in rank order (so
        each multiset of groups comes once); `dead` is never below the state's least."""
        if not state:
            yield []
            return
        spare, guarded = self.spare, state | self.spare
        for rank, delta, cost in self.by_first[self.first(state)]:
            left = guarded - delta
            if rank < min_rank or left & spare != spare:
                continue
            left ^= spare
            more = dead - cost // _DEAD
            if more < 0 or self.deadwood(left) > more:
                continue
            for rest in self._groupings(left, rank, more):
                yield [self.payload[rank], *rest]


def best_arrangement(hand: Sequence[Card], level: int, *, prime_runs: bool = False) -> Arrangement:
    """The grouping of this hand a player would lay down (fewest deadwood first)."""
    search = _search(hand, level, prime_runs)
    return search.best(search.full)


def best_arrangements(
    hand: Sequence[Card], level: int, *, prime_runs: bool = False
) -> list[Arrangement]:
    """Every distinct grouping of this hand with the fewest deadwood cards (cards of equal
    value are not told apart), the one a player would lay down first."""
    search = _search(hand, level, prime_runs)
    return search.every_best(search.full)


def _search(hand: Sequence[Card], level: int, prime_runs: bool) -> _Search:
    _check_level(level)
    return _Search(_valid_cards(hand), level, prime_runs)


# --- going out ---------------------------------------------------------------------------------
@dataclass(frozen=True)
class GoingOut:
    """A way to go out: every card but the discard (None: no discard) laid down in melds."""

    arrangement: Arrangement
    discard: Card | None = None

    @property
    def prime_factor(self) -> bool:
        return self.arrangement.prime_factor

    def preference_key(self) -> tuple:
        """Prime factor sets first (more points), then no discard, then the grouping's order,
        then the smallest discard."""
        discard = (0, (0, 0)) if self.discard is None else (1, sort_key(self.discard))
        return (not self.prime_factor, discard[0], self.arrangement.preference_key(), discard[1])


def discard_options(
    hand: Sequence[Card], level: int, *, prime_runs: bool = False
) -> list[tuple[Card, Arrangement]]:
    """For each different card of the hand, the best grouping of the others once it is
    discarded; best first (fewest deadwood, ... as `Arrangement.preference_key`)."""
    search = _search(hand, level, prime_runs)
    options = [(card, search.best(search.without(search.full, card))) for card in search.types]
    return sorted(options, key=lambda o: (o[1].preference_key(), sort_key(o[0])))


def going_out(hand: Sequence[Card], level: int, *, prime_runs: bool = False) -> GoingOut | None:
    """The best way to lay down the whole hand in melds, keeping every card or discarding
    one; None when the hand cannot go out without deadwood."""
    return _going_out(_search(hand, level, prime_runs))


def _going_out(search: _Search) -> GoingOut | None:
    ways = []
    if search.deadwood(search.full) == 0:
        ways.append(GoingOut(search.best(search.full)))
    for card in search.types:
        left = search.without(search.full, card)
        if search.deadwood(left) == 0:
            ways.append(GoingOut(search.best(left), card))
    return min(ways, key=GoingOut.preference_key, default=None)


def completing_cards(
    hand: Sequence[Card], level: int, *, wilds: int, prime_runs: bool = False
) -> dict[Card, GoingOut]:
    """The cards that would let this hand go out if drawn: after adding the card, every card
    is in a meld, keeping them all or discarding one (Factor Rummy: "if he draws, he can go out
    with or without a discard"). Each with its best way out; in card order.

    Only cards the level's deck (with `wilds` prime wilds) still has outside the hand count.
    A hand that can already go out is completed by any card (draw it and discard it)."""
    cards = _valid_cards(hand)
    _check_level(level)
    held = Counter(cards)
    deck = level_counts(level)
    candidates: list[Card] = [v for v in sorted(deck) if deck[v] > held[v]]
    if wilds > held[WILD]:
        candidates.append(WILD)
    search = _Search(cards, level, prime_runs)
    naturals = Counter(c for c in cards if not is_wild(c))
    found: dict[Card, GoingOut] = {}
    for card in candidates:
        way = _best_way_with(search, card, naturals, held[WILD], level, prime_runs)
        if way is not None:
            found[card] = way
    return found


def _best_way_with(search: _Search, card: Card, naturals: Counter, wilds: int, level: int,
                   prime_runs: bool) -> GoingOut | None:  # fmt: skip
    """The best way out for the hand of `search` plus `card`, from the hand's own search.

    Exact: the new card is either the discard (then the hand itself must be all in melds) or
    in some meld M; the best way with M is M and the best grouping of what is left (after a
    discard or not), so the best over every M (and the discard) is the best there is."""
    ways: list[tuple[tuple, Meld | None, int, Card | None]] = []
    if search.deadwood(search.full) == 0:
        ways.append((_quick(search.cost(search.full), card), None, search.full, card))
    for meld in _melds_with(card, naturals, wilds, level, prime_runs):
        rest = Counter(meld.naturals)
        rest[WILD] = meld.wilds
        rest[card] -= 1  # the drawn card itself
        left = search.full - sum(n * search.place[v] for v, n in rest.items() if n)
        if search.deadwood(left) > 1:
            continue
        cost = _meld_cost(meld)
        if search.deadwood(left) == 0:
            ways.append((_quick(cost + search.cost(left), None), meld, left, None))
        for kept in search.types:
            if search.held(left, kept) and search.deadwood(left - search.place[kept]) == 0:
                after = left - search.place[kept]
                ways.append((_quick(cost + search.cost(after), kept), meld, after, kept))
    if not ways:
        return None
    quickest = min(w[0] for w in ways)
    return min(
        (
            GoingOut(_with(search.best(state), meld), discard)
            for quick, meld, state, discard in ways
            if quick == quickest
        ),
        key=GoingOut.preference_key,
    )


def _quick(cost: int, discard: Card | None) -> tuple[bool, bool, int]:
    """The start of GoingOut.preference_key from a search cost (no deadwood, so prime
    factor is a zero "not prime" count)."""
    return (cost >= _NOT_PRIME, discard is not None, cost)


def _with(found: Arrangement, meld: Meld | None) -> Arrangement:
    return found if meld is None else arrangement([*found.melds, meld], found.deadwood)


def _melds_with(card: Card, naturals: Counter, wilds: int, level: int,
                prime_runs: bool) -> list[Meld]:  # fmt: skip
    """Every meld of these cards plus `card` that uses `card`."""
    if is_wild(card):
        return [m for m in _melds(naturals, wilds + 1, level, prime_runs) if m.wilds]
    more = Counter(naturals)
    more[card] += 1
    found = []
    # The card is the answer, or a multiplier of a card it divides: only those cards' divisors
    # can be in the set, so list the sets of those cards alone.
    for answer in [card, *(v for v in naturals if v > card and v % card == 0)]:
        divisors = {v: n for v, n in more.items() if v == answer or answer % v == 0 < answer - v}
        if len(divisors) < 2:
            continue  # a set needs two number cards
        for vs in value_sets(Counter(divisors), wilds, level):
            if vs.answer == answer and (answer == card or card in vs.multipliers):
                found.append(Meld(FACTOR, (*vs.multipliers, vs.answer), vs.wild_values))
    if prime_runs and is_prime(card):
        found += [m for m in _runs(more, wilds, level) if card in m.naturals]
    return found


def _meld_cost(meld: Meld) -> int:
    """A meld's share of the search cost (preference_key rules 2-4)."""
    return (0 if meld.is_prime else _NOT_PRIME) + meld.wilds * _WILD + meld.size - 3


# --- input -------------------------------------------------------------------------------------
def _valid_cards(cards: Sequence[Card]) -> list[Card]:
    """The cards as a list; a readable ValueError for anything that is not a PrimePak card."""
    found = list(cards)
    for card in found:
        if not is_wild(card) and not (type(card) is int and card >= 2):
            raise ValueError(f"{card!r} is not a PrimePak card")
    return found


def _check_level(level: int) -> None:
    if level not in LEVEL_PRIMES:
        raise ValueError(f"there is no deck level {level!r}")
