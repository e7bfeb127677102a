"""Prime Canasta's moves, their JSON form, and the pure functions that apply them.

Cards in the hand are named by position (the hand as it was before the move). Taking the
discard pile adds the chosen cards after the hand: in that move, positions from len(hand) on
name the chosen cards in the pile's order (bottom first). Pile cards are named by their place
in the discard pile, 0 at the bottom. Sets on the table are named by their place in the side's
list. The rules are in state.py; decisions: docs/rules.md, "Prime Canasta". Pure
Python: no Django.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, ClassVar

from games.engine.common import move_index, move_positions
from games.engine.protocol import IllegalMove, Move, State

from ..cards import Card, is_wild, label
from ..meld import best_arrangement, check_meld, possible_melds
from . import state as cs

EXACT_CARDS = 22  # the meld layer's exact search stays fast (milliseconds) up to this hand size
MAX_READY = 12  # ready groups a player may hold at once (a hand rarely makes more sets)
MAX_INDEX = 200  # far more than any hand or pile: a bigger number is not from the board
NOT_A_MOVE = "That is not a move in this game."


# --- the moves ---------------------------------------------------------------------------------
@dataclass(frozen=True)
class DrawTwo(Move):
    """Draw the top two cards of the draw pile."""

    type: ClassVar[str] = "draw_two"

    def label(self) -> str:
        return "drew two cards"


@dataclass(frozen=True)
class TakePile(Move):
    """Take from the discard pile: its top card with `with_cards` from the hand makes a new set
    (or joins the side's set `to_set`); then `pick` (2 or more pile places below the top); then
    `sets` laid down at once from the hand and the picked cards. With `ready` (the board's
    form), the player's ready groups are laid down too (docs/rules.md, Prime Canasta:
    "Ready groups")."""

    type: ClassVar[str] = "take_pile"
    with_cards: tuple[int, ...] = ()
    to_set: int | None = None
    pick: tuple[int, ...] = ()
    sets: tuple[tuple[int, ...], ...] = ()
    ready: bool = False

    def to_json(self) -> dict[str, Any]:
        return {"type": self.type, "with": list(self.with_cards), "to_set": self.to_set,
                "pick": list(self.pick), "sets": [list(s) for s in self.sets],
                "ready": self.ready}  # fmt: skip

    def label(self) -> str:
        return "took from the discard pile"


@dataclass(frozen=True)
class LayDown(Move):
    """Lay down one or more new sets at once (the first laydown of a round is one move). With
    `ready` (the board's form): every ready group, and the ticked `cards` as one more set."""

    type: ClassVar[str] = "lay_down"
    sets: tuple[tuple[int, ...], ...] = ()
    ready: bool = False
    cards: tuple[int, ...] = ()

    def to_json(self) -> dict[str, Any]:
        if self.ready:
            return {"type": self.type, "ready": True, "cards": list(self.cards)}
        return {"type": self.type, "sets": [list(s) for s in self.sets], "ready": False}

    def label(self) -> str:
        return "laid down sets"


@dataclass(frozen=True)
class AddToSet(Move):
    """Add cards of the hand to a set the side has laid down. `board`: posted by the board's
    form (shown at the table: a wrong addition may cost the booklet's penalty: docs/rules.md,
    Prime Canasta: "Mistakes")."""

    type: ClassVar[str] = "add"
    set: int = 0
    cards: tuple[int, ...] = ()
    board: bool = False

    def to_json(self) -> dict[str, Any]:
        return {"type": self.type, "set": self.set, "cards": list(self.cards),
                "board": self.board}  # fmt: skip

    def label(self) -> str:
        return "added to a set"


@dataclass(frozen=True)
class Discard(Move):
    """Discard one card: the turn ends."""

    type: ClassVar[str] = "discard"
    card: int = 0

    def label(self) -> str:
        return "discarded a card"


@dataclass(frozen=True)
class GoOut(Move):
    """Lay down the last sets and additions, then discard one card or none: the hand is empty.
    With `ready` (the board's form): the ready groups are the sets and additions."""

    type: ClassVar[str] = "go_out"
    sets: tuple[tuple[int, ...], ...] = ()
    adds: tuple[tuple[int, tuple[int, ...]], ...] = ()
    discard: int | None = None
    ready: bool = False

    def to_json(self) -> dict[str, Any]:
        if self.ready:
            return {"type": self.type, "ready": True, "discard": self.discard}
        return {"type": self.type, "sets": [list(s) for s in self.sets],
                "adds": [[i, list(c)] for i, c in self.adds],
                "discard": self.discard, "ready": False}  # fmt: skip

    def label(self) -> str:
        return "went out"


@dataclass(frozen=True)
class Ask(Move):
    """Ask the partner "May I go out?"."""

    type: ClassVar[str] = "ask"

    def label(self) -> str:
        return "asked “May I go out?”"


@dataclass(frozen=True)
class Answer(Move):
    """The partner's answer: yes or no."""

    type: ClassVar[str] = "answer"
    yes: bool = False

    def label(self) -> str:
        return "answered “yes”" if self.yes else "answered “no”"


@dataclass(frozen=True)
class Ready(Move):
    """Put cards of the hand aside as a ready group: a new set, or cards for table set `to`."""

    type: ClassVar[str] = "ready"
    cards: tuple[int, ...] = ()
    to: int | None = None

    def to_json(self) -> dict[str, Any]:
        return {"type": self.type, "cards": list(self.cards), "to": self.to}

    def label(self) -> str:
        return "arranged cards"


@dataclass(frozen=True)
class Unready(Move):
    """Put a ready group back in the hand."""

    type: ClassVar[str] = "unready"
    group: int = 0

    def label(self) -> str:
        return "arranged cards"


@dataclass(frozen=True)
class Hint(Move):
    """ "Show me a set": the sets the hand can lay down now (help)."""

    type: ClassVar[str] = "hint"

    def label(self) -> str:
        return "asked for a hint"


@dataclass(frozen=True)
class Sort(Move):
    """Show the hand by value or by smallest prime factor."""

    type: ClassVar[str] = "sort"
    by: str = "value"

    def label(self) -> str:
        return "sorted the hand"


PRIVATE = (Ready, Unready, Hint, Sort)  # moves about one's own hand only: no turn needed
SORTS = ("value", "factor")


@dataclass(frozen=True)
class NextRound(Move):
    """After the scoring, deal the next round."""

    type: ClassVar[str] = "next_round"

    def label(self) -> str:
        return "dealt the next round"


# --- reading moves -----------------------------------------------------------------------------
def parse_move(data: Any) -> Move:
    """A move from its JSON form (what the board posts); anything malformed is IllegalMove."""
    if not isinstance(data, dict):
        raise IllegalMove(NOT_A_MOVE)
    kind = data.get("type")
    if not isinstance(kind, str):
        raise IllegalMove(NOT_A_MOVE)
    simple = {"draw_two": DrawTwo, "ask": Ask, "next_round": NextRound, "hint": Hint}
    if kind in simple:
        return simple[kind]()
    # The board's forms name no sets: they use the player's ready groups (docs/rules.md,
    # Prime Canasta: "Ready groups"). A move's JSON form says which it is; a form without
    # "ready" is the board's.
    explicit = "sets" in data or "adds" in data
    ready = data.get("ready", not explicit) in (True, 1, "1", "yes", "true")
    if kind == "take_pile":
        to_set = data.get("to_set")
        to_set = None if to_set in (None, "") else _index(to_set, "There is no such set.")
        with_cards = _positions(data.get("with", data.get("cards")))
        pick = _positions(data.get("pick"))
        if ready:  # the board's form: ticked cards in the order shown, any order means the same
            return TakePile(tuple(sorted(with_cards)), to_set, tuple(sorted(pick)), (), True)
        return TakePile(with_cards, to_set, pick, _sets(data.get("sets")))
    if kind == "lay_down":
        if ready:
            return LayDown((), True, tuple(sorted(_positions(data.get("cards")))))
        sets = _sets(data.get("sets"))
        if not sets:
            raise IllegalMove("Choose the cards of a set to lay down.")
        return LayDown(sets)
    if kind == "ready":
        cards = _positions(data.get("cards"))
        if not cards:
            raise IllegalMove("Tick the cards you want to put ready first.")
        to = data.get("to")
        to = None if to in (None, "") else _index(to, "There is no such set.")
        return Ready(tuple(sorted(cards)), to)
    if kind == "unready":
        return Unready(_index(data.get("group"), "There is no such ready group."))
    if kind == "sort":
        if data.get("by") not in SORTS:
            raise IllegalMove("Sort by value or by prime factor.")
        return Sort(data["by"])
    if kind == "add":
        cards = _positions(data.get("cards"))
        if not cards:
            raise IllegalMove("Choose the cards to add to the set.")
        board = data.get("board", True) in (True, 1, "1", "yes", "true")
        cards = tuple(sorted(cards)) if board else cards
        return AddToSet(_index(data.get("set"), "There is no such set."), cards, board)
    if kind == "discard":
        cards = _positions(data.get("card", data.get("cards")))
        if len(cards) != 1:
            raise IllegalMove("Choose the one card you want to discard.")
        return Discard(cards[0])
    if kind == "go_out" and ready:
        discard = data.get("discard", data.get("cards"))
        thrown = _positions(discard)
        if len(thrown) > 1:
            raise IllegalMove("Tick only the one card you discard to go out, or none. Put the "
                              "other cards in ready groups first.")  # fmt: skip
        return GoOut((), (), thrown[0] if thrown else None, True)
    if kind == "go_out":
        adds = data.get("adds") or []
        if not isinstance(adds, list) or not all(isinstance(a, list) and len(a) == 2 for a in adds):
            raise IllegalMove(NOT_A_MOVE)
        found = tuple((_index(i, "There is no such set."), _positions(c)) for i, c in adds)
        discard = data.get("discard")
        discard = None if discard in (None, "") else _index(discard, "There is no such card.")
        return GoOut(_sets(data.get("sets")), found, discard)
    if kind == "answer":
        if data.get("yes") not in (True, False, "yes", "no"):
            raise IllegalMove("Answer yes or no.")
        return Answer(data["yes"] in (True, "yes"))
    raise IllegalMove(NOT_A_MOVE)


def _index(value: Any, reason: str) -> int:
    return move_index(value, reason, MAX_INDEX)


def _positions(value: Any) -> tuple[int, ...]:
    """Positions, in the order given: none (absent or ""), an int, a list, or "3,7,12"."""
    no_card = "There is no such card."
    return move_positions(value, no_card, most=MAX_INDEX, limit=MAX_INDEX, ordered=False)


def _sets(value: Any) -> tuple[tuple[int, ...], ...]:
    """Sets: a list of position lists, or "0,1,2;5,6,7"."""
    if value is None or value == "":
        return ()
    if isinstance(value, str):
        value = value.split(";")
    if not isinstance(value, list) or len(value) > MAX_INDEX:
        raise IllegalMove("Those are not sets of cards.")
    return tuple(_positions(v) for v in value)


# --- applying moves ----------------------------------------------------------------------------
def apply_move(state: State, seat: int, move: Move) -> State:
    """The state after this player's move (the given state is never changed), or IllegalMove
    with the reason a child can read."""
    new = cs.copy_state(state)
    if isinstance(move, NextRound):
        if new["phase"] != cs.ROUND_OVER:
            raise IllegalMove("The round is not over yet.")
        cs.start_next_round(new)
        return new
    if isinstance(move, Answer):
        _answer(new, seat, move)
        return new
    if isinstance(move, PRIVATE):
        _private(new, seat, move)
        return new
    _check_turn(new, seat)
    handler = {DrawTwo: _draw_two, TakePile: _take_pile, LayDown: _lay_down, AddToSet: _add,
               Discard: _discard, GoOut: _go_out, Ask: _ask}.get(type(move))  # fmt: skip
    if handler is None:
        raise IllegalMove(NOT_A_MOVE)
    handler(new, seat, move)
    return new


def _check_turn(state: State, seat: int) -> None:
    if state["phase"] not in (cs.DRAW, cs.PLAY):
        raise IllegalMove("The round is over.")
    if seat != state["turn"]:
        raise IllegalMove("It is not your turn.")
    asked = state["asked"]
    if asked is not None and asked["answer"] is None:
        raise IllegalMove("Wait for your partner's answer.")


def _needs_play(state: State) -> None:
    if state["phase"] != cs.PLAY:
        raise IllegalMove("Draw first: draw two cards or take from the discard pile.")


def _needs_draw(state: State) -> None:
    if state["phase"] != cs.DRAW:
        raise IllegalMove("You have already drawn this turn.")


def _set_hand(state: State, seat: int, hand: list[Card], removed: set[int]) -> None:
    """The hand after a move took the cards at `removed` (positions in the old hand; new cards
    are added after it): ready groups that lost a card are gone, the others follow their cards,
    and the hint is over (docs/rules.md, Prime Canasta: "Ready groups",
    "Help and learning records")."""
    old = len(state["hands"][seat])
    shift = [sum(1 for r in removed if r < p) for p in range(old)]
    kept = []
    for group in state["ready"][seat]:
        if any(p in removed or p >= old for p in group["cards"]):
            continue
        kept.append({"cards": [p - shift[p] for p in group["cards"]], "to": group["to"]})
    state["ready"][seat] = kept
    state["hands"][seat] = hand
    state["hint"][seat] = None


def _draw_two(state: State, seat: int, move: DrawTwo) -> None:
    _needs_draw(state)
    if not state["draw"]:
        cs.log_event(state, "draw", seat, " could not draw: the draw pile is empty.")
        # The cards ran out (docs/rules.md, Prime Canasta: "When the draw pile runs out").
        cs.finish_round(state, None)
        return
    drawn = [state["draw"].pop() for _ in range(min(2, len(state["draw"])))]
    _set_hand(state, seat, [*state["hands"][seat], *drawn], set())
    state["phase"] = cs.PLAY
    cs.log_event(state, "draw", seat, f" drew {len(drawn)} card{'s' if len(drawn) > 1 else ''}.")


def _cards(hand: list[Card], positions: tuple[int, ...], used: set[int]) -> list[Card]:
    """The cards at these positions; each may be used once in a move."""
    for p in positions:
        if not 0 <= p < len(hand):
            raise IllegalMove("There is no such card in your hand.")
        if p in used:
            raise IllegalMove(f"You used {label(hand[p])} twice: each card goes in one set.")
        used.add(p)
    return [hand[p] for p in positions]


def _table_set(state: State, side: int, index: int) -> dict[str, Any]:
    sets = state["sets"][side]
    if not 0 <= index < len(sets):
        who = "your partnership's" if cs.partnerships(state) else "your"
        raise IllegalMove(f"There is no such set among {who} sets.")
    return sets[index]


def _new_sets(state: State, hand: list[Card], sets: tuple, used: set[int]) -> list[list[Card]]:
    level = state["settings"]["level"]
    found = []
    for positions in sets:
        cards = _cards(hand, positions, used)
        cs.set_check(cards, level)
        found.append(cards)
    return found


def ready_parts(state: State, seat: int, extra: tuple[int, ...] = ()):
    """The ready groups as (new sets, additions), the ticked `extra` cards as one more set."""
    sets = [tuple(g["cards"]) for g in state["ready"][seat] if g["to"] is None]
    adds: dict[int, list[int]] = {}
    for group in state["ready"][seat]:
        if group["to"] is not None:
            adds.setdefault(group["to"], []).extend(group["cards"])
    if extra:
        sets.append(tuple(extra))
    return tuple(sets), tuple((i, tuple(p)) for i, p in sorted(adds.items()))


def _additions(state: State, side: int, hand: list[Card], adds, used: set[int]):
    """The cards each addition puts on a table set, every grown set checked."""
    level = state["settings"]["level"]
    added: dict[int, list[Card]] = {}
    for index, positions in adds:
        target = _table_set(state, side, index)
        added.setdefault(index, [])
        added[index] += _cards(hand, positions, used)
        cs.set_check([*target["cards"], *added[index]], level)
    return added


def _check_minimum(state: State, side: int, counted: list[Card], pile_used: bool) -> None:
    """The initial laydown must be worth the minimum for the side's score (wilds 50; canasta
    bonuses and cards from the discard pile do not count)."""
    need = cs.laydown_minimum(state["scores"][side])
    worth = cs.cards_points(counted)
    if worth < need:
        note = " Cards from the discard pile do not count." if pile_used else ""
        raise IllegalMove(
            f"Your first laydown this round must be worth at least {need} points; these cards "
            f"are worth {worth}.{note} Canasta bonuses do not count.",
            kind="laydown_minimum",
            detail={"need": need, "worth": worth},
        )


def _keep_two(hand_after: list[Card]) -> None:
    if len(hand_after) < 2:
        raise IllegalMove("Keep at least 2 cards: one to discard and one to hold. Or go out.",
                          kind="keep_a_card")  # fmt: skip


def _lay(state: State, seat: int, side: int, sets: list[list[Card]]) -> None:
    level = state["settings"]["level"]
    for cards in sets:
        state["sets"][side].append({"cards": list(cards), "seat": seat})
        meld = cs.set_check(cards, level)
        cs.log_event(state, "lay", seat, f" laid down {_set_words(meld)}.")
    if sets:
        state["laid_down"][side] = True


def _grow(state: State, seat: int, side: int, added: dict[int, list[Card]]) -> None:
    for index, cards in added.items():
        target = state["sets"][side][index]
        target["cards"] += cards
        meld = cs.set_check(target["cards"], state["settings"]["level"])
        shown = ", ".join(label(c) for c in cards)
        cs.log_event(state, "add", seat, f" added {shown}: {_set_words(meld)}.")


def _set_words(meld) -> str:
    """ "42 = 6 × 7", "81 = 3 × 3 × 3 × 3 (a natural factor canasta)"."""
    name = f" (a {cs.canasta_name(meld)})" if meld.is_canasta else ""
    return f"{meld.equation()}{name}"


def _remaining(hand: list[Card], used: set[int]) -> list[Card]:
    return [c for p, c in enumerate(hand) if p not in used]


def _not_allowed(reason: str, kind: str = "not_allowed") -> IllegalMove:
    """Taking from the discard pile without being allowed to: an irregular action."""
    return IllegalMove(reason, kind=kind, detail={"pile": True})


def _take_pile(state: State, seat: int, move: TakePile) -> None:
    _needs_draw(state)
    pile, level, side = state["discard"], state["settings"]["level"], cs.side_of(state, seat)
    if len(pile) < cs.MIN_PILE:
        raise _not_allowed("You may take from the discard pile only when it has 3 or more "
                           "cards.")  # fmt: skip
    top = pile[-1]
    if is_wild(top):
        raise _not_allowed("A prime card is on top of the discard pile: it is frozen, and "
                           "its top card cannot be taken. Draw two instead.")  # fmt: skip
    frozen = cs.frozen_reason(state, seat)
    hand = state["hands"][seat]
    used: set[int] = set()
    with_cards = _cards(hand, move.with_cards, used)
    if move.to_set is not None:
        if frozen:
            raise _not_allowed(f"{frozen} You cannot add its top card to a set on the table.")
        target = _table_set(state, side, move.to_set)
        cs.set_check([*target["cards"], top, *with_cards], level)
    else:
        if frozen and any(is_wild(c) for c in with_cards):
            raise _not_allowed(f"{frozen} Put its top card with number cards only, no prime "
                               "cards.", kind="frozen")  # fmt: skip
        if not with_cards:
            raise _not_allowed(f"Tick cards from your hand that make a set with {label(top)}.")
        cs.set_check([top, *with_cards], level)
    picks = sorted(set(move.pick))
    if len(picks) != len(move.pick) or any(not 0 <= p < len(pile) - 1 for p in picks):
        raise IllegalMove("Choose cards of the discard pile below its top card.")
    if len(picks) < cs.MIN_PICK:
        raise IllegalMove("After the top card, choose at least 2 more cards from the pile.")
    extended = [*hand, *(pile[p] for p in picks)]
    sets, adds = ready_parts(state, seat) if move.ready else (move.sets, ())
    more = _new_sets(state, extended, sets, used)
    if adds and not state["laid_down"][side]:
        raise IllegalMove("Your side has no sets on the table to add to yet.")
    added = _additions(state, side, extended, adds, used)
    if not state["laid_down"][side]:
        from_hand = [c for c in with_cards if not is_wild(c)]
        # Only cards from the hand count; the picked cards sit after the hand.
        for positions in sets:
            from_hand += [extended[p] for p in positions if p < len(hand)]
        _check_minimum(state, side, from_hand, pile_used=True)
    _keep_two(_remaining(extended, used))
    shown = label(top)
    if move.to_set is not None:
        _grow(state, seat, side, {move.to_set: [top, *with_cards]})
    else:
        _lay(state, seat, side, [[top, *with_cards]])
    picked = len(picks)
    cs.log_event(state, "take", seat, f" took {shown} and {picked} more cards from the discard "
                 "pile.")  # fmt: skip
    _lay(state, seat, side, more)
    _grow(state, seat, side, added)
    _set_hand(state, seat, _remaining(extended, used), used)
    state["discard"] = [c for p, c in enumerate(pile[:-1]) if p not in picks]
    state["phase"] = cs.PLAY


def _lay_down(state: State, seat: int, move: LayDown) -> None:
    _needs_play(state)
    side, hand = cs.side_of(state, seat), state["hands"][seat]
    if move.ready:
        sets, adds = ready_parts(state, seat, move.cards)
        if not sets and not adds:
            raise IllegalMove("Tick the cards of a set, or put sets ready, then lay them down.")
    else:
        sets, adds = move.sets, ()
    used: set[int] = set()
    new_sets = _new_sets(state, hand, sets, used)
    added = _additions(state, side, hand, adds, used)
    if not state["laid_down"][side]:
        _check_minimum(state, side, [c for s in new_sets for c in s], pile_used=False)
    _keep_two(_remaining(hand, used))
    _lay(state, seat, side, new_sets)
    _grow(state, seat, side, added)
    _set_hand(state, seat, _remaining(hand, used), used)


def _add(state: State, seat: int, move: AddToSet) -> None:
    _needs_play(state)
    side, hand = cs.side_of(state, seat), state["hands"][seat]
    used: set[int] = set()
    added = _additions(state, side, hand, ((move.set, move.cards),), used)
    _keep_two(_remaining(hand, used))
    _grow(state, seat, side, added)
    _set_hand(state, seat, _remaining(hand, used), used)


def _discard(state: State, seat: int, move: Discard) -> None:
    _needs_play(state)
    hand = state["hands"][seat]
    if not 0 <= move.card < len(hand):
        raise IllegalMove("There is no such card in your hand.")
    if len(hand) == 1:
        raise IllegalMove("That is your last card: discarding it means going out.")
    asked = state["asked"]
    if asked is not None and asked["answer"] and penalties_on(state):
        charge(state, seat, "Your partner said “yes”, but you did not go out.", "kept_yes")
    card = hand[move.card]
    state["discard"].append(card)
    _set_hand(state, seat, _remaining(hand, {move.card}), {move.card})
    cs.log_event(state, "discard", seat, f" discarded {label(card)}.")
    _end_turn(state)


def penalties_on(state: State) -> bool:
    return state["settings"].get("mistakes") == cs.PENALTY_MODE


def charge(state: State, seat: int, reason: str, kind: str) -> None:
    """Record a 100-point penalty for the seat's side (subtracted when the round is scored)."""
    state["penalties"][cs.side_of(state, seat)] += 1
    state["last_penalty"] = {"seat": seat, "reason": reason, "kind": kind}
    who = "partnership" if cs.partnerships(state) else "player"
    cs.log_event(state, "penalty", seat, f" made a mistake: a {cs.PENALTY}-point penalty for the "
                 f"{who}.")  # fmt: skip


def _end_turn(state: State) -> None:
    state["turn"] = (state["turn"] + 1) % state["players"]
    state["phase"] = cs.DRAW
    state["asked"] = None


def _go_out(state: State, seat: int, move: GoOut) -> None:
    _needs_play(state)
    asked = state["asked"]
    if asked is not None and asked["answer"] is False:
        raise IllegalMove("Your partner said “no”: you may not go out this turn.",
                          kind="partner_said_no")  # fmt: skip
    side, hand, level = cs.side_of(state, seat), state["hands"][seat], state["settings"]["level"]
    sets, adds = ready_parts(state, seat) if move.ready else (move.sets, move.adds)
    used: set[int] = set()
    new_sets = _new_sets(state, hand, sets, used)
    added = _additions(state, side, hand, adds, used)
    if move.discard is not None:
        _cards(hand, (move.discard,), used)
    left = _remaining(hand, used)
    if left:
        shown = ", ".join(label(c) for c in left)
        raise IllegalMove(f"To go out, every card but one discard must be in sets: {shown} "
                          f"{'is' if len(left) == 1 else 'are'} left.",
                          kind="cards_left")  # fmt: skip
    if not state["laid_down"][side]:
        laid = [c for s in new_sets for c in s]
        _check_minimum(state, side, laid, pile_used=False)
    level_melds = [cs.set_check(cards, level) for cards in new_sets]
    after = [
        cs.set_check([*s["cards"], *added.get(i, [])], level)
        for i, s in enumerate(state["sets"][side])
    ]
    have = sum(m.is_canasta for m in [*after, *level_melds])
    need = cs.canastas_needed(state["scores"][side])
    if have < need:
        whose = "your partnership has" if cs.partnerships(state) else "you have"
        raise IllegalMove(
            f"To go out you need {need} canasta{'s' if need > 1 else ''}; {whose} {have}.",
            kind="too_few_canastas",
            detail={"need": need, "have": have},
        )
    _lay(state, seat, side, new_sets)
    _grow(state, seat, side, added)
    if move.discard is not None:
        state["discard"].append(hand[move.discard])
        cs.log_event(state, "discard", seat, f" discarded {label(hand[move.discard])}.")
    state["hands"][seat] = []
    cs.log_event(state, "out", seat, " went out!")
    cs.finish_round(state, seat)


def _ask(state: State, seat: int, move: Ask) -> None:
    if not cs.partnerships(state):
        raise IllegalMove("Only partners ask “May I go out?”.")
    _needs_play(state)
    if state["asked"] is not None:
        raise IllegalMove("You have already asked your partner this turn.")
    state["asked"] = {"seat": seat, "answer": None}
    cs.log_event(state, "ask", seat, " asked: “May I go out?”")


def _answer(state: State, seat: int, move: Answer) -> None:
    asked = state["asked"]
    if state["phase"] != cs.PLAY or asked is None or asked["answer"] is not None:
        raise IllegalMove("Nobody is asking you a question now.")
    if cs.partner_of(state, asked["seat"]) != seat:
        raise IllegalMove("Only the partner of the player who asked may answer.")
    asked["answer"] = move.yes
    cs.log_event(state, "answer", seat, f" answered “{'yes' if move.yes else 'no'}”.")


# --- a player's own hand: ready groups, the hint, sorting ----------------------------------------
def _private(state: State, seat: int, move: Move) -> None:
    if state["phase"] not in (cs.DRAW, cs.PLAY):
        raise IllegalMove("The round is over.")
    if not 0 <= seat < state["players"]:
        raise IllegalMove("You are not playing in this game.")
    hand = state["hands"][seat]
    if isinstance(move, Sort):
        state["sort"][seat] = move.by
    elif isinstance(move, Ready):
        taken = {p for g in state["ready"][seat] for p in g["cards"]}
        _cards(hand, move.cards, set(taken))  # no such card, or a card already ready
        if move.to is not None:
            _table_set(state, cs.side_of(state, seat), move.to)
        if len(state["ready"][seat]) >= MAX_READY:
            raise IllegalMove("You have enough groups ready: lay them down or put some back.")
        state["ready"][seat].append({"cards": list(move.cards), "to": move.to})
    elif isinstance(move, Unready):
        if not 0 <= move.group < len(state["ready"][seat]):
            raise IllegalMove("There is no such ready group.")
        state["ready"][seat].pop(move.group)
    else:  # Hint
        state["hint"][seat] = hint_sets(state, seat)
        state["hint_sets"][seat] += [sorted(h["cards"], key=str) for h in state["hint"][seat]]


def arrange(hand: list[Card], level: int) -> tuple[list, list[Card]]:
    """Sets to lay the hand down in, and the cards left over: the meld layer's best grouping,
    exact up to EXACT_CARDS cards; a bigger hand (a player who drew for many turns) is grouped
    greedily, biggest sets first, as the exact search grows too fast past that size."""
    if len(hand) <= EXACT_CARDS:
        best = best_arrangement(hand, level, prime_runs=True)
        return list(best.melds), list(best.deadwood)
    left, melds = list(hand), []
    while True:
        found = possible_melds(left, level, prime_runs=True)
        if not found:
            return melds, left
        meld = max(found, key=lambda m: (len(m.cards), cs.cards_points(m.cards)))
        melds.append(meld)
        for card in meld.cards:
            left.remove(card)


def hint_sets(state: State, seat: int) -> list[dict[str, Any]]:
    """What "Show me a set" shows: the best way to lay the hand down in sets (the meld layer),
    and cards left over that fit a set of the side on the table."""
    hand, level = state["hands"][seat], state["settings"]["level"]
    side = cs.side_of(state, seat)
    melds, deadwood = arrange(hand, level)
    shown: list[dict[str, Any]] = [{"cards": list(m.cards), "to": None} for m in melds]
    for card in deadwood:
        for index, laid in enumerate(state["sets"][side]):
            if check_meld([*laid["cards"], card], level, prime_runs=True).ok:
                shown.append({"cards": [card], "to": index})
                break
    return shown
