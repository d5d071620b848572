"""Play: games, moves, hints, par and the board. Above the dictionaries, under everything
that reads games (records, the daily puzzle, classes, accounts, the API)."""

from __future__ import annotations

from django.apps import AppConfig


class GamesConfig(AppConfig):
    name = "games"
    verbose_name = "Games"

    def ready(self) -> None:
        # A dictionary just imported gets its par, then its challenge priors (where each
        # board's rating starts), before its import is done, as import_dictionary does;
        # the dictionaries app, below play, runs what play registers.
        from dictionaries.hooks import register_after_import
        from games.services import challenge_priors_compute, par_compute

        register_after_import(par_compute)
        register_after_import(challenge_priors_compute)
