"""What the board shows of a Prime Climb state, for one player or a watcher.

Everything on the table is public: the pawns, the dice once rolled, the steps of the turn so
far and every player's Keeper cards (the rules: "keep that card, face up, for a future turn").
Hidden: the order of the draw pile (a count) and the dice before they are rolled. The player
whose turn it is also gets the step form. By default (`ask`) the player chooses a pawn, a
die and an operation and works out where the pawn lands: the view holds every choice's sum
("14 + 3") and, for a step that may not be taken, why not — never its result. With the
teacher's "show the results" (`builder`) every choice shows the number it gives before it is
chosen, as the board did before. Either way × and ÷ get the rules' colour hint.
"""

from __future__ import annotations

from typing import Any

from games.engine.protocol import State, View

from .cards import card_name, card_text
from .legal import CURSE_WORDS, keeper_moves, legal_moves, position
from .moves import PAWN_NAMES
from .numbers import (
    ADD,
    FINISH,
    OP_WORDS,
    OPS,
    SPACES,
    START,
    SUBTRACT,
    SYMBOLS,
    colour_hint,
    factor_text,
    is_all_red,
    raw_result,
)
from .state import (
    ACTION,
    DECLINE,
    MOVE,
    ROLL,
    THERE_AND_BACK,
    TURN_BACK,
    VARIANT_LABELS,
    seat_scores,
    shows_results,
    stations,
)
from .steps import allowed_ops, legal_steps, may_end, try_step

# Each space's factorisation in words ("42 = 2 × 3 × 7 (orange, green, purple)"): the
# board's text alternative to its colours. Space n is item n; the colours are CSS classes.
SPACE_TEXT = [factor_text(n) for n in SPACES]
# Why a step may not be taken, as the step form says it when the player has chosen it
# (nothing that gives its result away: a pawn landing on 101 before the way stations is
# told only once the player answers).
WHY_NOT = {
    "not_whole": "{sum} is not a whole number: try another way.",
    "below_0": "{sum} goes below 0: try another way.",
    "past_101": "{sum} goes past 101: try another way.",
    "cursed": "You are cursed: not this way.",
    "unusable": "Then you can't use all your dice: try another way.",
}
SHORT_PROBLEMS = {
    "not_whole": "not a whole number",
    "below_0": "below 0",
    "past_101": "past 101",
    "station": "visit the way stations first",
    "cursed": "cursed: not this way",
}


def board_view(state: State, player: int | None) -> View:
    """The view for a seat (or a watcher, `player` None)."""
    seated = type(player) is int and 0 <= player < state["players"]
    me = player if seated else None
    turn = state["turn"]
    phase = turn["phase"] if turn else "over"
    acting = turn is not None and me == turn["seat"]
    variant = state["settings"]["variant"]
    shown = shows_results(state)
    return {
        "players": state["players"],
        "me": me,
        "variant": variant,
        "variant_label": VARIANT_LABELS[variant],
        "goal": START if variant == DECLINE else FINISH,
        "there_and_back": variant in TURN_BACK,
        "doubles": state["settings"]["doubles"],
        "stations": list(stations(state)),
        "visited": [list(v) for v in state["visited"]],
        "turn": turn["seat"] if turn else None,
        "phase": phase,
        "turns": state["turns"],
        "rolls": list(state["rolls"]),
        "pawns": _pawns(state),
        "spaces": SPACE_TEXT,  # the same for every game: shared, never changed
        "here": _here(state),
        "dice": _dice(turn),
        "cursed_now": bool(turn and turn["cursed"]),
        "curse_words": _curse_words(variant),
        "cursed_next": list(state["cursed"]),
        "steps": [record["text"] for record in turn["steps"]] if turn else [],
        "turn_start": [p[0] for p in turn["start"]] if turn else [],
        "show_results": shows_results(state),
        "builder": _builder(state) if acting and phase == MOVE and shown else [],
        "ask": _ask(state) if acting and phase == MOVE and not shown else None,
        "card_asks": _card_asks(state, me) if acting and phase == MOVE and not shown else [],
        "card_plays": _card_plays(state, me, shown) if acting and phase == MOVE else [],
        "can_roll": acting and phase == ROLL,
        "can_undo": acting and phase == MOVE and bool(turn["undo"]),
        "can_end": acting and phase == MOVE and may_end(*position(state)),
        "must_pass": acting and phase == MOVE and _must_pass(state),
        "action": _action(state, acting) if phase == ACTION else None,
        "keepers": [
            [_card(state, c, bool(turn) and c in turn["fresh"]) for c in k]
            for k in state["keepers"]
        ],
        "draw_count": len(state["draw"]),
        "discard_count": len(state["discard"]),
        "discard_top": card_name(state["cards"][state["discard"][-1]])
        if state["discard"]
        else None,
        "scores": seat_scores(state),
        "log": list(state["log"]),  # events are never changed once logged: share them
        "over": turn is None,
        "winners": list(state["winners"]),
        "ended": state["ended"],
    }


