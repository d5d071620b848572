"""Searching ahead over sets of candidate words: the tools the planning strategies share.

Pure Python plus NumPy, no Django. A *word set* is a sorted NumPy array of word
indexes into a :class:`~games.engine.lexicon.Lexicon`. Three tools live here:

- :class:`SearchTables` numbers every family of every letter of a lexicon once
  (a *family id*: one letter, one set of positions), so the sizes of the
  families of every letter of the alphabet over any word set come from one gather and one
  ``bincount``.
- :class:`ExactSolver` plays a small word set perfectly on both sides: the
  fewest misses a perfect guesser needs against a word-maker that may keep any
  family. Word sets are Python integers used as bit sets, so splitting a set is
  a few ``&`` operations.
- :class:`TreeEstimate` values a large word set: the misses that a strong
  guesser (the *greedy-aware* guesser below) suffers when the word-maker answers
  each of its letters with the family that hurts it most, looking all the way to
  the end of the game. Families split a set into disjoint parts, so this tree
  has at most about twice as many positions as words, and it is cheap enough
  to compute where an exact search is not.

Every search spends a :class:`NodeBudget`, a count of positions examined, and
never looks at the clock: the same question gets the same answer on any
machine, so a game replays identically everywhere.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass

import numpy as np
import numpy.typing as npt

from games.engine.lexicon import ALPHABET, Lexicon

WordSet = npt.NDArray[np.int32]
UNREACHABLE = np.iinfo(np.int64).max
RANK_BITS = 21  # families of one letter ranked by pattern: up to two million
CLASS_SHIFT = RANK_BITS  # hardness >> CLASS_SHIFT: (size, letters revealed) only
SIZE_SHIFT = RANK_BITS + 7
# Partitioning this many words costs about as much as the fixed cost of one node.
WORDS_PER_NODE = 256
# Exact values kept per lexicon across decisions (a few megabytes at most).
EXACT_VALUES_KEPT = 100_000
# The guessers a TreeEstimate can model (EstimateSettings.guesser): the letter each plays.
GREEDY_AWARE = "greedy-aware"  # whose hardest family is a hit, then the fewest words
MINIMAX_SIZE = "minimax-size"  # whose biggest family, hit or miss, is the smallest
COMMONEST = "commonest"  # the letter in the most words left (the smallest miss family)
GUESSERS = (GREEDY_AWARE, MINIMAX_SIZE, COMMONEST)


class BudgetExhaustedError(Exception):
    """The search used up its node budget; its partial answer must not be used."""


class NodeBudget:
    """A count of positions a search may examine; deterministic, unlike a time limit."""

    __slots__ = ("limit", "used")

    def __init__(self, limit: int) -> None:
        self.limit = limit
        self.used = 0

    def spend(self, nodes: int = 1) -> None:
        self.used += nodes
        if self.used > self.limit:
            raise BudgetExhaustedError

    @property
    def left(self) -> int:
        return max(0, self.limit - self.used)


class SearchTables:
    """Per lexicon: every (letter, positions) family numbered once, with what ranks it.

    ``family_ids[l, w]`` is the global id of the family word ``w`` falls in
    when letter ``l`` is guessed. Ids of letter ``l`` run from ``offsets[l]``
    to ``offsets[l + 1]``. ``reveals_nothing[id]`` marks the family of words
    without the letter (a miss), ``revealed[id]`` counts the positions it
    shows, and ``pattern_order[id]`` sorts families of one letter as RULES.md
    sorts their patterns (``-`` before a letter, position by position).
    """

    def __init__(self, lexicon: Lexicon) -> None:
        self.lexicon = lexicon
        length = lexicon.length
        letters = len(lexicon.alphabet)
        # greedy_aware_order's key: the letter's index below the size, so room for every index.
        self.letter_stride = max(32, letters)
        self.letter_indexes = np.arange(letters, dtype=np.int64)
        sizes = [len(reveals) for reveals in lexicon.reveals]
        self.offsets: npt.NDArray[np.int64] = np.concatenate(([0], np.cumsum(sizes))).astype(
            np.int64
        )
        self.total = int(self.offsets[-1])
        self.family_ids: npt.NDArray[np.int32] = np.stack(
            [codes + np.int32(self.offsets[index]) for index, codes in enumerate(lexicon.codes)]
        ).astype(np.int32)
        self.reveals_nothing = np.zeros(self.total, dtype=bool)
        self.revealed = np.zeros(self.total, dtype=np.int64)
        self.pattern_order = np.zeros(self.total, dtype=object)
        self.miss_id = np.full(letters, -1, dtype=np.int64)
        for letter_index, reveals in enumerate(lexicon.reveals):
            for code, positions in enumerate(reveals):
                family_id = int(self.offsets[letter_index]) + code
                self.revealed[family_id] = len(positions)
                # Position 0 is the most significant: the pattern with "-" at the first
                # position where two families differ sorts first.
                self.pattern_order[family_id] = sum(1 << (length - 1 - p) for p in positions)
                if not positions:
                    self.reveals_nothing[family_id] = True
                    self.miss_id[letter_index] = family_id
        self.letter_of = np.repeat(np.arange(letters), sizes)
        # Exact values of small word sets, with the positions each took to prove
        # (see TreeEstimate._exact): a word set's value never changes, so every
        # decision on this lexicon may reuse it.
        self.exact_values: dict[bytes, tuple[int, int]] = {}
        # The rules' order of a letter's families as one integer per family, bigger = harder:
        # more words (added per word set, above), then fewer letters revealed, then the
        # smaller pattern. The lower bits rank the patterns within their letter.
        pattern_rank = np.zeros(self.total, dtype=np.int64)
        for letter_index in range(letters):
            low, high = int(self.offsets[letter_index]), int(self.offsets[letter_index + 1])
            by_pattern = sorted(
                range(low, high), key=lambda family_id: self.pattern_order[family_id]
            )
            for rank, family_id in enumerate(by_pattern):
                pattern_rank[family_id] = rank
        self.static_hardness = ((127 - self.revealed) << RANK_BITS) | (
            (1 << RANK_BITS) - 1 - pattern_rank
        )

    def family_sizes(self, words: WordSet, budget: NodeBudget | None = None) -> npt.NDArray:
        """The size of every family of every letter over ``words``: one node of search.

        A node costs 1 plus 1 per :data:`WORDS_PER_NODE` words it partitions, so
        a budget bounds the work done, not only the positions seen.
        """
        if budget is not None:
            budget.spend(1 + len(words) // WORDS_PER_NODE)
        return np.bincount(self.family_ids[:, words].ravel(), minlength=self.total)

    def hardest_stats(self, sizes: npt.NDArray) -> tuple[npt.NDArray, npt.NDArray, npt.NDArray]:
        """Per letter: the hardest family's size, whether it is a miss, and how many families.

        The hardest family is RULES.md's: the most words, then fewer letters
        revealed, so when the miss family is as big as the biggest it is the one.
        """
        biggest = np.maximum.reduceat(sizes, self.offsets[:-1])
        miss_sizes = np.where(self.miss_id >= 0, sizes[np.maximum(self.miss_id, 0)], 0)
        families = np.add.reduceat((sizes > 0).astype(np.int64), self.offsets[:-1])
        return biggest, (miss_sizes == biggest) & (self.miss_id >= 0), families

    def greedy_aware_order(
        self, sizes: npt.NDArray, guessed: npt.NDArray[np.bool_], *, splitting_only: bool
    ) -> npt.NDArray[np.int64]:
        """Letters, best first for a guesser who expects the hardest family as the answer.

        A letter whose hardest family is a hit comes before one whose hardest
        family is a miss; then the fewer words that family keeps, the better;
        then the alphabet's order. Letters already guessed never come, and with
        ``splitting_only`` neither do letters that split nothing (every word
        has them in the same places, or none has them).
        """
        biggest, is_miss, families = self.hardest_stats(sizes)
        key = is_miss.astype(np.int64) * (1 << 40) + biggest.astype(np.int64) * self.letter_stride
        key += self.letter_indexes
        excluded = guessed | (families < 2) if splitting_only else guessed
        key[excluded] = UNREACHABLE
        order = np.argsort(key, kind="stable")
        return order[key[order] != UNREACHABLE]

    def guesser_letter(
        self, guesser: str, sizes: npt.NDArray, guessed: npt.NDArray[np.bool_]
    ) -> int:
        """The letter a modelled guesser (:data:`GUESSERS`) plays on these family sizes, among
        the letters not guessed that split the words; -1 when none splits them."""
        if guesser == GREEDY_AWARE:
            letters = self.greedy_aware_order(sizes, guessed, splitting_only=True)
            return int(letters[0]) if letters.size else -1
        biggest, _, families = self.hardest_stats(sizes)
        if guesser == MINIMAX_SIZE:
            score = biggest.astype(np.int64)
        elif guesser == COMMONEST:
            # The words without the letter (none when no word of the list lacks it).
            misses = np.where(self.miss_id >= 0, sizes[np.maximum(self.miss_id, 0)], 0)
            score = misses.astype(np.int64)
        else:
            raise ValueError(f"no guesser {guesser!r}")
        key = score * self.letter_stride + self.letter_indexes  # ties: the alphabet's order
        key[guessed | (families < 2)] = UNREACHABLE
        best = int(np.argmin(key))
        return -1 if key[best] == UNREACHABLE else best

    def hardness(self, sizes: npt.NDArray) -> npt.NDArray[np.int64]:
        """Every family's place in the rules' order as one integer (0 for an empty family)."""
        return np.where(sizes > 0, (sizes.astype(np.int64) << SIZE_SHIFT) | self.static_hardness, 0)

    def rule_reply_ids(self, sizes: npt.NDArray, *, second: bool) -> npt.NDArray[np.int64]:
        """Per letter, the family the rule keeps in the rules' exact order (ties not seeded).

        The hardest, or with ``second`` the second hardest (the only one when
        there is one). Hardness is unique within a letter, so each letter has
        exactly one.
        """
        present = np.flatnonzero(sizes)  # ids ascending, so grouped by letter
        hardness = (sizes[present].astype(np.int64) << SIZE_SHIFT) | self.static_hardness[present]
        letters = self.letter_of[present]
        starts = np.flatnonzero(np.diff(letters, prepend=-1))  # every letter has a family
        best = np.maximum.reduceat(hardness, starts)
        target = best
        if second:
            runner_up = np.maximum.reduceat(
                np.where(hardness == best[letters], 0, hardness), starts
            )
            target = np.where(runner_up > 0, runner_up, best)
        return present[hardness == target[letters]]

    def rule_replies(
        self, sizes: npt.NDArray, *, second: bool, seeded_ties: bool
    ) -> list[tuple[int, ...]]:
        """Per letter, the families the seeds' rule may keep: one, unless ties are seeded.

        ``second`` asks for the second hardest (the easy and medium schedules),
        or the only family when there is one. With ``seeded_ties`` a hidden
        seed orders families of equal rank (equal size and letters revealed),
        so each of them may come first (or second): all are returned.
        """
        hardness = self.hardness(sizes)
        starts = self.offsets[:-1]
        best = np.maximum.reduceat(hardness, starts)
        if not seeded_ties and not second:
            chosen = np.flatnonzero(hardness == best[self.letter_of])
            return [(int(family_id),) for family_id in chosen]
        classes = hardness >> CLASS_SHIFT
        best_class = best >> CLASS_SHIFT
        in_best_class = (classes == best_class[self.letter_of]) & (hardness > 0)
        replies: list[tuple[int, ...]] = []
        for letter_index in range(len(self.miss_id)):
            low, high = int(starts[letter_index]), int(self.offsets[letter_index + 1])
            top = np.flatnonzero(in_best_class[low:high]) + low
            if not second:  # only seeded ties get here: every family of the top class
                replies.append(tuple(top.tolist()))
                continue
            others = hardness[low:high].copy()
            if seeded_ties and len(top) > 1:
                replies.append(tuple(top.tolist()))  # any of them may be ranked second
                continue
            others[hardness[low:high] == best[letter_index]] = 0
            if not others.any():  # one family only: it is kept
                replies.append((int(top[0]),))
                continue
            runner_up = int(others.max())
            if seeded_ties:
                same = np.flatnonzero((others >> CLASS_SHIFT) == (runner_up >> CLASS_SHIFT)) + low
                replies.append(tuple(same.tolist()))
            else:
                replies.append((int(np.flatnonzero(others == runner_up)[0]) + low,))
        return replies

    def hardest_family(self, sizes: npt.NDArray, letter_index: int) -> int:
        """The global id of RULES.md's hardest family of one letter (exact pattern order)."""
        low, high = int(self.offsets[letter_index]), int(self.offsets[letter_index + 1])
        segment = sizes[low:high]
        candidates = np.flatnonzero(segment == segment.max()) + low
        return int(
            min(
                candidates.tolist(),
                key=lambda family_id: (self.revealed[family_id], self.pattern_order[family_id]),
            )
        )

    def split(self, words: WordSet, letter_index: int) -> list[tuple[int, WordSet]]:
        """The families of one letter over ``words``: (family id, its words), ids ascending."""
        ids = self.family_ids[letter_index, words]
        order = np.argsort(ids, kind="stable")
        sorted_ids = ids[order]
        cuts = (np.flatnonzero(np.diff(sorted_ids)) + 1).tolist()
        starts = [0, *cuts]
        ends = [*cuts, len(words)]
        return [
            (int(sorted_ids[start]), words[order[start:end]])
            for start, end in zip(starts, ends, strict=True)
        ]

    def code(self, family_id: int) -> int:
        """The lexicon's own code of a family, within its letter."""
        return family_id - int(self.offsets[int(self.letter_of[family_id])])


