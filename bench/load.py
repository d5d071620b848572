"""Load test: simulated players playing whole games against gunicorn and PostgreSQL.

Creates a throwaway PostgreSQL database ``evil_load_<pid>`` on the server named
by DATABASE_URL (default: the local PostgreSQL), migrates it, loads the
default dictionary (``manage.py import_dictionary --default``, English web2),
collects static files into a temporary folder (DJANGO_STATIC_ROOT: the
project's ``staticfiles/`` stays untouched for tests running meanwhile, whose
whitenoise reads it), and starts gunicorn (``evilsite.wsgi``, 2 workers) on a
free loopback port with DEBUG off, a throwaway secret key and
ALLOWED_HOSTS=127.0.0.1. django-axes is switched off (AXES_ENABLED=0): it only
guards logins, and the players sign up once before the load starts. Each
simulated browser comes from its own client address, as real players do: the
server trusts the loopback as its proxy (DJANGO_TRUSTED_PROXIES) and each
browser sends its own ``X-Forwarded-For``, so the per-address rate limits count
each player apart.

Each simulated player is a thread with its own cookie jar and CSRF token, as a
browser would have. It signs up through the form, then plays complete games
until the time is up: starts a ranked game (random word length in
``--lengths``), loads the board, and guesses letters, each guess an HTMX-style
POST (``HX-Request: true``, ``X-CSRFToken``), pausing ``--think-ms`` (about a
quarter of a second, +-50%) between guesses like a quick human; ``--think-ms 0``
saturates the server instead. The first ``--warmup`` seconds are not measured
(each worker process builds its word-bank lexicons on first use); then
``--duration`` seconds of guesses are timed from request to full response.

Alongside the players, ``--daily-readers`` signed-in visitors read today's
daily puzzle page and its leaderboard in turn (``--think-ms`` between pages),
on a puzzle with ``--daily-attempts`` finished attempts seeded in the database
(see the daily section at the end). They measure only in a window that lies
inside the players' measured load.

Any response other than the expected one (status, an error message in the
board, a lost game row) is an error and is counted; the run fails if there is
any. Gunicorn is stopped and the database dropped in ``finally`` blocks.

    .venv/bin/python bench/load.py [--players 20] [--duration 30] [--think-ms 250]

The last line is ``guess p50 <ms> ms, p99 <ms> ms, <n> guesses/s``.

``--saturate`` measures how close a guess is to the floor of a signed-in
request instead: the players send requests back to back (no thinking), in
alternating phases of ``--phase`` seconds, either guesses (playing their games
on; 26 wrong guesses allowed, so games are long and starting them is a small
part of a guess phase) or the minimal signed-in page ``/ping/`` (the same
middleware, session and user, and no work), after a 10 s warm-up in which every
worker builds its word lists. Each phase's throughput counts the answers that arrived in
it (its first second left out while the previous phase drains); the medians of
the phases are compared. The last line is then
``guess throughput <G>/s = <R> of the minimal page's <M>/s`` (goal R >= 0.5).

    .venv/bin/python bench/load.py --saturate [--rounds 4] [--phase 6]

``--login-flood N`` adds N clients that post logins with random usernames and
passwords as fast as the server answers, each from its own address, during the
second half of the measured time (django-axes on, as in production, for the
whole run); the players also load their board page after each guess. The
board page and the guesses are then reported for the quiet
first half and the flooded second half, with the CPU each half used per second (the
gunicorn workers, this process's simulated clients, the whole machine, other work
included) and the workers' CPU the flood added per login; the last line is
``board page p50 quiet <ms> ms, flooded <ms> ms: <R>x`` (goal R <= 2).

    .venv/bin/python bench/load.py --login-flood 8

``--quick`` (what CI runs) is a smoke run: 3 players on lengths 4-6, 1 s of
warm-up, 6 s measured, one daily reader on 50 seeded attempts. Its figures
prove only that the script still works; errors still fail it.

One script with four runs (the load, ``--saturate``, ``--login-flood``, the daily
readers) that share its players, results and report; the daily readers are in
``bench/load_daily.py``, the site under test and its HTTP client, which the other
benchmarks reuse, in ``bench/site_under_test.py``.
"""

