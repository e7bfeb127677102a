"""What a player of The Multiplication Game sees: their own hand, the other hands as counts,
the open card as far as the child may be told, and the story of the last moves. Pure Python.
"""

from __future__ import annotations

from typing import Any

from games.engine.protocol import State, View

from .cards import FREE, SQUARES, Card, is_square, multipliers_of, product_text
from .rules import multipliers_shown
from .story import story


def board_view(state: State, player: int | None) -> View:
    """What a seat (or a spectator, None) may see: other hands and the pile are counts;
    `story` tells the last moves and their effects, never a drawn card; the open card's
    multipliers only when the teacher shows them."""
    seated = type(player) is int and 0 <= player < state["players"]
    return {
        "players": state["players"],
        "me": player if seated else None,
        "turn": state["turn"],
        "hand": _sorted_hand(state["hands"][player]) if seated else None,
        "hand_counts": [len(hand) for hand in state["hands"]],
        "open": _open_view(state),
        "product_shown": multipliers_shown(state),
        "draw_count": len(state["draw"]),
        "discard_count": len(state["discard"]),
        "free_cards": state["settings"]["free_cards"],
        "log": [dict(event) for event in state["log"]],
        "story": story(state["log"], state["players"], player if seated else None),
        "winner": state["winner"],
        "over": state["turn"] is None,
        "squares": list(SQUARES),
    }


def _open_view(state: State) -> dict[str, Any]:
    """The open card; its declarations and multipliers only as far as the child may be told:
    hidden, a played card keeps what its player declared ("24 = 4 × 6"), but the ways to make
    a turned-up card and the multipliers to match are the child's to work out."""
    open_ = state["open"]
    # Nobody has discarded yet: the dealer turned this card up (see rules.new_state).
    turned_up = not state["discard"] and not state["reshuffles"]
    shown = multipliers_shown(state)
    declared = open_["declared"] if shown or not turned_up else []
    return {
        "card": open_["card"],
        "value": open_["value"],
        "declared": [list(pair) for pair in declared],
        "multipliers": multipliers_of(open_["declared"]) if shown else None,
        "says": [product_text(a, b) for a, b in declared],  # "4 × 1", 1 last
        "square": is_square(open_["value"]),
        "turned_up": turned_up,
    }


def _sorted_hand(hand: list[Card]) -> list[Card]:
    """Numbers ascending, then the free cards."""
    return sorted(card for card in hand if card != FREE) + [FREE] * hand.count(FREE)
