"""What a guess request costs, against the minimal signed-in page and a floor view.

Creates a throwaway PostgreSQL database ``evil_prof_<pid>`` (server from
DATABASE_URL, default the local PostgreSQL; a sqlite:// DATABASE_URL: a SQLite file in a
temporary folder instead), loads the default dictionary
(web2) and signs two players in. Each plays ``--games`` ranked games (word
lengths 4-12, hard, 8 wrong guesses) to their end through Django's test client
with the HTMX header, the same letters in the same order:

- the first through the site's guess view (``/games/<pk>/guess/``): the whole stack,
  middleware, session, user, the guess service and its queries, the board fragment;
- the second through a floor view defined here, not in the site: only the work a
  guess cannot do without (lock and load the game with its dictionary, rebuild the
  state and partition, insert the move, update the game, render the same fragment
  ``games/_guess_response.html`` from ``board_for``), behind the same middleware.

After each guess of the site the minimal signed-in page (``/ping/``: the same
middleware and no work) is asked once, so the three run side by side and share
whatever else the machine is doing. Each request's CPU time (``time.process_time``,
this process only: the database server's work shows in the queries) is kept; the
ratios are of medians over the same rounds. A guess that ends the game is
counted apart ("ending"); the floor's samples are its mid-game guesses. After each
ending the site's reveal is asked for, as the board does once the reveal scrolls into view
(``/games/<pk>/reveal/``): its own line, so what left the ending guess shows where it went.

Then a cProfile of the site's mid-game guesses split into parts, and, with
``--trace``, which of the project's modules one mid-game and one ending guess run
code in (``sys.setprofile`` over the request: modules, their packages, and how
often the running code switches from one project file to another).

    .venv/bin/python bench/profile_guess.py [--games 20] [--top 25] [--trace] [--queries]

The last line is ``guess <G>x ping (<q> queries, <F>x floor), ending <E>x ping
(<Q> queries)``.

Times only, never a verdict: ``--quick`` (what CI runs) or not, it fails only when a
guess is refused or a page does not answer.
"""

from __future__ import annotations

import argparse
import cProfile
import io
import os
import pstats
import random
import statistics
import sys
import time
import uuid
from collections.abc import Callable
from dataclasses import dataclass, field
from functools import partial
from pathlib import Path
from types import FrameType
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.support import ROOT, setup_django, throwaway_database

DEFAULT_DATABASE_URL = "postgres://postgres@127.0.0.1:5432/postgres"
LETTER_ORDER = "esiarntolcdupmghbyfvkwzxqj"
FLOOR_PATH = "bench-floor/"
TRANSACTION_CONTROL = ("BEGIN", "COMMIT", "ROLLBACK", "SAVEPOINT", "RELEASE SAVEPOINT")
# The parts of a guess request, each the cumulative time of the functions named
# (file suffix, function name); the first part listed that matches wins a frame.
PARTS: tuple[tuple[str, tuple[tuple[str, str], ...]], ...] = (
    ("guess service (lock, engine, writes)", (("games/services/play.py", "game_guess"),)),
    ("  of which: restore the game (engine)", (("games/selectors/replay.py", "game_state"),)),
    ("  of which: the word-maker (one guess)", (("games/engine/rules.py", "apply_guess"),)),
    ("render the board fragment", (("django/shortcuts.py", "render"),)),
    (
        "session load and save",
        (("sessions/backends/db.py", "load"), ("sessions/backends/db.py", "save")),
    ),
    ("user from the session", (("contrib/auth/__init__.py", "get_user"),)),
    ("the guess form", (("django/forms/forms.py", "full_clean"),)),
)


def parse_args() -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=20, help="games each player plays")
    parser.add_argument("--top", type=int, default=25, help="functions listed by the profile")
    parser.add_argument("--quick", action="store_true", help="3 games (CI: it still works)")
    parser.add_argument(
        "--trace", action="store_true", help="the project's modules a guess runs code in"
    )
    parser.add_argument(
        "--queries", action="store_true", help="print the SQL of one mid-game and ending guess"
    )
    args = parser.parse_args()
    if args.quick:
        args.games = 3
    return args


