"""A challenge's prior: how often a reference model player wins it, from seeded games.

Par (``par.py``) says what perfect play needs; people are not perfect, so a challenge's first
rating (issue 20) also uses how a fallible player fares on it. The **reference player**
is the greedy guesser (:func:`~games.engine.guesser.greedy_aware_letter`) that plays a
uniformly random unguessed letter instead on 30 % of its guesses: the middle one of the
model players ``bench/ratings.py`` rates (0 % to 70 % random letters), neither perfect
nor hopeless, so challenges differ in its win rate where people's do. Its random letters
come from a generator seeded by the caller, so a prior is the same on every machine.

It plays ``games`` ranked games (secret vocabulary and seeded ties, as a ranked game is
played) of one lexicon against one rule difficulty to the end with no miss limit, and
keeps how many wrong guesses each needed. The seeds' word-makers (easy, medium, hard:
``makers/schedule.py``) choose by the guess number alone, never by the misses left, so
a game with no limit makes the same moves as one with any limit until that limit ends
it: a game that needed ``k`` misses is won exactly when more than ``k`` are allowed
(``rules.apply_guess`` ends a game as lost when the misses reach the allowed number),
and one histogram gives the win rate for every number of wrong guesses allowed. The cost
is bounded by the count of games (each at most one guess per letter), never by the clock.
How :func:`challenge_prior` plays them cheaply: docs/design/first-start.md.
"""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import dataclass

import numpy as np
import numpy.typing as npt

from games.engine.guesser import greedy_aware_letter
from games.engine.lexicon import HIDDEN, Lexicon
from games.engine.makers import Difficulty, GuesserModel, maker_for
from games.engine.rules import apply_guess, new_game
from games.engine.search import search_tables
from games.engine.state import GameState
from games.engine.vocabulary import (
    FULL_VOCABULARY,
    ranked_vocabulary,
    secret_shares,
    secret_vocabulary,
    seeded_tie_key,
)

# Games per challenge for ``manage.py compute_challenge_priors``; the reference player's chance of
# a random letter; the seed its letters and its games' seeds are drawn from.
PRIOR_GAMES = 200
REFERENCE_NOISE = 0.30
PRIOR_SEED = 2027
# At most this many words are played as Python lists (below it NumPy's calls cost more).
SMALL_SET = 150
# From this many words that fit, a position's family sizes are kept for the positions after it.
BIG_SET = 1000


@dataclass(frozen=True, slots=True)
class ChallengePrior:
    """How many of ``games`` games needed 0, 1, 2, ... wrong guesses (``misses_needed[k]``)."""

    misses_needed: tuple[int, ...]
    games: int

    def wins(self, max_misses: int) -> int:
        """The games won with ``max_misses`` wrong guesses allowed: those that needed fewer."""
        return sum(self.misses_needed[: max(max_misses, 0)])

    def win_rate(self, max_misses: int) -> float:
        """The win rate with one win and one loss added (add-one), so never exactly 0 or 1:
        200 games without a loss say the challenge is very easy, not infinitely easy."""
        return win_rate(self.misses_needed, max_misses)


def win_rate(misses_needed: list[int] | tuple[int, ...], max_misses: int) -> float:
    """The add-one win rate of a stored histogram (see :meth:`ChallengePrior.win_rate`)."""
    games = sum(misses_needed)
    wins = sum(misses_needed[: max(max_misses, 0)])
    return (wins + 1) / (games + 2)


