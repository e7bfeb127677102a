"""Move requests under load, against PostgreSQL and Redis, beside a trivial view.

About 200 simulated players (two per match) each make a move 2 s after their turn begins,
hold a live-update stream (SSE) open like the browser does, and fetch their board when it
tells them of a version they have not shown yet (as htmx does, with ?v= for a cheap 204).
A separate client measures /healthz/ (a view that touches nothing) in the same run as the
baseline. As deployed, gunicorn serves pages and moves and uvicorn serves the live streams.

Run (PostgreSQL and Redis must be up):
  DATABASE_URL=postgres://postgres@127.0.0.1:5432/factorium_bench \
  REDIS_URL=redis://127.0.0.1:6379/14 .venv/bin/python bench/move_load.py [--players 200]

Targets (issue 3): move p95 < 150 ms with no errors; an opponent sees a move (SSE event then
board fetched) within 1 s at p95.
"""

import argparse
import asyncio
import os
import random
import re
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import aiohttp  # noqa: E402

from bench._common import HEADER, cpu_seconds, machine, summary  # noqa: E402

VERSION = re.compile(rb'data-version="(\d+)"')
STREAM_RETRY = 1.0  # seconds: the "retry:" of games/views/play.py's event stream


def setup_django():
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
    os.environ.setdefault("LOG_LEVEL", "WARNING")
    os.environ.setdefault("SECRET_KEY", "bench-secret-key-" + "x" * 40)
    if not os.environ.get("DATABASE_URL", "").startswith("postgres"):
        sys.exit("Set DATABASE_URL to a PostgreSQL database (it is created if missing).")
    if not os.environ.get("REDIS_URL"):
        sys.exit("Set REDIS_URL to a Redis server.")
    _create_database(os.environ["DATABASE_URL"])
    import django

    django.setup()
    from django.core.management import call_command

    call_command("migrate", verbosity=0)


def _create_database(url: str) -> None:
    import psycopg

    base, name = url.rsplit("/", 1)
    with psycopg.connect(f"{base}/postgres", autocommit=True) as conn:
        if not conn.execute("SELECT 1 FROM pg_database WHERE datname = %s", [name]).fetchone():
            conn.execute(f'CREATE DATABASE "{name}"')


def make_players(count: int, seed: int):
    """A class of `count` students in two-player matches; returns per-player dicts."""
    from django.contrib.auth import BACKEND_SESSION_KEY, HASH_SESSION_KEY, SESSION_KEY
    from django.contrib.sessions.backends.db import SessionStore

    from classrooms import services as roster
    from classrooms.models import User
    from games import services

    email = f"bench-{seed}-{time.time_ns()}@bench.test"
    teacher = roster.teacher_signup(name="Bench Teacher", email=email, password="bench-pass-123")
    classroom = roster.classroom_create(teacher=teacher, name="Bench", sign_in_method="pictures")
    students = roster.students_import(
        classroom=classroom, names=[f"Player {i}" for i in range(count)]
    )
    players = []
    for i in range(0, count, 2):
        pair = students[i : i + 2]
        match = services.match_create(
            game="multiplication",
            settings={},
            classroom=classroom,
            seats=[services.SeatSpec(student=s) for s in pair],
            host=pair[0],
            seed=seed + i,
        )
        for index, student in enumerate(pair):
            user = User.objects.get(pk=student.user_id)
            session = SessionStore()
            session[SESSION_KEY] = str(user.pk)
            session[BACKEND_SESSION_KEY] = "classrooms.auth.StudentBackend"
            session[HASH_SESSION_KEY] = user.get_session_auth_hash()
            session.create()
            players.append(
                {"match": match.pk, "seat": index, "session": session.session_key,
                 "seed": match.seed, "version": match.version}
            )  # fmt: skip
    return players


class Match:
    """A replica of one match's state, kept by replaying the moves the bench makes."""

    def __init__(self, seed: int, version: int):
        from games.engine import get_game

        self.rules = get_game("multiplication")
        self.state = self.rules.new_game({"free_cards": 0}, 2, seed)
        self.version = version
        self.lock = asyncio.Lock()
        self.sent_at: dict[int, float] = {}  # version -> when the move making it was sent
        self.shown = [version, version]  # the version each player's board shows
        # A player whose move is in flight: htmx queues a live refresh behind the POST
        # (hx-sync on #board) and drops it when the POST's answer replaces the board.
        self.posting = [False, False]
        self.announced = [version, version]  # the newest version each player's stream told


