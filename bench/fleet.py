"""Players that keep a ledger of every guess, and the check of every game against its replay.

Shared by ``bench/nodes.py`` (requests spread over two app nodes) and
``bench/faults.py`` (the database restarts, a worker dies). Each player is a
thread with its own cookies; each request goes to the next of the nodes'
ports in turn, as a load balancer without stickiness would send it. A player
plays whole ranked games, one HTMX guess at a time, and writes down for every
guess what the server said:

- *acknowledged*: a board came back showing the guess;
- *failed*: no answer, or an error status (then it checks that the body, if
  any, is the site's own error page and no stack trace), and sends the same
  guess again with the same ``expected_guesses``, as a player pressing the key
  again would. If the first try had been applied after all, the server says the
  board was out of date and shows it: the ledger then counts the guess once.

After the run, :func:`check_games` compares every game in the database with
``games.engine.replay`` (the word-maker re-run from the letters), move by move,
and with the ledgers: a guess acknowledged but not stored is *lost*, a guess
stored more often than it was meant is *doubled*, and a game whose row and
moves disagree with each other or with the replay is *half-written*.
"""

from __future__ import annotations

import random
import re
import threading
import time
import uuid
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any
from urllib.parse import urlsplit

from bench.site_under_test import (
    DICTIONARY_OPTION,
    EXPECTED_GUESSES,
    GAME_PATH,
    LETTER_ORDER,
    OFFERED_LENGTH,
    PASSWORD,
    Browser,
    Response,
    ResponseError,
)

RETRY_PAUSE_S = 0.2
STALE_NOTICE = "This board was out of date"
ERROR_PAGE = re.compile(r'class="panel narrow error-page"')


class NodeBrowser(Browser):
    """A browser whose requests go to the nodes in turn (no sticky sessions)."""

    def __init__(self, ports: list[int], *, first: int = 0) -> None:
        super().__init__(ports[0])
        self.ports = ports
        self.turn = first
        self.sent_to = [0] * len(ports)

    def request(self, *args: Any, **kwargs: Any) -> Response:
        index = self.turn % len(self.ports)
        self.turn += 1
        self.port = self.ports[index]
        self.sent_to[index] += 1
        return super().request(*args, **kwargs)


@dataclass
class GameLedger:
    game_id: int
    player: str
    acknowledged: list[str] = field(default_factory=list)
    sent: list[str] = field(default_factory=list)  # every letter meant, once each
    over_seen: bool = False


@dataclass
class Failure:
    at: float  # time.monotonic()
    who: str
    what: str
    detail: str


@dataclass
class Fleet:
    """What every player of a run shares: the clock, the ledgers, the failures."""

    ports: list[int]
    lengths: tuple[int, int] = (4, 12)
    max_misses: int = 8
    think_s: float = 0.0
    lock: threading.Lock = field(default_factory=threading.Lock)
    ledgers: dict[int, GameLedger] = field(default_factory=dict)
    failures: list[Failure] = field(default_factory=list)
    successes: list[float] = field(default_factory=list)  # when each request succeeded
    errors: list[str] = field(default_factory=list)  # things that must never happen
    stop_at: float = float("inf")
    give_up_at: float = float("inf")  # retries stop here, even mid-game

    def failed(self, what: str, detail: str) -> None:
        with self.lock:
            self.failures.append(
                Failure(
                    at=time.monotonic(),
                    who=threading.current_thread().name,
                    what=what,
                    detail=detail,
                )
            )

    def succeeded(self) -> None:
        with self.lock:
            self.successes.append(time.monotonic())


