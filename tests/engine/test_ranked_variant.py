"""The ranked variant: a secret vocabulary drawn by the seed, replayed exactly, never seen by
a guesser (issue 15, item 3)."""

from __future__ import annotations

import random

import numpy as np
import pytest

from games.engine import (
    FULL_VOCABULARY,
    SECRET_VOCABULARY_MIN_WORDS,
    EngineError,
    Lexicon,
    apply_guess,
    new_game,
    partition,
    public_candidates,
    ranked_vocabulary,
    replay,
    restore,
    secret_vocabulary,
)
from games.engine.guesser import propose, strong_heuristic_letter
from games.engine.lookahead import choose_family


def big_lexicon(length: int = 5, size: int = 3000) -> Lexicon:
    """A bucket big enough for a secret vocabulary: random words over a small alphabet."""
    rng = random.Random(length * 7919 + size)
    words = {"".join(rng.choice("abcdefghilmnoprstu") for _ in range(length)) for _ in range(size)}
    return Lexicon(words)


LEXICON = big_lexicon()


def test_the_vocabulary_is_drawn_by_the_seed_alone() -> None:
    first = secret_vocabulary(LEXICON, 41, 600)
    assert np.array_equal(first, secret_vocabulary(LEXICON, 41, 600))
    assert not np.array_equal(first, secret_vocabulary(LEXICON, 42, 600))
    assert 0.55 < first.size / len(LEXICON) < 0.65
    assert np.all(np.diff(first) > 0)  # sorted word indexes, as candidates are
    assert secret_vocabulary(LEXICON, 41, FULL_VOCABULARY).size == len(LEXICON)
    assert secret_vocabulary(Lexicon(["ab", "cd"]), 3, 1).size == 1  # never empty


def test_small_buckets_are_played_whole_and_the_daily_keeps_less() -> None:
    assert len(LEXICON) >= SECRET_VOCABULARY_MIN_WORDS
    assert ranked_vocabulary(Lexicon(["ab", "cd", "ef"])) == FULL_VOCABULARY
    assert ranked_vocabulary(LEXICON) < FULL_VOCABULARY
    assert ranked_vocabulary(LEXICON, daily=True) <= ranked_vocabulary(big_lexicon(9))


@pytest.mark.parametrize("difficulty", ["easy", "medium", "hard", "fiendish"])
def test_a_ranked_game_replays_and_restores_exactly_from_its_seed(difficulty: str) -> None:
    vocabulary = ranked_vocabulary(LEXICON)
    letters = "eaiosrtnlmcdupbgh"
    state = new_game(
        LEXICON,
        max_misses=8,
        difficulty=difficulty,
        seed=77,
        seeded_ties=True,
        vocabulary=vocabulary,
    )
    kept = set(secret_vocabulary(LEXICON, 77, vocabulary).tolist())
    for letter in letters:
        if state.is_over:
            break
        state, _ = apply_guess(state, letter)
        assert state.candidates is not None
        assert set(state.candidates.tolist()) <= kept
        again = restore(
            LEXICON,
            max_misses=8,
            difficulty=difficulty,
            seed=77,
            moves=state.letters,
            pattern=state.pattern,
            seeded_ties=True,
            vocabulary=vocabulary,
        )
        assert again.candidates is not None
        assert np.array_equal(again.candidates, state.candidates)
    replayed, _ = replay(
        LEXICON,
        max_misses=8,
        difficulty=difficulty,
        seed=77,
        moves=state.letters,
        seeded_ties=True,
        vocabulary=vocabulary,
    )
    assert (replayed.pattern, replayed.status, replayed.word) == (
        state.pattern,
        state.status,
        state.word,
    )
    assert state.is_over
    assert state.word in LEXICON.words
    assert LEXICON.words.index(state.word) in kept


def test_the_guesser_sees_only_the_public_words() -> None:
    """A cheater asking for hints learns nothing of the secret part: two games with different
    seeds at the same letters and pattern get the same proposal, computed on the whole list."""
    vocabulary = ranked_vocabulary(LEXICON)
    state = new_game(
        LEXICON, max_misses=26, difficulty="hard", seed=1, seeded_ties=True, vocabulary=vocabulary
    )
    state, _ = apply_guess(state, "e")
    other = restore(
        LEXICON,
        max_misses=26,
        difficulty="hard",
        seed=2,
        moves=state.letters,
        pattern=state.pattern,
        seeded_ties=True,
        vocabulary=vocabulary,
    )
    public = public_candidates(state)
    assert state.candidates is not None
    assert other.candidates is not None
    assert set(state.candidates.tolist()) < set(public.tolist())
    assert np.array_equal(public, public_candidates(other))
    assert propose(state) == propose(other)
    assert strong_heuristic_letter(state) == strong_heuristic_letter(other)


def test_a_practice_game_does_not_reproduce_a_ranked_one() -> None:
    """An offline solver on the public list sees other families than each ranked game, and
    no two ranked games see the same ones."""
    vocabulary = ranked_vocabulary(LEXICON)
    _, practice = apply_guess(new_game(LEXICON, max_misses=26, difficulty="hard", seed=0), "e")
    seen = set()
    for seed in range(10):
        ranked = new_game(
            LEXICON,
            max_misses=26,
            difficulty="hard",
            seed=seed,
            seeded_ties=True,
            vocabulary=vocabulary,
        )
        _, report = apply_guess(ranked, "e")
        assert report.families != practice.families
        seen.add(report.families)
    assert len(seen) == 10


def test_a_fair_game_is_never_played_on_a_secret_vocabulary() -> None:
    with pytest.raises(EngineError, match="whole list"):
        new_game(LEXICON, max_misses=5, difficulty="fair", seed=1, vocabulary=600)
    with pytest.raises(EngineError, match="thousandths"):
        new_game(LEXICON, max_misses=5, difficulty="hard", seed=1, vocabulary=0)


def test_the_opening_margin_lets_the_seed_keep_a_family_one_miss_below_the_best() -> None:
    """Ranked, secret vocabulary, first guesses: the biggest family one miss below the best
    joins the seed's choice; never a family two below, never in the rules' exact order."""
    words = np.arange(len(LEXICON), dtype=np.int32)
    _, _, codes = partition(new_game(LEXICON, max_misses=9, difficulty="fiendish", seed=0), "a")

    def choose(seed: int | None, margin: int) -> tuple[int, tuple[int | None, ...]]:
        choice = choose_family(
            LEXICON,
            candidates=words,
            guessed=(),
            letter="a",
            ranked_codes=codes,
            misses_left=9,
            seed=seed,
            guess_number=1,
            margin=margin,
        )
        return choice.kept_rank, choice.values

    kept_values = set()
    for seed in range(30):
        kept, values = choose(seed, 1)
        best = max(value for value in values if value is not None)
        assert values[kept] is not None
        assert values[kept] >= best - 1
        kept_values.add(best - values[kept])
        plain, plain_values = choose(seed, 0)
        assert plain_values[plain] == best
    assert kept_values == {0, 1}
    assert choose(None, 1)[0] == choose(None, 0)[0] == 0
