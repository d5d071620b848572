"""The accounts' state: what each name looks like, to refuse look-alikes at sign-up, and
each account's preferences (the pages' language)."""

from __future__ import annotations

from django.conf import settings
from django.db import models


class UsernameSkeleton(models.Model):
    """What an account's name looks like (accounts/usernames.py): a new name whose
    skeleton is already here is a look-alike of a name taken, and is refused at sign-up.
    A name has up to three skeletons (case folded before or after the look-alikes)."""

    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+")
    skeleton = models.CharField(max_length=600, db_index=True)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["user", "skeleton"], name="one_of_each_skeleton"),
        ]

    def __str__(self) -> str:
        return self.skeleton


class Preferences(models.Model):
    """An account's choices that follow it from browser to browser. ``language`` is one of
    settings.LANGUAGES, empty until the player picks one (the browser's then decides);
    it is copied into the session at login (accounts/languages.py), never read per page."""

    user = models.OneToOneField(
        settings.AUTH_USER_MODEL,
        on_delete=models.CASCADE,
        primary_key=True,
        related_name="preferences",
    )
    language = models.CharField(max_length=8, blank=True, choices=settings.LANGUAGES)

    class Meta:
        verbose_name_plural = "preferences"

    def __str__(self) -> str:
        return self.language or "-"