def search_tables(lexicon: Lexicon) -> SearchTables:
    """The lexicon's tables, built on first use and kept with it (a lexicon never changes)."""
    tables = lexicon.search_cache.get("tables")
    if tables is None:
        tables = SearchTables(lexicon)
        lexicon.search_cache["tables"] = tables
    return tables


def guessed_mask(
    letters: str | tuple[str, ...], lexicon: Lexicon | None = None
) -> npt.NDArray[np.bool_]:
    """One flag per letter of the lexicon's alphabet: True for those in ``letters``.

    Every caller in the engine passes the game's lexicon; None stands for English (a to z),
    for callers outside it that predate other alphabets (bench/adversary.py).
    """
    if lexicon is None:
        mask = np.zeros(len(ALPHABET), dtype=bool)
        for letter in letters:
            mask[ALPHABET.index(letter)] = True
        return mask
    mask = np.zeros(len(lexicon.alphabet), dtype=bool)
    for letter in letters:
        mask[lexicon.letter_index(letter)] = True
    return mask


def _bits(mask: npt.NDArray[np.bool_]) -> int:
    return int.from_bytes(np.packbits(mask, bitorder="little").tobytes(), "little")


Split = tuple[tuple[int, tuple[tuple[int, bool], ...]], ...]


class ExactSolver:
    """Perfect play on a small word set, both sides.

    ``value()`` is the fewest misses a guesser who plays perfectly needs to
    finish, against a word-maker who may keep any family (not only the
    biggest): the true value of the position. It deepens one miss at a time
    and asks "can the guesser finish with at most k misses?", remembering
    every answer per word set. With k = 0 only letters that every word
    contains can be tried. Word sets are bit sets over ``words`` (bit i is
    ``words[i]``), and each position only re-splits the families its parent
    found, for the letters that still split it.
    """

    def __init__(self, tables: SearchTables, words: WordSet, budget: NodeBudget) -> None:
        self.words = words
        self.full = (1 << len(words)) - 1
        self.budget = budget
        self.can_finish_within: dict[int, int] = {}  # set -> a k that is enough
        self.needs_more_than: dict[int, int] = {}  # set -> every k below this fails
        matrix = tables.family_ids[:, words]
        splitting = np.flatnonzero((matrix != matrix[:, :1]).any(axis=1)).tolist()
        splits = []
        for letter_index, row in zip(splitting, matrix[splitting].tolist(), strict=True):
            groups: dict[int, int] = {}
            bit = 1
            for family_id in row:
                groups[family_id] = groups.get(family_id, 0) | bit
                bit <<= 1
            splits.append(
                (
                    letter_index,
                    tuple(
                        (bits, bool(tables.reveals_nothing[family_id]))
                        for family_id, bits in groups.items()
                    ),
                )
            )
        self.root_splits: Split = tuple(splits)

    def value(self, cap: int = 64) -> int:
        """The position's value, or ``cap`` if it is at least that (raises when out of budget)."""
        misses = self.needs_more_than.get(self.full, 0)
        while misses < cap and not self.can_finish(self.full, misses, self.root_splits):
            misses += 1
        return misses

    def best_letter(self, misses: int) -> int | None:
        """A letter that finishes within ``misses`` whatever the word-maker keeps, if any."""
        for letter_index, families in self._options(self.full, misses, self.root_splits):
            if self._letter_finishes(families, misses, self.root_splits):
                return letter_index
        return None

    def can_finish(self, words: int, misses: int, parent: Split) -> bool:
        if words & (words - 1) == 0:  # one word left: it is known
            return True
        known = self.can_finish_within.get(words)
        if known is not None and known <= misses:
            return True
        if self.needs_more_than.get(words, 0) > misses:
            return False
        self.budget.spend()
        splits = self._refine(words, parent)
        for _, families in self._options(words, misses, splits):
            if self._letter_finishes(families, misses, splits):
                self.can_finish_within[words] = misses
                return True
        self.needs_more_than[words] = misses + 1
        return False

    def _letter_finishes(
        self, families: tuple[tuple[int, bool], ...], misses: int, splits: Split
    ) -> bool:
        # The miss family first: it is the one that most often breaks the bound.
        for family, is_miss in sorted(families, key=lambda f: (not f[1], -f[0].bit_count())):
            left = misses - 1 if is_miss else misses
            if left < 0 or not self.can_finish(family, left, splits):
                return False
        return True

    @staticmethod
    def _refine(words: int, parent: Split) -> Split:
        refined = []
        for letter_index, families in parent:
            kept = tuple(
                (family & words, is_miss) for family, is_miss in families if family & words
            )
            if len(kept) > 1:
                refined.append((letter_index, kept))
        return tuple(refined)

    @staticmethod
    def _options(
        words: int, misses: int, splits: Split
    ) -> Iterator[tuple[int, tuple[tuple[int, bool], ...]]]:
        """Letters worth trying, the most promising first (smallest biggest family)."""
        options = [
            (max(family.bit_count() for family, _ in families), letter_index, families)
            for letter_index, families in splits
            if misses > 0 or not any(is_miss for _, is_miss in families)
        ]
        options.sort(key=lambda option: (option[0], option[1]))
        for _, letter_index, families in options:
            yield letter_index, families


