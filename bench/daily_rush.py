"""The daily rush: many players start today's puzzle within a minute, against two nodes.

Creates a throwaway PostgreSQL database ``evil_rush_<pid>`` (server from
DATABASE_URL, default the local PostgreSQL), prepares it as ``bench/load.py``
does (migrate, the default dictionary, static files) and draws today's daily
puzzle. The daily is always fiendish (``daily/draw.py``), the word-maker that
searches ahead, so nothing has to be forced; its length and wrong guesses
allowed come from the date, so the figures change a little from day to day.

The rush runs three times, on two gunicorn nodes (``--workers`` each) behind
no load balancer: each player's requests go to the nodes in turn. First with
``DAILY_SHARED_ANSWERS=0`` (every guess runs the word-maker), then with the
shared answers (the first player at a position runs it and stores it, every
other player on any node reads it), last with the shared answers after
``manage.py prepare_daily --depth <--prepare-depth>`` searched the first
positions. The answers stored are deleted between runs, so each starts with
none. Each run has its own ``--players`` players, signed in beforehand (their
sessions written in the database: a password hash each would only measure
PBKDF2), who arrive at random within ``--arrival`` seconds, open the daily
page, start the attempt, load the board and guess, ``--think-ms`` (+-50 %)
between guesses, until the game is over.
Their letters follow one of three popular orders (``OPENERS``: the word
list's letter frequency for half of them, English text's "etaoin shrdlu",
vowels first) with some variation: each neighbouring pair is swapped with
probability ``--variation``, so openings are shared and lines fan out later,
as real players' do. The fewer searches depend on that model: ``--variation
0.15`` makes every line its own after a few guesses.

Before each run each node plays one unranked fiendish game of the puzzle's
length, so every run starts with the word list loaded and its search tables
built. Reported per run: guesses, word-maker searches (moves with a lookahead
search, counted in the database: the searched moves without the table, the
stored answers that searched with it), searches per guess, guess p50/p99, and
the CPU time the nodes' workers spent over the rush per guess (from /proc: the
machine's other load stretches the latencies, much less the CPU time).

    .venv/bin/python bench/daily_rush.py [--players 100] [--arrival 60] [--think-ms 1500]

The last line is ``daily rush: searches per guess <a> -> <b> (<r>x fewer), guess p50
<x> -> <y> ms, p99 <u> -> <v> ms (prepared: <w> ms), nodes' CPU per guess <c> -> <d>
ms``. Goals: at least 5x fewer searches, p99 <= 300 ms.

``--quick`` (CI) is a smoke run: 20 players within 5 s, 1 s of thinking.
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import sys
import tempfile
import threading
import time
from contextlib import ExitStack
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.fleet import NodeBrowser, expected_guesses, notice_text
from bench.site_under_test import (
    GAME_PATH,
    HOST,
    LETTER_ORDER,
    ResponseError,
    gunicorn_process,
    prepare,
    server_environment,
)
from bench.support import (
    child_pids,
    cpu_seconds,
    goal,
    percentile,
    setup_django,
    signed_in_cookies,
    throwaway_database,
)

DEFAULT_DATABASE_URL = "postgres://postgres@127.0.0.1:5432/postgres"
GOAL_FEWER_SEARCHES = 5.0
GOAL_P99_MS = 300.0


def parse_args() -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--players", type=int, default=100, help="players per run")
    parser.add_argument("--arrival", type=float, default=60.0, help="seconds they arrive within")
    parser.add_argument("--think-ms", type=float, default=1500.0, help="pause between guesses")
    parser.add_argument("--variation", type=float, default=0.05, help="swap odds per letter pair")
    parser.add_argument("--workers", type=int, default=1, help="gunicorn workers per node")
    parser.add_argument(
        "--prepare-depth", type=int, default=1, help="prepare_daily's depth in the third run"
    )
    parser.add_argument("--seed", type=int, default=16, help="the players' random choices")
    parser.add_argument(
        "--quick", action="store_true", help="20 players within 5 s (CI: it still works)"
    )
    args = parser.parse_args()
    if args.quick:
        args.players, args.arrival, args.think_ms = 20, 5.0, 1000.0
    if args.players < 1 or args.arrival < 0 or args.think_ms < 0 or args.workers < 1:
        parser.error("--players and --workers must be positive, --arrival and --think-ms >= 0")
    if not 0 <= args.variation <= 1:
        parser.error("--variation is a probability, 0 to 1")
    return args


@dataclass
class Run:
    label: str
    shared: bool
    prefix: str  # its players' user names start with it
    prepare_depth: int = 0  # prepare_daily's depth before the rush (0: not prepared)
    prepared: int = 0  # positions searched by it
    guess_ms: list[float] = field(default_factory=list)
    failures: list[str] = field(default_factory=list)
    games_over: int = 0
    searches: int = 0
    guesses: int = 0
    cpu_s: float = 0.0  # the nodes' workers, over the rush (not the warm-up)
    lock: threading.Lock = field(default_factory=threading.Lock)


# The orders players start from, and how many start from each: the word list's letter
# frequency (the site's own), English text's ("etaoin shrdlu"), and vowels first.
OPENERS = (
    (LETTER_ORDER, 0.5),
    ("etaoinshrdlucmfwypvbgkjqxz", 0.3),
    ("aeiousrtnlcdpmhgbfywkvxzjq", 0.2),
)


def player_letters(rng: random.Random, variation: float) -> list[str]:
    """An opener's order, each neighbouring pair swapped with probability ``variation``."""
    orders, weights = zip(*OPENERS, strict=True)
    letters = list(rng.choices(orders, weights=weights)[0])
    for index in range(len(letters) - 1):
        if rng.random() < variation:
            letters[index], letters[index + 1] = letters[index + 1], letters[index]
    return letters


