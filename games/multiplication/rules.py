"""The Multiplication Game's rules: discard a card that shares a declared multiplier with the
open card.

Rule text: The Multiplication Game's rule text; what it leaves open is settled in
docs/rules.md ("The Multiplication Game"). This module deals, checks and applies moves, and
says what a move shows of a player's knowledge; game.py is the Game the platform calls.
Pure Python: no Django here.
"""

from __future__ import annotations

import random
from typing import Any

from games.engine.common import products_shown
from games.engine.protocol import IllegalMove, LearningEvent, Move, State
from games.engine.rng import rng_for, shuffled

from .cards import (
    FACTORISATIONS,
    FREE,
    NUMBERS,
    TABLE_MAX,
    Card,
    card_text,
    deck,
    factorisations,
    is_square,
    multipliers_of,
    product_text,
)
from .moves import Discard, Draw, checked_move

FREE_CARD_CHOICES = {0: "No free cards", 1: "1 free card", 2: "2 free cards"}
# Issue 30: the teacher's setting Prime Bomb and Equate have, in their words (hidden / shown,
# counts as help). Hidden, the board never lists the open card's multipliers, nor the ways to
# make a turned-up card: finding a card that shares one is what the game practises.
PRODUCT_CHOICES = {
    "hidden": "Hidden: the child works them out",
    "shown": "Shown on the open card (counts as help)",
}
# docs/rules.md: 7 cards each, only 5 each with 4 or more players.
HAND_SIZE, SMALL_HAND_SIZE, SMALL_HAND_FROM = 7, 5, 4
# Our decision (not in the rules): a safety cap so every game ends; then fewest cards wins.
MOVE_LIMIT = 600
LOG_SIZE = 20  # public events kept for the board
_NUMBER_SET = set(NUMBERS)


def new_state(settings: dict[str, Any], players: int, seed: int) -> State:
    """Deal, choose the dealer, turn up the open card (settings already cleaned)."""
    cards = shuffled(deck(settings["free_cards"]), seed, "deal")
    size = SMALL_HAND_SIZE if players >= SMALL_HAND_FROM else HAND_SIZE
    hands = [cards[seat * size : (seat + 1) * size] for seat in range(players)]
    open_card, draw = _turn_up(cards[players * size :], seed)
    dealer = rng_for(seed, "dealer").randrange(players)
    return {
        "players": players,
        "settings": settings,
        "hands": hands,
        "draw": draw,
        "discard": [],
        # docs/rules.md: every way of writing the turned-up card counts as declared.
        "open": {
            "card": open_card,
            "value": open_card,
            "declared": [list(pair) for pair in FACTORISATIONS[open_card]],
        },
        "turn": (dealer + 1) % players,
        "dealer": dealer,
        "seed": seed,
        "reshuffles": 0,
        "moves": 0,
        "winner": None,
        "winners": [],
        "log": [],
    }


def legal_moves(state: State, player: int) -> list[Move]:
    """Every allowed discard (by value, free cards after numbers, a, b), then Draw."""
    if state["turn"] is None or player != state["turn"]:
        return []
    return [*possible_discards(state, player), Draw()]


def play(state: State, player: int, move: Move) -> State:
    """The state after the move; IllegalMove with a child-readable reason if refused."""
    move = checked_move(move)
    if state["turn"] is None:
        raise IllegalMove("The game is over.")
    if type(player) is not int or player != state["turn"]:
        raise IllegalMove("It's not your turn.")
    if isinstance(move, Draw):
        return _draw_turn(state, player)
    assert isinstance(move, Discard)
    _check_discard(state, player, move)
    return _discard_turn(state, player, move)


def learning_events(
    before: State, player: int, move: Move, after: State | IllegalMove
) -> list[LearningEvent]:
    """Facts used or got wrong, mismatched multipliers, and discards missed (never as help:
    the Game marks them so when the multipliers were shown)."""
    try:
        move = checked_move(move)
    except IllegalMove:
        return []
    if isinstance(after, IllegalMove):
        return _mistake_events(player, move, after)
    if isinstance(move, Draw):
        options = len(possible_discards(before, player))
        if not options:
            return []
        detail = {"options": options}
        return [LearningEvent(player, "play", "discard", False, "missed_play", detail)]
    assert isinstance(move, Discard)
    a, b = move.a, move.b
    common = sorted({a, b} & set(multipliers_of(before["open"]["declared"])))
    detail = {"product": a * b, "card": move.card, "common": common, "square": is_square(a * b)}
    # A free card's number is worked out by the app from a × b (the child never has to
    # know it): help, not the child's own knowledge of the fact (docs/rules.md).
    helped = move.card == FREE
    return [LearningEvent(player, "fact", f"{a}x{b}", True, detail=detail, helped=helped)]


