from __future__ import annotations

from django.apps import AppConfig


class DailyConfig(AppConfig):
    name = "daily"
    verbose_name = "Daily puzzle"
