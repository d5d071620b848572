"""The seeds' word-maker: the hardest family, or the second hardest on a schedule.

Families are ranked hardest first (docs/RULES.md: more words, then fewer
letters revealed, then the pattern). Hard always keeps the hardest; medium
keeps the second hardest on every 4th guess, easy on every 2nd. When only one
family exists on such a guess it is kept (``Reason.ONLY_FAMILY``).
"""

from __future__ import annotations

from games.engine.makers.base import BaseMaker, Choice, GuesserModel, Turn
from games.engine.state import Reason


class ScheduleMaker(BaseMaker):
    """The hardest family, but the second hardest on every ``every``-th guess (0: never)."""

    guesser_model = GuesserModel.RULE
    ranked = True
    has_par = True

    def __init__(self, *, name: str, label: str, weight: int, every: int) -> None:
        self.name = name
        self.label = label
        self.weight = weight
        self.every = every
        self.schedule_period = every or 1
        if every:
            guesses = ", ".join(str(every * n) for n in (1, 2, 3))
            self.summary = f"the hardest family, but the second hardest on guesses {guesses}, …"
            self.explanation = (
                f"On {name} it keeps the hardest family, except on guesses {guesses}, …, "
                "where it keeps the second hardest; when only one family exists then, it "
                "keeps that one."
            )
        else:
            self.summary = "always the hardest family (the seeds' rule)"
            self.explanation = f"On {name} it always keeps the hardest family."

    def second_hardest_due(self, guess_number: int) -> bool:
        return bool(self.every) and guess_number % self.every == 0

    def choose(self, turn: Turn) -> Choice:
        if self.second_hardest_due(turn.number):
            return Choice(kept_rank=1, reason=Reason.SECOND_HARDEST)
        return Choice(kept_rank=0, reason=Reason.HARDEST)


EASY = ScheduleMaker(name="easy", label="Easy", weight=1, every=2)
MEDIUM = ScheduleMaker(name="medium", label="Medium", weight=2, every=4)
HARD = ScheduleMaker(name="hard", label="Hard", weight=3, every=0)