def challenge_prior(
    lexicon: Lexicon,
    difficulty: Difficulty | str,
    *,
    games: int = PRIOR_GAMES,
    seed: int = PRIOR_SEED,
    noise: float = REFERENCE_NOISE,
    letters: GreedyLetters | None = None,
) -> ChallengePrior:
    """The reference player's misses over ``games`` seeded ranked games against a rule.

    Only the seeds' rule difficulties (easy, medium, hard) have one: a planning word-maker
    (fiendish, obscure) looks at the misses left, so one game with no limit would not
    stand for every limit. The same lexicon, difficulty, games, seed and noise give the
    same histogram.

    The games are those :func:`reference_game` plays, move for move (a test holds them
    equal), played the cheap way (:func:`_reference_misses`). ``letters`` remembers the
    guesser's letters between calls on the same lexicon: a caller playing easy, medium
    and hard on one word length passes the same one to all three.
    """
    maker = maker_for(difficulty)
    if maker.guesser_model is not GuesserModel.RULE:
        raise ValueError(f"a challenge prior is played against the seeds' rule, not {difficulty}")
    if games < 1:
        raise ValueError("a challenge prior needs at least one game")
    rng = random.Random(seed)
    vocabulary = ranked_vocabulary(lexicon)
    letters = GreedyLetters(lexicon) if letters is None else letters
    if letters.lexicon is not lexicon:
        raise ValueError("the remembered letters are another lexicon's")
    counts = [0] * len(lexicon.alphabet)
    ranks = [1 if maker.second_hardest_due(number) else 0 for number in range(len(counts) + 1)]
    for _ in range(games):
        misses = _reference_misses(
            letters,
            ranks,
            seed=rng.getrandbits(63),
            rng=rng,
            vocabulary=vocabulary,
            noise=noise,
        )
        counts[misses] += 1
    while len(counts) > 1 and counts[-1] == 0:
        counts.pop()
    return ChallengePrior(misses_needed=tuple(counts), games=games)


# A guess that led to a position: the position before it (letters guessed and pattern), the
# words that fit there, the letter guessed and the family kept.
_Step = tuple[tuple[int, str], npt.NDArray[np.int32], int, int]


