"""Search today's daily puzzle's first positions before the players arrive."""

from __future__ import annotations

import time
from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser

from daily.answers import daily_answers_prepare
from daily.selectors import utc_today
from daily.services import NoPuzzleError, daily_puzzle_ensure

MAX_DEPTH = 2  # 26 + 650 positions; deeper would be thousands of searches


class Command(BaseCommand):
    help = (
        "Draw today's daily puzzle (UTC) if nobody has yet, and search the word-maker's "
        "answer to every first letter (--depth 2: and to every second letter after each), "
        "storing them where every node reads them. The rush of the day's first players then "
        "reads the dearest positions instead of searching them. Run it just after midnight "
        "UTC (cron); safe to rerun (stored answers are kept)."
    )

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument(
            "--depth", type=int, default=1, help=f"letters deep, 1 to {MAX_DEPTH} (default 1)"
        )

    def handle(self, *args: Any, **options: Any) -> None:
        depth = options["depth"]
        if not 1 <= depth <= MAX_DEPTH:
            raise CommandError(f"--depth is 1 to {MAX_DEPTH}")
        try:
            puzzle = daily_puzzle_ensure(day=utc_today())
        except NoPuzzleError as error:
            raise CommandError(str(error)) from None
        started = time.perf_counter()
        searched = daily_answers_prepare(puzzle=puzzle, depth=depth)
        self.stdout.write(
            f"Daily #{puzzle.number}: {searched} positions searched and stored "
            f"in {time.perf_counter() - started:.1f} s (depth {depth})."
        )
