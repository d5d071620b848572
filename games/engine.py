"""The cheating word-maker: the rules of docs/RULES.md, and the strategies that pick a family.

Pure Python plus NumPy, no Django, no I/O. Values in, values out: a
:class:`Lexicon` precomputes, once per word bucket, a dense *family code* per
(letter, word), so a guess is one gather and one ``bincount`` instead of
building a pattern string for every word.

The word-makers, one per difficulty:

- **easy, medium, hard**: the seeds' rule. Families are ranked hardest first
  (RULES.md) and the difficulty's schedule keeps the hardest or the second
  hardest.
- **fiendish**: plans ahead (``games/lookahead.py``): it keeps the family
  worth the most misses from here to the end of the game.
- **fair**: the honest game of ordinary hangman, to learn the rules on: a
  secret word is drawn with the game's seed at the start, and every guess
  keeps the family that holds it.

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
   ``games/lookahead.py``): on the first 3 guesses, when the best family is
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
import random
import string
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field, replace
from enum import StrEnum
from typing import Any

import numpy as np
import numpy.typing as npt

ALPHABET = string.ascii_lowercase
HIDDEN = "-"
MAX_WORD_LENGTH = 64
# A game's vocabulary is the share of its lexicon it plays on, in thousandths (see
# ``secret_vocabulary``); the whole list unless a ranked game or the daily says otherwise.
FULL_VOCABULARY = 1000
# What a ranked game keeps, by word length (lengths not listed: the last entry's share), and
# what the daily keeps. MEASURED: see the module docstring, "The ranked variant".
RANKED_VOCABULARY: dict[int, int] = {1: 400, 7: 800}
DAILY_VOCABULARY = 600
SECRET_VOCABULARY_MIN_WORDS = 1000


class Difficulty(StrEnum):
    EASY = "easy"
    MEDIUM = "medium"
    HARD = "hard"
    FIENDISH = "fiendish"
    FAIR = "fair"


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


class EngineError(ValueError):
    """Base of every error the engine raises on bad input."""


class LexiconError(EngineError):
    pass


class GuessError(EngineError):
    """A guess the rules reject; the state it was applied to is unchanged."""


class InvalidLetterError(GuessError):
    pass


class RepeatedLetterError(GuessError):
    pass


class GameOverError(GuessError):
    pass


def second_hardest_due(difficulty: Difficulty, guess_number: int) -> bool:
    """Whether the difficulty schedule asks for the second-hardest family."""
    if difficulty is Difficulty.MEDIUM:
        return guess_number % 4 == 0
    if difficulty is Difficulty.EASY:
        return guess_number % 2 == 0
    return False


def family_rank_key(pattern: str, size: int, revealed: int) -> tuple[int, int, str]:
    """Hardest first: more words, fewer letters revealed, smaller pattern."""
    return (-size, revealed, pattern)


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


class Lexicon:
    """The sorted, distinct words of one length and their per-letter family codes.

    ``codes[l][w]`` is a small integer naming where letter ``l`` occurs in word
    ``w``; ``reveals[l][c]`` is the positions that code stands for. Two words
    share a code exactly when they would fall in the same family on guessing
    ``l`` (whatever else is revealed, because a new letter only lands on hidden
    positions).
    """

    __slots__ = ("_word_array", "codes", "length", "reveals", "search_cache", "words")

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
        # Tables the planning strategies build on first use (games/search.py).
        self.search_cache: dict[str, Any] = {}

    def __len__(self) -> int:
        return len(self.words)

    def __repr__(self) -> str:
        return f"<Lexicon length={self.length} words={len(self.words)}>"

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
    difficulty: Difficulty
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
        if not isinstance(letter, str) or len(letter.strip()) != 1:
            raise InvalidLetterError("a guess is exactly one letter")
        normalised = letter.strip().lower()
        # isascii: some non-ASCII letters lower-case into a-z (the Kelvin sign into "k").
        if not letter.strip().isascii() or normalised not in ALPHABET:
            raise InvalidLetterError(f"{letter.strip()!r} is not a letter from a to z")
        if normalised in self.letters:
            raise RepeatedLetterError(f"{normalised!r} was already guessed")
        return normalised


def new_game(
    lexicon: Lexicon,
    *,
    max_misses: int,
    difficulty: Difficulty | str,
    seed: int,
    seeded_ties: bool = False,
    vocabulary: int = FULL_VOCABULARY,
) -> GameState:
    if isinstance(max_misses, bool) or not isinstance(max_misses, int) or max_misses < 1:
        raise EngineError("wrong guesses allowed must be an integer of at least 1")
    try:
        chosen = Difficulty(difficulty)
    except ValueError:
        choices = ", ".join(Difficulty)
        raise EngineError(f"difficulty must be one of {choices}, not {difficulty!r}") from None
    if not 1 <= vocabulary <= FULL_VOCABULARY:
        raise EngineError(f"a vocabulary is 1 to {FULL_VOCABULARY} thousandths of the words")
    if chosen is Difficulty.FAIR and vocabulary < FULL_VOCABULARY:
        raise EngineError("a fair game draws its word from the whole list")
    return GameState(
        lexicon=lexicon,
        max_misses=max_misses,
        difficulty=chosen,
        seed=seed,
        seeded_ties=seeded_ties,
        vocabulary=vocabulary,
        pattern=HIDDEN * lexicon.length,
        candidates=(
            None if vocabulary >= FULL_VOCABULARY else secret_vocabulary(lexicon, seed, vocabulary)
        ),
    )


def partition(
    state: GameState, letter: str
) -> tuple[list[Family], npt.NDArray[np.int32], list[int]]:
    """The families of the candidates for ``letter``, hardest first.

    Also returns each candidate's family code and the code of each ranked
    family, so the caller can filter without recomputing.
    """
    lexicon = state.lexicon
    letter_index = ALPHABET.index(letter)
    all_codes = lexicon.codes[letter_index]
    codes = all_codes if state.candidates is None else all_codes[state.candidates]
    reveals = lexicon.reveals[letter_index]
    counts = np.bincount(codes, minlength=len(reveals))
    present = np.flatnonzero(counts)
    ranked: list[tuple[tuple[int, int, bytes, str], int]] = []
    number = state.guess_number + 1
    for code in present.tolist():
        positions = reveals[code]
        pattern = _reveal(state.pattern, letter, positions)
        size, revealed, _ = family_rank_key(pattern, int(counts[code]), len(positions))
        tie = seeded_tie_key(state.seed, number, pattern) if state.seeded_ties else b""
        ranked.append(((size, revealed, tie, pattern), code))
    ranked.sort()
    families = [Family(pattern=key[3], size=-key[0], revealed=key[1]) for key, _ in ranked]
    return families, codes, [code for _, code in ranked]


def _reveal(pattern: str, letter: str, positions: Sequence[int]) -> str:
    if not positions:
        return pattern
    chars = list(pattern)
    for position in positions:
        chars[position] = letter
    return "".join(chars)


def apply_guess(state: GameState, letter: str) -> tuple[GameState, MoveReport]:
    """Apply one guess; raises :class:`GuessError` and changes nothing when refused."""
    letter = state.check_guess(letter)
    number = state.guess_number + 1
    families, codes, family_codes = partition(state, letter)
    values: tuple[int | None, ...] | None = None
    search_nodes: int | None = None
    if len(families) == 1:
        kept_rank = 0
        reason = (
            Reason.ONLY_FAMILY if second_hardest_due(state.difficulty, number) else (Reason.HARDEST)
        )
    elif state.difficulty is Difficulty.FAIR:
        secret = secret_word_index(state.lexicon, state.seed)
        kept_rank = family_codes.index(int(state.lexicon.codes[ALPHABET.index(letter)][secret]))
        reason = Reason.HONEST
    elif state.difficulty is Difficulty.FIENDISH:
        # The strategies import the engine's types.
        from games.lookahead import OPENING_GUESSES, OPENING_MARGIN, choose_family

        secret_words = state.seeded_ties and state.vocabulary < FULL_VOCABULARY
        choice = choose_family(
            state.lexicon,
            candidates=_candidate_indexes(state),
            guessed=state.letters,
            letter=letter,
            ranked_codes=family_codes,
            misses_left=state.misses_left,
            seed=state.seed if state.seeded_ties else None,
            guess_number=number,
            margin=OPENING_MARGIN if secret_words and number <= OPENING_GUESSES else 0,
            # Family values are remembered for vocabularies more than one game plays on: the
            # whole list, and the daily's (one seed for everyone). A ranked game's own secret
            # vocabulary would only fill the memo (the choice is the same either way).
            shared_vocabulary=state.vocabulary in (FULL_VOCABULARY, DAILY_VOCABULARY),
        )
        kept_rank, reason = choice.kept_rank, Reason.LOOKAHEAD
        values, search_nodes = choice.values, choice.nodes
    elif second_hardest_due(state.difficulty, number):
        kept_rank, reason = 1, Reason.SECOND_HARDEST
    else:
        kept_rank, reason = 0, Reason.HARDEST
    kept = families[kept_rank]
    selected = np.flatnonzero(codes == family_codes[kept_rank]).astype(np.int32)
    candidates = selected if state.candidates is None else state.candidates[selected]
    miss = kept.revealed == 0
    misses = state.misses + int(miss)
    status = Status.PLAYING
    word: str | None = None
    if HIDDEN not in kept.pattern:
        status, word = Status.WON, kept.pattern
    elif misses >= state.max_misses:
        status = Status.LOST
        word = _named_word(state.lexicon, candidates, state.seed, state.difficulty)
    new_state = replace(
        state,
        letters=(*state.letters, letter),
        pattern=kept.pattern,
        misses=misses,
        status=status,
        word=word,
        candidates=candidates,
    )
    report = MoveReport(
        number=number,
        letter=letter,
        miss=miss,
        families=tuple(families),
        kept_rank=kept_rank,
        reason=reason,
        pattern=kept.pattern,
        words_left=kept.size,
        misses_left=new_state.misses_left,
        status=status,
        word=word,
        values=values,
        search_nodes=search_nodes,
    )
    return new_state, report


def _candidate_indexes(state: GameState) -> npt.NDArray[np.int32]:
    if state.candidates is None:
        return np.arange(len(state.lexicon), dtype=np.int32)
    return state.candidates


def public_candidates(state: GameState) -> npt.NDArray[np.int32]:
    """The words of the whole lexicon that fit the game's letters and pattern.

    What a player can know: a ranked game's secret vocabulary is left out. A
    guesser (hints, "watch the computer play", the benchmarks) reasons on these.
    """
    return _filter(state.lexicon, np.arange(len(state.lexicon), dtype=np.int32), state)


def _filter(
    lexicon: Lexicon, candidates: npt.NDArray[np.int32], state: GameState
) -> npt.NDArray[np.int32]:
    """The ``candidates`` whose positions of each guessed letter are what the pattern shows."""
    for letter in state.letters:
        letter_index = ALPHABET.index(letter)
        positions = tuple(i for i, char in enumerate(state.pattern) if char == letter)
        code = lexicon.code_of(letter_index, positions)
        if code is None:
            return candidates[:0]
        candidates = candidates[lexicon.codes[letter_index][candidates] == code]
    return candidates


def secret_word_index(lexicon: Lexicon, seed: int) -> int:
    """The fair game's word, drawn from the whole lexicon with the seed before any guess."""
    return random.Random(seed).randrange(len(lexicon))


