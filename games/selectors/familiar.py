"""Words a player can know: the word a lost game names, and the reveal's example words.

The word-maker never commits to a word, so on a loss the site names one of the
words still possible. The rules (docs/RULES.md) draw it with the game's seed
among all of them, which on web2 is mostly words nobody has met (GUMMINESS,
WASPEN): a loss to a word you have never seen feels like the wrong kind of
cheating. So the site draws it, with the same seed, among the *most familiar*
words still possible: those in the highest whole Zipf band present
(``dictionaries/frequency.py``). When no word still possible has a count at all,
that is every word, and the draw is the rules' own.

Only where a game ends on the site (``games.services``) and in the reveal: the
word-maker's rules, the console's ``--seed`` games and the peer suites keep the
rules' exact choice (``games.engine.named_word``). The word is stored on the
game row when it ends, so a game names the same word every time it is shown; and
it is a function of the row (letters, pattern, seed) and the dictionary's stored
frequencies, so re-running it names that word again (``check_games``).

Blocked words (``dictionaries.blocklist``) are never drawn, neither named nor shown as an
example, even when an admin blocked them after their list was imported: the draw is
among the candidates that are not blocked. Only when every word still possible is
blocked is one of them named, since naming a word the guesses rule out would be a lie.
"""

from __future__ import annotations

import random

import numpy as np
import numpy.typing as npt

from dictionaries.blocklist import dictionary_blocked_forms
from dictionaries.frequency import ZIPF_BANDS
from dictionaries.wordbank import get_bucket_zipf
from games import engine
from games.models import Game
from games.selectors.replay import game_state


def zipf_bands(zipf: npt.NDArray[np.floating]) -> npt.NDArray[np.int64]:
    """Whole Zipf bands (0: no count or under 1; the top band takes everything above)."""
    return np.clip(np.floor(zipf), 0, ZIPF_BANDS[-1]).astype(np.int64)


def familiar_pool(candidates: npt.NDArray[np.int32], zipf: npt.NDArray[np.floating]) -> npt.NDArray:
    """The candidates in the highest Zipf band any of them reaches, in their order.

    Every candidate when none has a count (band 0): then nothing is more familiar.
    """
    if candidates.size == 0:
        return candidates
    bands = zipf_bands(zipf[candidates])
    top = int(bands.max())
    return candidates if top == 0 else candidates[bands == top]


def blocked_positions(lexicon: engine.Lexicon, blocked: frozenset[str]) -> npt.NDArray[np.int32]:
    """Where the blocked words (play forms, ``dictionaries.blocklist``) sit in ``lexicon``."""
    found = (lexicon.index_of(word) for word in blocked)
    return np.array(sorted(i for i in found if i is not None), dtype=np.int32)


def unblocked(
    members: npt.NDArray[np.int32], blocked_at: npt.NDArray[np.int32]
) -> npt.NDArray[np.int32]:
    """``members`` less the blocked positions, in their order."""
    if blocked_at.size == 0:
        return members
    return members[~np.isin(members, blocked_at)]


def familiar_word_index(
    candidates: npt.NDArray[np.int32],
    zipf: npt.NDArray[np.floating],
    seed: int,
    blocked_at: npt.NDArray[np.int32] | None = None,
) -> int:
    """The seeded draw among the most familiar candidates: the index of the word named.

    The same draw as the rules' (``random.Random(seed).randrange``) over a smaller
    pool, so where the pool is every candidate it is exactly the rules' word. Blocked
    positions (``blocked_at``) are left out, unless every candidate is one.
    """
    allowed = candidates if blocked_at is None else unblocked(candidates, blocked_at)
    pool = familiar_pool(allowed if allowed.size else candidates, zipf)
    return int(pool[random.Random(seed).randrange(int(pool.size))])


def familiar_sample(zipf: npt.NDArray[np.floating], count: int, rng: random.Random) -> list[int]:
    """``count`` positions of ``zipf``, the best-known first, drawn by ``rng``; sorted.

    The bands are taken from the top down: every word of the bands above the one
    that completes ``count``, and the rest drawn by ``rng`` in that band. So a
    family's examples are its best-known words, and with no word known (every
    word in band 0) the draw is a plain seeded sample, as before frequencies.
    """
    if zipf.size <= count:
        return list(range(int(zipf.size)))
    bands = zipf_bands(zipf)
    cut = int(np.sort(bands)[::-1][count - 1])  # the band that completes ``count``
    sure = np.flatnonzero(bands > cut)
    band = np.flatnonzero(bands == cut)
    drawn = rng.sample(range(int(band.size)), count - int(sure.size))
    return sorted([*(int(i) for i in sure), *(int(band[i]) for i in drawn)])


def familiar_named_word(game: Game, *, blocked: frozenset[str] | None = None) -> str:
    """The word a game that is lost (or given up) names, from its row as it is now.

    A fair game names the word it picked at the start, whatever it is: it never
    changed it, and the reveal says so. ``blocked``: the blocked play forms (default: the
    blocklist of the game's list as it is now).
    """
    state = game_state(game)
    if state.difficulty is engine.Difficulty.FAIR:
        return engine.named_word(state)
    zipf = get_bucket_zipf(game.dictionary_id, game.length)
    if zipf.size != len(state.lexicon):  # no frequencies for this bucket: the rules' word
        return engine.named_word(state)
    candidates = (
        state.candidates
        if state.candidates is not None
        else np.arange(len(state.lexicon), dtype=np.int32)
    )
    if blocked is None:
        blocked = dictionary_blocked_forms(game.dictionary)
    blocked_at = blocked_positions(state.lexicon, blocked)
    return state.lexicon.words[familiar_word_index(candidates, zipf, game.seed, blocked_at)]
