"""A game's state and what one guess did: values, no strategy.

Everything here follows from the game's settings and letters. The word-makers
(``games/engine/makers/``) read a :class:`GameState`; the rules
(``games/engine/rules.py``) make new ones.
"""

from __future__ import annotations

import unicodedata
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any

import numpy as np
import numpy.typing as npt

from games.engine.errors import GameOverError, InvalidLetterError, RepeatedLetterError
from games.engine.lexicon import Lexicon, describe_alphabet
from games.engine.vocabulary import FULL_VOCABULARY


class Status(StrEnum):
    PLAYING = "playing"
    WON = "won"
    LOST = "lost"


class Reason(StrEnum):
    """Why the kept family was kept; instructors read this in reviews."""

    HARDEST = "hardest"
    SECOND_HARDEST = "second_hardest"
    ONLY_FAMILY = "only_family"
    LOOKAHEAD = "lookahead"  # fiendish: the family worth the most misses to the end
    HONEST = "honest"  # fair: the family that holds the secret word
    LEAST_KNOWN = "least_known"  # obscure: a big family of words a player is less likely to know


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
    letter: str
    miss: bool
    families: tuple[Family, ...]
    kept_rank: int
    reason: Reason
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
    """Everything about a game; every field follows from the settings and letters."""

    lexicon: Lexicon
    max_misses: int
    difficulty: str  # a Difficulty (games/engine/makers): its word-maker's name
    seed: int
    seeded_ties: bool = False
    vocabulary: int = FULL_VOCABULARY  # thousandths of the lexicon kept by the seed
    letters: tuple[str, ...] = ()
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
        """How many guesses have been accepted so far."""
        return len(self.letters)

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
    """The ``candidates`` whose positions of each guessed letter are what the pattern shows."""
    for letter in state.letters:
        letter_index = lexicon.letter_index(letter)
        positions = tuple(i for i, char in enumerate(state.pattern) if char == letter)
        code = lexicon.code_of(letter_index, positions)
        if code is None:
            return candidates[:0]
        candidates = candidates[lexicon.codes[letter_index][candidates] == code]
    return candidates
