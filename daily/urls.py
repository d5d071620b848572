"""Daily puzzle URLs, under /daily/."""

from __future__ import annotations

from django.urls import path

from daily import views

urlpatterns = [
    path("", views.daily_today, name="daily_today"),
    path("start/", views.daily_start, name="daily_start"),
    path("leaderboard/", views.daily_leaderboard, name="daily_leaderboard_today"),
    path("archive/", views.daily_archive, name="daily_archive"),
    path("<int:number>/leaderboard/", views.daily_leaderboard, name="daily_leaderboard"),
    path("<int:number>/practice/", views.daily_practice, name="daily_practice"),
]
