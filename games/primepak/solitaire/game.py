"""Prime Solitaire: clear a layout of overlapping cards by forming factor sets.

Rule text: the PrimePak booklet (PRIME SOLITAIRE); what it leaves open is settled in
docs/rules.md ("Prime Solitaire", and "PrimePak" for every PrimePak game). Pure Python: no
Django here.

The layouts (overlapping rows, the pyramid) are layout.py; finding the sets search.py; the
moves moves.py; the deal and what a move does to the state state.py; the solver (the deal of
the day, the teacher's analysis) solver.py. This module is the Game.

Play, as the state records it: the board chooses cards on the player's own screen and
``Collect`` names them (issue 30: no tap is lost on its way to the server); ``Select`` (toggle a
card kept in the state) and ``Collect`` naming no cards (take the cards chosen so) are the moves
of games saved before, still legal so those games replay. ``Turn`` turns the next
card of the draw pile onto the face-up stack, ``Hint`` marks a set made only of visible cards
(taking that set later is help, not skill), ``Resign`` gives up (the platform's "Give up"
applies it). A covered layout card may be chosen once every card lying on it is chosen ("two
or more overlapping cards may be collected all at once if they belong to the same factor
set"). Face-up stack cards may be chosen freely but only a run from the top may be taken
("skipping a card is not allowed"). The game ends when the layout is cleared (a win) or when
the draw pile is empty and no set can be made (a loss).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from datetime import date
from typing import Any

from games.engine.common import PRODUCT_CHOICES, as_help, products_shown, whole_number
from games.engine.protocol import (
    IllegalMove,
    LearningEvent,
    Move,
    Outcome,
    SettingsError,
    State,
    View,
)

from ..base import PrimePakGame
from ..cards import LEVELS
from ..factorsets import check_set
from .layout import layout_of
from .moves import (
    Clear,
    Collect,
    Hint,
    Resign,
    Select,
    Turn,
    _checked,
    _select,
    _stack_refs,
    parse_move,
)
from .search import deck_counts
from .solver import NO_WIN, WIN, deal_of_the_day, first_wrong_move
from .state import (
    _REASONS,
    LOST,
    NO_SET_HINT,
    PLAYING,
    RESIGNED,
    WON,
    _bits,
    _card_at,
    _check_end,
    _collect,
    _collect_events,
    _copy,
    _equation,
    _hint,
    _named,
    _present,
    _selection_view,
    _set_refs,
    _toggled,
    best_visible_set,
    collect_problem,
    deal,
    selectable,
    visible_sets,
)

# --- settings -------------------------------------------------------------------------------
LEVEL_CHOICES = [(level, f"Level {level}") for level in LEVELS]
LAYOUT_CHOICES = [("rows", "Overlapping rows"), ("pyramid", "Pyramid")]
EXTRA_ROW_CHOICES = [(0, "No extra rows"), (1, "1 extra row"), (2, "2 extra rows")]
DEAL_CHOICES = [("shuffled", "A new shuffle every game"), ("day", "Deal of the day")]
# legal_moves lists a take of at most this many of the sets in sight (every other choice of
# cards is a take too, judged when it is made).
SETS_LISTED = 24


class PrimeSolitaire(PrimePakGame):
    """Prime Solitaire (PrimePak): one player clears the layout with factor sets."""

    slug = "prime-solitaire"
    stylesheet = "games/primepak/primepak.css"
    script = "games/primepak/primepak.js"
    list_fields = frozenset({"cards"})
    resign_move = "resign"
    name = "Prime Solitaire"
    min_players = 1
    max_players = 1
    summary = (
        "Clear the whole layout by making factor sets with its uncovered cards and the cards "
        "you turn over, one at a time, from the draw pile. You go through the pile only once!"
    )
    turn_seconds = None

    # --- settings -------------------------------------------------------------------------
    def default_settings(self) -> dict[str, Any]:
        """Level 1, overlapping rows, no extra rows, a new shuffle every game, the product of
        the chosen cards not shown."""
        return {
            "level": 1,
            "layout": "rows",
            "extra_rows": 0,
            "deal": "shuffled",
            "product": "hidden",
        }

    def settings_fields(self) -> list[dict[str, Any]]:
        """Deck level, layout shape, extra rows, the deal and the product of chosen cards."""
        return [
            {
                "name": "level",
                "label": "Deck level",
                "choices": LEVEL_CHOICES,
                "help": "Level 1 uses 2s and 5s; each level adds bigger primes.",
            },
            {
                "name": "layout",
                "label": "Layout",
                "choices": LAYOUT_CHOICES,
                "help": "A pyramid makes any level more challenging.",
            },
            {
                "name": "extra_rows",
                "label": "Extra rows",
                "choices": EXTRA_ROW_CHOICES,
                "help": "More rows make the game a little harder.",
            },
            {
                "name": "deal",
                "label": "Deal",
                "choices": DEAL_CHOICES,
                "help": "Deal of the day: everyone who plays these settings today gets the same "
                "cards, and the app has made sure they can be won (good for a class contest).",
            },
            {
                "name": "product",
                "label": "Product while choosing",
                "choices": list(PRODUCT_CHOICES.items()),
                "help": "Multiplying the cards is what the game practises. Shown, the board "
                "works it out as cards are chosen and says when they make a set, and every set "
                "counts as help.",
                "teacher_only": True,
            },
        ]

    def clean_settings(self, settings: dict[str, Any]) -> dict[str, Any]:
        """Fill in defaults; accept form strings ("3"); refuse unknown settings and values."""
        settings, defaults, level = self.known_settings(settings)
        layout = settings.get("layout", defaults["layout"])
        if not isinstance(layout, str) or layout not in dict(LAYOUT_CHOICES):
            raise SettingsError("The layout must be rows or pyramid.")
        extra = whole_number(settings.get("extra_rows", defaults["extra_rows"]))
        if extra not in dict(EXTRA_ROW_CHOICES) or extra is None:
            raise SettingsError("Extra rows must be 0, 1 or 2.")
        deal = settings.get("deal", defaults["deal"])
        if not isinstance(deal, str) or deal not in dict(DEAL_CHOICES):
            raise SettingsError("The deal must be a new shuffle or the deal of the day.")
        product = settings.get("product", defaults["product"])
        if not isinstance(product, str) or product not in PRODUCT_CHOICES:
            raise SettingsError("The product while choosing is hidden or shown.")
        return {
            "level": level,
            "layout": layout,
            "extra_rows": extra,
            "deal": deal,
            "product": product,
        }

    def choose_seed(self, settings: dict[str, Any], fresh: int, today: date) -> int:
        """The deal of the day: the same seed for everyone with these settings today, one whose
        deal the solver proved can be won. Otherwise the fresh random seed."""
        if settings["deal"] != "day":
            return fresh
        return deal_of_the_day(settings, today)

    def settings_label(self, settings: dict[str, Any]) -> str:
        """ "Level 3", "Level 3 · pyramid", "Level 1 · 2 extra rows · product shown"."""
        settings = self.clean_settings(settings)
        parts = [f"Level {settings['level']}"]
        if settings["layout"] == "pyramid":
            parts.append("pyramid")
        if settings["extra_rows"]:
            parts.append(dict(EXTRA_ROW_CHOICES)[settings["extra_rows"]])
        if settings["deal"] == "day":
            parts.append("deal of the day")
        if settings["product"] == "shown":
            parts.append("product shown")
        return " · ".join(parts)

    # --- play -----------------------------------------------------------------------------
    def new_game(self, settings: dict[str, Any], players: int, seed: int) -> State:
        """Shuffle the level's number cards (no wilds), deal the layout, the rest face down."""
        settings = self.clean_settings(settings)
        if players != 1 or type(players) is not int:
            raise SettingsError("Prime Solitaire is for 1 player.")
        return deal(settings, seed)

    def current_player(self, state: State) -> int | None:
        """Seat 0 while the game goes on."""
        return 0 if state["status"] == PLAYING else None

    def actors(self, state: State, players: int) -> list[int]:
        """The one player, while the game goes on (they may always give up)."""
        return [0] if state["status"] == PLAYING else []

    def legal_moves(self, state: State, player: int) -> list[Move]:
        """Select (layout cards, then the stack from the top), takes of the sets in sight,
        Clear, Collect of the chosen cards (only when they may be taken), Turn, Hint, Resign.
        Every other take is allowed too, judged when it is made: listed_in_part."""
        if state["status"] != PLAYING or player != 0:
            return []
        moves: list[Move] = [_select(ref) for ref in selectable(state)]
        moves += [Collect(tuple(refs)) for refs in _set_refs(state, SETS_LISTED)]
        if state["selection"]:
            moves.append(Clear())
            if len(state["selection"]) >= 3 and collect_problem(state) is None:
                moves.append(Collect())
        if state["draw"]:
            moves.append(Turn())
        moves += [Hint(), Resign()]
        return moves

    def apply_move(self, state: State, player: int, move: Move) -> State:
        """The state after the move; IllegalMove with a child-readable reason if refused."""
        move = _checked(move)
        if state["status"] != PLAYING:
            raise IllegalMove("The game is over.")
        if player != 0 or type(player) is not int:
            raise IllegalMove("It's not your turn.")
        new = _copy(state)
        new["moves"] += 1
        if isinstance(move, Select):
            new["selection"] = _toggled(state, move.card)
        elif isinstance(move, Clear):
            if not state["selection"]:
                raise IllegalMove("You have not chosen any cards.")
            new["selection"] = []
        elif isinstance(move, Collect):
            _collect(_named(state, move.cards) if move.cards else state, new)
        elif isinstance(move, Turn):
            if not state["draw"]:
                raise IllegalMove("There are no cards left to turn over.")
            new["stack"].append(new["draw"].pop())
            new["selection"], new["hint"] = [], None
            _check_end(new)
        elif isinstance(move, Hint):
            new["hint"] = _hint(state)
            new["hints"] += 1
            # The numbers of the set it showed: taking that set later is help, not skill.
            new["hinted"] = sorted(_card_at(state, ref) for ref in new["hint"]["cards"]) or None
        else:
            new["status"] = RESIGNED
            new["selection"], new["hint"] = [], None
        return new

    def parse_move(self, data: Any) -> Move:
        """A move from its JSON form; anything malformed raises IllegalMove."""
        return parse_move(data)

    def listed_in_part(self, move: Move) -> bool:
        """A take naming its cards: legal_moves lists those of the sets in sight."""
        return isinstance(move, Collect) and bool(move.cards)

    def view(self, state: State, player: int | None) -> View:
        """Everything but the draw pile, which is a count; the same for the player and
        watchers (nothing else is hidden in solitaire)."""
        settings = state["settings"]
        layout = layout_of(settings)
        selection = state["selection"]
        hinted = set(state["hint"]["cards"]) if state["hint"] else set()
        playing = state["status"] == PLAYING
        present = _present(state["foundation"])
        chosen = sum(1 << int(ref[1:]) for ref in selection if ref[0] == "f")
        foundation = []
        for p, card in enumerate(state["foundation"]):
            if card is None:
                continue
            ref = f"f{p}"
            row, index = layout.cells[p]
            foundation.append(
                {
                    "ref": ref,
                    "value": card,
                    "position": p,
                    "row": row,
                    "col": index,
                    "grid_row": row + 1,
                    "grid_col": layout.grid_column(p),
                    "available": not layout.covered_by[p] & present,
                    "selectable": playing and not layout.covered_by[p] & present & ~chosen,
                    # The cards lying on it: it may be chosen once they all are.
                    "on": [f"f{q}" for q in _bits(layout.covered_by[p] & present)],
                    "selected": ref in selection,
                    "hinted": ref in hinted,
                }
            )
        stack = state["stack"]
        return {
            "me": 0 if player == 0 else None,
            "level": settings["level"],
            "settings": dict(settings),
            "layout": {
                "shape": layout.shape,
                "rows": layout.rows,
                "width": layout.width,
                "size": layout.size,
            },
            "foundation": foundation,
            "stack": [
                {
                    "ref": ref,
                    "value": card,
                    "depth": depth,
                    "place": len(stack) - 1 - depth,  # from the bottom: stays as cards come
                    "selected": ref in selection,
                    "hinted": ref in hinted,
                }
                for depth, (ref, card) in enumerate(
                    zip(_stack_refs(len(stack)), reversed(stack), strict=True)
                )
            ],
            "draw_count": len(state["draw"]),
            "cards_left": len(foundation),
            "cleared": layout.size - len(foundation),
            "taken_count": sum(len(group) for group in state["taken"]),
            "sets": len(state["taken"]),
            "taken": [list(group) for group in state["taken"]],  # the player saw each set
            "sets_made": [_equation(group, settings["level"]) for group in state["taken"]],
            "selection": _selection_view(state),
            "product_shown": products_shown(state),
            "hint": dict(state["hint"], cards=list(state["hint"]["cards"]))
            if state["hint"]
            else None,
            "status": state["status"],
            "over": state["status"] != PLAYING,
            "won": state["status"] == WON,
        }

    def outcome(self, state: State) -> Outcome | None:
        """A win when the layout is cleared; the score is the layout cards cleared."""
        status = state["status"]
        if status == PLAYING:
            return None
        cleared = sum(card is None for card in state["foundation"])
        # A loss has no winner: the platform marks every seat in `winners` as won.
        winners = (0,) if status == WON else ()
        return Outcome(winners=winners, scores=(cleared,), reason=_REASONS[status])

    def learning_events(
        self, before: State, player: int, move: Move, after: State | IllegalMove
    ) -> list[LearningEvent]:
        """Sets made or got wrong, sets passed over when turning, hints asked. With the products
        shown every set, wrong set and set passed over is help: the board multiplied the chosen
        cards and said when they made a set (issue 30)."""
        return as_help(self._events(before, player, move, after), products_shown(before))

    def _events(
        self, before: State, player: int, move: Move, after: State | IllegalMove
    ) -> list[LearningEvent]:
        try:
            move = _checked(move)
        except IllegalMove:
            return []
        if isinstance(move, Collect):
            refs = list(move.cards) or before["selection"]
            return _collect_events(before, refs, player, after)
        if isinstance(after, IllegalMove):
            return []
        if isinstance(move, Turn):
            best = best_visible_set(before)
            if best is None:
                return []
            check, refs = best
            detail = {
                "equation": check.equation(),
                "cards": refs,
                "sets": len(visible_sets(before)),
            }
            skill = f"factors:{check.answer}"
            return [LearningEvent(player, "factor_set", skill, False, "missed_set", detail)]
        if isinstance(move, Hint):
            hint = after["hint"]
            if not hint["cards"]:
                return [LearningEvent(player, "hint", "no_set", True, detail={"text": NO_SET_HINT})]
            detail = {"equation": hint["equation"], "cards": list(hint["cards"])}
            skill = f"factors:{hint['answer']}"
            return [LearningEvent(player, "hint", skill, False, "asked_hint", detail)]
        return []

    def analyse(
        self,
        settings: dict[str, Any],
        players: int,
        seed: int,
        final: State,
        log: Sequence[tuple[int, Any]] = (),
    ) -> dict[str, Any] | None:
        """For the teacher: could this deal have been won, knowing the draw pile's order, and
        if so, which move was the first that lost it (shown on the replay)?"""
        if final["status"] == WON:
            return {"winnable": True, "summary": "Won: the whole layout was cleared."}
        start = self.new_game(settings, players, seed)
        verdict, wrong = first_wrong_move(self, start, list(log))
        if verdict != WIN or wrong is None:
            winnable = {WIN: True, NO_WIN: False}.get(verdict)
            summary = {
                True: "Not won, but this deal could have been won (the solver found a way).",
                False: "Nobody could have won this deal: the solver proved there was no way.",
                None: "The solver could not tell in time whether this deal could be won.",
            }[winnable]
            return {"winnable": winnable, "summary": summary}
        return {"winnable": True, **_wrong_move_report(self, list(log), wrong)}

    def copy_state(self, state: State) -> State:
        """A copy a move may change (only the draw pile is hidden: PrimePakGame re-deals it)."""
        return _copy(state)

    def check_invariants(self, state: State) -> None:
        """Cards conserved; every taken group a factor set; selection and status consistent."""
        settings = state["settings"]
        layout = layout_of(settings)
        level = settings["level"]
        foundation = state["foundation"]
        assert len(foundation) == layout.size, "the layout has the wrong size"
        cards = [c for c in foundation if c is not None] + state["stack"] + state["draw"]
        cards += [c for group in state["taken"] for c in group]
        assert Counter(cards) == deck_counts(level), "cards lost or doubled"
        for group in state["taken"]:
            assert check_set(group, level).ok, f"{group} is not a factor set"
        present = _present(foundation)
        for p in range(layout.size):
            if not present >> p & 1:
                assert not layout.covered_by[p] & present, "a card was taken from under another"
        refs = state["selection"]
        assert len(set(refs)) == len(refs), "a card chosen twice"
        for ref in refs:
            assert _card_at(state, ref) is not None, f"chosen {ref} is not there"
            if ref[0] == "f":
                on = layout.covered_by[int(ref[1:])] & present
                assert all(f"f{q}" in refs for q in _bits(on)), f"{ref} chosen under a card"
        status = state["status"]
        assert status in _REASONS or status == PLAYING
        assert (status == WON) == (present == 0), "a win is a cleared layout"
        if status != PLAYING:
            assert not refs, "a finished game has nothing chosen"
        if status == LOST:
            assert not state["draw"] and best_visible_set(state) is None

    def describe(self, state: State, player: int, move: Move) -> str:
        """ "took 40 = 2 × 4 × 5", "turned over 18", "chose 40"."""
        move = _checked(move)
        if isinstance(move, Select):
            card = _card_at(state, move.card)
            verb = "put back" if move.card in state["selection"] else "chose"
            return f"{verb} {card}" if card is not None else move.label()
        if isinstance(move, Collect):
            cards = [_card_at(state, ref) for ref in move.cards or state["selection"]]
            check = check_set([c for c in cards if c is not None], state["settings"]["level"])
            return f"took {check.equation()}" if check.ok else move.label()
        if isinstance(move, Turn):
            return f"turned over {state['draw'][-1]}" if state["draw"] else move.label()
        return move.label()


