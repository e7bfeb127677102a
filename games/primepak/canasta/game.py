"""Prime Canasta: lay down factor sets and runs of primes with your side, make canastas, go out.

Rule text: the PrimePak booklet ("PRIME CANASTA"); decisions: docs/rules.md, "Prime Canasta".
The rules core is state.py, the moves moves.py. This module is the Game on the shared PrimePak
base: settings, views (hidden hands), the list of legal moves, the outcome.

Texts: texts.py; bots: bots.py. Pure Python: no Django.
"""

from __future__ import annotations

import copy
from typing import Any

from games.engine.protocol import (
    IllegalMove,
    LearningEvent,
    Move,
    Outcome,
    SettingsError,
    State,
    Timeout,
    View,
)

from ..base import PrimePakGame
from ..cards import Card, is_wild, label
from ..meld import check_meld, going_out, possible_melds
from . import moves as cm
from . import state as cs

__all__ = ["PRIME_CANASTA", "PrimeCanasta"]

# legal_moves lists simple forms only; these caps keep the list short with many prime wilds.
MAX_NEW_SETS = 40
MAX_TAKES = 20
YES_WORDS = {True: True, False: False, "yes": True, "no": False, "true": True, "false": False,
             "on": True, "off": False, "1": True, "0": False}  # fmt: skip


