"""The daily puzzle on play's pages: its card on the home page, an attempt's place.

The front's views add these to their context, reading the daily's selectors directly;
the templates (``home.html``, ``games/_end_panel.html``...) name the keys.
"""

from __future__ import annotations

from typing import Any

from django.http import HttpRequest

from daily.models import daily_link_of
from daily.selectors import (
    daily_streaks,
    hours_and_minutes,
    leaderboard_place,
    ranked_attempt,
    until_next_puzzle,
    utc_today,
)
from daily.services import NoPuzzleError, daily_puzzle_ensure
from games.models import CountsAs, Game


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


def attempt_place(game: Game) -> dict[str, Any]:
    """A finished daily attempt's end panel: its place on the day's leaderboard (a ranked one),
    the player's streak and the wait for the next puzzle (any attempt, a guest's too)."""
    if not game.is_over or game.counts_as != CountsAs.ONE_ATTEMPT:
        return {}  # no query for the link: an attempt is stored as one when it starts
    link = daily_link_of(game)
    if link is None or not link.is_attempt:
        return {}
    return {
        "daily_place": leaderboard_place(link.puzzle, game=game),
        "daily_streaks": daily_streaks(player=game.player),
        "daily_until_next": hours_and_minutes(until_next_puzzle()),
    }
