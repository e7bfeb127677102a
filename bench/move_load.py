"""Move requests under load, against PostgreSQL and Redis, beside a trivial view, for any game.

For each game in turn, about 200 simulated players (two a match, or one against the game's
strongest bot, which the Celery worker moves; one in Prime Solitaire) each make a move 2 s
after they may, hold a live-update stream (SSE) open like the browser does, and fetch their
board when it tells them of a version they have not shown yet (as htmx does, with ?v= for a
cheap 204). The game's easy bot chooses the simulated players' moves (the load generator
shares the cores it measures; a move the board's forms cannot post, such as a Canasta
laydown named by sets instead of ready groups, gives way to one they can).
A separate client measures /healthz/ (a view that touches nothing) in the
same run as the baseline. As deployed, gunicorn serves pages and moves, uvicorn the live
streams, and a Celery worker on the play queue the clocks (turn limits, challenge windows).

The load generator reads each match's state from the database before a move (a clock may
have moved it on): its queries are counted in PostgreSQL's CPU, a small overcount. The probe's
own web CPU (measured first, with nothing else running) is taken out of "web CPU", which is
given per child's move and per move of anyone (bots' and clocks' moves cause board fetches
too: in Prime Challenge a clock closes each challenge window). How long
each match's row lock was held comes from the servers' own log (games.locks at DEBUG).

Run (PostgreSQL and Redis must be up):
  DATABASE_URL=postgres://postgres@127.0.0.1:5432/factorium_bench \
  REDIS_URL=redis://127.0.0.1:6379/14 .venv/bin/python bench/move_load.py [--game all]

Targets (issue 3): move p95 < 150 ms with no errors; an opponent sees a move (SSE event then
board fetched) within 1 s at p95. Issue 31: CPU per move in the web process ≤ 10 ms, no row
lock held longer than 50 ms at p99, in every game.
"""

import argparse
import asyncio
import os
import random
import re
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import aiohttp  # noqa: E402

from bench._common import HEADER, cpu_seconds, machine, percentile, summary  # noqa: E402

VERSION = re.compile(rb'data-version="(\d+)"')
LOCK_HELD = re.compile(r"row lock held ([\d.]+) ms")
STREAM_RETRY = 1.0  # seconds: the "retry:" of games/views/play.py's event stream
# How a list of lists is posted (the boards' own forms): items joined by ";", an item's
# parts by "," (Canasta's sets) or ":" (Equate's tiles, row:col:tile[:face]).
INNER = {"tiles": ":"}


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


def make_players(game: str, count: int, seed: int, bot_share: float):
    """A class of `count` students in matches of `game` (two a match, or the fewest the game
    takes; in `bot_share` of the two-seat matches a student plays the strongest bot, whose
    moves the Celery worker makes); returns per-player dicts."""
    from django.contrib.auth import BACKEND_SESSION_KEY, HASH_SESSION_KEY, SESSION_KEY
    from django.contrib.sessions.backends.db import SessionStore

    from classrooms import services as roster
    from classrooms.models import User
    from games import services
    from games.engine import get_game

    rules = get_game(game)
    size = max(rules.min_players, min(2, rules.max_players))
    email = f"bench-{seed}-{time.time_ns()}@bench.test"
    teacher = roster.teacher_signup(name="Bench Teacher", email=email, password="bench-pass-123")
    classroom = roster.classroom_create(teacher=teacher, name="Bench", sign_in_method="pictures")
    students = roster.students_import(
        classroom=classroom, names=[f"Player {i}" for i in range(count)]
    )
    players = []
    strongest = list(rules.bots())[-1]
    bots, humans, i = 0, 0, 0
    while i + size <= count:
        against_bot = size == 2 and bots < bot_share * (bots + humans + 1)
        group = students[i : i + (1 if against_bot else size)]
        i += len(group)
        bots, humans = bots + against_bot, humans + (not against_bot)
        specs = [services.SeatSpec(student=s) for s in group]
        match = services.match_create(
            game=game,
            settings={},
            classroom=classroom,
            seats=[*specs, services.SeatSpec(bot=strongest)] if against_bot else specs,
            host=group[0],
            seed=seed + i,
        )
        for index, student in enumerate(group):
            user = User.objects.get(pk=student.user_id)
            session = SessionStore()
            session[SESSION_KEY] = str(user.pk)
            session[BACKEND_SESSION_KEY] = "classrooms.auth.StudentBackend"
            session[HASH_SESSION_KEY] = user.get_session_auth_hash()
            session.create()
            players.append(
                {"match": match.pk, "seat": index, "session": session.session_key,
                 "version": match.version, "size": size if not against_bot else 2}
            )  # fmt: skip
    return players


