"""Fair: the honest game of ordinary hangman, to learn the rules on.

A secret word is drawn with the game's seed before any guess, and every guess
keeps the family that holds it. Never ranked, always on the whole list.
"""

from __future__ import annotations

import random

import numpy as np
import numpy.typing as npt

from games.engine.lexicon import Lexicon
from games.engine.makers.base import BaseMaker, Choice, GuesserModel, ReasonText, Turn
from games.engine.text import gettext_noop, pgettext_noop

# Its one reason: the family that holds its word.
HONEST = ReasonText(
    "honest",
    gettext_noop("Holds the secret word (fair game)"),
    gettext_noop(
        "A fair game: it kept the family that holds the word it picked at the start, "
        "as ordinary hangman does (%(words)s still fit what it has shown)."
    ),
)


def secret_word_index(lexicon: Lexicon, seed: int) -> int:
    """The fair game's word, drawn from the whole lexicon with the seed before any guess."""
    return random.Random(seed).randrange(len(lexicon))


def fair_word(lexicon: Lexicon, seed: int) -> str:
    """The word an honest word-maker with this seed picks before any guess (the fair game's)."""
    return lexicon.words[secret_word_index(lexicon, seed)]


class FairMaker(BaseMaker):
    name = "fair"
    label = pgettext_noop("difficulty", "Fair (honest)")
    summary = (
        "the family holding one word it picked at the start: ordinary, honest hangman, to "
        "learn the rules on"
    )
    explanation = gettext_noop(
        "A fair game is honest: it picked one word at the start and keeps the family that "
        "holds it, as ordinary hangman does."
    )
    ranked = False
    weight = None
    has_par = False
    no_par_reason = gettext_noop(
        "A fair game has no par: its word is picked at the start, so luck decides the wrong "
        "guesses."
    )
    help = gettext_noop(
        "Fair does not cheat: it picks one word at the start and sticks to it. Fair is for "
        "learning the rules and is never ranked."
    )
    reasons = (HONEST,)
    guesser_model = GuesserModel.HONEST
    whole_list = True

    def choose(self, turn: Turn) -> Choice:
        lexicon = turn.state.lexicon
        secret = secret_word_index(lexicon, turn.state.seed)
        code = int(lexicon.codes[lexicon.letter_index(turn.letter)][secret])
        return Choice(kept_rank=turn.family_codes.index(code), reason=HONEST.value)

    def named_word(self, lexicon: Lexicon, candidates: npt.NDArray[np.int32], seed: int) -> str:
        """Its secret word, which is always among the candidates."""
        return fair_word(lexicon, seed)


FAIR = FairMaker()
