"""Settings for the test suite: the project's settings with test-friendly defaults.

Services come from DATABASE_URL / REDIS_URL when set (CI sets both and they must work); with
neither, a SQLite database and an embedded Redis in a temporary folder serve.
"""

import atexit
import os
import shutil
import tempfile
from urllib.parse import urlsplit

os.environ.setdefault("DEBUG", "0")
os.environ.setdefault("HTTPS", "0")
os.environ.setdefault("SECRET_KEY", "test-only-secret-key-" + "x" * 40)
# pytest-xdist runs the suite in several processes ("gw0", "gw1", ...): each takes its own
# Redis database (tests empty theirs: cache.clear() empties the whole database) and its own
# key prefix, which also names the live-update channels. pytest-django gives each its own
# test database.
WORKER = os.environ.get("PYTEST_XDIST_WORKER", "")
WORKER_NUMBER = int(WORKER[2:]) if WORKER.startswith("gw") else 0
if os.environ.get("REDIS_URL") and WORKER_NUMBER:
    _url = urlsplit(os.environ["REDIS_URL"])  # redis://host:port/15, or no database: 0
    _db = int(_url.path.strip("/") or 0)
    os.environ["REDIS_URL"] = _url._replace(path=f"/{(_db - WORKER_NUMBER) % 16}").geturl()
if not os.environ.get("REDIS_URL"):
    # Never share the developer's embedded Redis or database folder with the tests, nor one
    # test process's with another's: every process (each xdist worker) gets its own folder, so
    # its own embedded Redis. Workers inherit the environment of the process that started them;
    # with the folder inherited, they shared one Redis database, and a test's cache.clear()
    # emptied the rate-limit counters of a test running in another worker (the password reset
    # test then saw 5 mails sent where the limit is 3).
    _var = tempfile.mkdtemp(prefix="factorium-test-")
    os.environ["FACTORIUM_VAR_DIR"] = _var
    atexit.register(shutil.rmtree, _var, ignore_errors=True)  # after the Redis server stops

from config.settings import *  # noqa: E402, F403 (after the environment is set above)
from config.settings import STORAGES  # noqa: E402

STORAGES = {**STORAGES, "staticfiles": {
    "BACKEND": "django.contrib.staticfiles.storage.StaticFilesStorage"}}  # fmt: skip
PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]  # fast; tests only
WHITENOISE_USE_FINDERS = True
CACHES["default"]["KEY_PREFIX"] = f"factorium-test{WORKER}"  # noqa: F405
CACHES["limits"]["KEY_PREFIX"] = f"factorium-test{WORKER}"  # noqa: F405
CELERY_TASK_ALWAYS_EAGER = True
# Bots act as soon as they may (tasks run inline: a wake-up due later runs only in a timer
# thread, GAMES_CLOCK_THREADS); tests that need think times set them.
GAMES_BOT_DELAY_SECONDS = 0
GAMES_BOT_THINK_SCALE = 0
# Tests (and browsers driven by them) move far faster than children: the move limits are
# tested on their own (tests/games/test_flood.py).
GAMES_MOVES_BURST = GAMES_MOVES_SUSTAINED = 100_000
STATIC_ROOT.mkdir(parents=True, exist_ok=True)  # noqa: F405
if DATABASES["default"]["ENGINE"].endswith("sqlite3"):  # noqa: F405
    # A file, not memory: the live server, Celery and test threads share it with WAL and a
    # busy timeout (shared in-memory SQLite locks whole tables instead).
    DATABASES["default"]["TEST"] = {"NAME": str(VAR_DIR / "test.sqlite3")}  # noqa: F405