class FleetPlayer(threading.Thread):
    def __init__(self, *, number: int, fleet: Fleet, ready: threading.Barrier) -> None:
        super().__init__(name=f"player-{number}", daemon=True)
        self.number = number
        self.fleet = fleet
        self.ready = ready
        self.rng = random.Random(number)
        self.browser = NodeBrowser(fleet.ports, first=number)
        self.username = f"fleet{number}x{random.randrange(10**6)}"

    def run(self) -> None:
        try:
            self.sign_up()
        except Exception as error:
            self.fleet.errors.append(f"{self.name} sign-up: {error!r}")
            self.ready.abort()
            return
        try:
            self.ready.wait()
        except threading.BrokenBarrierError:
            return
        try:
            while time.monotonic() < self.fleet.stop_at:
                self.play_one_game()
        except Exception as error:
            with self.fleet.lock:
                self.fleet.errors.append(f"{self.name}: {error!r}")

    # Requests that are retried until they succeed (or the run gives up) -----------------

    def until_answered(
        self, what: str, send: Callable[[], Response], accept: Callable[[Response], bool]
    ) -> Response:
        while True:
            try:
                response = send()
            except OSError as error:  # refused, reset, timed out: the node or worker is gone
                self.fleet.failed(what, f"no answer: {error!r}")
            else:
                if accept(response):
                    self.fleet.succeeded()
                    return response
                self.check_error_page(what, response)
                self.fleet.failed(what, f"HTTP {response.status}")
            if time.monotonic() > self.fleet.give_up_at:
                raise ResponseError(f"{what}: still failing when the run ended")
            time.sleep(RETRY_PAUSE_S)

    def check_error_page(self, what: str, response: Response) -> None:
        """A failed request shows the site's own page (or nothing at all), never a trace."""
        body = response.body
        if "Traceback" in body or 'File "/' in body:
            with self.fleet.lock:
                self.fleet.errors.append(f"{what}: a stack trace reached the player")
        elif response.status >= 500 and body and ERROR_PAGE.search(body) is None:
            with self.fleet.lock:
                self.fleet.errors.append(
                    f"{what}: HTTP {response.status} without the site's error page: {body[:200]!r}"
                )

    def sign_up(self) -> None:
        browser = self.browser
        self.until_answered(
            "sign-up form",
            lambda: browser.request("GET", "/accounts/signup/"),
            lambda r: r.status == 200,
        )
        self.until_answered(
            "sign up",
            lambda: browser.request(
                "POST",
                "/accounts/signup/",
                {"username": self.username, "password1": PASSWORD, "password2": PASSWORD},
            ),
            lambda r: r.status == 302,
        )
        page = self.until_answered(
            "new-game form",
            lambda: browser.request("GET", "/games/new/"),
            lambda r: r.status == 200,
        ).body
        dictionary = DICTIONARY_OPTION.search(page)
        if dictionary is None:
            raise ResponseError("no default dictionary on the new-game form")
        self.dictionary_id = int(dictionary[1])
        lengths_field = self.until_answered(
            "word lengths",
            lambda: browser.request(
                "GET",
                f"/games/new/lengths/?dictionary={self.dictionary_id}",
                headers={"HX-Request": "true"},
            ),
            lambda r: r.status == 200,
        ).body
        offered = {int(n) for n in OFFERED_LENGTH.findall(lengths_field)}
        low, high = self.fleet.lengths
        self.lengths = sorted(length for length in offered if low <= length <= high)

    def play_one_game(self) -> None:
        browser = self.browser
        start_token = str(uuid.uuid4())
        form = {
            "dictionary": self.dictionary_id,
            "length": self.rng.choice(self.lengths),
            "max_misses": self.fleet.max_misses,
            "difficulty": "hard",
            "start_token": start_token,  # a retried start starts one game, not two
        }
        response = self.until_answered(
            "start a game",
            lambda: browser.request("POST", "/games/new/", form),
            lambda r: r.status == 302,
        )
        path = urlsplit(response.headers["location"]).path
        match = GAME_PATH.match(path)
        if match is None:
            raise ResponseError(f"start a game: redirected to {path}")
        ledger = GameLedger(game_id=int(match[1]), player=self.username)
        with self.fleet.lock:
            self.fleet.ledgers[ledger.game_id] = ledger
        board = self.until_answered(
            "board", lambda: browser.request("GET", path), lambda r: r.status == 200
        ).body
        expected = expected_guesses(board)
        if expected != 0:
            raise ResponseError(f"{path}: a new game shows {expected} guesses")
        letters = sorted(LETTER_ORDER, key=lambda c: LETTER_ORDER.index(c) + self.rng.uniform(0, 6))
        for letter in letters:
            if self.fleet.think_s:
                time.sleep(self.fleet.think_s * self.rng.uniform(0.5, 1.5))
            ledger.sent.append(letter)
            body = self.guess(path, letter, expected, ledger)
            if 'id="game-over"' in body:
                ledger.over_seen = True
                return
            expected = expected_guesses(body)
            if time.monotonic() >= self.fleet.stop_at:
                return  # the game stays in progress; the check covers it too
        raise ResponseError(f"{path}: 26 letters guessed and the game is not over")

    def guess(self, path: str, letter: str, expected: int, ledger: GameLedger) -> str:
        """One guess, retried after a failure until the board shows it; the board's HTML."""

        def accepted(response: Response) -> bool:
            return response.status == 200 and response.body.lstrip().startswith(
                '<section id="board"'
            )

        while True:
            response = self.until_answered(
                f"guess {letter!r}",
                lambda: self.browser.request(
                    "POST",
                    f"{path}guess/",
                    {"letter": letter, "expected_guesses": expected},
                    headers={"HX-Request": "true", "HX-Current-URL": f"http://h{path}"},
                ),
                accepted,
            )
            body = response.body
            if "notice-error" not in body:
                ledger.acknowledged.append(letter)
                return body
            if applied_before(body, letter=letter, expected=expected):
                # An earlier try of this very guess was applied though its answer was lost:
                # the board (stale, or the game over since) shows it. Counted once.
                ledger.acknowledged.append(letter)
                return body
            raise ResponseError(f"guess {letter!r} refused: {notice_text(body)}")


