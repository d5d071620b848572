"""The platform's state: the rate-limit counters (core/ratelimit.py)."""

from __future__ import annotations

from django.db import models


class RateLimitCount(models.Model):
    """Requests of one subject (a player) in one scope during one window (core/ratelimit.py).

    Kept in the database, not in a per-process cache, so every app node counts
    the same requests; old windows are deleted as new ones begin.
    """

    scope = models.CharField(max_length=40)
    subject = models.CharField(max_length=80, help_text='Whose requests: "user:<id>".')
    window_start = models.BigIntegerField(help_text="Unix time the window began.")
    hits = models.PositiveIntegerField(default=1)

    class Meta:
        constraints = [
            models.UniqueConstraint(
                fields=["scope", "subject", "window_start"], name="ratelimit_one_count_per_window"
            ),
        ]

    def __str__(self) -> str:
        return f"{self.scope} {self.subject} @{self.window_start}: {self.hits}"
