"""Fill the board priors: how often the reference model player wins each board."""

from __future__ import annotations

import sys
from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser
from tqdm import tqdm

from dictionaries.models import Dictionary
from games.engine.prior import PRIOR_GAMES
from games.management.commands.compute_par import chosen_dictionaries, parse_lengths
from games.services import board_prior_compute


class Command(BaseCommand):
    help = (
        "Play the reference model player (the greedy guesser with 30% random letters) on a "
        "dictionary's boards (the default one unless --dictionary or --all): for each word "
        "length, against easy, medium and hard, --games seeded ranked games with no miss "
        "limit, storing how many wrong guesses each needed. A board's first rating comes "
        "from its win rate. Boards already played with as many games are kept (--force "
        "plays them again). Safe to stop and rerun."
    )

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("--dictionary", metavar="NAME", help="a dictionary's name or slug")
        parser.add_argument("--all", action="store_true", help="every dictionary")
        parser.add_argument(
            "--games",
            type=int,
            default=PRIOR_GAMES,
            help=f"games the reference player plays on each board (default {PRIOR_GAMES})",
        )
        parser.add_argument(
            "--lengths", metavar="N[-M],...", help="only these word lengths, e.g. 4-12,15"
        )
        parser.add_argument("--force", action="store_true", help="play stored boards again")
        parser.add_argument("--no-progress", action="store_true", help="no progress bar")

    def handle(self, *args: Any, **options: Any) -> None:
        if options["games"] < 1:
            raise CommandError("--games must be at least 1")
        lengths = parse_lengths(options["lengths"]) if options["lengths"] else None
        for dictionary in chosen_dictionaries(options):
            self._compute(dictionary, lengths, options)

    def _compute(
        self, dictionary: Dictionary, lengths: list[int] | None, options: dict[str, Any]
    ) -> None:
        stream = getattr(self.stderr, "_out", sys.stderr)
        bar: tqdm | None = None

        def progress(done: int, total: int) -> None:
            nonlocal bar
            if options["no_progress"] or not stream.isatty():
                return
            if bar is None:
                bar = tqdm(total=total, desc=f"priors {dictionary.name}", unit="board", file=stream)
            bar.update(done - bar.n)

        try:
            outcomes = board_prior_compute(
                dictionary=dictionary,
                lengths=lengths,
                games=options["games"],
                force=options["force"],
                progress=progress,
            )
        finally:
            if bar is not None:
                bar.close()
        computed = sum(outcome.computed for outcome in outcomes)
        self.stdout.write(
            f"{dictionary.name}: board priors of {len(outcomes)} boards ({computed} played "
            f"now, {len(outcomes) - computed} kept)."
        )
