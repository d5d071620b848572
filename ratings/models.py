"""Glicko-2 ratings: one per ranked challenge, one per player, and each rated game's change.

A ranked game is a match between its player and its challenge (dictionary, length, wrong
guesses allowed, difficulty): a win is the player's, a loss (giving up too) the
challenge's. ``RatingChange`` keeps both sides before and after, for the history chart
and so that ``rebuild_ratings`` can check itself against the incremental updates.
"""

from __future__ import annotations

from django.conf import settings
from django.db import models

from dictionaries.models import Dictionary
from games.models import DIFFICULTY_MAX_LENGTH, Difficulty, Game
from ratings.glicko2 import DEFAULT_DEVIATION, DEFAULT_RATING, DEFAULT_VOLATILITY
from ratings.rules import PROVISIONAL_DEVIATION

__all__ = ["PROVISIONAL_DEVIATION", "ChallengeRating", "PlayerRating", "RatingChange"]


class RatingFields(models.Model):
    rating = models.FloatField(default=DEFAULT_RATING)
    deviation = models.FloatField(default=DEFAULT_DEVIATION)
    volatility = models.FloatField(default=DEFAULT_VOLATILITY)
    games = models.PositiveIntegerField(default=0, help_text="Rated games played.")

    class Meta:
        abstract = True
        constraints = [
            models.CheckConstraint(
                condition=models.Q(deviation__gt=0, volatility__gt=0),
                name="%(class)s_positive_spread",
            ),
        ]

    @property
    def provisional(self) -> bool:
        return self.deviation > PROVISIONAL_DEVIATION


class ChallengeRating(RatingFields):
    dictionary = models.ForeignKey(Dictionary, on_delete=models.CASCADE, related_name="ratings")
    length = models.PositiveSmallIntegerField()
    max_misses = models.PositiveSmallIntegerField()
    difficulty = models.CharField(max_length=DIFFICULTY_MAX_LENGTH, choices=Difficulty.choices)

    class Meta(RatingFields.Meta):
        constraints = [
            *RatingFields.Meta.constraints,
            models.UniqueConstraint(
                fields=["dictionary", "length", "max_misses", "difficulty"],
                name="challengerating_unique",
            ),
        ]
        indexes = [models.Index(fields=["-rating"], name="challengerating_by_rating")]

    def __str__(self) -> str:
        return (
            f"{self.dictionary_id}/{self.length}/{self.max_misses}/{self.difficulty}: "
            f"{self.rating:.0f}"
        )


class PlayerRating(RatingFields):
    player = models.OneToOneField(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="rating"
    )

    class Meta(RatingFields.Meta):
        indexes = [
            models.Index(fields=["-rating"], name="playerrating_by_rating"),
        ]

    def __str__(self) -> str:
        return f"{self.player_id}: {self.rating:.0f}"


class RatingChange(models.Model):
    """What one rated game did to its player's and its challenge's ratings."""

    game = models.OneToOneField(Game, on_delete=models.CASCADE, related_name="rating_change")
    player = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="rating_changes"
    )
    challenge = models.ForeignKey(ChallengeRating, on_delete=models.CASCADE, related_name="changes")
    score = models.FloatField(help_text="The player's result: 1 a win, 0 a loss.")
    player_before = models.FloatField()
    player_after = models.FloatField()
    player_deviation_after = models.FloatField()
    challenge_before = models.FloatField()
    challenge_after = models.FloatField()
    challenge_deviation_after = models.FloatField(
        default=DEFAULT_DEVIATION,
        help_text="Read to decide whether a later game on the challenge counts (ratings.rules).",
    )
    moved_challenge = models.BooleanField(
        default=True,
        help_text=(
            "Whether the result moved the challenge's rating too (ratings.rules.moves_challenge)."
        ),
    )
    finished_at = models.DateTimeField()

    class Meta:
        constraints = [
            models.CheckConstraint(
                condition=models.Q(score__gte=0, score__lte=1), name="ratingchange_score_range"
            ),
        ]
        indexes = [
            models.Index(fields=["player", "finished_at", "game"], name="ratingchange_history"),
            models.Index(
                fields=["challenge", "finished_at", "game"], name="ratingchange_challenge_hist"
            ),
        ]

    def __str__(self) -> str:
        return f"Game {self.game_id}: {self.player_before:.0f} -> {self.player_after:.0f}"

    @property
    def player_delta(self) -> float:
        return self.player_after - self.player_before

    @property
    def provisional_after(self) -> bool:
        return self.player_deviation_after > PROVISIONAL_DEVIATION
