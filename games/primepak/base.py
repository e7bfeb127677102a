"""What every PrimePak game shares, in one place, so a new PrimePak game adds only its rules.

- `PrimePakGame`: the Game base of the PrimePak games (each game's game.py: challenge/,
  canasta/, rummy/, solitaire/, primebomb/). Progress counts by deck level (`levels.py`),
  skills read as "factors of 91", hidden cards are dealt again for the conformance check
  through `redeal`. (How to play, Learn to play, the rules for teachers and the bots come
  from the game's own texts.py and bots.py, as in every game: `Game.own_module`.)
(`whole_number`, `known_keys` and `redeal` are every game's: games/engine/common.py; the
PrimePak logs' "What happened" sentence is games/engine/log.py's `log_event`.)

Pure Python, like the rules.
"""

from __future__ import annotations

import random
from abc import abstractmethod
from typing import Any

from games.engine.common import known_keys, redeal, whole_number
from games.engine.protocol import Game, SettingsError, State

from . import levels
from .cards import LEVELS


class PrimePakGame(Game):
    """The PrimePak games' shared verbs: progress by deck level, the hidden draw pile.

    A game gives how to copy a state (`copy_state`) and, if more than the draw pile is hidden,
    `hidden_zones`."""

    fact_map = "factors"  # the numbers whose factor sets were tried, per deck level

    # --- settings -------------------------------------------------------------------------
    def known_settings(self, settings: Any) -> tuple[dict[str, Any], dict[str, Any], int]:
        """The start of every PrimePak game's clean_settings: (the settings, the defaults, the
        deck level), refusing what is not a dict of known settings and a level other than 1–6
        (form text such as "3" accepted)."""
        defaults = self.default_settings()
        settings = known_keys(settings, defaults)
        level = whole_number(settings.get("level", defaults["level"]))
        if level not in LEVELS:
            raise SettingsError("The deck level must be 1, 2, 3, 4, 5 or 6.")
        return settings, defaults, level

    # --- progress reports -----------------------------------------------------------------
    def progress_level(self, settings: dict[str, Any]) -> tuple[str, str]:
        """A match counts toward its deck level: ("level-3", "Level 3")."""
        return levels.level_of(self, settings)

    def progress_levels(self) -> list[tuple[str, str]]:
        """Deck levels 1 to 6: each adds primes and harder factor sets to the one before."""
        return list(levels.LEVEL_ORDER)

    def skill_label(self, kind: str, skill: str) -> str:
        """ "factors of 91", "challenging a set"."""
        return levels.skill_label(kind, skill)

    # --- hidden information ---------------------------------------------------------------
    @abstractmethod
    def copy_state(self, state: State) -> State:
        """A copy of the state that a move may change without touching the original."""

    def hidden_zones(self, state: State, player: int | None) -> list[list[Any]]:
        """The lists of `state` this player cannot see (by default the draw pile only)."""
        return [state["draw"]]

    def resample_hidden(self, state: State, player: int | None, rng: random.Random) -> State:
        """Deal what this player cannot see again at random (the draw pile, and in games with
        hands the other players' cards), every zone keeping its size."""
        new = self.copy_state(state)
        redeal(self.hidden_zones(new, player), rng)
        return new
