"""Site-wide state that belongs to no app: the rate-limit counters, the usernames' skeletons."""

from __future__ import annotations

from django.conf import settings
from django.db import models


class RateLimitCount(models.Model):
    """Requests of one subject (a player) in one scope during one window (evilsite/ratelimit.py).

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


class UsernameSkeleton(models.Model):
    """What an account's name looks like (accounts/usernames.py): a new name whose
    skeleton is already here is a look-alike of a name taken, and is refused at sign-up.
    A name has one or two skeletons (case folded before or after the look-alikes)."""

    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+")
    skeleton = models.CharField(max_length=600, db_index=True)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["user", "skeleton"], name="one_of_each_skeleton"),
        ]

    def __str__(self) -> str:
        return self.skeleton
