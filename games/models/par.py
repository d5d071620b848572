"""What is known of a board before anyone plays it: par (perfect play) and the prior
(a reference model player), both computed offline for the boards of the seeds' rule."""

from __future__ import annotations

from django.db import models

from dictionaries.models import Dictionary
from games.engine import prior as engine_prior
from games.models.game import DIFFICULTY_MAX_LENGTH, RULE_DIFFICULTIES, Difficulty


class Par(models.Model):
    """The fewest wrong guesses perfect play needs on one board of the seeds' rule.

    Computed by the solver (``manage.py compute_par``) within a budget of
    positions: when it runs out, ``misses`` is the best line found (shown as
    "≤ misses") and ``at_least`` what it proved no line can beat.
    """

    dictionary = models.ForeignKey(Dictionary, on_delete=models.CASCADE, related_name="pars")
    length = models.PositiveSmallIntegerField()
    difficulty = models.CharField(max_length=DIFFICULTY_MAX_LENGTH, choices=Difficulty.choices)
    misses = models.PositiveSmallIntegerField(help_text="A line of play needs this many.")
    at_least = models.PositiveSmallIntegerField(help_text="No line of play needs fewer.")
    nodes = models.PositiveIntegerField(help_text="Positions the search was allowed.")
    computed_at = models.DateTimeField(auto_now=True)

    class Meta:
        ordering = ["dictionary", "length", "difficulty"]
        constraints = [
            models.UniqueConstraint(
                fields=["dictionary", "length", "difficulty"], name="par_unique_settings"
            ),
            models.CheckConstraint(
                condition=models.Q(at_least__lte=models.F("misses")), name="par_bounds_ordered"
            ),
            models.CheckConstraint(
                condition=models.Q(difficulty__in=[d.value for d in RULE_DIFFICULTIES]),
                name="par_rule_difficulty",
            ),
        ]

    def __str__(self) -> str:
        return f"par {self.label} ({self.dictionary_id}, {self.length}, {self.difficulty})"

    @property
    def proven(self) -> bool:
        return self.misses == self.at_least

    @property
    def label(self) -> str:
        """ "5" when proven, "≤ 7" when it is the best line found."""
        return str(self.misses) if self.proven else f"≤ {self.misses}"


class ChallengePrior(models.Model):
    """How a reference model player fares on one board of the seeds' rule: a board's first rating.

    ``misses_needed[k]`` of ``games`` seeded games needed exactly ``k`` wrong guesses
    (``games.engine.prior``: the greedy guesser with 30 % random letters, no miss limit),
    so the win rate for any number of wrong guesses allowed follows. Filled offline by
    ``manage.py compute_challenge_priors``; ``ratings.selectors.challenge_first_rating``
    prefers it to par.
    """

    dictionary = models.ForeignKey(
        Dictionary, on_delete=models.CASCADE, related_name="challenge_priors"
    )
    length = models.PositiveSmallIntegerField()
    difficulty = models.CharField(max_length=DIFFICULTY_MAX_LENGTH, choices=Difficulty.choices)
    misses_needed = models.JSONField(
        help_text="Games that needed 0, 1, 2, ... wrong guesses, in that order."
    )
    games = models.PositiveIntegerField(help_text="Games the reference player played.")
    computed_at = models.DateTimeField(auto_now=True)

    class Meta:
        ordering = ["dictionary", "length", "difficulty"]
        constraints = [
            models.UniqueConstraint(
                fields=["dictionary", "length", "difficulty"], name="challenge_prior_unique"
            ),
            models.CheckConstraint(condition=models.Q(games__gte=1), name="challenge_prior_games"),
            models.CheckConstraint(
                condition=models.Q(difficulty__in=[d.value for d in RULE_DIFFICULTIES]),
                name="challenge_prior_rule_difficulty",
            ),
        ]

    def __str__(self) -> str:
        return f"challenge prior ({self.dictionary_id}, {self.length}, {self.difficulty})"

    def win_rate(self, max_misses: int) -> float:
        """The reference player's add-one win rate with ``max_misses`` wrong guesses allowed."""
        return engine_prior.win_rate(self.misses_needed, max_misses)
