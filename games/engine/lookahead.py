"""The fiendish word-maker: it keeps the family that is worst for the player to the end of the game.

The seeds' word-maker keeps the biggest family and never looks further; a smaller family
can be much harder to finish. At each guess this one splits the words by the letter's
positions (as the rules do, so it only ever keeps one of those families), values each
family by the misses it is worth to the end (one if it is a miss, plus what a
:class:`games.engine.search.TreeEstimate` says its words are worth: a strong guesser
against a most-damaging word-maker, solved exactly once 8 words are left), caps values
at the misses the player has left, and keeps the highest. Equal values are ordered by
their worst case against the model guesser's next letters (:func:`robust_order`); a
ranked game's secret seed picks among the first few of them, and on its first
:data:`OPENING_GUESSES` guesses may keep the biggest family :data:`OPENING_MARGIN` miss
below the best, so a line that beat one ranked game does not beat the next. (Fiendish's
guard orders by value first: it keeps that family only when no better one passes, so the
margin mostly widens which families get valued; docs/design/ladder-round3.md.)

The search examines at most :data:`FIENDISH_NODES` positions per guess, a count, never a
time: the same guess in the same game gets the same answer on any machine.
The design's measurements and what was tried: docs/design/fiendish-lookahead.md.
"""

from __future__ import annotations

import hashlib
import threading
from collections import OrderedDict
from dataclasses import dataclass

import numpy as np
import numpy.typing as npt

from games.engine.lexicon import Lexicon
from games.engine.search import (
    BudgetExhaustedError,
    EstimateSettings,
    NodeBudget,
    TreeEstimate,
    guessed_mask,
    search_tables,
)

FIENDISH_NODES = 15_000
# The most families of one guess it values, biggest first (None: as many as the budget allows).
FIENDISH_FAMILIES: int | None = 12
# Measured in bench/adversary.py: exact leaves of 8 words reach the same choices as 12 for
# fewer positions; with 15,000 positions and 12 families, the largest bucket's replies take
# 125 ms at p99 on one core. Without the cap on families it was 337 ms, for the same misses.
FIENDISH_ESTIMATE = EstimateSettings(
    exact_up_to=8, exact_nodes=200, wide_up_to=50, families_when_big=2
)
# In ranked games the seed picks among this many families of the best value.
SEEDED_CHOICES = 3
# In ranked games on a secret vocabulary, on their first OPENING_GUESSES guesses, the biggest
# family worth at most OPENING_MARGIN less than the best joins the seed's choice (measured in
# games/engine/vocabulary.py: it changes the opening, which a secret vocabulary rarely does).
OPENING_MARGIN = 1
OPENING_GUESSES = 3
MARGIN_FROM = 6  # ...and only when the best family is worth this many misses at least
# Family values remembered per process (see FamilyValues); 0 turns the memo off. An entry
# measured 316 bytes (tracemalloc: its key's digests and letters, the value, its node count and
# budget, the LRU's links), so this is about 6 MB per worker at most.
FAMILY_VALUES_KEPT = 20_000
# Families tied at the best value are ordered by their worst case against the model guesser's
# next letters after its first: this many of them (0: the rules' order). MEASURED: see the
# module docstring, "Against a probing guesser".
TIE_LETTERS = 2
# ...and every letter the guesser could play next (a one-ply probe of each tied family, what a
# player with undo does), when the biggest tied family has at most this many words; bigger ones
# take the time of the slowest replies (splitting them by every letter), so they keep 2.
WIDE_TIE_LETTERS = 25
WIDE_TIE_UP_TO = 1_000