def warm_up(ports: list[int], cookies: list[dict[str, str]], puzzle: Any) -> None:
    """Each node loads the puzzle's word list and builds its search tables (one game each)."""
    for port, jar in zip(ports, cookies, strict=True):
        browser = NodeBrowser([port])
        browser.cookies = dict(jar)
        browser.expect(browser.request("GET", "/games/new/"), 200, "warm-up: new-game form")
        response = browser.request(
            "POST",
            "/games/new/",
            {
                "dictionary": puzzle.dictionary_id,
                "length": puzzle.length,
                "max_misses": puzzle.max_misses,
                "difficulty": "fiendish",
                "show_word_count": "on",  # unranked: nothing to forfeit, no leaderboard
            },
        )
        browser.expect(response, 302, "warm-up: start")
        path = urlsplit(response.headers["location"]).path
        for number, letter in enumerate("es"):
            answer = browser.request(
                "POST",
                f"{path}guess/",
                {"letter": letter, "expected_guesses": number},
                headers={"HX-Request": "true"},
            )
            browser.expect(answer, 200, "warm-up: guess")


class RushPlayer(threading.Thread):
    def __init__(
        self,
        *,
        run: Run,
        ports: list[int],
        cookies: dict[str, str],
        arrive_at: float,
        letters: list[str],
        think_s: float,
        rng: random.Random,
        number: int,
    ) -> None:
        super().__init__(daemon=True)
        self.run_ = run
        self.browser = NodeBrowser(ports, first=rng.randrange(len(ports)))
        self.browser.cookies = dict(cookies)
        self.arrive_at = arrive_at
        self.letters = letters
        self.think_s = think_s
        self.rng = rng
        self.puzzle_number = number

    def run(self) -> None:
        try:
            time.sleep(max(0.0, self.arrive_at - time.monotonic()))
            self.play()
        except (ResponseError, OSError) as error:
            with self.run_.lock:
                self.run_.failures.append(str(error))

    def play(self) -> None:
        browser = self.browser
        browser.expect(browser.request("GET", "/daily/"), 200, "daily page")
        response = browser.request("POST", "/daily/start/", {"number": self.puzzle_number})
        browser.expect(response, 302, "start the daily")
        path = urlsplit(response.headers["location"]).path
        if GAME_PATH.match(path) is None:
            raise ResponseError(f"start the daily: redirected to {path}")
        board = browser.expect(browser.request("GET", path), 200, "board").body
        expected = expected_guesses(board)
        for letter in self.letters:
            time.sleep(self.think_s * self.rng.uniform(0.5, 1.5))
            started = time.perf_counter()
            response = browser.request(
                "POST",
                f"{path}guess/",
                {"letter": letter, "expected_guesses": expected},
                headers={"HX-Request": "true", "HX-Current-URL": f"http://{HOST}{path}"},
            )
            elapsed = (time.perf_counter() - started) * 1000
            browser.expect(response, 200, f"guess {letter!r}")
            if "notice-error" in response.body:
                raise ResponseError(f"guess {letter!r} refused: {notice_text(response.body)}")
            with self.run_.lock:
                self.run_.guess_ms.append(elapsed)
            if 'id="game-over"' in response.body:
                with self.run_.lock:
                    self.run_.games_over += 1
                return
            expected = expected_guesses(response.body)
        raise ResponseError(f"{path}: 26 letters guessed and the game is not over")


