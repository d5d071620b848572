"""How fast the engine is on the biggest bucket a player can pick, against the naive way.

Run from the repository root: ``.venv/bin/python bench/engine.py``. The words
come straight from the ``english-words`` package (the web2 list the default
dictionary is made of), so no database is needed. The last line is the
partition speed-up over the string-pattern dictionary the course seeds
describe; the goals are a speed-up of at least 20, a whole game replay under
5 ms (median) and a lexicon build well under a second.

The goals are printed, met or MISSED, and never fail the run, ``--quick`` (what CI
runs) or not: they are times, and CI's machine is shared. It exits 1 only when the
engine and the naive partition disagree (a wrong result).
"""

from __future__ import annotations

import argparse
import re
import statistics
import sys
import time
from collections import Counter
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from english_words import get_english_words_set

from games.engine import (
    GameState,
    Lexicon,
    apply_guess,
    new_game,
    partition,
    replay,
)

LETTER_ORDER = "esiarntolcdupmghbyfvkwzxqj"  # roughly by frequency, as a player would try
FIRST_GUESS = "e"
PARTITION_ROUNDS = 21
REPLAY_ROUNDS = 51
BUILD_ROUNDS = 7
GOAL_SPEED_UP = 20.0
GOAL_REPLAY_SECONDS = 0.005
GOAL_BUILD_SECONDS = 1.0


def load_words() -> list[str]:
    word = re.compile(r"[a-z]+")
    return sorted(w for w in get_english_words_set(["web2"]) if word.fullmatch(w))


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


def letters_until_over(lexicon: Lexicon, max_misses: int) -> str:
    state = new_game(lexicon, max_misses=max_misses, difficulty="hard", seed=0)
    for letter in LETTER_ORDER:
        state, _ = apply_guess(state, letter)
        if state.is_over:
            break
    return "".join(state.letters)


def milliseconds(value: float) -> str:
    return f"{value * 1000:,.3f} ms"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--quick", action="store_true", help="3 rounds of each (for CI)")
    quick = parser.parse_args().quick
    partition_rounds, replay_rounds, build_rounds = (
        (3, 3, 1) if quick else (PARTITION_ROUNDS, REPLAY_ROUNDS, BUILD_ROUNDS)
    )
    started = time.perf_counter()
    words = load_words()
    load_time = time.perf_counter() - started
    length, bucket_size = max(
        Counter(map(len, words)).items(), key=lambda item: (item[1], -item[0])
    )
    bucket = [word for word in words if len(word) == length]

    build_times = []
    for _ in range(build_rounds):
        build_times.append(seconds(lambda: Lexicon(bucket)))
    lexicon = Lexicon(bucket)

    state = new_game(lexicon, max_misses=8, difficulty="hard", seed=0)
    if engine_partition(state, FIRST_GUESS) != naive_partition(bucket, state.pattern, FIRST_GUESS):
        raise SystemExit("the engine and the naive partition disagree: fix that first")
    engine_times, naive_times = [], []
    for _ in range(partition_rounds):  # interleaved, so both see the same machine load
        engine_times.append(seconds(lambda: engine_partition(state, FIRST_GUESS)))
        naive_times.append(seconds(lambda: naive_partition(bucket, state.pattern, FIRST_GUESS)))
    families = len(engine_partition(state, FIRST_GUESS))

    replays = []
    for max_misses in (8, 26):
        letters = letters_until_over(lexicon, max_misses)
        times = [
            seconds(
                lambda max_misses=max_misses, letters=letters: replay(
                    lexicon, max_misses=max_misses, difficulty="hard", seed=0, letters=letters
                )
            )
            for _ in range(replay_rounds)
        ]
        replays.append((max_misses, letters, statistics.median(times)))

    build = statistics.median(build_times)
    engine = statistics.median(engine_times)
    naive = statistics.median(naive_times)
    speed_up = naive / engine
    slowest_replay = max(median for _, _, median in replays)

    rows = [
        ("load web2 words (english-words)", f"{load_time:,.3f} s", "1"),
        (f"lexicon build, length {length}", milliseconds(build), str(build_rounds)),
        (f"partition {FIRST_GUESS!r}, engine", milliseconds(engine), str(partition_rounds)),
        (f"partition {FIRST_GUESS!r}, naive", milliseconds(naive), str(partition_rounds)),
    ]
    for max_misses, letters, median in replays:
        label = f"hard replay, {max_misses} wrong allowed, {len(letters)} guesses"
        rows.append((label, milliseconds(median), str(replay_rounds)))

    print(f"dictionary: {len(words):,} web2 words; largest bucket: length {length}, ", end="")
    print(f"{bucket_size:,} words; first guess {FIRST_GUESS!r} makes {families} families")
    print(f"{'step':<44} {'median':>12} {'rounds':>7}")
    for label, value, rounds in rows:
        print(f"{label:<44} {value:>12} {rounds:>7}")
    goals = [
        (f"speed-up >= {GOAL_SPEED_UP:g}x", speed_up >= GOAL_SPEED_UP),
        (f"replay < {GOAL_REPLAY_SECONDS * 1000:g} ms", slowest_replay < GOAL_REPLAY_SECONDS),
        (f"lexicon build < {GOAL_BUILD_SECONDS:g} s", build < GOAL_BUILD_SECONDS),
    ]
    print("goals: " + "; ".join(f"{goal}: {'met' if met else 'MISSED'}" for goal, met in goals))
    print(f"partition speed-up vs naive: {speed_up:.1f}x")


if __name__ == "__main__":
    main()