def main() -> None:
    args = parse_args()
    database_url = os.environ.get("DATABASE_URL") or DEFAULT_DATABASE_URL
    with throwaway_database(
        database_url,
        prefix="evil_prof",
        refusal="bench/profile_guess.py profiles on PostgreSQL or SQLite, not {scheme}",
        allow_sqlite=True,
    ) as url:
        setup_django(url)
        run(args)


def floor_guess(request: Any, pk: int) -> Any:
    """A guess doing only what it must (the bench's, never the site's): 5 queries with the
    session's and the user's. No refusals: the bench sends only good guesses."""
    from django.db import transaction
    from django.shortcuts import render
    from django.utils import timezone

    from games import engine
    from games.models import Game
    from games.selectors.board import board_for
    from games.selectors.replay import game_state
    from games.services.play import move_store

    letter = request.POST["letter"]
    with transaction.atomic():
        game = (
            Game.objects.select_for_update(of=("self",))
            .select_related("dictionary")
            .get(pk=pk, player=request.user)
        )
        report = engine.apply_guess(game_state(game), letter)[1]
        _, changed = move_store(game, report)  # the site's own write of a move
        if report.status is not engine.Status.PLAYING:  # not measured: the row stays valid
            game.word, game.finished_at = report.word or "-" * game.length, timezone.now()
            changed += ["word", "finished_at"]
        game.save(update_fields=changed)
    board = board_for(game)
    message = f"{'No' if report.miss else 'Yes'} {letter.upper()}."
    context = {
        "game": game,
        "board": board,
        "last_hint": None,
        "counts_as": board.counts_as,
        "notices": [{"message": message, "tags": "info"}],
        "announcement": message,
        "start_token": uuid.uuid4(),
    }
    if game.is_over:  # not measured; the end panel's reveal, which the fragment needs
        from games.selectors.reveal import game_reveal

        context["reveal"] = game_reveal(game)
    return render(request, "games/_guess_response.html", context)


def add_floor_url() -> None:
    """The floor view at /bench-floor/<pk>/, behind the site's middleware."""
    from django.urls import clear_url_caches, path

    from evilsite import urls

    urls.urlpatterns.append(path(FLOOR_PATH + "<int:pk>/", floor_guess))
    clear_url_caches()


@dataclass
class Samples:
    """CPU milliseconds and queries of one kind of request."""

    ms: list[float] = field(default_factory=list)
    queries: list[int] = field(default_factory=list)

    def add(self, ms: float, queries: int) -> None:
        self.ms.append(ms)
        self.queries.append(queries)

    @property
    def median(self) -> float:
        return statistics.median(self.ms)

    @property
    def median_queries(self) -> float:
        return statistics.median(self.queries)

    def spread(self) -> str:
        """The middle half of the times (quartiles) and the queries' range."""
        if len(self.ms) < 2:
            return "one sample"
        low, _, high = statistics.quantiles(self.ms, n=4)
        return (
            f"{self.median:6.2f} ms (middle half {low:.2f}-{high:.2f}, n={len(self.ms)}), "
            f"queries median {self.median_queries:g} (max {max(self.queries)})"
        )


@dataclass
class Trace:
    """The project's files a request ran code in, and how often the running code moved
    from one of them to another (Django's and the libraries' frames are skipped)."""

    modules: set[str] = field(default_factory=set)
    switches: int = 0
    _last: str = ""

    def profiler(self, frame: FrameType, event: str, arg: object) -> None:
        if event == "call":
            here: FrameType | None = frame
        elif event == "return":
            here = frame.f_back
        else:
            return
        while here is not None and not _in_project(here.f_code.co_filename):
            if event == "call":
                return  # a library's own frame: not the project's code running
            here = here.f_back
        if here is None:
            return
        name = here.f_code.co_filename
        self.modules.add(name)
        if self._last and name != self._last:
            self.switches += 1
        self._last = name

    def summary(self) -> str:
        packages = {Path(name).relative_to(ROOT).parts[0] for name in self.modules}
        return (
            f"{len(self.modules)} modules in {len(packages)} packages "
            f"({', '.join(sorted(packages))}), {self.switches} switches between files"
        )


