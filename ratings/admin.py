"""The ratings in the admin, read-only: only the services write them.

A rating is the sum of every rated game before it (``ratings.services``): a number
edited by hand would be undone by the next rebuild and would meanwhile rate every later
game against a value no game produced. So staff browse players', challenges' and games'
ratings here, and nothing can be added, changed or deleted (``ReadOnlyAdminMixin``:
deleting a player from the user admin still removes their ratings, as the keys say).

Superusers may queue a rebuild of every rating from the players' changelist: a worker
runs it (``ratings.tasks``), never the request, in one transaction, so the ratings shown
stay whole until it is done.

A game's rating change belongs to the game: the changes of today's daily puzzle are
left out until the admin has finished their own attempt, as the games' admin leaves
out the games themselves (``games.secrecy``).
"""

from __future__ import annotations

from typing import Any

from django.contrib import admin, messages
from django.core.exceptions import PermissionDenied
from django.db.models import QuerySet
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect
from django.urls import URLPattern, path, reverse
from django.utils.html import format_html
from django.utils.translation import gettext
from django.views.decorators.http import require_POST

from games.admin import ReadOnlyAdminMixin
from games.secrecy import hidden_games
from ratings.models import ChallengeRating, PlayerRating, RatingChange
from ratings.tasks import ratings_rebuild_queue

RATING_FIELDS = ("rating", "deviation", "volatility", "games", "provisional")


def _points(value: float) -> str:
    return f"{value:.0f}"


def _move(before: float, after: float) -> str:
    return f"{before:.0f} → {after:.0f} ({after - before:+.0f})"


class RatingColumns:
    """The columns a player's and a challenge's rating share, rounded as the site shows them."""

    @admin.display(description="rating", ordering="rating")
    def rating_display(self, row: PlayerRating | ChallengeRating) -> str:
        return _points(row.rating)

    @admin.display(description="deviation", ordering="deviation")
    def deviation_display(self, row: PlayerRating | ChallengeRating) -> str:
        return _points(row.deviation)

    @admin.display(description="provisional", boolean=True, ordering="-deviation")
    def provisional(self, row: PlayerRating | ChallengeRating) -> bool:
        return row.provisional


@admin.register(PlayerRating)
class PlayerRatingAdmin(ReadOnlyAdminMixin, RatingColumns, admin.ModelAdmin):
    list_display = ("player", "rating_display", "deviation_display", "provisional", "games")
    search_fields = ("player__username",)
    search_help_text = "Players whose username contains this."
    list_select_related = ("player",)
    ordering = ("-rating", "player_id")
    fields = ("player", *RATING_FIELDS)
    readonly_fields = fields

    # --- the rebuild: queued here, run by a worker ----------------------------------------

    @staticmethod
    def may_rebuild(request: HttpRequest) -> bool:
        """Superusers only: a rebuild rewrites every player's and challenge's rating."""
        return bool(request.user.is_active and request.user.is_superuser)

    def get_urls(self) -> list[URLPattern]:
        rebuild = path(
            "rebuild/",
            self.admin_site.admin_view(require_POST(self.rebuild_view)),
            name="ratings_playerrating_rebuild",
        )
        return [rebuild, *super().get_urls()]

    def changelist_view(
        self, request: HttpRequest, extra_context: dict[str, Any] | None = None
    ) -> HttpResponse:
        context = {"may_rebuild": self.may_rebuild(request), **(extra_context or {})}
        return super().changelist_view(request, context)

    def rebuild_view(self, request: HttpRequest) -> HttpResponse:
        if not self.may_rebuild(request):
            raise PermissionDenied
        ratings_rebuild_queue()
        self.message_user(
            request,
            gettext(
                "A rebuild of every rating is queued: a worker replays every finished ranked game "
                "in one transaction, and the ratings here stay as they are until it is done."
            ),
            messages.SUCCESS,
        )
        return redirect("admin:ratings_playerrating_changelist")


@admin.register(ChallengeRating)
class ChallengeRatingAdmin(ReadOnlyAdminMixin, RatingColumns, admin.ModelAdmin):
    list_display = (
        "dictionary",
        "length",
        "max_misses",
        "difficulty",
        "rating_display",
        "deviation_display",
        "games",
    )
    list_filter = ("dictionary", "difficulty", "length")
    list_select_related = ("dictionary",)
    ordering = ("-rating", "id")
    fields = ("dictionary", "length", "max_misses", "difficulty", *RATING_FIELDS)
    readonly_fields = fields


class ResultFilter(admin.SimpleListFilter):
    """Won or lost, rather than the float the score is stored as."""

    title = "result"
    parameter_name = "result"

    def lookups(self, request: HttpRequest, model_admin: admin.ModelAdmin) -> list[tuple[str, str]]:
        return [("won", "Won"), ("lost", "Lost")]

    def queryset(self, request: HttpRequest, queryset: QuerySet) -> QuerySet:
        if self.value() == "won":
            return queryset.filter(score=1)
        if self.value() == "lost":
            return queryset.filter(score=0)
        return queryset


@admin.register(RatingChange)
class RatingChangeAdmin(ReadOnlyAdminMixin, admin.ModelAdmin):
    list_display = (
        "game_link",
        "player",
        "challenge_display",
        "result",
        "player_move",
        "challenge_move",
        "finished_at",
    )
    list_display_links = ("player",)
    list_filter = (
        ResultFilter,
        "challenge__difficulty",
        "challenge__length",
        "challenge__dictionary",
    )
    search_fields = ("player__username",)
    search_help_text = "Players whose username contains this."
    date_hierarchy = "finished_at"
    list_select_related = ("player", "challenge__dictionary")
    ordering = ("-finished_at", "-game_id")
    fields = (
        "game_link",
        "player",
        "challenge",
        "result",
        "player_move",
        "player_deviation_after",
        "challenge_move",
        "challenge_deviation_after",
        "finished_at",
    )
    readonly_fields = fields

    def get_queryset(self, request: HttpRequest) -> QuerySet[RatingChange]:
        hidden = hidden_games(request.user, through="game__")
        return super().get_queryset(request).exclude(hidden)

    @admin.display(description="game", ordering="game_id")
    def game_link(self, change: RatingChange) -> str:
        url = reverse("admin:games_game_change", args=[change.game_id])
        return format_html('<a href="{}">Game {}</a>', url, change.game_id)

    @admin.display(description="challenge", ordering="challenge__rating")
    def challenge_display(self, change: RatingChange) -> str:
        challenge = change.challenge
        return (
            f"{challenge.dictionary.name}, {challenge.length} letters, "
            f"{challenge.max_misses} wrong guesses, {challenge.get_difficulty_display()}"
        )

    @admin.display(description="result", ordering="score")
    def result(self, change: RatingChange) -> str:
        return "Won" if change.score == 1 else "Lost"

    @admin.display(description="player: before → after")
    def player_move(self, change: RatingChange) -> str:
        return _move(change.player_before, change.player_after)

    @admin.display(description="challenge: before → after")
    def challenge_move(self, change: RatingChange) -> str:
        return _move(change.challenge_before, change.challenge_after)