from __future__ import annotations

import argparse
import os
import random
import secrets
import statistics
import sys
import tempfile
import threading
import time
from dataclasses import dataclass, field
from pathlib import Path
from urllib.parse import urlsplit

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench import support
from bench.load_daily import DailyReaders
from bench.load_options import PHASE_SETTLE_S, parse_args
from bench.site_under_test import (
    EXPECTED_GUESSES,
    GAME_PATH,
    HOST,
    LETTER_ORDER,
    OFFERED_LENGTH,
    Browser,
    ResponseError,
    gunicorn_process,
    prepare,
    server_environment,
)
from bench.support import child_pids, cpu_seconds, percentile, summary, throwaway_database

DEFAULT_DATABASE_URL = "postgres://postgres@127.0.0.1:5432/postgres"
GOAL_P50_MS = 20.0
GOAL_P99_MS = 100.0
GOAL_SATURATED_RATIO = 0.5
GOAL_FLOOD_RATIO = 2.0


@dataclass
class Results:
    lock: threading.Lock = field(default_factory=threading.Lock)
    guess_ms: list[float] = field(default_factory=list)
    start_ms: list[float] = field(default_factory=list)
    board_ms: list[float] = field(default_factory=list)
    warmup_guess_ms: list[float] = field(default_factory=list)
    # --login-flood: (when, ms) of each measured board page and guess, and the flood's answers.
    board_timed: list[tuple[float, float]] = field(default_factory=list)
    guess_timed: list[tuple[float, float]] = field(default_factory=list)
    flood_statuses: dict[int, int] = field(default_factory=dict)
    cpu: list[CpuSample] = field(default_factory=list)  # at the measure, flood and end marks
    games_finished: int = 0
    games_won: int = 0
    errors: list[str] = field(default_factory=list)
    answers: list[tuple[str, float]] = field(default_factory=list)  # --saturate: kind, when


@dataclass
class GameInPlay:
    path: str
    expected: int
    letters: list[str]


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
        self.play()

    def play(self) -> None:
        """Whole games until the time is up (the players have signed up and started together)."""
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
        self.dictionary_id = browser.sign_up(f"load{os.getpid()}p{self.number}")
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
        game = self.start_game()
        while time.monotonic() < self.clock["end"]:
            self.think()
            if self.guess(game):
                return
            if self.args.login_flood:
                self.load_board(game)

    def load_board(self, game: GameInPlay) -> None:
        """--login-flood: the board page again after a guess, as a reload would (more samples
        of the page than game starts give)."""
        started = time.perf_counter()
        self.browser.expect(self.browser.request("GET", game.path), 200, "board")
        board_ms = (time.perf_counter() - started) * 1000
        if self.measuring():
            with self.results.lock:
                self.results.board_timed.append((time.monotonic(), board_ms))

    def start_game(self) -> GameInPlay:
        """Start a ranked game and load its board (the previous game is over)."""
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
                self.results.board_timed.append((time.monotonic(), board_ms))
        # A slightly shuffled frequency order, so players do not all play alike.
        letters = sorted(LETTER_ORDER, key=lambda c: LETTER_ORDER.index(c) + self.rng.uniform(0, 6))
        return GameInPlay(path=path, expected=self.expected_guesses(board), letters=letters)

    def guess(self, game: GameInPlay) -> bool:
        """Send the game's next letter as HTMX does; True when the game is over."""
        if not game.letters:
            raise ResponseError(f"{game.path}: 26 letters guessed and the game is not over")
        letter = game.letters.pop(0)
        measuring = self.measuring()
        started = time.perf_counter()
        response = self.browser.request(
            "POST",
            f"{game.path}guess/",
            {"letter": letter, "expected_guesses": game.expected},
            headers={"HX-Request": "true", "HX-Current-URL": f"http://{HOST}{game.path}"},
        )
        elapsed_ms = (time.perf_counter() - started) * 1000
        self.browser.expect(response, 200, f"guess {letter!r}")
        if "notice-error" in response.body:
            raise ResponseError(f"guess {letter!r} refused: {response.body[:300]}")
        if not response.body.lstrip().startswith('<section id="board"'):
            raise ResponseError(f"guess {letter!r}: not the board partial")
        with self.results.lock:
            if measuring:
                self.results.guess_ms.append(elapsed_ms)
                self.results.guess_timed.append((time.monotonic(), elapsed_ms))
            else:
                self.results.warmup_guess_ms.append(elapsed_ms)
        if 'id="game-over"' in response.body:
            with self.results.lock:
                if measuring:
                    self.results.games_finished += 1
                    self.results.games_won += "You won!" in response.body
            return True
        game.expected = self.expected_guesses(response.body)
        return False

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