_project_files: dict[str, bool] = {}


def _in_project(filename: str) -> bool:
    known = _project_files.get(filename)
    if known is None:
        path = Path(filename)
        known = (
            path.is_absolute()
            and path.is_relative_to(ROOT)
            and ".venv" not in path.parts
            and path.relative_to(ROOT).parts[0] != "bench"
        )
        _project_files[filename] = known
    return known


def statements(queries: Any) -> int:
    """The queries of a request, leaving out BEGIN, COMMIT and savepoints (which Django
    logs on PostgreSQL only): what the site asks the database, not how it wraps it."""
    return sum(
        1 for query in queries.captured_queries if not query["sql"].startswith(TRANSACTION_CONTROL)
    )


def run(args: argparse.Namespace) -> None:
    from django.conf import settings
    from django.contrib.auth import get_user_model
    from django.core.management import call_command
    from django.db import connection
    from django.test import Client
    from django.test.utils import CaptureQueriesContext

    from dictionaries.models import Dictionary
    from dictionaries.wordbank import get_lexicon

    settings.ALLOWED_HOSTS = [*settings.ALLOWED_HOSTS, "testserver"]
    add_floor_url()
    print("importing the default dictionary...", flush=True)
    # --quick: no par (the ending guess still reads it, and finds none), a minute sooner.
    skipped = "--no-par" if args.quick else "--no-priors"
    call_command("import_dictionary", "--default", skipped, "--no-progress", verbosity=0)
    dictionary = Dictionary.objects.get(is_default=True)
    users = get_user_model().objects
    site, floor = Client(), Client()
    site.force_login(users.create_user("profiler", password="profile-guess-8127"))
    floor.force_login(users.create_user("floorer", password="profile-guess-8127"))
    rng = random.Random(11)
    lengths = range(4, 13)
    for length in lengths:
        get_lexicon(dictionary_id=dictionary.pk, length=length)  # warm, as a running worker is

    def start_game(client: Client, length: int) -> str:
        response = client.post(
            "/games/new/",
            {
                "dictionary": dictionary.pk,
                "length": length,
                "max_misses": 8,
                "difficulty": "hard",
                "start_token": str(uuid.uuid4()),
            },
        )
        assert response.status_code == 302, response.status_code
        return response["Location"]

    def post(client: Client, url: str, letter: str, expected: int) -> str:
        response = client.post(
            url, {"letter": letter, "expected_guesses": expected}, headers={"HX-Request": "true"}
        )
        assert response.status_code == 200, response.status_code
        body = response.content.decode()
        assert "notice-error" not in body, body[:400]
        return body

    def reveal(url: str) -> None:
        response = site.get(url, headers={"HX-Request": "true"})
        assert response.status_code == 200, response.status_code
        assert b"chart-point" in response.content

    def ping() -> None:
        response = site.get("/ping/")
        assert response.status_code == 200, response.status_code

    def measured(request: Callable[[], object], samples: Samples | None) -> object:
        with CaptureQueriesContext(connection) as queries:
            started = time.process_time()
            result = request()
            elapsed = time.process_time() - started
        if samples is not None:
            samples.add(elapsed * 1000, statements(queries))
        return result

    guesses, endings, floors, pings = Samples(), Samples(), Samples(), Samples()
    reveals = Samples()
    profile = cProfile.Profile(time.process_time)  # CPU time, as the samples
    traces: dict[str, Trace] = {}
    shown: dict[str, list[str]] = {}
    for game_number in range(args.games):
        length = rng.choice(lengths)
        path, floor_path = start_game(site, length), start_game(floor, length)
        floor_url = "/" + FLOOR_PATH + floor_path.strip("/").split("/")[-1] + "/"
        letters = sorted(LETTER_ORDER, key=lambda c: LETTER_ORDER.index(c) + rng.uniform(0, 6))
        floor_over = False
        profiled = game_number % 4 == 2  # one game in four: the others' times stay clean
        for expected, letter in enumerate(letters):
            with CaptureQueriesContext(connection) as queries:
                started = time.process_time()
                if profiled:
                    profile.enable()
                body = post(site, f"{path}guess/", letter, expected)
                if profiled:
                    profile.disable()
                elapsed = (time.process_time() - started) * 1000
            ending = 'id="game-over"' in body
            if not profiled:
                (endings if ending else guesses).add(elapsed, statements(queries))
            kind = "ending" if ending else "mid-game"
            if args.queries and kind not in shown and (ending or expected == 3):
                shown[kind] = [query["sql"] for query in queries.captured_queries]
            if not floor_over:
                floor_sample = Samples()
                floor_body = measured(
                    partial(post, floor, floor_url, letter, expected), floor_sample
                )
                floor_over = 'id="game-over"' in str(floor_body)
                if not floor_over and not profiled:  # the floor is a mid-game guess's
                    floors.add(floor_sample.ms[0], floor_sample.queries[0])
            measured(ping, None if profiled else pings)
            if ending:
                # The reveal below the end panel, which the browser asks for once it scrolls
                # into view (on both screens, at once): its own request, reported apart.
                measured(partial(reveal, f"{path}reveal/"), None if profiled else reveals)
                break
        if not floor_over:  # the next ranked game needs none in progress
            floor.post(f"{floor_path}forfeit/")
    for kind, sqls in shown.items():
        print(f"\nthe queries of a {kind} guess ({len(sqls)}):")
        for sql in sqls:
            print(f"  {sql[:220]}")
    if args.trace:
        traces = trace_guesses(site, start_game, post)
    print_profile(profile, args.top)
    print("\nCPU time per request (this process), medians over the same rounds:")
    for label, samples in (
        ("guess, mid-game", guesses),
        ("guess that ends the game", endings),
        ("its reveal, asked after", reveals),
        ("floor guess (mid-game)", floors),
        ("minimal page /ping/", pings),
    ):
        print(f"  {label:<26} {samples.spread()}")
    for kind, trace in traces.items():
        print(f"  trace of a {kind} guess: {trace.summary()}")
    ping_ms = pings.median
    print(
        f"guess {guesses.median / ping_ms:.2f}x ping ({guesses.median_queries:g} queries, "
        f"{guesses.median / floors.median:.2f}x floor), "
        f"ending {endings.median / ping_ms:.2f}x ping ({endings.median_queries:g} queries)"
    )


