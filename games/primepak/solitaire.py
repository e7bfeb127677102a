"""Prime Solitaire: clear a layout of overlapping cards by forming factor sets.

Rule text: the PrimePak booklet (PRIME SOLITAIRE); what it leaves open is settled in
docs/rules.md ("Prime Solitaire", and "PrimePak" for every PrimePak game). Pure Python: no
Django here.

Layouts (docs/rules.md: "a foundation of overlapping rows is 7 columns")

- ``rows``: rows of 7 cards, each row overlapping the one before (3 rows at levels 3-6, 5 at
  levels 1-2, plus ``extra_rows``). Position ``p = row * 7 + column``; row 0 is dealt first and
  lies underneath. A card is available when no card of a later row lies on it in its column,
  so each column is a little pile whose last card is the one to take.
- ``pyramid`` (our shape; the booklet only names it): rows of 1, 2, ..., 7 cards (28), each
  card overlapped by the two cards below it in the next row, as in the classic pyramid
  solitaire; ``extra_rows`` adds rows of 8 and 9 cards underneath. Card ``i`` of row ``r`` is
  position ``r * (r + 1) / 2 + i``. A card is available when both cards overlapping it are gone
  (docs/rules.md). The same 7-row pyramid at every level: at levels 3-6 it is bigger and more
  tangled than three rows (more challenging, as the booklet promises); at levels 1-2 it has
  fewer cards than five rows but more of them covered.

Play, as the state records it: the board chooses cards on the player's own screen and
``Collect`` names them (issue 30: no tap is lost on its way to the server); ``Select`` (toggle a
card kept in the state) and ``Collect`` naming no cards (take the cards chosen so) are the moves
of games saved before, still legal so those games replay. ``Turn`` turns the next
card of the draw pile onto the face-up stack, ``Hint`` marks a set made only of visible cards
(taking that set later is help, not skill), ``Resign`` gives up (the platform's "Give up"
applies it). A covered layout card may be chosen once every card lying on it is chosen ("two
or more overlapping cards may be collected all at once if they belong to the same factor
set"). Face-up stack cards may be chosen freely but only a run from the top may be taken
("skipping a card is not allowed"). The game ends when the layout is cleared (a win) or when
the draw pile is empty and no set can be made (a loss).
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import date
from functools import cache
from math import prod
from typing import Any, ClassVar

from games.engine.common import PRODUCT_CHOICES, as_help, products_shown, whole_number
from games.engine.protocol import (
    IllegalMove,
    LearningEvent,
    Move,
    Outcome,
    SettingsError,
    State,
    View,
)
from games.engine.rng import shuffled

from .cards import LEVELS, is_prime, number_cards, prime_factors
from .common import PrimePakGame
from .factorsets import check_set, value_sets

# --- settings -------------------------------------------------------------------------------
LEVEL_CHOICES = [(level, f"Level {level}") for level in LEVELS]
LAYOUT_CHOICES = [("rows", "Overlapping rows"), ("pyramid", "Pyramid")]
EXTRA_ROW_CHOICES = [(0, "No extra rows"), (1, "1 extra row"), (2, "2 extra rows")]
DEAL_CHOICES = [("shuffled", "A new shuffle every game"), ("day", "Deal of the day")]
COLUMNS = 7  # docs/rules.md: a foundation of overlapping rows is 7 columns
PYRAMID_ROWS = 7  # our decision: rows of 1..7 cards, like the classic pyramid


def row_count(level: int) -> int:
    """The booklet's rows: three at levels 3 through 6, five at levels 1 and 2."""
    return 5 if level <= 2 else 3


# --- the layout -----------------------------------------------------------------------------
@dataclass(frozen=True)
class Layout:
    """Where the layout cards lie and which cards lie on which (bitmasks by position)."""

    shape: str
    rows: int
    cells: tuple[tuple[int, int], ...]  # (row, index within the row) by position
    covered_by: tuple[int, ...]  # the positions lying directly on each position
    covers: tuple[int, ...]  # the positions each position lies directly on
    order: tuple[int, ...]  # every position, the cards lying on a card before the card
    width: int  # cards in the widest row

    @property
    def size(self) -> int:
        return len(self.cells)

    def grid_column(self, position: int) -> int:
        """Where the card starts, in half-card steps from 1 (a pyramid's rows are offset)."""
        row, index = self.cells[position]
        if self.shape == "rows":
            return 2 * index + 1
        return (self.width - (row + 1)) + 2 * index + 1


@cache
def layout_for(shape: str, rows: int) -> Layout:
    """The layout of this shape with this many rows."""
    if shape == "rows":
        cells = [(row, col) for row in range(rows) for col in range(COLUMNS)]
        index = {cell: p for p, cell in enumerate(cells)}
        on = {cell: [(cell[0] + 1, cell[1])] for cell in cells}
        width = COLUMNS
    elif shape == "pyramid":
        cells = [(row, i) for row in range(rows) for i in range(row + 1)]
        index = {cell: p for p, cell in enumerate(cells)}
        on = {(row, i): [(row + 1, i), (row + 1, i + 1)] for row, i in cells}
        width = rows
    else:
        raise ValueError(f"no layout {shape!r}")
    covered_by = [0] * len(cells)
    covers = [0] * len(cells)
    for p, cell in enumerate(cells):
        for above in on[cell]:
            if above in index:
                covered_by[p] |= 1 << index[above]
                covers[index[above]] |= 1 << p
    order = sorted(range(len(cells)), key=lambda p: (-cells[p][0], cells[p][1]))
    return Layout(shape, rows, tuple(cells), tuple(covered_by), tuple(covers), tuple(order), width)


def layout_of(settings: dict[str, Any]) -> Layout:
    """The layout these (clean) settings deal."""
    extra = settings["extra_rows"]
    if settings["layout"] == "pyramid":
        return layout_for("pyramid", PYRAMID_ROWS + extra)
    return layout_for("rows", row_count(settings["level"]) + extra)


# --- finding the sets the rules allow ---------------------------------------------------------
# No factor set of a deck without wilds has more than 7 cards (64 = 2 × 2 × 2 × 2 × 2 × 2,
# 900 = 2 × 2 × 3 × 3 × 5 × 5), and one of them comes from the layout.
MAX_RUN = 6