class FamilyValues:
    """What a family is worth, remembered across decisions and games: a bounded LRU.

    A family's worth (before the cap at the misses left) is a function of its
    words and the letters guessed, nothing else: the same family met by two
    players, or twice by one, is worth the same. The first replies of a game
    are the slowest (the whole bucket is split and every big family valued),
    and every unranked game on a word list starts from the same position, so
    they are the ones this saves.

    The key is the lexicon's fingerprint (a digest of its words: two
    dictionaries with the same words share values), a digest of the family's
    word indexes and the letters guessed. The word indexes are the game's
    vocabulary cut by the pattern, so the vocabulary is part of the key by
    construction: a ranked game's secret vocabulary gives keys no other game
    meets (the engine does not store them, see ``apply_guess``), the daily's
    vocabulary is the same for everyone who plays it that day, and unranked
    games share the whole list's.

    Replies stay exactly what they were without the memo. An entry keeps the
    positions the search spent on the family and the budget it had left when
    it began; a hit spends those positions again. The search is a
    deterministic function of the words, the letters and the budget left, and
    the budget changes a value only by cutting an exact solve short, so a value
    is reused when the budget left is the same as when it was found, or large
    enough that no exact solve inside it could have been cut short. A family
    whose valuation ran out of positions (the biggest family of a short
    length's opening, with the whole bucket) is remembered too, and runs out
    again, at once, only with the same budget left. So a cold process and a
    warm one keep the same families with the same node counts; only the time
    differs.
    """

    def __init__(self, kept: int) -> None:
        self.kept = kept
        # key -> (worth, or None when the budget ran out; positions spent; budget left at start)
        self._entries: OrderedDict[tuple[bytes, bytes, int], tuple[int | None, int, int]] = (
            OrderedDict()
        )
        self._lock = threading.Lock()
        self.hits = 0
        self.misses = 0

    def get(self, key: tuple[bytes, bytes, int]) -> tuple[int | None, int, int] | None:
        with self._lock:
            found = self._entries.get(key)
            if found is None:
                self.misses += 1
                return None
            self._entries.move_to_end(key)
            self.hits += 1
            return found

    def put(self, key: tuple[bytes, bytes, int], worth: int | None, nodes: int, left: int) -> None:
        if self.kept <= 0:
            return
        with self._lock:
            self._entries[key] = (worth, nodes, left)
            self._entries.move_to_end(key)
            while len(self._entries) > self.kept:
                self._entries.popitem(last=False)

    def clear(self) -> None:
        with self._lock:
            self._entries.clear()
            self.hits = self.misses = 0

    def __len__(self) -> int:
        return len(self._entries)


FAMILY_VALUES = FamilyValues(FAMILY_VALUES_KEPT)


def lexicon_fingerprint(lexicon: Lexicon) -> bytes:
    """A digest of the lexicon's words, computed once and kept with it."""
    fingerprint = lexicon.search_cache.get("fingerprint")
    if fingerprint is None:
        digest = hashlib.blake2b(digest_size=16)
        digest.update("\n".join(lexicon.words).encode())
        # Values depend on the letters' order (the guesser's ties), so the alphabet counts too.
        digest.update(f"\n\n{lexicon.alphabet}".encode())
        fingerprint = digest.digest()
        lexicon.search_cache["fingerprint"] = fingerprint
    return fingerprint


def family_worth(
    estimate: TreeEstimate,
    budget: NodeBudget,
    words: npt.NDArray[np.int32],
    after: npt.NDArray[np.bool_],
    *,
    fingerprint: bytes | None,
) -> int:
    """``estimate.value(words, after)``, from :data:`FAMILY_VALUES` when it holds it.

    ``fingerprint`` None: neither read nor stored (a per-game secret vocabulary).
    Spends exactly the positions the search would; raises
    :class:`BudgetExhaustedError` exactly when it would.
    """
    if fingerprint is None or FAMILY_VALUES.kept <= 0:
        return estimate.value(words, after)
    # A search begun with at least this many positions to spare never had an exact solve cut
    # short: its value is the one any such search finds.
    headroom = estimate.settings.exact_nodes
    key = (
        fingerprint,
        hashlib.blake2b(words.tobytes(), digest_size=16).digest(),
        int.from_bytes(np.packbits(after, bitorder="little").tobytes(), "little"),
    )
    left = budget.left
    known = FAMILY_VALUES.get(key)
    if known is not None:
        worth, used, left_then = known
        if worth is None and left == left_then:
            budget.spend(left + 1)  # ran out of positions before, and would again
        ample = left_then >= used + headroom and left >= used + headroom
        if worth is not None and (left == left_then or ample):
            budget.spend(used)
            return worth
    before = budget.used
    try:
        worth = estimate.value(words, after)
    except BudgetExhaustedError:
        if known is None:
            FAMILY_VALUES.put(key, None, budget.used - before, left)
        raise
    used = budget.used - before
    if known is None or left >= used + headroom:  # an unconstrained value replaces any other
        FAMILY_VALUES.put(key, worth, used, left)
    return worth


