"""Obscure: a big family of words the player is less likely to know, planned against a human.

The seeds' "steer your opponent toward a smaller family with more obscure
words". A person does not know every word of the list: this word-maker models
one who knows the words of Zipf frequency 3 or more (about once per million
words: :data:`KNOWN_ZIPF`) and guesses the letter in the most of the words it
knows that still fit the board, or, when none fits, the letter in the most
words of that length it knows (a fixed order). It reads each word's frequency
from :attr:`Lexicon.familiarity <games.engine.lexicon.Lexicon.familiarity>`,
which the platform fills where it builds a lexicon; without it (a plain word
file in the console) it keeps the hardest family, as hard does.

On each guess it looks at every family at least a quarter the size of the
largest (:data:`SIZE_SHARE`) and plays the rest of the game in its head against
that model player: the model guesses as above, and the word-maker answers with
the simple rule (among families at least half the largest, the one with the
fewest known words). It keeps the family whose play-out costs the most wrong
guesses (this guess included); between equals, the one with the fewest known
words, then the hardest. Every play-out together examines at most
:data:`NODES` guesses a reply; families left unexamined are not kept. It depends
only on the list, the frequencies, the game's letters and its candidates, so a
replay makes every choice again.

Why this rule, measured with ``bench/human.py`` (a human model that knows the
words of Zipf >= 3 and plays the site's strongest heuristic on them), one game a
length, lengths 4 to 12, on the familiar list (the default): hard forces 103
misses, fiendish 116 (1.13x); the simple rule alone forces 122 (1.18x), and
with a lower size bar it gets worse (a third of the largest: 114; a quarter: 66,
as tiny families end the game); planning ahead against the model with a
quarter-size bar forces 147 (1.43x; half-size bar 137, an eighth 152 but keeps
families of a few words). The price is paid against a player who knows every
word: the strong guesser needs 36 misses against it, 51 against hard. It still
beats hard when the player knows fewer words than it assumes (a model knowing
Zipf >= 3.5: 148 misses to hard's 116, 1.28x; >= 4: 143 to 120, 1.19x). On web2
the model guesses mostly by letter frequency against every word-maker; obscure
forces 160 misses there, hard 131. A reply costs at most about 17 ms (web2's
26,444 eight-letter words), so its guesses are not rate-limited as fiendish's are.
"""

from __future__ import annotations

import numpy as np
import numpy.typing as npt

from games.engine.lexicon import ALPHABET, Lexicon
from games.engine.makers.base import BaseMaker, Choice, GuesserModel, Turn
from games.engine.state import Reason, all_candidates

KNOWN_ZIPF = 3.0  # the model player knows the words this frequent or more
SIZE_SHARE = 4  # families at least 1/SIZE_SHARE of the largest are played out
RULE_SHARE = 2  # the play-out's own rule: among families at least half the largest
NODES = 400  # guesses the play-outs of one reply may examine in all

_CACHE_KEY = "obscure"


class ObscureMaker(BaseMaker):
    name = "obscure"
    label = "Obscure"
    summary = (
        "a big family of words you are less likely to know: it plays the rest of the game "
        "in its head against a player who knows only the common words "
        "(`games/engine/makers/obscure.py`)"
    )
    explanation = (
        "On obscure it steers you toward words you are less likely to know: among the "
        "families at least a quarter the size of the biggest, it plays the rest of the game "
        "in its head against a player who knows only the common words, and keeps the one "
        "that costs that player the most wrong guesses."
    )
    ranked = True
    # Hard's weight: it costs the human model more than fiendish does, but a player who
    # knows every word needs fewer misses against it than against hard (36 to 51).
    weight = 3
    has_par = False
    no_par_reason = (
        "Obscure has no par: it chooses by which words you are likely to know, and par "
        "assumes a player who knows them all."
    )
    # The AI guesser knows every word, so it cannot predict which family a player who does
    # not will be steered to: it plays obscure as it plays fiendish.
    guesser_model = GuesserModel.PLANNER

    def choose(self, turn: Turn) -> Choice:
        state = turn.state
        lexicon = state.lexicon
        if lexicon.familiarity is None:
            return Choice(kept_rank=0, reason=Reason.HARDEST)
        has, known, order = _tables(lexicon)
        letter = ALPHABET.index(turn.letter)
        candidates = all_candidates(state)
        codes = lexicon.codes[letter][candidates]
        guessed = {ALPHABET.index(each) for each in state.letters} | {letter}
        revealed = sum(char != "-" for char in state.pattern)
        largest = turn.families[0].size
        budget = NODES
        best: tuple[int, int, int] | None = None
        nodes = 0
        for rank, (family, code) in enumerate(zip(turn.families, turn.family_codes, strict=True)):
            if family.size * SIZE_SHARE < largest or budget <= 0:
                continue
            members = candidates[codes == code]
            miss = int(family.revealed == 0)
            more, used = _play_out(
                lexicon,
                (has, known, order),
                members,
                guessed,
                revealed + family.revealed,
                state.misses_left - miss,
                budget,
            )
            budget -= used
            nodes += used
            key = (-(miss + more), int(np.count_nonzero(known[members])), rank)
            if best is None or key < best:
                best = key
        kept = best[2] if best is not None else 0
        return Choice(
            kept_rank=kept,
            reason=Reason.LEAST_KNOWN if kept else Reason.HARDEST,
            search_nodes=nodes,
        )