def fair_word(lexicon: Lexicon, seed: int) -> str:
    """The word an honest word-maker with this seed picks before any guess (the fair game's)."""
    return lexicon.words[secret_word_index(lexicon, seed)]


@dataclass(frozen=True, slots=True)
class HonestGame:
    """The same letters played against the honest word-maker (:func:`honest_game`)."""

    word: str
    misses: int
    status: Status
    letters_used: int  # the honest game may end before every letter is played


def honest_game(
    lexicon: Lexicon, *, seed: int, max_misses: int, letters: Iterable[str]
) -> HonestGame:
    """Play ``letters`` in order against the fair word-maker of ``seed``, until it ends.

    What the same guesses would have cost in ordinary hangman, with the word
    the fair game draws with this seed from the same words: the measure of
    what the cheating cost. For a fair game it is that game itself.
    """
    state = new_game(lexicon, max_misses=max_misses, difficulty=Difficulty.FAIR, seed=seed)
    for letter in letters:
        if state.is_over:
            break
        state, _ = apply_guess(state, letter)
    return HonestGame(
        word=fair_word(lexicon, seed),
        misses=state.misses,
        status=state.status,
        letters_used=state.guess_number,
    )


def _named_word(
    lexicon: Lexicon, candidates: npt.NDArray[np.int32], seed: int, difficulty: Difficulty
) -> str:
    """The seeded pick among the candidates, so every replay names the same word.

    The fair game names its secret word, which is always among them.
    """
    if difficulty is Difficulty.FAIR:
        return fair_word(lexicon, seed)
    index = random.Random(seed).randrange(int(candidates.size))
    return lexicon.words[int(candidates[index])]


