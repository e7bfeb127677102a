"""The Redis cache, with one redis-py client per connection pool instead of one per call.

Django's RedisCacheClient builds a new `redis.Redis` for every cache operation; building one
copies ~170 response callbacks, which cost about half a millisecond of CPU per request on the
hot paths (sessions, the signed-in student). A client is thread-safe, so one per pool will do.
"""

import logging
import threading
from dataclasses import dataclass, field
from time import monotonic

from django.core.cache.backends.base import DEFAULT_TIMEOUT
from django.core.cache.backends.redis import RedisCache, RedisCacheClient
from redis.exceptions import RedisError

logger = logging.getLogger(__name__)


class ReusedClientRedisCacheClient(RedisCacheClient):
    """RedisCacheClient that keeps the redis-py client of each connection pool."""

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self._clients: dict[int, object] = {}

    def get_client(self, key=None, *, write=False):
        index = self._get_connection_pool_index(write)
        client = self._clients.get(index)
        if client is None:
            client = self._clients[index] = self._client(
                connection_pool=self._get_connection_pool(write)
            )
        return client


class Cache(RedisCache):
    """Django's RedisCache with ReusedClientRedisCacheClient."""

    def __init__(self, server, params):
        super().__init__(server, params)
        self._class = ReusedClientRedisCacheClient

    def run_script(self, script: str, keys: list[str], args: list) -> object:
        """Run a Lua script on the writing server: several commands, atomic, in one round
        trip. `keys` are the cache's own (prefixed and versioned here)."""
        client = self._cache.get_client(write=True)
        if script not in _scripts:
            _scripts[script] = client.register_script(script)
        keys = [self.make_and_validate_key(k) for k in keys]
        return _scripts[script](keys=keys, args=args, client=client)


_scripts: dict[str, object] = {}  # Lua source -> its redis-py Script (run on the given client)


@dataclass
class _Health:
    pending: set[str] = field(default_factory=set)
    lock: threading.Lock = field(default_factory=threading.Lock)
    down_until: float = 0.0


_healths: dict[str, _Health] = {}
_healths_lock = threading.Lock()


def _health_of(server: str) -> _Health:
    with _healths_lock:
        return _healths.setdefault(server, _Health())


class TolerantCache(Cache):
    """The cache that pages read through (sessions, the signed-in student): never a 500.

    While Redis cannot be reached, reads miss and writes are skipped, so every page is served
    from the database. A key whose write or delete failed would hold a stale value once Redis
    is back (a signed-out session still cached, say): it is remembered and deleted before
    this process uses the cache again. After a failure Redis is left alone for a few seconds,
    so a page does not wait for a timeout on every cache call.

    Rate limits use the strict `Cache` ("limits" alias): they must know when Redis is down.
    """

    RETRY_AFTER_SECONDS = 5.0
    PENDING_MAX = 50_000

    def __init__(self, server, params):
        super().__init__(server, params)
        # Django makes a cache object per thread: what is known about Redis is shared by all
        # the threads of the process that use the same server.
        self._health = _health_of(str(server))

    @property
    def _pending(self) -> set[str]:  # made keys whose value may be stale in Redis
        return self._health.pending

    @property
    def _down_until(self) -> float:
        return self._health.down_until

    @_down_until.setter
    def _down_until(self, value: float) -> None:
        self._health.down_until = value

    def _available(self) -> bool:
        if monotonic() < self._down_until:
            return False
        if self._pending:
            with self._health.lock:
                pending, self._health.pending = self._health.pending, set()
            try:
                self._cache.delete_many(list(pending))
            except RedisError as error:
                self._failed(error, pending_made=pending)
                return False
        return True

    def _failed(self, error: Exception, *, pending_made=()) -> None:
        if monotonic() >= self._down_until:
            logger.warning("cache unavailable, serving from the database: %s", error)
        self._down_until = monotonic() + self.RETRY_AFTER_SECONDS
        with self._health.lock:
            if len(self._health.pending) < self.PENDING_MAX:
                self._health.pending.update(pending_made)

    def _stale(self, keys, version=None) -> list[str]:
        return [self.make_and_validate_key(key, version=version) for key in keys]

    def get(self, key, default=None, version=None):
        if not self._available():
            return default
        try:
            return super().get(key, default, version)
        except RedisError as error:
            self._failed(error)
            return default

    def get_many(self, keys, version=None):
        if not self._available():
            return {}
        try:
            return super().get_many(keys, version)
        except RedisError as error:
            self._failed(error)
            return {}

    def has_key(self, key, version=None):
        if not self._available():
            return False
        try:
            return super().has_key(key, version)
        except RedisError as error:
            self._failed(error)
            return False

    def _write(self, keys, version, action, failed_result):
        if not self._available():
            self._failed(ConnectionError("still down"), pending_made=self._stale(keys, version))
            return failed_result
        try:
            return action()
        except RedisError as error:
            self._failed(error, pending_made=self._stale(keys, version))
            return failed_result

    def set(self, key, value, timeout=DEFAULT_TIMEOUT, version=None):
        self._write([key], version, lambda: super(TolerantCache, self).set(
            key, value, timeout, version), None)  # fmt: skip

    def add(self, key, value, timeout=DEFAULT_TIMEOUT, version=None):
        return self._write([key], version, lambda: super(TolerantCache, self).add(
            key, value, timeout, version), False)  # fmt: skip

    def set_many(self, data, timeout=DEFAULT_TIMEOUT, version=None):
        return self._write(list(data), version, lambda: super(TolerantCache, self).set_many(
            data, timeout, version), list(data))  # fmt: skip

    def touch(self, key, timeout=DEFAULT_TIMEOUT, version=None):
        return self._write([key], version, lambda: super(TolerantCache, self).touch(
            key, timeout, version), False)  # fmt: skip

    def delete(self, key, version=None):
        return self._write([key], version, lambda: super(TolerantCache, self).delete(
            key, version), False)  # fmt: skip

    def delete_many(self, keys, version=None):
        keys = list(keys)
        return self._write(keys, version, lambda: super(TolerantCache, self).delete_many(
            keys, version), None)  # fmt: skip
