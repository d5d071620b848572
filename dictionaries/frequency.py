"""Word frequency as data: wordfreq's Zipf frequency in the list's language, one number a word.

The Zipf scale (Brysbaert) is ``log10`` of a word's uses per billion words: 3 is
about once per million words, 6 once per thousand; 0 here means wordfreq has no
count for the word at all (73 % of web2, from GUMMINESS to KOLHOZ). It is
computed once, at import, from wordfreq's English table looked up word by word:
``wordfreq.zipf_frequency`` would run its tokenizer on each word (seconds for a
list of 200,000) for the same numbers on words of plain a-z letters. Other
languages read their own table the same way (wordfreq casefolds, so "straße" is
looked up as "strasse"); a language wordfreq lacks has no table, its words zipf 0.

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


def wordfreq_code(language: str) -> str:
    """The code wordfreq files a BCP 47 tag's language under (``pt-BR`` is ``pt``)."""
    return (language or LANGUAGE).split("-")[0].split("_")[0].lower()


def has_frequencies(language: str) -> bool:
    """Whether wordfreq counts words of this language (so familiar and obscure mean something)."""
    import wordfreq

    return wordfreq_code(language) in wordfreq.available_languages(wordlist=WORDLIST)


def frequencies(language: str) -> Mapping[str, float]:
    """wordfreq's table of a language, word -> share; empty for a language it lacks."""
    if not has_frequencies(language):
        return {}
    code = wordfreq_code(language)
    if code == LANGUAGE:
        return english_frequencies()
    import wordfreq

    return wordfreq.get_frequency_dict(code, wordlist=WORDLIST)


def no_frequencies_warning(language_name: str) -> str:
    """What the import report and the admin say of a list wordfreq cannot count."""
    return (
        f"wordfreq has no {language_name}: every word has Zipf 0, so familiar words, the word "
        "a lost game names and the obscure word-maker fall back to the whole list (any word "
        "may be named, obscure is not offered)."
    )


def to_zipf(frequency: float) -> float:
    """A share of all words on the Zipf scale, rounded as ``wordfreq.zipf_frequency`` rounds."""
    if frequency <= 0:
        return ZIPF_UNKNOWN
    return max(ZIPF_UNKNOWN, round(math.log(frequency, 10) + 9, 2))


def zipf_of(
    words: Iterable[str], table: Mapping[str, float] | None = None, *, language: str = LANGUAGE
) -> list[float]:
    """The Zipf frequency of each word, in order (0 for a word the table does not have).

    ``table`` defaults to wordfreq's for ``language``; a word missing as written is looked
    up casefolded, as wordfreq stores it.
    """
    shares_of = frequencies(language) if table is None else table
    if wordfreq_code(language) == LANGUAGE and table is None:
        shares = list(map(shares_of.get, words))  # a-z words: casefolding changes none
    else:
        shares = [shares_of.get(word, shares_of.get(word.casefold())) for word in words]
    # wordfreq keeps a few hundred distinct values (centibels): convert each once.
    zipf: dict[float | None, float] = {s: to_zipf(s) for s in set(shares) if s is not None}
    zipf[None] = ZIPF_UNKNOWN
    return list(map(zipf.__getitem__, shares))


def zipf_band(zipf: float) -> int:
    """The whole-number band of a Zipf value (0: unknown or under 1; 7: 7 and over)."""
    return min(ZIPF_BANDS[-1], max(0, math.floor(zipf)))
