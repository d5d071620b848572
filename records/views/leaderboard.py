"""The leaderboards: public, filtered by GET, the table swapped in by HTMX."""

from __future__ import annotations

from django.conf import settings
from django.http import HttpRequest, HttpResponse
from django.views.decorators.http import require_safe

from evilsite.web import render_filtered
from games.models import MAX_WRONG_GUESSES, RANKED_DIFFICULTIES
from games.scoring import DIFFICULTY_WEIGHT, win_points
from records.filters import LeaderboardFilterForm
from records.selectors.leaderboard import Board, leaderboard_page, minimum_games


@require_safe
def leaderboard(request: HttpRequest) -> HttpResponse:
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
            "by_win_rate": filters is not None and filters.board == Board.WIN_RATE,
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
