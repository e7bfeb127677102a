"""Factor Rummy: fill your hand with factor sets, then go out before the others.

Rule text: the PrimePak booklet (FACTOR RUMMY); what it leaves open is settled in
docs/rules.md (PrimePak, "Factor Rummy"). Pure Python: no Django.

Phases: "draw" (the player to move draws from the draw pile or takes the discard pile's top
card, or goes out before drawing), "discard" (they discard to end the turn, or go out with or
without a discard), "round_over" (every hand is laid down and scored; anyone deals the next
round, or the clock does), "game_over".

Each player arranges their own hand into groups (private, only on their own turn); a claim to
go out is judged on those groups, never on a grouping the app finds. The app groups a hand only
when asked (the hint), and that counts as help. Moves: moves.py; the state, judging and
scoring: state.py; the bots: bots.py; the texts: texts.py.
"""

from __future__ import annotations

from typing import Any

from games.engine.common import whole_number
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
from games.engine.rng import rng_for

from ..base import PrimePakGame
from ..cards import LEVEL_PRIMES, LEVELS, is_wild, label, sort_key
from ..meld import best_arrangement, check_meld
from .moves import (
    DEADWOOD,
    DISCARD_PILE,
    HOW_WORDS,
    PILE,
    PRIME,
    RUMMY,
    Discard,
    Draw,
    GoOut,
    Group,
    Hint,
    NextRound,
    Ungroup,
    move_from_json,
)
from .state import (
    DEFAULT_TARGET,
    DISCARD,
    DRAW,
    GAME_OVER,
    PLAYING,
    ROUND_OVER,
    ROUND_OVER_SECONDS,
    TARGETS,
    check_state,
    copy_state,
    deal_round,
    finish_dead_round,
    finish_round,
    hand_size_for,
    hint_groups,
    judge_claim,
    listed_groups,
    log_event,
    loose_positions,
    new_state,
    refill_draw_pile,
    regroup,
    sort_hand,
    valid_claims,
    wilds_for,
    without_position,
)

__all__ = [
    "DEADWOOD",
    "FACTOR_RUMMY",
    "PRIME",
    "RUMMY",
    "Discard",
    "Draw",
    "FactorRummy",
    "GoOut",
    "Group",
    "Hint",
    "NextRound",
    "Ungroup",
]

CLAIM_MISTAKES = {"deadwood_left", "not_prime", "no_deadwood", "too_much_deadwood"}


