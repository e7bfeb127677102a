"""Computer players for Prime Climb. They read only their own view, and move one step at a
time (choose_move is called for every move; the strong bot plans the whole turn and returns
its next step)."""

from __future__ import annotations

import random

from games.engine.protocol import Bot, Move, View

from .cards import BUMP, CURSE, PLUS_MINUS, pawn_action_target
from .evaluate import BUMP_WEIGHT, bump_loss, climbed, others_of, pawn_value
from .moves import BumpCard, Curse, EndTurn, Nudge, Roll, Step, Undo
from .numbers import FINISH, START, raw_result
from .planner import best_plan
from .search import CardStep
from .steps import HOME_PAWN, Ctx, Pawns, landing

BUMP_CARD_MIN = 25  # play a bump card on a pawn that has climbed at least this far
_CACHE_SIZE = 512


class EasyBot(Bot):
    """A child still learning: picks steps at random, sometimes the one that climbs most."""

    strength = "easy"
    label = "Easy — still learning"
    greedy_chance = 0.5

    def choose_move(self, view: View, legal_moves: list[Move], rng: random.Random) -> Move:
        """Roll; a random or greedy step; a Keeper card that brings a pawn home; end the turn."""
        if Roll() in legal_moves:
            return Roll()
        steps = [m for m in legal_moves if isinstance(m, Step)]
        cards = [m for m in legal_moves if isinstance(m, Nudge | BumpCard | Curse)]
        finishing = [m for m in cards if isinstance(m, Nudge) and _lands_home(view, m)]
        if finishing:
            return finishing[0]
        if EndTurn() in legal_moves and (not steps or rng.random() < 0.5):
            return EndTurn()
        if steps:
            if rng.random() < self.greedy_chance:
                return max(steps, key=lambda m: _climb(view, m))
            return rng.choice(steps)
        others = [m for m in legal_moves if m != Undo()]
        return rng.choice(others or legal_moves)


class StrongBot(Bot):
    """Searches every way to play the whole turn (dice in every order, every operation, both
    pawns, up to two of its add-or-subtract cards) and picks the end worth most: pawns home,
    progress, bumping others, not being easy to bump, drawing a card (planner.py)."""

    strength = "strong"
    label = "Strong — plans the whole turn"
    plan = staticmethod(best_plan)  # the benchmark swaps in the old search as its baseline

    def __init__(self) -> None:
        self._plans: dict[tuple, list] = {}

    def choose_move(self, view: View, legal_moves: list[Move], rng: random.Random) -> Move:
        """The next move of the best plan for this turn."""
        if Roll() in legal_moves:
            return Roll()
        if view["phase"] == "action":
            return _best_answer(view, legal_moves)
        move = self._next_step(view)
        if move is not None and move in legal_moves:
            return move
        card = _card_play(view, legal_moves)
        if card is not None:
            return card
        if EndTurn() in legal_moves:
            return EndTurn()
        steps = [m for m in legal_moves if isinstance(m, Step)]
        return (steps or legal_moves)[0]

    def _next_step(self, view: View) -> Move | None:
        """The first action of the best plan from here; the rest is kept for the next call."""
        ctx, pawns, left, missing, nudges = read_position(view)
        key = (view["me"], view["turns"], ctx, pawns, left, missing, nudges, others_of(view))
        plan = self._plans.pop(key, None)
        if plan is None:
            plan = self.plan(view, ctx, pawns, left, missing, nudges)
        if not plan:
            return None
        action = plan[0]
        if len(self._plans) >= _CACHE_SIZE:
            self._plans.clear()
        child = _after(pawns, left, missing, nudges, action)
        self._plans[(view["me"], view["turns"], ctx, *child, others_of(view))] = plan[1:]
        return _to_move(view, action)


def _after(pawns, left, missing, nudges, action) -> tuple:
    """The position a plan's action leads to (before any bump: the plan ends the move phase)."""
    moved = tuple(action.to if i == action.pawn else p for i, p in enumerate(pawns))
    if isinstance(action, CardStep):
        cards = list(nudges)
        cards.remove(action.n)
        return moved, left, _visit(missing, action.to[0]), tuple(cards)
    dice = list(left)
    dice.remove(action.die)
    return moved, tuple(dice), _visit(missing, action.to[0]), nudges


# --- reading the view ---------------------------------------------------------------------------
def read_position(view: View) -> tuple[Ctx, Pawns, tuple[int, ...], tuple[int, ...], tuple]:
    """The bot's own (ctx, pawns, dice left, way stations missing, add-or-subtract cards)."""
    me = view["me"]
    dice = view["dice"] or {"rolled": [0, 1], "left": []}
    a, b = dice["rolled"]
    ctx = Ctx(
        turn_back=view["there_and_back"],
        sprint=view["variant"] == "sprint",
        cursed=view["cursed_now"],
        may_left=2 if a == b and view["doubles"] == "may" else -1,
    )
    missing = tuple(s for s in view["stations"] if s not in view["visited"][me])
    nudges = tuple(
        sorted(c["n"] for c in view["keepers"][me] if c["kind"] == PLUS_MINUS and not c["fresh"])
    )
    return ctx, my_pawns(view), tuple(sorted(dice["left"])), missing, nudges


