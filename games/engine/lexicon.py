"""The words of one length, their alphabet, and where each letter falls in each word.

A :class:`Lexicon` precomputes, once per word bucket, a dense *family code* per
(letter, word), so a guess is one gather and one ``bincount`` instead of
building a pattern string for every word. Pure Python plus NumPy.

The letters a game plays with are the lexicon's :attr:`~Lexicon.alphabet`, in an
order every strategy uses to break ties; the engine assumes no other alphabet.
"""

from __future__ import annotations

import string
import unicodedata
from bisect import bisect_left
from collections.abc import Iterable
from typing import Any

import numpy as np
import numpy.typing as npt

from games.engine.errors import InvalidLetterError, LexiconError

# English, a to z: the alphabet of a lexicon given none (before any other letter its words
# use). The engine reads every game's letters from its lexicon; this name stays for callers
# outside it that predate other alphabets (daily/answers.py, bench/adversary.py,
# bench/first_replies.py).
ALPHABET = string.ascii_lowercase
HIDDEN = "-"
MAX_WORD_LENGTH = 64


def is_lower_letter(char: str) -> bool:
    """A letter (Unicode category L*) that is its own lower case (caseless scripts count)."""
    return unicodedata.category(char).startswith("L") and char.lower() == char


def describe_alphabet(alphabet: str) -> str:
    """The allowed letters in a message: "from a to z" for English, else the letters."""
    if alphabet == ALPHABET:
        return "from a to z"
    return f"of this word list ({alphabet})"


def default_alphabet(letters: Iterable[str]) -> str:
    """a to z, then any other of ``letters`` in code-point order."""
    return ALPHABET + "".join(sorted(set(letters) - set(ALPHABET)))


class Lexicon:
    """The sorted, distinct words of one length and their per-letter family codes.

    ``codes[l][w]`` is a small integer naming where letter ``l`` occurs in word
    ``w``; ``reveals[l][c]`` is the positions that code stands for. Two words
    share a code exactly when they would fall in the same family on guessing
    ``l`` (whatever else is revealed, because a new letter only lands on hidden
    positions).
    """

    __slots__ = (
        "_letter_indexes",
        "_word_array",
        "alphabet",
        "codes",
        "familiarity",
        "length",
        "reveals",
        "search_cache",
        "words",
    )

    def __init__(self, words: Iterable[str], alphabet: str | None = None) -> None:
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
        points = _code_points("".join(unique))
        used = {chr(point) for point in _distinct(points)}
        if alphabet is None:
            alphabet = default_alphabet(char for char in used if is_lower_letter(char))
        _check_alphabet(alphabet)
        outside = used - set(alphabet)
        if outside:
            char = min(outside)
            word = next(word for word in unique if char in word)
            raise LexiconError(f"{word!r} holds {char!r}, {_why_refused(char, alphabet)}")
        self.length: int = length
        self.words: tuple[str, ...] = tuple(unique)
        self.alphabet: str = alphabet
        self._letter_indexes: dict[str, int] = {letter: i for i, letter in enumerate(alphabet)}
        letters = points.reshape(len(unique), length)
        weights = np.left_shift(np.uint64(1), np.arange(length, dtype=np.uint64))
        codes: list[npt.NDArray[np.int32]] = []
        reveals: list[tuple[tuple[int, ...], ...]] = []
        widest = np.iinfo(letters.dtype).max
        for letter in alphabet:
            if ord(letter) > widest:  # a letter of the alphabet no word uses (bytes: none hold it)
                masks = np.zeros(len(unique), dtype=np.uint64)
            else:
                masks = (letters == ord(letter)).astype(np.uint64) @ weights
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

    def has_letter(self, letter: str) -> bool:
        return letter in self._letter_indexes

    def letter_index(self, letter: str) -> int:
        """Where ``letter`` stands in :attr:`alphabet` (its row of :attr:`codes`)."""
        try:
            return self._letter_indexes[letter]
        except (KeyError, TypeError):
            raise InvalidLetterError(
                f"{letter!r} is not a letter {describe_alphabet(self.alphabet)}"
            ) from None

    def words_at(self, indexes: npt.NDArray[np.int32]) -> list[str]:
        return self._word_array[indexes].tolist()

    def index_of(self, word: str) -> int | None:
        """Where ``word`` stands in :attr:`words` (sorted), or None if it is not one of them."""
        at = bisect_left(self.words, word)
        return at if at < len(self.words) and self.words[at] == word else None

    def code_of(self, letter_index: int, positions: tuple[int, ...]) -> int | None:
        """The family code of ``positions`` for a letter, or None if no word has it."""
        try:
            return self.reveals[letter_index].index(positions)
        except ValueError:
            return None


def _check_alphabet(alphabet: object) -> None:
    if not isinstance(alphabet, str) or not alphabet:
        raise LexiconError("an alphabet is a non-empty string of letters")
    if len(set(alphabet)) != len(alphabet):
        twice = sorted({char for char in alphabet if alphabet.count(char) > 1})
        raise LexiconError(f"the alphabet {alphabet!r} repeats {''.join(twice)!r}")
    for char in alphabet:
        if not is_lower_letter(char):
            kind = "an upper-case letter" if char.lower() != char else "not a letter"
            raise LexiconError(f"the alphabet {alphabet!r} holds {char!r}, {kind}")


def _why_refused(char: str, alphabet: str) -> str:
    if not unicodedata.category(char).startswith("L"):
        return f"which is not a letter (U+{ord(char):04X})"
    if char.lower() != char:
        return "which is not lower case"
    return f"which is not in its alphabet {alphabet!r}"


def _code_points(text: str) -> npt.NDArray[np.unsignedinteger[Any]]:
    """Each character's code point: one byte each when they fit (English, Spanish)."""
    try:
        return np.frombuffer(text.encode("latin-1"), dtype=np.uint8)
    except UnicodeEncodeError:
        return np.frombuffer(text.encode("utf-32-le"), dtype=np.uint32)


def _distinct(points: npt.NDArray[np.unsignedinteger[Any]]) -> list[int]:
    """The code points that occur, ascending (a count per byte value when they are bytes)."""
    if points.dtype == np.uint8:
        return np.flatnonzero(np.bincount(points, minlength=256)).tolist()
    return np.unique(points).tolist()


def _positions(mask: int) -> tuple[int, ...]:
    return tuple(i for i in range(mask.bit_length()) if mask >> i & 1)