def read_match(match_id: int):
    """The match as the server keeps it now: (status, version, state)."""
    from django.db import connection

    from games.models import Match as MatchRow

    try:
        row = MatchRow.objects.values("status", "version", "state").get(pk=match_id)
    finally:
        connection.close()  # back to the pool: the thread may not read again
    return row["status"], row["version"], row["state"]


def count_moves(match_ids: list[int]) -> int:
    """Moves kept so far in these matches: the children's, the bots' and the clocks'."""
    from django.db import connection

    from games.models import MoveRecord

    try:
        return MoveRecord.objects.filter(match_id__in=match_ids).count()
    finally:
        connection.close()


def close_matches(players) -> None:
    """A game's run is over: its matches end, so that their bots and clocks stop working
    while the next game is measured."""
    from django.utils import timezone

    from games.models import Match as MatchRow

    ids = {player["match"] for player in players}
    MatchRow.objects.filter(pk__in=ids).update(
        status=MatchRow.Status.ABANDONED, finished_at=timezone.now(), due_at=None
    )


def post_data(move) -> list[tuple[str, str]]:
    """A move as the board's form posts it: lists as repeated fields, lists of lists in the
    forms' own text."""
    data = []
    for key, value in move.to_json().items():
        if value is None:
            continue
        if isinstance(value, (list, tuple)) and any(isinstance(v, (list, tuple)) for v in value):
            inner = INNER.get(key, ",")
            parts = (inner.join(str(x) for x in item if x is not None) for item in value)
            data.append((key, ";".join(parts)))
        elif isinstance(value, (list, tuple)):
            data.extend((key, str(v)) for v in value)
        elif isinstance(value, bool):
            data.append((key, "1" if value else "0"))
        else:
            data.append((key, str(value)))
    return data


def postable(rules, move) -> bool:
    """Whether the board's form can post this move (it reads back as the same move)."""
    from django.http import QueryDict

    from games.engine import IllegalMove
    from games.forms import move_data_from_post

    post = QueryDict(mutable=True)
    for key, value in post_data(move):
        post.appendlist(key, value)
    try:
        return rules.parse_move(move_data_from_post(post, rules.list_fields)) == move
    except IllegalMove:
        return False


class Match:
    """What the bench knows of one match: the server's state (read before each move) and what
    each player's board shows."""

    def __init__(self, game: str, size: int, version: int):
        from games.engine import get_game

        self.rules = get_game(game)
        self.size = size
        self.version = version
        self.sent_at: dict[int, float] = {}  # version -> when the move making it was sent
        self.shown = [version] * size  # the version each player's board shows
        # A player whose move is in flight: htmx queues a live refresh behind the POST
        # (hx-sync on #board) and drops it when the POST's answer replaces the board.
        self.posting = [False] * size
        self.announced = [version] * size  # the newest version each player's stream told


def choose(match: Match, state, rng: random.Random, seats):
    """(seat, move): a player who may move now and the move the easy bot picks for them (or,
    when the board's forms cannot post that one, the first they can), else None. The easy
    bot: the load generator shares the cores it measures, so it must think little."""
    rules = match.rules
    bot = next(iter(rules.bots().values()))
    for seat in rules.actors(state, match.size):
        if seat not in seats:  # a bot's seat: the Celery worker moves it
            continue
        moves = rules.legal_moves(state, seat)
        if not moves:
            continue
        move = bot.choose_move(rules.view(state, seat), moves, rng)
        if move is not None and not postable(rules, move):
            move = next((m for m in moves if postable(rules, m)), None)
        if move is not None:
            return seat, move
    return None