class PrimeCanasta(PrimePakGame):
    """Prime Canasta for 2 to 4 players, alone or (4 players) in two partnerships."""

    slug = "prime-canasta"
    stylesheet = "games/prime-canasta/canasta.css"
    tells_own_story = True
    list_fields = frozenset({"cards", "pick"})
    name = "Prime Canasta"
    min_players = 2
    max_players = 4
    summary = (
        "Lay down factor sets and runs of primes on the table. Build canastas of five or more "
        "cards with your partner, take the discard pile, and go out first!"
    )
    random_playout_moves = 300  # random moves rarely go out: the bots finish the playout

    # --- settings -------------------------------------------------------------------------
    def default_settings(self) -> dict[str, Any]:
        """Level 3 (the smallest deck the rules name), no partnerships, to 5000 points."""
        return {"level": 3, "target": cs.DEFAULT_TARGET, "partnerships": False,
                "mistakes": cs.REFUSE}  # fmt: skip

    def settings_fields(self) -> list[dict[str, Any]]:
        """Deck level, points to win, and partnerships (4 players only)."""
        return [
            {
                "name": "level",
                "label": "Deck level",
                "choices": [
                    (lv, f"Level {lv} ({cs.wilds_for(lv)} prime cards)") for lv in cs.LEVELS
                ],
                "help": "Prime Canasta uses levels 3 to 6. Each level adds new primes.",
            },
            {
                "name": "target",
                "label": "Points to win",
                "choices": [(t, f"{t} points") for t in cs.TARGETS],
                "help": "The booklet plays to 5000 points; 1000 or 2500 fit a lesson.",
                "teacher_only": True,
            },
            {
                "name": "partnerships",
                "label": "Partnerships",
                "choices": [(False, "Everyone plays alone"), (True, "Two teams of partners")],
                "help": "Only with 4 players: partners sit across and score together.",
            },
            {
                "name": "mistakes",
                "label": "Mistakes",
                "choices": [
                    (cs.REFUSE, "Refused with the reason (no penalty)"),
                    (cs.PENALTY_MODE, "Cost 100 points, as in the booklet"),
                ],
                "help": "A first laydown that is too small, a wrong set, taking the pile "
                "without being allowed, or going out when you cannot: the app always says why. "
                "With the booklet's rule, each also costs 100 points at the end of the round.",
                "teacher_only": True,
            },
        ]

    def clean_settings(self, settings: dict[str, Any]) -> dict[str, Any]:
        """Fill in defaults; accept form strings ("3", "yes"); refuse anything else."""
        settings, defaults, level = self.known_settings(settings)
        if level not in cs.LEVELS:
            raise SettingsError("Prime Canasta uses deck level 3, 4, 5 or 6.")
        target = settings.get("target", defaults["target"])
        if isinstance(target, str) and target.isascii() and target.isdigit() and len(target) <= 5:
            target = int(target)  # a form's "1000" (whole_number stops at 3 digits)
        if type(target) is not int or target not in cs.TARGETS:
            raise SettingsError("Points to win must be 1000, 2500 or 5000.")
        raw = settings.get("partnerships", defaults["partnerships"])
        key = raw.lower() if isinstance(raw, str) else raw
        if type(key) not in (bool, str) or key not in YES_WORDS:
            raise SettingsError("Partnerships must be yes or no.")
        mistakes = settings.get("mistakes", defaults["mistakes"])
        if mistakes not in cs.MISTAKES:
            raise SettingsError("Mistakes must be refused or cost 100 points.")
        return {"level": level, "target": target, "partnerships": YES_WORDS[key],
                "mistakes": mistakes}  # fmt: skip

    def settings_label(self, settings: dict[str, Any]) -> str:
        """ "Level 3", "Level 4 · partners · to 1000 points"."""
        clean = self.clean_settings(settings)
        parts = [f"Level {clean['level']}"]
        if clean["partnerships"]:
            parts.append("partners")
        if clean["target"] != cs.DEFAULT_TARGET:
            parts.append(f"to {clean['target']} points")
        if clean["mistakes"] == cs.PENALTY_MODE:
            parts.append("100-point penalties")
        return " · ".join(parts)

    # --- play -----------------------------------------------------------------------------
    def new_game(self, settings: dict[str, Any], players: int, seed: int) -> State:
        """The first round dealt; the first dealer drawn by lot (docs/rules.md, Prime Canasta:
        "Dealer")."""
        if type(players) is not int or not self.min_players <= players <= self.max_players:
            raise SettingsError("Prime Canasta is for 2 to 4 players.")
        settings = self.clean_settings(settings)
        if settings["partnerships"] and players != 4:
            raise SettingsError("Partnerships need exactly 4 players.")
        return cs.new_state(settings, players, seed)

    def current_player(self, state: State) -> int | None:
        """Whose turn it is; the partner while a "May I go out?" waits for the answer; between
        rounds, who will play first in the next one."""
        phase = state["phase"]
        if phase == cs.GAME_OVER:
            return None
        if phase == cs.ROUND_OVER:
            return (cs.next_dealer(state) + 1) % state["players"]
        if _waiting_answer(state):
            return cs.partner_of(state, state["asked"]["seat"])
        return state["turn"]

    def actors(self, state: State, players: int) -> list[int]:
        """Between rounds anyone may deal the next round; else only the player who must act."""
        if state["phase"] == cs.ROUND_OVER:
            return list(range(players))
        current = self.current_player(state)
        return [] if current is None else [current]

    def legal_moves(self, state: State, player: int) -> list[Move]:
        """A finite list of moves in simple forms, every one of them checked by the rules:

        - before drawing: draw two; take the pile with its top card in a set from the hand
          (or added to one of the side's sets), picking the two cards below the top;
        - after drawing: ask "May I go out?" (partners), going out (sets found by the meld
          layer, cards added where they fit), each set the hand can lay down (and, for the
          first laydown, the best grouping at once), single cards added to the side's sets,
          and discarding each different card;
        - the partner's yes or no; between rounds: the next round.

        Also allowed but not listed: every other choice of cards (bigger pick-ups, several
        sets at once, other groupings going out)."""
        phase = state["phase"]
        if type(player) is not int or not 0 <= player < state["players"]:
            return []
        if phase == cs.ROUND_OVER:
            return [cm.NextRound()]
        if phase == cs.GAME_OVER:
            return []
        if _waiting_answer(state):
            if cs.partner_of(state, state["asked"]["seat"]) == player:
                return [cm.Answer(True), cm.Answer(False)]
            return []
        if player != state["turn"]:
            return []
        if phase == cs.DRAW:
            candidates = [cm.DrawTwo(), *_take_candidates(state, player)]
        else:
            candidates = _play_candidates(state, player)
        moves: list[Move] = []
        for move in candidates:
            if move not in moves and _allowed(state, player, move):
                moves.append(move)
        return moves

    def apply_move(self, state: State, player: int, move: Move) -> State:
        """The state after the move; IllegalMove with a child-readable reason if refused.

        With the booklet's penalties on (docs/rules.md, Prime Canasta: "Mistakes"), an irregular
        action is still not played (its cards go back to the hand) but the state records a
        100-point penalty for the side."""
        if type(player) is not int or not 0 <= player < state["players"]:
            raise IllegalMove("You are not playing in this game.")
        if state["phase"] == cs.GAME_OVER:
            raise IllegalMove("The game is over.")
        if not isinstance(move, Move) or isinstance(move, Timeout):
            raise IllegalMove(cm.NOT_A_MOVE)
        try:
            return cm.apply_move(state, player, move)
        except IllegalMove as error:
            if not (cm.penalties_on(state) and _irregular(state, player, move, error)):
                raise
            new = cs.copy_state(state)
            cm.charge(new, player, error.reason, error.kind or "set")
            new["last_penalty"]["detail"] = dict(error.detail or {})
            return new

    def timer(self, state: State) -> float | None:
        """Only between rounds: the scoring stays up, then the next round is dealt."""
        return cs.ROUND_OVER_SECONDS if state["phase"] == cs.ROUND_OVER else None

    def apply_timeout(self, state: State) -> State:
        """The pause after a round's scoring ran out: deal the next round."""
        if state["phase"] != cs.ROUND_OVER:
            raise IllegalMove("No clock is running.")
        new = cs.copy_state(state)
        cs.start_next_round(new)
        return new

    def parse_move(self, data: Any) -> Move:
        """A move from its JSON form (what the board posts); malformed: IllegalMove."""
        return cm.parse_move(data)

    def view(self, state: State, player: int | None) -> View:
        """Your own hand; the others' hands as counts; the draw pile as a count; each side's
        sets on the table; the discard pile (frozen or not); scores; and for your side the
        first laydown's minimum and the points on the table so far."""
        settings = state["settings"]
        players = state["players"]
        mine = player if type(player) is int and 0 <= player < players else None
        playing = state["phase"] in (cs.DRAW, cs.PLAY)
        sides = cs.sides_count(state)
        view: View = {
            "level": settings["level"],
            "target": settings["target"],
            "partnerships": cs.partnerships(state),
            "wilds": cs.wilds_for(settings["level"]),
            "players": players,
            "round": state["round"],
            "dealer": state["dealer"],
            "turn": state["turn"] if playing else None,
            "phase": state["phase"],
            "me": mine,
            "my_side": cs.side_of(state, mine) if mine is not None else None,
            "partner": cs.partner_of(state, mine) if mine is not None else None,
            "hand": None,
            "hand_sizes": [len(hand) for hand in state["hands"]],
            "draw_count": len(state["draw"]),
            "discard": [_card(p, c) for p, c in enumerate(state["discard"])],
            "discard_frozen": any(is_wild(c) for c in state["discard"]),
            "frozen_for_me": cs.frozen_reason(state, mine) if mine is not None else None,
            "sides": [_side_view(state, side) for side in range(sides)],
            "scores": list(state["scores"]),
            "asked": dict(state["asked"]) if state["asked"] else None,
            "rounds": [dict(r, points=list(r["points"])) for r in state["rounds"]],
            "last_round": copy.deepcopy(state["last_round"]),
            "winner": state["winner"],
            "laydown": None,
            "log": [dict(line) for line in state["log"]],
            "can_take": len(state["discard"]) >= cs.MIN_PILE and not is_wild(state["discard"][-1]),
            "mistakes": settings.get("mistakes", cs.REFUSE),
            "penalties": list(state["penalties"]),
            "last_penalty": None,
            "sort": None,
            "ready": None,
            "ready_points": 0,
            "hint": None,
        }
        if mine is not None:
            hand = state["hands"][mine]
            view["sort"] = state["sort"][mine]
            penalty = state["last_penalty"]
            if penalty is not None and penalty["seat"] == mine:
                view["last_penalty"] = _public_penalty(penalty)
            order = sorted(range(len(hand)), key=lambda p: _sort_key(hand[p], view["sort"]))
            view["hand"] = [_card(p, hand[p]) for p in order]
            view["ready"] = [
                {"group": g, "cards": [_card(p, hand[p]) for p in group["cards"]],
                 "to": group["to"], "points": cs.cards_points([hand[p] for p in group["cards"]])}
                for g, group in enumerate(state["ready"][mine])
            ]  # fmt: skip
            view["ready_points"] = sum(r["points"] for r in view["ready"] if r["to"] is None)
            if state["hint"][mine] is not None:
                view["hint"] = [{"cards": [label(c) for c in h["cards"]], "to": h["to"]}
                                for h in state["hint"][mine]]  # fmt: skip
            side = cs.side_of(state, mine)
            score = state["scores"][side]
            view["laydown"] = {
                "minimum": cs.laydown_minimum(score),
                "laid_down": state["laid_down"][side],
                "points_so_far": view["sides"][side]["points"],
                "canastas_needed": cs.canastas_needed(score),
            }
        return view

    def outcome(self, state: State) -> Outcome | None:
        """The side with the highest score once one reaches the target; each seat scores its
        side's points."""
        if state["phase"] != cs.GAME_OVER:
            return None
        winners = tuple(cs.seats_of(state, state["winner"]))
        scores = tuple(state["scores"][cs.side_of(state, s)] for s in range(state["players"]))
        return Outcome(winners, scores, f"reached {state['settings']['target']} points")

    def learning_events(
        self, before: State, player: int, move: Move, after: State | IllegalMove
    ) -> list[LearningEvent]:
        """Each set laid down or grown is a factor set the player knew (help when the hint
        showed it); a set refused by the meld layer is a mistake on that set (by its answer
        when it has one), also when the booklet's penalty records it; the hint is help."""
        if isinstance(move, Timeout) or not isinstance(move, Move):
            return []
        if isinstance(move, cm.Hint) and not isinstance(after, IllegalMove):
            shown = after["hint"][player] or []
            detail = {"sets": [", ".join(label(c) for c in h["cards"]) for h in shown]}
            return [LearningEvent(player, "hint", "canasta:sets", False, "asked_hint", detail,
                                  helped=True)]  # fmt: skip
        if not isinstance(after, IllegalMove) and after["penalties"] != before["penalties"]:
            penalty = after["last_penalty"]
            after = IllegalMove(penalty["reason"], kind=penalty["kind"],
                                detail=penalty.get("detail") or {})  # fmt: skip
        if isinstance(after, IllegalMove):
            if not (after.detail or {}).get("set"):
                return []
            answer = after.detail.get("answer")
            skill = f"factors:{answer}" if answer else "factors:prime"
            detail = {"reason": after.reason, **after.detail}
            return [LearningEvent(player, "factor_set", skill, False, after.kind, detail)]
        side = cs.side_of(before, player)
        level = before["settings"]["level"]
        hinted = before["hint_sets"][player]
        old = [s["cards"] for s in before["sets"][side]]
        events = []
        for index, laid in enumerate(after["sets"][side]):
            if index < len(old) and len(old[index]) == len(laid["cards"]):
                continue
            meld = check_meld(laid["cards"], level, prime_runs=True).meld
            if meld is None:
                continue
            skill = f"factors:{meld.answer}" if meld.answer else "factors:prime"
            detail = {"equation": meld.equation(), "canasta": meld.is_canasta}
            new_cards = laid["cards"][len(old[index]) if index < len(old) else 0 :]
            helped = sorted(new_cards, key=str) in hinted
            events.append(LearningEvent(player, "factor_set", skill, True, detail=detail,
                                        helped=helped))  # fmt: skip
        return events

    def listed_in_part(self, move: Move) -> bool:
        """Laying down, taking the pile and going out: every choice of cards is allowed, the
        list names simple forms only; a player's own hand (ready groups, the hint, sorting)
        is never listed, as random play would do little else."""
        return isinstance(move, (cm.LayDown, cm.TakePile, cm.GoOut, *cm.PRIVATE))

    def canonical_move(self, state: State, player: int, move: Move) -> Move:
        """Cards named by the first places that hold them (equal cards are the same choice),
        each set's places in order, the sets in order (the form legal_moves compares)."""
        if not 0 <= player < state["players"] or state["phase"] not in (cs.DRAW, cs.PLAY):
            return move
        hand = state["hands"][player]
        used: set[int] = set()

        def first(positions: tuple[int, ...], cards: list[Card]) -> tuple[int, ...]:
            named = []
            for p in positions:
                if not 0 <= p < len(cards):
                    return positions  # not a card: left as it is (refused anyway)
                q = next(q for q, c in enumerate(cards) if c == cards[p] and q not in used)
                used.add(q)
                named.append(q)
            return tuple(sorted(named))

        if isinstance(move, cm.Discard):
            return cm.Discard(first((move.card,), hand)[0])
        if isinstance(move, cm.AddToSet):
            return cm.AddToSet(move.set, first(move.cards, hand), move.board)
        if isinstance(move, cm.LayDown) and not move.ready:
            return cm.LayDown(tuple(sorted(first(s, hand) for s in move.sets)))
        if isinstance(move, cm.GoOut) and not move.ready:
            sets = tuple(sorted(first(s, hand) for s in move.sets))
            adds = tuple(sorted((i, first(c, hand)) for i, c in move.adds))
            discard = None if move.discard is None else first((move.discard,), hand)[0]
            return cm.GoOut(sets, adds, discard)
        if isinstance(move, cm.TakePile) and not move.ready:
            with_cards = first(move.with_cards, hand)
            return cm.TakePile(with_cards, move.to_set, tuple(sorted(move.pick)), move.sets)
        return move

    def copy_state(self, state: State) -> State:
        """A deep copy a move may change."""
        return cs.copy_state(state)

    def hidden_zones(self, state: State, player: int | None) -> list[list[Any]]:
        """The draw pile and every hand but this player's own (a partner's hand too)."""
        return [state["draw"], *(hand for p, hand in enumerate(state["hands"]) if p != player)]

    def check_invariants(self, state: State) -> None:
        """Every card exactly once, every set on the table a set, scores the rounds' sum."""
        cs.check_state(state)

    def describe(self, state: State, player: int, move: Move) -> str:
        """ "discarded 24", "took the discard pile with 36", "laid down 42 = 6 × 7"."""
        if isinstance(move, Timeout):
            return move.label()
        hand = state["hands"][player] if 0 <= player < len(state["hands"]) else []
        level = state["settings"]["level"]
        if isinstance(move, cm.Discard) and 0 <= move.card < len(hand):
            return f"discarded {label(hand[move.card])}"
        if isinstance(move, cm.TakePile) and state["discard"]:
            return f"took the discard pile with {label(state['discard'][-1])}"
        if isinstance(move, (cm.LayDown, cm.GoOut)):
            extra = move.cards if isinstance(move, cm.LayDown) else ()
            named = cm.ready_parts(state, player, extra)[0] if move.ready else move.sets
            sets = [_positions_cards(hand, s) for s in named]
            found = [check_meld(c, level, prime_runs=True).meld for c in sets if c is not None]
            shown = "; ".join(m.equation() for m in found if m is not None)
            verb = "went out" if isinstance(move, cm.GoOut) else "laid down"
            return f"{verb}: {shown}" if shown else move.label()
        if isinstance(move, cm.AddToSet):
            cards = _positions_cards(hand, move.cards)
            if cards:
                return f"added {', '.join(label(c) for c in cards)} to a set"
        return move.label()


