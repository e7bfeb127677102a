"""How fast one player may send moves: a guard against floods, never felt in real play.

A child taps a card every 150 ms at most for a few taps, and a turn takes seconds; a script
(or a stuck key) resending a move for ten seconds did 166 moves at one table (issue 36). Each
player (their sign-in, whichever match) may send GAMES_MOVES_BURST moves in any 2-second
window and GAMES_MOVES_SUSTAINED in any 20-second window; past that the move is answered 429
with the board as it is, and nothing changes.

The counts live in Redis: one atomic INCR per window, the windows counted in order up to the
first that is full, in one round trip (a Lua script). While Redis is away the guard cannot
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


# Count the move in each window in turn (KEYS, with ARGV: seconds, limit for each); stop at
# the first window it overfills (0): the later windows do not count a refused move.
COUNT_MOVE = """
for i, key in ipairs(KEYS) do
  local count = redis.call('INCR', key)
  if count == 1 then redis.call('EXPIRE', key, ARGV[2 * i - 1] * 2) end
  if count > tonumber(ARGV[2 * i]) then return 0 end
end
return 1
"""


def allow_move(user_id: int) -> bool:
    """Count one move of this player; False when it is over a limit (it is not played)."""
    now = _now()
    keys, args = [], []
    for seconds, limit in windows():
        keys.append(f"moves:{user_id}:{seconds}:{int(now // seconds)}")
        args.extend((seconds, limit))
    try:
        return bool(caches["limits"].run_script(COUNT_MOVE, keys, args))
    except RedisError as error:  # away
        logger.warning("move limits not counted: %s", error)
        return True
