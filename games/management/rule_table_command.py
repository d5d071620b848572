"""What ``compute_par`` and ``compute_challenge_priors`` share: both fill a table per challenge.

Each works out something per dictionary, word length and rule difficulty (par; the
reference player's misses), bounded by a budget (positions; games), keeps challenges already
done unless ``--force``, and is safe to stop and rerun. A command says what it computes
(``service``, called with its budget as ``--<budget_option>``) and how to sum it up
(``summary``); the options, the dictionaries chosen, the lengths read and the progress
bar are here, once.
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Sequence
from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser
from django.db.models import Q
from tqdm import tqdm

from core import heartbeat
from dictionaries.models import Dictionary


class RuleTableCommand(BaseCommand):
    """A command that fills a per-challenge table for the chosen dictionaries."""

    # The service that fills the table: par_compute, challenge_priors_compute. Called with
    # dictionary, lengths, force, progress and the budget under ``budget_option``'s name.
    service: Callable[..., Sequence[Any]]
    budget_option: str  # "nodes", "games": the bound on each challenge's work
    budget_default: int
    budget_help: str
    force_help: str
    progress_label: str  # the progress bar's name, before the dictionary's

    def summary(self, dictionary: Dictionary, outcomes: Sequence[Any], computed: int) -> str:
        """The line written for a dictionary once its challenges are done."""
        raise NotImplementedError

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("--dictionary", metavar="NAME", help="a dictionary's name or slug")
        parser.add_argument("--all", action="store_true", help="every dictionary")
        parser.add_argument(
            f"--{self.budget_option}",
            type=int,
            default=self.budget_default,
            help=f"{self.budget_help} (default {self.budget_default:,})",
        )
        parser.add_argument(
            "--lengths", metavar="N[-M],...", help="only these word lengths, e.g. 4-12,15"
        )
        parser.add_argument("--force", action="store_true", help=self.force_help)
        parser.add_argument("--no-progress", action="store_true", help="no progress bar")

    def handle(self, *args: Any, **options: Any) -> None:
        budget = options[self.budget_option]
        if budget < 1:
            raise CommandError(f"--{self.budget_option} must be at least 1")
        lengths = parse_lengths(options["lengths"]) if options["lengths"] else None
        for dictionary in chosen_dictionaries(options):
            self._fill(dictionary, lengths, budget, options)

    def _fill(
        self,
        dictionary: Dictionary,
        lengths: list[int] | None,
        budget: int,
        options: dict[str, Any],
    ) -> None:
        stream = getattr(self.stderr, "_out", sys.stderr)
        bar: tqdm | None = None

        label = f"{self.progress_label} {dictionary.name}"

        def progress(done: int, total: int) -> None:
            nonlocal bar
            heartbeat.report(f"{label}, challenges", done, total)
            if options["no_progress"] or not stream.isatty():
                return
            if bar is None:
                bar = tqdm(total=total, desc=label, unit="challenge", file=stream)
            bar.update(done - bar.n)

        try:
            outcomes = self.service(
                dictionary=dictionary,
                lengths=lengths,
                force=options["force"],
                progress=progress,
                **{self.budget_option: budget},
            )
        finally:
            if bar is not None:
                bar.close()
        computed = sum(outcome.computed for outcome in outcomes)
        self.stdout.write(self.summary(dictionary, outcomes, computed))


def chosen_dictionaries(options: dict[str, Any]) -> list[Dictionary]:
    """--dictionary NAME, --all, or the default dictionary."""
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