# --- helpers -----------------------------------------------------------------------------------
# The booklet's irregular actions (docs/rules.md, Prime Canasta: "Mistakes"): what a player does
# at the table and must take back. Not moves at all (not your turn, no such card, keep a card)
# are refused in any mode.
IRREGULAR_KINDS = {"laydown_minimum", "cards_left", "too_few_canastas", "partner_said_no",
                   "not_allowed", "frozen"}  # fmt: skip


def _irregular(state: State, player: int, move: Move, error: IllegalMove) -> bool:
    """Whether a refused move is one of the booklet's irregular actions (costs 100 points)."""
    # Only what a player shows at the table: the board's forms (bots and explicit moves are
    # refused as any other move is).
    at_table = move.board if isinstance(move, cm.AddToSet) else getattr(move, "ready", False)
    if not isinstance(move, (cm.TakePile, cm.LayDown, cm.AddToSet, cm.GoOut)) or not at_table:
        return False
    if (
        state["phase"] not in (cs.DRAW, cs.PLAY)
        or state["turn"] != player
        or _waiting_answer(state)
    ):
        return False
    detail = error.detail or {}
    return error.kind in IRREGULAR_KINDS or bool(detail.get("set"))


def _public_penalty(penalty: dict[str, Any] | None) -> dict[str, Any] | None:
    return None if penalty is None else {k: penalty[k] for k in ("seat", "reason", "kind")}


