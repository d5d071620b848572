"""Memory per worker with three large dictionaries in use, without and with the byte bound.

Creates a throwaway PostgreSQL database ``evil_memory_<pid>`` (server from
DATABASE_URL, default the local PostgreSQL), migrates it, collects static
files, and stores three dictionaries of ``--words`` random words each, spread
evenly over the lengths 5 to 10 (the words are made up: what a lexicon weighs
depends on how many words of which length, not on which). First it prints what
the word bank charges a lexicon per word at each length (its measured bytes and
its search tables) against what building one costs the process in RSS.

Then it starts gunicorn (``--workers``) twice: without a bound
(``LEXICON_CACHE_MB`` so large that nothing leaves, as with the old count of 64
lexicons) and with ``--bound`` MB. In each run, as many players as workers each
start an unranked fiendish game of every length 5-10 on every dictionary and
guess one letter (the lexicon built, then its search tables), ``--rounds``
times over, so that every worker sees every (dictionary, length). A sampler
reads each worker's RSS from /proc every 0.2 s; reported per run: the median and
the largest worker's peak, and the RSS at the end.

    .venv/bin/python bench/memory.py [--words 2300000] [--bound 256] [--workers 2]

The last lines are ``memory: RSS per worker (median of peaks) <a> MB unbounded ->
<b> MB with LEXICON_CACHE_MB=<n> (<r>x less); largest worker <m> MB`` and the goal,
``goal: largest worker <= <n + 150> MB: met`` (bench/support.py's goal lines).

``--quick`` (CI): 150,000 words a dictionary, a 32 MB bound, one round.
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from contextlib import ExitStack
from dataclasses import dataclass, field
from pathlib import Path
from urllib.parse import urlsplit

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.fleet import NodeBrowser
from bench.site_under_test import PYTHON, ResponseError, gunicorn_process, server_environment
from bench.support import (
    ROOT,
    child_pids,
    copy_rows,
    figure,
    rss_bytes,
    setup_django,
    signed_in_cookies,
    throwaway_database,
)
from bench.support import (
    goal as report_goal,
)

DEFAULT_DATABASE_URL = "postgres://postgres@127.0.0.1:5432/postgres"
LENGTHS = range(5, 11)
DICTIONARIES = 3
HEADROOM_MB = 150  # the goal: a worker's RSS at most the bound plus this
UNBOUNDED_MB = 1_000_000
MB = 2**20
SAMPLE_S = 0.2


def parse_args() -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--words", type=int, default=2_300_000, help="words per dictionary")
    parser.add_argument("--bound", type=int, default=256, help="LEXICON_CACHE_MB of the run")
    parser.add_argument("--workers", type=int, default=2, help="gunicorn workers")
    parser.add_argument("--rounds", type=int, default=2, help="times every board is played")
    parser.add_argument("--quick", action="store_true", help="150,000 words, 32 MB, one round (CI)")
    args = parser.parse_args()
    if args.quick:
        args.words, args.bound, args.rounds = 150_000, 32, 1
    if args.words < len(LENGTHS) or args.bound < 0 or args.workers < 1 or args.rounds < 1:
        parser.error("--words, --workers and --rounds must be positive, --bound >= 0")
    return args


def random_words(count: int, length: int, seed: int) -> list[str]:
    """``count`` distinct random a-z words of ``length`` letters."""
    rng = np.random.default_rng(seed)
    words: set[str] = set()
    while len(words) < count:
        letters = rng.integers(97, 123, size=(count - len(words), length), dtype=np.uint8)
        words.update(row.tobytes().decode() for row in letters)
    return sorted(words)


def store_dictionaries(words: int) -> list[int]:
    from django.db import connection

    from dictionaries.models import Dictionary, Word

    ids = []
    for number in range(DICTIONARIES):
        dictionary = Dictionary.objects.create(
            name=f"Large {number + 1}", slug=f"large-{number + 1}", word_count=words
        )
        per_length = words // len(LENGTHS)
        for length in LENGTHS:
            bucket = random_words(per_length, length, seed=number * 100 + length)
            copy_rows(
                Word,
                ["dictionary_id", "text", "length"],
                ((dictionary.pk, w, length) for w in bucket),
            )
        ids.append(dictionary.pk)
    with connection.cursor() as cursor:
        cursor.execute("ANALYZE dictionaries_word")
    return ids


def measured_cost(dictionary_id: int) -> list[str]:
    """Per length: the bytes a word the word bank charges (the lexicon, its search tables)."""
    from dictionaries.models import Word
    from dictionaries.wordbank import (
        lexicon_base_bytes,
        measured_table_bytes,
        predicted_table_bytes,
    )
    from games.engine import Lexicon
    from games.engine.search import search_tables

    lines = [f"{'length':>6} {'words':>9} {'lexicon B/word':>15} {'tables B/word':>14}"]
    for length in LENGTHS:
        lexicon = Lexicon(
            Word.objects.filter(dictionary_id=dictionary_id, length=length).values_list(
                "text", flat=True
            )
        )
        predicted = predicted_table_bytes(lexicon)
        search_tables(lexicon)
        tables = max(predicted, measured_table_bytes(lexicon) or 0)
        lines.append(
            f"{length:>6} {len(lexicon):>9,} {lexicon_base_bytes(lexicon) / len(lexicon):>15.0f} "
            f"{tables / len(lexicon):>14.0f}"
        )
        lexicon.search_cache.clear()
    return lines


@dataclass
class Sampler:
    masters: list[int]
    peaks: dict[int, int] = field(default_factory=dict)
    stop: threading.Event = field(default_factory=threading.Event)

    def run(self) -> None:
        while not self.stop.is_set():
            self.sample()
            time.sleep(SAMPLE_S)

    def sample(self) -> dict[int, int]:
        now: dict[int, int] = {}
        for master in self.masters:
            for pid in child_pids(master):
                try:
                    now[pid] = rss_bytes(pid)
                except (FileNotFoundError, LookupError):  # a worker that just exited
                    continue
                self.peaks[pid] = max(self.peaks.get(pid, 0), now[pid])
        return now


def play_every_board(
    port: int, cookies: dict[str, str], dictionaries: list[int], rounds: int, errors: list[str]
) -> None:
    browser = NodeBrowser([port])
    browser.cookies = dict(cookies)
    try:
        browser.expect(browser.request("GET", "/games/new/"), 200, "new-game form")
        for _ in range(rounds):
            for dictionary in dictionaries:
                for length in LENGTHS:
                    response = browser.request(
                        "POST",
                        "/games/new/",
                        {
                            "dictionary": dictionary,
                            "length": length,
                            "max_misses": 8,
                            "difficulty": "fiendish",
                            "show_word_count": "on",  # unranked, as the player
                        },
                    )
                    browser.expect(response, 302, "start")
                    path = urlsplit(response.headers["location"]).path
                    answer = browser.request(
                        "POST",
                        f"{path}guess/",
                        {"letter": "e", "expected_guesses": 0},
                        headers={"HX-Request": "true"},
                    )
                    browser.expect(answer, 200, "guess")
    except (ResponseError, OSError) as error:
        errors.append(str(error))


@dataclass
class Result:
    label: str
    idle_mb: list[float]  # each worker after one page, before any word list
    peaks_mb: list[float]
    end_mb: list[float]
    seconds: float
    errors: list[str]


def run(
    env: dict[str, str],
    args: argparse.Namespace,
    dictionaries: list[int],
    *,
    bound: int,
    label: str,
) -> Result:
    node_env = {**env, "LEXICON_CACHE_MB": str(bound)}
    cookies = signed_in_cookies([f"mem-{bound}-{n}" for n in range(args.workers)])
    errors: list[str] = []
    with gunicorn_process(node_env, workers=args.workers, threads=1) as (port, master):
        sampler = Sampler([master.pid])
        for jar in cookies:
            idle = NodeBrowser([port])
            idle.cookies = dict(jar)
            idle.expect(idle.request("GET", "/games/new/"), 200, "new-game form")
        idle_mb = sorted(value / MB for value in sampler.sample().values())
        watcher = threading.Thread(target=sampler.run, daemon=True)
        watcher.start()
        started = time.monotonic()
        players = [
            threading.Thread(
                target=play_every_board, args=(port, jar, dictionaries, args.rounds, errors)
            )
            for jar in cookies
        ]
        for player in players:
            player.start()
        for player in players:
            player.join()
        seconds = time.monotonic() - started
        end = sampler.sample()
        sampler.stop.set()
        watcher.join()
    return Result(
        label=label,
        idle_mb=idle_mb,
        peaks_mb=sorted(value / MB for value in sampler.peaks.values()),
        end_mb=sorted(value / MB for value in end.values()),
        seconds=seconds,
        errors=errors,
    )


def prepare(env: dict[str, str]) -> None:
    for command in (
        ["migrate", "--no-input", "-v", "0"],
        ["collectstatic", "--no-input", "-v", "0"],
    ):
        done = subprocess.run(
            [PYTHON, "manage.py", *command], cwd=ROOT, env=env, capture_output=True, text=True
        )
        if done.returncode != 0:
            sys.stderr.write(done.stdout + done.stderr)
            raise SystemExit(f"manage.py {command[0]} failed with status {done.returncode}")


def main() -> None:
    args = parse_args()
    database_url = os.environ.get("DATABASE_URL") or DEFAULT_DATABASE_URL
    with ExitStack() as stack:
        url = stack.enter_context(
            throwaway_database(
                database_url,
                prefix="evil_memory",
                refusal="bench/memory.py runs on PostgreSQL: set DATABASE_URL=postgres://...",
            )
        )
        static_root = stack.enter_context(tempfile.TemporaryDirectory(prefix="evil_memory_"))
        env = server_environment(url, static_root=Path(static_root))
        env["RATE_LIMITS_ENABLED"] = "0"
        name = urlsplit(url).path.lstrip("/")
        print(f"preparing {name}: migrate, {DICTIONARIES} x {args.words:,} words...", flush=True)
        prepare(env)
        os.environ["DJANGO_SECRET_KEY"] = env["DJANGO_SECRET_KEY"]  # the servers' sessions
        setup_django(url)
        dictionaries = store_dictionaries(args.words)
        print("what a lexicon weighs (its search tables built), first dictionary:")
        for line in measured_cost(dictionaries[0]):
            print(f"  {line}")
        results = [
            run(env, args, dictionaries, bound=UNBOUNDED_MB, label="unbounded"),
            run(env, args, dictionaries, bound=args.bound, label=f"LEXICON_CACHE_MB={args.bound}"),
        ]
    report(results, args)


def report(results: list[Result], args: argparse.Namespace) -> None:
    print(
        f"{args.workers} worker(s), each player: {DICTIONARIES} dictionaries x lengths "
        f"{LENGTHS[0]}-{LENGTHS[-1]}, {args.rounds} round(s)"
    )
    for result in results:
        print(
            f"  {result.label:<24} peak RSS per worker: median "
            f"{statistics.median(result.peaks_mb):7.1f} MB, "
            f"largest {max(result.peaks_mb):7.1f} MB; at the end median "
            f"{statistics.median(result.end_mb):7.1f} MB; idle before "
            f"{statistics.median(result.idle_mb):5.1f} MB; {result.seconds:.1f} s"
        )
        for error in result.errors[:5]:
            print(f"    error: {error}")
    before, after = (statistics.median(result.peaks_mb) for result in results)
    bound = args.bound + HEADROOM_MB
    largest = max(results[1].peaks_mb)
    ok = largest <= bound and not any(result.errors for result in results)
    print(
        f"memory: RSS per worker (median of peaks) {before:.0f} MB unbounded -> {after:.0f} MB "
        f"with LEXICON_CACHE_MB={args.bound} ({before / after:.1f}x less); largest worker "
        f"{largest:.0f} MB"
    )
    figure("largest worker RSS, bounded", largest, "MB")
    report_goal(f"largest worker <= {bound} MB", ok)
    if any(result.errors for result in results):
        sys.exit(1)


if __name__ == "__main__":
    from support import run_bench  # bench/ is on the path of a script run from it

    run_bench(main, __file__)
