"""The greedy guesser's letters as the challenge priors' games need them, worked out once
per position a player can see and shared by a length's difficulties (``prior.py`` plays the
games; docs/design/first-start.md says why and what it saves)."""

from __future__ import annotations

from collections.abc import Iterable
from functools import cached_property

import numpy as np
import numpy.typing as npt

from games.engine.lexicon import HIDDEN, Lexicon
from games.engine.search import search_tables
from games.engine.vocabulary import secret_shares, seeded_tie_key

# At most this many words are played as Python lists (below it NumPy's calls cost more).
SMALL_SET = 150
# Up to this many words that fit, the guesser's order of the letters is remembered per set.
FEW = 10
# A family's code in the low bits of the number its key is sorted by (codes are far fewer).
CODE_MASK = (1 << 32) - 1
# From this many words that fit, a position's family sizes are kept for the positions after it.
BIG_SET = 1000

# A guess that led to a position: the position before it (letters guessed and pattern), the
# words that fit there, the letter guessed and the family kept.
Step = tuple[tuple[int, str], npt.NDArray[np.int32], int, int]


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
        self._word_letters: dict[int, tuple[int, list[int]]] = {}
        self.index_of = {letter: index for index, letter in enumerate(lexicon.alphabet)}
        self._narrowed: dict[tuple[int, str, int, int], npt.NDArray[np.int32] | list[int]] = {}
        self._partitions: dict[
            tuple[int, str, int], tuple[list[int], list[int], tuple[int | None, int | None]]
        ] = {}
        self._sizes: dict[tuple[int, str], npt.NDArray[np.intp]] = {}
        self._guessed: dict[int, npt.NDArray[np.int64]] = {}
        self._orders: dict[tuple[int, ...], list[int]] = {}
        # SearchTables' family ids a row per word (as intp, which bincount takes without a
        # copy), so a set of words is one gather of rows; each letter's miss family, or an
        # id past the last that no word falls in.
        self._family_ids = np.ascontiguousarray(tables.family_ids.T, dtype=np.intp)
        self._total = tables.total
        self._offsets = tables.offsets[:-1]  # each letter's first family id
        self._letter_bits = 1 << tables.letter_indexes  # each letter's bit in a set guessed
        self._is_miss = np.zeros(self._total + 1, dtype=np.intp)
        self._is_miss[tables.miss_id[tables.miss_id >= 0]] = 1
        # A letter's key by twice its biggest family's size plus one when it is the miss:
        # the miss's past every other's (1 << 40), then the bigger later.
        ranked = np.arange(2 * len(lexicon) + 2, dtype=np.int64)
        self._letter_keys = (ranked & 1) * (1 << 40) + (ranked >> 1)
        self._root: dict[
            int,
            tuple[npt.NDArray[np.int32], npt.NDArray[np.uint64], list[tuple[int, int, int, int]]],
        ] = {}

    @cached_property
    def code_lists(self) -> list[list[int]]:
        """``lexicon.codes`` as lists, for the small sets played in Python."""
        return [codes.tolist() for codes in self.lexicon.codes]

    def narrowed(
        self, public: npt.NDArray[np.int32], guessed: int, pattern: str, index: int, kept: int
    ) -> npt.NDArray[np.int32] | list[int]:
        """The words of ``public`` (those that fit ``guessed`` and ``pattern``) in family
        ``kept`` of letter ``index``, as a list once small. Remembered: a set this big is
        near the start, where many games pass."""
        key = (guessed, pattern, index, kept)
        found = self._narrowed.get(key)
        if found is None:
            found = public[self.lexicon.codes[index].take(public) == kept]
            if len(found) <= SMALL_SET:
                found = found.tolist()
            self._narrowed[key] = found
        return found

    def partition(
        self, public: npt.NDArray[np.int32], guessed: int, pattern: str, index: int
    ) -> tuple[list[int], list[int], tuple[int | None, int | None]]:
        """The families of letter ``index`` among ``public`` (as :meth:`narrowed`), their
        sizes, and the family the rule keeps at rank 0 and 1 when no tie key decides it
        (:func:`untied_kept`), remembered for the same reason."""
        key = (guessed, pattern, index)
        found = self._partitions.get(key)
        if found is None:
            counts = np.bincount(self.lexicon.codes[index].take(public))
            present = counts.nonzero()[0]
            codes, sizes = present.tolist(), counts[present].tolist()
            untied = (
                (codes[0], codes[0])
                if len(codes) == 1
                else untied_kept(zip(codes, sizes, strict=True), self.revealed_list[index])
            )
            found = self._partitions[key] = (codes, sizes, untied)
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
        came_from: Step | None = None,
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
        if found is None and len(public) <= FEW:
            found = self._letter_among_few(guessed, public)
            self.letters[key] = found
        elif found is None:
            if len(public) < BIG_SET:
                sizes = np.bincount(
                    self._family_ids.take(public, axis=0).ravel(), minlength=self._total + 1
                )
            else:
                sizes = self._family_sizes(key, public, came_from)
            # Each family's size twice, plus one for a miss family: a letter's greatest is
            # twice its biggest family's size, plus one when the miss family is that big
            # (it shows the fewest letters, so it is then the hardest).
            if len(public) >= BIG_SET:
                ranked = sizes * 2 + self._is_miss  # the sizes are remembered: a copy
            else:
                ranked = sizes
                ranked += sizes
                ranked += self._is_miss
            # Its greatest's key (a hardest miss last, then the biggest), the lowest letter
            # first among equal keys: argmin takes the first.
            keys = self._letter_keys.take(np.maximum.reduceat(ranked, self._offsets))
            found = int(keys.argmin())
            if guessed >> found & 1:  # a letter guessed goes last: past every other key
                keys += self._guessed_last(guessed)
                found = int(keys.argmin())
            self.letters[key] = found
        return found

    def _letter_among_few(self, guessed: int, public: npt.NDArray[np.int32] | list[int]) -> int:
        """:meth:`letter` for :data:`FEW` words or fewer: the letters in the order of their
        keys are remembered per set of words (other positions reach the same few words with
        other letters guessed, the missed letters no word has), the first not guessed."""
        words = tuple(public) if isinstance(public, list) else tuple(public.tolist())
        order = self._orders.get(words)
        if order is None:
            ranked = np.bincount(
                self._family_ids.take(public, axis=0).ravel(), minlength=self._total + 1
            )
            ranked += ranked
            ranked += self._is_miss
            keys = self._letter_keys.take(np.maximum.reduceat(ranked, self._offsets))
            order = self._orders[words] = keys.argsort(kind="stable").tolist()
        for index in order:
            if not guessed >> index & 1:
                return index
        raise AssertionError("every letter guessed with words still to tell apart")

    def _guessed_last(self, guessed: int) -> npt.NDArray[np.int64]:
        """What puts the letters in the bit set ``guessed`` past every other letter's key
        (those are under 2**41), remembered: the games reach far fewer sets of letters
        guessed than positions."""
        found = self._guessed.get(guessed)
        if found is None:
            found = (self._letter_bits & guessed != 0) << 50
            self._guessed[guessed] = found
        return found

    def _family_sizes(
        self,
        key: tuple[int, str],
        public: npt.NDArray[np.int32] | list[int],
        came_from: Step | None,
    ) -> npt.NDArray[np.intp]:
        """How many of ``public`` (a big set: :data:`BIG_SET` words or more) each family id
        has, remembered. A big set is most of the one before it (the kept family is mostly
        the biggest), so its sizes are those before it less the sizes of the words the guess
        set aside, when fewer: the same counts, fewer words."""
        sizes = None
        if came_from is not None:
            before_key, before, index, kept = came_from
            before_sizes = self._sizes.get(before_key)
            if before_sizes is not None and 2 * len(public) > len(before):
                aside = before[self.lexicon.codes[index].take(before) != kept]
                aside_ids = self._family_ids.take(aside, axis=0).ravel()
                sizes = before_sizes - np.bincount(aside_ids, minlength=self._total + 1)
        if sizes is None:
            sizes = np.bincount(
                self._family_ids.take(public, axis=0).ravel(), minlength=self._total + 1
            )
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
            kept = kept_family(
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
            # The same order as the codes' own (a stable sort), five times faster in NumPy's
            # radix sort of 16-bit numbers, which the codes fit but for the longest words.
            fits = len(codes) and int(codes.max()) < 1 << 15
            order = np.argsort(codes.astype(np.int16) if fits else codes, kind="stable")
            order = order.astype(np.int32)
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


def kept_family(
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
        top = max(filter(top.__ne__, keys))
        if keys.count(top) == 1:
            return codes[keys.index(top)]
        rank = 0
    group = [code for code, key in zip(codes, keys, strict=True) if key == top]
    ordered = sorted(
        (seeded_tie_key(seed, number, shown), shown, code)
        for code in group
        for shown in (shown_pattern(pattern, letter, reveals[code]),)
    )
    return ordered[rank][2]


def untied_kept(
    families: Iterable[tuple[int, int]], revealed: list[int]
) -> tuple[int | None, int | None]:
    """The family :func:`kept_family` keeps at rank 0 and at rank 1 among ``families``
    (code and size, two or more), each None where a seeded tie key decides (families level
    on size and letters shown). Each family's key is above its code in one number, so one
    sort orders them (the key is positive: a family has a word, a pattern under 128
    letters)."""
    keyed = sorted([(size << 7) - revealed[code] << 32 | code for code, size in families])
    top, second = keyed[-1] >> 32, keyed[-2] >> 32
    if top == second:
        return None, None
    if len(keyed) == 2 or keyed[-3] >> 32 != second:
        return keyed[-1] & CODE_MASK, keyed[-2] & CODE_MASK
    return keyed[-1] & CODE_MASK, None


def shown_pattern(pattern: str, letter: str, positions: tuple[int, ...]) -> str:
    chars = list(pattern)
    for position in positions:
        chars[position] = letter
    return "".join(chars)
