"""The Multiplication Game: discard a card that shares a declared multiplier with the open card.

Rule text: The Multiplication Game's rule text; what it leaves open is settled in
docs/rules.md ("The Multiplication Game"). Pure Python: no Django here.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any, ClassVar

from games.engine.common import as_help, products_shown
from games.engine.protocol import (
    Bot,
    Game,
    IllegalMove,
    LearningEvent,
    Move,
    Outcome,
    SettingsError,
    State,
    View,
)
from games.engine.rng import rng_for, shuffled
from games.engine.texts import HowToPlay, LearnScript, RulesSection

from .cards import (
    FACTORISATIONS,
    FREE,
    NUMBERS,
    SQUARES,
    TABLE_MAX,
    Card,
    card_text,
    deck,
    factorisations,
    is_card,
    is_square,
    multipliers_of,
    product_text,
)
from .story import story

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
# parse_move refuses bigger numbers: Python cannot even print an int of 5000 digits.
NUMBER_LIMIT = 10_000
_NUMBER_SET = set(NUMBERS)


@dataclass(frozen=True)
class Discard(Move):
    """Discard a card declaring it as a × b (a <= b)."""

    type: ClassVar[str] = "discard"
    card: Card
    a: int
    b: int

    def label(self) -> str:
        """ "24 = 4 × 6" or "free card as 4 = 4 × 1"."""
        text = f"{self.a * self.b} = {product_text(self.a, self.b)}"
        return f"free card as {text}" if self.card == FREE else text


@dataclass(frozen=True)
class Draw(Move):
    """Draw one card instead of discarding; the turn passes."""

    type: ClassVar[str] = "draw"

    def label(self) -> str:
        """ "draw a card"."""
        return "draw a card"


class MultiplicationGame(Game):
    """The Multiplication Game (game 4 of the multiplication-table deck)."""

    slug = "multiplication"
    stylesheet = "css/multiplication.css"
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

    # --- learning the game (texts.py) ------------------------------------------------------
    def how_to_play(self) -> HowToPlay:
        """The game for children, with the rule text's worked examples drawn as cards."""
        from . import texts  # texts name the rules' settings: import late to avoid a cycle

        return texts.how_to_play()

    def learn_to_play(self) -> LearnScript:
        """A two-player round against Pip: a match, a square, a draw and a free card."""
        from . import texts

        return texts.learn_to_play()

    def rules_for_teachers(self) -> list[RulesSection]:
        """The full rules, every setting and every decision that changes play."""
        from . import texts

        return texts.rules_for_teachers()

    # --- play -----------------------------------------------------------------------------
    def new_game(self, settings: dict[str, Any], players: int, seed: int) -> State:
        """Deal, choose the dealer, turn up the open card."""
        settings = self.clean_settings(settings)
        if type(players) is not int or not self.min_players <= players <= self.max_players:
            raise SettingsError("The Multiplication Game is for 2 to 6 players.")
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

    def current_player(self, state: State) -> int | None:
        """Whose turn it is; None once the game is over."""
        return state["turn"]

    def actors(self, state: State, players: int) -> list[int]:
        """Only the player whose turn it is (who may always draw)."""
        return [] if state["turn"] is None else [state["turn"]]

    def legal_moves(self, state: State, player: int) -> list[Move]:
        """Every allowed discard (by value, free cards after numbers, a, b), then Draw."""
        if state["turn"] is None or player != state["turn"]:
            return []
        return [*possible_discards(state, player), Draw()]

    def apply_move(self, state: State, player: int, move: Move) -> State:
        """The state after the move; IllegalMove with a child-readable reason if refused."""
        move = _checked(move)
        if state["turn"] is None:
            raise IllegalMove("The game is over.")
        if type(player) is not int or player != state["turn"]:
            raise IllegalMove("It's not your turn.")
        if isinstance(move, Draw):
            return _draw_turn(state, player)
        assert isinstance(move, Discard)
        _check_discard(state, player, move)
        return _discard_turn(state, player, move)

    def parse_move(self, data: Any) -> Move:
        """A move from its JSON form; anything malformed raises IllegalMove."""
        if not isinstance(data, dict):
            raise IllegalMove("That is not a move in this game.")
        kind = data.get("type")
        if kind == "draw" and set(data) == {"type"}:
            return Draw()
        if kind != "discard" or not set(data) <= {"type", "card", "a", "b"}:
            raise IllegalMove("That is not a move in this game.")
        # The board's form leaves out what the child did not tap: say what is missing.
        if "card" not in data:
            raise IllegalMove("Pick one of your cards first.")
        if "a" not in data or "b" not in data:
            raise IllegalMove("Tap two numbers to say your card as a multiplication.")
        if not is_card(data["card"]):
            raise IllegalMove("There is no such card in this game.")
        a, b = _multiplier(data["a"]), _multiplier(data["b"])
        return Discard(data["card"], min(a, b), max(a, b))

    def view(self, state: State, player: int | None) -> View:
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
        return as_help(self._events(before, player, move, after), multipliers_shown(before))

    def _events(
        self, before: State, player: int, move: Move, after: State | IllegalMove
    ) -> list[LearningEvent]:
        try:
            move = _checked(move)
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

    def bots(self) -> dict[str, Bot]:
        """Easy and strong bots."""
        from .bots import BOTS  # bots import the rules' moves: import late to avoid a cycle

        return BOTS

    def resample_hidden(self, state: State, player: int | None, rng: random.Random) -> State:
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

    def check_invariants(self, state: State) -> None:
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

    def describe(self, state: State, player: int, move: Move) -> str:
        """ "discarded 24 = 4 × 6", "played a free card as 4 = 4 × 1", "drew a card"."""
        move = _checked(move)
        if isinstance(move, Discard):
            return f"played a {move.label()}" if move.card == FREE else f"discarded {move.label()}"
        return "drew a card"


def multipliers_shown(state: State) -> bool:
    """Whether the board lists the open card's multipliers (the teacher's setting)."""
    return products_shown(state)


def _open_view(state: State) -> dict[str, Any]:
    """The open card; its declarations and multipliers only as far as the child may be told:
    hidden, a played card keeps what its player declared ("24 = 4 × 6"), but the ways to make
    a turned-up card and the multipliers to match are the child's to work out."""
    open_ = state["open"]
    # Nobody has discarded yet: the dealer turned this card up (see new_game).
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
def _checked(move: object) -> Move:
    """A move of this game with a <= b, even one built by hand; IllegalMove for anything else."""
    if type(move) is Draw:
        return move
    if type(move) is not Discard or not is_card(move.card):
        raise IllegalMove("That is not a move in this game.")
    a, b = _multiplier(move.a), _multiplier(move.b)
    return move if a <= b else Discard(move.card, b, a)


def _multiplier(value: Any) -> int:
    if type(value) is not int or abs(value) > NUMBER_LIMIT:
        raise IllegalMove("A multiplier must be a whole number from 1 to 10.")
    return value


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


def _sorted_hand(hand: list[Card]) -> list[Card]:
    """Numbers ascending, then the free cards."""
    return sorted(card for card in hand if card != FREE) + [FREE] * hand.count(FREE)


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
