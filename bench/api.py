"""Guesses through the API beside the same guesses through the HTMX board, in one run.

Creates a throwaway PostgreSQL database ``evil_apibench_<pid>`` (server from
DATABASE_URL, default the local PostgreSQL), loads the default dictionary
(web2; ``--quick``: 3,000 made-up words), and plays ``--games`` pairs of
games (hard, 8 wrong guesses, lengths 4-8), one through ``/api/v1/`` with a
bearer token and one through the board with a session and ``HX-Request``,
in turns and with the same letters, so the machine's load falls on both
alike. Both paths call the same guess service; the difference is the layer
around it (the API: token lookup and its rate counts, JSON; the board: the
session, the form, the board fragment). In process, through Django's test
client: the whole middleware stack, no network.

Then ``--bots`` programs (20; ``--quick``: 4) play at once against gunicorn
(2 workers, as bench/load.py starts it) with ``examples/bots/guesser.py``'s
client, each its own account and token, ``--bot-games`` games each: the p50
and p99 of an API guess under that load.

    .venv/bin/python bench/api.py [--games 30] [--bots 20] [--bot-games 5] [--quick]

The last line is ``api <n>/s (p50 <ms> ms, p99 <ms> ms), board <n>/s (p50 <ms> ms),
api/board <x>; <N> bots at once: p50 <ms> ms, p99 <ms> ms``.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import statistics
import sys
import tempfile
import threading
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "examples" / "bots"))

from bench.site_under_test import HOST, gunicorn, prepare, server_environment
from bench.support import setup_django, throwaway_database

DEFAULT_DATABASE_URL = "postgres://postgres@127.0.0.1:5432/postgres"
LETTER_ORDER = "esiarntolcdupmghbyfvkwzxqj"
GUESSES_PER_GAME = 12
LENGTHS = range(4, 9)


def parse_args() -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=30, help="pairs of games to play")
    parser.add_argument("--bots", type=int, default=20, help="bots playing at once")
    parser.add_argument("--bot-games", type=int, default=5, help="games each bot plays")
    parser.add_argument("--quick", action="store_true", help="4 pairs on 3,000 words, 4 bots")
    args = parser.parse_args()
    if args.quick:
        args.games, args.bots, args.bot_games = 4, 4, 2
    return args


def main() -> None:
    args = parse_args()
    database_url = os.environ.get("DATABASE_URL") or DEFAULT_DATABASE_URL
    with throwaway_database(
        database_url,
        prefix="evil_apibench",
        refusal="bench/api.py measures on PostgreSQL: set DATABASE_URL=postgres://...",
    ) as url:
        setup_django(url)
        line = run(args)
        secrets = bot_tokens(args.bots)
        with tempfile.TemporaryDirectory(prefix="evil_apibench_static_") as static_root:
            env = server_environment(url, static_root=Path(static_root))
            env.update(
                RATE_LIMIT_API_REQUEST="1000000/m",
                RATE_LIMIT_API_GAME_START="1000000/m",
                RATE_LIMIT_API_REQUEST_PER_ADDRESS="1000000/m",
            )
            prepare(env, default_dictionary=False)
            with gunicorn(env, workers=2, threads=1) as port:
                line += "; " + bots_at_once(port, secrets, args)
    print(line)


def made_up_words(count: int, rng: random.Random) -> list[str]:
    letters = "etaoinshrdlcumwfgypbvkjxqz"
    weights = list(range(len(letters), 0, -1))
    words = {
        "".join(rng.choices(letters, weights, k=rng.choice(LENGTHS))) for _ in range(count * 2)
    }
    return sorted(words)[:count]


def run(args: argparse.Namespace) -> str:
    from django.conf import settings
    from django.contrib.auth import get_user_model
    from django.core.management import call_command
    from django.test import Client

    from api.services import api_token_create
    from dictionaries.models import Dictionary, Word
    from dictionaries.wordbank import get_lexicon

    settings.ALLOWED_HOSTS = [*settings.ALLOWED_HOSTS, "testserver"]
    # Counted as in production, with rates no run reaches.
    settings.RATE_LIMITS = {**settings.RATE_LIMITS, "api_request": "1000000/m"}
    settings.RATE_LIMITS["api_game_start"] = settings.RATE_LIMITS["game_start"] = "1000000/m"
    settings.RATE_LIMITS_PER_ADDRESS = {
        **settings.RATE_LIMITS_PER_ADDRESS,
        "api_request": "1000000/m",
        "game_start": "1000000/m",
    }
    rng = random.Random(17)
    if args.quick:
        dictionary = Dictionary.objects.create(name="Quick", slug="quick", is_default=True)
        words = made_up_words(3000, rng)
        Word.objects.bulk_create(Word(dictionary=dictionary, text=w, length=len(w)) for w in words)
    else:
        print("importing the default dictionary...", flush=True)
        call_command("import_dictionary", "--default", "--no-priors", "--no-progress", verbosity=0)
        dictionary = Dictionary.objects.get(is_default=True)
    for length in LENGTHS:
        get_lexicon(dictionary_id=dictionary.pk, length=length)  # warm, as a running worker is
    user = get_user_model().objects.create_user("bencher", password="bench-api-5521")
    _, secret = api_token_create(user=user, name="bench")
    board = Client()
    board.force_login(user)
    bot = Client(HTTP_AUTHORIZATION=f"Bearer {secret}")

    def api_game(length: int) -> int:
        body = {"dictionary": dictionary.slug, "length": length, "max_misses": 8}
        response = bot.post(
            "/api/v1/games", json.dumps({**body, "difficulty": "hard"}), "application/json"
        )
        assert response.status_code == 201, response.content
        return int(response.json()["id"])

    def api_guess(game_id: int, letter: str, expected: int) -> bool:
        response = bot.post(
            f"/api/v1/games/{game_id}/guesses",
            json.dumps({"letter": letter, "expected_guesses": expected}),
            "application/json",
        )
        assert response.status_code == 200, response.content
        return response.json()["game"]["status"] != "playing"

    def board_game(length: int) -> str:
        response = board.post(
            "/games/new/",
            {
                "dictionary": dictionary.pk,
                "length": length,
                "max_misses": 8,
                "difficulty": "hard",
                "show_word_count": "on",  # unranked, as a bot game is
            },
        )
        assert response.status_code == 302, response.status_code
        return str(response["Location"])

    def board_guess(path: str, letter: str, expected: int) -> bool:
        response = board.post(
            f"{path}guess/",
            {"letter": letter, "expected_guesses": expected},
            headers={"HX-Request": "true"},
        )
        assert response.status_code == 200, response.status_code
        body = response.content.decode()
        assert "notice-error" not in body, body[:400]
        return 'id="game-over"' in body

    api_ms: list[float] = []
    board_ms: list[float] = []
    for _ in range(args.games):
        length = rng.choice(LENGTHS)
        letters = sorted(LETTER_ORDER, key=lambda c: LETTER_ORDER.index(c) + rng.uniform(0, 6))
        game_id, path = api_game(length), board_game(length)
        api_over = board_over = False
        for expected, letter in enumerate(letters[:GUESSES_PER_GAME]):
            if not api_over:
                started = time.perf_counter()
                api_over = api_guess(game_id, letter, expected)
                api_ms.append((time.perf_counter() - started) * 1000)
            if not board_over:
                started = time.perf_counter()
                board_over = board_guess(path, letter, expected)
                board_ms.append((time.perf_counter() - started) * 1000)
            if api_over and board_over:
                break

    api_rate = len(api_ms) / (sum(api_ms) / 1000)
    board_rate = len(board_ms) / (sum(board_ms) / 1000)
    print(f"{'path':<8} {'guesses':>8} {'per s':>8} {'p50 ms':>8} {'p99 ms':>8}")
    for name, values, rate in (("api", api_ms, api_rate), ("board", board_ms, board_rate)):
        print(
            f"{name:<8} {len(values):>8} {rate:>8.1f} "
            f"{statistics.median(values):>8.2f} {p99(values):>8.2f}"
        )
    return (
        f"api {api_rate:.0f}/s (p50 {statistics.median(api_ms):.2f} ms, p99 {p99(api_ms):.2f} ms), "
        f"board {board_rate:.0f}/s (p50 {statistics.median(board_ms):.2f} ms), "
        f"api/board {api_rate / board_rate:.2f}"
    )


def p99(values: list[float]) -> float:
    return sorted(values)[min(len(values) - 1, int(len(values) * 0.99))]


def bot_tokens(count: int) -> list[str]:
    """A token for each bot, each of its own account (the per-account limits stay apart)."""
    from django.contrib.auth import get_user_model

    from api.services import api_token_create

    model = get_user_model()
    return [
        api_token_create(user=model.objects.create_user(f"bot{n}"), name=f"bot {n}")[1]
        for n in range(count)
    ]


def bots_at_once(port: int, secrets: list[str], args: argparse.Namespace) -> str:
    """Every bot plays its games at the same time; each guess request is timed."""
    from guesser import Api, choose

    from dictionaries.models import Dictionary

    slug = Dictionary.objects.get(is_default=True).slug
    timings: list[float] = []
    lock = threading.Lock()

    def bot(secret: str, number: int) -> None:
        api = Api(f"http://{HOST}:{port}", secret)
        rng = random.Random(number)
        for _ in range(args.bot_games):
            body = {"dictionary": slug, "length": rng.choice(LENGTHS), "max_misses": 8}
            game = api.call("POST", "/games", {**body, "difficulty": "hard"})
            while game["status"] == "playing":
                guess = {"letter": choose(game), "expected_guesses": game["guesses"]}
                started = time.perf_counter()
                game = api.call("POST", f"/games/{game['id']}/guesses", guess)["game"]
                elapsed = (time.perf_counter() - started) * 1000
                with lock:
                    timings.append(elapsed)

    threads = [threading.Thread(target=bot, args=(s, n)) for n, s in enumerate(secrets)]
    started = time.perf_counter()
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    seconds = time.perf_counter() - started
    print(
        f"{len(secrets)} bots at once through gunicorn: {len(timings)} guesses in {seconds:.1f} s "
        f"({len(timings) / seconds:.0f}/s), p50 {statistics.median(timings):.1f} ms, "
        f"p99 {p99(timings):.1f} ms"
    )
    return (
        f"{len(secrets)} bots at once: p50 {statistics.median(timings):.1f} ms, "
        f"p99 {p99(timings):.1f} ms"
    )


if __name__ == "__main__":
    from support import run_bench  # bench/ is on the path of a script run from it

    run_bench(main, __file__)
