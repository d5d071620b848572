"""Word frequency as data: wordfreq's Zipf frequency for English, one number per stored word.

The Zipf scale (Brysbaert) is ``log10`` of a word's uses per billion words: 3 is
about once per million words, 6 once per thousand; 0 here means wordfreq has no
count for the word at all (73 % of web2, from GUMMINESS to KOLHOZ). It is
computed once, at import, from wordfreq's English table looked up word by word:
``wordfreq.zipf_frequency`` would run its tokenizer on each word (seconds for a
list of 200,000) for the same numbers on words of plain a-z letters.

No Django here: the import, the migration that fills old rows, the benchmarks and
the human model (``bench/human.py``) all read the same table the same way.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping

ZIPF_UNKNOWN = 0.0
# A word at or above this is "familiar": the second built-in list keeps these words of
# web2 (23,952 of 210,768), and a lost game names one of them when it can. Why 2.5 (the
# counts of web2 per length at each threshold are in docs/word-lists.md): at 3.0 the lengths 14 and
# 15 fall under the 100 words a ranked length needs (28 and 93); at 2.0 words such as
# TIPPET and SPECULAR come in; 2.5 keeps every length from 3 to 15 ranked and reads as
# SAVANNA, TAUPE, ONEROUS.
FAMILIAR_ZIPF = 2.5
# The admin's distribution and the named word's "most familiar band" cut Zipf at whole
# numbers; band 0 is "no count" (wordfreq's English list starts about 1).
ZIPF_BANDS = (0, 1, 2, 3, 4, 5, 6, 7)
LANGUAGE = "en"
WORDLIST = "best"


def english_frequencies() -> Mapping[str, float]:
    """wordfreq's English table, word -> share of all words (loaded once per process)."""
    import wordfreq

    return wordfreq.get_frequency_dict(LANGUAGE, wordlist=WORDLIST)


def to_zipf(frequency: float) -> float:
    """A share of all words on the Zipf scale, rounded as ``wordfreq.zipf_frequency`` rounds."""
    if frequency <= 0:
        return ZIPF_UNKNOWN
    return max(ZIPF_UNKNOWN, round(math.log(frequency, 10) + 9, 2))


def zipf_of(words: Iterable[str], table: Mapping[str, float] | None = None) -> list[float]:
    """The Zipf frequency of each word, in order (0 for a word the table does not have)."""
    frequencies = english_frequencies() if table is None else table
    shares = list(map(frequencies.get, words))
    # wordfreq keeps a few hundred distinct values (centibels): convert each once.
    zipf: dict[float | None, float] = {s: to_zipf(s) for s in set(shares) if s is not None}
    zipf[None] = ZIPF_UNKNOWN
    return list(map(zipf.__getitem__, shares))


def zipf_band(zipf: float) -> int:
    """The whole-number band of a Zipf value (0: unknown or under 1; 7: 7 and over)."""
    return min(ZIPF_BANDS[-1], max(0, math.floor(zipf)))