def resample_hidden(state: State, player: int | None, rng: random.Random) -> State:
    """Deal everything this player cannot see (others' hands, the draw pile) again."""
    new = _copy(state)
    seats = [seat for seat in range(state["players"]) if seat != player]
    pool = list(new["draw"])
    for seat in seats:
        pool.extend(new["hands"][seat])
    rng.shuffle(pool)
    for seat in seats:
        size = len(new["hands"][seat])
        new["hands"][seat], pool = pool[:size], pool[size:]
    new["draw"] = pool
    return new


def check_state(state: State) -> None:
    """Every card exactly once; the open card and the turn make sense."""
    open_ = state["open"]
    cards = [open_["card"], *state["draw"], *state["discard"]]
    for hand in state["hands"]:
        cards.extend(hand)
    free = state["settings"]["free_cards"]
    # With the right count and the right free cards, 42 distinct numbers means each once.
    assert len(cards) == len(NUMBERS) + free, "cards lost or doubled"
    assert cards.count(FREE) == free, "free cards lost or doubled"
    assert set(cards) - {FREE} == _NUMBER_SET, "number cards lost or doubled"
    for a, b in open_["declared"]:
        assert a * b == open_["value"] and 1 <= a <= b <= TABLE_MAX, "bad declaration"
    assert open_["card"] in (FREE, open_["value"]), "open value differs from its card"
    assert len(state["log"]) <= LOG_SIZE
    if state["turn"] is None:
        assert state["winners"], "a finished game has winners"
    else:
        assert 0 <= state["turn"] < state["players"] and not state["winners"]
        assert all(state["hands"]), "nobody has emptied their hand yet"


def multipliers_shown(state: State) -> bool:
    """Whether the board lists the open card's multipliers (the teacher's setting)."""
    return products_shown(state)


def possible_discards(state: State, player: int) -> list[Discard]:
    """Every discard the rules allow this player on the open card, in the fixed order."""
    wanted = set(multipliers_of(state["open"]["declared"]))
    options = [
        option
        for card in set(state["hands"][player])
        for option in _OPTIONS[card]
        if option[1] in wanted or option[2] in wanted
    ]
    options.sort()
    return [option[3] for option in options]


def _options(card: Card) -> tuple[tuple[tuple[int, bool, int, int], int, int, Discard], ...]:
    """Every declaration of a card as (its place in the fixed order, a, b, the move)."""
    return tuple(
        ((a * b, card == FREE, a, b), a, b, Discard(card, a, b)) for a, b in factorisations(card)
    )


# Built once: legal_moves runs at every turn of every game.
_OPTIONS = {card: _options(card) for card in set(deck(1))}


# --- checking a discard ---------------------------------------------------------------------
def _check_discard(state: State, player: int, move: Discard) -> None:
    """Refuse a discard the rules do not allow, saying why in a child's words."""
    card, a, b = move.card, move.a, move.b
    if card not in state["hands"][player]:
        raise IllegalMove(f"You don't have {_a(card)}.")
    detail = {"card": card, "declared": [a, b]}
    if a < 1:
        reason = f"{a} is too small: the table goes from 1 × 1 to 10 × 10."
        raise IllegalMove(reason, kind="outside_table", detail=detail)
    if b > TABLE_MAX:
        reason = f"{b} is too big: the table goes from 1 × 1 to 10 × 10."
        raise IllegalMove(reason, kind="outside_table", detail=detail)
    if card != FREE and a * b != card:
        # Never the product of a × b: finding it is the child's work ("48 is not 6 × 7").
        reason = f"{card} is not {product_text(a, b)}. "
        reason += f"Look for {card} on the multiplication table card."
        raise IllegalMove(reason, kind="wrong_product", detail=detail)
    declared = state["open"]["declared"]
    wanted = multipliers_of(declared)
    if not {a, b} & set(wanted):
        raise IllegalMove(
            _no_match_reason(move, state["open"]["value"], declared),
            kind="no_common_multiplier",
            detail={**detail, "open": wanted},
        )


def _no_match_reason(move: Discard, value: int, declared: list[list[int]]) -> str:
    """ "24 as 3 × 8 has no 2 or 6 in it. On 12 = 2 × 6, play a card with a 2 or a 6. Is
    there another way to make 24?" """
    wanted = multipliers_of(declared)
    said = product_text(move.a, move.b)
    played = f"The free card as {said}" if move.card == FREE else f"{move.card} as {said}"
    numbers = ", ".join(str(n) for n in wanted[:-1]) + " or " if len(wanted) > 1 else ""
    open_text = f"{value} = " + " or ".join(product_text(x, y) for x, y in declared)
    reason = (
        f"{played} has no {numbers}{wanted[-1]} in it. "
        f"On {open_text}, play a card with {_list_or(wanted)}."
    )
    others = [pair for pair in factorisations(move.card) if set(pair) & set(wanted)]
    if move.card != FREE and others:
        reason += f" Is there another way to make {move.card}?"  # a nudge, not the answer
    return reason


