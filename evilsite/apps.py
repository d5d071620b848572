"""The site's own app: its system checks are registered when it is ready."""

from __future__ import annotations

from django.apps import AppConfig


class EvilsiteConfig(AppConfig):
    name = "evilsite"
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self) -> None:
        from evilsite import checks  # noqa: F401 - registers the deploy checks
