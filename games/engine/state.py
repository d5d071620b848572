"""A game's state and what one guess did: values, no strategy.

Everything here follows from the game's settings and letters. The word-makers
(``games/engine/makers/``) read a :class:`GameState`; the rules
(``games/engine/rules.py``) make new ones.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Iterable
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any

import numpy as np
import numpy.typing as npt

from games.engine.errors import (
    GameOverError,
    InvalidLetterError,
    InvalidWordError,
    RepeatedLetterError,
    RepeatedWordError,
)
from games.engine.lexicon import Lexicon, describe_alphabet
from games.engine.vocabulary import FULL_VOCABULARY


class Status(StrEnum):
    PLAYING = "playing"
    WON = "won"
    LOST = "lost"


def is_word_move(move: str) -> bool:
    """Whether a move is a whole word rather than one letter: more than one character once
    composed (a letter typed as its base and an accent is still one letter)."""
    return len(unicodedata.normalize("NFC", move.strip())) > 1


def is_miss(move: str, pattern: str) -> bool:
    """Whether a move of a game now at ``pattern`` was a wrong guess: a letter it does not
    show, or a word other than the one it shows (the word that won)."""
    return move != pattern if is_word_move(move) else move not in pattern


def misses_of(moves: Iterable[str], pattern: str) -> int:
    """The wrong guesses among ``moves`` that ended at ``pattern``."""
    return sum(is_miss(move, pattern) for move in moves)


def family_rank_key(pattern: str, size: int, revealed: int) -> tuple[int, int, str]:
    """Hardest first: more words, fewer letters revealed, smaller pattern."""
    return (-size, revealed, pattern)


@dataclass(frozen=True, slots=True)
class Family:
    pattern: str
    size: int
    revealed: int


@dataclass(frozen=True, slots=True)
class MoveReport:
    """What one accepted guess did; also the shape of every history export."""

    number: int
    letter: str  # the move: one letter, or a whole word (``is_word``)
    miss: bool
    families: tuple[Family, ...]
    kept_rank: int
    # Why the kept family was kept: a games.engine.Reason (the registry's, built from the
    # rules' reasons and the word-makers').
    reason: str
    pattern: str
    words_left: int
    misses_left: int
    status: Status
    word: str | None
    # Fiendish only: the misses the search found each family worth (None: not valued),
    # and how many positions it examined.
    values: tuple[int | None, ...] | None = None
    search_nodes: int | None = None

    @property
    def kept(self) -> Family:
        return self.families[self.kept_rank]

    @property
    def is_word(self) -> bool:
        return is_word_move(self.letter)

    def as_json(self) -> dict[str, Any]:
        """The console's ``--json`` line; exports reuse it."""
        data: dict[str, Any] = {
            "guess": self.letter,
            "accepted": True,
            "miss": self.miss,
            "pattern": self.pattern,
            "families": {family.pattern: family.size for family in self.families},
            "words_left": self.words_left,
            "misses_left": self.misses_left,
            "status": str(self.status),
        }
        if self.word is not None:
            data["word"] = self.word
        if self.values is not None:
            data["values"] = {
                family.pattern: value
                for family, value in zip(self.families, self.values, strict=True)
                if value is not None
            }
        return data


