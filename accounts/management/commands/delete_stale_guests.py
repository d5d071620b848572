"""``delete_stale_guests [--days N]``: delete visitors' guest accounts left idle (cron, daily)."""

from __future__ import annotations

from typing import Any

from django.conf import settings
from django.core.management.base import BaseCommand, CommandError, CommandParser

from accounts.guests import guests_delete_stale


class Command(BaseCommand):
    help = (
        "Delete the guest accounts (a visitor's practice games, never signed up) made more "
        "than --days days ago with no game played since, and their games. Default: "
        "GUEST_RETENTION_DAYS."
    )

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument(
            "--days",
            type=int,
            default=None,
            help=f"Idle days before a guest goes (default {settings.GUEST_RETENTION_DAYS}).",
        )

    def handle(self, *args: Any, **options: Any) -> None:
        days = options["days"] if options["days"] is not None else settings.GUEST_RETENTION_DAYS
        if days < 1:
            raise CommandError("--days must be 1 or more (a guest's game may be in progress).")
        deleted = guests_delete_stale(days=days)
        self.stdout.write(
            f"Deleted {deleted:,} guest account{'s' * (deleted != 1)} idle for {days:,} "
            f"day{'s' * (days != 1)} or more."
        )
