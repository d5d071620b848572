"""Players a word-maker plans against: several vocabularies, each played out against hard.

Obscure (and fiendish's guard) do not trust one model of the player. A family
is worth, to one planning player, the misses that player makes from here to the
end of the game when every later answer is hard's (the hardest family). Obscure
counts them with no cap: a value sized for the misses it really costs, so two
families never tie just because both would win the game. Fiendish's guard stops
at the game's last wrong guess: it asks whether a player's game ends worse, and
no player makes a miss after a lost game's end. A word-maker that leaves hard's
family only for one worth more to *every* planning player is never worse than hard
against any of them (each step is a policy improvement over hard for each player
separately, and the play-out ends every game), whatever the others do.

The planning players (:data:`THRESHOLDS`): a person who knows each word with
probability ``sigmoid((zipf - T) / SLOPE)`` and guesses the letter in the most
words it expects to know among those that fit the board (the expected count,
not a draw: deterministic), at several thresholds T; and a player who knows
every word of the list equally (``None``: the letter in the most words left).
Obscure's people (``by_frequency``) weigh those words by how common they are and,
when the ones that fit weigh less than one word of Zipf :data:`FALLBACK_ZIPF`,
guess by the letter order. All read the words a player can know are still
possible (never a ranked game's secret vocabulary); the play-out's answers come
from the game's own words. Every play-out counts its guesses in a
:class:`~games.engine.search.NodeBudget`, never the clock.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np
import numpy.typing as npt

from games.engine.lexicon import HIDDEN, Lexicon
from games.engine.search import (
    SIZE_SHIFT,
    WORDS_PER_NODE,
    BudgetExhaustedError,
    NodeBudget,
    SearchTables,
    guessed_mask,
    search_tables,
)
from games.engine.state import GameState, all_candidates, public_candidates
from games.engine.vocabulary import FULL_VOCABULARY

NO_WORDS = float("inf")  # the threshold of a player who knows no word of the list
# The planning vocabularies: Zipf thresholds of soft vocabularies, None for a player who knows
# every word (so that keeping a smaller family never makes the game easier for one who does),
# and NO_WORDS for one who knows none (the letters in a fixed order).
THRESHOLDS: tuple[float | None, ...] = (2.5, 3.0, 3.5, 4.0, None, NO_WORDS)
# Fiendish's and obscure's sets add the strong guesser fiendish's search models (the
# greedy-aware letter: the one whose hardest family is a hit and leaves the fewest words), as
# the last player.
GREEDY = "greedy"
SLOPE = 0.3
# Obscure's people weigh the words they know by how common they are (``10 ** zipf``); when the
# words they know that fit weigh less, together, than one word of this Zipf value, they fall
# back on the letter order (a person who knows no word that fits guesses common letters).
FALLBACK_ZIPF = 5.0
# The threshold whose expected known words order equal choices (fewer known: more obscure).
SHARE_THRESHOLD = 3.0
_CACHE_KEY = "ensemble"
_BY_FREQUENCY_KEY = "ensemble-by-frequency"


@dataclass(frozen=True, slots=True)
class Ensemble:
    """Per lexicon: which words hold each letter, and each planning player's word weights."""

    tables: SearchTables
    has: npt.NDArray[np.float32]  # letters x words: 1 where the word holds the letter
    weights: npt.NDArray[np.float32]  # players x words: the chance each word is known
    share_weights: npt.NDArray[np.float32]  # the weights that order equal choices
    # Per player: a fixed letter order (a player who knows no word of the list), else None.
    orders: tuple[tuple[int, ...] | None, ...]
    # The letter order a player whose known words that fit weigh less than 1 falls back on
    # (obscure's people, :func:`ensemble` ``by_frequency``); None: no player falls back.
    fallback: tuple[int, ...] | None = None

    @property
    def players(self) -> int:
        """The vocabularies; obscure and fiendish add the greedy-aware player."""
        return int(self.weights.shape[0])

    @property
    def greedy(self) -> int:
        """The index :func:`play_out` reads as the greedy-aware player."""
        return self.players


def ensemble(lexicon: Lexicon, *, by_frequency: bool = False) -> Ensemble:
    """The lexicon's planning players (cached with it).

    ``by_frequency`` (obscure's people): a soft vocabulary weighs each word it may
    know by how common it is, in units of a word of :data:`FALLBACK_ZIPF`, and
    guesses by the letter order when the words that fit weigh less than one such
    word; else (fiendish's guard) it counts the words it expects to know. Without
    word frequencies every word counts as unknown (Zipf 0): the soft vocabularies
    then weigh every word alike, as the player who knows them all does.
    """
    key = _BY_FREQUENCY_KEY if by_frequency else _CACHE_KEY
    cached = lexicon.search_cache.get(key)
    if cached is None:
        zipf = (
            np.zeros(len(lexicon))
            if lexicon.familiarity is None
            else lexicon.familiarity.astype(np.float64)
        )
        has = np.stack(
            [
                np.array([bool(positions) for positions in lexicon.reveals[index]])[
                    lexicon.codes[index]
                ]
                for index in range(len(lexicon.alphabet))
            ]
        ).astype(np.float32)
        share = soft_known(zipf, SHARE_THRESHOLD)
        common = np.power(10.0, zipf - FALLBACK_ZIPF) if by_frequency else np.ones_like(zipf)
        rows = [
            np.ones_like(zipf)
            if threshold is None or threshold == NO_WORDS
            else soft_known(zipf, threshold) * common
            for threshold in THRESHOLDS
        ]
        counts = has @ share
        order = tuple(
            sorted(range(len(lexicon.alphabet)), key=lambda index: (-float(counts[index]), index))
        )
        cached = Ensemble(
            tables=search_tables(lexicon),
            has=has,
            weights=np.stack(rows).astype(np.float32),
            share_weights=share.astype(np.float32),
            orders=tuple(order if threshold == NO_WORDS else None for threshold in THRESHOLDS),
            fallback=order if by_frequency else None,
        )
        lexicon.search_cache[key] = cached
    return cached


