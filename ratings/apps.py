"""Glicko-2 ratings: an app above play, which play tells when a ranked game ends."""

from __future__ import annotations

from django.apps import AppConfig


class RatingsConfig(AppConfig):
    name = "ratings"
    verbose_name = "Ratings"

    def ready(self) -> None:
        # Play knows nothing of ratings: it calls what is registered as a game ends.
        from games.page_extras import (
            register_board_extra,
            register_result_extra,
            register_settings_extra,
        )
        from games.services import register_finish_hook
        from ratings.page_extras import chosen_challenge_rating, rated_result, rating_change
        from ratings.services import game_rate

        register_finish_hook(game_rate)
        register_board_extra(rating_change)
        register_settings_extra(chosen_challenge_rating)
        register_result_extra(rated_result)
