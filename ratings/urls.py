"""Ratings URLs: the old address of the ratings leaderboard.

The rating board became the main leaderboard (``/leaderboard/``, in ``records``);
its old links keep working, filters included, by a permanent redirect.
"""

from __future__ import annotations

from django.urls import path
from django.views.generic import RedirectView

urlpatterns = [
    path(
        "",
        RedirectView.as_view(pattern_name="leaderboard", permanent=True, query_string=True),
        name="ratings_leaderboard_moved",
    ),
]