def _sort_key(card: Card, by: str) -> tuple:
    """By value: numbers up, prime cards last. By prime factor: by the smallest prime factor
    (all the cards with a 2 together, then 3, ...), then by value; prime cards last."""
    if is_wild(card):
        return (1, 0, 0)
    if by == "factor":
        smallest = next((p for p in range(2, card + 1) if card % p == 0), card)
        return (0, smallest, card)
    return (0, card, 0)


def _waiting_answer(state: State) -> bool:
    asked = state["asked"]
    return state["phase"] == cs.PLAY and asked is not None and asked["answer"] is None


def _card(pos: int, card: Card) -> dict[str, Any]:
    return {"pos": pos, "card": card, "label": label(card), "wild": is_wild(card)}


def _side_view(state: State, side: int) -> dict[str, Any]:
    """A side's table: its sets (what each is and is worth), its canastas and points so far."""
    level = state["settings"]["level"]
    sets = []
    for laid in state["sets"][side]:
        meld = cs.set_check(laid["cards"], level)
        sets.append({
            "cards": [_card(p, c) for p, c in enumerate(laid["cards"])],
            "seat": laid["seat"],
            "equation": meld.equation(),
            "canasta": meld.is_canasta,
            "name": cs.canasta_name(meld),
            "points": cs.cards_points(laid["cards"]),
            "bonus": cs.canasta_bonus(meld),
        })  # fmt: skip
    return {
        "side": side,
        "seats": cs.seats_of(state, side),
        "sets": sets,
        "laid_down": state["laid_down"][side],
        "canastas": sum(s["canasta"] for s in sets),
        "points": sum(s["points"] + s["bonus"] for s in sets),
        "score": state["scores"][side],
    }


