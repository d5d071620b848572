"""Re-run the word-maker over stored games and report any game that does not replay to itself."""

from __future__ import annotations

from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser

from games.models import Game
from games.selectors.replay_check import replay_mismatches


class Command(BaseCommand):
    help = (
        "Check that stored games replay to the same state: each game's word-maker is run "
        "again over its letters (with its seed) and every move and the final state are "
        "compared. Exits with status 1 when a game differs."
    )

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("game_ids", nargs="*", type=int, metavar="GAME", help="game ids")
        parser.add_argument("--latest", type=int, metavar="N", help="only the N games started last")

    def handle(self, *args: Any, **options: Any) -> None:
        games = Game.objects.order_by("-started_at", "-id")
        if options["game_ids"]:
            games = games.filter(pk__in=options["game_ids"])
            missing = set(options["game_ids"]) - set(games.values_list("pk", flat=True))
            if missing:
                raise CommandError(f"no game with id {', '.join(map(str, sorted(missing)))}")
        if options["latest"] is not None:
            games = games[: options["latest"]]
        checked = failed = 0
        for game in games.iterator():
            checked += 1
            problems = replay_mismatches(game)
            if problems:
                failed += 1
                self.stdout.write(f"game {game.pk}: " + "; ".join(problems))
        self.stdout.write(f"{checked} game{'s' * (checked != 1)} checked, {failed} differ")
        if failed:
            raise SystemExit(1)
