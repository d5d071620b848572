"""The admin's page of blocked words: seen, searched, added and removed per language.

Registered by ``dictionaries/admin.py``. A word is stored as its language writes it in
lower case (``forms.BlockedWordForm``); what blocking it does is ``dictionaries/blocklist.py``.
"""

from __future__ import annotations

from django.contrib import admin

from dictionaries.forms import BlockedWordForm


class BlockedWordAdmin(admin.ModelAdmin):
    form = BlockedWordForm
    list_display = ("word", "language", "created_at")
    list_filter = ("language",)
    search_fields = ("word",)
    ordering = ("language", "word")
    list_per_page = 200