def _positions_cards(hand: list[Card], positions: tuple[int, ...]) -> list[Card] | None:
    if any(not 0 <= p < len(hand) for p in positions):
        return None
    return [hand[p] for p in positions]


def _positions(hand: list[Card], cards: list[Card] | tuple[Card, ...], used: set[int]):
    """Hand positions holding these cards (each position once), or None if some is missing."""
    found = []
    for card in cards:
        pos = next((p for p, c in enumerate(hand) if c == card and p not in used), None)
        if pos is None:
            return None
        used.add(pos)
        found.append(pos)
    return tuple(found)


def _allowed(state: State, player: int, move: Move) -> bool:
    try:
        cm.apply_move(state, player, move)
    except IllegalMove:
        return False
    return True


def _take_candidates(state: State, player: int) -> list[Move]:
    """Taking the pile in simple forms: the top card with cards of the hand as a new set, or
    added to a set of the side; the two cards just below the top picked up with it."""
    pile, level = state["discard"], state["settings"]["level"]
    if len(pile) < cs.MIN_PILE or is_wild(pile[-1]):
        return []
    top, hand = pile[-1], state["hands"][player]
    pick = (len(pile) - 3, len(pile) - 2)
    moves: list[Move] = []
    for index in range(len(state["sets"][cs.side_of(state, player)])):
        moves.append(cm.TakePile((), index, pick))
    for meld in possible_melds([*hand, top], level, prime_runs=True):
        cards = list(meld.cards)
        if top not in cards:
            continue
        cards.remove(top)
        with_cards = _positions(hand, cards, set())
        if with_cards is not None:
            moves.append(cm.TakePile(with_cards, None, pick))
        if len(moves) >= MAX_TAKES:
            break
    return moves