def worst_case_worth(
    estimate: TreeEstimate,
    others: list[TreeEstimate],
    budget: NodeBudget,
    words: npt.NDArray[np.int32],
    after: npt.NDArray[np.bool_],
    fingerprint: bytes | None,
    *,
    floor: int,
) -> int:
    """What ``words`` are worth against the worst of several guessers: the fewest misses any
    of them makes in it, each against a word-maker that plays its own best reply to it.

    One guesser's value is the misses the word-maker can force on that guesser, so a family
    worth the most against the greedy-aware guesser alone may be one a guesser who plays
    otherwise finds easy (issue 29 measured how far that goes: at most 1.3x hard's misses
    for the guessers that know every word, whatever the budget). Valuing each family by its
    worst case keeps the family that is hard for every guesser of the set. The others are
    asked only while the worth can still reach ``floor`` (the best value found so far, less
    this guess's miss): a family already worth less cannot be kept on its value, and the
    positions are better spent on the next family. Every guesser spends the same budget.
    """
    worth = family_worth(estimate, budget, words, after, fingerprint=fingerprint)
    for other in others:
        if worth < floor:
            break
        key = None if fingerprint is None else fingerprint + other.settings.guesser.encode()
        worth = min(worth, family_worth(other, budget, words, after, fingerprint=key))
    return worth


def robust_order(
    estimate: TreeEstimate,
    budget: NodeBudget,
    tied: list[int],
    families: list[tuple[npt.NDArray[np.int32], int]],
    after: npt.NDArray[np.bool_],
    fingerprint: bytes | None,
    best: int,
) -> list[int]:
    """``tied`` ordered by their worst case against the model's next letters, best first."""
    tables = estimate.tables
    worst_cases: list[int] = []
    wide = max(len(words) for words, _ in families) <= WIDE_TIE_UP_TO
    letter_count = WIDE_TIE_LETTERS if wide else TIE_LETTERS
    try:
        for words, miss_here in families:
            worst = best
            if len(words) > 1:
                sizes = tables.family_sizes(words, budget)
                letters = tables.greedy_aware_order(sizes, after, splitting_only=True)
                # Every letter meets word sets the family's own valuation met: a remembered
                # value (FAMILY_VALUES) leaves them out of ``estimate``'s memo, so the positions
                # spent would depend on what this process remembers. A fresh estimate, not
                # remembered, spends the same positions in a cold process and a warm one.
                probe = TreeEstimate(tables, budget, estimate.settings) if wide else estimate
                for letter_index in letters[1 : 1 + letter_count].tolist():
                    worth = letter_worth(
                        probe, budget, words, after, letter_index, None if wide else fingerprint
                    )
                    worst = min(worst, miss_here + worth)
            worst_cases.append(worst)
    except BudgetExhaustedError:
        return tied  # out of positions: the order stays the rules'
    order = sorted(range(len(tied)), key=lambda index: -worst_cases[index])
    return [tied[index] for index in order]


def letter_worth(
    estimate: TreeEstimate,
    budget: NodeBudget,
    words: npt.NDArray[np.int32],
    after: npt.NDArray[np.bool_],
    letter_index: int,
    fingerprint: bytes | None,
) -> int:
    """What ``words`` are worth to the word-maker when the guesser plays ``letter_index`` next."""
    tables = estimate.tables
    steered = after.copy()
    steered[letter_index] = True
    families = tables.split(words, letter_index)
    settings = estimate.settings
    if len(words) > settings.wide_up_to:
        families.sort(key=lambda family: -len(family[1]))
        families = families[: settings.families_when_big] + [
            family
            for family in families[settings.families_when_big :]
            if tables.reveals_nothing[family[0]]
        ]
    worst = 0
    for family_id, family_words in families:
        worth = family_worth(estimate, budget, family_words, steered, fingerprint=fingerprint)
        worst = max(worst, int(tables.reveals_nothing[family_id]) + worth)
    return worst


@dataclass(frozen=True, slots=True)
class FamilyChoice:
    """Which ranked family the lookahead keeps, and what it thought of every family."""

    kept_rank: int
    values: tuple[int | None, ...]  # per ranked family: misses it is worth; None: not valued
    nodes: int  # positions the search examined
    seeded: bool  # the seed chose among families of equal value


