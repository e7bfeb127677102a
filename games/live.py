"""Live updates over Redis pub/sub: an event says only "match N is at version V".

Each browser then fetches its own view, so nothing hidden ever travels in an event.
"""

from collections.abc import Iterator
from functools import cache
from time import monotonic

import redis
from django.conf import settings


@cache
def _client() -> redis.Redis:
    return redis.Redis.from_url(settings.REDIS_URL, health_check_interval=30)


def channel(match_id: int) -> str:
    return f"{settings.CACHES['default']['KEY_PREFIX']}:match:{match_id}"


def publish(match_id: int, version: int) -> None:
    """Tell every listener of the match that it changed."""
    _client().publish(channel(match_id), str(version))


def versions(match_id: int, *, seconds: float, tick: float = 15.0) -> Iterator[int | None]:
    """Yield each new version as it is published; None every `tick` seconds (a heartbeat).

    Stops after `seconds` so a stream never holds a server thread for long; browsers reconnect.
    """
    pubsub = _client().pubsub(ignore_subscribe_messages=True)
    try:
        pubsub.subscribe(channel(match_id))
        deadline = monotonic() + seconds
        next_tick = monotonic() + tick
        while (now := monotonic()) < deadline:
            message = pubsub.get_message(timeout=min(1.0, deadline - now))
            if message and message["type"] == "message":
                yield int(message["data"])
            elif monotonic() >= next_tick:
                next_tick = monotonic() + tick
                yield None
    except redis.ConnectionError:
        return  # Redis went away (a restart): end the stream; the browser reconnects or polls
    finally:
        pubsub.close()
