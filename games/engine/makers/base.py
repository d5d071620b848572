"""What a word-maker is: the protocol every difficulty implements, and what it answers.

A difficulty is one word-maker: one object that says how it chooses a family
and everything the rest of the site needs to know about it (whether it is
ranked, its scoring weight, whether par applies, how the guesser models it,
the words the review and the forms use). The registry
(``games/engine/makers/__init__.py``) lists them once; the models' choices and
check constraints, the scoring, the guesser, the forms, the console, the
review, the API and the README's table all read it.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from enum import StrEnum
from typing import Protocol

import numpy as np
import numpy.typing as npt

from games.engine.lexicon import Lexicon
from games.engine.state import Family, GameState
from games.engine.text import gettext_noop

# The columns that store a difficulty hold this many characters (``max_length``).
NAME_MAX_LENGTH = 8
# The column that stores a move's reason (``Move.reason``) holds this many characters.
REASON_MAX_LENGTH = 14


@dataclass(frozen=True, slots=True)
class ReasonText:
    """One reason a family is kept, as a move stores it and the review shows it.

    ``label`` and ``explanation`` are English marked with ``gettext_noop``
    (``games/engine/text.py``); the review translates them. ``explanation`` is the review's
    sentence on a move kept for this reason, with ``%(number)s`` (the guess),
    ``%(pattern)s`` (the pattern kept) and ``%(words)s`` ("6 words") to fill in.
    """

    value: str  # stored in Move.reason: lower-case a-z and "_", at most REASON_MAX_LENGTH
    label: str
    explanation: str


# The rules' own reasons, whichever the word-maker (``games/engine/rules.py``): the hardest
# family, and a schedule's second hardest (``WordMaker.second_hardest_due``).
HARDEST = ReasonText(
    "hardest",
    gettext_noop("Hardest family"),
    gettext_noop("It kept the hardest family: the one with the most words (%(count)s)."),
)
SECOND_HARDEST = ReasonText(
    "second_hardest",
    gettext_noop("Second hardest (difficulty schedule)"),
    gettext_noop(
        "The difficulty schedule asked for the second hardest family on guess "
        "%(number)s, so it kept %(pattern)s (%(words)s) instead of the hardest."
    ),
)
ONLY_FAMILY = ReasonText(
    "only_family",
    gettext_noop("Only family (second hardest was due)"),
    gettext_noop(
        "The second hardest family was due on guess %(number)s, but every word fell "
        "in one family, so it kept that one."
    ),
)
RULE_REASONS: tuple[ReasonText, ...] = (HARDEST, SECOND_HARDEST, ONLY_FAMILY)


class GuesserModel(StrEnum):
    """How the AI guesser (``games/engine/guesser.py``) should think of a word-maker."""

    RULE = "rule"  # a fixed rule, second hardest on a schedule: a one-player search beats it
    PLANNER = "planner"  # plans ahead, nothing predicts it: the strong heuristic, then exact play
    HONEST = "honest"  # never cheats: the letter in the most words is the likeliest hit


@dataclass(frozen=True, slots=True)
class Turn:
    """What a word-maker sees of one guess: the state before it and the ranked families."""

    state: GameState
    letter: str
    number: int  # the guess being made, from 1
    families: list[Family]  # hardest first (or the seed's order among equals)
    family_codes: list[int]  # each ranked family's code for ``letter`` in the lexicon


@dataclass(frozen=True, slots=True)
class Choice:
    """The family a word-maker keeps (its rank in :attr:`Turn.families`) and why."""

    kept_rank: int
    reason: str  # a ReasonText's value: the rules' or the word-maker's own (``reasons``)
    # A planning word-maker: the misses it found each family worth (None: not valued),
    # and how many positions it examined.
    values: tuple[int | None, ...] | None = None
    search_nodes: int | None = None


class WordMaker(Protocol):
    """One difficulty. :data:`REQUIRED` names what each must say; the registry checks it."""

    name: str  # the stored value: lower-case, at most NAME_MAX_LENGTH characters
    # Forms, filters and the review: English marked pgettext_noop("difficulty", ...).
    label: str
    summary: str  # the README's table: what the computer keeps
    explanation: str  # the review's sentence on how it chooses a family (gettext_noop)
    ranked: bool  # may count on leaderboards
    weight: int | None  # leaderboard points multiplier; None exactly when not ranked
    has_par: bool  # par (perfect play against it) can be worked out: a fixed rule only
    no_par_reason: str  # the new-game form's sentence when it has no par (gettext_noop)
    help: str  # its sentence under the new-game form's difficulties (gettext_noop)
    reasons: tuple[ReasonText, ...]  # the reasons it keeps a family for, beyond RULE_REASONS
    guesser_model: GuesserModel
    schedule_period: int  # the rule's schedule repeats every this many guesses (1: none)
    searches: bool  # each reply runs a search: its guesses count in the search rate limit
    whole_list: bool  # always plays on the whole list (never a secret vocabulary)
    # Reads each word's frequency (Lexicon.familiarity): offered only on a list that has them.
    needs_frequencies: bool
    # Added to the review's note on seeded ties (e.g. " (or worth as much)", gettext_noop).
    tie_note: str

    def choose(self, turn: Turn) -> Choice:
        """The family to keep when there are two or more."""
        ...

    def second_hardest_due(self, guess_number: int) -> bool:
        """Whether the schedule asks for the second hardest family on this guess."""
        ...

    def named_word(self, lexicon: Lexicon, candidates: npt.NDArray[np.int32], seed: int) -> str:
        """The word the computer names when the player loses (or forfeits)."""
        ...


REQUIRED: tuple[str, ...] = (
    "name",
    "label",
    "summary",
    "explanation",
    "ranked",
    "weight",
    "has_par",
    "no_par_reason",
    "help",
    "reasons",
    "guesser_model",
    "schedule_period",
    "searches",
    "whole_list",
    "needs_frequencies",
    "tie_note",
    "choose",
    "second_hardest_due",
    "named_word",
)


def seeded_pick(lexicon: Lexicon, candidates: npt.NDArray[np.int32], seed: int) -> str:
    """The seeded pick among the candidates, so every replay names the same word."""
    index = random.Random(seed).randrange(int(candidates.size))
    return lexicon.words[int(candidates[index])]


class BaseMaker:
    """Defaults most word-makers share: no schedule, the seeded named word, no search."""

    schedule_period: int = 1
    searches: bool = False
    whole_list: bool = False
    needs_frequencies: bool = False
    tie_note: str = ""
    no_par_reason: str = ""
    reasons: tuple[ReasonText, ...] = ()

    def second_hardest_due(self, guess_number: int) -> bool:
        return False

    def named_word(self, lexicon: Lexicon, candidates: npt.NDArray[np.int32], seed: int) -> str:
        return seeded_pick(lexicon, candidates, seed)

    def __repr__(self) -> str:
        return f"<{type(self).__name__} {getattr(self, 'name', '?')}>"