def applied_before(body: str, *, letter: str, expected: int) -> bool:
    """Whether a refused guess's board shows it taken: an earlier try of it was applied.

    Each letter is sent once per game (its retries aside), so a board that shows it
    used is one of its own tries. Stale board: one guess more than the player saw.
    Game over (that try ended the game): the letter among the guessed chips.
    """
    if 'id="game-over"' in body:
        return (
            re.search(rf'<span class="chip chip-(hit|miss)">{letter.upper()}</span>', body)
            is not None
        )
    return STALE_NOTICE in body and expected_guesses(body) == expected + 1


def expected_guesses(page: str) -> int:
    match = EXPECTED_GUESSES.search(page)
    if match is None:
        raise ResponseError("board without a keyboard")
    return int(match[1])


def notice_text(body: str) -> str:
    match = re.search(r'<p class="notice notice-error">(.*?)</p>', body, re.S)
    return match[1] if match else body[:200]


def run_fleet(fleet: Fleet, players: int, *, during: Callable[[], None]) -> None:
    """Sign the players up, start them together, run ``during`` (the schedule), stop them."""
    ready = threading.Barrier(players + 1)
    threads = [FleetPlayer(number=n, fleet=fleet, ready=ready) for n in range(players)]
    for thread in threads:
        thread.start()
    try:
        ready.wait(timeout=120)
    except threading.BrokenBarrierError:
        raise SystemExit(f"players could not sign up: {fleet.errors[:3]}") from None
    try:
        during()
    finally:
        fleet.stop_at = min(fleet.stop_at, time.monotonic())
        for thread in threads:
            thread.join(timeout=60)
    if any(thread.is_alive() for thread in threads):
        fleet.errors.append("some players did not stop in time")
    fleet.requests_per_node = [  # type: ignore[attr-defined]
        sum(thread.browser.sent_to[index] for thread in threads)
        for index in range(len(fleet.ports))
    ]


# The check of every game against its replay --------------------------------------------------


@dataclass
class CheckReport:
    games: int = 0
    moves: int = 0
    lost: int = 0
    doubled: int = 0
    half_written: int = 0
    differing: list[str] = field(default_factory=list)


def check_games(ledgers: dict[int, GameLedger]) -> CheckReport:
    """Every game in the database (Django set up on it) against the engine's replay.

    ``games.selectors.replay_check.replay_mismatches`` re-runs the word-maker over the
    letters and compares each stored move and the game's state; here also the
    game row against its own moves, and the ledgers against both.
    """
    from collections import Counter

    from games.models import Game
    from games.selectors.replay_check import replay_mismatches

    report = CheckReport()
    for game in Game.objects.prefetch_related("move_rows").order_by("pk"):
        report.games += 1
        moves = list(game.move_rows.all())
        report.moves += len(moves)
        problems = replay_mismatches(game)
        if [move.number for move in moves] != list(range(1, len(moves) + 1)):
            problems.append(f"move numbers {[move.number for move in moves]}")
        stored_letters = "".join(move.letter for move in moves)
        if stored_letters != game.letters:
            problems.append(f"moves {stored_letters!r} but the game row {game.letters!r}")
        if game.is_over != (game.finished_at is not None):
            problems.append("finished_at disagrees with the status")
        if problems:
            report.half_written += 1
            report.differing.append(f"game {game.pk}: " + "; ".join(problems))
        ledger = ledgers.get(game.pk)
        if ledger is None:
            continue
        stored = Counter(game.letters)
        acknowledged = Counter(ledger.acknowledged)
        meant = Counter(ledger.sent)
        report.lost += sum((acknowledged - stored).values())
        report.doubled += sum((stored - meant).values()) + sum(
            count - 1 for count in stored.values() if count > 1
        )
        if game.letters[: len(ledger.acknowledged)] != "".join(ledger.acknowledged):
            report.differing.append(
                f"game {game.pk}: acknowledged {''.join(ledger.acknowledged)!r}, "
                f"stored {game.letters!r}"
            )
    missing = set(ledgers) - set(Game.objects.filter(pk__in=ledgers).values_list("pk", flat=True))
    report.lost += sum(len(ledgers[pk].acknowledged) for pk in missing)
    return report
