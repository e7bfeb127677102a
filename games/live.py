"""Live updates over Redis pub/sub: an event says only "match N is at version V".

Each browser then fetches its own view, so nothing hidden ever travels in an event.
"""

import asyncio
from collections.abc import AsyncIterator, Iterator
from functools import cache
from time import monotonic
from weakref import WeakKeyDictionary

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

    def event(self, version: int | None) -> int | bool | None:
        """The version to send, None for a heartbeat due, False for nothing to send."""
        if version is not None:
            return version
        if monotonic() >= self.next_tick:
            self.next_tick = monotonic() + self.tick
            return None
        return False


def _version(message) -> int | None:
    return int(message["data"]) if message and message["type"] == "message" else None


def versions(match_id: int, *, seconds: float, tick: float = 15.0) -> Iterator[int | None]:
    """Yield each new version as it is published; None every `tick` seconds (a heartbeat).

    Stops after `seconds` so a stream never holds a server thread for long; browsers reconnect.
    """
    pubsub = _client().pubsub(ignore_subscribe_messages=True)
    try:
        pubsub.subscribe(channel(match_id))
        pace = _Pace(seconds, tick)
        while pace.running():
            event = pace.event(_version(pubsub.get_message(timeout=pace.wait())))
            if event is not False:
                yield event
    except redis.ConnectionError:
        return  # Redis went away (a restart): end the stream; the browser reconnects or polls
    finally:
        pubsub.close()


_CLOSED = object()  # put in every queue when the hub loses Redis: the streams end


class _Hub:
    """One Redis subscription per event loop (per uvicorn process) for all its live streams.

    It listens to every match's channel (one pattern) and hands each version to the streams
    of that match: a stream costs a queue, not a Redis connection and a reader of its own.
    """

    def __init__(self) -> None:
        self.queues: dict[int, set[asyncio.Queue]] = {}
        self.reader: asyncio.Task | None = None
        self.ready: asyncio.Future | None = None

    async def join(self, match_id: int) -> asyncio.Queue:
        """A queue that receives the match's versions from now on (raises if Redis is down)."""
        if self.reader is None or self.reader.done():
            self.ready = asyncio.get_running_loop().create_future()
            self.reader = asyncio.create_task(self._read(self.ready))
        await asyncio.shield(self.ready)
        queue: asyncio.Queue = asyncio.Queue()
        self.queues.setdefault(match_id, set()).add(queue)
        return queue

    def leave(self, match_id: int, queue: asyncio.Queue) -> None:
        listeners = self.queues.get(match_id)
        if listeners is not None:
            listeners.discard(queue)
            if not listeners:
                del self.queues[match_id]

    async def _read(self, ready: asyncio.Future) -> None:
        client = redis.asyncio.Redis.from_url(settings.REDIS_URL)
        pubsub = client.pubsub(ignore_subscribe_messages=True)
        prefix = channel(0)[:-1]
        try:
            await pubsub.psubscribe(prefix + "*")
            ready.set_result(True)
            async for message in pubsub.listen():
                if message["type"] != "pmessage":
                    continue
                match_id = int(message["channel"][len(prefix) :])
                for queue in self.queues.get(match_id, ()):
                    queue.put_nowait(int(message["data"]))
        except (redis.ConnectionError, OSError) as error:
            if not ready.done():
                ready.set_exception(redis.ConnectionError(str(error)))
        finally:
            for listeners in self.queues.values():
                for queue in listeners:
                    queue.put_nowait(_CLOSED)
            self.queues.clear()
            await pubsub.aclose()
            await client.aclose()


_hubs: WeakKeyDictionary[asyncio.AbstractEventLoop, _Hub] = WeakKeyDictionary()


def _hub() -> _Hub:
    loop = asyncio.get_running_loop()
    if loop not in _hubs:
        _hubs[loop] = _Hub()
    return _hubs[loop]


async def aversions(
    match_id: int, *, seconds: float, tick: float = 15.0
) -> AsyncIterator[int | None]:
    """versions() for an event loop (ASGI): thousands of streams share one Redis connection."""
    hub = _hub()
    try:
        queue = await hub.join(match_id)
    except redis.ConnectionError:
        return
    try:
        pace = _Pace(seconds, tick)
        while pace.running():
            try:
                item = await asyncio.wait_for(queue.get(), pace.wait())
            except TimeoutError:
                item = None
            if item is _CLOSED:
                return  # Redis went away: end the stream; the browser reconnects or polls
            event = pace.event(item)
            if event is not False:
                yield event
    finally:
        hub.leave(match_id, queue)
