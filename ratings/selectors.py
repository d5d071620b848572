"""Reads of the ratings: a game's change, a player's rating and history, the ratings board."""

from __future__ import annotations

from dataclasses import dataclass

from django.contrib.auth.models import AbstractBaseUser

from games.models import Game
from ratings.models import PROVISIONAL_DEVIATION, PlayerRating, RatingChange

HISTORY_POINTS = 200  # the chart shows a player's last games, not every one
CHART_WIDTH, CHART_HEIGHT, CHART_PAD = 600, 160, 10
LEADERBOARD_SIZE = 100


def game_change(game: Game) -> RatingChange | None:
    return RatingChange.objects.filter(game_id=game.pk).first()


def player_rating(player: AbstractBaseUser) -> PlayerRating | None:
    return PlayerRating.objects.filter(player_id=player.pk).first()


@dataclass(frozen=True)
class RatingChart:
    """A player's rating after each of their last games, scaled to the SVG's box."""

    points: str  # "x,y x,y ...", a polyline's points
    low: int
    high: int
    games: int
    width: int = CHART_WIDTH
    height: int = CHART_HEIGHT


def rating_chart(player: AbstractBaseUser) -> RatingChart | None:
    """The history chart's line, or None before two rated games (no line to draw)."""
    rows = list(
        RatingChange.objects.filter(player_id=player.pk)
        .order_by("-finished_at", "-game_id")
        .values_list("player_after", flat=True)[:HISTORY_POINTS]
    )[::-1]
    if len(rows) < 2:
        return None
    low, high = min(rows), max(rows)
    span = max(high - low, 1.0)
    step = (CHART_WIDTH - 2 * CHART_PAD) / (len(rows) - 1)
    usable = CHART_HEIGHT - 2 * CHART_PAD
    points = " ".join(
        f"{CHART_PAD + i * step:.1f},{CHART_PAD + (high - value) / span * usable:.1f}"
        for i, value in enumerate(rows)
    )
    return RatingChart(points=points, low=round(low), high=round(high), games=len(rows))


def ratings_leaderboard() -> tuple[list[PlayerRating], list[PlayerRating]]:
    """The players ranked by rating: established ones, then provisional ones apart."""
    rows = PlayerRating.objects.select_related("player").order_by("-rating", "player_id")
    established = list(rows.filter(deviation__lte=PROVISIONAL_DEVIATION)[:LEADERBOARD_SIZE])
    provisional = list(rows.filter(deviation__gt=PROVISIONAL_DEVIATION)[:LEADERBOARD_SIZE])
    return established, provisional
