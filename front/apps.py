"""The front: the pages that put several apps together, at the top of the layers.

Play's pages show what the apps above play know: the home page the daily puzzle's
card, a finished board the daily attempt's place and the rating change, the new-game
form the chosen board's rating. Their views live here, above every app they read,
so each app's selectors are imported directly instead of registered as hooks.
"""

from __future__ import annotations

from django.apps import AppConfig


class FrontConfig(AppConfig):
    name = "front"
    verbose_name = "Front pages"
