"""Visitors who try the game before signing up.

A visitor who asks for a practice game gets a guest account: a user row named
``visitor-<random>`` with no usable password, logged in for their browser session
only, so every game page works for them as for anyone. ``is_guest`` is the one
predicate that keeps a guest out of everything that counts (ranked games, the daily
puzzle, classes); signing up turns the guest account into a real one, games and all.
"""

from __future__ import annotations

import datetime as dt
import secrets

from django.contrib.auth import get_user_model
from django.contrib.auth.hashers import UNUSABLE_PASSWORD_PREFIX
from django.contrib.auth.models import AbstractBaseUser, AnonymousUser
from django.db import transaction
from django.db.models import Exists, OuterRef, QuerySet
from django.utils import timezone

GUEST_USERNAME_PREFIX = "visitor-"
GUEST_NOT_ALLOWED = (
    "Sign up (it is free, and keeps your games) to play ranked games, the daily puzzle and classes."
)


# Stale guests are deleted in batches, each its own short transaction.
DELETE_BATCH_SIZE = 500


def is_guest(user: AbstractBaseUser | AnonymousUser) -> bool:
    """A guest account: the reserved name and no password anyone could log in with.

    ``guest_accounts`` is the same rule as a query; the two must stay in step.
    """
    return (
        user.is_authenticated
        and user.get_username().startswith(GUEST_USERNAME_PREFIX)
        and not user.has_usable_password()
    )


def guest_create() -> AbstractBaseUser:
    """A new guest account, for one visitor's browser session."""
    user = get_user_model()(username=GUEST_USERNAME_PREFIX + secrets.token_hex(8))
    user.set_unusable_password()
    user.save()
    return user


def guest_accounts() -> QuerySet:
    """Every guest account (``is_guest`` as a query): the reserved name, no usable password."""
    user_model = get_user_model()
    return user_model.objects.filter(
        **{f"{user_model.USERNAME_FIELD}__startswith": GUEST_USERNAME_PREFIX},
        password__startswith=UNUSABLE_PASSWORD_PREFIX,
    )


def stale_guests(*, idle_since: dt.datetime) -> QuerySet:
    """Guests made before ``idle_since`` with no game moved since: a visitor who left
    without signing up (their session ended with the browser; nobody can reach them)."""
    from games.models import Game

    recent_game = Game.objects.filter(player=OuterRef("pk"), updated_at__gte=idle_since)
    return guest_accounts().filter(date_joined__lt=idle_since).exclude(Exists(recent_game))


def guests_delete_stale(*, days: int) -> int:
    """Delete the guests idle for ``days`` days, their games with them; returns how many.

    Each batch locks its rows and reads them again under the lock, so a guest who signs
    up (or plays) while the command runs is kept.
    """
    if days < 1:
        raise ValueError("Keep guests at least 1 day.")
    idle_since = timezone.now() - dt.timedelta(days=days)
    deleted = 0
    while True:
        with transaction.atomic():
            batch = list(
                stale_guests(idle_since=idle_since)
                .select_for_update()
                .order_by("pk")
                .values_list("pk", flat=True)[:DELETE_BATCH_SIZE]
            )
            if not batch:
                return deleted
            # Under the lock: the same rule again, in case a row changed before it was locked.
            _, per_model = stale_guests(idle_since=idle_since).filter(pk__in=batch).delete()
            deleted += per_model.get(get_user_model()._meta.label, 0)