def _a(card: Card) -> str:
    """ "a 24", "an 8", "an 81", "a free card"."""
    text = card_text(card)
    return f"an {text}" if text.startswith("8") or text == "18" else f"a {text}"


def _list_or(numbers: list[int]) -> str:
    """ "a 2 or a 6", "a 3, a 4, a 6 or an 8"."""
    words = [_a(n) for n in numbers]
    return words[0] if len(words) == 1 else ", ".join(words[:-1]) + " or " + words[-1]


def _mistake_events(player: int, move: Move, error: IllegalMove) -> list[LearningEvent]:
    if not isinstance(move, Discard) or error.kind == "rules":
        return []
    kind = "match" if error.kind == "no_common_multiplier" else "fact"
    detail = {"card": move.card, "declared": [move.a, move.b]}
    return [LearningEvent(player, kind, f"{move.a}x{move.b}", False, error.kind, detail)]


# --- changing the state ---------------------------------------------------------------------
def _turn_up(draw: list[Card], seed: int) -> tuple[int, list[Card]]:
    """The open card from the top of the pile (its end), and the pile left."""
    draw = list(draw)
    set_aside = []
    # Our decision: a free card turned up goes back into the pile (shuffled in, seeded) and
    # the next card is turned up instead, so the first open card is always a number.
    while draw[-1] == FREE:
        set_aside.append(draw.pop())
    card = draw.pop()
    if set_aside:
        draw = shuffled(draw + set_aside, seed, "turn-up")
    return card, draw


def _copy(state: State) -> State:
    new = dict(state)
    new["settings"] = dict(state["settings"])
    new["hands"] = [list(hand) for hand in state["hands"]]
    new["draw"] = list(state["draw"])
    new["discard"] = list(state["discard"])
    new["open"] = {**state["open"], "declared": [list(p) for p in state["open"]["declared"]]}
    new["log"] = list(state["log"])  # events are never changed once logged: share them
    new["winners"] = list(state["winners"])
    return new


def _log(state: State, player: int, kind: str, **extra: Any) -> None:
    """Keep a public event for the board; `move` numbers the move it belongs to (0, 1, ...),
    so the board can tell one move with all its effects (see story.py)."""
    event = {"player": player, "kind": kind, "move": state["moves"], **extra}
    state["log"] = [*state["log"], event][-LOG_SIZE:]


def _draw_turn(state: State, player: int) -> State:
    new = _copy(state)
    if _take_card(new, player):
        _log(new, player, "draw")
    new["turn"] = (player + 1) % new["players"]
    return _count_move(new)


def _discard_turn(state: State, player: int, move: Discard) -> State:
    new = _copy(state)
    value = move.a * move.b
    common = sorted({move.a, move.b} & set(multipliers_of(state["open"]["declared"])))
    new["hands"][player].remove(move.card)
    new["discard"].append(new["open"]["card"])
    new["open"] = {"card": move.card, "value": value, "declared": [[move.a, move.b]]}
    left = len(new["hands"][player])
    _log(
        new,
        player,
        "discard",
        card=move.card,
        value=value,
        a=move.a,
        b=move.b,
        common=common,
        left=left,
    )
    if not new["hands"][player]:
        _finish(new, [player])  # the win comes at once: no square penalty after it
        new["moves"] += 1
        return new
    following = (player + 1) % new["players"]
    if is_square(value):
        # "obliges the following player to lose a turn and draw an extra card"
        _log(new, following, "penalty")
        _take_card(new, following)
        following = (following + 1) % new["players"]
    new["turn"] = following
    return _count_move(new)


def _take_card(state: State, player: int) -> bool:
    """Move the top card to the player's hand, reshuffling the discards if the pile is empty."""
    if not state["draw"] and state["discard"]:
        # docs/rules.md: the discards except the open card become a new pile, seeded per reshuffle.
        state["draw"] = shuffled(state["discard"], state["seed"], "reshuffle", state["reshuffles"])
        state["discard"] = []
        state["reshuffles"] += 1
        _log(state, player, "reshuffle")
    if not state["draw"]:
        _log(state, player, "no_draw")
        return False
    state["hands"][player].append(state["draw"].pop())
    return True


def _count_move(state: State) -> State:
    state["moves"] += 1
    if state["moves"] >= MOVE_LIMIT:
        fewest = min(len(hand) for hand in state["hands"])
        _finish(state, [seat for seat, hand in enumerate(state["hands"]) if len(hand) == fewest])
    return state


def _finish(state: State, winners: list[int]) -> None:
    state["turn"] = None
    state["winners"] = winners
    state["winner"] = winners[0] if len(winners) == 1 else None  # None: a tie at the move limit
