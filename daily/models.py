"""One puzzle a day (UTC) for everyone: its settings and seed, stored when first asked for.

The settings are drawn from the date (``daily/draw.py``), so every process
would draw the same ones; the row makes them final for the day, whatever the
default dictionary becomes later. The attempts are games: ``Game.daily_puzzle``
points here, and the games app's constraints allow one ranked attempt per
player per puzzle.
"""

from __future__ import annotations

from django.db import models

from dictionaries.models import Dictionary
from games.models import GameSettingsFields


class DailyPuzzle(GameSettingsFields):
    date = models.DateField(primary_key=True, help_text="The UTC day this puzzle is played on.")
    number = models.PositiveIntegerField(unique=True, help_text="1 for the first day, and on.")
    # A dictionary games use cannot be deleted (dictionaries/services.py), and every
    # attempt is such a game: a puzzle goes with its dictionary only if nobody played it.
    dictionary = models.ForeignKey(Dictionary, on_delete=models.CASCADE, related_name="+")
    seed = models.BigIntegerField(help_text="Every attempt of the day plays with this seed.")
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta(GameSettingsFields.Meta):
        ordering = ["-date"]
        constraints = [
            *GameSettingsFields.Meta.constraints,
            models.CheckConstraint(
                condition=models.Q(number__gte=1), name="dailypuzzle_number_positive"
            ),
        ]

    def __str__(self) -> str:
        return f"Daily #{self.number} ({self.date.isoformat()})"


class DailyAnswer(models.Model):
    """The word-maker's answer to one letter at one position of a daily puzzle, searched once.

    Every attempt at a puzzle plays with its seed, so the same position gets
    the same answer whoever reaches it: the first guess there pays for the
    search (fiendish looks ahead), every other player's is a read. A position
    is the set of letters guessed and the pattern they revealed (the word-maker
    reads nothing else of the past: the candidates follow from them, and so do
    the misses and the guess's number), so lines that reach it in another order
    share it too. ``settings_digest`` is a digest of every other input of the word-maker
    (dictionary, length, the game's settings and seed), so a game that differs
    in any of them never shares. ``answer`` holds what the guess's Move stores
    and nothing more; it is read by ``games.services`` only, never shown.
    """

    puzzle = models.ForeignKey(DailyPuzzle, on_delete=models.CASCADE, related_name="+")
    settings_digest = models.CharField(max_length=32)
    position = models.CharField(
        max_length=100,
        help_text="The letters guessed before, alphabetical, the pattern they revealed and "
        "the letter answered, e.g. 'aest|-e--s-|r'.",
    )
    answer = models.JSONField()
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        constraints = [
            models.UniqueConstraint(
                fields=["puzzle", "settings_digest", "position"],
                name="dailyanswer_one_per_position",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.puzzle}: {self.position}"
