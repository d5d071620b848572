"""How fast the engine is on the biggest bucket a player can pick, against the naive way.

Run from the repository root: ``.venv/bin/python bench/engine.py``. Two lists, side by
side in one run: English, straight from the ``english-words`` package (the web2 list the
default dictionary is made of), and Russian, wordfreq's commonest words kept to the 33
lower-case letters (its 200,000 commonest, whose largest bucket is about web2's size;
50,000 with ``--quick``), built in process: no database, no download. The last line is
the partition speed-up over the string-pattern dictionary the course seeds describe; the
goals are a speed-up of at least 20, a whole game replay under 5 ms (median) and a
lexicon build well under a second, for each list.

The goals are printed, met or NOT met (bench/support.py's goal lines), and never fail
the run, ``--quick`` (what CI runs) or not: they are times, and CI's machine is shared.
It exits 1 only when the engine and the naive partition disagree (a wrong result).
"""

from __future__ import annotations

import argparse
import re
import statistics
import sys
import time
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import wordfreq
from english_words import get_english_words_set

from bench.support import goal
from games.engine import (
    ALPHABET,
    GameState,
    Lexicon,
    apply_guess,
    new_game,
    partition,
    replay,
)

ENGLISH_ORDER = "esiarntolcdupmghbyfvkwzxqj"  # roughly by frequency, as a player would try
RUSSIAN = "абвгдеёжзийклмнопрстуфхцчшщъыьэюя"
RUSSIAN_TOP, RUSSIAN_TOP_QUICK = 200_000, 50_000
PARTITION_ROUNDS = 21
REPLAY_ROUNDS = 51
BUILD_ROUNDS = 7
GOAL_SPEED_UP = 20.0
GOAL_REPLAY_SECONDS = 0.005
GOAL_BUILD_SECONDS = 1.0


@dataclass(frozen=True)
class WordList:
    name: str
    words: list[str]
    alphabet: str
    load_seconds: float
    order: str = ""  # the letters a player tries, commonest first ("": by the bucket's counts)


@dataclass(frozen=True)
class Result:
    """One list's medians (seconds) and spreads (max - min over the rounds)."""

    length: int
    bucket: int
    first_guess: str
    families: int
    build: float
    build_spread: float
    engine: float
    engine_spread: float
    naive: float
    replays: tuple[tuple[int, int, float], ...]  # (wrong guesses allowed, guesses, median)

    @property
    def speed_up(self) -> float:
        return self.naive / self.engine


def english() -> WordList:
    started = time.perf_counter()
    word = re.compile(r"[a-z]+")
    words = sorted(w for w in get_english_words_set(["web2"]) if word.fullmatch(w))
    return WordList("English (web2)", words, ALPHABET, time.perf_counter() - started, ENGLISH_ORDER)


def russian(top: int) -> WordList:
    started = time.perf_counter()
    letters = set(RUSSIAN)
    words = sorted({w for w in wordfreq.top_n_list("ru", top) if w and set(w) <= letters})
    return WordList(f"Russian (top {top:,})", words, RUSSIAN, time.perf_counter() - started)


def naive_partition(words: list[str], pattern: str, letter: str) -> list[tuple[str, int]]:
    """One pattern string per word, grouped in a dict, ranked by the rules' key."""
    families: dict[str, list[str]] = {}
    for word in words:
        shown = "".join(
            letter if char == letter else shown for char, shown in zip(word, pattern, strict=True)
        )
        families.setdefault(shown, []).append(word)
    ranked = sorted(
        families.items(), key=lambda item: (-len(item[1]), item[0].count(letter), item[0])
    )
    return [(shown, len(group)) for shown, group in ranked]


def engine_partition(state: GameState, letter: str) -> list[tuple[str, int]]:
    families, _, _ = partition(state, letter)
    return [(family.pattern, family.size) for family in families]


def seconds(action: Callable[[], object]) -> float:
    start = time.perf_counter()
    action()
    return time.perf_counter() - start


def letters_until_over(lexicon: Lexicon, order: str, max_misses: int) -> str:
    state = new_game(lexicon, max_misses=max_misses, difficulty="hard", seed=0)
    for letter in order:
        state, _ = apply_guess(state, letter)
        if state.is_over:
            break
    return "".join(state.letters)