class FactorRummy(PrimePakGame):
    """Factor Rummy, for 2 to 6 players, to 200 points (or a shorter target for a lesson)."""

    slug = "factor-rummy"
    stylesheet = "games/factor-rummy/rummy.css"
    tells_own_story = True
    list_fields = frozenset({"cards"})
    secret_moves = True  # grouping cards in one's own hand
    name = "Factor Rummy"
    min_players = 2
    max_players = 6
    summary = (
        "Collect factor sets in your hand, like 42, 6 and 7. Take a card, put one back, and go "
        "out when every card is in a set. Catch the others with cards left over!"
    )
    turn_seconds = None  # the only clock is the pause to read a round's scoring
    random_playout_moves = 300  # random hands never go out: the conformance playout's bots do

    # --- settings -------------------------------------------------------------------------
    def default_settings(self) -> dict[str, Any]:
        """Level 2 (the booklet recommends 2 or higher), to 200 points."""
        return {"level": 2, "target": DEFAULT_TARGET}

    def settings_fields(self) -> list[dict[str, Any]]:
        """Deck level and the points to win."""
        return [
            {
                "name": "level",
                "label": "Deck level",
                "choices": [(lv, _level_text(lv)) for lv in LEVELS],
                "help": "The booklet recommends level 2 or higher. Each level adds new primes.",
            },
            {
                "name": "target",
                "label": "Points to win",
                "choices": [(t, f"{t} points") for t in TARGETS],
                "help": "The booklet plays to 200 points; 50 or 100 fit a lesson.",
            },
        ]

    def clean_settings(self, settings: dict[str, Any]) -> dict[str, Any]:
        """Fill in defaults; accept form strings ("3"); refuse unknown settings and values."""
        settings, defaults, level = self.known_settings(settings)
        target = whole_number(settings.get("target", defaults["target"]))
        if target not in TARGETS:
            raise SettingsError("Points to win must be 50, 100 or 200.")
        return {"level": level, "target": target}

    def settings_label(self, settings: dict[str, Any]) -> str:
        """ "Level 3", "Level 3 · to 100 points"."""
        clean = self.clean_settings(settings)
        parts = [f"Level {clean['level']}"]
        if clean["target"] != DEFAULT_TARGET:
            parts.append(f"to {clean['target']} points")
        return " · ".join(parts)

    # --- play -----------------------------------------------------------------------------
    def new_game(self, settings: dict[str, Any], players: int, seed: int) -> State:
        """Our decision: the first dealer is drawn by lot (seeded); the deal rotates left."""
        if type(players) is not int or not self.min_players <= players <= self.max_players:
            raise SettingsError("Factor Rummy is for 2 to 6 players.")
        settings = self.clean_settings(settings)
        return new_state(settings, players, seed, rng_for(seed, "dealer").randrange(players))

    def current_player(self, state: State) -> int | None:
        """Whose turn it is; between rounds, who will play first in the next one."""
        if state["phase"] == GAME_OVER:
            return None
        if state["phase"] == ROUND_OVER:
            return (state["dealer"] + 2) % state["players"]
        return state["turn"]

    def actors(self, state: State, players: int) -> list[int]:
        """Between rounds anyone may deal the next one; else only the player whose turn it is."""
        if state["phase"] == ROUND_OVER:
            return list(range(players))
        return [] if state["phase"] == GAME_OVER else [state["turn"]]

    def legal_moves(self, state: State, player: int) -> list[Move]:
        """On your turn: the draws (or the discards), the claims to go out that hold, and
        after drawing, taking a group apart and grouping each factor set of your loose cards.

        Also allowed but not listed (too many, or help a random player would ask for all the
        time): a group of any cards the child ticks, the hint, and grouping before drawing.
        Between rounds: next round."""
        phase = state["phase"]
        if phase == ROUND_OVER:
            return [NextRound()]
        if phase == GAME_OVER or player != state["turn"]:
            return []
        moves: list[Move]
        if phase == DRAW:
            moves = [Draw(PILE)] if state["draw"] else []
            moves += [Draw(DISCARD_PILE)] if state["discard"] else []
        else:
            hand = state["hands"][player]
            moves = [Discard(p) for p in range(len(hand)) if not _just_taken(state, p)]
        moves += [GoOut(how, discard) for how, discard in valid_claims(state, player)]
        if phase == DISCARD:
            moves += [Ungroup(i) for i in range(len(state["groups"][player]))]
            moves += [Group(cards) for cards in listed_groups(state, player)]
        return moves

    def apply_move(self, state: State, player: int, move: Move) -> State:
        """The state after the move; IllegalMove with a child-readable reason if refused."""
        move = _checked(move)
        if type(player) is not int or not 0 <= player < state["players"]:
            raise IllegalMove("You are not playing in this game.")
        phase = state["phase"]
        if phase == GAME_OVER:
            raise IllegalMove("The game is over.")
        if isinstance(move, NextRound):
            if phase != ROUND_OVER:
                raise IllegalMove("The round is not over yet.")
            new = copy_state(state)
            deal_round(new)
            return _counted(new)
        if phase == ROUND_OVER:
            raise IllegalMove("This round is over: press “Next round”.")
        if player != state["turn"]:
            raise IllegalMove("Wait for your turn.")
        new = copy_state(state)
        if isinstance(move, Draw):
            _draw(new, player, move.source)
        elif isinstance(move, Discard):
            _discard(new, player, move.card)
        elif isinstance(move, GoOut):
            claim = judge_claim(state, player, move.how, move.discard)
            if move.discard is not None:
                _remove(new, player, move.discard)
                new["discard"].append(claim.discard)
            log_event(new, "out", player, f" went out “{HOW_WORDS[move.how]}”!")
            finish_round(new, player, claim)
        elif isinstance(move, Group):
            _group(new, player, move.cards)
        elif isinstance(move, Ungroup):
            if not 0 <= move.group < len(state["groups"][player]):
                raise IllegalMove("There is no such group.")
            new["groups"][player].pop(move.group)
            new["hinted"][player] = False
        else:
            groups, best = hint_groups(state, player)
            new["groups"][player] = groups
            new["hinted"][player] = True
            new["hint_sets"][player] += [_sorted(m.cards) for m in best.melds]
        return _counted(new)

    def timer(self, state: State) -> float | None:
        """Only between rounds: the scoring stays up, then the next round is dealt."""
        return ROUND_OVER_SECONDS if state["phase"] == ROUND_OVER else None

    def apply_timeout(self, state: State) -> State:
        """The pause after a round's scoring ran out: deal the next round."""
        if state["phase"] != ROUND_OVER:
            raise IllegalMove("No clock is running.")
        new = copy_state(state)
        deal_round(new)
        return _counted(new)

    def parse_move(self, data: Any) -> Move:
        """A move from its JSON form (what the board posts); malformed: IllegalMove."""
        return move_from_json(data)

    def view(self, state: State, player: int | None) -> View:
        """Your own hand and groups; the others' hands as counts; the draw pile as a count; the
        discard pile, scores, the public log and the last round's laid-down hands."""
        settings = state["settings"]
        mine = player if type(player) is int and 0 <= player < state["players"] else None
        playing = state["phase"] in PLAYING
        view: View = {
            "level": settings["level"],
            "target": settings["target"],
            "wilds": wilds_for(settings["level"]),
            "wild_primes": list(LEVEL_PRIMES[settings["level"]]),
            "hand_size": hand_size_for(settings["level"]),
            "round": state["round"],
            "dealer": state["dealer"],
            "turn": state["turn"] if playing else None,
            "players": state["players"],
            "phase": state["phase"],
            "me": mine,
            "hand": None,
            "groups": [],
            "loose": [],
            "drawn": None,
            "took_discard": state["took"] if playing else False,
            "hinted": False,
            "hand_sizes": [len(hand) for hand in state["hands"]],
            "draw_count": len(state["draw"]),
            "discard": list(state["discard"]),
            "taken": [list(cards) for cards in state["taken"]],
            "passed": [list(cards) for cards in state["passed"]],
            "scores": list(state["scores"]),
            "last_round": copy_state(state["last_round"]) if state["last_round"] else None,
            "winner": state["winner"],
            "log": [dict(event) for event in state["log"]],
        }
        if mine is not None:
            hand = state["hands"][mine]
            view["hand"] = [
                {"pos": p, "card": c, "label": label(c), "wild": is_wild(c)}
                for p, c in enumerate(hand)
            ]
            view["groups"] = [list(group) for group in state["groups"][mine]]
            view["loose"] = loose_positions(state, mine)
            view["hinted"] = state["hinted"][mine]
            if playing and mine == state["turn"]:
                view["drawn"] = state["drawn"]
        return view

    def outcome(self, state: State) -> Outcome | None:
        """The first player to reach the target wins; scores are each seat's points."""
        if state["phase"] != GAME_OVER:
            return None
        target = state["settings"]["target"]
        return Outcome(
            winners=(state["winner"],),
            scores=tuple(state["scores"]),
            reason=f"reached {target} points",
        )

    def learning_events(
        self, before: State, player: int, move: Move, after: State | IllegalMove
    ) -> list[LearningEvent]:
        """Sets laid down going out (help if the hint showed them), wrong claims by the facts
        involved, hints, and at a round's end each player's sets: grouped, or missed."""
        if isinstance(move, Timeout):
            return []
        try:
            move = _checked(move)
        except IllegalMove:
            return []
        if isinstance(after, IllegalMove):
            return _refused_events(player, move, after)
        if isinstance(move, Hint):
            sets = [m["equation"] for m in _hint_melds(before, player)]
            detail = {"sets": sets}
            return [LearningEvent(player, "hint", "rummy:grouping", False, "asked_hint", detail,
                                  helped=True)]  # fmt: skip
        if isinstance(move, GoOut) or (
            isinstance(move, Discard) and after["phase"] in (ROUND_OVER, GAME_OVER)
        ):
            return _round_events(before, after)
        return []

    def copy_state(self, state: State) -> State:
        """A deep copy a move may change."""
        return copy_state(state)

    def hidden_zones(self, state: State, player: int | None) -> list[list[Any]]:
        """The draw pile and every hand but this player's own."""
        return [state["draw"], *(hand for p, hand in enumerate(state["hands"]) if p != player)]

    def check_invariants(self, state: State) -> None:
        """Every card exactly once; hands, groups, phases and scores make sense."""
        check_state(state)

    def describe(self, state: State, player: int, move: Move) -> str:
        """ "drew from the draw pile", "took 45 from the discard pile", "discarded 9"."""
        if isinstance(move, Timeout):
            return "dealt the next round"
        move = _checked(move)
        hand = state["hands"][player] if 0 <= player < len(state["hands"]) else []
        if isinstance(move, Draw):
            if move.source == PILE:
                return "drew from the draw pile"
            top = state["discard"][-1] if state["discard"] else None
            return f"took {label(top)} from the discard pile" if top is not None else move.label()
        if isinstance(move, Discard) and 0 <= move.card < len(hand):
            return f"discarded {label(hand[move.card])}"
        return move.label()


