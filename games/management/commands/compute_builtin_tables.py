"""``manage.py compute_builtin_tables``: the built-in lists' par and priors, as release data."""

from __future__ import annotations

import time
from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser

from core import heartbeat
from dictionaries.models import Dictionary
from games.services.builtin_tables import (
    TABLES_DIR,
    builtin_slugs,
    builtin_tables_compute,
    table_path,
)


class Command(BaseCommand):
    help = (
        "Work out par and the challenge priors of the built-in word lists from the engine and "
        f"write them to {TABLES_DIR.relative_to(TABLES_DIR.parents[2])}/<list>.json, the data "
        "a release ships and setup_site loads. The lists must be imported (setup_site, or "
        "import_dictionary --default). Deterministic; many CPU minutes: run it when the engine "
        "or a built-in list changes (tests/games/test_builtin_tables.py says when)."
    )

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument(
            "--dictionary",
            action="append",
            metavar="SLUG",
            help="only this built-in list (repeatable); default: all of them",
        )

    def handle(self, *args: Any, **options: Any) -> None:
        slugs = options["dictionary"] or builtin_slugs()
        unknown = sorted(set(slugs) - set(builtin_slugs()))
        if unknown:
            raise CommandError(
                f"not a built-in list: {', '.join(unknown)} "
                f"(built-in: {', '.join(builtin_slugs())})"
            )
        TABLES_DIR.mkdir(parents=True, exist_ok=True)
        for slug in slugs:
            dictionary = Dictionary.objects.filter(slug=slug).first()
            if dictionary is None:
                raise CommandError(f"{slug} is not imported: run manage.py setup_site first")
            started, cpu = time.monotonic(), time.process_time()

            def progress(
                done: int, total: int, *, name: str = dictionary.name, since: float = started
            ) -> None:
                heartbeat.report(f"{name}, lengths", done, total)
                self.stdout.write(
                    f"{name}: {done}/{total} lengths ({time.monotonic() - since:.0f} s)"
                )
                self.stdout.flush()

            tables = builtin_tables_compute(dictionary, progress=progress)
            table_path(slug).write_text(tables.as_text(), encoding="utf-8")
            self.stdout.write(
                self.style.SUCCESS(
                    f"{dictionary.name}: {len(tables.lengths)} lengths written to "
                    f"{table_path(slug).name} ({time.monotonic() - started:.0f} s, "
                    f"{time.process_time() - cpu:.0f} s of CPU)"
                )
            )
