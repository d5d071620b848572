"""The daily puzzles in the admin: read-only, since every attempt depends on its row."""

from __future__ import annotations

from django.contrib import admin
from django.http import HttpRequest

from daily.models import DailyPuzzle


@admin.register(DailyPuzzle)
class DailyPuzzleAdmin(admin.ModelAdmin):
    list_display = ("number", "date", "dictionary", "length", "max_misses", "difficulty")
    list_select_related = ("dictionary",)
    date_hierarchy = "date"
    ordering = ("-date",)
    fields = ("number", "date", "dictionary", "length", "max_misses", "difficulty", "created_at")
    readonly_fields = fields

    def has_add_permission(self, request: HttpRequest) -> bool:
        return False

    def has_change_permission(self, request: HttpRequest, obj: DailyPuzzle | None = None) -> bool:
        return False

    def has_delete_permission(self, request: HttpRequest, obj: DailyPuzzle | None = None) -> bool:
        return False