def my_pawns(view: View) -> Pawns:
    """The bot's own two pawns as (at, goal), home ones as HOME_PAWN."""
    mine = [p for p in view["pawns"] if p["seat"] == view["me"]]
    return tuple(HOME_PAWN if p["home"] else (p["at"], p["goal"]) for p in mine)


def _visit(missing: tuple[int, ...], at: int) -> tuple[int, ...]:
    return tuple(s for s in missing if s != at)


def _to_move(view: View, action) -> Move:
    """The move for a plan's action, with the right answer (bots work out results right)
    unless the board shows the results."""
    shown = view["show_results"]
    at = my_pawns(view)[action.pawn][0]
    if isinstance(action, CardStep):
        card = next(
            c["card"]
            for c in view["keepers"][view["me"]]
            if c["kind"] == PLUS_MINUS and c["n"] == action.n and not c["fresh"]
        )
        answer = None if shown else raw_result(at, action.op, action.n)
        return Nudge(card, action.pawn, action.op, answer)
    return Step(action.pawn, action.die, action.op, None if shown else landing(at, action))


def _card_play(view: View, legal_moves: list[Move]) -> Move | None:
    """At the end of its steps: bump the furthest pawn of another player; curse the leader."""
    me = view["me"]
    bumps = [m for m in legal_moves if isinstance(m, BumpCard) and m.target // 2 != me]
    mine = {p["at"] for p in view["pawns"] if p["seat"] == me and not p["home"]}
    best = None
    for move in bumps:
        pawn = view["pawns"][move.target]
        if pawn["at"] in mine:
            continue  # my pawn bumps it anyway at the end of the move phase
        climbed = bump_loss((pawn["at"], pawn["goal"]), view["there_and_back"])
        if climbed >= BUMP_CARD_MIN and (best is None or climbed > best[0]):
            best = (climbed, move)
    if best is not None:
        return best[1]
    curses = [m for m in legal_moves if isinstance(m, Curse)]
    if curses:
        return max(curses, key=lambda m: (view["scores"][m.seat], -m.seat))
    return None


def _best_answer(view: View, legal_moves: list[Move]) -> Move:
    """An Action card's choice: the pawn, the switch or the card that helps the bot most."""
    if len(legal_moves) == 1:
        return legal_moves[0]
    action = view["action"]
    turn_back = view["there_and_back"]
    if action["kind"] == "steal":
        return max(legal_moves, key=lambda m: _keeper_worth(view, m.card))
    if action["kind"] == "switch":
        return max(legal_moves, key=lambda m: _switch_gain(view, m, turn_back))
    spec = {"kind": action["card_kind"], "n": action["n"]}
    return max(legal_moves, key=lambda m: _pick_gain(view, spec, m.pawn, turn_back))


def _keeper_worth(view: View, card: str) -> float:
    for keepers in view["keepers"]:
        for c in keepers:
            if c["card"] == card:
                return {BUMP: 12.0, CURSE: 8.0}.get(c["kind"], c["n"] or 0)
    return 0.0


def _switch_gain(view: View, move, turn_back: bool) -> float:
    """My pawns' gain and the others' loss if these two pawns swap places."""
    first, second = view["pawns"][move.first], view["pawns"][move.second]
    gain = 0.0
    for pawn, other in ((first, second), (second, first)):
        change = climbed((other["at"], pawn["goal"]), turn_back)
        change -= climbed((pawn["at"], pawn["goal"]), turn_back)
        gain += change if pawn["seat"] == view["me"] else -change
    return gain


def _pick_gain(view: View, spec: dict, index: int, turn_back: bool) -> float:
    """What the Action card does for this pawn of mine (bumping a pawn it lands on counts)."""
    pawn = next(p for p in view["pawns"] if p["seat"] == view["me"] and p["index"] == index)
    others = [
        p for p in view["pawns"] if not p["home"] and p is not pawn and START < p["at"] < FINISH
    ]
    to = pawn_action_target(spec, pawn["at"], [p["at"] for p in others])
    if to is None:
        return 0.0
    before = pawn_value((pawn["at"], pawn["goal"]), turn_back)
    gain = pawn_value((to, pawn["goal"]), turn_back) - before
    for other in others:
        if other["at"] == to:
            lost = bump_loss((other["at"], other["goal"]), turn_back)
            gain += -lost if other["seat"] == view["me"] else BUMP_WEIGHT * lost
    return gain


# --- the easy bot's rough judgement -------------------------------------------------------------
def _climb(view: View, move: Step) -> int:
    """How far up (towards its goal) the step leaves the pawn."""
    pawn = next(p for p in view["pawns"] if p["seat"] == view["me"] and p["index"] == move.pawn)
    to = raw_result(pawn["at"], move.op, move.die)
    if to is None:
        return -1
    if to == pawn["goal"]:
        return 1000
    missing = [s for s in view["stations"] if s not in view["visited"][view["me"]]]
    if missing:
        return -min(abs(to - s) for s in missing)  # Way Stations: head for a station first
    return to if pawn["goal"] == FINISH else FINISH - to


def _lands_home(view: View, move: Nudge) -> bool:
    pawn = next(p for p in view["pawns"] if p["seat"] == view["me"] and p["index"] == move.pawn)
    card = next(c for c in view["keepers"][view["me"]] if c["card"] == move.card)
    return raw_result(pawn["at"], move.op, card["n"]) == pawn["goal"]


BOTS: dict[str, Bot] = {"easy": EasyBot(), "strong": StrongBot()}
