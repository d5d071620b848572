"""The daily puzzle: an app above play, which it tells what to show and to hide."""

from __future__ import annotations

from django.apps import AppConfig


class DailyConfig(AppConfig):
    name = "daily"
    verbose_name = "Daily puzzle"

    def ready(self) -> None:
        # Play knows nothing of the daily: the daily registers what play must ask it.
        from daily.answers import shared_answer
        from daily.page_extras import attempt_place, home_card
        from daily.selectors import TODAYS_PUZZLE_SECRECY, share_title
        from games.page_extras import register_board_extra, register_home_extra
        from games.secrecy import register_secrecy_rule
        from games.selectors.share import register_title_source
        from games.services import register_answer_source

        register_secrecy_rule(TODAYS_PUZZLE_SECRECY)
        register_title_source(share_title)
        register_answer_source(shared_answer)
        register_home_extra(home_card)
        register_board_extra(attempt_place)