class Stats:
    def __init__(self):
        self.moves: list[float] = []
        self.move_errors: list[str] = []
        self.seen: list[float] = []
        self.boards: list[float] = []
        self.board_errors = 0
        self.health: list[float] = []
        self.health_errors = 0
        self.recording = False
        # (user, system) CPU seconds used while measuring, by process group
        self.cpu: dict[str, tuple[float, float]] = {}


async def match_driver(base, pair, match: Match, stats: Stats, stop, think: float):
    """Both players of one match: whoever's turn it is moves `think` seconds after the
    turn began (a child looking at the board), through their own session."""
    rng = random.Random(pair[0]["session"])
    strong = match.rules.bots()["strong"]
    clients = [_client(base, player) for player in pair]
    try:
        for client, player in zip(clients, pair, strict=True):
            await _csrf(client, player)
        await asyncio.sleep(rng.uniform(0, think))
        while not stop.is_set():
            rules, state = match.rules, match.state
            if rules.outcome(state) is not None:
                return
            seat = rules.current_player(state)
            moves = rules.legal_moves(state, seat)
            # Mostly draws keep games going for the whole run; the discards write learning
            # records as real play does.
            move = moves[-1] if rng.random() < 0.6 else strong.choose_move(
                rules.view(state, seat), moves, rng)  # fmt: skip
            data = {**{k: str(v) for k, v in move.to_json().items()},
                    "version": str(match.version)}  # fmt: skip
            started = time.perf_counter()
            match.sent_at[match.version + 1] = started
            match.posting[seat] = True
            try:
                async with clients[seat].post(
                    f"/matches/{pair[seat]['match']}/move/",
                    data=data,
                    headers={"HX-Request": "true", "X-CSRFToken": pair[seat]["csrf"]},
                ) as response:
                    await response.read()
                    ok = response.status == 200
                    outcome = response.status
            except (aiohttp.ClientError, TimeoutError) as error:
                ok, outcome = False, type(error).__name__
            match.posting[seat] = False
            if stats.recording:
                stats.moves.append((time.perf_counter() - started) * 1000)
                if not ok:
                    stats.move_errors.append(str(outcome))
            if ok:
                match.state = rules.apply_move(state, seat, move)
                match.version += 1
                match.shown[seat] = match.version  # the POST answered with the new board
                if match.announced[seat] > match.shown[seat]:  # app.js catches up at once
                    version = match.announced[seat]
                    await _fetch_board(clients[seat], pair[seat], version, match, stats)
            await asyncio.sleep(think)
    finally:
        for client in clients:
            await client.close()


async def listener(base, live_base, player, match: Match, stats: Stats, stop):
    """Hold the SSE stream; on each new version fetch the board, as the browser does."""
    forever = aiohttp.ClientTimeout(total=None)
    async with _client(base, player, timeout=forever) as client, \
            _client(live_base, player, timeout=forever) as live:  # fmt: skip
        while not stop.is_set():
            try:
                async with live.get(f"/matches/{player['match']}/events/") as stream:
                    async for raw in stream.content:
                        if stop.is_set():
                            return
                        line = raw.decode()
                        if line.startswith("data: "):
                            version = int(line[6:])
                            seat = player["seat"]
                            match.announced[seat] = max(match.announced[seat], version)
                            if version > match.shown[seat] and not match.posting[seat]:
                                await _fetch_board(client, player, version, match, stats)
                # The server ended the stream (it lasts about a minute): the browser's
                # EventSource reconnects after the "retry:" the stream asked for.
                await asyncio.sleep(STREAM_RETRY)
            except (aiohttp.ClientError, TimeoutError):
                await asyncio.sleep(STREAM_RETRY)