class Stats:
    def __init__(self):
        self.moves: list[float] = []
        self.move_errors: list[str] = []
        self.stale = 0  # moves a clock's change beat (409: the board is shown again)
        self.locks: list[float] = []  # ms each match row lock was held (the servers' log)
        self.seen: list[float] = []
        self.boards: list[float] = []
        self.board_errors = 0
        self.health: list[float] = []
        self.health_errors = 0
        self.recording = False
        self.all_moves = 0  # moves of anyone (children, bots, clocks) made while measuring
        # (user, system) CPU seconds used while measuring, by process group
        self.cpu: dict[str, tuple[float, float]] = {}


async def match_driver(base, group, match: Match, stats: Stats, stop, think: float):
    """The players of one match: one who may move does so `think` seconds after the board
    let them (a child looking at it), through their own session."""
    rng = random.Random(group[0]["session"])
    clients = {player["seat"]: _client(base, player) for player in group}
    by_seat = {player["seat"]: player for player in group}
    match_id = group[0]["match"]
    try:
        for seat, client in clients.items():
            await _csrf(client, by_seat[seat])
        await asyncio.sleep(rng.uniform(0, think))
        while not stop.is_set():
            status, version, state = await asyncio.to_thread(read_match, match_id)
            if status != "playing":
                return
            picked = choose(match, state, rng, clients)
            if picked is None:  # waiting for a bot or a clock (a challenge window)
                await asyncio.sleep(0.5)
                continue
            seat, move = picked
            data = [*post_data(move), ("version", str(version))]
            started = time.perf_counter()
            match.sent_at[version + 1] = started
            match.posting[seat] = True
            try:
                async with clients[seat].post(
                    f"/matches/{match_id}/move/",
                    data=data,
                    headers={"HX-Request": "true", "X-CSRFToken": by_seat[seat]["csrf"]},
                ) as response:
                    content = await response.read()
                    ok = response.status == 200
                    outcome = response.status
            except (aiohttp.ClientError, TimeoutError) as error:
                ok, outcome, content = False, type(error).__name__, b""
            match.posting[seat] = False
            if stats.recording:
                stats.moves.append((time.perf_counter() - started) * 1000)
                if not ok and outcome != 409:  # 409: a clock moved the board first
                    stats.move_errors.append(str(outcome))
                stats.stale += outcome == 409
            if ok:
                found = VERSION.search(content)
                match.shown[seat] = max(match.shown[seat], int(found.group(1)) if found else 0)
                if match.announced[seat] > match.shown[seat]:  # app.js catches up at once
                    shown = match.announced[seat]
                    await _fetch_board(clients[seat], by_seat[seat], shown, match, stats)
            await asyncio.sleep(think)
    finally:
        for client in clients.values():
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


WEB = "gunicorn (pages, moves)"


async def probe_alone(base, seconds: float, meter) -> float:
    """The web process's CPU seconds per /healthz/ request (and its share of the idle
    server's own work) with nothing else running: the probe's part of each game's web CPU,
    which is not the moves' and is taken out of "web CPU"."""
    stats, stop = Stats(), asyncio.Event()
    stats.recording = True
    task = asyncio.create_task(health(base, stats, stop))
    await asyncio.sleep(1.0)  # connections made, code warm
    stats.health.clear()
    before = meter()
    await asyncio.sleep(seconds)
    after = meter()
    probes = len(stats.health)
    stop.set()
    task.cancel()
    await asyncio.gather(task, return_exceptions=True)
    return (sum(after[WEB]) - sum(before[WEB])) / max(1, probes)


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
    game: str, base, live_base, players, seconds: float, warmup: float, period: float, meter
) -> Stats:
    stats, stop = Stats(), asyncio.Event()
    matches: dict[int, Match] = {}
    for player in players:
        matches.setdefault(player["match"], Match(game, player["size"], player["version"]))
    tasks = [asyncio.create_task(health(base, stats, stop))]
    groups: dict[int, list] = {}
    for player in players:
        match = matches[player["match"]]
        groups.setdefault(player["match"], []).append(player)
        tasks.append(asyncio.create_task(listener(base, live_base, player, match, stats, stop)))
    for match_id, group in groups.items():
        driver = match_driver(base, group, matches[match_id], stats, stop, period)
        tasks.append(asyncio.create_task(driver))
    await asyncio.sleep(warmup)
    stats.recording = True
    before, made = meter(), await asyncio.to_thread(count_moves, list(matches))
    await asyncio.sleep(seconds)
    stats.recording = False
    after = meter()
    stats.all_moves = await asyncio.to_thread(count_moves, list(matches)) - made
    stats.cpu = {
        label: (after[label][0] - before[label][0], after[label][1] - before[label][1])
        for label in before
        if label != "log"
    }
    stats.locks = read_locks(before["log"], after["log"])
    stop.set()
    for task in tasks:
        task.cancel()
    await asyncio.gather(*tasks, return_exceptions=True)
    return stats


