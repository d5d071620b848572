"""``build_builtin_lists [--language es] [--check]``: the Spanish, French and German built-in
lists from the installed dictionary packages and wordfreq (``dictionaries/builtin_build.py``).

Needs, as root once: ``apt-get install -y wspanish wfrench wngerman wamerican hunspell-de-de``.
Writes ``dictionaries/data/builtin/<code>.txt.gz``, the release data the set-up loads;
``--check`` writes nothing and fails when the shipped data differs from a fresh build.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser

from dictionaries.builtin_build import (
    SOURCES,
    build,
    missing_packages,
    shipped_words,
    write_shipped,
)


class Command(BaseCommand):
    help = (
        "Build the Spanish, French and German built-in lists from the Debian dictionary "
        "packages and wordfreq, and write them as release data (or --check them)."
    )

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument(
            "--language", choices=sorted(SOURCES), help="One list only (default: all)."
        )
        parser.add_argument(
            "--check", action="store_true", help="Compare with the shipped data; write nothing."
        )

    def handle(self, *args: Any, **options: Any) -> None:
        codes = [options["language"]] if options["language"] else list(SOURCES)
        missing = sorted({package for code in codes for package in missing_packages(code)})
        if missing:
            raise CommandError(
                f"Not installed: {' '.join(missing)} (apt-get install -y {' '.join(missing)})."
            )
        differ = []
        for code in codes:
            built = build(code)
            counts = Counter(map(len, built.words))
            by_length = " ".join(f"{n}:{counts[n]}" for n in range(3, 16))
            self.stdout.write(f"{code}: {len(built.words):,} words ({by_length})")
            for line in built.header[1:]:
                self.stdout.write(f"  {line}")
            if not options["check"]:
                self.stdout.write(f"  written to {write_shipped(built)}")
            elif shipped_words(code) != built.words:
                differ.append(code)
        if differ:
            raise CommandError(
                f"The shipped lists differ from a build from the packages: {', '.join(differ)}. "
                "Run manage.py build_builtin_lists, then manage.py compute_builtin_tables."
            )
