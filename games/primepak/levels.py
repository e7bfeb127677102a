"""How PrimePak games count toward progress reports: by deck level, 1 (easiest) to 6.

Every PrimePak game (Prime Challenge, Prime Solitaire, Factor Rummy) counts a match toward its
deck level only; the other settings (timing, layout, extra rows, teams, points to win) change
how a game plays, not which factor sets a student must know, so they do not split a level.
Pure Python. The Game methods that use this live in base.PrimePakGame.
"""

from __future__ import annotations

from typing import Any

from games.engine.protocol import Game, SettingsError

from .cards import LEVELS

LEVEL_ORDER: list[tuple[str, str]] = [(f"level-{n}", f"Level {n}") for n in LEVELS]
FACTORS = "factors:"
SKILL_WORDS = {
    "factors:prime": "a set of prime cards",
    "challenge:set": "challenging a set",
    "challenge:missed_set": "challenging a missed set",
    "no_set": "seeing there is no set",
    "solitaire:take_from_top": "taking stack cards from the top",
    "solitaire:use_the_layout": "using a layout card in each set",
    "rummy:go_out": "claiming the right way to go out",
    "rummy:grouping": "grouping a hand into factor sets",
    "canasta:sets": "finding sets to lay down",
}


def level_of(game: Game, settings: dict[str, Any]) -> tuple[str, str]:
    """("level-3", "Level 3") for settings at deck level 3 (the game's default if unreadable)."""
    try:
        level = game.clean_settings(settings)["level"]
    except SettingsError:
        level = game.default_settings()["level"]
    return (f"level-{level}", f"Level {level}")


def skill_label(kind: str, skill: str) -> str:
    """ "factors of 91", "challenging a set"; anything else as it is."""
    if skill in SKILL_WORDS:
        return SKILL_WORDS[skill]
    if skill.startswith(FACTORS):
        return f"factors of {skill.removeprefix(FACTORS)}"
    return skill
