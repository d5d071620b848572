"""The words of one length, and where each letter falls in each of them.

A :class:`Lexicon` precomputes, once per word bucket, a dense *family code* per
(letter, word), so a guess is one gather and one ``bincount`` instead of
building a pattern string for every word. Pure Python plus NumPy.
"""

from __future__ import annotations

import string
from collections.abc import Iterable
from typing import Any

import numpy as np
import numpy.typing as npt

from games.engine.errors import LexiconError

ALPHABET = string.ascii_lowercase
HIDDEN = "-"
MAX_WORD_LENGTH = 64


class Lexicon:
    """The sorted, distinct words of one length and their per-letter family codes.

    ``codes[l][w]`` is a small integer naming where letter ``l`` occurs in word
    ``w``; ``reveals[l][c]`` is the positions that code stands for. Two words
    share a code exactly when they would fall in the same family on guessing
    ``l`` (whatever else is revealed, because a new letter only lands on hidden
    positions).
    """

    __slots__ = (
        "_word_array",
        "codes",
        "familiarity",
        "length",
        "reveals",
        "search_cache",
        "words",
    )

    def __init__(self, words: Iterable[str]) -> None:
        if isinstance(words, str):
            raise LexiconError("a lexicon takes an iterable of words, not one string")
        distinct = set(words)
        for word in distinct:
            if not isinstance(word, str):
                raise LexiconError(f"{word!r} is not a word (a string)")
        unique = sorted(distinct)
        if not unique:
            raise LexiconError("a lexicon needs at least one word")
        length = len(unique[0])
        if not 1 <= length <= MAX_WORD_LENGTH:
            raise LexiconError(f"word length must be 1..{MAX_WORD_LENGTH}")
        for word in unique:
            if len(word) != length:
                raise LexiconError(f"{word!r} is not {length} letters long")
            if not word.isascii() or not word.isalpha() or not word.islower():
                raise LexiconError(f"{word!r} is not a lower-case a-z word")
        self.length: int = length
        self.words: tuple[str, ...] = tuple(unique)
        letters = np.frombuffer("".join(unique).encode("ascii"), dtype=np.uint8)
        letters = letters.reshape(len(unique), length)
        weights = np.left_shift(np.uint64(1), np.arange(length, dtype=np.uint64))
        codes: list[npt.NDArray[np.int32]] = []
        reveals: list[tuple[tuple[int, ...], ...]] = []
        for letter in ALPHABET.encode("ascii"):
            masks = (letters == letter).astype(np.uint64) @ weights
            distinct, inverse = np.unique(masks, return_inverse=True)
            codes.append(inverse.astype(np.int32).reshape(-1))
            reveals.append(tuple(_positions(int(mask)) for mask in distinct))
        self.codes: tuple[npt.NDArray[np.int32], ...] = tuple(codes)
        self.reveals: tuple[tuple[tuple[int, ...], ...], ...] = tuple(reveals)
        self._word_array = np.array(unique)
        # Tables the planning strategies build on first use (games/engine/search.py).
        self.search_cache: dict[str, Any] = {}
        # How well known each word is (its Zipf frequency, in ``words``' order), when the
        # platform knows it (:meth:`set_familiarity`); None otherwise. Only the obscure
        # word-maker reads it.
        self.familiarity: npt.NDArray[np.float32] | None = None

    def __len__(self) -> int:
        return len(self.words)

    def __repr__(self) -> str:
        return f"<Lexicon length={self.length} words={len(self.words)}>"

    def set_familiarity(self, zipf: npt.ArrayLike) -> None:
        """Attach each word's Zipf frequency (aligned with :attr:`words`)."""
        values = np.asarray(zipf, dtype=np.float32).reshape(-1)
        if values.size != len(self.words):
            raise LexiconError(f"{values.size} frequencies for {len(self.words)} words")
        self.familiarity = values

    def words_at(self, indexes: npt.NDArray[np.int32]) -> list[str]:
        return self._word_array[indexes].tolist()

    def code_of(self, letter_index: int, positions: tuple[int, ...]) -> int | None:
        """The family code of ``positions`` for a letter, or None if no word has it."""
        try:
            return self.reveals[letter_index].index(positions)
        except ValueError:
            return None


def _positions(mask: int) -> tuple[int, ...]:
    return tuple(i for i in range(mask.bit_length()) if mask >> i & 1)
