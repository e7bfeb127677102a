"""Live updates: the per-process hub shares one Redis subscription among many streams."""

import asyncio
from concurrent.futures import ThreadPoolExecutor
from contextlib import aclosing

import pytest

from games import live


def _run(coroutine):
    """Run on a fresh event loop in its own thread (Playwright's sync API may already run a
    loop in this one), as uvicorn runs one loop per process."""
    with ThreadPoolExecutor(1) as pool:
        return pool.submit(asyncio.run, coroutine).result(timeout=30)


async def _collect(match_id: int, count: int, seconds: float = 3) -> list:
    """The first `count` versions; the stream is closed on leaving (a generator left by
    `break` alone is closed later by the event loop, and may still be in the hub then)."""
    received = []
    async with aclosing(live.aversions(match_id, seconds=seconds, tick=30)) as stream:
        async for version in stream:
            received.append(version)
            if len(received) == count:
                break
    return received


def test_each_stream_gets_only_its_own_matchs_versions():
    async def scenario():
        streams = [asyncio.create_task(_collect(match_id, 2)) for match_id in (901, 902, 901)]
        await asyncio.sleep(0.2)  # the streams have joined the hub
        hub = live._hub()
        assert {match_id: len(queues) for match_id, queues in hub.queues.items()} == {
            901: 2,
            902: 1,
        }
        for match_id, version in ((901, 5), (902, 7), (901, 6), (902, 8)):
            await asyncio.to_thread(live.publish, match_id, version)
        results = await asyncio.wait_for(asyncio.gather(*streams), timeout=5)
        return results, dict(hub.queues)

    results, left = _run(scenario())
    assert results == [[5, 6], [7, 8], [5, 6]]
    assert left == {}, "streams that ended leave the hub"


def test_a_quiet_stream_sends_heartbeats_and_ends_on_time():
    async def scenario():
        received = []
        async for version in live.aversions(903, seconds=0.5, tick=0.2):
            received.append(version)
        return received

    received = _run(scenario())
    assert received and all(version is None for version in received)


def test_streams_end_when_the_hub_loses_redis(monkeypatch):
    async def scenario():
        stream = asyncio.create_task(_collect(904, 5, seconds=10))
        await asyncio.sleep(0.2)
        live._hub().reader.cancel()  # as if the connection to Redis broke
        return await asyncio.wait_for(stream, timeout=5)

    assert _run(scenario()) == []


@pytest.mark.parametrize("url", ["redis://127.0.0.1:1/0"])
def test_no_redis_ends_the_stream_at_once(settings, url):
    settings.REDIS_URL = url

    async def scenario():
        return await asyncio.wait_for(_collect(905, 1), timeout=5)

    assert _run(scenario()) == []
