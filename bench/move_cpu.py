"""Where a move's web CPU goes, in one process, without load: per game, the CPU time and
the database queries of a move (the mover's POST, answered with their board) and of the
board the other player then fetches (GET with ?v=, as htmx does after a live update).

bench/move_load.py measures the same requests under load, through gunicorn; this one runs
them through Django's test client in this process, one at a time, so the figures barely
move from run to run and `--profile` can say which functions the time goes to.

Run (PostgreSQL and Redis must be up):
  DATABASE_URL=postgres://postgres@127.0.0.1:5432/factorium_bench \
  REDIS_URL=redis://127.0.0.1:6379/14 .venv/bin/python bench/move_cpu.py \
  [--game all] [--moves 200] [--profile 25]

Target (issue 31): CPU per move ≤ 10 ms in the web process, that is the POST and the board
fetch together.
"""

import argparse
import cProfile
import os
import pstats
import random
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bench._common import machine, percentile  # noqa: E402
from bench.move_load import (  # noqa: E402
    Match,
    choose,
    close_matches,
    make_players,
    post_data,
    setup_django,
)


def measure(game: str, moves: int, seed: int, profile: cProfile.Profile | None):
    """(POST CPU ms list, board GET CPU ms list, queries per POST, queries per GET)."""
    from django.db import connection
    from django.test import Client
    from django.test.utils import CaptureQueriesContext

    from games.models import Match as Row

    post_cpu, get_cpu, post_queries, get_queries = [], [], [], []
    rng = random.Random(seed)
    # A match per 6 moves: each player stays under the moves-per-minute limit.
    players = make_players(game, 2 * max(1, moves // 6), seed, bot_share=0.0)
    by_match: dict[int, list[dict]] = {}
    for player in players:
        by_match.setdefault(player["match"], []).append(player)
    clients = {}
    for player in players:
        client = Client(enforce_csrf_checks=False)
        client.cookies["sessionid"] = player["session"]
        client.get(f"/matches/{player['match']}/")  # warm: the page, templates, caches
        clients[player["match"], player["seat"]] = client
    made = 0
    while made < moves:
        progressed = False
        for match_id, seats in by_match.items():
            row = Row.objects.values("status", "version", "state").get(pk=match_id)
            if row["status"] != "playing":
                continue
            match = Match(game, len(seats), row["version"])
            picked = choose(match, row["state"], rng, {p["seat"] for p in seats})
            if picked is None:
                continue
            seat, move = picked
            data = {}
            for key, value in [*post_data(move), ("version", str(row["version"]))]:
                data.setdefault(key, []).append(value)
            mover = clients[match_id, seat]
            with CaptureQueriesContext(connection) as queries:
                if profile:
                    profile.enable()
                started = time.process_time()
                response = mover.post(f"/matches/{match_id}/move/", data, HTTP_HX_REQUEST="true")
                spent = time.process_time() - started
                if profile:
                    profile.disable()
            if response.status_code != 200:
                continue
            post_cpu.append(spent * 1000)
            post_queries.append(len(queries))
            for other in seats:
                if other["seat"] == seat:
                    continue
                watcher = clients[match_id, other["seat"]]
                url = f"/matches/{match_id}/board/?v={row['version']}"
                with CaptureQueriesContext(connection) as queries:
                    if profile:
                        profile.enable()
                    started = time.process_time()
                    watcher.get(url, HTTP_HX_REQUEST="true")
                    spent = time.process_time() - started
                    if profile:
                        profile.disable()
                get_cpu.append(spent * 1000)
                get_queries.append(len(queries))
            made += 1
            progressed = True
            if made >= moves:
                break
        if not progressed:
            break  # every match is over or waits for a clock
    close_matches(players)
    return post_cpu, get_cpu, post_queries, get_queries


def main() -> None:
    from games.engine.registry import all_games

    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default="all", help="a game's slug, or all (default)")
    parser.add_argument("--moves", type=int, default=200, help="moves measured per game")
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--profile", type=int, default=0, help="print the N costliest functions")
    parser.add_argument("--sort", default="cumulative", help="profile order: cumulative, tottime")
    parser.add_argument("--repeat", type=int, default=3, help="runs a game; the lowest is shown")
    args = parser.parse_args()
    slugs = [game.slug for game in all_games()] if args.game == "all" else [args.game]
    print("# Web CPU per move, in process", machine(), sep="\n")
    print(f"{'game':<26}{'moves':>6}{'POST p50':>10}{'GET p50':>9}{'move':>8}{'q/POST':>8}"
          f"{'q/GET':>7}")  # fmt: skip
    for slug in slugs:
        profile = cProfile.Profile(time.process_time) if args.profile else None  # CPU, not waits
        runs = []  # (moves, POST p50, GET p50, per move, queries per POST, per GET) a run
        for run in range(args.repeat):
            post, get, post_q, get_q = measure(slug, args.moves, args.seed + run, profile)
            if not post:
                continue
            each = sum(post) / len(post) + sum(get) / len(post)  # the POST and its boards
            queries = (sum(post_q) / len(post_q), sum(get_q) / max(1, len(get_q)))
            get50 = percentile(get, 50) if get else 0
            runs.append((len(post), percentile(post, 50), get50, each, *queries))
        if not runs:
            print(f"{slug:<26} no move was made")
            continue
        best = [min(column) for column in zip(*runs, strict=True)]
        moves, post50, get50, each, post_q, get_q = best
        print(f"{slug:<26}{moves:>6}{post50:>10.1f}{get50:>9.1f}{each:>8.1f}"
              f"{post_q:>8.1f}{get_q:>7.1f}")  # fmt: skip
        if profile:
            pstats.Stats(profile).sort_stats(args.sort).print_stats(args.profile)
    print("\n'move' is the mean CPU ms of a POST plus the board fetches it causes; each figure is")
    print("the lowest of --repeat runs (a VM's CPU time varies by a third from run to run).")


if __name__ == "__main__":
    # As deployed (bench/move_load.py's servers), and the test client's host allowed.
    os.environ.update(DEBUG="0", HTTPS="0", ALLOWED_HOSTS="testserver", LOCK_LOG_LEVEL="WARNING")
    setup_django()
    from django.core.management import call_command

    call_command("collectstatic", "--noinput", verbosity=0)
    main()
