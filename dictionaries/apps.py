from __future__ import annotations

from django.apps import AppConfig


class DictionariesConfig(AppConfig):
    name = "dictionaries"
    verbose_name = "Dictionaries"
