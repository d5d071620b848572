"""Rebuild every Glicko-2 rating by replaying the ranked games in the order they ended.

The finishing transactions keep the ratings current; this is for games written another
way (a bulk load, a restore) or a change of the rating rules. The result is the one the
incremental updates reach (tests/ratings/test_rebuild.py).
"""

from __future__ import annotations

import time
from typing import Any

from django.core.management.base import BaseCommand

from ratings.models import ChallengeRating, PlayerRating
from ratings.services import ratings_rebuild


class Command(BaseCommand):
    help = "Rebuild every player's and challenge's rating from every finished ranked game."

    def handle(self, *args: Any, **options: Any) -> None:
        started = time.perf_counter()
        ranked, rated = ratings_rebuild()
        elapsed = time.perf_counter() - started
        players, challenges = PlayerRating.objects.count(), ChallengeRating.objects.count()
        self.stdout.write(
            f"Rebuilt the ratings from {rated:,} rated of {ranked:,} ranked "
            f"game{'s' * (ranked != 1)} in "
            f"{elapsed:.2f} s: {players:,} player{'s' * (players != 1)}, "
            f"{challenges:,} challenge{'s' * (challenges != 1)}."
        )
