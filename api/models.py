"""API tokens, and which token started which bot game; constraints only."""

from __future__ import annotations

from django.conf import settings
from django.db import models

from games.models import Game

TOKEN_NAME_MAX = 60


class ApiToken(models.Model):
    """A bearer token a player made for a program. Only its SHA-256 is kept: the secret is
    shown once, when it is made, and a leaked table gives no working token."""

    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="api_tokens"
    )
    name = models.CharField(max_length=TOKEN_NAME_MAX)
    token_hash = models.CharField(max_length=64, unique=True, editable=False)
    prefix = models.CharField(
        max_length=12, editable=False, help_text="The secret's first characters, to recognise it."
    )
    created_at = models.DateTimeField(auto_now_add=True)
    last_used_at = models.DateTimeField(null=True, blank=True)
    revoked_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["-created_at", "-id"]
        constraints = [
            models.CheckConstraint(condition=~models.Q(name=""), name="apitoken_named"),
            models.CheckConstraint(
                condition=models.Q(token_hash__regex=r"^[0-9a-f]{64}$"),
                name="apitoken_hash_is_sha256",
            ),
        ]

    def __str__(self) -> str:
        return f"API token {self.name!r} of {self.user}"

    @property
    def is_revoked(self) -> bool:
        return self.revoked_at is not None


class ApiGame(models.Model):
    """A game a program started through the API, and with which token (the cap of games in
    progress is per token)."""

    game = models.OneToOneField(Game, on_delete=models.CASCADE, related_name="api_game")
    token = models.ForeignKey(ApiToken, on_delete=models.CASCADE, related_name="games")

    def __str__(self) -> str:
        return f"Game {self.game_id} through token {self.token_id}"