# --- the moves' effects ---------------------------------------------------------------------------
def _draw(state: State, player: int, source: str) -> None:
    if state["phase"] != DRAW:
        raise IllegalMove("You already took a card: now discard one, or go out.")
    top = state["discard"][-1] if state["discard"] else None
    if source == PILE:
        if not state["draw"]:
            raise IllegalMove("The draw pile is empty.")
        card = state["draw"].pop()
        if top is not None:
            state["passed"][player].append(top)  # public: everyone saw them pass it by
        log_event(state, "draw", player, " drew from the draw pile.")
    else:
        if top is None:
            raise IllegalMove("The discard pile is empty.")
        card = state["discard"].pop()
        state["taken"][player].append(card)
        log_event(state, "take", player, f" took {label(card)} from the discard pile.")
    state["hands"][player].append(card)
    state["drawn"] = len(state["hands"][player]) - 1
    state["took"] = source == DISCARD_PILE
    state["phase"] = DISCARD


def _discard(state: State, player: int, position: int) -> None:
    if state["phase"] != DISCARD:
        raise IllegalMove("Take a card first: from the draw pile or the discard pile.")
    hand = state["hands"][player]
    if not 0 <= position < len(hand):
        raise IllegalMove("There is no such card in your hand.")
    if _just_taken(state, position):
        raise IllegalMove(f"You just took {label(hand[position])} from the discard pile: "
                          "discard another card.")  # fmt: skip
    card = _remove(state, player, position)
    state["discard"].append(card)
    log_event(state, "discard", player, f" discarded {label(card)}.")
    sort_hand(state, player)
    state["drawn"], state["took"] = None, False
    state["turn"] = (player + 1) % state["players"]
    state["phase"] = DRAW
    if not refill_draw_pile(state):
        finish_dead_round(state)


