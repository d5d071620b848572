"""The registry of word-makers: one per difficulty, listed once in :data:`MAKERS`.

To add a difficulty: write its module here (a class with everything
:class:`~games.engine.makers.base.WordMaker` names: its words marked for
translation, its own reasons), add one line to :data:`MAKERS`, and write its
tests; then generate what follows from the registry (``manage.py makemigrations``,
``make messages``: docs/ARCHITECTURE.md's "A new difficulty").
``tests/engine/test_makers.py`` fails if a registered word-maker lacks anything,
or if the players' guide's table disagrees. The order of :data:`MAKERS` is the
order of every list of difficulties; the reasons are the rules' own
(:data:`RULE_REASONS`), then each word-maker's in that order.
"""

from __future__ import annotations

from enum import StrEnum

from games.engine.errors import EngineError
from games.engine.makers.base import (
    NAME_MAX_LENGTH,
    REASON_MAX_LENGTH,
    REQUIRED,
    RULE_REASONS,
    BaseMaker,
    Choice,
    GuesserModel,
    ReasonText,
    Turn,
    WordMaker,
    seeded_pick,
)
from games.engine.makers.fair import FAIR, fair_word, secret_word_index
from games.engine.makers.fiendish import FIENDISH
from games.engine.makers.obscure import OBSCURE
from games.engine.makers.schedule import EASY, HARD, MEDIUM

MAKERS: tuple[WordMaker, ...] = (EASY, MEDIUM, HARD, FIENDISH, OBSCURE, FAIR)


def _check(maker: WordMaker) -> None:
    """Refuse, at import, a word-maker that lacks what the site will ask of it."""
    missing = [name for name in REQUIRED if not hasattr(maker, name)]
    if missing:
        raise TypeError(f"word-maker {maker!r} lacks {', '.join(missing)}")
    if not (maker.name.isascii() and maker.name.isalpha() and maker.name.islower()):
        raise TypeError(f"word-maker name {maker.name!r} is not lower-case a-z")
    if len(maker.name) > NAME_MAX_LENGTH:
        raise TypeError(f"word-maker name {maker.name!r} is over {NAME_MAX_LENGTH} characters")
    if maker.ranked != (isinstance(maker.weight, int) and maker.weight >= 1):
        raise TypeError(f"word-maker {maker.name!r}: a ranked one has a weight of 1 or more")
    if maker.has_par != (maker.guesser_model is GuesserModel.RULE):
        raise TypeError(f"word-maker {maker.name!r}: par is worked out against a fixed rule")
    if not maker.has_par and not maker.no_par_reason:
        raise TypeError(f"word-maker {maker.name!r} says no par but not why")
    for reason in maker.reasons:
        value = reason.value
        if not (value.isascii() and value.replace("_", "").isalpha() and value.islower()):
            raise TypeError(f"word-maker {maker.name!r}: reason {value!r} is not lower-case a-z, _")
        if len(value) > REASON_MAX_LENGTH:
            raise TypeError(f"reason {value!r} is over {REASON_MAX_LENGTH} characters")
        if not (reason.label and reason.explanation):
            raise TypeError(f"word-maker {maker.name!r}: reason {value!r} lacks its words")


for _maker in MAKERS:
    _check(_maker)
if len({maker.name for maker in MAKERS}) != len(MAKERS):
    raise TypeError("two word-makers share a name")

# Every reason a family is kept for, by its stored value: the rules' own, then each
# word-maker's (two word-makers may share one, the same object).
REASONS: dict[str, ReasonText] = {}
for _reason in (*RULE_REASONS, *(reason for maker in MAKERS for reason in maker.reasons)):
    if REASONS.setdefault(_reason.value, _reason) != _reason:
        raise TypeError(f"two reasons are stored as {_reason.value!r}")

# The reasons, by value (``Reason.LOOKAHEAD == "lookahead"``): what a move's report holds.
Reason = StrEnum(  # type: ignore[misc]
    "Reason", [(value.upper(), value) for value in REASONS], module=__name__
)

# The difficulties, by name (``Difficulty.FIENDISH == "fiendish"``), in the registry's order.
Difficulty = StrEnum(  # type: ignore[misc]
    "Difficulty", [(maker.name.upper(), maker.name) for maker in MAKERS], module=__name__
)
_BY_NAME: dict[str, WordMaker] = {maker.name: maker for maker in MAKERS}

# The difficulties by what they are (tuples of Difficulty, in the registry's order).
RANKED_DIFFICULTIES = tuple(Difficulty(maker.name) for maker in MAKERS if maker.ranked)
RULE_DIFFICULTIES = tuple(
    Difficulty(maker.name) for maker in MAKERS if maker.guesser_model is GuesserModel.RULE
)
PAR_DIFFICULTIES = tuple(Difficulty(maker.name) for maker in MAKERS if maker.has_par)
SEARCHING_DIFFICULTIES = tuple(Difficulty(maker.name) for maker in MAKERS if maker.searches)


def maker_for(difficulty: str) -> WordMaker:
    """The word-maker of a difficulty (a :data:`Difficulty` or its name)."""
    try:
        return _BY_NAME[str(difficulty)]
    except KeyError:
        choices = ", ".join(_BY_NAME)
        raise EngineError(f"difficulty must be one of {choices}, not {difficulty!r}") from None


__all__ = [
    "EASY",
    "FAIR",
    "FIENDISH",
    "HARD",
    "MAKERS",
    "MEDIUM",
    "NAME_MAX_LENGTH",
    "OBSCURE",
    "PAR_DIFFICULTIES",
    "RANKED_DIFFICULTIES",
    "REASONS",
    "REASON_MAX_LENGTH",
    "REQUIRED",
    "RULE_DIFFICULTIES",
    "RULE_REASONS",
    "SEARCHING_DIFFICULTIES",
    "BaseMaker",
    "Choice",
    "Difficulty",
    "GuesserModel",
    "Reason",
    "ReasonText",
    "Turn",
    "WordMaker",
    "fair_word",
    "maker_for",
    "secret_word_index",
    "seeded_pick",
]
