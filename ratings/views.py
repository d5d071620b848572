"""The ratings leaderboard: public, the table swapped in by HTMX like the points board."""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse
from django.views.decorators.http import require_safe

from evilsite.web import render_filtered
from ratings.models import PROVISIONAL_DEVIATION
from ratings.selectors import ratings_leaderboard


@require_safe
def leaderboard(request: HttpRequest) -> HttpResponse:
    established, provisional = ratings_leaderboard()
    return render_filtered(
        request,
        "ratings/leaderboard.html",
        "results",
        {
            "established": established,
            "provisional": provisional,
            "provisional_deviation": int(PROVISIONAL_DEVIATION),
        },
    )