def read_locks(span_from: tuple[str, int], span_to: tuple[str, int]) -> list[float]:
    """The row lock hold times the servers logged between two points of their log file."""
    path, start = span_from
    with open(path, errors="replace") as log:
        log.seek(start)
        text = log.read(span_to[1] - start)
    return [float(found) for found in LOCK_HELD.findall(text)]


def _loop_factory():
    """uvloop where it is installed: the load generator shares the cores it measures."""
    try:
        import uvloop
    except ImportError:
        return None
    return uvloop.new_event_loop


def start_servers(port: int, live_port: int, workers: int, threads: int, log):
    """As deployed: gunicorn (gthread) for pages and moves, uvicorn (ASGI) for the streams,
    a Celery worker for the clocks. Their log (every row lock's hold time) goes to `log`."""
    env = {
        **os.environ,
        "DEBUG": "0",
        "ALLOWED_HOSTS": "127.0.0.1,localhost",
        "HTTPS": "0",
        "GAMES_STREAM_SECONDS": "55",
        "LOG_LEVEL": "WARNING",
        "LOCK_LOG_LEVEL": "DEBUG",
    }
    manage = [sys.executable, "manage.py", "collectstatic", "--noinput", "-v0"]
    subprocess.run(manage, cwd=ROOT, env=env, check=True)
    web = f"-m gunicorn config.wsgi -k gthread -w {workers} --threads {threads} --keep-alive 30"
    web += f" -b 127.0.0.1:{port} --log-level warning"
    live = f"-m uvicorn config.asgi:application --port {live_port} --log-level warning"
    live += " --no-access-log"
    worker = "-m celery -A config worker -Q play -c 2 -l warning -n bench-play@%h"
    servers = [
        subprocess.Popen(
            [sys.executable, *command.split()],
            cwd=ROOT,
            env=env,
            stdout=subprocess.DEVNULL,
            stderr=log,
        )
        for command in (web, live, worker)
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
    from games.engine import all_games

    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--game", action="append", help="a game's slug (again for more); all")
    parser.add_argument("--players", type=int, default=200)
    parser.add_argument("--bot-share", type=float, default=0.5, help="matches against a bot")
    parser.add_argument("--seconds", type=float, default=30)
    parser.add_argument("--warmup", type=float, default=8)
    parser.add_argument("--period", type=float, default=2.0, help="a player's think time, s")
    parser.add_argument("--workers", type=int, default=3)
    parser.add_argument("--threads", type=int, default=8)
    parser.add_argument("--port", type=int, default=8765)
    parser.add_argument("--live-port", type=int, default=8766)
    args = parser.parse_args()
    setup_django()
    slugs = [game.slug for game in all_games()]
    games = slugs if not args.game or "all" in args.game else args.game
    unknown = set(games) - set(slugs)
    if unknown:
        sys.exit(f"No such game: {', '.join(sorted(unknown))} (games: {', '.join(slugs)})")
    log = tempfile.NamedTemporaryFile(  # noqa: SIM115 (the servers write it until the end)
        "w+b", prefix="move_load-", suffix=".log", delete=False
    )
    servers = start_servers(args.port, args.live_port, args.workers, args.threads, log)
    base, live_base = f"http://127.0.0.1:{args.port}", f"http://127.0.0.1:{args.live_port}"
    roots = {
        WEB: servers[0].pid,
        "uvicorn (live streams)": servers[1].pid,
        "Celery worker (clocks)": servers[2].pid,
    }

    def meter() -> dict:
        used = cpu_seconds(roots, {"PostgreSQL": "postgres", "Redis": "redis-server"})
        mine = os.times()  # this process only (the servers are its children)
        log.flush()
        return {**used, "load generator (this)": (mine.user, mine.system),
                "log": (log.name, os.path.getsize(log.name))}  # fmt: skip

    print(f"Move requests under load — {machine()}")
    print(
        f"{args.players} players per game, two a match (Prime Solitaire: one; "
        f"{args.bot_share:.0%} of matches a player against the strongest bot), each moving "
        f"{args.period} s after they may, {args.seconds:.0f} s measured; gunicorn gthread "
        f"{args.workers}×{args.threads} + uvicorn for live streams + a Celery worker (clocks); "
        "PostgreSQL + Redis"
    )
    results = {}
    try:
        probe = asyncio.run(probe_alone(base, 5.0, meter), loop_factory=_loop_factory())
        print(f"The probe alone: {probe * 1000:.2f} ms of web CPU a /healthz/ request")
        for game in games:
            seed = random.randrange(1 << 30)
            players = make_players(game, args.players, seed, args.bot_share)
            stats = asyncio.run(
                run(game, base, live_base, players, args.seconds, args.warmup, args.period,
                    meter),
                loop_factory=_loop_factory(),
            )  # fmt: skip
            results[game] = stats
            close_matches(players)
            report(game, stats, args.seconds, probe)
    finally:
        stop_servers(servers)
        log.close()
        os.unlink(log.name)
    if len(results) > 1:
        overview(results, probe)


def web_cpu(stats: Stats, probe: float) -> float:
    """The web process's CPU seconds for the moves: all it used, less the probe's part."""
    return sum(stats.cpu[WEB]) - probe * len(stats.health)


def report(game: str, stats: Stats, seconds: float, probe: float) -> None:
    print(f"\n## {game}")
    print(HEADER)
    print(summary("baseline: GET /healthz/", stats.health, stats.health_errors))
    print(summary("POST move (htmx, board back)", stats.moves, len(stats.move_errors)))
    print(summary("GET board after a live event", stats.boards, stats.board_errors))
    print(summary("opponent sees the move", stats.seen))
    print(summary("match row lock held", stats.locks))
    rate = len(stats.moves) / seconds
    print(f"moves sent: {len(stats.moves)} ({rate:.1f}/s), of them beaten by a clock: "
          f"{stats.stale}")  # fmt: skip
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
            f"{total * 1000 / moves:7.2f}  {total / seconds:.0%}"
        )
    every = sum(user + system for user, system in stats.cpu.values())
    print(f"  {'all of the above':<28} {'':>7} {'':>7} {every * 1000 / moves:7.2f}")
    net = web_cpu(stats, probe) * 1000
    print(f"web CPU less the probe's {len(stats.health)} requests: {net / moves:.2f} ms a "
          f"child's move; {net / max(1, stats.all_moves):.2f} ms a move of anyone "
          f"({stats.all_moves} moves: children's, bots' and clocks')")  # fmt: skip


