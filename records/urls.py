"""Records URLs: my games, statistics, profiles, the leaderboard, review, the instructors' list.

Mounted at the site's root beside the games' (``evilsite/urls.py``): the paths are the
ones they had when the games app held them.
"""

from __future__ import annotations

from django.urls import path

from records.views import leaderboard, records, review

urlpatterns = [
    path("games/mine/", records.my_games, name="my_games"),
    path("games/<int:pk>/review/", review.game_review_page, name="game_review"),
    path(
        "games/<int:pk>/review/candidates/",
        review.game_review_candidates,
        name="game_review_candidates",
    ),
    path("stats/", records.player_stats, name="player_stats"),
    path("players/<str:username>/", records.player_profile, name="player_profile"),
    path("leaderboard/", leaderboard.leaderboard, name="leaderboard"),
    path("leaderboard/points/", leaderboard.points_leaderboard, name="leaderboard_points"),
    path("instructor/games/", records.instructor_games, name="instructor_games"),
    path("instructor/games.csv", records.instructor_games_csv, name="instructor_games_csv"),
    path("instructor/games.jsonl", records.instructor_games_jsonl, name="instructor_games_jsonl"),
]
