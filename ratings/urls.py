"""Ratings URLs: the ratings leaderboard."""

from __future__ import annotations

from django.urls import path

from ratings import views

urlpatterns = [
    path("", views.leaderboard, name="ratings_leaderboard"),
]
