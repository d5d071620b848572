"""Finish as losses the ranked games left past RANKED_ABANDON_AFTER (run it from cron)."""

from __future__ import annotations

from typing import Any

from django.core.management.base import BaseCommand

from games.selectors.abandoned import abandon_limit_words
from games.services import abandoned_games_expire


class Command(BaseCommand):
    help = (
        "Finish as a loss (abandoned) every ranked game, daily attempts included, with no "
        "move for RANKED_ABANDON_MINUTES, and rate it. Each game in its own transaction; "
        "safe to run again or beside the site (a game a guess is holding is left to it)."
    )

    def handle(self, *args: Any, **options: Any) -> None:
        finished = abandoned_games_expire()
        count = len(finished)
        self.stdout.write(
            f"{count} abandoned game{'s' * (count != 1)} finished as "
            f"{'a loss' if count == 1 else 'losses'} "
            f"(no move for {abandon_limit_words()})"
        )