def _curse_words(variant: str) -> str:
    if variant == DECLINE:
        return CURSE_WORDS[START]
    if variant in (THERE_AND_BACK, "solitaire_2"):
        return "move backwards"
    return CURSE_WORDS[FINISH]


def _pawns(state: State) -> list[dict[str, Any]]:
    found = []
    for seat, pawns in enumerate(state["pawns"]):
        for index, (at, goal) in enumerate(pawns):
            home = at < 0
            found.append(
                {
                    "id": seat * 2 + index,
                    "seat": seat,
                    "index": index,
                    "name": PAWN_NAMES[index],
                    "at": None if home else at,
                    "goal": None if home else goal,
                    "home": home,
                    "way_back": not home
                    and goal == START
                    and state["settings"]["variant"] in TURN_BACK,
                }
            )
    return found


def _here(state: State) -> list[list[dict[str, Any]]]:
    """The pawns on each space 0–101 (home pawns are off the board)."""
    here: list[list[dict[str, Any]]] = [[] for _ in SPACES]
    for seat, pawns in enumerate(state["pawns"]):
        for index, (at, _) in enumerate(pawns):
            if at >= 0:
                here[at].append({"seat": seat, "name": PAWN_NAMES[index]})
    return here


def _dice(turn: dict[str, Any] | None) -> dict[str, Any] | None:
    if not turn or not turn["dice"]:
        return None  # "Before the roll the dice values are unknown to everyone"
    a, b = turn["dice"]
    return {
        "rolled": [a, b],
        "doubles": a == b,
        "left": sorted(turn["left"]),
        "used": (4 if a == b else 2) - len(turn["left"]),
    }


def _builder(state: State) -> list[dict[str, Any]]:
    """For each pawn and each die: every operation with the number it gives."""
    ctx, pawns, left, missing = position(state)
    legal = {option.key: option for option in legal_steps(ctx, pawns, left, missing)}
    groups = []
    for i, pawn in enumerate(pawns):
        if pawn[0] < 0:
            continue
        dice = []
        for die in sorted(set(left)):
            ops = [_op_choice(ctx, pawn, i, die, op, legal, missing) for op in OPS]
            dice.append({"die": die, "ops": ops})
        groups.append({"pawn": i, "name": PAWN_NAMES[i], "at": pawn[0], "dice": dice})
    return groups