def named_word(state: GameState) -> str:
    """The word the computer would name if the game stopped now (e.g. a forfeit)."""
    if state.word is not None:
        return state.word
    return _named_word(state.lexicon, _candidate_indexes(state), state.seed, state.difficulty)


def restore(
    lexicon: Lexicon,
    *,
    max_misses: int,
    difficulty: Difficulty | str,
    seed: int,
    letters: Iterable[str],
    pattern: str,
    word: str | None = None,
    seeded_ties: bool = False,
    vocabulary: int = FULL_VOCABULARY,
) -> GameState:
    """Rebuild a game from its letters and the pattern they revealed, without the word-maker.

    Each kept family is exactly the words whose positions of the guessed letter
    match what that guess revealed, and a later guess never moves an earlier
    letter, so the final pattern and the letters alone fix the candidates: one
    filter per letter, whatever the word-maker that chose them cost. This is how
    a stored game is brought back; :func:`replay` re-runs the word-maker and is
    the check that both agree.
    """
    state = new_game(
        lexicon,
        max_misses=max_misses,
        difficulty=difficulty,
        seed=seed,
        seeded_ties=seeded_ties,
        vocabulary=vocabulary,
    )
    guessed = tuple(letters)
    if len(pattern) != lexicon.length:
        raise EngineError(f"the pattern {pattern!r} is not {lexicon.length} letters long")
    if len(set(guessed)) != len(guessed) or any(letter not in ALPHABET for letter in guessed):
        raise EngineError(f"{''.join(guessed)!r} is not a list of distinct letters a-z")
    if any(char != HIDDEN and char not in guessed for char in pattern):
        raise EngineError(f"the pattern {pattern!r} shows a letter that was not guessed")
    candidates = _filter(
        lexicon, _candidate_indexes(state), replace(state, letters=guessed, pattern=pattern)
    )
    if candidates.size == 0:
        raise EngineError(f"no word of this lexicon fits {pattern!r} after {''.join(guessed)!r}")
    misses = sum(1 for letter in guessed if letter not in pattern)
    status = Status.PLAYING
    if HIDDEN not in pattern:
        status, word = Status.WON, pattern
    elif misses >= state.max_misses:
        status = Status.LOST
        word = word or _named_word(lexicon, candidates, seed, state.difficulty)
    return replace(
        state,
        letters=guessed,
        pattern=pattern,
        misses=misses,
        status=status,
        word=word if status is not Status.PLAYING else None,
        candidates=candidates,
    )


def replay(
    lexicon: Lexicon,
    *,
    max_misses: int,
    difficulty: Difficulty | str,
    seed: int,
    letters: Iterable[str],
    seeded_ties: bool = False,
    vocabulary: int = FULL_VOCABULARY,
) -> tuple[GameState, list[MoveReport]]:
    """Re-run the word-maker over a game's letters: every choice made again, as it was made.

    The web site brings games back with :func:`restore`; this is the check
    that a stored game is what its word-maker would play.
    """
    state = new_game(
        lexicon,
        max_misses=max_misses,
        difficulty=difficulty,
        seed=seed,
        seeded_ties=seeded_ties,
        vocabulary=vocabulary,
    )
    reports: list[MoveReport] = []
    for letter in letters:
        state, report = apply_guess(state, letter)
        reports.append(report)
    return state, reports
