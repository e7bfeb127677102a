"""How a Prime Challenge round moves on: turns and refills, picking and taking sets, hits,
"done", challenge windows, the clock running out, and the end of the round.

The moves (select_card ... say_done) and time_out copy the state and return the new one; the
other functions change, in place, a state their caller has copied already.
"""

from __future__ import annotations

from games.engine.common import products_shown
from games.engine.protocol import IllegalMove, State

from ..cards import Card, label
from ..factorsets import find_sets
from .state import (
    CHALLENGER,
    MOVE_LIMIT,
    OVER,
    SELECT_LIMIT,
    TURN,
    TURN_LIMIT,
    WINDOW,
    add_note,
    card_at,
    cards_at,
    challenger_sets,
    claim_text,
    collect_problem,
    copy_state,
    is_strict,
    log_event,
    may_hit,
    may_say_done,
    notes_of,
    set_offences,
    visible_cards,
)


# --- turns and the end of the round -------------------------------------------------------------
def count_move(state: State) -> State:
    """Count a move or timeout; the safety cap ends the game."""
    state["moves"] += 1
    if state["moves"] >= MOVE_LIMIT and state["phase"] != OVER:
        finish(state, "the move limit was reached")
    return state


def finish(state: State, reason: str) -> None:
    state.update(turn=None, actor=None, phase=OVER, picked=[], window=None, last_set=None)
    state["ended"] = reason
    log_event(state, "end", f"The round is over: {reason}.")


def _round_over(state: State) -> bool:
    """Booklet: "Each round ends when the draw pile is out of cards and there are no more
    factor sets in the foundation" (hit cards included)."""
    if state["draw"]:
        return False
    return not find_sets(visible_cards(state), state["settings"]["level"], limit=1)


def check_end(state: State) -> None:
    if state["phase"] != OVER and _round_over(state):
        finish(state, "no cards left to draw and no sets left")


def start_turn(state: State, seat: int) -> None:
    """Booklet: "A player's turn begins by the dealer filling up the main foundation"."""
    state.update(turn=seat, actor=seat, phase=TURN, window=None, last_set=None, picked=[])
    state.update(acted=False, selects=0, foundation_set=False, turn_sets=0, challenger_sets=0)
    state["turns"] += 1
    notes = notes_of(state)
    notes[seat] = []  # what they were told stays on their board until their next turn
    state["notes"] = notes
    foundation = state["foundation"]
    for slot, card in enumerate(foundation):
        if card is None and state["draw"]:
            foundation[slot] = state["draw"].pop()
    check_end(state)


def end_turn(state: State, seat: int) -> None:
    """The turn of `seat`'s right-hand neighbour is over: play passes to `seat`."""
    # Our decision: if every player in a full cycle ends a turn without a set while the pile
    # is empty, nobody is finding the sets that are left, and the round ends.
    idle = not state["draw"] and state["turn_sets"] == 0
    state["idle_turns"] = state["idle_turns"] + 1 if idle else 0
    if state["idle_turns"] >= state["players"]:
        finish(state, "nobody found a set in a whole round of turns")
        return
    if state["turns"] >= TURN_LIMIT:
        finish(state, "the turn limit was reached")
        return
    start_turn(state, seat % state["players"])


# --- challenge windows --------------------------------------------------------------------------
def _open_window(state: State, kind: str, player: int, timed_out: bool = False) -> None:
    """After a player's "hit", "done" or set, or a challenger's "done", the others may
    challenge; the window's "challenger" says it follows a challenger's "done"."""
    challenger = state["phase"] == CHALLENGER
    state.update(
        phase=WINDOW,
        window={"kind": kind, "player": player, "timed_out": timed_out, "challenger": challenger},
    )
    state["picked"] = []


def close_window(state: State) -> None:
    """Nobody challenged (or the challenge was false): the dealer carries on."""
    window = state["window"]
    player = window["player"]
    state.update(window=None, last_set=None, phase=TURN, actor=player)
    if window["kind"] == "hit":
        card = state["draw"].pop()
        state["hits"].append(card)
        state["selects"] = 0
        log_event(state, "hit_card", player, f" got a hit card: {label(card)}.")
        check_end(state)
    elif window["kind"] == "done":
        # Booklet: "The challenged player's turn ends. The foundation is replenished by the
        # dealer and play passes to the left of the challenged player". After a chain of
        # challenges, the turn still passes to the left of the player whose turn it was (our
        # decision, docs/rules.md): a challenger's sets are not a turn of their own.
        end_turn(state, state["turn"] + 1)
    else:
        check_end(state)


def time_out(state: State) -> State:
    """A window closes unchallenged; a player or a challenger out of time says "done" (a
    window opens: the others may still challenge a set that was left)."""
    phase = state["phase"]
    if phase == OVER:
        raise IllegalMove("No clock is running.")
    new = copy_state(state)
    if phase == WINDOW:
        if new["window"]["kind"] == "collect":
            _tell_unchallenged(new)
        close_window(new)
    else:
        # Our reading of "the dealer monitors the time": out of time counts as "done", for a
        # challenger too, and the others may still challenge a set that was missed.
        actor = new["actor"]
        log_event(new, "timeout", actor, " ran out of time.")
        new["picked"] = []
        _open_window(new, "done", actor, timed_out=True)
    return count_move(new)


