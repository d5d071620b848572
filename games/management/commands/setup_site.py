"""``manage.py setup_site``: what a site needs in its database before it serves, the same in
development (``make setup``) and production (every deploy). Safe to run every time: each
step skips what is already done, so a second run costs seconds.

Par and the challenge priors of the built-in lists come with the release
(``games/data/builtin_tables/``, ``games.services.builtin_tables``): they are stored, not
computed, so a first start costs the lists' import and no search. The compute steps after
them find those stored and only fill what is missing (a list whose words differ from the
release's, or an uploaded list whose worker stopped).

When its output is not a terminal (a deploy script, systemd, a pipe) every step writes a
line at least every ``core.heartbeat.INTERVAL_SECONDS`` saying what it is doing and how far
along it is, where a terminal shows progress bars.
"""

from __future__ import annotations

import sys
import time
from collections.abc import Callable
from typing import Any

from django.core.management import call_command
from django.core.management.base import BaseCommand, CommandParser

from core import heartbeat
from dictionaries.builtin_lists import BUILT_IN_LISTS
from dictionaries.models import Dictionary
from dictionaries.services import DEFAULT_DICTIONARY_SLUG, FAMILIAR_DICTIONARY_SLUG
from games.services.builtin_tables import (
    DEFAULT_LIST_PAR_NODES,
    builtin_slugs,
    builtin_tables_load,
)


class Command(BaseCommand):
    help = (
        "Compile the translations, bring the database up to date and fill what the site "
        "reads: migrate, load the built-in word lists and store their par and challenge "
        "priors from the release's tables, then compute whatever is still missing. Each "
        "step keeps what is already done: run it on every deploy."
    )

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("--no-progress", action="store_true", help="no progress bars")

    def handle(self, *args: Any, **options: Any) -> None:
        steps = self.steps(options)
        raw = getattr(self.stdout, "_out", sys.stdout)
        beats = not (hasattr(raw, "isatty") and raw.isatty())
        started = time.monotonic()
        for number, (label, run) in enumerate(steps, start=1):
            step_started = time.monotonic()
            self.stdout.write(self.style.MIGRATE_HEADING(f"== {label} ({number}/{len(steps)})"))
            self.stdout.flush()
            with heartbeat.Heartbeat(
                self._write_flushed, label, enabled=beats, interval=heartbeat.INTERVAL_SECONDS
            ):
                run()
            self.stdout.write(f"   ({time.monotonic() - step_started:.1f} s)")
            self.stdout.flush()
        self.stdout.write(self.style.SUCCESS(f"Site set up in {time.monotonic() - started:.1f} s."))

    def steps(self, options: dict[str, Any]) -> list[tuple[str, Callable[[], None]]]:
        """Each step's label and what it runs, in order."""
        quiet = {"no_progress": options["no_progress"]}

        def command(*name: str, **arguments: Any) -> Callable[[], None]:
            return lambda: call_command(*name, **arguments, stdout=self.stdout, stderr=self.stderr)

        return [
            # The pages' translations, locale/*.po into the .mo files Django reads (GNU
            # gettext's msgfmt; unchanged catalogs are skipped). LOCALE_PATHS alone: no
            # directory is searched for others ("*").
            ("translations", command("compilemessages", ignore_patterns=["*"])),
            ("migrate", command("migrate", interactive=False)),
            (
                "built-in word lists",
                command("import_dictionary", default=True, no_par=True, **quiet),
            ),
            *(
                (
                    f"built-in list in {code}",
                    command("import_dictionary", default=True, language=code, no_par=True, **quiet),
                )
                for code in BUILT_IN_LISTS
            ),
            ("par and priors of the built-in lists, from the release", self._load_tables),
            (
                "par of the default list",
                command(
                    "compute_par",
                    dictionary=FAMILIAR_DICTIONARY_SLUG,
                    nodes=DEFAULT_LIST_PAR_NODES,
                    **quiet,
                ),
            ),
            ("par of web2", command("compute_par", dictionary=DEFAULT_DICTIONARY_SLUG, **quiet)),
            *(
                (f"par of {listed.name}", command("compute_par", dictionary=listed.slug, **quiet))
                for listed in BUILT_IN_LISTS.values()
            ),
            ("challenge priors", command("compute_challenge_priors", all=True, **quiet)),
        ]

    def _write_flushed(self, line: str) -> None:
        self.stdout.write(line)
        self.stdout.flush()

    def _load_tables(self) -> None:
        for slug in builtin_slugs():
            dictionary = Dictionary.objects.filter(slug=slug).first()
            if dictionary is None:
                continue
            heartbeat.report(f"storing {dictionary.name}'s")
            outcome = builtin_tables_load(dictionary)
            if not outcome.shipped:
                self.stdout.write(f"{dictionary.name}: the release has no tables; computed below.")
                continue
            line = f"{dictionary.name}: par and priors of {len(outcome.loaded)} lengths stored"
            if outcome.stale:
                lengths = ", ".join(map(str, outcome.stale))
                line += (
                    f"; lengths {lengths} have other words than the release's tables and are "
                    "computed below"
                )
            self.stdout.write(line + ".")