async def _fetch_board(client, player, version: int, match: Match, stats: Stats):
    started = time.perf_counter()
    shown = match.shown[player["seat"]]
    try:
        async with client.get(
            f"/matches/{player['match']}/board/?v={shown}", headers={"HX-Request": "true"}
        ) as response:
            content = await response.read()
            status = response.status
        ok = status in (200, 204)
        if not ok and stats.recording:
            stats.move_errors.append(f"board {status}")
        if status == 200:
            found = VERSION.search(content)
            match.shown[player["seat"]] = max(shown, int(found.group(1)) if found else version)
    except (aiohttp.ClientError, TimeoutError) as error:
        ok = False
        if stats.recording:
            stats.move_errors.append(f"board {type(error).__name__}")
    now = time.perf_counter()
    if not stats.recording:
        return
    stats.boards.append((now - started) * 1000)
    stats.board_errors += not ok
    sent = match.sent_at.get(version)
    if ok and sent is not None:
        stats.seen.append((now - sent) * 1000)


async def health(base, stats: Stats, stop, rate: float = 20.0):
    async with aiohttp.ClientSession(base, timeout=aiohttp.ClientTimeout(total=10)) as client:
        while not stop.is_set():
            started = time.perf_counter()
            try:
                async with client.get("/healthz/") as response:
                    await response.read()
                    ok = response.status == 200
            except (aiohttp.ClientError, TimeoutError):
                ok = False
            if stats.recording:
                stats.health.append((time.perf_counter() - started) * 1000)
                stats.health_errors += not ok
            await asyncio.sleep(max(0.0, 1 / rate - (time.perf_counter() - started)))


def _client(base, player, timeout=None):
    """A browser tab: its own cookies, at most two connections (like HTTP/1.1 per host)."""
    return aiohttp.ClientSession(
        base,
        timeout=timeout or aiohttp.ClientTimeout(total=10),
        connector=aiohttp.TCPConnector(limit=2),
        cookie_jar=aiohttp.DummyCookieJar(),
        headers={"Cookie": f"sessionid={player['session']}"},
    )


async def _csrf(client, player) -> None:
    async with client.get(f"/matches/{player['match']}/") as response:
        await response.read()
        player["csrf"] = response.cookies["csrftoken"].value
    client.headers["Cookie"] = f"sessionid={player['session']}; csrftoken={player['csrf']}"


async def run(
    base, live_base, players, seconds: float, warmup: float, period: float, meter
) -> Stats:
    stats, stop = Stats(), asyncio.Event()
    matches = {}
    for player in players:
        matches.setdefault(player["match"], Match(player["seed"], player["version"]))
    tasks = [asyncio.create_task(health(base, stats, stop))]
    pairs: dict[int, list] = {}
    for player in players:
        match = matches[player["match"]]
        pairs.setdefault(player["match"], []).append(player)
        tasks.append(asyncio.create_task(listener(base, live_base, player, match, stats, stop)))
    for match_id, pair in pairs.items():
        driver = match_driver(base, pair, matches[match_id], stats, stop, period)
        tasks.append(asyncio.create_task(driver))
    await asyncio.sleep(warmup)
    stats.recording = True
    before = meter()
    await asyncio.sleep(seconds)
    stats.recording = False
    after = meter()
    stats.cpu = {
        label: (after[label][0] - before[label][0], after[label][1] - before[label][1])
        for label in before
    }
    stop.set()
    for task in tasks:
        task.cancel()
    await asyncio.gather(*tasks, return_exceptions=True)
    return stats


def _loop_factory():
    """uvloop where it is installed: the load generator shares the cores it measures."""
    try:
        import uvloop
    except ImportError:
        return None
    return uvloop.new_event_loop


