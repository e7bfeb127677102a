"""Prime Solitaire's state: the deal, reading it (the cards that may be chosen, the sets in
sight, how the chosen cards read, why they may not be taken) and changing it (a set taken, the
end of the game, what a take shows about the player).

Pure Python: no Django.
"""

from __future__ import annotations

from functools import cache
from math import prod
from typing import Any

from games.engine.common import products_shown
from games.engine.protocol import IllegalMove, LearningEvent, State
from games.engine.rng import shuffled

from ..cards import number_cards, prime_factors
from ..factorsets import check_set
from .layout import Layout, layout_of
from .moves import _stack_refs
from .search import find_collections

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


def deal(settings: dict[str, Any], seed: int) -> State:
    """A new game of these (clean) settings: the level's number cards (no wilds) shuffled, the
    layout dealt, the rest face down."""
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


# --- reading the state ----------------------------------------------------------------------
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
