"""Prime Challenge's challenges, settled by the dealer: missed sets, wrong sets, one-card
offences and false challenges, the points they move, how the log tells them, and what they
show about the players (learning events)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from games.engine.protocol import LearningEvent, State

from ..cards import Card, is_wild, label, prime_factors
from ..factorsets import SetCheck, check_set, find_sets
from .flow import close_window, end_turn, put_back
from .state import (
    CHALLENGER,
    FALSE_CHALLENGE_POINTS,
    OFFENCE_POINTS,
    OFFENCE_TEXT,
    WILD_OFFENCES,
    WINDOW,
    WRONG_SET_POINTS,
    add_note,
    claim_text,
    copy_state,
    is_challenger_window,
    is_strict,
    log_event,
    set_offences,
    visible_cards,
)


@dataclass(frozen=True)
class Verdict:
    """How a challenge ends: "missed_set", "wrong_set", "offence" or "false"."""

    kind: str
    check: SetCheck | None = None
    offences: tuple[str, ...] = ()
    missed: tuple[Card, ...] = ()  # after hit or done: one set that was there
    claim: str = ""  # the challenged set as it was picked up


# --- challenges ---------------------------------------------------------------------------------
def verdict_now(state: State) -> Verdict:
    """What a challenge now would find (the dealer settles it)."""
    window = state["window"]
    level = state["settings"]["level"]
    if window["kind"] in ("hit", "done"):
        cards = visible_cards(state)
        found = find_sets(cards, level, limit=1)
        if found:
            return Verdict("missed_set", missed=tuple(cards[i] for i in found[0]))
        return Verdict("false")
    cards = state["last_set"]["cards"]
    check, offences = set_offences(cards, level)
    claim = claim_text(cards, level)
    if not check.product_ok:
        return Verdict("wrong_set", check, claim=claim)
    if offences:
        return Verdict("offence", check, offences, claim=claim)
    return Verdict("false", check, claim=claim)


def settle_challenge(state: State, challenger: int) -> State:
    """Booklet: "If there is more than one challenger, the first to say challenge gets the
    opportunity." The server applies moves one at a time, so the first challenge to arrive is
    the only one: the booklet's tie ("fewer total points") cannot happen here."""
    verdict = verdict_now(state)
    new = copy_state(state)
    player = new["window"]["player"]
    kind = new["window"]["kind"]
    if verdict.kind == "missed_set":
        equation = claim_text(list(verdict.missed), new["settings"]["level"])
        left = is_challenger_window(new)
        if left:
            _tell_left_behind(new, player, equation)
        _said(
            new,
            challenger,
            player,
            f": there was {'still ' if left else ''}a set, {equation}! Now ",
            challenger,
            " may take sets.",
        )
        # Booklet: "The challenger picks up as many factor sets as possible"; a challenged
        # hit deals no card. A challenger's "done" may be challenged in turn (issue 13).
        new.update(phase=CHALLENGER, actor=challenger, window=None, picked=[])
        new.update(acted=False, selects=0, challenger_sets=0)
        return new
    if verdict.kind == "false":
        _transfer(new, challenger, player, FALSE_CHALLENGE_POINTS)
        why = "there was no set" if kind != "collect" else f"{verdict.claim} is right"
        _said(
            new,
            challenger,
            player,
            f", but {why}: ",
            challenger,
            f" gave {FALSE_CHALLENGE_POINTS} points to ",
            player,
            ".",
        )
        close_window(new)  # Booklet: "play continues normally"
        return new
    if verdict.kind == "wrong_set":
        _transfer(new, player, challenger, WRONG_SET_POINTS)
        _said(
            new,
            challenger,
            player,
            f": {verdict.check.reason} ",
            challenger,
            f" won {WRONG_SET_POINTS} points and the cards went back.",
        )
        put_back(new)
        # Booklet: "The original challenged player's turn ends and play passes to the left."
        end_turn(new, player + 1)
        return new
    _offence(new, challenger, player, verdict)
    return new


def _tell_left_behind(state: State, player: int, equation: str) -> None:
    """A challenger who said "done" (or ran out of time) with a set still on the table is
    told so on their board: they were to pick up as many sets as possible."""
    said = "your time ran out" if state["window"]["timed_out"] else "you said “done”"
    add_note(
        state,
        player,
        f"You caught a missed set, but {said} while {equation} was still on the table. "
        "Take every set you can before you say “done”.",
    )


