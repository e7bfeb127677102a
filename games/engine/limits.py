"""How long the words a game gives the platform to keep may be: the database's column sizes.

A game's slug, its bots' strength names, its progress level keys and the kind, skill and
mistake of its learning events are keys the platform stores and groups by, in columns of a
fixed size (PostgreSQL refuses a longer value; SQLite would keep it silently). The models use
these numbers for their columns and the conformance checks hold every game to them, so a new
setting or skill that would not fit fails a test, never a child's move in production.

Texts written for people (the settings' label, a move's description) are not keys: the
platform keeps them in columns without a size, or cuts them where it says so (MOVE_TEXT).
"""

SLUG = 40  # Game.slug
LEVEL_KEY = 40  # Game.progress_level(...)[0]: what progress groups a game's matches by
LEVEL_LABEL = 80  # Game.progress_level(...)[1]: that level's name for people
BOT = 20  # a bot's strength name (Game.bots() keys)
KIND = 30  # LearningEvent.kind
SKILL = 60  # LearningEvent.skill
MISTAKE = 40  # LearningEvent.mistake (an IllegalMove's kind)
MOVE_TEXT = 200  # Game.describe(): the game log keeps this much of a move's line


def too_long(what: str, value: str, limit: int) -> str | None:
    """A message naming the value that does not fit, or None when it fits."""
    if isinstance(value, str) and len(value) <= limit:
        return None
    return f"{what} {value!r} is longer than {limit} characters (games/engine/limits.py)"