def trace_guesses(
    client: Any, start_game: Callable[[Any, int], str], post: Callable[..., str]
) -> dict[str, Trace]:
    """One more game, played to its end: the trace of its fourth guess and of its last."""
    traces: dict[str, Trace] = {}
    path = start_game(client, 6)
    for expected, letter in enumerate(LETTER_ORDER):
        trace = Trace()
        sys.setprofile(trace.profiler)
        try:
            body = post(client, f"{path}guess/", letter, expected)
        finally:
            sys.setprofile(None)
        if expected == 3:
            traces["mid-game"] = trace
        if 'id="game-over"' in body:
            traces["ending"] = trace
            break
    return traces


def print_profile(profile: cProfile.Profile, top: int) -> None:
    try:
        stats = pstats.Stats(profile)
    except TypeError:  # nothing was profiled (a single game)
        return
    total = max(stats.total_tt, 1e-9)  # type: ignore[attr-defined]
    print(f"\nprofile of the guesses of one game in four ({total * 1000:.0f} ms profiled):")
    for label, entries in PARTS:
        cumulative = 0.0
        for (filename, _line, function), row in stats.stats.items():  # type: ignore[attr-defined]
            if any(filename.endswith(suffix) and function == name for suffix, name in entries):
                cumulative += row[3]
        print(f"  {label:<44} {100 * cumulative / total:5.1f} %")
    buffer = io.StringIO()
    pstats.Stats(profile, stream=buffer).sort_stats("cumulative").print_stats(top)
    print("\n".join(line for line in buffer.getvalue().splitlines() if line.strip())[:6000])


if __name__ == "__main__":
    from support import run_bench  # bench/ is on the path of a script run from it

    run_bench(main, __file__)
