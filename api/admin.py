"""API tokens in the admin: who holds which, when used, revoked or not; never a secret."""

from __future__ import annotations

from django.contrib import admin

from api.models import ApiToken, MakerGame


@admin.register(ApiToken)
class ApiTokenAdmin(admin.ModelAdmin):
    list_display = ("name", "user", "prefix", "created_at", "last_used_at", "revoked_at")
    list_filter = ("revoked_at",)
    search_fields = ("name", "user__username", "prefix")
    readonly_fields = ("user", "prefix", "created_at", "last_used_at")
    exclude = ("token_hash",)


@admin.register(MakerGame)
class MakerGameAdmin(admin.ModelAdmin):
    list_display = ("id", "player", "token", "dictionary", "length", "status", "misses")
    list_filter = ("status",)
    readonly_fields = [field.name for field in MakerGame._meta.fields]