def _wrong_move_report(game: PrimeSolitaire, log: list, wrong) -> dict[str, Any]:
    """The teacher's summary of where a winnable deal was lost, and the replay step to show."""
    seat, data = log[wrong.move - 1]
    what = game.describe(wrong.at_move, seat, game.parse_move(data))
    instead = _line_step_text(wrong.state, wrong.instead)
    if wrong.gave_up:
        summary = (
            f"This deal could still have been won when it was given up at move {wrong.move}. "
            f"A way on from there: {instead}."
        )
        note = f"From here the deal could still be won. A way on: {instead}."
        mark = "given up while it could still be won"
    elif wrong.proved:
        summary = (
            f"This deal could have been won. The first move that went wrong was move "
            f"{wrong.move} ({what}): before it there was still a way to win, after it there was "
            f"none. Better: {instead}."
        )
        note = (
            f"Here the deal could still be won. The next move ({what}) lost it; better: {instead}."
        )
        mark = "the first move that went wrong"
    else:
        summary = (
            f"This deal could have been won. After move {wrong.before} there was still a way "
            f"to win ({instead}); by move {wrong.lost_by} there was none. The solver could not "
            f"tell in time which move in between lost it."
        )
        note = f"Here the deal could still be won. A way on: {instead}."
        mark = ""
    replay = {"step": wrong.before, "move": wrong.move, "note": note, "mark": mark}
    return {"summary": summary, "replay": replay}


def _line_step_text(state: State, step: tuple) -> str:
    """A solver's step as a teacher reads it: "turn over a card", "take 40 = 2 × 4 × 5"."""
    if not step or step[0] == "turn":
        return "turn over a card"
    _, mask, run = step
    cards = [state["foundation"][p] for p in _bits(mask)]
    cards += state["stack"][len(state["stack"]) - run :]
    return f"take {_equation(sorted(cards), state['settings']['level'])}"


SOLITAIRE = PrimeSolitaire()