def _play_candidates(state: State, player: int) -> list[Move]:
    """After drawing: ask, go out, lay down, add, discard (each checked by the caller)."""
    hand, level = state["hands"][player], state["settings"]["level"]
    side = cs.side_of(state, player)
    moves: list[Move] = []
    if cs.partnerships(state) and state["asked"] is None:
        moves.append(cm.Ask())
    if len(hand) <= cm.EXACT_CARDS:  # bigger hands: the exact search is too slow to list these
        moves += _go_out_candidates(state, player)
    melds, _ = cm.arrange(hand, level)
    grouped = _sets_positions(hand, [m.cards for m in melds])
    if grouped and len(grouped) > 1:
        moves.append(cm.LayDown(grouped))
    for meld in possible_melds(hand, level, prime_runs=True)[:MAX_NEW_SETS]:
        positions = _positions(hand, meld.cards, set())
        if positions is not None:
            moves.append(cm.LayDown((positions,)))
    for index, laid in enumerate(state["sets"][side]):
        for card, pos in _first_positions(hand).items():
            if check_meld([*laid["cards"], card], level, prime_runs=True).ok:
                moves.append(cm.AddToSet(index, (pos,)))
    moves += [cm.Discard(pos) for pos in _first_positions(hand).values()]
    return moves


