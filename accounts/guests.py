"""Guest accounts left behind: a visitor who never signed up, deleted with their games.

Who is a guest is the platform's (``core/guests.py``); this is the accounts app's
housekeeping, above the games whose last move it reads.
"""

from __future__ import annotations

import datetime as dt

from django.contrib.auth import get_user_model
from django.db import transaction
from django.db.models import Exists, OuterRef, QuerySet
from django.utils import timezone

from core.guests import guest_accounts
from games.models import Game

# Stale guests are deleted in batches, each its own short transaction.
DELETE_BATCH_SIZE = 500


def stale_guests(*, idle_since: dt.datetime) -> QuerySet:
    """Guests made before ``idle_since`` with no game moved since: a visitor who left
    without signing up (their session ended with the browser; nobody can reach them)."""
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
