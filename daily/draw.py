"""What a day's puzzle is: its number, challenge and seed, drawn from the date alone.

Pure functions, no database: every process draws the same puzzle for the
same date. The challenge (word length, wrong guesses allowed) comes from a plain
hash of the date, so anyone may know it; the seed comes from a keyed hash
(the site's secret key), so nobody can replay the day's families offline
before playing.

The wrong guesses allowed follow the word length. Against fiendish, on the
default dictionary, a strong guesser that knows the whole word list still
uses 11 misses at 7 letters, 9 at 8, 7 at 9 and about 5 from 10 to 12
(``bench/adversary.py``); a person needs a little more room than that, so
each length has a range a few misses above those, and the date picks in it.
"""

from __future__ import annotations

import datetime as dt
import hashlib
import random
from collections.abc import Sequence
from dataclasses import dataclass

from django.utils.crypto import salted_hmac

from games.engine import Difficulty

DIFFICULTY = Difficulty.FIENDISH
# The lengths a daily puzzle prefers, and the wrong guesses allowed at each (inclusive).
WRONG_GUESSES_BY_LENGTH: dict[int, tuple[int, int]] = {
    7: (12, 14),
    8: (10, 12),
    9: (8, 10),
    10: (7, 9),
    11: (6, 8),
    12: (6, 7),
}
# Lengths outside the table (a dictionary without those lengths): a middle range.
OTHER_WRONG_GUESSES = (8, 10)
SEED_BITS = 62


@dataclass(frozen=True)
class DaySettings:
    length: int
    max_misses: int


def puzzle_number(day: dt.date, *, first_day: dt.date) -> int:
    """1 on ``first_day``, 2 the day after, and so on (0 or less: before the first)."""
    return (day - first_day).days + 1


def _date_random(day: dt.date) -> random.Random:
    digest = hashlib.blake2b(f"daily-board:{day.isoformat()}".encode(), digest_size=8).digest()
    return random.Random(int.from_bytes(digest, "big"))


def draw_settings(
    day: dt.date, lengths: Sequence[tuple[int, int]], *, min_words: int
) -> DaySettings:
    """The day's word length and wrong guesses allowed, from the ``(length, words)`` on offer.

    Prefers the table's lengths with at least ``min_words`` words (a ranked
    bucket); a dictionary without any falls back to its ranked lengths, then
    to any length it has.
    """
    ranked = sorted(length for length, words in lengths if words >= min_words)
    preferred = [length for length in ranked if length in WRONG_GUESSES_BY_LENGTH]
    choices = preferred or ranked or sorted(length for length, _ in lengths)
    if not choices:
        raise ValueError("a daily puzzle needs a dictionary with words")
    rng = _date_random(day)
    length = rng.choice(choices)
    low, high = WRONG_GUESSES_BY_LENGTH.get(length, OTHER_WRONG_GUESSES)
    return DaySettings(length=length, max_misses=rng.randint(low, high))


def draw_seed(day: dt.date) -> int:
    """The seed every attempt of the day plays with; unguessable without the secret key."""
    digest = salted_hmac("daily.draw_seed", day.isoformat(), algorithm="sha256").digest()
    return int.from_bytes(digest[:8], "big") >> (64 - SEED_BITS)
