"""Records: leaderboards, statistics, profiles, review and exports of the games played.

An app above play (``games``) and the daily puzzle: it reads their games, it writes
none (the leaderboard totals are written by play when a game ends, on play's models).
"""

from __future__ import annotations

from django.apps import AppConfig


class RecordsConfig(AppConfig):
    name = "records"
    verbose_name = "Records"
    default_auto_field = "django.db.models.BigAutoField"
