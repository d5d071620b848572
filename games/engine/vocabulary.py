"""Which words a game plays on: the ranked variant's secret vocabulary and seeded ties.

In a ranked game (``seeded_ties``) families of exactly equal rank (as many words, as many
letters revealed) are ordered by the game's seed instead of by their patterns: the seeds
say either may be kept, and it stops a letter sequence that won one ranked game from
winning every other. Everywhere else (unranked practice, the console) the rules' exact
order holds.

A ranked game (and the daily) also plays on a secret vocabulary: each word of the bucket
is kept or not by a hash of the game's seed and its index (:func:`secret_vocabulary`,
rebuilt from the stored seed on each request; the share kept is stored on the game row, so
a replay is exact). Buckets under :data:`SECRET_VOCABULARY_MIN_WORDS` are played whole, and
the daily keeps a smaller share (:data:`DAILY_VOCABULARY`). Guessers (hints, the AI, the
benches) never see the secret part: they reason on the whole list's words that fit
(:func:`public_candidates`).

Why seeded ties alone were not enough, and the shares measured:
docs/design/secret-vocabulary.md.
"""

from __future__ import annotations

import hashlib

import numpy as np
import numpy.typing as npt

from games.engine.lexicon import Lexicon

# A game's vocabulary is the share of its lexicon it plays on, in thousandths (see
# ``secret_vocabulary``); the whole list unless a ranked game or the daily says otherwise.
FULL_VOCABULARY = 1000
# What a ranked game keeps, by word length (lengths not listed: the last entry's share), and
# what the daily keeps. MEASURED: see the module docstring, "The ranked variant".
RANKED_VOCABULARY: dict[int, int] = {1: 400, 7: 800}
DAILY_VOCABULARY = 600
SECRET_VOCABULARY_MIN_WORDS = 1000
# splitmix64's finalizer (``secret_shares``) as NumPy scalars, and the draws' range.
_SHIFTS = (np.uint64(30), np.uint64(27), np.uint64(31))
_MULTIPLIERS = (np.uint64(0xBF58476D1CE4E5B9), np.uint64(0x94D049BB133111EB))
_SHARES = np.uint64(FULL_VOCABULARY)


def ranked_vocabulary(lexicon: Lexicon, *, daily: bool = False) -> int:
    """The thousandths of ``lexicon`` a new ranked game (or daily puzzle) plays on.

    A bucket smaller than :data:`SECRET_VOCABULARY_MIN_WORDS` is played whole:
    a part of a few hundred words would be another, much easier game.
    """
    if len(lexicon) < SECRET_VOCABULARY_MIN_WORDS:
        return FULL_VOCABULARY
    if daily:
        return DAILY_VOCABULARY
    shorter = [share for upto, share in sorted(RANKED_VOCABULARY.items()) if upto <= lexicon.length]
    return shorter[-1] if shorter else RANKED_VOCABULARY[min(RANKED_VOCABULARY)]


def secret_vocabulary(lexicon: Lexicon, seed: int, per_mille: int) -> npt.NDArray[np.int32]:
    """The indexes of the words a ranked game plays on: about ``per_mille`` in 1,000, by seed.

    Each word is kept or not by a hash of the seed and its index (splitmix64,
    NumPy, no per-game copy of the words): one vectorised pass, so the
    vocabulary is rebuilt on every request from the stored seed instead of
    being cached. At least one word is always kept (the one with the lowest
    draw), so every game has a word to name.
    """
    size = len(lexicon)
    if per_mille >= FULL_VOCABULARY:
        return np.arange(size, dtype=np.int32)
    shares = secret_shares(seed, np.arange(size, dtype=np.uint64))
    kept = np.flatnonzero(shares < np.uint64(max(per_mille, 0))).astype(np.int32)
    if kept.size == 0:
        kept = np.array([int(np.argmin(shares))], dtype=np.int32)
    return kept


def secret_shares(seed: int, indexes: npt.NDArray[np.uint64]) -> npt.NDArray[np.uint64]:
    """Each word's draw, 0 to 999: a word is in the secret vocabulary when its draw is under
    the share kept. A word's draw depends on the seed and its index alone, so the draws of
    some words are those of the whole list's pass (``games.engine.prior`` draws only those
    it needs)."""
    digest = hashlib.blake2b(f"vocabulary:{seed}".encode(), digest_size=8).digest()
    draws = indexes + np.uint64(int.from_bytes(digest, "big"))
    # splitmix64's finalizer, in place with one scratch array: a third of the cost on the
    # priors' small families (the constants are made once, below).
    with np.errstate(over="ignore"):
        scratch = draws >> _SHIFTS[0]
        draws ^= scratch
        draws *= _MULTIPLIERS[0]
        np.right_shift(draws, _SHIFTS[1], out=scratch)
        draws ^= scratch
        draws *= _MULTIPLIERS[1]
        np.right_shift(draws, _SHIFTS[2], out=scratch)
        draws ^= scratch
    draws %= _SHARES
    return draws


def seeded_tie_key(seed: int, guess_number: int, pattern: str) -> bytes:
    """Orders families of equal rank in a ranked game: fixed by the seed, unguessable without it.

    A hash, not ``random`` or ``hash()``: the same on every machine and Python.
    """
    return hashlib.blake2b(f"{seed}:{guess_number}:{pattern}".encode(), digest_size=8).digest()