def choose_family(
    lexicon: Lexicon,
    *,
    candidates: npt.NDArray[np.int32],
    guessed: tuple[str, ...],
    letter: str,
    ranked_codes: list[int],
    misses_left: int,
    seed: int | None,
    guess_number: int,
    nodes: int = FIENDISH_NODES,
    margin: int = 0,
    shared_vocabulary: bool = True,
    also_against: tuple[EstimateSettings, ...] = (),
) -> FamilyChoice:
    """Value the families of ``letter`` (given hardest first by their codes) and pick one.

    ``guessed`` are the letters guessed before this one; ``misses_left`` the
    wrong guesses left before it; ``seed`` is None in games that keep the
    rules' exact order (unranked practice, the console). With a ``margin``
    (ranked games on a secret vocabulary, their first guesses only) and a best
    value of :data:`MARGIN_FROM` or more, the biggest family worth less than
    the best but no more than ``margin`` less joins the families the seed
    chooses among. ``shared_vocabulary`` False (a ranked game's own secret
    vocabulary, which no other game plays on) keeps its family values out of
    :data:`FAMILY_VALUES`; the choice is the same either way. ``also_against``: other
    guessers (:data:`~games.engine.search.GUESSERS`) each family is valued against too,
    within the same budget: a family is worth the fewest misses any of them makes in it
    (:func:`worst_case_worth`).
    """
    tables = search_tables(lexicon)
    letter_index = lexicon.letter_index(letter)
    offset = int(tables.offsets[letter_index])
    words_of = dict(tables.split(candidates, letter_index))
    after = guessed_mask((*guessed, letter), lexicon)
    budget = NodeBudget(nodes)
    estimate = TreeEstimate(tables, budget, FIENDISH_ESTIMATE)
    others = [TreeEstimate(tables, budget, settings) for settings in also_against]
    wanted_at_cap = SEEDED_CHOICES if seed is not None else 1
    values: list[int | None] = [None] * len(ranked_codes)
    best = -1
    fingerprint = lexicon_fingerprint(lexicon) if shared_vocabulary else None
    for rank, code in enumerate(ranked_codes[:FIENDISH_FAMILIES]):
        family_id = offset + code
        family_words = words_of[family_id]
        miss = int(tables.reveals_nothing[family_id])
        # Each of the guesser's letters splits the words, so a miss removes one at least:
        # a family of n words is worth at most n - 1 more misses. One that cannot beat
        # the best so far is not searched (and not kept).
        if min(misses_left, miss + len(family_words) - 1) < best - margin:
            continue
        try:
            worth = worst_case_worth(
                estimate,
                others,
                budget,
                family_words,
                after,
                fingerprint,
                floor=best - margin - miss,
            )
        except BudgetExhaustedError:
            break  # the families not valued yet are not kept
        values[rank] = min(misses_left, miss + worth)
        best = max(best, values[rank])
        # Once enough families win the game outright, no later (smaller) one can be kept.
        if (
            best >= misses_left
            and sum(value is not None and value >= misses_left - margin for value in values)
            >= wanted_at_cap
        ):
            break
    valued = [rank for rank, value in enumerate(values) if value is not None]
    if not valued:  # not even the biggest family could be valued: keep it, as the rules would
        # The spend that ran out was refused before its position was examined: not counted.
        used = min(budget.used, nodes)
        return FamilyChoice(kept_rank=0, values=tuple(values), nodes=used, seeded=False)
    best = max(values[rank] or 0 for rank in valued)
    tied = [rank for rank in valued if values[rank] == best]
    if TIE_LETTERS and len(tied) > 1:
        tied = robust_order(
            estimate,
            budget,
            tied,
            [
                (
                    words_of[offset + ranked_codes[rank]],
                    int(tables.reveals_nothing[offset + ranked_codes[rank]]),
                )
                for rank in tied
            ],
            after,
            fingerprint,
            int(best),
        )
    tied = tied[:SEEDED_CHOICES]
    if seed is not None and margin and best >= MARGIN_FROM:
        # The biggest family worth less than the best, but within the margin, joins the choice.
        tied += [rank for rank in valued if best - margin <= (values[rank] or 0) < best][:1]
    kept = tied[0] if seed is None else tied[seeded_index(seed, guess_number, len(tied))]
    return FamilyChoice(
        kept_rank=kept,
        values=tuple(values),
        nodes=min(budget.used, nodes),
        seeded=kept != tied[0],
    )


def seeded_index(seed: int, guess_number: int, choices: int) -> int:
    """A choice among ``choices`` fixed by the game's seed and the guess number.

    A hash, not ``random``: the same on every machine and Python version.
    """
    digest = hashlib.blake2b(f"{seed}:{guess_number}".encode(), digest_size=8).digest()
    return int.from_bytes(digest, "big") % choices
