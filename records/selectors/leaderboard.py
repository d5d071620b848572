"""Leaderboards: rating (the main leaderboard), or points or win rate per player over finished
ranked games (the "games won" leaderboard).

The rating leaderboard reads ``ratings`` (:func:`rating_leaderboard`); the rest of this
module is the points and win-rate leaderboards.

A player's points are their best ranked win in each category (dictionary, length,
difficulty) in the selection, summed over the categories: repeating a win adds
nothing, a better win or a win in a new category does. Every leaderboard is one grouped,
ordered query, paged by Django's Paginator:
- all time, overall: the PlayerTotal rows (one per player, indexed in leaderboard order);
- all time, filtered: the CategoryTotal rows (one best per category) of the selection
  summed per player;
- this week / today: the games finished since the period began, best per category
  (a window over the partial index on finished_at), then summed per player.
The records are written when each game finishes (``games/leaderboard_totals.py``),
so no all-time leaderboard reads every game ever played. The order is total (the
player id breaks the last tie), so a row's rank is its position.
"""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass
from typing import Any
from urllib.parse import quote

from django.conf import settings
from django.contrib.auth import get_user_model
from django.core.paginator import Page, Paginator
from django.db import connection, models
from django.db.models import Count, F, FloatField, Max, QuerySet, Sum
from django.db.models.functions import Cast
from django.urls import reverse
from django.utils import timezone
from django.utils.http import RFC3986_SUBDELIMS
from django.utils.translation import gettext_lazy as _

from core.db_router import reads_can_lag
from dictionaries.models import Dictionary
from games.leaderboard_totals import ranked_on_leaderboard
from games.models import LEADERBOARD_GAMES, CategoryTotal, Game, PlayerTotal, Status
from ratings.selectors import RatingSelection, RatingTables, rating_tables

PER_PAGE = 25
_URL_SAFE = RFC3986_SUBDELIMS + "~:@"


class Period(models.TextChoices):
    ALL_TIME = "all", _("All time")
    WEEK = "week", _("This week")
    TODAY = "today", _("Today")


class Ranking(models.TextChoices):
    POINTS = "points", _("Points")
    WIN_RATE = "win_rate", _("Win rate")


@dataclass(frozen=True)
class LeaderboardFilters:
    """Which games count; ``None`` means any."""

    dictionary: Dictionary | None = None
    length: int | None = None
    difficulty: str | None = None
    period: str = Period.ALL_TIME
    ranking: str = Ranking.POINTS

    @property
    def is_overall(self) -> bool:
        return self.dictionary is None and self.length is None and self.difficulty is None

    @property
    def selects_all(self) -> bool:
        """Every game ever: on the rating leaderboard, every rated player with every game."""
        return self.is_overall and self.period == Period.ALL_TIME


@dataclass(frozen=True)
class LeaderboardRow:
    rank: int
    player_id: int
    username: str
    points: int
    games: int
    wins: int
    # Points leaderboard: when the player reached their total (the latest of the
    # first wins worth each category's best).
    # Win-rate leaderboard: when they reached their record (last counted game).
    achieved_at: dt.datetime | None

    profile_url: str = ""

    @property
    def losses(self) -> int:
        return self.games - self.wins

    @property
    def win_percent(self) -> float:
        return 100.0 * self.wins / self.games if self.games else 0.0


def minimum_games() -> int:
    return settings.LEADERBOARD_MIN_GAMES


def period_start(period: str, *, now: dt.datetime | None = None) -> dt.datetime | None:
    """The first instant of the period in the site's time zone; weeks start on Monday."""
    if period == Period.ALL_TIME:
        return None
    local_now = timezone.localtime(now or timezone.now())
    midnight = local_now.replace(hour=0, minute=0, second=0, microsecond=0)
    if period == Period.TODAY:
        return midnight
    if period == Period.WEEK:
        return midnight - dt.timedelta(days=local_now.weekday())
    raise ValueError(f"unknown period {period!r}")


def counted_games(filters: LeaderboardFilters, *, now: dt.datetime | None = None) -> QuerySet[Game]:
    """Finished ranked games in the filters; the same predicate as the partial indexes
    (daily puzzles are ranked on their own leaderboards)."""
    games = Game.objects.filter(LEADERBOARD_GAMES)
    start = period_start(filters.period, now=now)
    if start is not None:
        games = games.filter(finished_at__gte=start)
    return games.filter(**_category_lookups(filters))