def overview(results: dict[str, Stats], probe: float) -> None:
    """One line a game: the figures the targets are about. "web CPU" is the web process's
    CPU per child's move less the probe's part; "any move" divides the same by every move
    made (children's, bots' and clocks'), "raw" is all the web process used per child's move."""
    print("\n## All games (CPU per move in ms; row lock in ms)")
    columns = ("moves", "all moves", "move p50", "move p95", "web CPU", "any move", "raw")
    columns += ("all CPU", "lock p50", "lock p95", "lock p99", "lock max")
    print(f"{'game':<18} " + " ".join(f"{name:>9}" for name in columns))
    for game, stats in results.items():
        moves = max(1, len(stats.moves))
        net = web_cpu(stats, probe) * 1000
        raw = sum(stats.cpu[WEB]) * 1000 / moves
        every = sum(sum(pair) for pair in stats.cpu.values()) * 1000 / moves
        locks = stats.locks
        print(
            f"{game:<18} {len(stats.moves):>9} {stats.all_moves:>9} "
            f"{percentile(stats.moves, 50):>9.1f} {percentile(stats.moves, 95):>9.1f} "
            f"{net / moves:>9.2f} {net / max(1, stats.all_moves):>9.2f} {raw:>9.2f} "
            f"{every:>9.2f} {percentile(locks, 50):>9.2f} {percentile(locks, 95):>9.2f} "
            f"{percentile(locks, 99):>9.2f} {max(locks, default=float('nan')):>9.2f}"
        )


if __name__ == "__main__":
    main()