@dataclass(frozen=True, slots=True)
class EstimateSettings:
    """How deep and wide :class:`TreeEstimate` looks; fixed per strategy, part of its rules."""

    exact_up_to: int = 8  # word sets this small are solved exactly...
    exact_nodes: int = 200  # ...if that takes at most this many positions
    wide_up_to: int = 50  # the word-maker tries every family of sets this small...
    families_when_big: int = 2  # ...and of bigger sets its biggest few plus the miss family
    guesser: str = GREEDY_AWARE  # the guesser it plays against (GUESSERS)


class TreeEstimate:
    """How many misses a word set is still worth to the word-maker.

    The guesser is modelled by the greedy-aware rule (a letter whose hardest
    family is a hit, then the fewest words), a strong and cheap guesser; the
    word-maker answers each of its letters with whichever family leads to the
    most misses, looking to the end of the game, and small sets are solved
    exactly. Against that guesser the answer is exact, and it is an upper
    bound of the set's true value. Big sets only let the word-maker try its
    biggest families and the miss family, which keeps the tree small.
    Answers are remembered per word set for the life of the object (one
    decision).
    """

    def __init__(self, tables: SearchTables, budget: NodeBudget, settings: EstimateSettings):
        self.tables = tables
        self.budget = budget
        self.settings = settings
        self.memo: dict[bytes, int] = {}

    def value(self, words: WordSet, guessed: npt.NDArray[np.bool_]) -> int:
        count = len(words)
        if count <= 1:
            return 0
        key = words.tobytes()
        known = self.memo.get(key)
        if known is not None:
            return known
        result = self._exact(words) if count <= self.settings.exact_up_to else None
        if result is None:
            result = self._tree(words, guessed)
        self.memo[key] = result
        return result

    def _exact(self, words: WordSet) -> int | None:
        """Exact value with its own small budget; its positions count against the main one.

        A value proved once is kept on the tables with the positions it took, and
        a later decision that meets the same words is charged those positions
        again: the search spends its budget exactly as if it had solved them
        anew, so its choices never depend on what was solved before (or on
        which process answers), only its time does.
        """
        limit = min(self.settings.exact_nodes, self.budget.left)
        key = words.tobytes()
        known = self.tables.exact_values.get(key)
        if known is not None and known[1] <= limit:
            self.budget.spend(known[1])
            return known[0]
        small = NodeBudget(limit)
        try:
            result: int | None = ExactSolver(self.tables, words, small).value()
        except BudgetExhaustedError:
            result = None
        else:
            if len(self.tables.exact_values) >= EXACT_VALUES_KEPT:
                self.tables.exact_values.clear()  # a bound on memory; costs time only
            self.tables.exact_values[key] = (result, small.used)
        self.budget.spend(small.used)
        return result

    def _tree(self, words: WordSet, guessed: npt.NDArray[np.bool_]) -> int:
        tables = self.tables
        sizes = tables.family_sizes(words, self.budget)
        letter_index = tables.guesser_letter(self.settings.guesser, sizes, guessed)
        if letter_index < 0:
            return 0
        after = guessed.copy()
        after[letter_index] = True
        families = tables.split(words, letter_index)
        if len(words) > self.settings.wide_up_to:
            families.sort(key=lambda family: -len(family[1]))
            widest = families[: self.settings.families_when_big]
            families = widest + [
                family
                for family in families[self.settings.families_when_big :]
                if tables.reveals_nothing[family[0]]
            ]
        worst = 0
        for family_id, family_words in families:
            worst = max(
                worst,
                int(tables.reveals_nothing[family_id]) + self.value(family_words, after),
            )
        return worst
