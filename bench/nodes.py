"""Two app nodes, one database: every request of the same games goes to either, in turn.

Creates a throwaway PostgreSQL database ``evil_nodes_<pid>`` (server from
DATABASE_URL, default the local PostgreSQL), prepares it as ``bench/load.py``
does, and starts two gunicorn instances on two loopback ports, standing for two
machines behind a load balancer that keeps no sticky sessions. ``--players``
simulated players (threads, ``bench/fleet.py``) sign up and play whole ranked
games for ``--duration`` seconds, each request going to the other node than
the one before: the sign-up, the new-game form, the start, the board and
every guess. Nothing of a game or a session may live in one node's memory.

Then every game in the database is checked against ``games.engine.replay``
(the word-maker re-run from the letters; each stored move and the final state
compared) and against what the players were told: no acknowledged guess lost,
none applied twice, no game half-written, no request failed.

Last, a third node is started cold (its word bank empty) and a game is played
on from a warm node onto it: its first guess of a word length builds that
length's lexicon from the database, so it is slower, and must still be right.

    .venv/bin/python bench/nodes.py [--players 20] [--duration 20] [--workers 1]

The last line is ``nodes: <g> games, <r> requests over 2 nodes (<a> + <b>),
failed <f>, lost <l>, doubled <d>, half-written <h>; cold node's first guess
<c> ms = <k>x a warm node's <w> ms``.

It exits 1 on a failed request, an error, or a game that disagrees with its replay or
with what its player was told: results, not times, so ``--quick`` (what CI runs) keeps
them. The cold node's times are reported only.
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import tempfile
import time
from contextlib import ExitStack
from pathlib import Path
from urllib.parse import urlsplit

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.fleet import CheckReport, Fleet, NodeBrowser, check_games, expected_guesses, run_fleet
from bench.site_under_test import (
    GAME_PATH,
    HOST,
    ResponseError,
    gunicorn,
    prepare,
    server_environment,
)
from bench.support import goal, setup_django, throwaway_database

DEFAULT_DATABASE_URL = "postgres://postgres@127.0.0.1:5432/postgres"
COLD_LENGTHS = (6, 9, 12)  # 9 is web2's largest bucket (28,840 words)
COLD_LETTERS = "esiarn"


def parse_args() -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--players", type=int, default=20)
    parser.add_argument("--duration", type=float, default=20.0, help="seconds of play")
    parser.add_argument("--workers", type=int, default=1, help="gunicorn workers per node")
    parser.add_argument("--think-ms", type=float, default=20.0, help="pause between guesses")
    parser.add_argument(
        "--quick", action="store_true", help="4 players for 4 seconds (CI: it still works)"
    )
    args = parser.parse_args()
    if args.quick:
        args.players, args.duration = 4, 4.0
    if args.players < 1 or args.duration <= 0 or args.workers < 1 or args.think_ms < 0:
        parser.error("--players, --duration and --workers must be positive")
    return args


def main() -> None:
    args = parse_args()
    database_url = os.environ.get("DATABASE_URL") or DEFAULT_DATABASE_URL
    with ExitStack() as stack:
        url = stack.enter_context(
            throwaway_database(
                database_url,
                prefix="evil_nodes",
                refusal="bench/nodes.py runs on PostgreSQL: set DATABASE_URL=postgres://...",
            )
        )
        static_root = stack.enter_context(tempfile.TemporaryDirectory(prefix="evil_nodes_"))
        env = server_environment(url, static_root=Path(static_root))
        print(f"preparing {urlsplit(url).path.lstrip('/')}: migrate, import web2...", flush=True)
        prepare(env)
        ports = [stack.enter_context(gunicorn(env, workers=args.workers, threads=1)) for _ in "ab"]
        print(
            f"nodes on {HOST}:{ports[0]} and {HOST}:{ports[1]} ({args.workers} worker(s) each); "
            f"{args.players} players for {args.duration:g} s, requests alternating",
            flush=True,
        )
        fleet = Fleet(ports=ports, think_s=args.think_ms / 1000)

        def play() -> None:
            fleet.stop_at = time.monotonic() + args.duration
            fleet.give_up_at = fleet.stop_at + 30
            time.sleep(args.duration)

        run_fleet(fleet, args.players, during=play)
        cold = stack.enter_context(gunicorn(env, workers=1, threads=1))
        timings = cold_node_timings(warm_port=ports[0], cold_port=cold)
        setup_django(url)
        report = check_games(fleet.ledgers)
    report_run(fleet, report, timings)


def cold_node_timings(*, warm_port: int, cold_port: int) -> dict[int, tuple[float, float]]:
    """Per word length: the cold node's first guess and the median warm guess, in ms.

    One player, one request at a time: a game is started and guessed on the warm
    node, then a guess goes to the cold node (its Django already answered a
    page, so only the lexicon is missing), then more to both.
    """
    browser = NodeBrowser([warm_port])
    dictionary_id = browser.sign_up(f"cold{os.getpid()}")
    timings: dict[int, tuple[float, float]] = {}
    cold_browser = NodeBrowser([cold_port])
    cold_browser.cookies = browser.cookies  # the same player, now sent to the cold node
    cold_browser.expect(cold_browser.request("GET", "/ping/"), 200, "cold node's first page")
    for length in COLD_LENGTHS:
        response = browser.request(
            "POST",
            "/games/new/",
            {"dictionary": dictionary_id, "length": length, "max_misses": 26, "difficulty": "hard"},
        )
        browser.expect(response, 302, "start")
        path = urlsplit(response.headers["location"]).path
        if GAME_PATH.match(path) is None:
            raise ResponseError(f"start: {path}")
        warm: list[float] = []
        cold_first = 0.0
        for number, letter in enumerate(COLD_LETTERS):
            node = cold_browser if number == 2 else browser
            started = time.perf_counter()
            response = node.request(
                "POST",
                f"{path}guess/",
                {"letter": letter, "expected_guesses": number},
                headers={"HX-Request": "true"},
            )
            elapsed = (time.perf_counter() - started) * 1000
            node.expect(response, 200, f"guess {letter!r}")
            if "notice-error" in response.body or expected_guesses(response.body) != number + 1:
                raise ResponseError(f"guess {letter!r} on the cold node was not taken")
            if number == 2:
                cold_first = elapsed
            elif number > 0:  # the warm node's first guess of a length was cold too
                warm.append(elapsed)
        timings[length] = (cold_first, statistics.median(warm))
        browser.expect(browser.request("POST", f"{path}forfeit/", {}), 302, "forfeit")
    return timings


def report_run(fleet: Fleet, report: CheckReport, timings: dict[int, tuple[float, float]]) -> None:
    requests = fleet.requests_per_node  # type: ignore[attr-defined]
    print(f"games checked against their replay: {report.games} ({report.moves} moves)")
    for line in report.differing[:10]:
        print(f"  differs: {line}")
    print(f"failed requests: {len(fleet.failures)}")
    for failure in fleet.failures[:10]:
        print(f"  {failure.what}: {failure.detail}")
    for error in fleet.errors[:10]:
        print(f"  error: {error}")
    print("cold node (its word bank empty) vs warm, one guess, by word length:")
    for length, (cold, warm) in timings.items():
        print(
            f"  length {length:>2}: cold {cold:7.1f} ms, warm {warm:6.1f} ms ({cold / warm:.1f}x)"
        )
    worst = max(timings, key=lambda length: timings[length][0])
    cold, warm = timings[worst]
    ok = not fleet.failures and not fleet.errors and not report.differing
    goal("no failure, every game as its replay, nothing lost or doubled", ok)
    print(
        f"nodes: {report.games} games, {sum(requests)} requests over 2 nodes "
        f"({requests[0]} + {requests[1]}), failed {len(fleet.failures)}, "
        f"lost {report.lost}, doubled {report.doubled}, half-written {report.half_written}; "
        f"cold node's first guess {cold:.1f} ms = {cold / warm:.1f}x a warm node's {warm:.1f} ms"
    )
    if not ok:
        sys.exit(1)


if __name__ == "__main__":
    from support import run_bench  # bench/ is on the path of a script run from it

    run_bench(main, __file__)
