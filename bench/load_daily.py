"""The daily puzzle's pages under the load of ``bench/load.py`` (issue 10).

``bench/load.py`` starts :class:`DailyReaders` next to its players and prints their report.
The readers are signed in, so /daily/ shows each one's finished attempt (its share text
and place) and the day's leaderboard its rows: the pages' heaviest path. Today's puzzle
is seeded with ``--daily-attempts`` finished attempts first.
"""

from __future__ import annotations

import argparse
import os
import random
import subprocess
import sys
import threading
import time

from bench.site_under_test import PASSWORD, PYTHON, REQUEST_TIMEOUT_S, Browser, ResponseError
from bench.support import ROOT, figure, goal, percentile, summary

DAILY_GOAL_P50_MS = 20.0
# Readers measure from this long after the warm-up: the players' clock starts only
# once they have all signed up, so the readers' window stays inside theirs.
DAILY_SIGN_UP_ALLOWANCE_S = 5.0
DAILY_SEED_SCRIPT = """
import datetime as dt, random, sys
import django
django.setup()
from django.contrib.auth import get_user_model
from django.contrib.auth.hashers import make_password
from django.utils import timezone
from daily.selectors import utc_today
from daily.services import daily_puzzle_ensure
from daily.models import DailyGame
from games.models import CountsAs, Game, Status

count, readers = int(sys.argv[1]), sys.argv[2:]
puzzle = daily_puzzle_ensure(day=utc_today())
users = get_user_model()
password = make_password(None)
users.objects.bulk_create(users(username=f"daily{n:05}", password=password) for n in range(count))
players = list(users.objects.filter(username__startswith="daily")) + list(
    users.objects.filter(username__in=readers)
)
rng, now = random.Random(2026), timezone.now()
games = []
for player in players:
    won = rng.random() < 0.4
    misses = rng.randint(0, puzzle.max_misses - 1) if won else puzzle.max_misses
    letters = "".join(rng.sample("abcdefghijklmnopqrstuvwxyz", min(26, misses + rng.randint(3, 9))))
    word = "w" * puzzle.length
    games.append(Game(
        player=player, dictionary_id=puzzle.dictionary_id, length=puzzle.length,
        max_misses=puzzle.max_misses, difficulty=puzzle.difficulty, is_ranked=True,
        seeded_ties=True, seed=puzzle.seed, counts_as=CountsAs.ONE_ATTEMPT, letters=letters,
        moves=list(letters),
        pattern=word if won else "-" * puzzle.length, misses=misses,
        status=Status.WON if won else Status.LOST, words_left=1, word=word,
        finished_at=now - dt.timedelta(seconds=rng.uniform(0, 3600)),
    ))
Game.objects.bulk_create(games, batch_size=1000)
DailyGame.objects.bulk_create(
    (DailyGame(game=game, puzzle=puzzle, attempt_by_id=game.player_id) for game in games),
    batch_size=1000,
)
print(f"daily #{puzzle.number}: {len(games)} finished attempts seeded")
"""


def add_daily_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--daily-readers", type=int, default=2, help="signed-in readers of the daily pages"
    )
    parser.add_argument(
        "--daily-attempts",
        type=int,
        default=1000,
        help="finished attempts seeded on today's puzzle",
    )


class DailyReaders:
    """Readers of /daily/ and /daily/leaderboard/ while the players play."""

    def __init__(self, port: int, args: argparse.Namespace, env: dict[str, str]) -> None:
        self.args = args
        self.lock = threading.Lock()
        self.page_ms: list[float] = []
        self.leaderboard_ms: list[float] = []
        self.errors: list[str] = []
        self.browsers = [Browser(port) for _ in range(args.daily_readers)]
        self.usernames = [f"reader{os.getpid()}n{n}" for n in range(args.daily_readers)]
        for browser, username in zip(self.browsers, self.usernames, strict=True):
            browser.expect(browser.request("GET", "/accounts/signup/"), 200, "sign-up form")
            form = {"username": username, "password1": PASSWORD, "password2": PASSWORD}
            browser.expect(browser.request("POST", "/accounts/signup/", form), 302, "sign up")
        seeded = subprocess.run(
            [PYTHON, "-c", DAILY_SEED_SCRIPT, str(args.daily_attempts), *self.usernames],
            cwd=ROOT,
            env=env,
            capture_output=True,
            text=True,
        )
        if seeded.returncode != 0:
            sys.stderr.write(seeded.stdout + seeded.stderr)
            raise SystemExit("seeding today's daily puzzle failed")
        print(seeded.stdout.strip(), flush=True)
        self.threads = [
            threading.Thread(target=self.read, args=(browser, n), daemon=True)
            for n, browser in enumerate(self.browsers)
        ]

    def start(self) -> None:
        now = time.monotonic()
        self.measure_from = now + self.args.warmup + DAILY_SIGN_UP_ALLOWANCE_S
        self.end = now + self.args.warmup + self.args.duration
        for thread in self.threads:
            thread.start()

    def join(self) -> None:
        for thread in self.threads:
            thread.join(timeout=REQUEST_TIMEOUT_S)

    def read(self, browser: Browser, number: int) -> None:
        rng = random.Random(1000 + number)
        pages = (
            ("/daily/", self.page_ms, "Daily puzzle #"),
            ("/daily/leaderboard/", self.leaderboard_ms, "leaderboard"),
        )
        try:
            while time.monotonic() < self.end:
                for path, samples, expected in pages:
                    if self.args.think_ms > 0:
                        time.sleep(self.args.think_ms / 1000 * rng.uniform(0.5, 1.5))
                    measuring = self.measure_from <= time.monotonic() < self.end
                    started = time.perf_counter()
                    response = browser.expect(browser.request("GET", path), 200, path)
                    elapsed_ms = (time.perf_counter() - started) * 1000
                    if expected not in response.body:
                        raise ResponseError(f"{path}: not the daily page ({expected!r} missing)")
                    if measuring:
                        with self.lock:
                            samples.append(elapsed_ms)
        except Exception as error:
            with self.lock:
                self.errors.append(f"daily reader {number}: {error!r}")

    def report(self) -> list[str]:
        print(summary("daily page", self.page_ms))
        print(summary("daily leaders", self.leaderboard_ms))
        for error in self.errors[:10]:
            print(f"  error: {error}")
        both = self.page_ms + self.leaderboard_ms
        if both:
            p50_page = percentile(self.page_ms, 0.5) if self.page_ms else float("nan")
            p50_leaderboard = (
                percentile(self.leaderboard_ms, 0.5) if self.leaderboard_ms else float("nan")
            )
            met = max(p50_page, p50_leaderboard) < DAILY_GOAL_P50_MS and not self.errors
            print(f"daily page p50 {p50_page:.1f} ms, leaderboard p50 {p50_leaderboard:.1f} ms")
            figure("daily page p50", p50_page, "ms")
            figure("daily leaderboard p50", p50_leaderboard, "ms")
            goal(f"daily page and its leaderboard p50 < {DAILY_GOAL_P50_MS:g} ms each", met)
        else:
            print(
                "daily pages: no sample measured (is --duration longer than "
                f"{DAILY_SIGN_UP_ALLOWANCE_S:g} s?)"
            )
        return self.errors