def workers_cpu_seconds(masters: list[int]) -> float:
    return sum(cpu_seconds(pid) for master in masters for pid in child_pids(master))


def rush(
    run: Run, ports: list[int], args: argparse.Namespace, puzzle: Any, *, workers: list[int]
) -> None:
    rng = random.Random(f"{args.seed}:{run.label}")
    cookies = signed_in_cookies([f"{run.prefix}{n}" for n in range(args.players)])
    warm_up(ports, signed_in_cookies([f"warm-{run.prefix}{port}" for port in ports]), puzzle)
    cpu_before = workers_cpu_seconds(workers)
    line_rng = random.Random(args.seed)  # every run: the same players' lines
    start = time.monotonic() + 0.5
    players = [
        RushPlayer(
            run=run,
            ports=ports,
            cookies=jar,
            arrive_at=start + rng.uniform(0, args.arrival),
            letters=player_letters(line_rng, args.variation),
            think_s=args.think_ms / 1000,
            rng=random.Random(rng.random()),
            number=puzzle.number,
        )
        for jar in cookies
    ]
    for player in players:
        player.start()
    for player in players:
        player.join()
    run.cpu_s = workers_cpu_seconds(workers) - cpu_before


def searched_answers(puzzle: Any) -> int:
    """Stored answers whose word-maker searched (more than one family to choose from)."""
    from daily.models import DailyAnswer

    answers = DailyAnswer.objects.filter(puzzle=puzzle).values_list("answer", flat=True)
    return sum(1 for answer in answers if answer["search_nodes"] is not None)


def count_searches(run: Run, puzzle: Any, *, stored_before: int) -> None:
    """Word-maker searches and guesses of the run, from the database."""
    from games.models import Move

    moves = Move.objects.filter(
        game__daily_link__puzzle=puzzle, game__player__username__startswith=run.prefix
    )
    run.guesses = moves.count()
    if run.shared:
        run.searches = searched_answers(puzzle) - stored_before
    else:
        run.searches = moves.filter(search_nodes__isnull=False).count()


def main() -> None:
    args = parse_args()
    database_url = os.environ.get("DATABASE_URL") or DEFAULT_DATABASE_URL
    runs = [
        Run("searched every time", shared=False, prefix="rush-alone-"),
        Run("shared answers", shared=True, prefix="rush-shared-"),
        Run(
            f"shared, prepared ({args.prepare_depth})",
            shared=True,
            prefix="rush-prepared-",
            prepare_depth=args.prepare_depth,
        ),
    ]
    with ExitStack() as stack:
        url = stack.enter_context(
            throwaway_database(
                database_url,
                prefix="evil_rush",
                refusal="bench/daily_rush.py runs on PostgreSQL: set DATABASE_URL=postgres://...",
            )
        )
        static_root = stack.enter_context(tempfile.TemporaryDirectory(prefix="evil_rush_"))
        env = server_environment(url, static_root=Path(static_root))
        env["RATE_LIMITS_ENABLED"] = "0"  # the players are few addresses' worth of threads
        print(f"preparing {urlsplit(url).path.lstrip('/')}: migrate, import web2...", flush=True)
        prepare(env)
        os.environ["DJANGO_SECRET_KEY"] = env["DJANGO_SECRET_KEY"]  # the same sessions, seed
        setup_django(url)
        from daily.answers import daily_answers_prepare
        from daily.models import DailyAnswer
        from daily.selectors import utc_today
        from daily.services import daily_puzzle_ensure
        from dictionaries.wordbank import get_lexicon

        puzzle = daily_puzzle_ensure(day=utc_today())
        words = len(get_lexicon(dictionary_id=puzzle.dictionary_id, length=puzzle.length))
        print(
            f"today's daily #{puzzle.number}: {puzzle.difficulty}, {puzzle.length} letters "
            f"({words:,} words), {puzzle.max_misses} wrong guesses allowed; {args.players} "
            f"players within {args.arrival:g} s, {args.think_ms:g} ms thinking, two nodes of "
            f"{args.workers} worker(s)",
            flush=True,
        )
        for run in runs:
            DailyAnswer.objects.all().delete()  # each run starts with nothing stored
            if run.prepare_depth:
                started_at = time.perf_counter()
                run.prepared = daily_answers_prepare(puzzle=puzzle, depth=run.prepare_depth)
                print(
                    f"prepare_daily --depth {run.prepare_depth}: {run.prepared} positions in "
                    f"{time.perf_counter() - started_at:.1f} s",
                    flush=True,
                )
            stored_before = searched_answers(puzzle)
            node_env = {**env, "DAILY_SHARED_ANSWERS": "1" if run.shared else "0"}
            with ExitStack() as nodes:
                started = [
                    nodes.enter_context(gunicorn_process(node_env, workers=args.workers, threads=1))
                    for _ in "ab"
                ]
                ports = [port for port, _ in started]
                print(f"run: {run.label} (nodes on ports {ports[0]}, {ports[1]})", flush=True)
                rush(run, ports, args, puzzle, workers=[process.pid for _, process in started])
            count_searches(run, puzzle, stored_before=stored_before)
        report(runs)