def _go_out_candidates(state: State, player: int) -> list[Move]:
    """Going out: the whole hand as new sets (the meld layer's best way), and the same after
    adding each card that fits one of the side's sets there first."""
    hand, level = state["hands"][player], state["settings"]["level"]
    side = cs.side_of(state, player)
    moves: list[Move] = []
    way = going_out(hand, level, prime_runs=True)
    if way is not None:
        moves.append(_go_out_move(hand, [], way))
    table = [list(s["cards"]) for s in state["sets"][side]]
    adds: list[tuple[int, Card]] = []
    rest: list[Card] = []
    for card in hand:
        fits = next((i for i, cards in enumerate(table)
                     if check_meld([*cards, card], level, prime_runs=True).ok), None)  # fmt: skip
        if fits is None:
            rest.append(card)
        else:
            table[fits].append(card)
            adds.append((fits, card))
    if adds:
        if len(rest) <= 1:
            discard = rest[0] if rest else None
            moves.append(_go_out_from(hand, adds, [], discard))
        else:
            way = going_out(rest, level, prime_runs=True)
            if way is not None:
                moves.append(_go_out_move(hand, adds, way))
    return [m for m in moves if m is not None]


def _go_out_move(hand: list[Card], adds: list[tuple[int, Card]], way) -> Move | None:
    return _go_out_from(hand, adds, [m.cards for m in way.arrangement.melds], way.discard)


def _go_out_from(hand, adds, sets, discard) -> Move | None:
    used: set[int] = set()
    by_set: dict[int, list[int]] = {}
    for index, card in adds:
        pos = _positions(hand, [card], used)
        if pos is None:
            return None
        by_set.setdefault(index, []).extend(pos)
    set_positions = []
    for cards in sets:
        pos = _positions(hand, cards, used)
        if pos is None:
            return None
        set_positions.append(pos)
    thrown = None
    if discard is not None:
        found = _positions(hand, [discard], used)
        if found is None:
            return None
        thrown = found[0]
    adds_json = tuple((i, tuple(p)) for i, p in sorted(by_set.items()))
    return cm.GoOut(tuple(set_positions), adds_json, thrown)


def _sets_positions(hand: list[Card], sets) -> tuple[tuple[int, ...], ...] | None:
    used: set[int] = set()
    found = []
    for cards in sets:
        pos = _positions(hand, cards, used)
        if pos is None:
            return None
        found.append(pos)
    return tuple(found)


def _first_positions(hand: list[Card]) -> dict[Card, int]:
    """Each different card of the hand, at its first position."""
    first: dict[Card, int] = {}
    for pos, card in enumerate(hand):
        first.setdefault(card, pos)
    return first


PRIME_CANASTA = PrimeCanasta()
