"""Glicko-2 ratings: an app above play, which play tells when a ranked game ends."""

from __future__ import annotations

from django.apps import AppConfig


class RatingsConfig(AppConfig):
    name = "ratings"
    verbose_name = "Ratings"

    def ready(self) -> None:
        # Play knows nothing of ratings: it calls what is registered as a game ends
        # (games/hooks.py). What play's pages show of the ratings is the front's.
        from games.hooks import register_finish_hook
        from ratings.services import game_rate

        register_finish_hook(game_rate)
