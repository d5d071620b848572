"""Fill the par table: the fewest wrong guesses perfect play needs, per length and difficulty."""

from __future__ import annotations

import sys
from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser
from django.db.models import Q
from tqdm import tqdm

from dictionaries.models import Dictionary
from games.engine.par import PAR_NODES
from games.services import par_compute


class Command(BaseCommand):
    help = (
        "Compute par for a dictionary (the default one unless --dictionary or --all): for each "
        "word length, against easy, medium and hard, the fewest wrong guesses a perfect player "
        "needs. Each board's search is bounded by --nodes positions; when they run out, the "
        "best line found is stored and shown as 'par <= N'. Boards already proven, or searched "
        "with as many positions, are kept (--force searches them again). Safe to stop and rerun."
    )

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("--dictionary", metavar="NAME", help="a dictionary's name or slug")
        parser.add_argument("--all", action="store_true", help="every dictionary")
        parser.add_argument(
            "--nodes",
            type=int,
            default=PAR_NODES,
            help=f"positions each board's search may examine (default {PAR_NODES:,})",
        )
        parser.add_argument(
            "--lengths", metavar="N[-M],...", help="only these word lengths, e.g. 4-12,15"
        )
        parser.add_argument("--force", action="store_true", help="search stored boards again")
        parser.add_argument("--no-progress", action="store_true", help="no progress bar")

    def handle(self, *args: Any, **options: Any) -> None:
        if options["nodes"] < 1:
            raise CommandError("--nodes must be at least 1")
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
                bar = tqdm(total=total, desc=f"par {dictionary.name}", unit="board", file=stream)
            bar.update(done - bar.n)

        try:
            outcomes = par_compute(
                dictionary=dictionary,
                lengths=lengths,
                nodes=options["nodes"],
                force=options["force"],
                progress=progress,
            )
        finally:
            if bar is not None:
                bar.close()
        computed = sum(outcome.computed for outcome in outcomes)
        proven = sum(outcome.par.proven for outcome in outcomes)
        self.stdout.write(
            f"{dictionary.name}: par of {len(outcomes)} boards ({computed} searched now, "
            f"{len(outcomes) - computed} kept); {proven} proven, {len(outcomes) - proven} "
            "shown as the best line found (par <= N)."
        )


def chosen_dictionaries(options: dict[str, Any]) -> list[Dictionary]:
    """--dictionary NAME, --all, or the default dictionary (``compute_board_priors`` too)."""
    if options["all"]:
        if options["dictionary"]:
            raise CommandError("use --dictionary or --all, not both")
        return list(Dictionary.objects.order_by("name"))
    name = options["dictionary"]
    query = Q(is_default=True) if name is None else Q(name__iexact=name) | Q(slug__iexact=name)
    dictionary = Dictionary.objects.filter(query).first()
    if dictionary is None:
        raise CommandError(
            "there is no default dictionary (import one first)"
            if name is None
            else f"no dictionary named {name!r}"
        )
    return [dictionary]


def parse_lengths(text: str) -> list[int]:
    """'4-12,15' -> [4, ..., 12, 15]; refuses anything else with a clear message."""
    lengths: set[int] = set()
    for part in text.split(","):
        low, _, high = part.strip().partition("-")
        try:
            start, end = int(low), int(high or low)
        except ValueError:
            raise CommandError(
                f"--lengths takes numbers and ranges like 4-12,15, not {text!r}"
            ) from None
        if start < 1 or end < start:
            raise CommandError(f"{part.strip()!r} is not a range of word lengths")
        lengths.update(range(start, end + 1))
    return sorted(lengths)
