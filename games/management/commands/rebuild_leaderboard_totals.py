"""Recompute the all-time leaderboard totals from the games.

The services keep the totals current as games finish; this is for games
written another way (a bulk load, a restore from backup).
"""

from __future__ import annotations

import time
from typing import Any

from django.core.management.base import BaseCommand

from games.leaderboard_totals import leaderboard_totals_rebuild
from games.models import CategoryTotal, PlayerTotal


class Command(BaseCommand):
    help = "Recompute the all-time leaderboard totals from every finished ranked game."

    def handle(self, *args: Any, **options: Any) -> None:
        started = time.perf_counter()
        games = leaderboard_totals_rebuild()
        elapsed = time.perf_counter() - started
        players, rows = PlayerTotal.objects.count(), CategoryTotal.objects.count()
        self.stdout.write(
            f"Rebuilt the leaderboard totals from {games:,} ranked game{'s' * (games != 1)} "
            f"in {elapsed:.2f} s: {players:,} player{'s' * (players != 1)}, "
            f"{rows:,} category row{'s' * (rows != 1)}."
        )