def report(runs: list[Run]) -> None:
    alone, shared, prepared = runs
    print(f"{'':<28}" + "".join(f"{run.label:>26}" for run in runs))
    rows: list[tuple[str, list[Any]]] = [
        ("guesses", [run.guesses for run in runs]),
        ("games finished", [run.games_over for run in runs]),
        ("word-maker searches", [run.searches for run in runs]),
        ("searches per guess", [_per_guess(run) for run in runs]),
        ("guess p50 (ms)", [_ms(run, 0.50) for run in runs]),
        ("guess p99 (ms)", [_ms(run, 0.99) for run in runs]),
        ("guess mean (ms)", [f"{statistics.fmean(run.guess_ms):.1f}" for run in runs]),
        ("nodes' CPU per guess (ms)", [_cpu_per_guess(run) for run in runs]),
        ("failed players", [len(run.failures) for run in runs]),
    ]
    for name, values in rows:
        print(f"{name:<28}" + "".join(f"{value!s:>26}" for value in values))
    print(f"(prepared before the third run: {prepared.prepared} positions, not counted above)")
    for run in runs:
        for failure in run.failures[:5]:
            print(f"  {run.label}: {failure}")
    for run in (shared, prepared):
        fewer = alone.searches / run.searches if run.searches else float("inf")
        p99 = percentile(run.guess_ms, 0.99) if run.guess_ms else float("inf")
        ok = fewer >= GOAL_FEWER_SEARCHES and p99 <= GOAL_P99_MS
        goal(
            f"{run.label}: >= {GOAL_FEWER_SEARCHES:g}x fewer searches, p99 <= {GOAL_P99_MS:g} ms",
            ok,
        )
    fewer = alone.searches / shared.searches if shared.searches else float("inf")
    print(
        f"daily rush: searches per guess {_per_guess(alone)} -> {_per_guess(shared)} "
        f"({fewer:.1f}x fewer), guess p50 {_ms(alone, 0.5)} -> {_ms(shared, 0.5)} ms, "
        f"p99 {_ms(alone, 0.99)} -> {_ms(shared, 0.99)} ms (prepared: {_ms(prepared, 0.99)} ms), "
        f"nodes' CPU per guess {_cpu_per_guess(alone)} -> {_cpu_per_guess(shared)} ms"
    )
    if any(run.failures for run in runs):
        sys.exit(1)


def _per_guess(run: Run) -> str:
    return f"{run.searches / run.guesses:.3f}" if run.guesses else "-"


def _cpu_per_guess(run: Run) -> str:
    """The workers' CPU over the rush (its pages too) per guess: what the machine's load
    does not change, unlike the latencies."""
    return f"{run.cpu_s * 1000 / run.guesses:.1f}" if run.guesses else "-"


def _ms(run: Run, fraction: float) -> str:
    return f"{percentile(run.guess_ms, fraction):.1f}" if run.guess_ms else "-"


if __name__ == "__main__":
    from support import run_bench  # bench/ is on the path of a script run from it

    run_bench(main, __file__)
