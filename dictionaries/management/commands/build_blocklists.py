"""``build_blocklists DIR``: write the shipped blocklists from the unpacked naughty-words package.

    cd "$(mktemp -d)" && npm pack naughty-words@1.2.0 && tar xzf naughty-words-1.2.0.tgz
    manage.py build_blocklists package

One file per language under ``dictionaries/data/blocklist/`` (``blocklist_data``); a new
migration loads changes into the database, where admins edit them.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser

from dictionaries.blocklist_data import (
    BLOCKLIST_DIR,
    SOURCE_PACKAGE,
    blocklist_text,
    blocklists_from_package,
)


class Command(BaseCommand):
    help = "Write dictionaries/data/blocklist/<code>.txt from the unpacked naughty-words package."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("package_dir", help="The unpacked package (its folder 'package').")

    def handle(self, *args: Any, **options: Any) -> None:
        package_dir = Path(options["package_dir"])
        try:
            meta = json.loads((package_dir / "package.json").read_text(encoding="utf-8"))
        except OSError as error:
            raise CommandError(f"No package.json in {package_dir}: {error.strerror}") from error
        if meta.get("name") != SOURCE_PACKAGE:
            raise CommandError(f"{package_dir} holds {meta.get('name')!r}, not {SOURCE_PACKAGE}.")
        BLOCKLIST_DIR.mkdir(parents=True, exist_ok=True)
        for code, blocklist in blocklists_from_package(package_dir).items():
            text = blocklist_text(blocklist, version=meta["version"])
            (BLOCKLIST_DIR / f"{code}.txt").write_text(text, encoding="utf-8")
            self.stdout.write(
                f"{code}: {len(blocklist.words)} words ({blocklist.entries} entries, "
                f"{blocklist.phrases} phrases left out)"
            )