def _op_choice(ctx, pawn, i: int, die: int, op: str, legal: dict, missing) -> dict[str, Any]:
    at = pawn[0]
    result = raw_result(at, op, die)
    option = legal.get((i, die, op))
    _, problem = try_step(ctx, pawn, missing, op, die)
    reason = ""
    if option is None:
        reason = SHORT_PROBLEMS[problem] if problem else "then a die could not be used"
    landing = option.to[0] if option else result
    if option and option.forced:
        text = f"{at} {SYMBOLS[op]} {die}: stay at {landing}"
    elif result is None:
        text = f"{at} {SYMBOLS[op]} {die} = ?"
    else:
        text = f"{at} {SYMBOLS[op]} {die} = {result}"
    return {
        "op": op,
        "symbol": SYMBOLS[op],
        "result": result,
        "text": text,
        "legal": option is not None,
        "reason": reason,
        "red": option is not None and 0 <= landing <= FINISH and is_all_red(landing),
        "home": option is not None and option.to[0] < 0,
        "hint": colour_hint(at, op, die),
    }


def _ask(state: State) -> dict[str, Any] | None:
    """The step form when the player works out the results: the pawns, the dice left and the
    operations to choose from, and for every choice its sum and, if it may not be taken, why
    not. Radio slots: pawn index, the die's place among the dice left (0 or 1), the op."""
    ctx, pawns, left, missing = position(state)
    if not left:
        return None
    legal = {option.key: option for option in legal_steps(ctx, pawns, left, missing)}
    dice = sorted(set(left))
    mine = [(i, pawn) for i, pawn in enumerate(pawns) if pawn[0] >= 0]
    ops = [op for op in OPS if any(op in allowed_ops(ctx, pawn[1]) for _, pawn in mine)]
    choices = []
    for i, pawn in mine:
        for slot, die in enumerate(dice):
            for op in ops:
                choices.append(_ask_choice(ctx, pawn, i, slot, die, op, legal, missing))
    return {
        "pawns": [{"pawn": i, "name": PAWN_NAMES[i], "at": pawn[0]} for i, pawn in mine],
        "dice": [{"slot": slot, "die": die} for slot, die in enumerate(dice)],
        "ops": [_op_words(op) for op in ops],
        "choices": choices,
        "pawn": mine[0][0] if len(mine) == 1 else None,  # chosen already: the only one
        "die": dice[0] if len(dice) == 1 else None,
    }


def _ask_choice(ctx, pawn, i: int, slot: int, die: int, op: str, legal, missing) -> dict:
    at = pawn[0]
    text = f"{at} {SYMBOLS[op]} {die}"
    option = legal.get((i, die, op))
    why = ""
    stays = None
    if option is None:
        _, problem = try_step(ctx, pawn, missing, op, die)
        if problem != "station":  # told once answered: it would give the result away
            why = WHY_NOT[problem or "unusable"].format(sum=text)
    elif option.forced:
        stays = option.to[0]
    return {
        "pawn": i,
        "name": PAWN_NAMES[i],
        "slot": slot,
        "op": op,
        "at": at,
        "die": die,
        "text": text,
        "why": why,
        "stays": stays,
        "hint": _colours_only(colour_hint(at, op, die)),
    }


def _colours_only(hint: dict[str, Any] | None) -> dict[str, Any] | None:
    """The colour clue without the number it makes: that is the player's to find."""
    return None if hint is None else {k: v for k, v in hint.items() if k != "value"}


def _op_words(op: str) -> dict[str, str]:
    return {"op": op, "symbol": SYMBOLS[op], "words": OP_WORDS[op]}


