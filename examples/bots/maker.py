#!/usr/bin/env python3
"""A word-maker bot for Evil Hangman's API: the site's AI guesser asks letters, this bot
answers where they are, choosing as late as it can: plays N games and prints a summary.

Standard library only; it speaks to the API with ``guesser.Api`` from this folder.
It must know the words: give it the same word list as the site's dictionary.

    python examples/bots/maker.py --url http://127.0.0.1:8000 --words words.txt --games 5

Its strategy is the classic evil one: of the answers the words still possible
allow, give the one that keeps the most words (replace ``choose`` with yours).
"""

from __future__ import annotations

import argparse
import os
import sys
from collections import defaultdict
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

from guesser import Api


def answer_options(words: list[str], letter: str) -> dict[tuple[int, ...], list[str]]:
    """The words still possible, grouped by where ``letter`` is in them."""
    families: dict[tuple[int, ...], list[str]] = defaultdict(list)
    for word in words:
        families[tuple(i for i, char in enumerate(word) if char == letter)].append(word)
    return families


def choose(families: dict[tuple[int, ...], list[str]]) -> tuple[int, ...]:
    """The biggest family; a miss first among equals (it costs the guesser a wrong guess)."""
    return max(families, key=lambda positions: (len(families[positions]), not positions))


def play(api: Api, words: list[str], settings: dict[str, Any]) -> dict[str, Any]:
    game = api.call("POST", "/maker-games", settings)
    possible = [word for word in words if len(word) == game["length"]]
    while game["status"] == "playing":
        families = answer_options(possible, game["asked"])
        positions = choose(families)
        possible = families[positions]
        body = {"positions": list(positions), "expected_guesses": game["guesses"]}
        game = api.call("POST", f"/maker-games/{game['id']}/answers", body)
    return game


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--url", default="http://127.0.0.1:8000")
    parser.add_argument("--token", default=os.environ.get("EVIL_HANGMAN_TOKEN"))
    parser.add_argument("--words", required=True, help="the dictionary's words, one a line")
    parser.add_argument("--games", type=int, default=5)
    parser.add_argument("--dictionary", default=None, help="a slug; default: the site's")
    parser.add_argument("--length", type=int, default=6)
    parser.add_argument("--max-misses", type=int, default=8)
    args = parser.parse_args(argv)
    if not args.token:
        parser.error("give --token or set EVIL_HANGMAN_TOKEN")
    lines = Path(args.words).read_text(encoding="utf-8").splitlines()
    words = sorted({line.strip().lower() for line in lines if line.strip().isalpha()})
    api = Api(args.url, args.token)
    settings = {"dictionary": args.dictionary, "length": args.length, "max_misses": args.max_misses}
    forced = []
    hanged = 0
    for number in range(1, args.games + 1):
        game = play(api, words, settings)
        forced.append(game["misses"])
        hanged += game["status"] == "hanged"
        print(f"game {number}: {game['status']}, {game['misses']} wrong guesses forced")
    average = sum(forced) / len(forced) if forced else 0.0
    print(
        f"summary: {args.games} games, the guesser hanged in {hanged}, "
        f"average misses forced {average:.2f}"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