class GreedyLetters:
    """The greedy guesser's letter for each position a player can see, worked out once.

    The guesser sees only the letters guessed and the pattern (never a ranked game's secret
    part of the list, nor the rule), so every game of every rule difficulty that reaches
    the same letters and pattern gets the same letter: the first guesses, which partition
    the whole list, are worked out once instead of once per game. Bounded by the count of
    positions the games reach (each game adds at most one per letter).
    """

    def __init__(self, lexicon: Lexicon) -> None:
        self.lexicon = lexicon
        tables = search_tables(lexicon)
        self.everything = np.arange(len(lexicon), dtype=np.int32)
        # Per letter, how many positions each of its families shows.
        self.revealed_list = [
            [len(positions) for positions in reveals] for reveals in lexicon.reveals
        ]
        self.letters: dict[tuple[int, str], int] = {}
        self._code_lists: dict[int, list[int]] = {}
        self._word_letters: dict[int, tuple[int, list[int]]] = {}
        self.index_of = {letter: index for index, letter in enumerate(lexicon.alphabet)}
        self._narrowed: dict[tuple[int, str, int, int], npt.NDArray[np.int32] | list[int]] = {}
        self._partitions: dict[tuple[int, str, int], tuple[list[int], list[int]]] = {}
        self._sizes: dict[tuple[int, str], npt.NDArray[np.intp]] = {}
        # SearchTables' family ids a row per word (as intp, which bincount takes without a
        # copy), so a set of words is one gather of rows; each letter's miss family, or an
        # id past the last that no word falls in.
        self._family_ids = np.ascontiguousarray(tables.family_ids.T, dtype=np.intp)
        self._total = tables.total
        self._offsets = tables.offsets[:-1]  # each letter's first family id
        self._miss_ids = np.where(tables.miss_id >= 0, tables.miss_id, tables.total)
        self._stride = tables.letter_stride
        self._letter_indexes = tables.letter_indexes
        self._root: dict[
            int,
            tuple[npt.NDArray[np.int32], npt.NDArray[np.uint64], list[tuple[int, int, int, int]]],
        ] = {}

    def code_list(self, index: int) -> list[int]:
        """``lexicon.codes[index]`` as a list, for the small sets played in Python."""
        found = self._code_lists.get(index)
        if found is None:
            found = self._code_lists[index] = self.lexicon.codes[index].tolist()
        return found

    def narrowed(
        self, public: npt.NDArray[np.int32], guessed: int, pattern: str, index: int, kept: int
    ) -> npt.NDArray[np.int32] | list[int]:
        """The words of ``public`` (those that fit ``guessed`` and ``pattern``) in family
        ``kept`` of letter ``index``, as a list once small. Remembered: a set this big is
        near the start, where many games pass."""
        key = (guessed, pattern, index, kept)
        found = self._narrowed.get(key)
        if found is None:
            found = public[self.lexicon.codes[index][public] == kept]
            if len(found) <= SMALL_SET:
                found = found.tolist()
            self._narrowed[key] = found
        return found

    def partition(
        self, public: npt.NDArray[np.int32], guessed: int, pattern: str, index: int
    ) -> tuple[list[int], list[int]]:
        """The families of letter ``index`` among ``public`` (as :meth:`narrowed`) and their
        sizes, remembered for the same reason."""
        key = (guessed, pattern, index)
        found = self._partitions.get(key)
        if found is None:
            counts = np.bincount(self.lexicon.codes[index][public])
            present = np.flatnonzero(counts)
            found = self._partitions[key] = (present.tolist(), counts[present].tolist())
        return found

    def word_letters(self, index: int) -> tuple[int, list[int]]:
        """Word ``index``'s letters as a bit set, and how often each letter is in it."""
        found = self._word_letters.get(index)
        if found is None:
            word = self.lexicon.words[index]
            alphabet = self.lexicon.alphabet
            bits = sum(1 << i for i, letter in enumerate(alphabet) if letter in word)
            found = (bits, [word.count(letter) for letter in alphabet])
            self._word_letters[index] = found
        return found

    def letter(
        self,
        guessed: int,
        pattern: str,
        public: npt.NDArray[np.int32] | list[int],
        came_from: _Step | None = None,
    ) -> int:
        """The index of :func:`greedy_aware_letter`'s letter, with ``public`` the words that
        fit ``pattern`` and the letters in the bit set ``guessed``; ``came_from`` the guess
        that led here, if the caller knows it.

        ``SearchTables.greedy_aware_order``'s first letter, with its key built in fewer
        steps: a letter's hardest family is its biggest, and it is the miss when the miss
        family is that big (it shows the fewest letters).
        """
        key = (guessed, pattern)
        found = self.letters.get(key)
        if found is None:
            sizes = self._family_sizes(key, public, came_from)
            biggest = np.maximum.reduceat(sizes, self._offsets)
            order = (sizes[self._miss_ids] == biggest) * (1 << 40) + biggest * self._stride
            order += self._letter_indexes
            # A letter guessed goes last: past every other key (those are under 2**41).
            order += (np.right_shift(guessed, self._letter_indexes) & 1) << 50
            found = self.letters[key] = int(np.argmin(order))
        return found

    def _family_sizes(
        self,
        key: tuple[int, str],
        public: npt.NDArray[np.int32] | list[int],
        came_from: _Step | None,
    ) -> npt.NDArray[np.intp]:
        """How many of ``public`` each family id has. A big set is most of the one before it
        (the kept family is mostly the biggest), so its sizes are those before it less the
        sizes of the words the guess set aside, when fewer: the same counts, fewer words."""
        sizes = None
        if came_from is not None and len(public) >= BIG_SET:
            before_key, before, index, kept = came_from
            before_sizes = self._sizes.get(before_key)
            if before_sizes is not None and 2 * len(public) > len(before):
                aside = before[self.lexicon.codes[index][before] != kept]
                aside_ids = self._family_ids[aside].ravel()
                sizes = before_sizes - np.bincount(aside_ids, minlength=self._total + 1)
        if sizes is None:
            sizes = np.bincount(self._family_ids[public].ravel(), minlength=self._total + 1)
        if len(public) >= BIG_SET:
            self._sizes[key] = sizes
        return sizes

    def first_guess(
        self, index: int, *, seed: int, vocabulary: int, rank: int, number: int
    ) -> tuple[int, npt.NDArray[np.int32], npt.NDArray[np.int32]] | None:
        """A ranked game's first guess, ``index``: the family the rule keeps, its words in
        the game's secret vocabulary, and all its words (those a player knows fit).

        The whole list's families of the letter are known (:meth:`_families`, biggest
        first); the rule keeps the one with the most of the game's words (or the second,
        ``rank``), so the words' draws (``vocabulary.secret_shares``) are made family by
        family, biggest first, only until no family left can have as many drawn words as
        the one kept (its size is at most that). None when no word at all is drawn.
        """
        order, unsigned, families = self._families(index)
        drawn: list[tuple[int, int, npt.NDArray[np.int32], npt.NDArray[np.bool_]]] = []
        counts: list[int] = []
        share = np.uint64(vocabulary)
        for size, code, start, end in families:
            if len(counts) > rank and sorted(counts, reverse=True)[rank] > size:
                break
            members = order[start:end]
            mask = secret_shares(seed, unsigned[start:end]) < share
            count = int(np.count_nonzero(mask))
            if count:
                drawn.append((code, count, members, mask))
                counts.append(count)
        if not drawn:
            return None
        if len(drawn) == 1:
            kept = drawn[0][0]
        else:
            kept = _kept_family(
                [code for code, *_ in drawn],
                counts,
                self.revealed_list[index],
                rank=rank,
                reveals=self.lexicon.reveals[index],
                pattern=HIDDEN * self.lexicon.length,
                letter=self.lexicon.alphabet[index],
                seed=seed,
                number=number,
            )
        _, _, members, mask = next(item for item in drawn if item[0] == kept)
        return kept, members[mask], members

    def _families(
        self, index: int
    ) -> tuple[npt.NDArray[np.int32], npt.NDArray[np.uint64], list[tuple[int, int, int, int]]]:
        """The whole list's words grouped by family of letter ``index`` (ascending within
        each; also as the unsigned indexes the draws hash), and each family's (size, code,
        start, end) in that order, biggest first."""
        found = self._root.get(index)
        if found is None:
            codes = self.lexicon.codes[index]
            order = np.argsort(codes, kind="stable").astype(np.int32)
            ordered = codes[order]
            starts = np.flatnonzero(np.diff(ordered, prepend=-1)).tolist()
            ends = [*starts[1:], len(order)]
            families = sorted(
                (
                    (end - start, int(ordered[start]), start, end)
                    for start, end in zip(starts, ends, strict=True)
                ),
                key=lambda family: -family[0],
            )
            found = self._root[index] = (order, order.astype(np.uint64), families)
        return found


