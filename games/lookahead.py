"""The fiendish word-maker: it keeps the family that is worst for the player to the end of the game.

The seeds' word-maker keeps the biggest family and never looks further. That
is often a poor choice: a smaller family can be much harder to finish, for
example 1,314 nine-letter words that all end in "-e--" (mostly "-ness" words)
against the 8,492 words with no E at all. What this one does, at each guess:

1. It splits the words still possible by where the guessed letter appears,
   exactly as the rules do. It never keeps anything but one of those
   families, so every word it could still be fits every letter shown and
   every miss.
2. It values each family by the misses it is worth from here to the end:
   one if the family is a miss, plus what a :class:`games.search.TreeEstimate`
   says the family's words are worth. That estimate plays the rest of the
   game in its head: a strong guesser (the letter whose hardest family is a
   hit and leaves the fewest words) against a word-maker that answers every
   letter with its most damaging family, solved exactly once 8 words are
   left. Families are valued biggest first, the 12 biggest at most: smaller
   ones were never worth more in measurements, and searching them cost the
   slowest replies most of their time. A family too small to beat the best
   value found so far (n words are worth n - 1 misses at most, since every
   letter the guesser plays splits them) is not searched at all.
3. A family worth at least the wrong guesses the player has left wins the
   game, so values are capped there: any such family is as good as another.
4. It keeps the family with the highest value. Between families of equal
   value it keeps the one the rules rank hardest (the biggest), unless the
   game is ranked: then the game's secret seed picks among the biggest few
   of them, so that letters that beat one ranked game do not beat the next.
   A ranked game on a secret vocabulary also lets the seed keep, on its first
   :data:`OPENING_GUESSES` guesses and when the best is worth
   :data:`MARGIN_FROM` misses or more, the biggest family worth
   :data:`OPENING_MARGIN` miss less (measured in ``games/engine.py``).

The search examines at most :data:`FIENDISH_NODES` positions per guess, a
count, never a time: the same guess in the same game gets the same answer on
any machine. When the count runs out, families not valued yet are not kept.
It was chosen from measurements (``bench/adversary.py``): against the strong
guesser above, this design forces as many misses as any word-maker can at
every length of the default dictionary from 6 to 12, and each reply stays
within the time goal.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass
from typing import TYPE_CHECKING

import numpy as np
import numpy.typing as npt

from games.search import (
    BudgetExhaustedError,
    EstimateSettings,
    NodeBudget,
    TreeEstimate,
    guessed_mask,
    search_tables,
)

if TYPE_CHECKING:
    from games.engine import Lexicon

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
# games/engine.py: it changes the opening, which a secret vocabulary rarely does).
OPENING_MARGIN = 1
OPENING_GUESSES = 3
MARGIN_FROM = 6  # ...and only when the best family is worth this many misses at least


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
) -> FamilyChoice:
    """Value the families of ``letter`` (given hardest first by their codes) and pick one.

    ``guessed`` are the letters guessed before this one; ``misses_left`` the
    wrong guesses left before it; ``seed`` is None in games that keep the
    rules' exact order (unranked practice, the console). With a ``margin``
    (ranked games on a secret vocabulary, their first guesses only) and a best
    value of :data:`MARGIN_FROM` or more, the biggest family worth less than
    the best but no more than ``margin`` less joins the families the seed
    chooses among.
    """
    tables = search_tables(lexicon)
    letter_index = ord(letter) - ord("a")
    offset = int(tables.offsets[letter_index])
    words_of = dict(tables.split(candidates, letter_index))
    after = guessed_mask((*guessed, letter))
    budget = NodeBudget(nodes)
    estimate = TreeEstimate(tables, budget, FIENDISH_ESTIMATE)
    wanted_at_cap = SEEDED_CHOICES if seed is not None else 1
    values: list[int | None] = [None] * len(ranked_codes)
    best = -1
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
            worth = estimate.value(family_words, after)
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
        return FamilyChoice(kept_rank=0, values=tuple(values), nodes=budget.used, seeded=False)
    best = max(values[rank] or 0 for rank in valued)
    tied = [rank for rank in valued if values[rank] == best][:SEEDED_CHOICES]
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
