"""Load test: simulated players playing whole games against gunicorn and PostgreSQL.

Creates a throwaway PostgreSQL database ``evil_load_<pid>`` on the server named
by DATABASE_URL (default: the local PostgreSQL), migrates it, loads the
default dictionary (``manage.py import_dictionary --default``, English web2),
collects static files into a temporary folder (DJANGO_STATIC_ROOT: the
project's ``staticfiles/`` stays untouched for tests running meanwhile, whose
whitenoise reads it), and starts gunicorn (``evilsite.wsgi``, 2 workers) on a
free loopback port with DEBUG off, a throwaway secret key and
ALLOWED_HOSTS=127.0.0.1. django-axes is switched off (AXES_ENABLED=0): it only
guards logins, and the players sign up once before the load starts.

Each simulated player is a thread with its own cookie jar and CSRF token, as a
browser would have. It signs up through the form, then plays complete games
until the time is up: starts a ranked game (random word length in
``--lengths``), loads the board, and guesses letters, each guess an HTMX-style
POST (``HX-Request: true``, ``X-CSRFToken``), pausing ``--think-ms`` (about a
quarter of a second, +-50%) between guesses like a quick human; ``--think-ms 0``
saturates the server instead. The first ``--warmup`` seconds are not measured
(each worker process builds its word-bank lexicons on first use); then
``--duration`` seconds of guesses are timed from request to full response.

Any response other than the expected one (status, an error message in the
board, a lost game row) is an error and is counted; the run fails if there is
any. Gunicorn is stopped and the database dropped in ``finally`` blocks.

    .venv/bin/python bench/load.py [--players 20] [--duration 30] [--think-ms 250]

The last line is ``guess p50 <ms> ms, p99 <ms> ms, <n> guesses/s``.
"""

from __future__ import annotations

import argparse
import http.client
import os
import random
import re
import secrets
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from urllib.parse import urlencode, urlsplit

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.support import ROOT, throwaway_database

PYTHON = sys.executable
DEFAULT_DATABASE_URL = "postgres://postgres@127.0.0.1:5432/postgres"
HOST = "127.0.0.1"
GOAL_P50_MS = 20.0
GOAL_P99_MS = 100.0
# Letters in roughly the order a player tries them, most frequent in English first.
LETTER_ORDER = "esiarntolcdupmghbyfvkwzxqj"
PASSWORD = "load-test-password-8261"
REQUEST_TIMEOUT_S = 30.0


def parse_args() -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--players", type=int, default=20, help="simulated players (threads)")
    parser.add_argument("--duration", type=float, default=30.0, help="seconds of measured load")
    parser.add_argument("--warmup", type=float, default=5.0, help="seconds of unmeasured load")
    parser.add_argument("--think-ms", type=float, default=250.0, help="pause between guesses")
    parser.add_argument("--workers", type=int, default=2, help="gunicorn worker processes")
    parser.add_argument(
        "--threads", type=int, default=1, help="threads per gunicorn worker (gthread if > 1)"
    )
    parser.add_argument(
        "--lengths", default="4-12", help="word lengths the players pick from, e.g. 4-12"
    )
    parser.add_argument("--max-misses", type=int, default=8, help="wrong guesses allowed")
    args = parser.parse_args()
    match = re.fullmatch(r"(\d+)-(\d+)", args.lengths)
    if match is None or int(match[1]) > int(match[2]) or int(match[1]) < 1:
        parser.error("--lengths is a range such as 4-12")
    args.length_range = (int(match[1]), int(match[2]))
    if args.players < 1 or args.duration <= 0 or args.warmup < 0 or args.think_ms < 0:
        parser.error("--players and --duration must be positive, --warmup and --think-ms >= 0")
    if not 1 <= args.max_misses <= 26:
        parser.error("--max-misses is 1 to 26")
    return args


def server_environment(database_url: str, *, static_root: Path) -> dict[str, str]:
    return {
        **os.environ,
        "DATABASE_URL": database_url,
        "DJANGO_STATIC_ROOT": str(static_root),
        "DJANGO_SETTINGS_MODULE": "evilsite.settings",
        "DJANGO_DEBUG": "0",
        "DJANGO_SECRET_KEY": "load-test-" + secrets.token_hex(24),
        "DJANGO_ALLOWED_HOSTS": HOST,
        # Plain HTTP on loopback: no HTTPS redirect.
        "DJANGO_SECURE_SSL_REDIRECT": "0",
        "AXES_ENABLED": "0",
        "DJANGO_LOG_LEVEL": "ERROR",
    }