def _reference_misses(
    letters: GreedyLetters,
    ranks: list[int],
    *,
    seed: int,
    rng: random.Random,
    vocabulary: int,
    noise: float,
) -> int:
    """The misses :func:`reference_game` needs with these arguments, without its states.

    The same moves with less: the words a player can know are narrowed by each kept family
    instead of filtered again from the whole list (and are the game's words when it plays
    the whole list), the guesser's letters come from ``letters``, the seeded tie key is
    hashed only for families level on size and letters shown with the one the rule keeps
    (rules.partition hashes every family's), and once few words are left they are Python
    lists (NumPy's calls cost more than they save). ``ranks[number]`` is the family the
    rule keeps on guess ``number`` (0 the hardest, 1 the second).
    """
    lexicon = letters.lexicon
    alphabet = lexicon.alphabet
    reveals = lexicon.reveals
    index_of = letters.index_of
    random_draw = rng.random
    choice = rng.choice
    whole = vocabulary >= FULL_VOCABULARY  # the game's words are those a player knows fit
    # None until the first guess of a ranked game, which draws only the words it needs.
    words: npt.NDArray[np.int32] | list[int] | None = letters.everything if whole else None
    public: npt.NDArray[np.int32] | list[int] = letters.everything
    pattern = HIDDEN * lexicon.length
    hidden = lexicon.length
    guessed = 0
    unguessed = list(alphabet)  # what a random letter is chosen from
    misses = 0
    number = 0
    came_from: _Step | None = None
    while hidden:
        if len(public) == 1:  # one word fits: the rest needs no partition (below)
            word = int(public[0])
            return misses + _one_word_left(letters, word, hidden, guessed, unguessed, rng, noise)
        before = public
        number += 1
        if random_draw() < noise:
            letter = choice(unguessed)
            index = index_of[letter]
        else:
            index = letters.letter(guessed, pattern, public, came_from)
            letter = alphabet[index]
        unguessed.remove(letter)
        code_list = letters.code_list(index)
        rank = ranks[number]
        # A ranked game's words are some of those that fit: all of them when as many.
        same = words is not None and len(words) == len(public)
        if words is None:
            opening = letters.first_guess(
                index, seed=seed, vocabulary=vocabulary, rank=rank, number=number
            )
            if opening is None:  # no word drawn at all: the vocabulary's fallback word
                words = secret_vocabulary(lexicon, seed, vocabulary)
        else:
            opening = None
        if opening is not None:
            kept, words, public = opening
            if len(words) <= SMALL_SET:
                words = words.tolist()
            if len(public) <= SMALL_SET:
                public = public.tolist()
        elif isinstance(words, list):
            word_codes = [code_list[word] for word in words]
            some = word_codes[0]
            if word_codes.count(some) == len(word_codes):
                kept = some  # one family: kept whatever the rule's schedule
            else:
                codes = list(set(word_codes))
                if len(codes) * len(word_codes) <= 400:  # counted in C, a family at a time
                    sizes = [word_codes.count(code) for code in codes]
                else:
                    counted = Counter(word_codes)
                    sizes = [counted[code] for code in codes]
                kept = _kept_family(
                    codes,
                    sizes,
                    letters.revealed_list[index],
                    rank=rank,
                    reveals=reveals[index],
                    pattern=pattern,
                    letter=letter,
                    seed=seed,
                    number=number,
                )
                words = [word for word, code in zip(words, word_codes, strict=True) if code == kept]
        elif whole:  # the words are those that fit: remembered per position
            codes, sizes = letters.partition(words, guessed, pattern, index)
            if len(codes) == 1:
                kept = codes[0]
            else:
                kept = _kept_family(
                    codes,
                    sizes,
                    letters.revealed_list[index],
                    rank=rank,
                    reveals=reveals[index],
                    pattern=pattern,
                    letter=letter,
                    seed=seed,
                    number=number,
                )
                words = letters.narrowed(words, guessed, pattern, index, kept)
        else:
            array_codes = lexicon.codes[index][words]
            counts = np.bincount(array_codes)
            present = np.flatnonzero(counts)
            if len(present) == 1:
                kept = int(present[0])
            else:
                kept = _kept_family(
                    present.tolist(),
                    counts[present].tolist(),
                    letters.revealed_list[index],
                    rank=rank,
                    reveals=reveals[index],
                    pattern=pattern,
                    letter=letter,
                    seed=seed,
                    number=number,
                )
                words = words[array_codes == kept]
                if len(words) <= SMALL_SET:
                    words = words.tolist()
        if whole or same:
            public = words  # narrowed with the words
        elif opening is not None:
            pass  # narrowed with the words
        elif isinstance(public, list):
            public = [word for word in public if code_list[word] == kept]
        else:
            public = letters.narrowed(public, guessed, pattern, index, kept)
        came_from = None if isinstance(before, list) else ((guessed, pattern), before, index, kept)
        guessed |= 1 << index
        positions = reveals[index][kept]
        if positions:
            pattern = _shown(pattern, letter, positions)
            hidden -= len(positions)
        else:
            misses += 1
    return misses