def find_collections(
    layout: Layout,
    values: list[int],
    present: int,
    stack: list[int],
    limit: int | None = None,
    min_run: int = 0,
    cache: dict | None = None,
) -> list[tuple[int, int]]:
    """Every set that may be taken now, as (layout positions bitmask, cards from the stack top).

    `values` holds each position's card (anything for gone positions), `present` the bitmask
    of positions still holding a card, `stack` the face-up stack, bottom first. A set takes a
    run from the top of the stack, at least one layout card, and a layout card only with every
    card lying on it. Each result is a different group of cards; at most `limit` of them, and
    only those taking at least `min_run` stack cards. A search may pass a `cache` (of this
    layout and these values, with no `limit`): the sets of each run's product are kept there.
    """
    order = [(p, values[p]) for p in layout.order if present >> p & 1]  # (position, value)
    top = stack[: -MAX_RUN - 1 : -1]
    found: list[tuple[int, int]] = []
    product, biggest = 1, 0
    for run in range(len(top) + 1):
        if run:
            card = top[run - 1]
            product *= card
            biggest = max(biggest, card)
            if biggest % (product // biggest) and product > _MAX_VALUE:
                break  # these stack cards fit in no set together, and neither will more
        if run < min_run:
            continue
        if cache is not None:
            key = (present, run, product, biggest)
            sets = cache.get(key)
            if sets is None:
                sets = cache[key] = []
                _sets_with_run(layout, values, present, order, run, product, biggest, sets, None)
            found += sets
        elif _sets_with_run(layout, values, present, order, run, product, biggest, found, limit):
            break
    return found


_MAX_VALUE = max(number_cards(LEVELS[-1]))
_PRIMES = frozenset(v for v in range(2, _MAX_VALUE + 1) if is_prime(v))


def _sets_with_run(layout, values, present, order, run, product, biggest, found, limit) -> bool:
    """Add the sets taking exactly `run` stack cards; True once `limit` is reached."""
    covered_by = layout.covered_by
    if run:
        others = product // biggest
        if biggest % others == 0 and biggest // others >= 2:
            # The answer is the biggest stack card; the layout gives the rest of its factors.
            for chosen in _closed_sets(order, values, present, covered_by, biggest // others,
                                       biggest, -1):  # fmt: skip
                if run + chosen.bit_count() >= 3:
                    found.append((chosen, run))
                    if limit is not None and len(found) >= limit:
                        return True
    for answer, value in order:
        if value <= biggest or value % product or value in _PRIMES:
            continue
        target, bit = value // product, 1 << answer
        if target == 1:
            if run >= 2 and not covered_by[answer] & present:
                found.append((bit, run))
        else:
            for chosen in _closed_sets(order, values, present, covered_by, target, value, answer):
                if run + 1 + chosen.bit_count() >= 3:
                    found.append((chosen | bit, run))
        if limit is not None and len(found) >= limit:
            return True
    return False


def _closed_sets(order, values, present, covered_by, target, below, answer) -> list[int]:
    """Groups of layout cards smaller than `below` multiplying to `target`, each taken with
    every card lying on it (the answer's position, if any, counts as taken too). `order`: the
    layout cards left, (position, value), in the layout's order."""
    if answer >= 0:
        # Cards lying on the answer must be among its factors: a quick way out if not.
        on = covered_by[answer] & present
        while on:
            low = on & -on
            if target % values[low.bit_length() - 1]:
                return []
            on ^= low
    candidates = [(p, v) for p, v in order if v < below and not target % v and p != answer]
    results: list[int] = []
    start = 1 << answer if answer >= 0 else 0

    def extend(i: int, chosen: int, rest: int) -> None:
        if rest == 1:
            if answer < 0 or not covered_by[answer] & present & ~chosen:
                results.append(chosen & ~start)
            return
        for j in range(i, len(candidates)):
            p, value = candidates[j]
            if rest % value == 0 and not covered_by[p] & present & ~chosen:
                extend(j + 1, chosen | 1 << p, rest // value)

    extend(0, start, target)
    return results


SMALL_PRIMES = (2, 3, 5)


@cache
def difficulty(value: int) -> float:
    """How hard a card is to clear, from the booklet's Strategy: larger primes, composites
    with larger prime factors (44, 51, 57), many factors of 2 or 3 (32, 64, 81, 96), and
    numbers of 70 or above are hard; 2, 3 and 5 are easy."""
    if value in SMALL_PRIMES:
        return 0.5
    factors = prime_factors(value)
    return 1.0 + (factors[-1] >= 7) + (factors[-1] >= 11) + (len(factors) >= 4) + (value >= 70)


@cache
def partner_sets(level: int) -> dict[int, tuple[tuple[tuple[int, int], ...], ...]]:
    """For each card value of the level, every factor set of its deck holding that value, as
    (value, how many) pairs; the sets of the commonest cards first."""
    counts = _deck_counts(level)
    found: dict[int, list[tuple[tuple[int, int], ...]]] = {}
    for vs in value_sets(counts, 0, level):
        need = tuple(sorted(Counter((vs.answer, *vs.multipliers)).items()))
        for value, _ in need:
            found.setdefault(value, []).append(need)
    rarity = {v: 1 / n for v, n in counts.items()}
    return {
        value: tuple(sorted(sets, key=lambda need: sum(rarity[v] * c for v, c in need)))
        for value, sets in found.items()
    }


# --- moves ----------------------------------------------------------------------------------
CARD_REF = re.compile(r"[fs](0|[1-9][0-9]{0,2})")


@dataclass(frozen=True)
class Select(Move):
    """Choose a card for the set, or put it back: "f12" is layout position 12, "s0" the top
    of the face-up stack, "s1" the card under it."""

    type: ClassVar[str] = "select"
    card: str

    def label(self) -> str:
        return f"chose {self.card}"


@dataclass(frozen=True)
class Clear(Move):
    """Put back every chosen card."""

    type: ClassVar[str] = "clear"

    def label(self) -> str:
        return "put the chosen cards back"


@dataclass(frozen=True)
class Collect(Move):
    """Take cards as a factor set: the cards named (in any order: the biggest is the answer),
    or, naming none, the cards chosen with Select."""

    type: ClassVar[str] = "collect"
    cards: tuple[str, ...] = ()

    def __post_init__(self) -> None:
        # The order says nothing in solitaire: one order for the same cards (layout cards by
        # place, then the face-up pile from the top), so the same take is one move.
        if isinstance(self.cards, tuple):
            object.__setattr__(self, "cards", tuple(sorted(self.cards, key=_ref_order)))

    def to_json(self) -> dict[str, Any]:
        """{"type": "collect", "cards": "f28,f33,s0"}, as a form sends ticked cards."""
        if not self.cards:
            return {"type": self.type}
        return {"type": self.type, "cards": ",".join(self.cards)}

    def label(self) -> str:
        return "took a factor set"


@dataclass(frozen=True)
class Turn(Move):
    """Turn the next card of the draw pile onto the face-up stack."""

    type: ClassVar[str] = "turn"

    def label(self) -> str:
        return "turned over a card"


@dataclass(frozen=True)
class Hint(Move):
    """Ask where a set is (made only from cards you can see)."""

    type: ClassVar[str] = "hint"

    def label(self) -> str:
        return "asked for a hint"


@dataclass(frozen=True)
class Resign(Move):
    """Give up this game."""

    type: ClassVar[str] = "resign"

    def label(self) -> str:
        return "gave up"


def _ref_order(ref: object) -> tuple[str, int, str]:
    """Layout cards by place, then the face-up pile from the top (anything else after)."""
    text = str(ref)
    return (text[:1], len(text), text)


@cache
def _stack_refs(size: int) -> tuple[str, ...]:
    return tuple(f"s{depth}" for depth in range(size))


@cache
def _select(ref: str) -> Select:
    """Select moves are immutable: legal_moves shares them (a stack may hold 130 cards)."""
    return Select(ref)


_SIMPLE_MOVES: dict[str, Move] = {cls.type: cls() for cls in (Clear, Collect, Turn, Hint, Resign)}
# A take names at most this many cards: the biggest layout (a pyramid with two extra rows) has
# 45 cards and the face-up pile shows 8 to choose from; more is not a move.
MAX_TAKE = 60
# legal_moves lists a take of at most this many of the sets in sight (every other choice of
# cards is a take too, judged when it is made).
SETS_LISTED = 24

# What the player reads: short sentences a 9-year-old can follow (no new arithmetic in them).
NO_SET_HINT = "There is no set to make now. Turn over a card."
SKIPPED = "Take the top card of the face-up pile and the cards right under it. No skipping!"
COVERED = "That card is covered. Choose the cards lying on it first."
NO_LAYOUT_CARD = "Every set needs at least one card from the layout."
MORE_CARDS = "Choose more cards: a factor set has at least 3."
READY = "That is a factor set! Press “Take this set”."
# Products hidden: checking is the child's part, and "Take this set" judges the cards.
CHECK = "Multiply to check, then press “Take this set”. Not a set? The game says why."
NOT_YET = "Not {answer} yet: choose more cards, or put some back."
NO_ANSWER = "None of these cards is the answer: the card all the others multiply to make."
NO_ANSWER_YET = "None of these cards is the answer yet. Add the card they make, or put a card back."
PLAYING, WON, LOST, RESIGNED = "playing", "won", "lost", "resigned"
_REASONS = {WON: "cleared the layout", LOST: "the draw pile ran out", RESIGNED: "gave up"}


class PrimeSolitaire(PrimePakGame):
    """Prime Solitaire (PrimePak): one player clears the layout with factor sets."""

    slug = "prime-solitaire"
    stylesheet = "css/primepak.css"
    script = "js/primepak.js"
    list_fields = frozenset({"cards"})
    resign_move = "resign"
    name = "Prime Solitaire"
    min_players = 1
    max_players = 1
    summary = (
        "Clear the whole layout by making factor sets with its uncovered cards and the cards "
        "you turn over, one at a time, from the draw pile. You go through the pile only once!"
    )
    turn_seconds = None
    bots_module = "solitaire_bots"  # easy, medium and strong bots
    texts_module = "solitaire_texts"

    # --- settings -------------------------------------------------------------------------
    def default_settings(self) -> dict[str, Any]:
        """Level 1, overlapping rows, no extra rows, a new shuffle every game, the product of
        the chosen cards not shown."""
        return {
            "level": 1,
            "layout": "rows",
            "extra_rows": 0,
            "deal": "shuffled",
            "product": "hidden",
        }

    def settings_fields(self) -> list[dict[str, Any]]:
        """Deck level, layout shape, extra rows, the deal and the product of chosen cards."""
        return [
            {
                "name": "level",
                "label": "Deck level",
                "choices": LEVEL_CHOICES,
                "help": "Level 1 uses 2s and 5s; each level adds bigger primes.",
            },
            {
                "name": "layout",
                "label": "Layout",
                "choices": LAYOUT_CHOICES,
                "help": "A pyramid makes any level more challenging.",
            },
            {
                "name": "extra_rows",
                "label": "Extra rows",
                "choices": EXTRA_ROW_CHOICES,
                "help": "More rows make the game a little harder.",
            },
            {
                "name": "deal",
                "label": "Deal",
                "choices": DEAL_CHOICES,
                "help": "Deal of the day: everyone who plays these settings today gets the same "
                "cards, and the app has made sure they can be won (good for a class contest).",
            },
            {
                "name": "product",
                "label": "Product while choosing",
                "choices": list(PRODUCT_CHOICES.items()),
                "help": "Multiplying the cards is what the game practises. Shown, the board "
                "works it out as cards are chosen and says when they make a set, and every set "
                "counts as help.",
                "teacher_only": True,
            },
        ]

    def clean_settings(self, settings: dict[str, Any]) -> dict[str, Any]:
        """Fill in defaults; accept form strings ("3"); refuse unknown settings and values."""
        settings, defaults, level = self.known_settings(settings)
        layout = settings.get("layout", defaults["layout"])
        if not isinstance(layout, str) or layout not in dict(LAYOUT_CHOICES):
            raise SettingsError("The layout must be rows or pyramid.")
        extra = whole_number(settings.get("extra_rows", defaults["extra_rows"]))
        if extra not in dict(EXTRA_ROW_CHOICES) or extra is None:
            raise SettingsError("Extra rows must be 0, 1 or 2.")
        deal = settings.get("deal", defaults["deal"])
        if not isinstance(deal, str) or deal not in dict(DEAL_CHOICES):
            raise SettingsError("The deal must be a new shuffle or the deal of the day.")
        product = settings.get("product", defaults["product"])
        if not isinstance(product, str) or product not in PRODUCT_CHOICES:
            raise SettingsError("The product while choosing is hidden or shown.")
        return {
            "level": level,
            "layout": layout,
            "extra_rows": extra,
            "deal": deal,
            "product": product,
        }

    def choose_seed(self, settings: dict[str, Any], fresh: int, today: date) -> int:
        """The deal of the day: the same seed for everyone with these settings today, one whose
        deal the solver proved can be won. Otherwise the fresh random seed."""
        if settings["deal"] != "day":
            return fresh
        from .solitaire_solver import deal_of_the_day  # the solver imports this module

        return deal_of_the_day(settings, today)

    def settings_label(self, settings: dict[str, Any]) -> str:
        """ "Level 3", "Level 3 · pyramid", "Level 1 · 2 extra rows · product shown"."""
        settings = self.clean_settings(settings)
        parts = [f"Level {settings['level']}"]
        if settings["layout"] == "pyramid":
            parts.append("pyramid")
        if settings["extra_rows"]:
            parts.append(dict(EXTRA_ROW_CHOICES)[settings["extra_rows"]])
        if settings["deal"] == "day":
            parts.append("deal of the day")
        if settings["product"] == "shown":
            parts.append("product shown")
        return " · ".join(parts)

    # --- play -----------------------------------------------------------------------------
    def new_game(self, settings: dict[str, Any], players: int, seed: int) -> State:
        """Shuffle the level's number cards (no wilds), deal the layout, the rest face down."""
        settings = self.clean_settings(settings)
        if players != 1 or type(players) is not int:
            raise SettingsError("Prime Solitaire is for 1 player.")
        layout = layout_of(settings)
        cards = shuffled(number_cards(settings["level"]), seed, "deal")
        # The draw pile's next card is its last: turning is a pop.
        return {
            "settings": settings,
            "seed": seed,
            "foundation": cards[: layout.size],
            "draw": cards[layout.size :][::-1],
            "stack": [],
            "taken": [],
            "selection": [],
            "hint": None,
            "hints": 0,
            "hinted": None,
            "status": PLAYING,
            "moves": 0,
        }

    def current_player(self, state: State) -> int | None:
        """Seat 0 while the game goes on."""
        return 0 if state["status"] == PLAYING else None

    def actors(self, state: State, players: int) -> list[int]:
        """The one player, while the game goes on (they may always give up)."""
        return [0] if state["status"] == PLAYING else []

    def legal_moves(self, state: State, player: int) -> list[Move]:
        """Select (layout cards, then the stack from the top), takes of the sets in sight,
        Clear, Collect of the chosen cards (only when they may be taken), Turn, Hint, Resign.
        Every other take is allowed too, judged when it is made: listed_in_part."""
        if state["status"] != PLAYING or player != 0:
            return []
        moves: list[Move] = [_select(ref) for ref in selectable(state)]
        moves += [Collect(tuple(refs)) for refs in _set_refs(state, SETS_LISTED)]
        if state["selection"]:
            moves.append(Clear())
            if len(state["selection"]) >= 3 and collect_problem(state) is None:
                moves.append(Collect())
        if state["draw"]:
            moves.append(Turn())
        moves += [Hint(), Resign()]
        return moves

    def apply_move(self, state: State, player: int, move: Move) -> State:
        """The state after the move; IllegalMove with a child-readable reason if refused."""
        move = _checked(move)
        if state["status"] != PLAYING:
            raise IllegalMove("The game is over.")
        if player != 0 or type(player) is not int:
            raise IllegalMove("It's not your turn.")
        new = _copy(state)
        new["moves"] += 1
        if isinstance(move, Select):
            new["selection"] = _toggled(state, move.card)
        elif isinstance(move, Clear):
            if not state["selection"]:
                raise IllegalMove("You have not chosen any cards.")
            new["selection"] = []
        elif isinstance(move, Collect):
            _collect(_named(state, move.cards) if move.cards else state, new)
        elif isinstance(move, Turn):
            if not state["draw"]:
                raise IllegalMove("There are no cards left to turn over.")
            new["stack"].append(new["draw"].pop())
            new["selection"], new["hint"] = [], None
            _check_end(new)
        elif isinstance(move, Hint):
            new["hint"] = _hint(state)
            new["hints"] += 1
            # The numbers of the set it showed: taking that set later is help, not skill.
            new["hinted"] = sorted(_card_at(state, ref) for ref in new["hint"]["cards"]) or None
        else:
            new["status"] = RESIGNED
            new["selection"], new["hint"] = [], None
        return new

    def parse_move(self, data: Any) -> Move:
        """A move from its JSON form; anything malformed raises IllegalMove."""
        if not isinstance(data, dict):
            raise IllegalMove("That is not a move in this game.")
        kind = data.get("type")
        if isinstance(kind, str) and kind in _SIMPLE_MOVES and set(data) == {"type"}:
            return _SIMPLE_MOVES[kind]
        if kind == "select" and set(data) == {"type", "card"}:
            card = data["card"]
            if isinstance(card, str) and CARD_REF.fullmatch(card):
                return Select(card)
            raise IllegalMove("There is no such card.")
        if kind == "collect" and set(data) == {"type", "cards"}:
            cards = data["cards"]
            if not isinstance(cards, str) or len(cards) > MAX_TAKE * 5:
                raise IllegalMove("There is no such card.")
            return _checked(Collect(tuple(cards.split(",")) if cards else ()))
        raise IllegalMove("That is not a move in this game.")

    def listed_in_part(self, move: Move) -> bool:
        """A take naming its cards: legal_moves lists those of the sets in sight."""
        return isinstance(move, Collect) and bool(move.cards)

    def view(self, state: State, player: int | None) -> View:
        """Everything but the draw pile, which is a count; the same for the player and
        watchers (nothing else is hidden in solitaire)."""
        settings = state["settings"]
        layout = layout_of(settings)
        selection = state["selection"]
        hinted = set(state["hint"]["cards"]) if state["hint"] else set()
        playing = state["status"] == PLAYING
        present = _present(state["foundation"])
        chosen = sum(1 << int(ref[1:]) for ref in selection if ref[0] == "f")
        foundation = []
        for p, card in enumerate(state["foundation"]):
            if card is None:
                continue
            ref = f"f{p}"
            row, index = layout.cells[p]
            foundation.append(
                {
                    "ref": ref,
                    "value": card,
                    "position": p,
                    "row": row,
                    "col": index,
                    "grid_row": row + 1,
                    "grid_col": layout.grid_column(p),
                    "available": not layout.covered_by[p] & present,
                    "selectable": playing and not layout.covered_by[p] & present & ~chosen,
                    # The cards lying on it: it may be chosen once they all are.
                    "on": [f"f{q}" for q in _bits(layout.covered_by[p] & present)],
                    "selected": ref in selection,
                    "hinted": ref in hinted,
                }
            )
        stack = state["stack"]
        return {
            "me": 0 if player == 0 else None,
            "level": settings["level"],
            "settings": dict(settings),
            "layout": {
                "shape": layout.shape,
                "rows": layout.rows,
                "width": layout.width,
                "size": layout.size,
            },
            "foundation": foundation,
            "stack": [
                {
                    "ref": ref,
                    "value": card,
                    "depth": depth,
                    "place": len(stack) - 1 - depth,  # from the bottom: stays as cards come
                    "selected": ref in selection,
                    "hinted": ref in hinted,
                }
                for depth, (ref, card) in enumerate(
                    zip(_stack_refs(len(stack)), reversed(stack), strict=True)
                )
            ],
            "draw_count": len(state["draw"]),
            "cards_left": len(foundation),
            "cleared": layout.size - len(foundation),
            "taken_count": sum(len(group) for group in state["taken"]),
            "sets": len(state["taken"]),
            "taken": [list(group) for group in state["taken"]],  # the player saw each set
            "sets_made": [_equation(group, settings["level"]) for group in state["taken"]],
            "selection": _selection_view(state),
            "product_shown": products_shown(state),
            "hint": dict(state["hint"], cards=list(state["hint"]["cards"]))
            if state["hint"]
            else None,
            "status": state["status"],
            "over": state["status"] != PLAYING,
            "won": state["status"] == WON,
        }

    def outcome(self, state: State) -> Outcome | None:
        """A win when the layout is cleared; the score is the layout cards cleared."""
        status = state["status"]
        if status == PLAYING:
            return None
        cleared = sum(card is None for card in state["foundation"])
        # A loss has no winner: the platform marks every seat in `winners` as won.
        winners = (0,) if status == WON else ()
        return Outcome(winners=winners, scores=(cleared,), reason=_REASONS[status])

    def learning_events(
        self, before: State, player: int, move: Move, after: State | IllegalMove
    ) -> list[LearningEvent]:
        """Sets made or got wrong, sets passed over when turning, hints asked. With the products
        shown every set, wrong set and set passed over is help: the board multiplied the chosen
        cards and said when they made a set (issue 30)."""
        return as_help(self._events(before, player, move, after), products_shown(before))

    def _events(
        self, before: State, player: int, move: Move, after: State | IllegalMove
    ) -> list[LearningEvent]:
        try:
            move = _checked(move)
        except IllegalMove:
            return []
        if isinstance(move, Collect):
            refs = list(move.cards) or before["selection"]
            return _collect_events(before, refs, player, after)
        if isinstance(after, IllegalMove):
            return []
        if isinstance(move, Turn):
            best = best_visible_set(before)
            if best is None:
                return []
            check, refs = best
            detail = {
                "equation": check.equation(),
                "cards": refs,
                "sets": len(visible_sets(before)),
            }
            skill = f"factors:{check.answer}"
            return [LearningEvent(player, "factor_set", skill, False, "missed_set", detail)]
        if isinstance(move, Hint):
            hint = after["hint"]
            if not hint["cards"]:
                return [LearningEvent(player, "hint", "no_set", True, detail={"text": NO_SET_HINT})]
            detail = {"equation": hint["equation"], "cards": list(hint["cards"])}
            skill = f"factors:{hint['answer']}"
            return [LearningEvent(player, "hint", skill, False, "asked_hint", detail)]
        return []

    def analyse(
        self,
        settings: dict[str, Any],
        players: int,
        seed: int,
        final: State,
        log: Sequence[tuple[int, Any]] = (),
    ) -> dict[str, Any] | None:
        """For the teacher: could this deal have been won, knowing the draw pile's order, and
        if so, which move was the first that lost it (shown on the replay)?"""
        from .solitaire_solver import NO_WIN, WIN, first_wrong_move  # (it imports this module)

        if final["status"] == WON:
            return {"winnable": True, "summary": "Won: the whole layout was cleared."}
        start = self.new_game(settings, players, seed)
        verdict, wrong = first_wrong_move(self, start, list(log))
        if verdict != WIN or wrong is None:
            winnable = {WIN: True, NO_WIN: False}.get(verdict)
            summary = {
                True: "Not won, but this deal could have been won (the solver found a way).",
                False: "Nobody could have won this deal: the solver proved there was no way.",
                None: "The solver could not tell in time whether this deal could be won.",
            }[winnable]
            return {"winnable": winnable, "summary": summary}
        return {"winnable": True, **_wrong_move_report(self, list(log), wrong)}

    def copy_state(self, state: State) -> State:
        """A copy a move may change (only the draw pile is hidden: PrimePakGame re-deals it)."""
        return _copy(state)

    def check_invariants(self, state: State) -> None:
        """Cards conserved; every taken group a factor set; selection and status consistent."""
        settings = state["settings"]
        layout = layout_of(settings)
        level = settings["level"]
        foundation = state["foundation"]
        assert len(foundation) == layout.size, "the layout has the wrong size"
        cards = [c for c in foundation if c is not None] + state["stack"] + state["draw"]
        cards += [c for group in state["taken"] for c in group]
        assert Counter(cards) == _deck_counts(level), "cards lost or doubled"
        for group in state["taken"]:
            assert check_set(group, level).ok, f"{group} is not a factor set"
        present = _present(foundation)
        for p in range(layout.size):
            if not present >> p & 1:
                assert not layout.covered_by[p] & present, "a card was taken from under another"
        refs = state["selection"]
        assert len(set(refs)) == len(refs), "a card chosen twice"
        for ref in refs:
            assert _card_at(state, ref) is not None, f"chosen {ref} is not there"
            if ref[0] == "f":
                on = layout.covered_by[int(ref[1:])] & present
                assert all(f"f{q}" in refs for q in _bits(on)), f"{ref} chosen under a card"
        status = state["status"]
        assert status in _REASONS or status == PLAYING
        assert (status == WON) == (present == 0), "a win is a cleared layout"
        if status != PLAYING:
            assert not refs, "a finished game has nothing chosen"
        if status == LOST:
            assert not state["draw"] and best_visible_set(state) is None

    def describe(self, state: State, player: int, move: Move) -> str:
        """ "took 40 = 2 × 4 × 5", "turned over 18", "chose 40"."""
        move = _checked(move)
        if isinstance(move, Select):
            card = _card_at(state, move.card)
            verb = "put back" if move.card in state["selection"] else "chose"
            return f"{verb} {card}" if card is not None else move.label()
        if isinstance(move, Collect):
            cards = [_card_at(state, ref) for ref in move.cards or state["selection"]]
            check = check_set([c for c in cards if c is not None], state["settings"]["level"])
            return f"took {check.equation()}" if check.ok else move.label()
        if isinstance(move, Turn):
            return f"turned over {state['draw'][-1]}" if state["draw"] else move.label()
        return move.label()


# --- reading the state ----------------------------------------------------------------------
@cache
def _deck_counts(level: int) -> Counter[int]:
    return Counter(number_cards(level))


def _bits(mask: int) -> list[int]:
    return [p for p in range(mask.bit_length()) if mask >> p & 1]


def _present(foundation: list) -> int:
    return sum(1 << p for p, card in enumerate(foundation) if card is not None)


def _on_top(state: State, layout: Layout, position: int) -> int:
    """The cards lying on a layout card (a bitmask)."""
    return layout.covered_by[position] & _present(state["foundation"])


def _card_at(state: State, ref: str) -> int | None:
    """The card a reference names, or None if there is no card there."""
    index = int(ref[1:])
    if ref[0] == "f":
        foundation = state["foundation"]
        return foundation[index] if index < len(foundation) else None
    stack = state["stack"]
    return stack[-1 - index] if index < len(stack) else None


def selectable(state: State) -> list[str]:
    """Every card that may be chosen (or put back) now: layout cards whose covering cards are
    all chosen, by position; then every card of the face-up stack, from the top."""
    layout = layout_of(state["settings"])
    present = _present(state["foundation"])
    chosen = {int(ref[1:]) for ref in state["selection"] if ref[0] == "f"}
    chosen_mask = sum(1 << p for p in chosen)
    refs = [
        f"f{p}"
        for p in range(layout.size)
        if present >> p & 1 and not layout.covered_by[p] & present & ~chosen_mask
    ]
    return refs + list(_stack_refs(len(state["stack"])))


def _toggled(state: State, ref: str) -> list[str]:
    """The selection after choosing or putting back one card."""
    selection = list(state["selection"])
    if _card_at(state, ref) is None:
        raise IllegalMove("There is no card there.")
    if ref in selection:
        selection.remove(ref)
        if ref[0] == "f":
            return _without_uncovered(state, selection)
        return selection
    if ref[0] == "f":
        layout = layout_of(state["settings"])
        on = _on_top(state, layout, int(ref[1:]))
        if any(f"f{q}" not in selection for q in _bits(on)):
            raise IllegalMove(
                "That card is covered. Choose the cards lying on it first.", kind="covered_card"
            )
    return [*selection, ref]


def _without_uncovered(state: State, selection: list[str]) -> list[str]:
    """Drop chosen layout cards that are covered again (a card lying on them was put back)."""
    layout = layout_of(state["settings"])
    present = _present(state["foundation"])
    changed = True
    while changed:
        changed = False
        chosen = sum(1 << int(ref[1:]) for ref in selection if ref[0] == "f")
        for ref in selection:
            if ref[0] == "f" and layout.covered_by[int(ref[1:])] & present & ~chosen:
                selection.remove(ref)
                changed = True
                break
    return selection


def collect_problem(state: State) -> IllegalMove | None:
    """Why the selection may not be taken as a set now (None: it may). The maths is checked
    first, so the reason a child sees is the most useful one (docs/rules.md)."""
    refs = state["selection"]
    if not refs:
        return IllegalMove("Choose the cards of your set first.")
    cards = [_card_at(state, ref) for ref in refs]
    check = check_set(cards, state["settings"]["level"])
    if not check.ok:
        kind, reason = _maths_problem(cards, check.kind, check.reason)
        return IllegalMove(reason, kind=kind, detail={"cards": cards})
    depths = sorted(int(ref[1:]) for ref in refs if ref[0] == "s")
    if len(depths) == len(refs):
        return IllegalMove(NO_LAYOUT_CARD, kind="no_foundation_card", detail={"cards": cards})
    if depths != list(range(len(depths))):
        return IllegalMove(SKIPPED, kind="skipped_card", detail={"cards": cards})
    if _covered(state, refs):
        return IllegalMove(COVERED, kind="covered_card", detail={"cards": cards})
    return None


def _covered(state: State, refs: list[str]) -> bool:
    """Whether a layout card among these lies under a card that is not among them (cards
    chosen with Select never do: a covered card cannot be chosen)."""
    layout = layout_of(state["settings"])
    present = _present(state["foundation"])
    chosen = sum(1 << int(ref[1:]) for ref in refs if ref[0] == "f")
    return any(layout.covered_by[int(ref[1:])] & present & ~chosen for ref in refs if ref[0] == "f")


def _named(state: State, refs: tuple[str, ...]) -> State:
    """The state with these cards chosen, as a take names them (they are judged as taken)."""
    if any(_card_at(state, ref) is None for ref in refs):
        raise IllegalMove("There is no card there.")
    chosen = dict(state)
    chosen["selection"] = list(refs)
    return chosen


def _set_refs(state: State, limit: int) -> list[list[str]]:
    """The cards of the sets in sight (at most `limit`), cards lying on others first."""
    layout = layout_of(state["settings"])
    return [
        [f"f{p}" for p in layout.order if mask >> p & 1] + [f"s{d}" for d in range(run)]
        for mask, run in visible_sets(state, limit)
    ]


# --- how the chosen cards read --------------------------------------------------------------
# The biggest chosen card is the answer when it can be one: the others multiply to it, or to at
# most half of it (more multipliers may still come). Otherwise no chosen card can be the answer
# (each would be smaller than the product of the rest), and the line multiplies them all. So
# the line never shows a product that includes the answer, and it works out nothing beyond the
# product of the cards chosen: finding the missing factor is the child's part.
def _reading(cards: list[int]) -> tuple[int | None, list[int]]:
    """(the answer, the multipliers in the order chosen); (None, every card) with no answer."""
    answer = max(cards)
    others = list(cards)
    others.remove(answer)
    product = prod(others)
    if (product == answer and len(cards) >= 3) or 2 * product <= answer:
        return answer, others
    return None, list(cards)


def selection_line(cards: list[int]) -> str:
    """ "4 × 5 = 20 ✓", "2 × 5 = 10, not 64", "20 = 4 × ?", or with no answer among the cards
    their product: "2 × 4 × 5 = 40"."""
    if len(cards) <= 1:
        return " ".join(str(card) for card in cards)
    answer, others = _reading(cards)
    said, product = " × ".join(str(card) for card in others), prod(others)
    if answer is None:
        return f"{said} = {product}"
    if len(others) == 1:
        return f"{answer} = {said} × ?"
    if product == answer:
        return f"{said} = {product} ✓"
    return f"{said} = {product}, not {answer}"


def _maths_problem(cards: list[int], kind: str, reason: str) -> tuple[str, str]:
    """(kind, reason) of cards that are not a set, in the selection line's words."""
    if len(cards) < 3:
        return kind, reason  # "A factor set needs at least 3 cards."
    if _reading(cards)[0] is None:
        return "no_answer", NO_ANSWER
    return "wrong_product", f"{selection_line(cards)}."  # "2 × 7 = 14, not 40."


def claim_line(cards: list[int]) -> str:
    """With the products hidden: the set the chosen cards would make, the biggest as the
    answer, for the child to multiply: "20 = 4 × 5?", "20 = 4 × ?" (never a product, nor
    whether they are a set)."""
    if len(cards) <= 1:
        return " ".join(str(card) for card in cards)
    others = list(cards)
    others.remove(max(cards))
    said = " × ".join(str(card) for card in others)
    return f"{max(cards)} = {said} × ?" if len(others) == 1 else f"{max(cards)} = {said}?"


def _selection_view(state: State) -> dict[str, Any]:
    """The chosen cards, how they read ("4 × 5 = 20 ✓"; "20 = 4 × 5?" with the products
    hidden) and what to do next."""
    refs = state["selection"]
    cards = [_card_at(state, ref) for ref in refs]
    if not products_shown(state):
        # A rule slip is not said either: it is checked after the maths, so it would tell the
        # maths is right. "Take this set" judges the cards and says what was wrong.
        return {
            "cards": list(refs),
            "values": cards,
            "answer": None,
            "product": None,
            "text": claim_line(cards),
            "verdict": "" if not cards else MORE_CARDS if len(cards) < 3 else CHECK,
            "ok": False,
            "tip": bool(cards),  # never a mistake before the set is taken
        }
    answer, others = _reading(cards) if cards else (None, [])
    verdict, ok = "", False
    if 0 < len(cards) < 3:
        verdict = MORE_CARDS
    elif cards:
        problem = collect_problem(state)
        ok = problem is None
        if ok:
            verdict = READY
        elif problem.kind not in ("wrong_product", "no_answer"):
            verdict = problem.reason  # a rule slip: the maths is right
        elif answer is None:
            verdict = NO_ANSWER_YET
        else:
            verdict = NOT_YET.format(answer=answer)
    return {
        "cards": list(refs),
        "values": cards,
        "answer": answer,
        "product": prod(others) if len(cards) > 1 else None,
        "text": selection_line(cards),
        "verdict": verdict,
        "ok": ok,
        "tip": 0 < len(cards) < 3,  # not a mistake yet: the set is still being chosen
    }


def visible_sets(state: State, limit: int | None = None) -> list[tuple[int, int]]:
    """The sets that may be taken now, from the layout and the face-up stack only."""
    layout = layout_of(state["settings"])
    foundation = state["foundation"]
    values = [card or 0 for card in foundation]
    return find_collections(layout, values, _present(foundation), state["stack"], limit)


def best_visible_set(state: State):
    """The set a hint shows (most layout cards, then most stack cards), with its references:
    (SetCheck, refs), or None when there is no set. Never looks at the draw pile."""
    sets = visible_sets(state)
    if not sets:
        return None
    mask, run = max(sets, key=lambda s: (s[0].bit_count(), s[1]))
    layout = layout_of(state["settings"])
    refs = [f"f{p}" for p in layout.order if mask >> p & 1]
    refs += [f"s{depth}" for depth in range(run)]
    cards = [_card_at(state, ref) for ref in refs]
    return check_set(cards, state["settings"]["level"]), refs


@cache
def _cached_equation(group: tuple[int, ...], level: int) -> str:
    return check_set(group, level).equation()


def _equation(group: list[int], level: int) -> str:
    """ "40 = 2 × 4 × 5" for a set taken."""
    return _cached_equation(tuple(group), level)


def _hint(state: State) -> dict[str, Any]:
    best = best_visible_set(state)
    if best is None:
        return {"cards": [], "text": NO_SET_HINT, "equation": "", "answer": None}
    check, refs = best
    text = f"Look for {check.answer}: {check.equation()}."
    return {"cards": refs, "text": text, "equation": check.equation(), "answer": check.answer}


# --- changing the state ---------------------------------------------------------------------
def _checked(move: object) -> Move:
    """A move of this game, even one built by hand; IllegalMove for anything else."""
    if type(move) is Select:
        if isinstance(move.card, str) and CARD_REF.fullmatch(move.card):
            return move
        raise IllegalMove("There is no such card.")
    if type(move) is Collect:
        cards = move.cards
        if type(cards) is not tuple or len(cards) > MAX_TAKE:
            raise IllegalMove("That is not a move in this game.")
        if not all(isinstance(ref, str) and CARD_REF.fullmatch(ref) for ref in cards):
            raise IllegalMove("There is no such card.")
        if len(set(cards)) != len(cards):
            raise IllegalMove("You named the same card twice.")
        return move
    if type(move) in (Clear, Turn, Hint, Resign):
        return move
    raise IllegalMove("That is not a move in this game.")


def _copy(state: State) -> State:
    new = dict(state)
    new["foundation"] = list(state["foundation"])
    new["draw"] = list(state["draw"])
    new["stack"] = list(state["stack"])
    new["taken"] = list(state["taken"])  # groups are never changed once taken: share them
    new["selection"] = list(state["selection"])
    return new


def _collect(state: State, new: State) -> None:
    problem = collect_problem(state)
    if problem is not None:
        raise problem
    refs = state["selection"]
    group = [_card_at(state, ref) for ref in refs]
    run = sum(ref[0] == "s" for ref in refs)
    for ref in refs:
        if ref[0] == "f":
            new["foundation"][int(ref[1:])] = None
    if run:
        del new["stack"][-run:]
    new["taken"].append(group)
    new["selection"], new["hint"] = [], None
    if _hinted(state, group):
        new["hinted"] = None  # the hint has been used
    _check_end(new)


def _wrong_move_report(game: PrimeSolitaire, log: list, wrong) -> dict[str, Any]:
    """The teacher's summary of where a winnable deal was lost, and the replay step to show."""
    seat, data = log[wrong.move - 1]
    what = game.describe(wrong.at_move, seat, game.parse_move(data))
    instead = _line_step_text(wrong.state, wrong.instead)
    if wrong.gave_up:
        summary = (
            f"This deal could still have been won when it was given up at move {wrong.move}. "
            f"A way on from there: {instead}."
        )
        note = f"From here the deal could still be won. A way on: {instead}."
        mark = "given up while it could still be won"
    elif wrong.proved:
        summary = (
            f"This deal could have been won. The first move that went wrong was move "
            f"{wrong.move} ({what}): before it there was still a way to win, after it there was "
            f"none. Better: {instead}."
        )
        note = (
            f"Here the deal could still be won. The next move ({what}) lost it; better: {instead}."
        )
        mark = "the first move that went wrong"
    else:
        summary = (
            f"This deal could have been won. After move {wrong.before} there was still a way "
            f"to win ({instead}); by move {wrong.lost_by} there was none. The solver could not "
            f"tell in time which move in between lost it."
        )
        note = f"Here the deal could still be won. A way on: {instead}."
        mark = ""
    replay = {"step": wrong.before, "move": wrong.move, "note": note, "mark": mark}
    return {"summary": summary, "replay": replay}


def _line_step_text(state: State, step: tuple) -> str:
    """A solver's step as a teacher reads it: "turn over a card", "take 40 = 2 × 4 × 5"."""
    if not step or step[0] == "turn":
        return "turn over a card"
    _, mask, run = step
    cards = [state["foundation"][p] for p in _bits(mask)]
    cards += state["stack"][len(state["stack"]) - run :]
    return f"take {_equation(sorted(cards), state['settings']['level'])}"


def _check_end(state: State) -> None:
    """The layout cleared is a win; no draw pile and no set left is a loss."""
    if all(card is None for card in state["foundation"]):
        state["status"] = WON
    elif not state["draw"] and not visible_sets(state, limit=1):
        state["status"] = LOST


def _collect_events(
    before: State, refs: list[str], player: int, after: State | IllegalMove
) -> list:
    cards = [_card_at(before, ref) for ref in refs]
    cards = [c for c in cards if c is not None]
    if isinstance(after, IllegalMove):
        if after.kind in ("skipped_card", "no_foundation_card"):
            skill = "take_from_top" if after.kind == "skipped_card" else "use_the_layout"
            detail = {"cards": cards, "reason": after.reason}
            return [LearningEvent(player, "rule", f"solitaire:{skill}", False, after.kind, detail)]
        # A covered card is a rule of choosing cards (a board with JavaScript never sends one).
        if after.kind in ("rules", "covered_card") or not cards:
            return []
        detail = {"cards": cards, "reason": after.reason}
        skill = f"factors:{max(cards)}"
        return [LearningEvent(player, "factor_set", skill, False, after.kind, detail)]
    check = check_set(cards, before["settings"]["level"])
    detail = {
        "equation": check.equation(),
        "prime_factor_set": check.prime,
        "primes": sorted(set(prime_factors(check.answer))),
        "cards": cards,
        "from_stack": sum(ref[0] == "s" for ref in refs),
    }
    # A set the last hint showed is the app's help, not the player's own find.
    helped = _hinted(before, cards)
    skill = f"factors:{check.answer}"
    return [LearningEvent(player, "factor_set", skill, True, detail=detail, helped=helped)]


def _hinted(state: State, cards: list[int]) -> bool:
    """Whether these are the cards (the same numbers) of the set the last hint showed."""
    hinted = state.get("hinted")  # states saved before hints were remembered have none
    return hinted is not None and sorted(cards) == hinted


SOLITAIRE = PrimeSolitaire()
