"""`make run`: one command for a laptop — migrate, seed the demo class, then run the web
server, a Celery worker and Celery beat together on the embedded SQLite and Redis.

Stop everything with Ctrl-C.
"""

import os
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PY = sys.executable


def _pump(name: str, stream) -> None:
    for line in iter(stream.readline, ""):
        sys.stdout.write(f"{name:>6} | {line}")
        sys.stdout.flush()


def _start(name: str, args: list[str], env: dict[str, str]) -> subprocess.Popen:
    proc = subprocess.Popen(
        args, cwd=ROOT, env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
        start_new_session=True,
    )  # fmt: skip
    threading.Thread(target=_pump, args=(name, proc.stdout), daemon=True).start()
    return proc


def _worker(name: str, queues: str, processes: int) -> list[str]:
    """A worker for some queues, named so that two can run side by side."""
    return ["worker", "-l", "info", "-c", str(processes), "-Q", queues, "-n", f"{name}@%h"]


def main() -> int:
    """Prepare the database, then supervise web, worker and beat until one stops or Ctrl-C."""
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
    os.environ.setdefault("DEBUG", "1")
    import django
    from django.conf import settings

    django.setup()  # starts the embedded Redis here (when REDIS_URL is unset), kept while we run
    env = {**os.environ, "REDIS_URL": settings.REDIS_URL, "PYTHONUNBUFFERED": "1"}
    manage = [PY, "manage.py"]
    subprocess.run([*manage, "migrate", "--noinput"], cwd=ROOT, env=env, check=True)
    subprocess.run([*manage, "seed_demo"], cwd=ROOT, env=env, check=True)

    host = os.environ.get("HOST", "127.0.0.1")
    port = os.environ.get("PORT", "8000")
    celery = [PY, "-m", "celery", "-A", "config"]
    procs = {
        "web": _start("web", [*manage, "runserver", f"{host}:{port}", "--noreload"], env),
        # Bots' moves and clocks have a worker of their own: a slow analysis never delays them.
        "worker": _start("worker", [*celery, *_worker("play", "play", 2)], env),
        "background": _start(
            "background", [*celery, *_worker("background", "celery,analysis", 1)], env
        ),
        "beat": _start("beat", [*celery, "beat", "-l", "info"], env),
    }
    print(f"\n  Factorium is running: http://{host}:{port}/   (Ctrl-C stops everything)\n")

    stopping = threading.Event()
    signal.signal(signal.SIGTERM, lambda *_: stopping.set())
    try:
        while not stopping.is_set():
            if any(p.poll() is not None for p in procs.values()):
                dead = [n for n, p in procs.items() if p.poll() is not None]
                print(f"\n  {', '.join(dead)} stopped; stopping the rest.")
                break
            time.sleep(0.5)
    except KeyboardInterrupt:
        pass
    for proc in procs.values():
        if proc.poll() is None:
            os.killpg(proc.pid, signal.SIGTERM)
    for proc in procs.values():
        try:
            proc.wait(timeout=10)
        except subprocess.TimeoutExpired:
            os.killpg(proc.pid, signal.SIGKILL)
    return 0


if __name__ == "__main__":
    sys.exit(main())