def prepare(env: dict[str, str]) -> None:
    """Migrate, load the default dictionary, collect static files (DEBUG is off)."""
    for command in (
        ["migrate", "--no-input", "-v", "0"],
        ["import_dictionary", "--default", "--no-progress", "-v", "0"],
        ["collectstatic", "--no-input", "-v", "0"],
    ):
        done = subprocess.run(
            [PYTHON, "manage.py", *command], cwd=ROOT, env=env, capture_output=True, text=True
        )
        if done.returncode != 0:
            sys.stderr.write(done.stdout + done.stderr)
            raise SystemExit(f"manage.py {command[0]} failed with status {done.returncode}")


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind((HOST, 0))
        return int(probe.getsockname()[1])


@contextmanager
def gunicorn(env: dict[str, str], *, workers: int, threads: int) -> Iterator[int]:
    port = free_port()
    process = subprocess.Popen(
        [
            PYTHON,
            "-m",
            "gunicorn",
            "evilsite.wsgi",
            "--bind",
            f"{HOST}:{port}",
            "--workers",
            str(workers),
            "--threads",
            str(threads),
            "--backlog",
            "256",
            "--log-level",
            "warning",
        ],
        cwd=ROOT,
        env=env,
    )
    try:
        deadline = time.monotonic() + 30
        while True:
            if process.poll() is not None:
                raise SystemExit(f"gunicorn exited with status {process.returncode}")
            try:
                with socket.create_connection((HOST, port), timeout=1):
                    break
            except OSError:
                if time.monotonic() > deadline:
                    raise SystemExit("gunicorn did not start listening within 30 s") from None
                time.sleep(0.1)
        yield port
    finally:
        process.send_signal(signal.SIGTERM)
        try:
            process.wait(timeout=15)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()


class ResponseError(Exception):
    pass


@dataclass
class Response:
    status: int
    headers: dict[str, str]
    body: str


class Browser:
    """One player's HTTP client: a cookie jar, the CSRF token, one request at a time.

    Cookies are kept by hand because the site marks them Secure (DEBUG off)
    and this runs over plain HTTP on loopback.
    """

    def __init__(self, port: int) -> None:
        self.port = port
        self.cookies: dict[str, str] = {}

    def request(
        self,
        method: str,
        path: str,
        form: dict[str, str | int] | None = None,
        headers: dict[str, str] | None = None,
    ) -> Response:
        all_headers = {"Host": HOST, "Connection": "close", **(headers or {})}
        if self.cookies:
            all_headers["Cookie"] = "; ".join(f"{k}={v}" for k, v in self.cookies.items())
        body = None
        if form is not None:
            body = urlencode(form)
            all_headers["Content-Type"] = "application/x-www-form-urlencoded"
            all_headers["X-CSRFToken"] = self.cookies.get("csrftoken", "")
            all_headers["Referer"] = f"http://{HOST}:{self.port}{path}"
        connection = http.client.HTTPConnection(HOST, self.port, timeout=REQUEST_TIMEOUT_S)
        try:
            connection.request(method, path, body=body, headers=all_headers)
            raw = connection.getresponse()
            text = raw.read().decode()
            for cookie in raw.headers.get_all("Set-Cookie") or []:
                name, _, rest = cookie.partition("=")
                value = rest.split(";", 1)[0]
                if value and "max-age=0" not in cookie.lower():
                    self.cookies[name.strip()] = value
                else:
                    self.cookies.pop(name.strip(), None)
            return Response(raw.status, {k.lower(): v for k, v in raw.getheaders()}, text)
        finally:
            connection.close()

    def expect(self, response: Response, status: int, what: str) -> Response:
        if response.status != status:
            raise ResponseError(f"{what}: HTTP {response.status}, expected {status}")
        return response


@dataclass
class Results:
    lock: threading.Lock = field(default_factory=threading.Lock)
    guess_ms: list[float] = field(default_factory=list)
    start_ms: list[float] = field(default_factory=list)
    board_ms: list[float] = field(default_factory=list)
    warmup_guess_ms: list[float] = field(default_factory=list)
    games_finished: int = 0
    games_won: int = 0
    errors: list[str] = field(default_factory=list)