def start_servers(port: int, live_port: int, workers: int, threads: int):
    """As deployed: gunicorn (gthread) for pages and moves, uvicorn (ASGI) for the streams."""
    env = {
        **os.environ,
        "DEBUG": "0",
        "ALLOWED_HOSTS": "127.0.0.1,localhost",
        "HTTPS": "0",
        "GAMES_STREAM_SECONDS": "55",
        "LOG_LEVEL": "WARNING",
    }
    manage = [sys.executable, "manage.py", "collectstatic", "--noinput", "-v0"]
    subprocess.run(manage, cwd=ROOT, env=env, check=True)
    web = f"-m gunicorn config.wsgi -k gthread -w {workers} --threads {threads} --keep-alive 30"
    web += f" -b 127.0.0.1:{port} --log-level warning"
    live = f"-m uvicorn config.asgi:application --port {live_port} --log-level warning"
    live += " --no-access-log"
    servers = [
        subprocess.Popen([sys.executable, *command.split()], cwd=ROOT, env=env)
        for command in (web, live)
    ]
    for url in (f"http://127.0.0.1:{port}/healthz/", f"http://127.0.0.1:{live_port}/healthz/"):
        for _ in range(100):
            try:
                with urllib.request.urlopen(url, timeout=1) as response:
                    if response.status == 200:
                        break
            except OSError:
                time.sleep(0.2)
        else:
            stop_servers(servers)
            sys.exit(f"{url} did not answer")
    return servers


def stop_servers(servers) -> None:
    for server in servers:
        server.send_signal(2)  # SIGINT: quick shutdown
    for server in servers:
        try:
            server.wait(timeout=5)
        except subprocess.TimeoutExpired:
            server.kill()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--players", type=int, default=200)
    parser.add_argument("--seconds", type=float, default=60)
    parser.add_argument("--warmup", type=float, default=8)
    parser.add_argument("--period", type=float, default=2.0, help="a player's think time, s")
    parser.add_argument("--workers", type=int, default=3)
    parser.add_argument("--threads", type=int, default=8)
    parser.add_argument("--port", type=int, default=8765)
    parser.add_argument("--live-port", type=int, default=8766)
    args = parser.parse_args()
    setup_django()
    players = make_players(args.players, seed=random.randrange(1 << 30))
    servers = start_servers(args.port, args.live_port, args.workers, args.threads)
    base, live_base = f"http://127.0.0.1:{args.port}", f"http://127.0.0.1:{args.live_port}"
    roots = {"gunicorn (pages, moves)": servers[0].pid, "uvicorn (live streams)": servers[1].pid}

    def meter() -> dict[str, float]:
        used = cpu_seconds(roots, {"PostgreSQL": "postgres", "Redis": "redis-server"})
        mine = os.times()  # this process only (the servers are its children)
        return {**used, "load generator (this)": (mine.user, mine.system)}

    try:
        stats = asyncio.run(
            run(base, live_base, players, args.seconds, args.warmup, args.period, meter),
            loop_factory=_loop_factory(),
        )
    finally:
        stop_servers(servers)
    print(f"Move requests under load — {machine()}")
    print(
        f"{args.players} players in {args.players // 2} matches, each moving {args.period} s "
        f"after their turn begins, {args.seconds:.0f} s measured; gunicorn gthread "
        f"{args.workers}×{args.threads} + uvicorn for live streams; PostgreSQL + Redis"
    )
    print(HEADER)
    print(summary("baseline: GET /healthz/", stats.health, stats.health_errors))
    print(summary("POST move (htmx, board back)", stats.moves, len(stats.move_errors)))
    print(summary("GET board after a live event", stats.boards, stats.board_errors))
    print(summary("opponent sees the move", stats.seen))
    rate = len(stats.moves) / args.seconds
    print(f"moves applied: {len(stats.moves) - len(stats.move_errors)} ({rate:.1f}/s)")
    if stats.move_errors:
        print("move errors:", sorted(set(stats.move_errors))[:10])
    # CPU per move is the figure to improve: unlike latency it hardly depends on what else
    # the machine is doing. Every move also costs the opponent's board fetch and two events.
    moves = max(1, len(stats.moves))
    print(f"CPU per move, ms ({os.cpu_count()} cores = {os.cpu_count() * 1000} ms per second):")
    print(f"  {'':<28} {'user':>7} {'system':>7} {'total':>7}  share of a core")
    for label, (user, system) in stats.cpu.items():
        total = user + system
        print(
            f"  {label:<28} {user * 1000 / moves:7.2f} {system * 1000 / moves:7.2f} "
            f"{total * 1000 / moves:7.2f}  {total / args.seconds:.0%}"
        )
    every = sum(user + system for user, system in stats.cpu.values())
    print(f"  {'all of the above':<28} {'':>7} {'':>7} {every * 1000 / moves:7.2f}")


if __name__ == "__main__":
    main()
