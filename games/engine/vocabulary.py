"""Which words a game plays on: the ranked variant's secret vocabulary and seeded ties.

In a ranked game (``seeded_ties``) families of exactly equal rank (as many
words, as many letters revealed) are ordered by the game's seed instead of
by their patterns: the seeds say either may be kept, and it stops a letter
sequence that won one ranked game from winning every other. Everywhere else
(unranked practice, the console) the rules' exact order holds.

The ranked variant (issue 15, item 3)
-------------------------------------
Seeded ties alone were not enough: the letters of a won ranked fiendish game
won 56 % of games with other seeds (``bench/adversary.py --memorised 30``),
and the daily could be replayed move for move offline, because the seed only
broke ties. So a ranked game (and the daily) also plays on something only the
server knows:

1. **A secret vocabulary.** Each word of the bucket is kept or not by a hash
   of the game's seed and its index (:func:`secret_vocabulary`; a NumPy pass,
   rebuilt from the stored seed on each request, never cached per game). The
   share kept is stored on the game row (``Game.vocabulary``, thousandths), so
   a replay is exact even if the shares below change. Buckets under
   :data:`SECRET_VOCABULARY_MIN_WORDS` are played whole. The named word is
   always a word of the dictionary (one of the kept words). Guessers (hints,
   the AI, the benchmarks) never see the secret part: they reason on the whole
   list's words that fit (:func:`public_candidates`). Par is computed on the
   whole list, and the board says so.
2. **A seeded choice among families within a margin** (fiendish only,
   ``games/engine/lookahead.py``): on the first 3 guesses, when the best family is
   worth 6 misses or more, the biggest family worth one miss less joins the
   families the seed chooses among. A subset changes the end of a game but
   rarely its opening; this changes the opening.
3. **The daily** keeps a smaller share (:data:`DAILY_VOCABULARY`), since
   everyone plays the same seed and its lines are passed around.

Measured on web2 with the strong guesser, which sees only the public words.
"transfer": the share of reseeded ranked fiendish games that a won line wins
with one wrong guess to spare (lengths 4-12, 3 won lines x 10 replays per
length unless said); "fiendish": the guesser's total misses over lengths 6-12
(mean of 5 seeds; ranked hard: 35.6-37); the ratio is fiendish / ranked hard.

- seeded ties only (before): transfer 56 % (the issue's bench, one line per
  length, 100 % at some lengths); fiendish 53.7, 1.45x.
- 80 % vocabulary: 31 % (one line per length; 100 % at length 6); 50.6, 1.40x.
- 60 % at lengths up to 6, 80 % above: 34 % over lengths 4-9 (70 % at 7).
- the same, and on guesses 1-2 the seed chooses among every family within one
  miss of the best (80 % vocabulary): 20 % (one line per length); 45.6, 1.26x.
- 60 % / 80 %, and on guesses 1-2 the biggest family one miss below the best
  joins the seeded choice: 19 %; 48.8, 1.37x (a 3-miss game at length 12 fell
  to 1: a margin costs long words most).
- the same on guesses 1-3 when the best is worth 6 misses or more: 19 %;
  49.2, 1.38x. The full bench (``--memorised 30``, one line per length):
  19 %, at most 60 % at one length (length 6: 18 of 30), ranked 1.38x.
- **chosen**: the same with 40 % at lengths up to 6: length 6 fell to 0 %
  (3 lines; 60 %, 30 %, 60 % at 60 %), length 5 stayed at 33 %, length 4 at
  3 %, and fiendish at length 6 kept its misses (11.6 against 11.2).
  The full bench (``--memorised 30 --daily 30``): 21 of 270 replays won
  (8 %), at most 40 % at one length (length 8); ranked fiendish 50.7 against
  ranked hard 35.7 (1.42x, 3 seeds); p99 reply 59 ms CPU on the largest bucket.
- the daily, 60 %: over 30 days the won line ends in another family in a
  practice game on 29 days of 30 (``bench/adversary.py --daily 30``).

The vocabulary alone left lengths 5-8 at 50-100 % for some lines; the margin
brought length 7 to 0-20 %. It is the least strength lost for the best
transfer measured, not a guarantee: in the 3-line runs single lines at
lengths 5, 8 and 12 still won 50-80 % of their replays, and ranked fiendish
measured 1.38x-1.42x ranked hard's misses depending on the seeds. The
unranked game, which the bench's headline ratio measures, is unchanged (1.42x).
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
    digest = hashlib.blake2b(f"vocabulary:{seed}".encode(), digest_size=8).digest()
    draws = np.arange(size, dtype=np.uint64) + np.uint64(int.from_bytes(digest, "big"))
    with np.errstate(over="ignore"):
        draws = (draws ^ (draws >> np.uint64(30))) * np.uint64(0xBF58476D1CE4E5B9)
        draws = (draws ^ (draws >> np.uint64(27))) * np.uint64(0x94D049BB133111EB)
        draws ^= draws >> np.uint64(31)
    shares = draws % np.uint64(FULL_VOCABULARY)
    kept = np.flatnonzero(shares < np.uint64(max(per_mille, 0))).astype(np.int32)
    if kept.size == 0:
        kept = np.array([int(np.argmin(shares))], dtype=np.int32)
    return kept


def seeded_tie_key(seed: int, guess_number: int, pattern: str) -> bytes:
    """Orders families of equal rank in a ranked game: fixed by the seed, unguessable without it.

    A hash, not ``random`` or ``hash()``: the same on every machine and Python.
    """
    return hashlib.blake2b(f"{seed}:{guess_number}:{pattern}".encode(), digest_size=8).digest()
