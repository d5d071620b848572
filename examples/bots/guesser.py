#!/usr/bin/env python3
"""A guesser bot for Evil Hangman's API: plays N games and prints a summary.

Standard library only, so it runs anywhere Python 3.10+ does, and short, so it
is a starting point: replace ``choose`` with your own strategy.

    python examples/bots/guesser.py --url http://127.0.0.1:8000 --token eh_... --games 5

The token comes from your Account page (or ``manage.py api_token USERNAME``);
``--token`` may be left out when ``EVIL_HANGMAN_TOKEN`` is set.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import time
import urllib.error
import urllib.request
from collections import Counter
from typing import Any

# English letters, most frequent first: the fallback order of the strategy below.
FREQUENCY = "etaoinshrdlcumwfgypbvkjxqz"


class Api:
    def __init__(self, url: str, token: str) -> None:
        self.base = url.rstrip("/") + "/api/v1"
        self.token = token

    def call(self, method: str, path: str, body: dict[str, Any] | None = None) -> Any:
        """One request; waits and retries once when told to slow down (429)."""
        data = json.dumps(body).encode() if body is not None else None
        request = urllib.request.Request(
            self.base + path,
            data=data,
            method=method,
            headers={"Authorization": f"Bearer {self.token}", "Content-Type": "application/json"},
        )
        for attempt in range(2):
            try:
                with urllib.request.urlopen(request, timeout=30) as response:
                    return json.load(response)
            except urllib.error.HTTPError as error:
                payload = json.load(error)
                if error.code == 429 and attempt == 0:
                    time.sleep(int(error.headers.get("Retry-After", "1")))
                    continue
                message = payload["error"]["message"]
                raise SystemExit(f"{method} {path}: {error.code} {message}") from None
        raise AssertionError("unreachable")


def choose(game: dict[str, Any]) -> str:
    """The next letter: the most frequent one not tried yet (improve me)."""
    return next(letter for letter in FREQUENCY if letter not in game["letters"])


def play(api: Api, settings: dict[str, Any]) -> dict[str, Any]:
    game = api.call("POST", "/games", settings)
    while game["status"] == "playing":
        guess = {"letter": choose(game), "expected_guesses": game["guesses"]}
        game = api.call("POST", f"/games/{game['id']}/guesses", guess)["game"]
    return game


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--url", default="http://127.0.0.1:8000")
    parser.add_argument("--token", default=os.environ.get("EVIL_HANGMAN_TOKEN"))
    parser.add_argument("--games", type=int, default=5)
    parser.add_argument("--dictionary", default=None, help="a slug; default: the site's")
    parser.add_argument("--length", type=int, default=6)
    parser.add_argument("--max-misses", type=int, default=8)
    parser.add_argument("--difficulty", default="hard")
    args = parser.parse_args(argv)
    if not args.token:
        parser.error("give --token or set EVIL_HANGMAN_TOKEN")
    api = Api(args.url, args.token)
    settings = {
        "dictionary": args.dictionary,
        "length": args.length,
        "max_misses": args.max_misses,
        "difficulty": args.difficulty,
    }
    results: Counter[str] = Counter()
    misses = []
    for number in range(1, args.games + 1):
        game = play(api, settings)
        results[game["status"]] += 1
        misses.append(game["misses"])
        print(f"game {number}: {game['status']} with {game['misses']} misses, word {game['word']}")
    average = sum(misses) / len(misses) if misses else 0.0
    print(
        f"summary: {args.games} games, {results['won']} won, {results['lost']} lost, "
        f"average misses {average:.2f}"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
