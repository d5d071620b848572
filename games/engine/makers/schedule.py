"""The seeds' word-maker: the hardest family, or the second hardest on a schedule.

Families are ranked hardest first (docs/RULES.md: more words, then fewer
letters revealed, then the pattern). Hard always keeps the hardest; medium
keeps the second hardest on every 4th guess, easy on every 2nd. When only one
family exists on such a guess it is kept (``ONLY_FAMILY``). Their reasons are the rules'
own (``games/engine/makers/base.py``).
"""

from __future__ import annotations

from games.engine.makers.base import (
    HARDEST,
    SECOND_HARDEST,
    BaseMaker,
    Choice,
    GuesserModel,
    Turn,
)
from games.engine.text import gettext_noop, pgettext_noop


class ScheduleMaker(BaseMaker):
    """The hardest family, but the second hardest on every ``every``-th guess (0: never)."""

    guesser_model = GuesserModel.RULE
    ranked = True
    has_par = True

    def __init__(
        self, *, name: str, label: str, help: str, explanation: str, weight: int, every: int
    ) -> None:
        self.name = name
        self.label = label
        self.help = help
        self.explanation = explanation
        self.weight = weight
        self.every = every
        self.schedule_period = every or 1
        if every:
            guesses = ", ".join(str(every * n) for n in (1, 2, 3))
            self.summary = f"the hardest family, but the second hardest on guesses {guesses}, …"
        else:
            self.summary = "always the hardest family (the seeds' rule)"

    def second_hardest_due(self, guess_number: int) -> bool:
        return bool(self.every) and guess_number % self.every == 0

    def choose(self, turn: Turn) -> Choice:
        if self.second_hardest_due(turn.number):
            return Choice(kept_rank=1, reason=SECOND_HARDEST.value)
        return Choice(kept_rank=0, reason=HARDEST.value)


EASY = ScheduleMaker(
    name="easy",
    label=pgettext_noop("difficulty", "Easy"),
    help=gettext_noop("Easy lets go of the biggest family of words on every 2nd guess."),
    explanation=gettext_noop(
        "On easy it keeps the hardest family, except on guesses 2, 4, 6, …, where it keeps "
        "the second hardest; when only one family exists then, it keeps that one."
    ),
    weight=1,
    every=2,
)
MEDIUM = ScheduleMaker(
    name="medium",
    label=pgettext_noop("difficulty", "Medium"),
    help=gettext_noop("Medium lets go of the biggest family on every 4th guess."),
    explanation=gettext_noop(
        "On medium it keeps the hardest family, except on guesses 4, 8, 12, …, where it "
        "keeps the second hardest; when only one family exists then, it keeps that one."
    ),
    weight=2,
    every=4,
)
HARD = ScheduleMaker(
    name="hard",
    label=pgettext_noop("difficulty", "Hard"),
    help=gettext_noop("Hard always keeps the biggest family of words."),
    explanation=gettext_noop("On hard it always keeps the hardest family."),
    weight=3,
    every=0,
)