OBSCURE = ObscureMaker()

_Tables = tuple[npt.NDArray[np.bool_], npt.NDArray[np.bool_], tuple[int, ...]]


def _tables(lexicon: Lexicon) -> _Tables:
    """Which words hold each letter, which words the model knows, its fallback order (cached)."""
    cached = lexicon.search_cache.get(_CACHE_KEY)
    if cached is None:
        assert lexicon.familiarity is not None
        has = np.stack(
            [
                np.array([bool(positions) for positions in lexicon.reveals[index]])[
                    lexicon.codes[index]
                ]
                for index in range(len(ALPHABET))
            ]
        )
        known = lexicon.familiarity >= KNOWN_ZIPF
        counts = has[:, known].sum(axis=1)
        order = tuple(sorted(range(len(ALPHABET)), key=lambda index: (-int(counts[index]), index)))
        cached = (has, known, order)
        lexicon.search_cache[_CACHE_KEY] = cached
    return cached


def model_letter(tables: _Tables, candidates: npt.NDArray[np.int32], guessed: set[int]) -> int:
    """The model player's guess: the letter in most known words that fit, else its fixed order."""
    has, known, order = tables
    familiar = candidates[known[candidates]]
    if familiar.size:
        counts = has[:, familiar].sum(axis=1)
        return min(
            (index for index in range(len(ALPHABET)) if index not in guessed),
            key=lambda index: (-int(counts[index]), index),
        )
    return next(index for index in order if index not in guessed)


def _rule_pick(
    lexicon: Lexicon, known: npt.NDArray[np.bool_], candidates: npt.NDArray[np.int32], letter: int
) -> tuple[npt.NDArray[np.int32], int]:
    """The play-out's rule: among families at least half the largest, the fewest known words."""
    codes = lexicon.codes[letter][candidates]
    sizes = np.bincount(codes)
    knowns = np.bincount(codes, weights=known[candidates], minlength=sizes.size)
    largest = int(sizes.max())
    best: tuple[tuple[int, int, int], int] | None = None
    for code in np.flatnonzero(sizes * RULE_SHARE >= largest).tolist():
        revealed = len(lexicon.reveals[letter][code])
        key = (int(knowns[code]), -int(sizes[code]), revealed)
        if best is None or key < best[0]:
            best = (key, code)
    assert best is not None
    code = best[1]
    return candidates[codes == code], len(lexicon.reveals[letter][code])


def _play_out(
    lexicon: Lexicon,
    tables: _Tables,
    candidates: npt.NDArray[np.int32],
    guessed: set[int],
    revealed: int,
    misses_left: int,
    budget: int,
) -> tuple[int, int]:
    """The misses the model player makes from here against the rule, and the guesses examined."""
    guessed = set(guessed)
    misses = nodes = 0
    while misses < misses_left and revealed < lexicon.length and nodes < budget:
        letter = model_letter(tables, candidates, guessed)
        guessed.add(letter)
        candidates, shown = _rule_pick(lexicon, tables[1], candidates, letter)
        nodes += 1
        misses += shown == 0
        revealed += shown
    return misses, nodes
