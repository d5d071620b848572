"""The fast engine against the naive reference, on thousands of random games."""

from __future__ import annotations

import random
import string
from collections import defaultdict

import pytest

from games.engine import Lexicon, Status, apply_guess, new_game
from tests.conftest import read_word_file, shared_data_path
from tests.engine.reference import naive_game

DIFFICULTIES = ("hard", "medium", "easy")


def assert_same_game(
    words: list[str],
    *,
    max_misses: int,
    difficulty: str,
    letters: str,
    seed: int,
    lexicon: Lexicon | None = None,
) -> None:
    expected = naive_game(words, max_misses=max_misses, difficulty=difficulty, letters=letters)
    lexicon = lexicon or Lexicon(words)
    state = new_game(lexicon, max_misses=max_misses, difficulty=difficulty, seed=seed)
    context = f"{difficulty} {max_misses} {letters!r} on {sorted(set(words))[:12]}..."
    for move in expected:
        assert not state.is_over, context
        state, report = apply_guess(state, move.letter)
        assert [(f.pattern, f.size) for f in report.families] == move.ranked, context
        assert report.pattern == move.kept, context
        assert report.miss == move.miss, context
        assert report.misses_left == move.misses_left, context
        assert str(report.status) == move.status, context
        assert state.candidate_words() == move.candidates, context
    if state.status is Status.WON:
        assert state.word == state.pattern
    elif state.status is Status.LOST:
        assert state.word in state.candidate_words()
    else:
        assert len(expected) == len(letters)


def random_letters(rng: random.Random, alphabet: str) -> str:
    """The dictionary's letters and a few strangers, in a random order."""
    pool = set(alphabet) | set(rng.sample(string.ascii_lowercase, rng.randint(0, 5)))
    return "".join(rng.sample(sorted(pool), len(pool)))


def random_dictionary(
    rng: random.Random, *, letters: int, length: int, words: int
) -> tuple[list[str], str]:
    alphabet = "".join(rng.sample(string.ascii_lowercase, letters))
    generated = ["".join(rng.choices(alphabet, k=length)) for _ in range(words)]
    return generated, alphabet


@pytest.mark.parametrize("block", range(4))
def test_agrees_with_reference_on_small_random_dictionaries(block: int) -> None:
    """500 games per block; few letters, so families collide and every tie-break matters."""
    rng = random.Random(1000 + block)
    for _ in range(500):
        words, alphabet = random_dictionary(
            rng, letters=rng.randint(2, 6), length=rng.randint(1, 6), words=rng.randint(1, 40)
        )
        assert_same_game(
            words,
            max_misses=rng.randint(1, 10),
            difficulty=rng.choice(DIFFICULTIES),
            letters=random_letters(rng, alphabet),
            seed=rng.randrange(2**32),
        )


def test_agrees_with_reference_on_medium_random_dictionaries() -> None:
    rng = random.Random(2024)
    for _ in range(150):
        words, alphabet = random_dictionary(
            rng, letters=rng.randint(6, 14), length=rng.randint(3, 8), words=rng.randint(50, 400)
        )
        assert_same_game(
            words,
            max_misses=rng.randint(1, 26),
            difficulty=rng.choice(DIFFICULTIES),
            letters=random_letters(rng, alphabet),
            seed=rng.randrange(2**32),
        )


@pytest.fixture(scope="module")
def cs314_buckets() -> dict[int, list[str]]:
    buckets: dict[int, list[str]] = defaultdict(list)
    for word in read_word_file(shared_data_path("cs314", "dictionary.txt")):
        buckets[len(word)].append(word)
    return dict(buckets)


def test_agrees_with_reference_on_slices_of_the_cs314_dictionary(
    cs314_buckets: dict[int, list[str]],
) -> None:
    rng = random.Random(314)
    lengths = sorted(length for length, words in cs314_buckets.items() if len(words) >= 30)
    for _ in range(400):
        bucket = cs314_buckets[rng.choice(lengths)]
        size = rng.randint(1, min(300, len(bucket)))
        start = rng.randrange(len(bucket) - size + 1)
        # A contiguous slice shares prefixes (hard families); a sample spreads out.
        words = bucket[start : start + size] if rng.random() < 0.5 else rng.sample(bucket, size)
        assert_same_game(
            words,
            max_misses=rng.randint(1, 26),
            difficulty=rng.choice(DIFFICULTIES),
            letters="".join(rng.sample(string.ascii_lowercase, 26)),
            seed=rng.randrange(2**32),
        )


def test_agrees_with_reference_on_whole_cs314_buckets(
    cs314_buckets: dict[int, list[str]],
) -> None:
    """Full buckets, as real games see them (fewer games: the reference is slow)."""
    rng = random.Random(42)
    for length in (3, 5, 8, 12):
        words = cs314_buckets[length]
        lexicon = Lexicon(words)
        for difficulty in DIFFICULTIES:
            assert_same_game(
                words,
                max_misses=rng.randint(5, 26),
                difficulty=difficulty,
                letters="".join(rng.sample(string.ascii_lowercase, 26)),
                seed=rng.randrange(2**32),
                lexicon=lexicon,
            )
