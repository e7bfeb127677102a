"""Prime Bomb – Capture as a Game: settings, secret simultaneous choices, views, the clock.

The rules are rules.py, the Flip, Choose and Swap moves moves.py; this module adds what the
platform needs (issue 16, step 2): the settings, the submissions counter that orders the
choices, the clocks, the views that hide pending choices, the board key and the learning
events. A choice of the same cards again is not a move; one of other cards only its player
sees (games.services._private_move).

Decisions: docs/rules.md, "Prime Bomb – Capture" (here: "On the platform", "The product is the
child's to work out", "Choosing at the same moment").

Pure Python: no Django.
"""

from __future__ import annotations

import random
from itertools import combinations
from typing import Any

from games.engine.common import PRODUCT_CHOICES, known_keys, redeal, whole_number
from games.engine.protocol import (
    IllegalMove,
    LearningEvent,
    Move,
    Outcome,
    SettingsError,
    State,
    Timeout,
    View,
)

from ..base import PrimePakGame
from ..cards import LEVELS
from . import rules as pb
from .moves import NOT_A_MOVE, Choose, Flip, Swap, hand_choices, parse_move

__all__ = ["PRIME_BOMB", "Choose", "Flip", "PrimeBomb", "Swap"]

CHOOSE_SECONDS = (15, 30, 60, 120)
DEFAULT_CHOOSE_SECONDS = 30
FLIP_SECONDS = 20
SCORING_LABELS = {"sum": "The sum of the captured cards", "count": "The number of captured cards"}
SKILL_WORDS = {"bomb:closest": "the closest product from a hand"}


def _same_cards(state: State, player: int, positions: tuple[int, ...]) -> bool:
    """Whether the player already chose cards of these values (issue 36; docs/rules.md,
    Prime Bomb – Capture: "On the platform")."""
    chosen = state["choices"][player]
    if chosen is None:
        return False
    hand = state["hands"][player]
    return sorted(hand[p] for p in chosen["cards"]) == sorted(hand[p] for p in positions)