def all_time_totals(filters: LeaderboardFilters) -> QuerySet:
    """One row per player with games in the selection: ``player_id``, ``total_points``,
    ``total_games``, ``total_wins``, ``last_scored`` and ``last_finished``."""
    if filters.is_overall:
        return PlayerTotal.objects.order_by().values(
            "player_id",
            total_points=F("points"),
            total_games=F("games"),
            total_wins=F("wins"),
            last_scored=F("last_scored_at"),
            last_finished=F("last_finished_at"),
        )
    return (
        CategoryTotal.objects.filter(**_category_lookups(filters))
        .order_by()
        .values("player_id")
        .annotate(
            total_points=Sum("points"),
            total_games=Sum("games"),
            total_wins=Sum("wins"),
            last_scored=Max("best_at"),
            last_finished=Max("last_finished_at"),
        )
    )


class GamesRanking:
    """A leaderboard computed from the Game rows in its filters, in leaderboard order, as rows like
    :func:`all_time_totals`'s: the period leaderboards (and, without a period, a
    recount of the all-time records, which the benchmark compares).

    Countable and sliceable, as Paginator needs. The ORM cannot group over a
    windowed subquery, so the per-player sums are SQL around the ORM's query of
    the games ranked on their leaderboards (:func:`games.leaderboard_totals.ranked_on_leaderboard`,
    the rule the all-time records follow); counting players needs no window and
    stays in the ORM.
    """

    def __init__(self, filters: LeaderboardFilters, *, now: dt.datetime | None = None) -> None:
        self.games = counted_games(filters, now=now)
        self.by_win_rate = filters.ranking == Ranking.WIN_RATE

    def count(self) -> int:
        players = self.games.order_by().values("player_id").annotate(played=Count("*"))
        if self.by_win_rate:
            players = players.filter(played__gte=minimum_games())
        return players.count()

    def sql_with_params(self, *, offset: int, limit: int) -> tuple[str, list[Any]]:
        """The rows ``offset`` to ``offset + limit``: one SQL for SQLite and PostgreSQL."""
        ranked, params = (
            ranked_on_leaderboard(self.games)
            .values("player_id", "score", "status", "finished_at", "rank_on_leaderboard")
            .query.sql_with_params()
        )
        params = (Status.WON, *params)
        where = ""
        if self.by_win_rate:
            where = "WHERE total_games >= %s"
            params = (*params, minimum_games())
            order = (
                "CAST(total_wins AS DOUBLE PRECISION) / CAST(total_games AS DOUBLE PRECISION) DESC,"
                " total_games DESC, last_finished, player_id"
            )
        else:
            order = "total_points DESC, last_scored IS NULL, last_scored, player_id"
        sql = (
            "SELECT player_id, total_points, total_games, total_wins, last_scored, last_finished"
            " FROM (SELECT player_id,"
            " CAST(SUM(CASE WHEN rank_on_leaderboard = 1 THEN score ELSE 0 END) AS BIGINT)"
            " AS total_points,"
            " CAST(COUNT(*) AS BIGINT) AS total_games,"
            " CAST(SUM(CASE WHEN status = %s THEN 1 ELSE 0 END) AS BIGINT) AS total_wins,"
            " MAX(CASE WHEN rank_on_leaderboard = 1 AND score > 0 THEN finished_at END)"
            " AS last_scored,"
            " MAX(finished_at) AS last_finished"
            f" FROM ({ranked}) AS ranked_games GROUP BY player_id) AS player_totals"
            f" {where} ORDER BY {order} LIMIT %s OFFSET %s"
        )
        return sql, [*params, limit, offset]

    def __getitem__(self, window: slice) -> list[dict[str, Any]]:
        if not isinstance(window, slice) or window.step is not None or window.stop is None:
            raise TypeError("a leaderboard from games is read a slice at a time: rows[start:stop]")
        offset = window.start or 0
        sql, params = self.sql_with_params(offset=offset, limit=max(window.stop - offset, 0))
        with connection.cursor() as cursor:
            cursor.execute(sql, params)
            columns = [column[0] for column in cursor.description]
            rows = [dict(zip(columns, values, strict=True)) for values in cursor.fetchall()]
        for row in rows:
            row["last_scored"] = _datetime_from_db(row["last_scored"])
            row["last_finished"] = _datetime_from_db(row["last_finished"])
        return rows


