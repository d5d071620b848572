"""Games and moves in the admin, read-only: they are records, written only by play.

Nothing here can add, change or delete a game or a move (deleting a player
from the user admin still removes their games, as the foreign key says). Each game links to its
review page, where the families are easier to read than raw JSON.

The games ``games.secrecy`` hides (an app's own rule's, such as today's daily puzzle until
the UTC day is over; a game that counts while it is played) and their
moves are left out of every list and page, as every path asks: staff would otherwise
read the families, the word or the seed here.
"""

from __future__ import annotations

from typing import Any

from django.contrib import admin
from django.db.models import QuerySet
from django.http import HttpRequest
from django.urls import reverse
from django.utils.html import format_html

from games.models import Game, Hint, Move
from games.secrecy import hidden_games


class ReadOnlyAdminMixin:
    """View permission is enough to browse; add, change and delete are refused to all.

    One exception: the admin asks every related model's admin for delete
    permission before deleting a player, and refusing it here would make
    players with games (or ratings) undeletable. So a delete requested from another
    app's pages (the user admin's cascade) gets the usual permission check; one
    requested from the model's own app's pages is always refused. The ratings'
    admin uses it too.
    """

    def has_add_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False

    def has_change_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False

    def has_delete_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        match = getattr(request, "resolver_match", None)
        if match is None or match.url_name is None:
            return False
        own_pages = f"{self.opts.app_label}_"  # type: ignore[attr-defined]
        if match.url_name.startswith(own_pages) or match.url_name == "app_list":
            return False
        return super().has_delete_permission(request, obj)  # type: ignore[misc]


class MoveInline(ReadOnlyAdminMixin, admin.TabularInline):
    model = Move
    extra = 0
    can_delete = False
    show_change_link = True
    fields = ("number", "letter", "miss", "pattern", "kept_size", "kept_rank", "reason", "families")
    readonly_fields = fields
    ordering = ("number",)


class HintInline(ReadOnlyAdminMixin, admin.TabularInline):
    model = Hint
    extra = 0
    can_delete = False
    fields = ("after_guesses", "letters_before", "letter", "misses", "proven", "reason")
    readonly_fields = fields
    ordering = ("created_at",)


@admin.register(Game)
class GameAdmin(ReadOnlyAdminMixin, admin.ModelAdmin):
    list_display = (
        "id",
        "player",
        "dictionary",
        "length",
        "difficulty",
        "max_misses",
        "is_ranked",
        "status",
        "forfeited",
        "misses",
        "score",
        "started_at",
        "finished_at",
    )
    list_filter = (
        "status",
        "difficulty",
        "is_ranked",
        "forfeited",
        "abandoned",
        "dictionary",
        "length",
    )
    search_fields = ("player__username",)
    date_hierarchy = "started_at"
    list_select_related = ("player", "dictionary")
    ordering = ("-started_at", "-id")
    fieldsets = (
        (
            None,
            {
                "fields": (
                    "review_link",
                    "player",
                    "dictionary",
                    "status",
                    "forfeited",
                    "abandoned",
                    "word",
                )
            },
        ),
        (
            "Settings",
            {
                "fields": (
                    "length",
                    "max_misses",
                    "difficulty",
                    "is_ranked",
                    "unranked_by_hint",
                    "hints_used",
                    "counts_as",
                    "seed",
                )
            },
        ),
        (
            "Progress",
            {"fields": ("letters", "pattern", "misses", "words_left", "score")},
        ),
        ("Times", {"fields": ("started_at", "updated_at", "finished_at")}),
    )
    readonly_fields = tuple(name for _, options in fieldsets for name in options["fields"])
    inlines = (MoveInline, HintInline)

    def get_queryset(self, request: HttpRequest) -> QuerySet[Game]:
        return super().get_queryset(request).exclude(hidden_games(request.user))

    @admin.display(description="Review")
    def review_link(self, game: Game) -> str:
        url = reverse("game_review", kwargs={"pk": game.pk})
        return format_html('<a href="{}">Move-by-move review of game {}</a>', url, game.pk)


@admin.register(Move)
class MoveAdmin(ReadOnlyAdminMixin, admin.ModelAdmin):
    list_display = ("game", "number", "letter", "miss", "pattern", "kept_size", "reason")
    list_filter = ("miss", "reason", "kept_rank")
    search_fields = ("game__player__username", "=game__id")
    list_select_related = ("game", "game__player")
    ordering = ("-game_id", "number")
    fields = (
        "game",
        "number",
        "letter",
        "miss",
        "pattern",
        "kept_size",
        "kept_rank",
        "reason",
        "families",
        "created_at",
    )
    readonly_fields = fields

    def get_queryset(self, request: HttpRequest) -> QuerySet[Move]:
        hidden = hidden_games(request.user, through="game__")
        return super().get_queryset(request).exclude(hidden)