def measure(word_list: WordList, rounds: tuple[int, int, int]) -> Result:
    partition_rounds, replay_rounds, build_rounds = rounds
    length, bucket_size = max(
        Counter(map(len, word_list.words)).items(), key=lambda item: (item[1], -item[0])
    )
    bucket = [word for word in word_list.words if len(word) == length]
    alphabet = word_list.alphabet
    build_times = [seconds(lambda: Lexicon(bucket, alphabet)) for _ in range(build_rounds)]
    lexicon = Lexicon(bucket, alphabet)
    counts = Counter(char for word in bucket for char in set(word))
    order = word_list.order or "".join(sorted(alphabet, key=lambda letter: -counts[letter]))
    first = order[0]

    state = new_game(lexicon, max_misses=8, difficulty="hard", seed=0)
    if engine_partition(state, first) != naive_partition(bucket, state.pattern, first):
        raise SystemExit(f"{word_list.name}: the engine and the naive partition disagree")
    engine_times, naive_times = [], []
    for _ in range(partition_rounds):  # interleaved, so both see the same machine load
        engine_times.append(seconds(lambda: engine_partition(state, first)))
        naive_times.append(seconds(lambda: naive_partition(bucket, state.pattern, first)))

    replays = []
    for max_misses in (8, len(alphabet)):
        letters = letters_until_over(lexicon, order, max_misses)
        times = [
            seconds(
                lambda max_misses=max_misses, letters=letters: replay(
                    lexicon, max_misses=max_misses, difficulty="hard", seed=0, moves=letters
                )
            )
            for _ in range(replay_rounds)
        ]
        replays.append((max_misses, len(letters), statistics.median(times)))
    return Result(
        length=length,
        bucket=bucket_size,
        first_guess=first,
        families=len(engine_partition(state, first)),
        build=statistics.median(build_times),
        build_spread=max(build_times) - min(build_times),
        engine=statistics.median(engine_times),
        engine_spread=max(engine_times) - min(engine_times),
        naive=statistics.median(naive_times),
        replays=tuple(replays),
    )


def ms(value: float) -> str:
    return f"{value * 1000:,.3f} ms"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--quick", action="store_true", help="3 rounds of each (for CI)")
    quick = parser.parse_args().quick
    rounds = (3, 3, 1) if quick else (PARTITION_ROUNDS, REPLAY_ROUNDS, BUILD_ROUNDS)
    lists = [english(), russian(RUSSIAN_TOP_QUICK if quick else RUSSIAN_TOP)]
    results = [measure(word_list, rounds) for word_list in lists]

    def row(label: str, cells: list[str]) -> None:
        print(f"{label:<50}" + "".join(f"{cell:>24}" for cell in cells))

    row("", [word_list.name for word_list in lists])
    row("words; letters", [f"{len(w.words):,}; {len(w.alphabet)}" for w in lists])
    row("load (s)", [f"{w.load_seconds:,.3f} s" for w in lists])
    row("largest bucket: length, words", [f"{r.length}, {r.bucket:,}" for r in results])
    row("first guess: families", [f"{r.first_guess!r}: {r.families}" for r in results])
    row(f"lexicon build (median of {rounds[2]})", [ms(r.build) for r in results])
    row("  spread (max - min)", [ms(r.build_spread) for r in results])
    row(f"partition, engine (median of {rounds[0]})", [ms(r.engine) for r in results])
    row("  spread (max - min)", [ms(r.engine_spread) for r in results])
    row(f"partition, naive (median of {rounds[0]})", [ms(r.naive) for r in results])
    for index, label in enumerate(("8 wrong allowed", "every letter allowed")):
        row(
            f"hard replay, {label} (median of {rounds[1]})",
            [f"{ms(r.replays[index][2])} ({r.replays[index][1]} guesses)" for r in results],
        )
    row("partition speed-up vs naive", [f"{r.speed_up:.1f}x" for r in results])
    for word_list, result in zip(lists, results, strict=True):
        slowest_replay = max(median for _, _, median in result.replays)
        goals = [
            (f"speed-up >= {GOAL_SPEED_UP:g}x", result.speed_up >= GOAL_SPEED_UP),
            (f"replay < {GOAL_REPLAY_SECONDS * 1000:g} ms", slowest_replay < GOAL_REPLAY_SECONDS),
            (f"lexicon build < {GOAL_BUILD_SECONDS:g} s", result.build < GOAL_BUILD_SECONDS),
        ]
        for what, met in goals:
            goal(f"{word_list.name}: {what}", met)
    print(
        "partition speed-up vs naive: "
        + ", ".join(f"{r.speed_up:.1f}x ({w.name})" for w, r in zip(lists, results, strict=True))
    )


if __name__ == "__main__":
    from support import run_bench  # bench/ is on the path of a script run from it

    run_bench(main, __file__)