class SaturatingPlayer(Player):
    """Requests back to back: guesses in the guess phases, the minimal page in the others."""

    def play(self) -> None:
        game: GameInPlay | None = None
        warmup_turn = 0
        try:
            while (now := time.monotonic()) < self.clock["end"]:
                phase = phase_at(self.clock, now, self.args.phase)
                if phase < 0:  # warm-up: both kinds of request, so both are warm
                    warmup_turn += 1
                    kind = "guess" if warmup_turn % 2 else "ping"
                else:
                    kind = PHASE_KINDS[phase % 2]
                if kind == "ping":
                    self.browser.expect(self.browser.request("GET", "/ping/"), 200, "ping")
                else:
                    if game is None:
                        game = self.start_game()
                    if self.guess(game):
                        game = None
                finished = time.monotonic()
                with self.results.lock:
                    self.results.answers.append((kind, finished))
        except Exception as error:
            self.fail(repr(error))


PHASE_KINDS = ("guess", "ping")


def phase_at(clock: dict[str, float], moment: float, phase_s: float) -> int:
    """The number of the measured phase at ``moment`` (even: guesses), -1 in the warm-up."""
    if moment < clock["measure"]:
        return -1
    return int((moment - clock["measure"]) // phase_s)


def phase_throughputs(
    results: Results, clock: dict[str, float], args: argparse.Namespace
) -> dict[str, list[float]]:
    """Answers per second of each phase, by kind, leaving out each phase's first second."""
    counted = [0] * (2 * args.rounds)
    for kind, finished in results.answers:
        phase = phase_at(clock, finished, args.phase)
        if not 0 <= phase < len(counted) or PHASE_KINDS[phase % 2] != kind:
            continue
        if finished - (clock["measure"] + phase * args.phase) >= PHASE_SETTLE_S:
            counted[phase] += 1
    seconds = args.phase - PHASE_SETTLE_S
    return {
        kind: [count / seconds for phase, count in enumerate(counted) if phase % 2 == index]
        for index, kind in enumerate(PHASE_KINDS)
    }


class LoginFlooder(threading.Thread):
    """Logins with random usernames and passwords, back to back, from one address,
    from ``clock["flood"]`` to the end; every answer but the form again (200) or a
    refusal (429) is an error."""

    def __init__(
        self, *, number: int, port: int, results: Results, clock: dict[str, float]
    ) -> None:
        super().__init__(name=f"flooder-{number}", daemon=True)
        self.browser = Browser(port)
        self.results = results
        self.clock = clock

    def run(self) -> None:
        browser = self.browser
        try:
            browser.expect(browser.request("GET", "/accounts/login/"), 200, "login form")
            while time.monotonic() < self.clock["flood"]:
                time.sleep(0.05)
            while time.monotonic() < self.clock["end"]:
                form = {"username": secrets.token_hex(6), "password": secrets.token_hex(8)}
                status = browser.request("POST", "/accounts/login/", form).status
                with self.results.lock:
                    self.results.flood_statuses[status] = (
                        self.results.flood_statuses.get(status, 0) + 1
                    )
                if status not in (200, 429):
                    raise ResponseError(f"login flood: HTTP {status}")
        except Exception as error:
            with self.results.lock:
                self.results.errors.append(f"{self.name}: {error!r}")


@dataclass(frozen=True)
class CpuSample:
    """CPU seconds used so far: the gunicorn workers', this process's (every simulated
    client), and the whole machine's busy time on all cores (other work included)."""

    workers: float
    clients: float
    machine: float


def cpu_sample(master: int) -> CpuSample:
    ticks = [int(n) for n in Path("/proc/stat").read_text().split("\n", 1)[0].split()[1:]]
    idle = ticks[3] + ticks[4]  # idle and iowait
    times = os.times()
    return CpuSample(
        workers=sum(cpu_seconds(pid) for pid in child_pids(master)),
        clients=times.user + times.system,
        machine=(sum(ticks[:8]) - idle) / os.sysconf("SC_CLK_TCK"),
    )


def sample_cpu_at_flood(master: int, clock: dict[str, float], samples: list[CpuSample]) -> None:
    """--login-flood: CPU samples when the measured time starts, the flood starts, it ends."""
    for moment in ("measure", "flood", "end"):
        while time.monotonic() < clock[moment]:
            time.sleep(0.01)
        samples.append(cpu_sample(master))


def run_load(
    port: int, args: argparse.Namespace, *, master: int | None = None
) -> tuple[Results, dict[str, float]]:
    results = Results()
    clock = {"measure": float("inf"), "end": float("inf"), "flood": float("inf")}

    def start_clock() -> None:
        now = time.monotonic()
        clock["measure"] = now + args.warmup
        clock["end"] = now + args.warmup + args.duration
        clock["flood"] = clock["measure"] + args.duration / 2

    ready = threading.Barrier(args.players, action=start_clock)
    player_class = SaturatingPlayer if args.saturate else Player
    players = [
        player_class(number=n, port=port, args=args, results=results, ready=ready, clock=clock)
        for n in range(args.players)
    ]
    flooders = [
        LoginFlooder(number=n, port=port, results=results, clock=clock)
        for n in range(args.login_flood)
    ]
    print(f"signing up {args.players} players...", flush=True)
    sampler = None
    if flooders and master is not None:
        sampler = threading.Thread(
            target=sample_cpu_at_flood, args=(master, clock, results.cpu), daemon=True
        )
    for thread in [*players, *flooders, *([sampler] if sampler else [])]:
        thread.start()
    for thread in [*players, *flooders]:
        thread.join(timeout=args.warmup + args.duration + 120)
    if sampler is not None:
        sampler.join(timeout=5)
    if any(thread.is_alive() for thread in [*players, *flooders]):
        results.errors.append("some players did not stop in time")
    return results, clock


def report_flood(results: Results, clock: dict[str, float], args: argparse.Namespace) -> None:
    """The board page and the guesses in the quiet half and in the flooded half."""
    answers = sum(results.flood_statuses.values())
    statuses = ", ".join(f"{n} x {status}" for status, n in sorted(results.flood_statuses.items()))
    print(
        f"login flood: {args.login_flood} clients, {answers} logins "
        f"({answers / (args.duration / 2):.0f}/s): {statuses or 'none'}"
    )
    ratios = {}
    for name, timed in (("board page", results.board_timed), ("guess", results.guess_timed)):
        quiet = [ms for when, ms in timed if when < clock["flood"]]
        flooded = [ms for when, ms in timed if when >= clock["flood"]]
        print(summary(f"{name} quiet", quiet))
        print(summary(f"{name} flood", flooded))
        if quiet and flooded:
            ratios[name] = (percentile(quiet, 0.5), percentile(flooded, 0.5))
    report_flood_cpu(results, answers, args)
    if "board page" not in ratios:
        raise SystemExit("no board page was measured in one of the halves")
    for name, (quiet_p50, flooded_p50) in ratios.items():
        ok = flooded_p50 / quiet_p50 <= GOAL_FLOOD_RATIO
        support.goal(f"{name} p50 flooded <= {GOAL_FLOOD_RATIO:g}x quiet", ok)
    quiet_p50, flooded_p50 = ratios["board page"]
    print(
        f"board page p50 quiet {quiet_p50:.1f} ms, flooded {flooded_p50:.1f} ms: "
        f"{flooded_p50 / quiet_p50:.2f}x"
    )


def report_flood_cpu(results: Results, answers: int, args: argparse.Namespace) -> None:
    """CPU per second of each half (the server's workers, the simulated clients, the whole
    machine), and the workers' CPU the flood added per login it sent."""
    if len(results.cpu) != 3:
        return
    start, flood, end = results.cpu
    half = args.duration / 2
    rows = []
    for name in ("workers", "clients", "machine"):
        quiet = (getattr(flood, name) - getattr(start, name)) / half
        flooded = (getattr(end, name) - getattr(flood, name)) / half
        rows.append(f"{name} {quiet:.2f} -> {flooded:.2f}")
    print(f"CPU seconds per second, quiet -> flooded ({os.cpu_count()} cores): " + ", ".join(rows))
    added = (end.workers - flood.workers) - (flood.workers - start.workers)
    if answers:
        print(f"workers' CPU added by the flood: {added * 1000 / answers:.2f} ms per login")


def main() -> None:
    args = parse_args(__doc__.split("\n\n")[0])
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
        if args.saturate:  # the floor of a guess: nothing else counted
            env["RATE_LIMITS_ENABLED"] = "0"
        if args.login_flood:  # logins as in production, in both halves
            env["AXES_ENABLED"] = "1"
        print(f"preparing {urlsplit(url).path.lstrip('/')}: migrate, import web2...", flush=True)
        prepare(env)
        with gunicorn_process(env, workers=args.workers, threads=args.threads) as (port, server):
            print(
                f"gunicorn: {args.workers} workers on {HOST}:{port}; {args.players} players, "
                f"{args.warmup:g} s warm-up + {args.duration:g} s measured, "
                f"think {args.think_ms:g} ms, lengths {args.lengths}",
                flush=True,
            )
            if args.saturate:
                results, clock = run_load(port, args)
            else:
                daily = DailyReaders(port, args, env)
                daily.start()
                results, clock = run_load(port, args, master=server.pid)
                daily.join()
    if args.saturate:
        report_saturation(results, clock, args)
        return
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
    support.figure("guess p50", p50, "ms")
    support.figure("guess p99", p99, "ms")
    support.goal(
        f"guess p50 < {GOAL_P50_MS:g} ms, p99 < {GOAL_P99_MS:g} ms, no errors",
        p50 < GOAL_P50_MS and p99 < GOAL_P99_MS and not results.errors,
    )
    daily_errors = daily.report()
    print(f"guess p50 {p50:.1f} ms, p99 {p99:.1f} ms, {len(guesses) / args.duration:.1f} guesses/s")
    if args.login_flood:
        report_flood(results, clock, args)
    if results.errors or daily_errors:
        sys.exit(1)


def report_saturation(results: Results, clock: dict[str, float], args: argparse.Namespace) -> None:
    throughputs = phase_throughputs(results, clock, args)
    print(f"{'phase':<14}" + "".join(f"{n + 1:>9}" for n in range(args.rounds)) + f"{'median':>9}")
    for kind, label in (("guess", "guesses/s"), ("ping", "pages/s")):
        values = throughputs[kind]
        print(
            f"{label:<14}"
            + "".join(f"{value:9.1f}" for value in values)
            + f"{statistics.median(values):9.1f}"
        )
    print(summary("guess", results.guess_ms))
    print(f"errors: {len(results.errors)}")
    for error in results.errors[:10]:
        print(f"  error: {error}")
    guesses = statistics.median(throughputs["guess"])
    pages = statistics.median(throughputs["ping"])
    ratio = guesses / pages if pages else 0.0
    support.figure("guesses per second, saturated", guesses, "/s", better="higher")
    support.goal(
        f"guess throughput >= {GOAL_SATURATED_RATIO:g} of the minimal page's",
        ratio >= GOAL_SATURATED_RATIO and not results.errors,
    )
    print(f"guess throughput {guesses:.1f}/s = {ratio:.2f} of the minimal page's {pages:.1f}/s")
    if results.errors:
        sys.exit(1)


if __name__ == "__main__":
    from support import run_bench  # bench/ is on the path of a script run from it

    run_bench(main, __file__)
