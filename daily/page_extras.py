"""The daily puzzle on play's pages: its card on the home page, an attempt's place.

Registered in ``DailyConfig.ready`` (``games.page_extras``): play renders the pages,
the daily app supplies what they show of it.
"""

from __future__ import annotations

from typing import Any

from django.http import HttpRequest

from daily.selectors import (
    daily_streaks,
    hours_and_minutes,
    leaderboard_place,
    ranked_attempt,
    until_next_puzzle,
    utc_today,
)
from daily.services import NoPuzzleError, daily_puzzle_ensure
from games.models import Game


def home_card(request: HttpRequest) -> dict[str, Any]:
    """Today's puzzle and the viewer's attempt at it, for the home page's card."""
    try:
        puzzle = daily_puzzle_ensure(day=utc_today())
    except NoPuzzleError:
        return {}  # no dictionary yet: the home page simply has no daily card
    return {
        "daily_puzzle": puzzle,
        "daily_attempt": ranked_attempt(player=request.user, puzzle=puzzle),
    }


def attempt_place(request: HttpRequest, game: Game) -> dict[str, Any]:
    """A finished daily attempt's end panel: its place on the day's leaderboard (a ranked one),
    the player's streak and the wait for the next puzzle (any attempt, a guest's too)."""
    if not game.is_over or not (game.is_daily_attempt or game.was_daily_attempt):
        return {}
    return {
        "daily_place": leaderboard_place(game.daily_puzzle, game=game),  # type: ignore[arg-type]
        "daily_streaks": daily_streaks(player=game.player),
        "daily_until_next": hours_and_minutes(until_next_puzzle()),
    }
