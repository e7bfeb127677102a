"""How fast one player may send moves: a guard against floods, never felt in real play.

A child taps a card every 150 ms at most for a few taps, and a turn takes seconds; a script
(or a stuck key) resending a move for ten seconds did 166 moves at one table (issue 36). Each
player (their sign-in, whichever match) may send GAMES_MOVES_BURST moves in any 2-second
window and GAMES_MOVES_SUSTAINED in any 20-second window; past that the move is answered 429
with the board as it is, and nothing changes.

The counts live in Redis (one atomic INCR per window). While Redis is away the guard cannot
count and lets moves through: it protects the servers, it does not keep a secret.
"""

from __future__ import annotations

import logging
import time

from django.conf import settings
from django.core.cache import caches
from redis.exceptions import RedisError

logger = logging.getLogger(__name__)

BURST_SECONDS = 2
SUSTAINED_SECONDS = 20
SLOW_DOWN = "Slow down a little: wait a moment, then make your move again."


def _now() -> float:
    return time.time()


def windows() -> list[tuple[int, int]]:
    """(seconds, moves allowed) for each window."""
    return [
        (BURST_SECONDS, settings.GAMES_MOVES_BURST),
        (SUSTAINED_SECONDS, settings.GAMES_MOVES_SUSTAINED),
    ]


def allow_move(user_id: int) -> bool:
    """Count one move of this player; False when it is over a limit (it is not played)."""
    cache = caches["limits"]
    now = _now()
    try:
        for seconds, limit in windows():
            key = f"moves:{user_id}:{seconds}:{int(now // seconds)}"
            cache.add(key, 0, timeout=seconds * 2)
            if cache.incr(key) > limit:
                return False
    except (RedisError, ValueError) as error:  # away, or the key expired between add and incr
        logger.warning("move limits not counted: %s", error)
    return True