def _kept_family(
    codes: list[int],
    sizes: list[int],
    revealed: list[int],
    *,
    rank: int,
    reveals: tuple[tuple[int, ...], ...],
    pattern: str,
    letter: str,
    seed: int,
    number: int,
) -> int:
    """The family the seeds' rule keeps, ``rank`` 0 (the hardest) or 1 (the second), of two
    families or more.

    RULES.md's order: more words, then fewer letters shown, then (a ranked game) the
    seeded tie key of the pattern, then the pattern. Only the families level with the kept
    one on the first two get their key hashed (their patterns: ``pattern`` with ``letter``
    where ``reveals`` puts it).
    """
    if len(codes) == 2:  # the commonest: two families, most often not level
        first = sizes[0] * 128 - revealed[codes[0]]
        second = sizes[1] * 128 - revealed[codes[1]]
        if first != second:
            return codes[(first > second) == bool(rank)]
    keys = [size * 128 - revealed[code] for code, size in zip(codes, sizes, strict=True)]
    top = max(keys)
    if keys.count(top) == 1:  # most often: no key to hash
        if rank == 0:
            return codes[keys.index(top)]
        top = max(key for key in keys if key != top)
        if keys.count(top) == 1:
            return codes[keys.index(top)]
        rank = 0
    group = [code for code, key in zip(codes, keys, strict=True) if key == top]
    ordered = sorted(
        (seeded_tie_key(seed, number, shown), shown, code)
        for code in group
        for shown in (_shown(pattern, letter, reveals[code]),)
    )
    return ordered[rank][2]


