"""How long fiendish takes to answer a game's first guess, with and without remembered values.

Run from the repository root: ``.venv/bin/python bench/first_replies.py``. No
database: the words are the ``english-words`` web2 list, the default
dictionary. The first replies are the slowest a player meets (the whole bucket
is split and every big family valued), and they are the same for every
unranked game on a word list and for everyone playing the day's daily.

For each length from 3 to 6, every letter is played as the first guess of a
new fiendish game (8 wrong guesses, the site's default), four ways side by
side in one run, so the machine's load weighs on each alike:

- ``before, first``: family values not remembered (``FAMILY_VALUES`` off), a
  new lexicon: the first player ever to open with that letter.
- ``before, again``: the same letters again on that lexicon, as the next
  player: only the exact values of small sets are remembered (as before).
- ``after, first``: the memo on and empty, a new lexicon.
- ``after, again``: the next player, the family values remembered.

Each game is also played as the daily would be (its secret vocabulary, one
seed for everyone): ``daily`` rows, memo on, first and again.

Times are CPU seconds of this process (``time.process_time``), so other jobs
on a shared machine count less than on a wall clock; medians and maxima per
length. Every reply is checked to keep the same family, with the same values
and node counts, with and without the memo. ``--quick`` plays 5 letters at
lengths 3 and 4 only, so the script cannot rot unseen.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from dictionaries.sources import default_word_source
from games.engine import (
    ALPHABET,
    DAILY_VOCABULARY,
    Difficulty,
    Lexicon,
    MoveReport,
    apply_guess,
    new_game,
)
from games.engine.lookahead import FAMILY_VALUES, FAMILY_VALUES_KEPT
from games.engine.search import search_tables

LENGTHS = range(3, 7)
MAX_MISSES = 8
SEED = 2026


def first_replies(
    lexicon: Lexicon, letters: str, *, daily: bool = False
) -> tuple[list[float], list[tuple[object, ...]]]:
    """CPU seconds of each letter's first reply, and what each reply decided."""
    seconds: list[float] = []
    decided: list[tuple[object, ...]] = []
    for letter in letters:
        state = new_game(
            lexicon,
            max_misses=MAX_MISSES,
            difficulty=Difficulty.FIENDISH,
            seed=SEED,
            seeded_ties=daily,
            vocabulary=DAILY_VOCABULARY if daily else 1000,
        )
        started = time.process_time()
        _, report = apply_guess(state, letter)
        seconds.append(time.process_time() - started)
        decided.append(decision(report))
    return seconds, decided


def decision(report: MoveReport) -> tuple[object, ...]:
    return (report.pattern, report.values, report.search_nodes)


def describe(seconds: list[float]) -> str:
    milliseconds = [second * 1000 for second in seconds]
    return f"{statistics.median(milliseconds):>8.1f} {max(milliseconds):>8.1f}"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--quick", action="store_true", help="5 letters, lengths 3-4")
    options = parser.parse_args()
    lengths, letters = (range(3, 5), "eaost") if options.quick else (LENGTHS, ALPHABET)
    buckets: dict[int, list[str]] = {}
    for word in default_word_source():
        if len(word) in lengths:
            buckets.setdefault(len(word), []).append(word)
    print(f"{'length':>6} {'words':>7} {'way':<16} {'median ms':>9} {'max ms':>8}")
    totals: dict[str, list[float]] = {}
    for length in lengths:
        rows: list[tuple[str, list[float]]] = []
        FAMILY_VALUES.kept = 0
        FAMILY_VALUES.clear()
        lexicon = Lexicon(buckets[length])
        search_tables(lexicon)
        cold, expected = first_replies(lexicon, letters)
        warm, again = first_replies(lexicon, letters)
        assert again == expected
        rows += [("before, first", cold), ("before, again", warm)]
        FAMILY_VALUES.kept = FAMILY_VALUES_KEPT
        lexicon = Lexicon(buckets[length])
        search_tables(lexicon)
        for way in ("after, first", "after, again"):
            seconds, decided = first_replies(lexicon, letters)
            assert decided == expected, f"length {length}: the memo changed a reply ({way})"
            rows.append((way, seconds))
        daily_expected = None
        for way in ("daily, first", "daily, again"):
            seconds, decided = first_replies(lexicon, letters, daily=True)
            assert daily_expected in (None, decided)
            daily_expected = decided
            rows.append((way, seconds))
        for way, seconds in rows:
            print(f"{length:>6} {len(lexicon):>7,} {way:<16} {describe(seconds)}", flush=True)
            totals.setdefault(way, []).extend(seconds)
    print(f"memo: {len(FAMILY_VALUES)} entries, {FAMILY_VALUES.hits} hits")
    print(
        "first replies, every length: "
        + ", ".join(
            f"{way} {statistics.median(seconds) * 1000:.1f} ms"
            for way, seconds in totals.items()
            if way.startswith(("before", "after"))
        )
    )


if __name__ == "__main__":
    from support import run_bench  # bench/ is on the path of a script run from it

    run_bench(main, __file__)
