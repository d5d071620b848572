"""Where a guess request spends its time: a profile of whole requests, in process.

Creates a throwaway PostgreSQL database ``evil_prof_<pid>`` (server from
DATABASE_URL, default the local PostgreSQL), loads the default dictionary
(web2), signs a player in, and plays ``--games`` games of up to 12 guesses
(word lengths 4-12, hard, 8 wrong guesses) through Django's test client with
the HTMX header, so each guess runs the whole stack: middleware, session,
authentication, the guess service and its queries, the board fragment. A
minimal signed-in page (``/ping/``: the same middleware and no work) is
requested as often, for the floor.

It prints the median time of a guess and of the minimal page (no profiler),
the queries of each, and then a cProfile of the guesses split into parts:
each part's share is the cumulative time of its entry points.

    .venv/bin/python bench/profile_guess.py [--games 40] [--top 25]

The last line is ``guess <ms> ms (<q> queries), minimal page <ms> ms (<q> queries)``.

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
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.support import setup_django, throwaway_database

DEFAULT_DATABASE_URL = "postgres://postgres@127.0.0.1:5432/postgres"
LETTER_ORDER = "esiarntolcdupmghbyfvkwzxqj"
GUESSES_PER_GAME = 12
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
    parser.add_argument("--games", type=int, default=40, help="games to play (profiled)")
    parser.add_argument("--top", type=int, default=25, help="functions to list by own time")
    parser.add_argument("--quick", action="store_true", help="3 games (CI: it still works)")
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
        refusal="bench/profile_guess.py profiles on PostgreSQL: set DATABASE_URL=postgres://...",
    ) as url:
        setup_django(url)
        run(args)


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
    print("importing the default dictionary...", flush=True)
    call_command("import_dictionary", "--default", "--no-priors", "--no-progress", verbosity=0)
    dictionary = Dictionary.objects.get(is_default=True)
    user = get_user_model().objects.create_user("profiler", password="profile-guess-8127")
    client = Client()
    client.force_login(user)
    rng = random.Random(11)
    lengths = range(4, 13)
    for length in lengths:
        get_lexicon(dictionary_id=dictionary.pk, length=length)  # warm, as a running worker is

    def start_game() -> str:
        response = client.post(
            "/games/new/",
            {
                "dictionary": dictionary.pk,
                "length": rng.choice(lengths),
                "max_misses": 8,
                "difficulty": "hard",
            },
        )
        assert response.status_code == 302, response.status_code
        return response["Location"]

    def guess(path: str, letter: str, expected: int) -> str:
        response = client.post(
            f"{path}guess/",
            {"letter": letter, "expected_guesses": expected},
            headers={"HX-Request": "true"},
        )
        assert response.status_code == 200, response.status_code
        body = response.content.decode()
        assert "notice-error" not in body, body[:400]
        return body

    def ping() -> None:
        response = client.get("/ping/")
        assert response.status_code == 200, response.status_code

    guess_ms: list[float] = []
    ping_ms: list[float] = []
    guess_queries: list[int] = []
    ping_queries: list[int] = []
    profile = cProfile.Profile()
    for game_number in range(args.games):
        path = start_game()
        letters = sorted(LETTER_ORDER, key=lambda c: LETTER_ORDER.index(c) + rng.uniform(0, 6))
        profiled = game_number % 2 == 1  # every other game: timings stay free of the profiler
        for expected, letter in enumerate(letters[:GUESSES_PER_GAME]):
            with CaptureQueriesContext(connection) as queries:
                started = time.perf_counter()
                if profiled:
                    profile.enable()
                body = guess(path, letter, expected)
                if profiled:
                    profile.disable()
                elapsed = time.perf_counter() - started
            if not profiled:
                guess_ms.append(elapsed * 1000)
            guess_queries.append(len(queries))
            with CaptureQueriesContext(connection) as queries:
                started = time.perf_counter()
                ping()
                ping_ms.append((time.perf_counter() - started) * 1000)
            ping_queries.append(len(queries))
            if 'id="game-over"' in body:
                break
        else:
            client.post(f"{path}forfeit/")  # the next ranked game needs none in progress

    stats = pstats.Stats(profile)
    total = max(stats.total_tt, 1e-9)  # type: ignore[attr-defined]
    print(f"\nprofile of {len(guess_queries) // 2} guesses ({total * 1000:.0f} ms profiled):")
    for label, entries in PARTS:
        cumulative = 0.0
        for (filename, _line, function), row in stats.stats.items():  # type: ignore[attr-defined]
            if any(filename.endswith(suffix) and function == name for suffix, name in entries):
                cumulative += row[3]
        print(f"  {label:<44} {100 * cumulative / total:5.1f} %")
    buffer = io.StringIO()
    pstats.Stats(profile, stream=buffer).sort_stats("cumulative").print_stats(args.top)
    print("\n".join(line for line in buffer.getvalue().splitlines() if line.strip())[:6000])
    guess_p50 = statistics.median(guess_ms)
    ping_p50 = statistics.median(ping_ms)
    print(
        f"queries per guess: median {statistics.median(guess_queries):g}, "
        f"max {max(guess_queries)}; per minimal page: {statistics.median(ping_queries):g}"
    )
    print(
        f"guess {guess_p50:.2f} ms ({statistics.median(guess_queries):g} queries), "
        f"minimal page {ping_p50:.2f} ms ({statistics.median(ping_queries):g} queries)"
    )


if __name__ == "__main__":
    main()