def _one_word_left(
    letters: GreedyLetters,
    word: int,
    hidden: int,
    guessed: int,
    unguessed: list[str],
    rng: random.Random,
    noise: float,
) -> int:
    """The misses still to come once word ``word`` is the only one that fits, with
    ``hidden`` letters of it still hidden (``unguessed`` is changed).

    The game's words are among those that fit, so it is the game's word too: every
    letter is a partition into one family, and the rule keeps it whatever its schedule.
    The greedy guesser's letter over one word is the first unguessed letter of the
    alphabet in it (every letter's one family has one word, a hit comes first, then the
    alphabet's order); a random letter is a miss unless the word has it. The random
    draws are the ones :func:`reference_game` makes, in its order.
    """
    bits, counts = letters.word_letters(word)
    index_of = letters.index_of
    alphabet = letters.lexicon.alphabet
    misses = 0
    while hidden:
        if rng.random() < noise:
            letter = rng.choice(unguessed)
            index = index_of[letter]
        else:
            left = bits & ~guessed
            index = (left & -left).bit_length() - 1  # the lowest letter in the word left
            letter = alphabet[index]
        unguessed.remove(letter)
        guessed |= 1 << index
        if bits >> index & 1:
            hidden -= counts[index]
        else:
            misses += 1
    return misses


def _shown(pattern: str, letter: str, positions: tuple[int, ...]) -> str:
    chars = list(pattern)
    for position in positions:
        chars[position] = letter
    return "".join(chars)


def reference_game(
    lexicon: Lexicon,
    difficulty: Difficulty | str,
    *,
    seed: int,
    rng: random.Random,
    vocabulary: int,
    noise: float = REFERENCE_NOISE,
    max_misses: int | None = None,
) -> GameState:
    """One ranked game of the reference player, to its end; its random letters from ``rng``.

    The default limit (one miss per letter of the alphabet) is never reached (every word has
    a letter of its own), so the game ends won, after the misses it needed.
    """
    state = new_game(
        lexicon,
        max_misses=len(lexicon.alphabet) if max_misses is None else max_misses,
        difficulty=difficulty,
        seed=seed,
        seeded_ties=True,
        vocabulary=vocabulary,
    )
    while not state.is_over:
        if rng.random() < noise:
            letter = rng.choice([a for a in lexicon.alphabet if a not in state.letters])
        else:
            letter = greedy_aware_letter(state)
        state, _ = apply_guess(state, letter)
    return state