EXPECTED_GUESSES = re.compile(r'name="expected_guesses" value="(\d+)"')
GAME_PATH = re.compile(r"^/games/(\d+)/$")
DICTIONARY_OPTION = re.compile(r'<option value="(\d+)" selected>')
OFFERED_LENGTH = re.compile(r'<option value="(\d+)"')


class Player(threading.Thread):
    def __init__(
        self,
        *,
        number: int,
        port: int,
        args: argparse.Namespace,
        results: Results,
        ready: threading.Barrier,
        clock: dict[str, float],
    ) -> None:
        super().__init__(name=f"player-{number}", daemon=True)
        self.number = number
        self.browser = Browser(port)
        self.args = args
        self.results = results
        self.ready = ready
        self.clock = clock
        self.rng = random.Random(number)

    def run(self) -> None:
        try:
            self.sign_up()
        except Exception as error:
            self.fail(f"sign-up: {error!r}")
            self.ready.abort()
            return
        try:
            self.ready.wait()
        except threading.BrokenBarrierError:
            return
        try:
            while time.monotonic() < self.clock["end"]:
                self.play_one_game()
        except Exception as error:
            self.fail(repr(error))

    def fail(self, message: str) -> None:
        with self.results.lock:
            self.results.errors.append(f"{self.name}: {message}")

    def sign_up(self) -> None:
        browser = self.browser
        browser.expect(browser.request("GET", "/accounts/signup/"), 200, "sign-up form")
        username = f"load{os.getpid()}p{self.number}"
        response = browser.request(
            "POST",
            "/accounts/signup/",
            {"username": username, "password1": PASSWORD, "password2": PASSWORD},
        )
        browser.expect(response, 302, "sign up")
        page = browser.expect(browser.request("GET", "/games/new/"), 200, "new-game form").body
        dictionary = DICTIONARY_OPTION.search(page)
        if dictionary is None:
            raise ResponseError("no default dictionary on the new-game form")
        self.dictionary_id = int(dictionary[1])
        response = browser.request(
            "GET",
            f"/games/new/lengths/?dictionary={self.dictionary_id}",
            headers={"HX-Request": "true"},
        )
        lengths_field = browser.expect(response, 200, "word lengths (HTMX)").body
        offered = {int(n) for n in OFFERED_LENGTH.findall(lengths_field)}
        low, high = self.args.length_range
        self.lengths = sorted(length for length in offered if low <= length <= high)
        if not self.lengths:
            raise ResponseError(f"the default dictionary has no length in {low}-{high}")

    def play_one_game(self) -> None:
        browser = self.browser
        started = time.perf_counter()
        response = browser.request(
            "POST",
            "/games/new/",
            {
                "dictionary": self.dictionary_id,
                "length": self.rng.choice(self.lengths),
                "max_misses": self.args.max_misses,
                "difficulty": "hard",
                "forfeit_current": "on",
            },
        )
        start_ms = (time.perf_counter() - started) * 1000
        browser.expect(response, 302, "start a game")
        path = urlsplit(response.headers["location"]).path
        if GAME_PATH.match(path) is None:
            raise ResponseError(f"start a game: redirected to {path}")
        started = time.perf_counter()
        board = browser.expect(browser.request("GET", path), 200, "board").body
        board_ms = (time.perf_counter() - started) * 1000
        if self.measuring():
            with self.results.lock:
                self.results.start_ms.append(start_ms)
                self.results.board_ms.append(board_ms)
        expected = self.expected_guesses(board)
        # A slightly shuffled frequency order, so players do not all play alike.
        letters = sorted(LETTER_ORDER, key=lambda c: LETTER_ORDER.index(c) + self.rng.uniform(0, 6))
        for letter in letters:
            if time.monotonic() >= self.clock["end"]:
                return
            self.think()
            measuring = self.measuring()
            started = time.perf_counter()
            response = browser.request(
                "POST",
                f"{path}guess/",
                {"letter": letter, "expected_guesses": expected},
                headers={"HX-Request": "true", "HX-Current-URL": f"http://{HOST}{path}"},
            )
            elapsed_ms = (time.perf_counter() - started) * 1000
            browser.expect(response, 200, f"guess {letter!r}")
            if "notice-error" in response.body:
                raise ResponseError(f"guess {letter!r} refused: {response.body[:300]}")
            if not response.body.lstrip().startswith('<section id="board"'):
                raise ResponseError(f"guess {letter!r}: not the board partial")
            with self.results.lock:
                if measuring:
                    self.results.guess_ms.append(elapsed_ms)
                else:
                    self.results.warmup_guess_ms.append(elapsed_ms)
            if 'id="game-over"' in response.body:
                with self.results.lock:
                    if measuring:
                        self.results.games_finished += 1
                        self.results.games_won += "You won!" in response.body
                return
            expected = self.expected_guesses(response.body)
        raise ResponseError(f"{path}: 26 letters guessed and the game is not over")

    def measuring(self) -> bool:
        now = time.monotonic()
        return self.clock["measure"] <= now < self.clock["end"]

    def think(self) -> None:
        if self.args.think_ms > 0:
            time.sleep(self.args.think_ms / 1000 * self.rng.uniform(0.5, 1.5))

    @staticmethod
    def expected_guesses(page: str) -> int:
        match = EXPECTED_GUESSES.search(page)
        if match is None:
            raise ResponseError("board without a keyboard")
        return int(match[1])