@dataclass(frozen=True, slots=True, eq=False)
class GameState:
    """Everything about a game; every field follows from the settings and moves.

    ``letters`` are the letters guessed and ``words`` the whole words guessed, each in
    order (a word guessed is dropped from the candidates, or was the last one and won);
    the order of the two together is the game's (its row's ``moves``), which only a
    replay needs: the candidates follow from the two sets and the pattern.
    """

    lexicon: Lexicon
    max_misses: int
    difficulty: str  # a Difficulty (games/engine/makers): its word-maker's name
    seed: int
    seeded_ties: bool = False
    vocabulary: int = FULL_VOCABULARY  # thousandths of the lexicon kept by the seed
    letters: tuple[str, ...] = ()
    words: tuple[str, ...] = ()
    pattern: str = ""
    misses: int = 0
    status: Status = Status.PLAYING
    word: str | None = None
    candidates: npt.NDArray[np.int32] | None = field(default=None, repr=False)

    @property
    def length(self) -> int:
        return self.lexicon.length

    @property
    def guess_number(self) -> int:
        """How many guesses (letters and words) have been accepted so far."""
        return len(self.letters) + len(self.words)

    @property
    def misses_left(self) -> int:
        return self.max_misses - self.misses

    @property
    def words_left(self) -> int:
        return len(self.lexicon) if self.candidates is None else int(self.candidates.size)

    @property
    def missed_letters(self) -> tuple[str, ...]:
        return tuple(letter for letter in self.letters if letter not in self.pattern)

    @property
    def is_over(self) -> bool:
        return self.status is not Status.PLAYING

    def candidate_words(self) -> list[str]:
        if self.candidates is None:
            return list(self.lexicon.words)
        return self.lexicon.words_at(self.candidates)

    def check_guess(self, letter: str) -> str:
        """Normalise a guess or raise the typed error that says why it is refused."""
        if self.is_over:
            raise GameOverError("the game is over")
        if not isinstance(letter, str):
            raise InvalidLetterError("a guess is exactly one letter")
        typed = letter.strip()
        normalised = typed
        if not self.lexicon.has_letter(typed):  # else: a letter of the alphabet, as it is
            # A letter typed as a base and its accent (NFD) is one letter; a character that
            # normalises to another on its own is a look-alike (the Kelvin sign, not "K").
            composed = unicodedata.normalize("NFC", typed)
            if len(composed) != 1:
                raise InvalidLetterError("a guess is exactly one letter")
            normalised = composed.lower()
            if (len(typed) == 1 and composed != typed) or not self.lexicon.has_letter(normalised):
                alphabet = describe_alphabet(self.lexicon.alphabet)
                raise InvalidLetterError(f"{typed!r} is not a letter {alphabet}")
        if normalised in self.letters:
            raise RepeatedLetterError(f"{normalised!r} was already guessed")
        return normalised

    def check_word(self, word: str) -> str:
        """Normalise a whole-word guess or raise the typed error that says why it is refused.

        The word must be one of the lexicon's (the whole list of this length, never a
        ranked game's secret part of it: whether a word is in the list is public, whether
        it is still possible is not) and not guessed before in this game.
        """
        if self.is_over:
            raise GameOverError("the game is over")
        if not isinstance(word, str):
            raise InvalidWordError("a word guess is a string")
        normalised = unicodedata.normalize("NFC", word.strip()).lower()
        if len(normalised) != self.length:
            raise InvalidWordError(f"a word of this game is {self.length} letters long")
        if self.lexicon.index_of(normalised) is None:
            raise InvalidWordError(f"{normalised!r} is not a word of this list")
        if normalised in self.words:
            raise RepeatedWordError(f"{normalised!r} was already guessed")
        return normalised


def all_candidates(state: GameState) -> npt.NDArray[np.int32]:
    """The indexes of every word the game still plays on (its own vocabulary, secret or not)."""
    if state.candidates is None:
        return np.arange(len(state.lexicon), dtype=np.int32)
    return state.candidates


def public_candidates(state: GameState) -> npt.NDArray[np.int32]:
    """The words of the whole lexicon that fit the game's letters and pattern.

    What a player can know: a ranked game's secret vocabulary is left out. A
    guesser (hints, "watch the computer play", the benchmarks) reasons on these.
    """
    return filter_candidates(state.lexicon, np.arange(len(state.lexicon), dtype=np.int32), state)


def filter_candidates(
    lexicon: Lexicon, candidates: npt.NDArray[np.int32], state: GameState
) -> npt.NDArray[np.int32]:
    """The ``candidates`` whose positions of each guessed letter are what the pattern shows,
    less the words guessed (dropped), but for the one a won game shows."""
    for letter in state.letters:
        letter_index = lexicon.letter_index(letter)
        positions = tuple(i for i, char in enumerate(state.pattern) if char == letter)
        code = lexicon.code_of(letter_index, positions)
        if code is None:
            return candidates[:0]
        candidates = candidates[lexicon.codes[letter_index][candidates] == code]
    if state.words:
        return without_words(lexicon, candidates, state.words, state.pattern)
    return candidates


def without_words(
    lexicon: Lexicon, candidates: npt.NDArray[np.int32], words: tuple[str, ...], pattern: str
) -> npt.NDArray[np.int32]:
    """The ``candidates`` less the ``words`` guessed, but for ``pattern`` when it is one of
    them (the word that won: the only one left then)."""
    if pattern in words:
        index = lexicon.index_of(pattern)
        return candidates[candidates == index] if index is not None else candidates[:0]
    indexes = [lexicon.index_of(word) for word in words]
    dropped = np.array([index for index in indexes if index is not None], dtype=np.int32)
    return candidates[~np.isin(candidates, dropped)] if dropped.size else candidates