def soft_known(zipf: npt.NDArray[np.float64], threshold: float) -> npt.NDArray[np.float64]:
    """The chance a person with this threshold knows each word."""
    return 1.0 / (1.0 + np.exp(-(zipf - threshold) / SLOPE))


def hard_reply(tables: SearchTables, words: npt.NDArray[np.int32], letter: int) -> int:
    """The code (within ``letter``) of the family hard keeps: RULES.md's hardest."""
    codes = tables.lexicon.codes[letter][words]
    sizes = np.bincount(codes)
    low = int(tables.offsets[letter])
    hardness = (sizes.astype(np.int64) << SIZE_SHIFT) | tables.static_hardness[
        low : low + sizes.size
    ]
    hardness[sizes == 0] = 0
    return int(np.argmax(hardness))


def player_letter(
    group: Ensemble, player: int, public: npt.NDArray[np.int32], guessed: npt.NDArray[np.bool_]
) -> int:
    """The planning player's guess: the unguessed letter in the most weight of the words it
    may know (the letter order when it knows none, or when they weigh less than 1 in an
    ensemble ``by_frequency``)."""
    if player == group.greedy:
        tables = group.tables
        sizes = tables.family_sizes(public)
        return int(tables.greedy_aware_order(sizes, guessed, splitting_only=False)[0])
    order = group.orders[player]
    weights = group.weights[player, public]
    if order is None and group.fallback is not None and float(weights.sum()) < 1.0:
        order = group.fallback  # the player who knows every word weighs each 1: never here
    if order is not None:
        return next(letter for letter in order if not guessed[letter])
    scores = group.has[:, public] @ weights
    scores[guessed] = -1.0
    return int(np.argmax(scores))


def play_out(
    group: Ensemble,
    player: int,
    words: npt.NDArray[np.int32],
    public: npt.NDArray[np.int32],
    guessed: npt.NDArray[np.bool_],
    revealed: int,
    budget: NodeBudget,
    misses_left: int | None = None,
) -> int:
    """The misses ``player`` makes from here against hard, to the end of the game: the word
    shown, or ``misses_left`` misses made (None: no cap, the word shown).

    ``words`` are the game's own words left, ``public`` the whole list's words
    that fit (the same array in a game on the whole list). Raises
    :class:`~games.engine.search.BudgetExhaustedError` when the budget runs out.
    """
    tables = group.tables
    length = tables.lexicon.length
    guessed = guessed.copy()
    misses = 0
    same = public is words
    while revealed < length and misses != misses_left:
        budget.spend(1 + len(public) // WORDS_PER_NODE)
        letter = player_letter(group, player, public, guessed)
        guessed[letter] = True
        code = hard_reply(tables, words, letter)
        codes = tables.lexicon.codes[letter]
        words = words[codes[words] == code]
        public = words if same else public[codes[public] == code]
        shown = len(tables.lexicon.reveals[letter][code])
        misses += shown == 0
        revealed += shown
    return misses


def known_share(group: Ensemble, words: npt.NDArray[np.int32]) -> float:
    """The expected share of ``words`` a person of :data:`SHARE_THRESHOLD` knows."""
    return float(group.share_weights[words].mean()) if words.size else 0.0


def family_values(
    group: Ensemble,
    state: GameState,
    letter: str,
    families: Sequence[tuple[int, int]],
    players: Sequence[int],
    budget: NodeBudget,
    *,
    to_the_last_miss: bool = False,
) -> list[tuple[list[int], npt.NDArray[np.int32]]]:
    """What each family (its code for ``letter`` and the letters it reveals) is worth to each
    of the ``players`` (indexes of planning players): this guess's miss plus :func:`play_out`,
    counted to the game's last wrong guess when ``to_the_last_miss`` (else with no cap).

    Families are valued in the order given until the budget runs out; the list
    returned holds those valued (with each family's words), so it may be shorter.
    """
    letter_index = state.lexicon.letter_index(letter)
    words = all_candidates(state)
    # The planning players see the whole list's words that fit, as a player does.
    public = words if state.vocabulary >= FULL_VOCABULARY else public_candidates(state)
    codes = state.lexicon.codes[letter_index]
    word_codes, public_codes = codes[words], codes[public]
    after = guessed_mask((*state.letters, letter), state.lexicon)
    revealed = sum(char != HIDDEN for char in state.pattern)
    valued: list[tuple[list[int], npt.NDArray[np.int32]]] = []
    try:
        for code, shows in families:
            kept = words[word_codes == code]
            kept_public = kept if public is words else public[public_codes == code]
            miss = int(shows == 0)
            left = state.misses_left - miss if to_the_last_miss else None
            values = [
                miss
                + play_out(group, player, kept, kept_public, after, revealed + shows, budget, left)
                for player in players
            ]
            valued.append((values, kept))
    except BudgetExhaustedError:
        pass  # the families not valued yet are left out
    return valued


def no_worse_than_hard(values: list[int], hard: list[int]) -> bool:
    """Whether a family is worth at least hard's to every player."""
    return all(mine >= theirs for mine, theirs in zip(values, hard, strict=True))