def _card_asks(state: State, me: int | None) -> list[dict[str, Any]]:
    """An add-or-subtract Keeper card as a small step form: a pawn, + or −, and the answer
    (the same choices and reasons as the step form, the card's number in place of a die)."""
    asks = []
    ctx, pawns, _, missing = position(state)
    mine = [(i, pawn) for i, pawn in enumerate(pawns) if pawn[0] >= 0]
    plays = [m for m in keeper_moves(state, me) if m.type == "nudge"]
    for card in dict.fromkeys(m.card for m in plays):
        spec = state["cards"][card]
        n = spec["n"]
        choices = []
        for i, pawn in mine:
            for op in (ADD, SUBTRACT):
                text = f"{pawn[0]} {SYMBOLS[op]} {n}"
                _, problem = try_step(ctx, pawn, missing, op, n)
                why = WHY_NOT[problem].format(sum=text) if problem not in ("", "station") else ""
                choices.append(
                    {
                        "pawn": i,
                        "name": PAWN_NAMES[i],
                        "slot": 0,
                        "op": op,
                        "at": pawn[0],
                        "die": n,
                        "text": text,
                        "why": why,
                        "stays": None,
                        "hint": None,
                    }
                )
        asks.append(
            {
                "card": card,
                "name": card_name(spec),
                "n": n,
                "pawns": [{"pawn": i, "name": PAWN_NAMES[i], "at": p[0]} for i, p in mine],
                "ops": [_op_words(ADD), _op_words(SUBTRACT)],
                "choices": choices,
                "pawn": mine[0][0] if len(mine) == 1 else None,
            }
        )
    return asks


def _must_pass(state: State) -> bool:
    ctx, pawns, left, missing = position(state)
    return bool(left) and len(left) != ctx.may_left and not legal_steps(ctx, pawns, left, missing)


def _card_plays(state: State, me: int | None, shown: bool) -> list[dict[str, Any]]:
    """Each Keeper card play as a form's fields and a sentence (when the player works out the
    results, the add-or-subtract cards are card_asks instead)."""
    plays = []
    pawns = position(state)[1]
    for move in keeper_moves(state, me):
        data = move.to_json()
        if data["type"] == "nudge" and not shown:
            continue
        spec = state["cards"][data["card"]]
        if data["type"] == "nudge":
            at = pawns[data["pawn"]][0]
            n = spec["n"]
            to = raw_result(at, data["op"], n)
            text = f"Pawn {PAWN_NAMES[data['pawn']]}: {at} {SYMBOLS[data['op']]} {n} = {to}"
        elif data["type"] == "bump":
            owner, index = divmod(data["target"], 2)
            at = state["pawns"][owner][index][0]
            text = f"Bump the pawn on {at}"
        else:
            text = "Curse"
        plays.append({"fields": data, "card": data["card"], "name": card_name(spec), "text": text})
    return plays


def _action(state: State, acting: bool) -> dict[str, Any]:
    pending = state["turn"]["pending"]
    spec = state["cards"][pending["card"]]
    choices = []
    if acting:
        for move in legal_moves(state, state["turn"]["seat"]):
            data = move.to_json()
            text = _answer_text(state, move)
            choices.append({"fields": data, "text": text, "owner": _owner(state, data)})
    return {
        "card": pending["card"],
        "card_kind": spec["kind"],
        "n": spec.get("n"),
        "name": card_name(spec),
        "text": card_text(spec, _curse_words(state["settings"]["variant"])),
        "kind": pending["kind"],
        "choices": choices,
    }


def _answer_text(state: State, move: Any) -> str:
    data = move.to_json()
    if data["type"] == "pick":
        at = state["pawns"][state["turn"]["seat"]][data["pawn"]][0]
        return f"Pawn {PAWN_NAMES[data['pawn']]} (on {at})"
    if data["type"] == "switch":
        a, b = divmod(data["first"], 2), divmod(data["second"], 2)
        return f"Switch {state['pawns'][a[0]][a[1]][0]} and {state['pawns'][b[0]][b[1]][0]}"
    return card_name(state["cards"][data["card"]])


def _owner(state: State, data: dict[str, Any]) -> int | None:
    """Whose card a Steal takes (the board writes the name)."""
    if data["type"] != "steal":
        return None
    return next(o for o, k in enumerate(state["keepers"]) if data["card"] in k)


def _card(state: State, card: str, fresh: bool) -> dict[str, Any]:
    spec = state["cards"][card]
    text = card_text(spec, _curse_words(state["settings"]["variant"]))
    return {
        "card": card,
        "kind": spec["kind"],
        "n": spec.get("n"),
        "name": card_name(spec),
        "text": text,
        "fresh": fresh,
    }