def _offence(state: State, challenger: int, player: int, verdict: Verdict) -> None:
    """One-card offences: 1 point each to the challenger (booklet: "Penalty scores are
    combined"); a set over the prime card limits goes back ("the player corrects the
    action"); a set picked up in the wrong order stays. The player's turn goes on."""
    penalty = OFFENCE_POINTS * len(verdict.offences)
    _transfer(state, player, challenger, penalty)
    said = "; ".join(OFFENCE_TEXT[o].format(answer=verdict.check.answer) for o in verdict.offences)
    back = any(offence in WILD_OFFENCES for offence in verdict.offences)
    word = "point" if penalty == 1 else "points"
    _said(
        state,
        challenger,
        player,
        f": {said}. ",
        player,
        f" gave {penalty} {word} to ",
        challenger,
        " and the set went back." if back else ".",
    )
    if back:
        put_back(state)
    close_window(state)  # a set's window: the player's turn goes on


def _said(state: State, challenger: int, player: int, *parts: int | str) -> None:
    """Log a challenge: "<challenger> challenged <player>" and what came of it."""
    log_event(state, "challenge", challenger, " challenged ", player, *parts)


def _transfer(state: State, giver: int, taker: int, amount: int) -> None:
    state["bonus"][giver] -= amount
    state["bonus"][taker] += amount


# --- learning events ----------------------------------------------------------------------------
def set_event(
    player: int, cards: list[Card], check: SetCheck, more: dict[str, Any] | None = None
) -> LearningEvent:
    """A set taken or refused: right (whatever the order) or its check_set mistake; `more`
    adds to the detail (who challenged it, or that nobody did)."""
    naturals = [int(card) for card in cards if not is_wild(card)]
    answer = check.answer or (max(naturals) if naturals else None)
    detail = {
        "cards": [label(card) for card in cards],
        "equation": check.equation() if check.ok else claim_text(cards),
        "primes": prime_factors(answer) if answer else [],
        "prime_set": check.prime,
        "wilds": len(cards) - len(naturals),
        **(more or {}),
    }
    skill = f"factors:{answer}" if answer else "factors:prime"
    return LearningEvent(player, "factor_set", skill, check.ok, check.kind, detail)


def challenge_events(state: State, challenger: int, verdict: Verdict) -> list[LearningEvent]:
    window = state["window"]
    player, level = window["player"], state["settings"]["level"]
    skill = "challenge:set" if window["kind"] == "collect" else "challenge:missed_set"
    detail: dict[str, Any] = {"after": window["kind"], "verdict": verdict.kind}
    if verdict.kind == "false":
        return [LearningEvent(challenger, "challenge", skill, False, "false_challenge", detail)]
    events = [LearningEvent(challenger, "challenge", skill, True, "", detail)]
    if verdict.kind == "missed_set":
        check = check_set(list(verdict.missed), level)
        missed = {
            "equation": check.equation(),
            "cards": [label(card) for card in verdict.missed],
            "primes": prime_factors(check.answer),
            "prime_set": check.prime,
            "challenged_by": challenger,
            # Issue 13: the player who missed it was a challenger taking sets.
            "while_challenging": is_challenger_window(state),
        }
        skill = f"factors:{check.answer}"
        events.insert(0, LearningEvent(player, "factor_set", skill, False, "missed_set", missed))
    else:
        detail["offences"] = list(verdict.offences)
        detail["mistake"] = verdict.check.kind if verdict.kind == "wrong_set" else ""
        if not verdict.check.ok:  # the player's wrong set, judged now (see `wrong_set_waits`)
            cards = state["last_set"]["cards"]
            more = {"challenged_by": challenger}
            events.insert(0, set_event(player, cards, verdict.check, more))
    return events


def wrong_set_waits(before: State, check: SetCheck) -> bool:
    """Whether a wrong set just taken is judged later: with a challenge window open, it is a
    mistake once the window closes, challenged (challenge_events) or not
    (unchallenged_events), so each wrong set is recorded once, when the dealer's word on it
    is final."""
    return not check.ok and not is_strict(before)


def unchallenged_events(before: State) -> list[LearningEvent]:
    """The clock closed a window nobody challenged: a wrong set stands, and is the player's
    mistake (issue 11: they are told what was wrong on their board, and it counts)."""
    window = before["window"]
    if before["phase"] != WINDOW or window["kind"] != "collect":
        return []
    cards = before["last_set"]["cards"]
    check = check_set(cards, before["settings"]["level"])
    if check.ok:
        return []
    return [set_event(window["player"], cards, check, {"unchallenged": True})]
