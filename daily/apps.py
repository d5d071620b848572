"""The daily puzzle: an app above play, which it tells what to hide and where answers are."""

from __future__ import annotations

from django.apps import AppConfig


class DailyConfig(AppConfig):
    name = "daily"
    verbose_name = "Daily puzzle"

    def ready(self) -> None:
        # Play knows nothing of the daily: the daily registers what play must ask it
        # (games/hooks.py). What play's pages show of the daily is the front's.
        from daily.answers import shared_answer
        from daily.selectors import TODAYS_PUZZLE_SECRECY
        from games.hooks import register_answer_source, register_secrecy_rule

        register_secrecy_rule(TODAYS_PUZZLE_SECRECY)
        register_answer_source(shared_answer)
