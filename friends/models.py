"""A game sent to friends (``SentGame``: the settings and seed everyone plays) and each
person's play of it (``SentGamePlay``: one game per person)."""

from __future__ import annotations

from django.conf import settings
from django.db import models

from dictionaries.models import Dictionary
from games.engine import FULL_VOCABULARY
from games.models import Game, GameSettingsFields

CODE_LENGTH = 12


class SentGame(GameSettingsFields):
    """A link to one game: anyone who opens it plays these settings with this seed, so the
    computer answers the same letters the same way. Never ranked, never rated."""

    code = models.CharField(max_length=CODE_LENGTH, unique=True, editable=False)
    sender = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="sent_games"
    )
    dictionary = models.ForeignKey(Dictionary, on_delete=models.CASCADE, related_name="+")
    seed = models.BigIntegerField()
    seeded_ties = models.BooleanField(default=False)
    vocabulary = models.PositiveSmallIntegerField(default=FULL_VOCABULARY)
    from_game = models.ForeignKey(
        Game,
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="sent_as",
        help_text="The game it was sent from (none: sent from the new-game form).",
    )
    created_at = models.DateTimeField(auto_now_add=True)
    closed_at = models.DateTimeField(
        null=True, blank=True, help_text="Closed by its sender: nobody starts it any more."
    )

    class Meta(GameSettingsFields.Meta):
        ordering = ["-created_at", "-id"]
        constraints = [
            *GameSettingsFields.Meta.constraints,
            models.UniqueConstraint(
                fields=["sender", "from_game"],
                condition=models.Q(from_game__isnull=False),
                name="sentgame_one_link_per_game",
            ),
            models.CheckConstraint(
                condition=models.Q(vocabulary__gte=1, vocabulary__lte=FULL_VOCABULARY),
                name="sentgame_vocabulary_range",
            ),
        ]

    def __str__(self) -> str:
        return f"Sent game {self.code}"

    @property
    def is_closed(self) -> bool:
        return self.closed_at is not None


class SentGamePlay(models.Model):
    """Someone's one game of a sent link."""

    sent = models.ForeignKey(SentGame, on_delete=models.CASCADE, related_name="plays")
    player = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="sent_plays"
    )
    game = models.OneToOneField(Game, on_delete=models.CASCADE, related_name="sent_play")
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["sent", "created_at", "id"]
        constraints = [
            models.UniqueConstraint(fields=["sent", "player"], name="sentgameplay_once_each"),
        ]

    def __str__(self) -> str:
        return f"A play of {self.sent_id}"