# --- the game -------------------------------------------------------------------------------------
class PrimeBomb(PrimePakGame):
    """Prime Bomb – Capture for 2 to 6 players; texts in texts.py, bots in bots.py."""

    slug = "prime-bomb"
    stylesheet = "games/prime-bomb/primebomb.css"
    script = "games/prime-bomb/primebomb.js"
    tells_own_story = True
    list_fields = frozenset({"cards"})
    secret_moves = True  # a choice kept secret until the reveal
    name = "Prime Bomb – Capture"
    min_players = pb.MIN_PLAYERS
    max_players = pb.MAX_PLAYERS
    # Playouts of up to 1,600 steps (swaps between flips), each step listing up to 128 choices
    # for each of six players: 60 seeded playouts, spread over the 960 combinations of settings
    # and table sizes (every level, clock, scoring, hand and table size is still played).
    conformance_playouts = 60
    summary = (
        "A card is turned up. Everyone picks cards in secret whose product comes closest to it, "
        "then all cards are shown. Capture the most!"
    )

    # --- settings -------------------------------------------------------------------------
    def default_settings(self) -> dict[str, Any]:
        """Level 1, 7 cards, scored by the sum, 30 seconds to choose, the product not shown."""
        return {"level": 1, "hand": 7, "scoring": "sum", "choose_seconds": DEFAULT_CHOOSE_SECONDS,
                "product": "hidden"}  # fmt: skip

    def settings_fields(self) -> list[dict[str, Any]]:
        """Deck level, hand size, scoring and the choosing clock."""
        return [
            {
                "name": "level",
                "label": "Deck level",
                "choices": [(lv, f"Level {lv}") for lv in LEVELS],
                "help": "Level 1 uses 2 and 5; each level adds new primes.",
            },
            {
                "name": "hand",
                "label": "Cards in hand",
                "choices": [(7, "7 cards"), (5, "5 cards")],
                "help": "5 cards make a quicker, simpler game.",
            },
            {
                "name": "scoring",
                "label": "Score",
                "choices": list(SCORING_LABELS.items()),
                "help": "The rules add up the captured cards; counting them is simpler.",
            },
            {
                "name": "choose_seconds",
                "label": "Time to choose",
                "choices": [(s, f"{s} seconds") for s in CHOOSE_SECONDS],
                "help": "When time runs out the cards are shown; whoever has not chosen "
                "throws nothing. A young class may need 60 or 120 seconds.",
            },
            {
                "name": "product",
                "label": "Product while choosing",
                "choices": list(PRODUCT_CHOICES.items()),
                "help": "Multiplying the cards is what the game practises. Shown, the board "
                "works it out as cards are picked, and the child's captures count as help.",
                "teacher_only": True,
            },
        ]

    def clean_settings(self, settings: dict[str, Any]) -> dict[str, Any]:
        """Fill in defaults; accept form text ("3", "30"); refuse anything else."""
        defaults = self.default_settings()
        clean = {**defaults, **known_keys(settings, defaults)}
        for key in ("level", "hand", "choose_seconds"):
            number = whole_number(clean[key])
            clean[key] = clean[key] if number is None else number
        core = pb.check_settings({k: clean[k] for k in ("level", "hand", "scoring")})
        seconds = clean["choose_seconds"]
        if type(seconds) is not int or seconds not in CHOOSE_SECONDS:
            raise SettingsError("Time to choose must be 15, 30, 60 or 120 seconds.")
        if clean["product"] not in PRODUCT_CHOICES:
            raise SettingsError("The product while choosing is hidden or shown.")
        return {**core, "choose_seconds": seconds, "product": clean["product"]}

    def settings_label(self, settings: dict[str, Any]) -> str:
        """ "Level 3", "Level 3 · 5 cards · count · 60 s to choose"."""
        clean = self.clean_settings(settings)
        parts = [f"Level {clean['level']}"]
        if clean["hand"] != 7:
            parts.append(f"{clean['hand']} cards")
        if clean["scoring"] != "sum":
            parts.append("captured cards counted")
        if clean["choose_seconds"] != DEFAULT_CHOOSE_SECONDS:
            parts.append(f"{clean['choose_seconds']} s to choose")
        if clean["product"] == "shown":
            parts.append("product shown")
        return " · ".join(parts)

    # --- play -----------------------------------------------------------------------------
    def new_game(self, settings: dict[str, Any], players: int, seed: int) -> State:
        """Dealt, waiting for the first flip; the clock setting and the submissions counter
        (docs/rules.md, Prime Bomb – Capture: "On the platform") are kept next to the rules'
        state."""
        clean = self.clean_settings(settings)
        state = pb.new_state(clean, players, seed)
        state["choose_seconds"] = clean["choose_seconds"]
        state["product_shown"] = clean["product"] == "shown"
        state["submissions"] = 0
        return state

    def current_player(self, state: State) -> int | None:
        """The flipper before a flip; while choosing, the lowest seat still to choose."""
        if state["phase"] == pb.OVER:
            return None
        if state["phase"] == pb.FLIP:
            return state["flipper"]
        waiting = pb.waiting_for(state)
        return waiting[0] if waiting else state["flipper"]

    def actors(self, state: State, players: int) -> list[int]:
        """While choosing, every seat (each may choose or change its choice); before a flip,
        the flipper and whoever may swap."""
        if state["phase"] == pb.CHOOSE:
            return list(range(state["players"]))
        if state["phase"] != pb.FLIP:
            return []
        hands, piles = state["hands"], state["captured"]
        return [p for p in range(state["players"])
                if p == state["flipper"] or (hands[p] and piles[p])]  # fmt: skip

    def legal_moves(self, state: State, player: int) -> list[Move]:
        """Before a flip: the flipper's Flip, and each different swap (one per pair of card
        values) for a player with captured cards. While choosing: every different set of
        hand cards (one per set of values), throwing nothing first."""
        if type(player) is not int or not 0 <= player < state["players"]:
            return []
        phase = state["phase"]
        if phase == pb.CHOOSE:
            return list(hand_choices(tuple(state["hands"][player])))
        if phase == pb.FLIP:
            moves = [Flip()] if player == state["flipper"] else []
            hand, pile = state["hands"][player], state["captured"][player]
            # One swap per pair of values: each value named by its first place.
            taken = _first_places(pile)
            moves.extend(Swap(h, c) for h in _first_places(hand) for c in taken)
            return moves
        return []

    def board_key(self, state: State, player: int) -> str | None:
        """The card turned up, the phase, and the player's own hand and captured cards: while
        they stay the same, a choice or a swap from an older board still means the same cards
        (docs/rules.md, Prime Bomb – Capture: "Choosing at the same moment"). Others' choices
        and swaps do not change it."""
        seated = type(player) is int and 0 <= player < state["players"]
        if state["phase"] == pb.OVER or not seated:
            return None
        hand = ".".join(map(str, state["hands"][player]))
        pile = ".".join(map(str, state["captured"][player]))
        return f"{state['phase']}:{state['flips']}:{hand}:{pile}"

    def canonical_move(self, state: State, player: int, move: Move) -> Move:
        """Cards named by the first places holding their values (as legal_moves lists them)."""
        if not (type(player) is int and 0 <= player < state["players"]):
            return move
        hand, pile = state["hands"][player], state["captured"][player]
        if isinstance(move, Choose) and all(0 <= p < len(hand) for p in move.cards):
            used: list[int] = []
            for p in move.cards:
                used.append(next(q for q, c in enumerate(hand) if c == hand[p] and q not in used))
            return Choose(tuple(sorted(used)))
        if isinstance(move, Swap) and 0 <= move.card < len(hand) and 0 <= move.captured < len(pile):
            return Swap(hand.index(hand[move.card]), pile.index(pile[move.captured]))
        return move

    def apply_move(self, state: State, player: int, move: Move) -> State:
        """The state after the move. A Choose takes the next submission number as its place
        in line (docs/rules.md, Prime Bomb – Capture: "On the platform") and, when it is the
        last missing choice, shows all cards."""
        if type(player) is not int or not 0 <= player < state["players"]:
            raise IllegalMove("You are not playing in this game.")
        if isinstance(move, Flip):
            return pb.flip(state, player)
        if isinstance(move, Swap):
            return pb.swap(state, player, move.card, move.captured)
        if isinstance(move, Choose):
            order = state["submissions"] + 1
            new = pb.choose(state, player, list(move.cards), order)
            if _same_cards(state, player, move.cards):
                return state  # the same cards again: no new submission, its place kept
            new["submissions"] = order
            return new if pb.waiting_for(new) else pb.reveal(new)
        raise IllegalMove(NOT_A_MOVE)

    def timer(self, state: State) -> float | None:
        """The choosing clock (a setting); before a flip, the flipper's 20 seconds."""
        if state["phase"] == pb.CHOOSE:
            return float(state["choose_seconds"])
        if state["phase"] == pb.FLIP:
            return float(FLIP_SECONDS)
        return None

    def timer_key(self, state: State) -> str | None:
        """One clock per choosing and per wait for a flip: a choice, a changed choice or a
        swap does not give everyone their time again (docs/rules.md, Prime Bomb – Capture:
        "On the platform")."""
        if state["phase"] == pb.OVER:
            return None
        return f"{state['phase']}:{state['flips']}"

    def waiting_for(self, state: State) -> list[int] | None:
        """While choosing, the seats that have not chosen (public: docs/rules.md,
        Prime Bomb – Capture: "On the platform")."""
        return pb.waiting_for(state) if state["phase"] == pb.CHOOSE else None

    def apply_timeout(self, state: State) -> State:
        """Time is up: show the cards (no choice: nothing thrown), or turn up the next card
        for the flipper."""
        if state["phase"] == pb.CHOOSE:
            return pb.reveal(state, clock_ended=True)
        if state["phase"] == pb.FLIP:
            return pb.flip(state, state["flipper"])
        raise IllegalMove("No clock is running.")

    def parse_move(self, data: Any) -> Move:
        """A move from its JSON form; malformed: IllegalMove."""
        return parse_move(data)

    def view(self, state: State, player: int | None) -> View:
        """Your hand and your own choice; others' hand sizes and whether they have chosen
        (docs/rules.md, Prime Bomb – Capture: "On the platform"); the stack, captured piles and
        scores; the last reveal (public)."""
        players = state["players"]
        mine = player if type(player) is int and 0 <= player < players else None
        choosing = state["phase"] == pb.CHOOSE
        view: View = {
            "level": state["settings"]["level"],
            "hand_size": state["settings"]["hand"],
            "scoring": state["settings"]["scoring"],
            "choose_seconds": state["choose_seconds"],
            "product_shown": state["product_shown"],
            "players": players,
            "me": mine,
            "phase": state["phase"],
            "flipper": state["flipper"],
            "flips": state["flips"],
            "deck_count": len(state["deck"]),
            "stack": list(state["stack"]),
            "target": pb.target(state) if state["phase"] != pb.OVER else None,
            "hand": None,
            "hand_sizes": [len(hand) for hand in state["hands"]],
            "captured": [list(pile) for pile in state["captured"]],
            "scores": list(state["scores"]),
            "chosen": [c is not None for c in state["choices"]] if choosing else None,
            "my_choice": None,
            "last_reveal": _public_reveal(state["last_reveal"]),
            "winners": list(state["winners"]),
            "log": [dict(line, parts=[dict(p) for p in line["parts"]]) for line in state["log"]],
        }
        if mine is not None:
            view["hand"] = [{"pos": p, "value": c} for p, c in enumerate(state["hands"][mine])]
            choice = state["choices"][mine]
            if choosing and choice is not None:
                view["my_choice"] = list(choice["cards"])
        return view

    def outcome(self, state: State) -> Outcome | None:
        """The highest score wins; equal highest scores share the win (docs/rules.md,
        Prime Bomb – Capture: "Scoring")."""
        if state["phase"] != pb.OVER:
            return None
        return Outcome(tuple(state["winners"]), tuple(state["scores"]), "the deck ran out")

    def learning_events(
        self, before: State, player: int, move: Move, after: State | IllegalMove
    ) -> list[LearningEvent]:
        """At a reveal (the last Choose or the clock), one event per player who threw cards
        (docs/rules.md, Prime Bomb – Capture: "On the platform"). Other moves show no arithmetic."""
        if isinstance(after, IllegalMove) or not isinstance(move, (Choose, Timeout)):
            return []
        if before["phase"] != pb.CHOOSE or after["phase"] == pb.CHOOSE:
            return []
        reveal = after["last_reveal"]
        goal = reveal["target"]
        # The board multiplied for them (docs/rules.md, Prime Bomb – Capture:
        # "The product is the child's to work out").
        helped = after["product_shown"]
        events = []
        for play in reveal["plays"]:
            if not play["cards"]:
                continue
            seat, cards = play["seat"], play["cards"]
            detail = {"target": goal, "cards": list(cards), "product": play["product"]}
            if reveal["prime"]:
                if play["valid"]:
                    events.append(
                        LearningEvent(seat, "prime", f"prime:{goal}", True, "", detail, helped)
                    )
                else:
                    detail["reason"] = play["mistake"]
                    events.append(LearningEvent(
                        seat, "prime", f"prime:{goal}", False, play["kind"], detail, helped
                    ))  # fmt: skip
                continue
            detail["distance"] = play["distance"]
            if play["distance"] == 0:
                events.append(
                    LearningEvent(seat, "factor_set", f"factors:{goal}", True, "", detail, helped)
                )
                continue
            best = _closest_distance(before["hands"][seat], goal)
            detail["best_distance"] = best
            right = play["distance"] == best
            mistake = "" if right else "not_closest"
            events.append(
                LearningEvent(seat, "product", "bomb:closest", right, mistake, detail, helped)
            )
        return events

    def resample_hidden(self, state: State, player: int | None, rng: random.Random) -> State:
        """The deck and the other players' hands dealt again (sizes kept, hands sorted), and
        their pending choices drawn again: which cards and how many are hidden, only whether
        they chose (and their place in line, known from the move log) stays."""
        new = pb.copy_state(state)
        others = [s for s in range(new["players"]) if s != player]
        redeal([new["deck"], *(new["hands"][s] for s in others)], rng)
        for seat in others:
            new["hands"][seat].sort()
            choice = new["choices"][seat]
            if choice is not None:
                size = len(new["hands"][seat])
                count = rng.randint(0, size)
                choice["cards"] = sorted(rng.sample(range(size), count))
        return new

    def check_invariants(self, state: State) -> None:
        """The rules' checks, and every pending choice's place in line given by the counter."""
        pb.check_state(state)
        for choice in state["choices"]:
            if choice is not None:
                used = choice["cards"]
                assert len(set(used)) == len(used), "a card chosen twice"
                assert all(0 <= p < state["settings"]["hand"] for p in used), "not in hand"
        assert state["choose_seconds"] in CHOOSE_SECONDS
        orders = [c["order"] for c in state["choices"] if c is not None]
        assert len(set(orders)) == len(orders), "two choices share a place in line"
        assert all(1 <= o <= state["submissions"] for o in orders), "an order not from the server"

    def describe(self, state: State, player: int, move: Move) -> str:
        """ "turned up 28", "chose their cards" (never which), "swapped 25 for 14"."""
        if isinstance(move, Timeout):
            return move.label()
        if isinstance(move, Flip) and state["phase"] == pb.FLIP and state["deck"]:
            return f"turned up {state['deck'][-1]}"
        if isinstance(move, Swap) and 0 <= player < state["players"]:
            hand, pile = state["hands"][player], state["captured"][player]
            if 0 <= move.card < len(hand) and 0 <= move.captured < len(pile):
                return f"swapped {pile[move.captured]} for {hand[move.card]} from their hand"
        return move.label()

    def copy_state(self, state: State) -> State:
        """A copy a move may change (rules.copy_state)."""
        return pb.copy_state(state)

    # --- progress reports (the deck level counts: PrimePakGame) ---------------------------
    def skill_label(self, kind: str, skill: str) -> str:
        """ "factors of 28", "the prime 7", "the closest product from a hand"."""
        if skill in SKILL_WORDS:
            return SKILL_WORDS[skill]
        if skill.startswith("prime:"):
            return f"capturing the prime {skill.removeprefix('prime:')}"
        return super().skill_label(kind, skill)


# --- helpers --------------------------------------------------------------------------------------
def _first_places(cards: list[int]) -> list[int]:
    """The place of each value's first card, in order (a captured pile holds many alike)."""
    first: dict[int, int] = {}
    for place, card in enumerate(cards):
        first.setdefault(card, place)
    return list(first.values())


def _public_reveal(reveal: dict[str, Any] | None) -> dict[str, Any] | None:
    """The last reveal as it was shown to everyone (a copy the view may hand out)."""
    if reveal is None:
        return None
    return {
        **reveal,
        "stack": list(reveal["stack"]),
        "plays": [dict(p, cards=list(p["cards"])) for p in reveal["plays"]],
        "why": [dict(part) for part in reveal["why"]],
    }


def _closest_distance(hand: list[int], goal: int) -> int:
    """How close the best product of any cards of this hand comes to the goal."""
    best = None
    for size in range(1, len(hand) + 1):
        for cards in combinations(hand, size):
            distance = abs(pb.product(list(cards)) - goal)
            if best is None or distance < best:
                best = distance
    assert best is not None
    return best


PRIME_BOMB = PrimeBomb()
