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
from collections import _count_elements
from dataclasses import dataclass
from typing import NamedTuple

import numpy as np
import numpy.typing as npt

from games.engine.greedy_letters import (
    SMALL_SET,
    GreedyLetters,
    Step,
    kept_family,
    shown_pattern,
    untied_kept,
)
from games.engine.guesser import greedy_aware_letter
from games.engine.lexicon import HIDDEN, Lexicon
from games.engine.makers import Difficulty, GuesserModel, maker_for
from games.engine.rules import apply_guess, new_game
from games.engine.state import GameState
from games.engine.vocabulary import (
    FULL_VOCABULARY,
    ranked_vocabulary,
    secret_vocabulary,
)

# Games per challenge for ``manage.py compute_challenge_priors``; the reference player's chance of
# a random letter; the seed its letters and its games' seeds are drawn from.
PRIOR_GAMES = 200
REFERENCE_NOISE = 0.30
PRIOR_SEED = 2027


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
    came_from: Step | None = None
    while hidden:
        if len(public) == 1:  # one word fits: the rest needs no partition (below)
            word = int(public[0])
            return misses + _one_word_left(letters, word, hidden, guessed, unguessed, rng, noise)
        if isinstance(public, list) and isinstance(words, list):
            return misses + _small_misses(
                letters,
                ranks,
                words,
                public,
                Position(guessed, pattern, hidden, number),
                unguessed,
                seed=seed,
                rng=rng,
                noise=noise,
            )
        before = public
        number += 1
        if random_draw() < noise:
            letter = choice(unguessed)
            index = index_of[letter]
        else:
            index = letters.letter(guessed, pattern, public, came_from)
            letter = alphabet[index]
        unguessed.remove(letter)
        code_list = letters.code_lists[index]
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
            kept = word_codes[0]
            if word_codes.count(kept) != len(word_codes):  # else one family, kept whatever
                kept = _small_kept(word_codes, letters, index, rank, pattern, seed, number)
                words = [word for word in words if code_list[word] == kept]
        elif whole:  # the words are those that fit: remembered per position
            codes, sizes, untied = letters.partition(words, guessed, pattern, index)
            kept = untied[rank]
            if kept is None:  # level families: the game's seed decides
                kept = kept_family(
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
            if len(codes) > 1:
                words = letters.narrowed(words, guessed, pattern, index, kept)
        else:
            array_codes = lexicon.codes[index].take(words)
            counts = np.bincount(array_codes)
            present = counts.nonzero()[0]
            if len(present) == 1:
                kept = int(present[0])
            else:
                kept = kept_family(
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
            pattern = shown_pattern(pattern, letter, positions)
            hidden -= len(positions)
        else:
            misses += 1
    return misses


class Position(NamedTuple):
    """Where a game stands: the letters guessed (a bit set), the pattern shown, how many of
    its letters are still hidden, and how many guesses it has made."""

    guessed: int
    pattern: str
    hidden: int
    number: int


def _small_misses(
    letters: GreedyLetters,
    ranks: list[int],
    words: list[int],
    public: list[int],
    position: Position,
    unguessed: list[str],
    *,
    seed: int,
    rng: random.Random,
    noise: float,
) -> int:
    """The misses still to come once the game's words and those a player knows fit are
    Python lists (``unguessed`` is changed): :func:`_reference_misses`'s moves in a loop of
    their own, the shortest one, where most guesses of a game are made.

    The words are some of those that fit, so when they are as many they are the same list
    and are narrowed once.
    """
    guessed, pattern, hidden, number = position
    alphabet = letters.lexicon.alphabet
    reveals = letters.lexicon.reveals
    index_of = letters.index_of
    code_lists = letters.code_lists
    known = letters.letters.get
    random_draw = rng.random
    choice = rng.choice
    if len(words) == len(public):
        words = public
    misses = 0
    while hidden:
        if len(public) == 1:  # one word fits: the rest needs no partition
            return misses + _one_word_left(
                letters, public[0], hidden, guessed, unguessed, rng, noise
            )
        number += 1
        if random_draw() < noise:
            letter = choice(unguessed)
            index = index_of[letter]
        else:
            index = known((guessed, pattern))
            if index is None:
                index = letters.letter(guessed, pattern, public)
            letter = alphabet[index]
        unguessed.remove(letter)
        code_list = code_lists[index]
        word_codes = [code_list[word] for word in words]
        kept = word_codes[0]
        if word_codes.count(kept) == len(word_codes):  # one family: kept whatever the rule
            if public is not words:
                public = [word for word in public if code_list[word] == kept]
        else:
            kept = _small_kept(word_codes, letters, index, ranks[number], pattern, seed, number)
            if public is words:
                words = public = [word for word in words if code_list[word] == kept]
            else:
                words = [word for word in words if code_list[word] == kept]
                public = [word for word in public if code_list[word] == kept]
        if len(public) == len(words):
            words = public
        guessed |= 1 << index
        positions = reveals[index][kept]
        if positions:
            pattern = shown_pattern(pattern, letter, positions)
            hidden -= len(positions)
        else:
            misses += 1
    return misses


def _small_kept(
    word_codes: list[int],
    letters: GreedyLetters,
    index: int,
    rank: int,
    pattern: str,
    seed: int,
    number: int,
) -> int:
    """The family of letter ``index`` the rule keeps among words in two families or more,
    ``word_codes`` each word's: the sizes counted in C, the rule's choice by
    :func:`untied_kept`, or by :func:`kept_family` when a tie key decides."""
    sizes: dict[int, int] = {}
    _count_elements(sizes, word_codes)  # Counter's own counting, without its checks
    revealed = letters.revealed_list[index]
    if len(sizes) == 2:  # the commonest, and most often not level
        (one, one_size), (other, other_size) = sizes.items()
        difference = (one_size - other_size) * 128 - revealed[one] + revealed[other]
        if difference:
            return one if (difference > 0) != bool(rank) else other
    kept = untied_kept(sizes.items(), revealed)[rank]
    if kept is not None:
        return kept
    return kept_family(
        list(sizes),
        list(sizes.values()),
        revealed,
        rank=rank,
        reveals=letters.lexicon.reveals[index],
        pattern=pattern,
        letter=letters.lexicon.alphabet[index],
        seed=seed,
        number=number,
    )


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
    random_draw = rng.random
    choice = rng.choice
    remove = unguessed.remove
    misses = 0
    while hidden:
        if random_draw() < noise:
            letter = choice(unguessed)
            index = index_of[letter]
        else:
            left = bits & ~guessed
            index = (left & -left).bit_length() - 1  # the lowest letter in the word left
            letter = alphabet[index]
        remove(letter)
        guessed |= 1 << index
        if bits >> index & 1:
            hidden -= counts[index]
        else:
            misses += 1
    return misses


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
