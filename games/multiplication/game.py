"""The Multiplication Game as a Game, and its registration: its settings, progress labels and
texts, and the protocol's verbs, each handed to the rules (rules.py), the moves (moves.py) or
the board's view (view.py, story.py). Pure Python: no Django here.
"""

from __future__ import annotations

import random
from typing import Any

from games.engine.common import as_help
from games.engine.protocol import (
    Game,
    IllegalMove,
    LearningEvent,
    Move,
    Outcome,
    SettingsError,
    State,
    View,
)
from games.engine.registry import register

from . import rules
from .cards import FREE
from .moves import Discard, checked_move, move_from_json
from .rules import FREE_CARD_CHOICES, PRODUCT_CHOICES
from .view import board_view


class MultiplicationGame(Game):
    """The Multiplication Game (game 4 of the multiplication-table deck)."""

    slug = "multiplication"
    stylesheet = "games/multiplication/multiplication.css"
    tells_own_story = True
    name = "The Multiplication Game"
    min_players = 2
    max_players = 6
    summary = (
        "Discard a card from the multiplication table that shares a multiplier with the open "
        "card. Square numbers make the next player miss a turn. Empty your hand to win."
    )
    turn_seconds = None
    fact_map = "table"  # the 10 × 10 table of facts played

    # --- settings -------------------------------------------------------------------------
    def default_settings(self) -> dict[str, Any]:
        """No free cards unless the teacher adds them; the open card's multipliers not listed."""
        return {"free_cards": 0, "product": "hidden"}

    def settings_fields(self) -> list[dict[str, Any]]:
        """How many free cards join the deck, and whether the board lists the multipliers."""
        return [
            {
                "name": "free_cards",
                "label": "Free cards",
                "choices": [(0, "None"), (1, "1 free card"), (2, "2 free cards")],
                "help": "A free card can be played as any number of the table, declared as "
                "a × b when it is played.",
            },
            {
                "name": "product",
                "label": "Multipliers while choosing",
                "choices": list(PRODUCT_CHOICES.items()),
                "help": "Finding a card that shares a multiplier is what the game practises. "
                "Shown, the board lists the open card's multipliers (every way to make a "
                "turned-up card), and every play counts as help.",
                "teacher_only": True,
            },
        ]

    def clean_settings(self, settings: dict[str, Any]) -> dict[str, Any]:
        """Fill in defaults; refuse unknown settings and bad values."""
        if settings is None:
            settings = {}
        if not isinstance(settings, dict):
            raise SettingsError("Settings must be a list of named choices.")
        unknown = sorted(str(key)[:40] for key in settings if key not in ("free_cards", "product"))
        if unknown:
            raise SettingsError(f"Unknown setting: {', '.join(unknown)}.")
        value = settings.get("free_cards", 0)
        if isinstance(value, str) and value in ("0", "1", "2"):
            value = int(value)  # form posts arrive as text
        if type(value) is not int or value not in FREE_CARD_CHOICES:
            raise SettingsError("Free cards must be 0, 1 or 2.")
        product = settings.get("product", "hidden")
        if not isinstance(product, str) or product not in PRODUCT_CHOICES:
            raise SettingsError("The multipliers while choosing are hidden or shown.")
        return {"free_cards": value, "product": product}

    def settings_label(self, settings: dict[str, Any]) -> str:
        """ "No free cards", "1 free card", "2 free cards · multipliers shown"."""
        clean = self.clean_settings(settings)
        label = FREE_CARD_CHOICES[clean["free_cards"]]
        return f"{label} · multipliers shown" if clean["product"] == "shown" else label

    # --- progress reports -----------------------------------------------------------------
    # progress_level stays the default, one level for all games: free cards change how often
    # a player is stuck, not which facts of the 10 × 10 table they practise.
    def skill_label(self, kind: str, skill: str) -> str:
        """ "7 × 8" for the fact "7x8"; "a card you could play" for a missed discard."""
        if skill == "discard":
            return "a card you could play"
        a, x, b = skill.partition("x")
        return f"{a} × {b}" if x and a.isdigit() and b.isdigit() else skill

    # --- play -----------------------------------------------------------------------------
    def new_game(self, settings: dict[str, Any], players: int, seed: int) -> State:
        """Deal, choose the dealer, turn up the open card."""
        settings = self.clean_settings(settings)
        if type(players) is not int or not self.min_players <= players <= self.max_players:
            raise SettingsError("The Multiplication Game is for 2 to 6 players.")
        return rules.new_state(settings, players, seed)

    def current_player(self, state: State) -> int | None:
        """Whose turn it is; None once the game is over."""
        return state["turn"]

    def actors(self, state: State, players: int) -> list[int]:
        """Only the player whose turn it is (who may always draw)."""
        return [] if state["turn"] is None else [state["turn"]]

    def legal_moves(self, state: State, player: int) -> list[Move]:
        """Every allowed discard (by value, free cards after numbers, a, b), then Draw."""
        return rules.legal_moves(state, player)

    def apply_move(self, state: State, player: int, move: Move) -> State:
        """The state after the move; IllegalMove with a child-readable reason if refused."""
        return rules.play(state, player, move)

    def parse_move(self, data: Any) -> Move:
        """A move from its JSON form; anything malformed raises IllegalMove."""
        return move_from_json(data)

    def view(self, state: State, player: int | None) -> View:
        """What a seat (or a spectator, None) may see: other hands and the pile are counts;
        `story` tells the last moves and their effects, never a drawn card; the open card's
        multipliers only when the teacher shows them."""
        return board_view(state, player)

    def outcome(self, state: State) -> Outcome | None:
        """Winners and scores (minus the cards left in hand) once the game is over."""
        if state["turn"] is not None:
            return None
        emptied = any(not hand for hand in state["hands"])
        return Outcome(
            winners=tuple(state["winners"]),
            scores=tuple(-len(hand) for hand in state["hands"]),
            reason="first to play every card" if emptied else "move limit",
        )

    def learning_events(
        self, before: State, player: int, move: Move, after: State | IllegalMove
    ) -> list[LearningEvent]:
        """Facts used or got wrong, mismatched multipliers, and discards missed. With the
        multipliers shown every one is help: the board listed what could be played (issue 30)."""
        events = rules.learning_events(before, player, move, after)
        return as_help(events, rules.multipliers_shown(before))

    def resample_hidden(self, state: State, player: int | None, rng: random.Random) -> State:
        """Deal everything this player cannot see (others' hands, the draw pile) again."""
        return rules.resample_hidden(state, player, rng)

    def check_invariants(self, state: State) -> None:
        """Every card exactly once; the open card and the turn make sense."""
        rules.check_state(state)

    def describe(self, state: State, player: int, move: Move) -> str:
        """ "discarded 24 = 4 × 6", "played a free card as 4 = 4 × 1", "drew a card"."""
        move = checked_move(move)
        if isinstance(move, Discard):
            return f"played a {move.label()}" if move.card == FREE else f"discarded {move.label()}"
        return "drew a card"


MULTIPLICATION = register(MultiplicationGame())