def ranking(
    filters: LeaderboardFilters, *, now: dt.datetime | None = None
) -> QuerySet | GamesRanking:
    """The ranked players' totals in leaderboard order (:func:`all_time_totals`'s rows).

    Points: more points first, then whoever reached that total earlier (the
    latest of the first wins worth each category's best), then the older account;
    players without a win follow. Win rate: only players with at least
    :func:`minimum_games` games; higher rate, then more games, then whoever
    finished their last game earlier, then the older account.
    """
    if filters.period != Period.ALL_TIME:
        return GamesRanking(filters, now=now)
    totals = all_time_totals(filters)
    if filters.ranking == Ranking.WIN_RATE:
        return (
            totals.filter(total_games__gte=minimum_games())
            .annotate(win_rate=Cast("total_wins", FloatField()) / Cast("total_games", FloatField()))
            .order_by(
                F("win_rate").desc(),
                F("total_games").desc(),
                F("last_finished").asc(),
                F("player_id").asc(),
            )
        )
    return totals.order_by(
        F("total_points").desc(), F("last_scored").asc(nulls_last=True), F("player_id").asc()
    )


@reads_can_lag
def leaderboard_page(
    filters: LeaderboardFilters,
    *,
    page_number: int = 1,
    per_page: int = PER_PAGE,
    now: dt.datetime | None = None,
) -> Page:
    """A page of :class:`LeaderboardRow`; a page past the end shows the last one.

    Usernames are read for the page's rows only: joining users into the
    grouped query would cost a join per game on period leaderboards.
    """
    page = Paginator(ranking(filters, now=now), per_page).get_page(max(page_number, 1))
    achieved = "last_finished" if filters.ranking == Ranking.WIN_RATE else "last_scored"
    first_rank = page.start_index()
    user_model = get_user_model()
    usernames = dict(
        user_model.objects.filter(pk__in=[row["player_id"] for row in page]).values_list(
            "pk", user_model.USERNAME_FIELD
        )
    )
    # One reverse() for the page, not one per row (quoted as reverse() would quote).
    profile_prefix = reverse("player_profile", args=["-"])[:-2]
    page.object_list = [
        LeaderboardRow(
            rank=first_rank + index,
            player_id=row["player_id"],
            username=usernames[row["player_id"]],
            points=row["total_points"] or 0,
            games=row["total_games"],
            wins=row["total_wins"],
            achieved_at=row[achieved],
            profile_url=f"{profile_prefix}{quote(usernames[row['player_id']], safe=_URL_SAFE)}/",
        )
        for index, row in enumerate(page.object_list)
    ]
    return page


@reads_can_lag
def rating_leaderboard(
    filters: LeaderboardFilters,
    *,
    players: QuerySet | None = None,
    now: dt.datetime | None = None,
) -> RatingTables:
    """The main leaderboard: players by rating, provisional ones apart (one query per table).

    The filters choose who is listed, never the number: a rating is one Glicko-2
    rating over all of a player's rated games, so a dictionary, length, difficulty or
    period lists the players with a rated game in such a category or in that period
    (daily attempts are rated games too), and their games column counts those games.
    """
    selection = RatingSelection(
        dictionary_id=filters.dictionary.pk if filters.dictionary is not None else None,
        length=filters.length,
        difficulty=filters.difficulty,
        since=period_start(filters.period, now=now),
    )
    return rating_tables(selection, players=players)


def _category_lookups(filters: LeaderboardFilters) -> dict[str, object]:
    lookups = {
        "dictionary": filters.dictionary,
        "length": filters.length,
        "difficulty": filters.difficulty,
    }
    return {field: value for field, value in lookups.items() if value is not None}


_DATETIME = models.Value(None, output_field=models.DateTimeField())


def _datetime_from_db(value: object) -> dt.datetime | None:
    """An instant read by raw SQL, converted as the ORM would (SQLite returns text)."""
    for converter in connection.ops.get_db_converters(_DATETIME):
        value = converter(value, _DATETIME, connection)
    return value  # type: ignore[return-value]
