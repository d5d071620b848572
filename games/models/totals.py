"""The leaderboards' totals: a player's record on each board and overall, kept as games finish."""

from __future__ import annotations

from django.conf import settings
from django.db import models

from dictionaries.models import Dictionary
from games.models.game import DIFFICULTY_MAX_LENGTH, Difficulty


class PlayerRecord(models.Model):
    """What every leaderboard total counts: games, wins, points and the last finish."""

    points = models.PositiveIntegerField(default=0)
    games = models.PositiveIntegerField(default=0)
    wins = models.PositiveIntegerField(default=0)
    last_finished_at = models.DateTimeField(help_text="Finish of the last game.")

    class Meta:
        abstract = True
        constraints = [
            models.CheckConstraint(
                condition=models.Q(wins__lte=models.F("games")), name="%(class)s_wins_le_games"
            ),
        ]

    def __str__(self) -> str:
        return f"{self.player_id}: {self.points} points in {self.games} games"  # type: ignore[attr-defined]


class CategoryTotal(PlayerRecord):
    """A player's record on one board (dictionary, length, difficulty): best win and counts.

    Written in the transaction that finishes each ranked game
    (``games/leaderboard_totals.py``), so an all-time board reads a few rows per
    player instead of every game ever played. ``points`` is the best win, not a
    sum: replaying a winning game (the engine is deterministic) adds nothing.
    """

    player = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+")
    dictionary = models.ForeignKey(Dictionary, on_delete=models.CASCADE, related_name="+")
    length = models.PositiveSmallIntegerField()
    difficulty = models.CharField(max_length=DIFFICULTY_MAX_LENGTH, choices=Difficulty.choices)
    best_at = models.DateTimeField(
        null=True, help_text="Finish of the first win worth the best points (none without a win)."
    )

    class Meta(PlayerRecord.Meta):
        constraints = [
            *PlayerRecord.Meta.constraints,
            models.UniqueConstraint(
                fields=["player", "dictionary", "length", "difficulty"],
                name="categorytotal_unique",
            ),
        ]
        indexes = [
            models.Index(
                fields=["dictionary", "length", "difficulty"], name="categorytotal_category"
            ),
        ]


class PlayerTotal(PlayerRecord):
    """A player's CategoryTotal rows summed: the overall all-time boards, one row per player.

    ``points`` is the sum of the boards' best points, and ``last_scored_at``
    when that total was reached (the latest ``best_at`` of the boards).
    """

    player = models.OneToOneField(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, primary_key=True, related_name="+"
    )
    last_scored_at = models.DateTimeField(
        null=True, help_text="When the points were reached: the latest best win of the categories."
    )

    class Meta(PlayerRecord.Meta):
        indexes = [
            # The overall points board in its order: a page is an index scan.
            models.Index(
                fields=["-points", "last_scored_at", "player"], name="playertotal_points_order"
            ),
        ]
