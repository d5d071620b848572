"""``manage.py setup_site``: what a site needs in its database before it serves, the same in
development (``make setup``) and production (every deploy). Safe to run every time: each
step skips what is already done, so a second run costs seconds."""

from __future__ import annotations

import time
from typing import Any

from django.core.management import call_command
from django.core.management.base import BaseCommand, CommandParser

from dictionaries.builtin_lists import BUILT_IN_LISTS
from dictionaries.services import DEFAULT_DICTIONARY_SLUG, FAMILIAR_DICTIONARY_SLUG

# The default list's challenges are searched with more positions than compute_par's default:
# the challenge the new-game form opens on (7 letters, hard, familiar) needs 20,585 to prove
# par 4, and without them production's form said "par <= 4 ... the search stopped".
DEFAULT_LIST_PAR_NODES = 40_000


class Command(BaseCommand):
    help = (
        "Bring the database up to date and fill what the site reads: migrate, load the "
        "built-in word lists, their par (the default list with "
        f"{DEFAULT_LIST_PAR_NODES:,} positions a challenge) and their challenge priors. Each step "
        "keeps what is already done: run it on every deploy."
    )

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("--no-progress", action="store_true", help="no progress bars")

    def handle(self, *args: Any, **options: Any) -> None:
        quiet = {"no_progress": options["no_progress"]}
        steps: list[tuple[str, tuple[str, ...], dict[str, Any]]] = [
            ("migrate", ("migrate",), {"interactive": False}),
            ("built-in word lists", ("import_dictionary",), {"default": True, "no_par": True}),
            *(
                (
                    f"built-in list in {code}",
                    ("import_dictionary",),
                    {"default": True, "language": code, "no_par": True},
                )
                for code in BUILT_IN_LISTS
            ),
            (
                "par of the default list",
                ("compute_par",),
                {"dictionary": FAMILIAR_DICTIONARY_SLUG, "nodes": DEFAULT_LIST_PAR_NODES, **quiet},
            ),
            ("par of web2", ("compute_par",), {"dictionary": DEFAULT_DICTIONARY_SLUG, **quiet}),
            *(
                (f"par of {listed.name}", ("compute_par",), {"dictionary": listed.slug, **quiet})
                for listed in BUILT_IN_LISTS.values()
            ),
            ("challenge priors", ("compute_challenge_priors",), {"all": True, **quiet}),
        ]
        started = time.monotonic()
        for label, command, arguments in steps:
            step_started = time.monotonic()
            self.stdout.write(self.style.MIGRATE_HEADING(f"== {label}"))
            call_command(*command, **arguments, stdout=self.stdout, stderr=self.stderr)
            self.stdout.write(f"   ({time.monotonic() - step_started:.1f} s)")
        self.stdout.write(self.style.SUCCESS(f"Site set up in {time.monotonic() - started:.1f} s."))