def _remove(state: State, player: int, position: int):
    """Take a card out of the hand; the other cards keep their groups. Our decision: a group
    that loses a card is taken apart (what is left of a set is rarely a set)."""
    groups = state["groups"][player]
    if any(position in group for group in groups):
        state["hinted"][player] = False
        groups = [group for group in groups if position not in group]
    state["groups"][player] = without_position(groups, position)
    return state["hands"][player].pop(position)


def _group(state: State, player: int, cards: tuple[int, ...]) -> None:
    hand = state["hands"][player]
    if any(not 0 <= p < len(hand) for p in cards):
        raise IllegalMove("There is no such card in your hand.")
    if len(cards) < 2:
        raise IllegalMove("Tick at least 2 cards to make a group.")
    state["groups"][player] = regroup(state["groups"][player], cards)
    state["hinted"][player] = False


def _just_taken(state: State, position: int) -> bool:
    """Our decision (as in most rummy games): the card just taken from the discard pile cannot
    go straight back."""
    return state["took"] and position == state["drawn"]


def _counted(state: State) -> State:
    state["moves"] += 1
    return state


def _checked(move: object) -> Move:
    if not isinstance(move, (Draw, Discard, GoOut, Group, Ungroup, Hint, NextRound)):
        raise IllegalMove("That is not a move in this game.")
    return move


def _sorted(cards) -> list:
    return sorted(cards, key=sort_key)


def _hint_melds(state: State, player: int) -> list[dict[str, Any]]:
    best = best_arrangement(state["hands"][player], state["settings"]["level"])
    return [m.as_dict() for m in best.melds]


def _refused_events(player: int, move: Move, error: IllegalMove) -> list[LearningEvent]:
    """A refused claim to go out: a wrong set (by its answer), or a wrong claim."""
    if not isinstance(move, GoOut) or error.kind == "rules":
        return []
    detail = {"reason": error.reason, "how": move.how, **error.detail}
    if error.kind in CLAIM_MISTAKES:
        return [LearningEvent(player, "go_out", "rummy:go_out", False, error.kind, detail)]
    answer = error.detail.get("answer")
    skill = f"factors:{answer}" if answer else "factors:prime"
    return [LearningEvent(player, "factor_set", skill, False, error.kind, detail)]


def _round_events(before: State, after: State) -> list[LearningEvent]:
    """At a round's end: each player's groups that are sets (their own skill, or help when the
    hint showed them), and the sets of the best grouping they left loose (missed)."""
    level = before["settings"]["level"]
    events = []
    for seat, hand in enumerate(before["hands"]):
        hinted = before["hint_sets"][seat]
        grouped: set[int] = set()
        for group in before["groups"][seat]:
            cards = [hand[p] for p in group]
            found = check_meld(cards, level).meld
            if found is None:
                continue
            grouped.update(group)
            detail = {"equation": found.equation(), "prime": found.is_prime}
            events.append(LearningEvent(seat, "factor_set", f"factors:{found.answer}", True,
                                        detail=detail,
                                        helped=_sorted(cards) in hinted))  # fmt: skip
        loose = [hand[p] for p in range(len(hand)) if p not in grouped]
        if after["last_round"]["out"] == seat:
            continue  # they went out: nothing they held was missed
        for meld in best_arrangement(loose, level).melds:
            detail = {"equation": meld.equation(), "cards": [label(c) for c in meld.cards]}
            events.append(LearningEvent(seat, "factor_set", f"factors:{meld.answer}", False,
                                        "missed_set", detail))  # fmt: skip
    return events


def _level_text(level: int) -> str:
    return f"Level {level} ({wilds_for(level)} prime cards, {hand_size_for(level)}-card hands)"


FACTOR_RUMMY = FactorRummy()
