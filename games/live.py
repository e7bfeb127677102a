"""Live updates over Redis pub/sub: an event says only "match N is at version V".

Each browser then fetches its own view, so nothing hidden ever travels in an event.
"""

from collections.abc import AsyncIterator, Iterator
from functools import cache
from time import monotonic

import redis
import redis.asyncio
from django.conf import settings


@cache
def _client() -> redis.Redis:
    return redis.Redis.from_url(settings.REDIS_URL, health_check_interval=30)


def channel(match_id: int) -> str:
    return f"{settings.CACHES['default']['KEY_PREFIX']}:match:{match_id}"


def publish(match_id: int, version: int) -> None:
    """Tell every listener of the match that it changed."""
    _client().publish(channel(match_id), str(version))


class _Pace:
    """When a stream waits, when it sends a heartbeat, and when it ends."""

    def __init__(self, seconds: float, tick: float):
        self.deadline = monotonic() + seconds
        self.tick = tick
        self.next_tick = monotonic() + tick

    def running(self) -> bool:
        return monotonic() < self.deadline

    def wait(self) -> float:
        """How long to wait for a message: until the next heartbeat or the end."""
        return max(0.0, min(self.next_tick, self.deadline) - monotonic())

    def event(self, message) -> int | bool | None:
        """The version in a message, None for a heartbeat due, False for nothing to send."""
        if message and message["type"] == "message":
            return int(message["data"])
        if monotonic() >= self.next_tick:
            self.next_tick = monotonic() + self.tick
            return None
        return False


def versions(match_id: int, *, seconds: float, tick: float = 15.0) -> Iterator[int | None]:
    """Yield each new version as it is published; None every `tick` seconds (a heartbeat).

    Stops after `seconds` so a stream never holds a server thread for long; browsers reconnect.
    """
    pubsub = _client().pubsub(ignore_subscribe_messages=True)
    try:
        pubsub.subscribe(channel(match_id))
        pace = _Pace(seconds, tick)
        while pace.running():
            event = pace.event(pubsub.get_message(timeout=pace.wait()))
            if event is not False:
                yield event
    except redis.ConnectionError:
        return  # Redis went away (a restart): end the stream; the browser reconnects or polls
    finally:
        pubsub.close()


async def aversions(
    match_id: int, *, seconds: float, tick: float = 15.0
) -> AsyncIterator[int | None]:
    """versions() for an event loop (ASGI): thousands of streams cost no threads."""
    client = redis.asyncio.Redis.from_url(settings.REDIS_URL)
    pubsub = client.pubsub(ignore_subscribe_messages=True)
    try:
        await pubsub.subscribe(channel(match_id))
        pace = _Pace(seconds, tick)
        while pace.running():
            event = pace.event(await pubsub.get_message(timeout=pace.wait()))
            if event is not False:
                yield event
    except redis.ConnectionError:
        return
    finally:
        await pubsub.aclose()
        await client.aclose()
