"""Word lists in other alphabets for the engine's tests: real Russian and Spanish words.

The Russian words are wordfreq's top list (installed with the project, no download),
kept to the 33 lower-case letters; the Spanish ones are written out, so what guessing ñ
splits is known.
"""

from __future__ import annotations

import functools

import wordfreq

from games.engine import Lexicon

RUSSIAN = "абвгдеёжзийклмнопрстуфхцчшщъыьэюя"
SPANISH = "abcdefghijklmnñopqrstuvwxyz"
# 26 Cyrillic letters in code-point order: a to z relabelled keeps every word's sort order.
RELABEL = dict(zip("abcdefghijklmnopqrstuvwxyz", "абвгдежзийклмнопрстуфхцчшщ", strict=True))
SPANISH_WORDS = [
    "baño", "caña", "daño", "leña", "moño", "niña", "niño", "paño", "peña", "piña",
    "casa", "mesa", "pato", "nube", "lana", "pena", "mono", "pino", "dado", "cama",
]  # fmt: skip


@functools.cache
def russian_words(length: int) -> tuple[str, ...]:
    """wordfreq's 5,000 commonest Russian words of ``length`` letters, Cyrillic only."""
    return tuple(
        word
        for word in wordfreq.top_n_list("ru", 5000)
        if len(word) == length and all(char in RUSSIAN for char in word)
    )


def russian_lexicon(length: int = 5) -> Lexicon:
    """A bucket of real Russian words on the 33-letter alphabet, with their Zipf values."""
    lexicon = Lexicon(russian_words(length), alphabet=RUSSIAN)
    lexicon.set_familiarity([wordfreq.zipf_frequency(word, "ru") for word in lexicon.words])
    return lexicon


def relabel(text: str) -> str:
    """English letters as their Cyrillic stand-ins (the hidden mark and others unchanged)."""
    return "".join(RELABEL.get(char, char) for char in text)
