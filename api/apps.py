"""The API for programs as players (issue 17): tokens, and guesser bots under ``/api/v1/``."""

from __future__ import annotations

from django.apps import AppConfig


class ApiConfig(AppConfig):
    name = "api"
    default_auto_field = "django.db.models.BigAutoField"
    verbose_name = "API for bots"