def _tell_unchallenged(state: State) -> None:
    """A set nobody challenged in time stands (booklet: checking is the opponents' job), but
    if it was wrong the player is told afterwards what was wrong, on their board and in the
    log (issue 11; Game.learning_events records it as a mistake)."""
    player = state["window"]["player"]
    cards = state["last_set"]["cards"]
    level = state["settings"]["level"]
    check, offences = set_offences(cards, level)
    claim = claim_text(cards, level)
    if not check.ok:
        why = f"it was not a factor set. {check.reason}"
        add_note(state, player, f"Nobody challenged your {claim}, but {why}")
        log_event(state, "unchallenged", player, f" kept {claim}: nobody challenged. But {why}")
    elif offences:  # the answer was not picked up first: a rule of play, not the maths
        first = f"the answer, {check.answer}, goes first"
        add_note(state, player, f"Nobody challenged your {claim}, but {first}.")
        log_event(state, "unchallenged", player, f" kept {claim}: nobody challenged. But {first}.")


# --- the actor's moves --------------------------------------------------------------------------
def select_card(state: State, ref: str) -> State:
    if card_at(state, ref) is None:
        raise IllegalMove("There is no card there.")
    new = copy_state(state)
    if ref in new["picked"]:
        new["picked"].remove(ref)
    elif new["selects"] >= SELECT_LIMIT:
        raise IllegalMove(
            "You picked up and put back cards too many times. Take your set, or put the cards back."
        )
    else:
        new["picked"].append(ref)
        new["selects"] += 1
    new["acted"] = True
    return new


def clear_picked(state: State) -> State:
    if not state["picked"]:
        raise IllegalMove("You have no cards picked up.")
    new = copy_state(state)
    new["picked"] = []
    new["acted"] = True
    return new


def take_named(state: State, player: int, refs: list[str]) -> State:
    """Take the cards a take names, in this order: the pick was made on the player's own
    screen (issue 30), so it is judged here as if picked up card by card."""
    if any(card_at(state, ref) is None for ref in refs):
        raise IllegalMove("There is no card there.")
    picked = copy_state(state)
    picked["picked"] = refs
    return collect_set(picked, player)


def collect_set(state: State, player: int) -> State:
    problem = collect_problem(state)
    if problem is not None:
        raise problem
    new = copy_state(state)
    refs = new["picked"]
    cards = _take(new, player, refs)
    # The primes a set's prime cards stood for say it is right: named at once only when no
    # challenge follows, or the products are shown (issue 30; the window says the same).
    named = is_strict(new) or products_shown(new)
    level = new["settings"]["level"] if named else None
    log_event(new, "set", player, f" took {claim_text(cards, level)}.")
    before = new["foundation_set"]
    new["foundation_set"] = before or any(ref[0] == "f" for ref in refs)
    new.update(picked=[], acted=True, selects=0, turn_sets=new["turn_sets"] + 1)
    if new["phase"] == CHALLENGER:
        new["challenger_sets"] = challenger_sets(new) + 1
    if is_strict(new):
        check_end(new)  # nothing to challenge: a refused mode set is always right
        return new
    new["last_set"] = {"refs": refs, "cards": cards, "foundation_set_before": before}
    _open_window(new, "collect", player)
    return new


def _take(state: State, player: int, refs: list[str]) -> list[Card]:
    """Move the picked cards to the player's stack; the cards, in pick order."""
    cards = cards_at(state, refs)
    for ref in refs:
        if ref[0] == "f":
            state["foundation"][int(ref[1:])] = None
    for index in sorted((int(ref[1:]) for ref in refs if ref[0] == "h"), reverse=True):
        del state["hits"][index]
    state["stacks"][player].extend(cards)
    return cards


def put_back(state: State) -> None:
    """Booklet: "Any invalid factor sets collected are placed back in their original
    positions"; the set no longer counts for this turn."""
    last = state["last_set"]
    player = state["window"]["player"]
    refs, cards = last["refs"], last["cards"]
    stack = state["stacks"][player]
    assert stack[len(stack) - len(cards) :] == cards, "the set is the last one taken"
    del stack[len(stack) - len(cards) :]
    hits = sorted(
        (int(ref[1:]), card) for ref, card in zip(refs, cards, strict=True) if ref[0] == "h"
    )
    for ref, card in zip(refs, cards, strict=True):
        if ref[0] == "f":
            state["foundation"][int(ref[1:])] = card
    for index, card in hits:  # ascending: each card lands back where it was
        state["hits"].insert(index, card)
    state["foundation_set"] = last["foundation_set_before"]
    state["turn_sets"] -= 1


def say_hit(state: State, player: int) -> State:
    if not may_hit(state):
        if not state["draw"]:
            raise IllegalMove("The draw pile is empty: there are no hit cards left.")
        if state["phase"] == CHALLENGER:
            raise IllegalMove(
                "You caught a missed set, so you can't ask for a hit: take sets, then say “done”."
            )
        raise IllegalMove("You already took a set from the foundation: no more hits this turn.")
    new = copy_state(state)
    log_event(new, "hit", player, " said “hit”.")
    new["acted"] = True
    _open_window(new, "hit", player)
    return new


def say_done(state: State, player: int) -> State:
    """A player's or a challenger's "done" opens a window: booklet, Challenges, "If a player
    says hit or done and an opponent sees that the foundation actually has a factor set, an
    opponent may challenge" — a challenger's "done" too (issue 13)."""
    if not may_say_done(state):
        if state["phase"] == CHALLENGER:
            raise IllegalMove(
                "You said “challenge” because you saw a set: take it first, then say “done”."
            )
        raise IllegalMove("Take a set that uses a card from the foundation first, or say “hit”.")
    new = copy_state(state)
    log_event(new, "done", player, " said “done”.")
    _open_window(new, "done", player)
    return new
