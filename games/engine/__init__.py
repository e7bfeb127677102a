"""The pure-Python game engine: the protocol every game implements, and shared helpers.

Nothing here (or in a game's rules and bots) imports Django, Celery or Redis.
"""

from .log import mark_mover
from .protocol import (
    ATTEMPT_KINDS,
    FACT,
    FACTOR_SET,
    HINT,
    SPECTATOR,
    Bot,
    Game,
    IllegalMove,
    LearningEvent,
    Move,
    Outcome,
    Played,
    SettingsError,
    Timeout,
    apply_logged,
)
from .registry import all_games, get_game, register

__all__ = [
    "ATTEMPT_KINDS",
    "FACT",
    "FACTOR_SET",
    "HINT",
    "SPECTATOR",
    "Bot",
    "Game",
    "IllegalMove",
    "LearningEvent",
    "Move",
    "Outcome",
    "Played",
    "SettingsError",
    "Timeout",
    "all_games",
    "apply_logged",
    "get_game",
    "mark_mover",
    "register",
]
