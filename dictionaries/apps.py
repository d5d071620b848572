from __future__ import annotations

from pathlib import Path

from django.apps import AppConfig
from django.conf import settings


class DictionariesConfig(AppConfig):
    name = "dictionaries"
    verbose_name = "Dictionaries"

    def ready(self) -> None:
        # Uploads are stored before any view runs (FILE_UPLOAD_TEMP_DIR is inside it).
        Path(settings.FILE_UPLOAD_TEMP_DIR).mkdir(parents=True, exist_ok=True)
