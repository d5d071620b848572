"""The leaderboards: public, filtered by GET, the tables swapped in by HTMX.

The main leaderboard (``/leaderboard/``) ranks by rating; the points and win-rate leaderboard
("games won", ``/leaderboard/points/``) is its second tab.
"""

from __future__ import annotations

from urllib.parse import urlencode

from django.conf import settings
from django.http import HttpRequest, HttpResponseBase
from django.shortcuts import redirect
from django.urls import reverse
from django.views.decorators.http import require_safe

from core.web import render_filtered
from games.models import MAX_WRONG_GUESSES, RANKED_DIFFICULTIES
from games.scoring import DIFFICULTY_WEIGHT, win_points
from ratings.models import PROVISIONAL_DEVIATION
from records.filters import LeaderboardFilterForm, RatingLeaderboardFilterForm
from records.selectors.leaderboard import (
    Ranking,
    leaderboard_page,
    minimum_games,
    rating_leaderboard,
)


def points_query(request: HttpRequest) -> str:
    """The request's query for the points leaderboard, an old link's ``board`` (what "rank
    by" was called) read as ``rank``."""
    return urlencode(
        [
            ("rank" if name == "board" else name, value)
            for name, values in request.GET.lists()
            for value in values
        ]
    )


@require_safe
def leaderboard(request: HttpRequest) -> HttpResponseBase:
    if "rank" in request.GET or "board" in request.GET:
        # A link from when this address was the points leaderboard ("rank by" points or win
        # rate): the points leaderboard, with the same query, answers it.
        return redirect(f"{reverse('leaderboard_points')}?{points_query(request)}")
    form = RatingLeaderboardFilterForm(request.GET)
    tables = filters = None
    if form.is_valid():
        filters = form.filters()
        tables = rating_leaderboard(filters)
    return render_filtered(
        request,
        "records/leaderboard/ratings.html",
        "results",
        {
            "form": form,
            "filters": filters,
            "tables": tables,
            "provisional_deviation": int(PROVISIONAL_DEVIATION),
        },
    )


@require_safe
def points_leaderboard(request: HttpRequest) -> HttpResponseBase:
    if "board" in request.GET:  # a link from before "rank by" was called rank
        return redirect(f"{reverse('leaderboard_points')}?{points_query(request)}")
    form = LeaderboardFilterForm(request.GET)
    page = filters = None
    if form.is_valid():
        filters = form.filters()
        page = leaderboard_page(filters, page_number=form.page_number())
    return render_filtered(
        request,
        "records/leaderboard/leaderboard.html",
        "results",
        {
            "form": form,
            "filters": filters,
            "page": page,
            "by_win_rate": filters is not None and filters.ranking == Ranking.WIN_RATE,
            "minimum_games": minimum_games(),
            "ranked_min_words": settings.RANKED_MIN_WORDS,
            "scoring": scoring_examples(),
            "max_wrong_guesses": MAX_WRONG_GUESSES,
        },
    )


def scoring_examples() -> list[dict[str, object]]:
    """The weights and a few sample wins, read from the scoring rule itself."""
    return [
        {
            "difficulty": label,
            "weight": DIFFICULTY_WEIGHT[value],
            "examples": [
                (misses, win_points(difficulty=value, max_misses=misses)) for misses in (3, 8, 15)
            ],
        }
        for value, label in ((value, value.label) for value in RANKED_DIFFICULTIES)
    ]