def percentile(values: list[float], fraction: float) -> float:
    ordered = sorted(values)
    index = min(len(ordered) - 1, max(0, round(fraction * (len(ordered) - 1))))
    return ordered[index]


def summary(name: str, values: list[float]) -> str:
    if not values:
        return f"{name:<12} no samples"
    return (
        f"{name:<12} n={len(values):<6} p50 {percentile(values, 0.50):6.1f} ms  "
        f"p90 {percentile(values, 0.90):6.1f} ms  p99 {percentile(values, 0.99):6.1f} ms  "
        f"max {max(values):6.1f} ms  mean {statistics.fmean(values):6.1f} ms"
    )


def run_load(port: int, args: argparse.Namespace) -> Results:
    results = Results()
    clock = {"measure": float("inf"), "end": float("inf")}

    def start_clock() -> None:
        now = time.monotonic()
        clock["measure"] = now + args.warmup
        clock["end"] = now + args.warmup + args.duration

    ready = threading.Barrier(args.players, action=start_clock)
    players = [
        Player(number=n, port=port, args=args, results=results, ready=ready, clock=clock)
        for n in range(args.players)
    ]
    print(f"signing up {args.players} players...", flush=True)
    for player in players:
        player.start()
    for player in players:
        player.join(timeout=args.warmup + args.duration + 120)
    if any(player.is_alive() for player in players):
        results.errors.append("some players did not stop in time")
    return results


def main() -> None:
    args = parse_args()
    database_url = os.environ.get("DATABASE_URL") or DEFAULT_DATABASE_URL
    with (
        throwaway_database(
            database_url,
            prefix="evil_load",
            refusal="bench/load.py measures PostgreSQL: set DATABASE_URL=postgres://...",
        ) as url,
        tempfile.TemporaryDirectory(prefix="evil_load_static_") as static_root,
    ):
        env = server_environment(url, static_root=Path(static_root))
        print(f"preparing {urlsplit(url).path.lstrip('/')}: migrate, import web2...", flush=True)
        prepare(env)
        with gunicorn(env, workers=args.workers, threads=args.threads) as port:
            print(
                f"gunicorn: {args.workers} workers on {HOST}:{port}; {args.players} players, "
                f"{args.warmup:g} s warm-up + {args.duration:g} s measured, "
                f"think {args.think_ms:g} ms, lengths {args.lengths}",
                flush=True,
            )
            results = run_load(port, args)
    guesses = results.guess_ms
    print(summary("guess", guesses))
    print(summary("start game", results.start_ms))
    print(summary("board page", results.board_ms))
    print(summary("warm-up guess", results.warmup_guess_ms))
    print(
        f"games finished while measured: {results.games_finished} "
        f"({results.games_won} won); errors: {len(results.errors)}"
    )
    for error in results.errors[:10]:
        print(f"  error: {error}")
    if not guesses:
        raise SystemExit("no guess was measured")
    p50, p99 = percentile(guesses, 0.50), percentile(guesses, 0.99)
    verdict = "met" if p50 < GOAL_P50_MS and p99 < GOAL_P99_MS and not results.errors else "MISSED"
    print(f"goal p50 < {GOAL_P50_MS:g} ms, p99 < {GOAL_P99_MS:g} ms, no errors: {verdict}")
    print(f"guess p50 {p50:.1f} ms, p99 {p99:.1f} ms, {len(guesses) / args.duration:.1f} guesses/s")
    if results.errors:
        sys.exit(1)


if __name__ == "__main__":
    main()
