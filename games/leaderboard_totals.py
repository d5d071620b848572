"""All-time leaderboard records, written by the transaction that finishes a game.

A player's score in a category (dictionary, length, difficulty) is their best
ranked win there, not a sum: the engine is deterministic, so a winning game
can be replayed at will and summing wins would reward grinding. Each finished
ranked game updates its player's CategoryTotal (best points, when first reached,
games, wins) and PlayerTotal (the categories summed), so all-time leaderboards read a
few rows per player instead of every game ever played.
``leaderboard_totals_rebuild`` recomputes both from the games, for rows
written without the services (bulk loads, restores) and in the migration that
created the tables.
"""

from __future__ import annotations

import datetime as dt
from typing import Any

from django.apps import apps as global_apps
from django.apps.registry import Apps
from django.db import DEFAULT_DB_ALIAS, connections, router, transaction
from django.db.backends.base.base import BaseDatabaseWrapper
from django.db.models import Count, F, Max, Model, Q, QuerySet, Window
from django.db.models.functions import RowNumber

from games.models import LEADERBOARD_GAMES, CategoryTotal, Game, PlayerTotal, Status

BATCH_SIZE = 2000
CATEGORY_FIELDS = ("player_id", "dictionary_id", "length", "difficulty")


def ranked_on_leaderboard(games: QuerySet) -> QuerySet:
    """``games`` with ``rank_on_leaderboard``: 1 for the game that counts in its player's
    category (the best score, reached first), 2, 3, ... for the others.

    The one rule shared by the rebuild and the leaderboards computed from games. Equal
    scores at the same instant may rank either game first: both count the same.
    """
    return games.order_by().annotate(
        rank_on_leaderboard=Window(
            RowNumber(),
            partition_by=[F(field) for field in CATEGORY_FIELDS],
            order_by=[F("score").desc(), F("finished_at").asc()],
        )
    )


def leaderboard_totals_add(*, game: Game) -> None:
    """Count a just-finished game in its player's records; call it in the finishing transaction.

    Three statements, the arithmetic in SQL (no read of either row first, no savepoint):
    the player's PlayerTotal upserted first with its counts (the row lock that makes one
    player's finishes apply one after the other; an insert racing another waits for it and
    then updates), then the board's CategoryTotal upserted with its counts, best points and
    when they were first reached, and last the player's points and latest best summed again
    from their boards, read under the player's lock so every earlier finish is in them.
    """
    if not game.on_leaderboards or game.finished_at is None:
        return
    won = int(game.status == Status.WON)
    connection = connections[router.db_for_write(PlayerTotal)]
    finished_at = connection.ops.adapt_datetimefield_value(game.finished_at)
    best_at = finished_at if game.score > 0 else None
    players, boards = _table(connection, PlayerTotal), _table(connection, CategoryTotal)
    # Joins the caller's transaction; opens one when called outside (tests, loads).
    with transaction.atomic(using=connection.alias, savepoint=False), connection.cursor() as cursor:
        cursor.execute(
            f"INSERT INTO {players} (player_id, points, games, wins, last_finished_at) "
            "VALUES (%s, 0, 1, %s, %s) ON CONFLICT (player_id) DO UPDATE SET "
            f"games = {players}.games + 1, wins = {players}.wins + excluded.wins, "
            f"last_finished_at = {_later_sql(players, 'last_finished_at')}",
            [game.player_id, won, finished_at],
        )
        cursor.execute(
            f"INSERT INTO {boards} (player_id, dictionary_id, length, difficulty, points, games, "
            "wins, last_finished_at, best_at) VALUES (%s, %s, %s, %s, %s, 1, %s, %s, %s) "
            "ON CONFLICT (player_id, dictionary_id, length, difficulty) DO UPDATE SET "
            f"games = {boards}.games + 1, wins = {boards}.wins + excluded.wins, "
            f"last_finished_at = {_later_sql(boards, 'last_finished_at')}, "
            # Loads may add games in any order: the best is the higher points, and among
            # equal points the earlier win (every SET reads the row as it was).
            f"best_at = CASE WHEN excluded.points > {boards}.points THEN excluded.best_at "
            f"WHEN excluded.points = {boards}.points AND excluded.best_at < {boards}.best_at "
            f"THEN excluded.best_at ELSE {boards}.best_at END, "
            f"points = CASE WHEN excluded.points > {boards}.points THEN excluded.points "
            f"ELSE {boards}.points END",
            [
                *(getattr(game, field) for field in CATEGORY_FIELDS),
                game.score,
                won,
                finished_at,
                best_at,
            ],
        )
        cursor.execute(
            f"UPDATE {players} SET "
            f"points = (SELECT COALESCE(SUM(points), 0) FROM {boards} WHERE player_id = %s), "
            f"last_scored_at = (SELECT MAX(best_at) FROM {boards} WHERE player_id = %s) "
            "WHERE player_id = %s",
            [game.player_id] * 3,
        )


def _table(connection: BaseDatabaseWrapper, model: type[Model]) -> str:
    return connection.ops.quote_name(model._meta.db_table)


def _later_sql(table: str, column: str) -> str:
    """The later of the row's ``column`` and the upserted one (SQLite has no GREATEST)."""
    return (
        f"CASE WHEN excluded.{column} > {table}.{column} "
        f"THEN excluded.{column} ELSE {table}.{column} END"
    )


def leaderboard_totals_rebuild(
    *,
    apps: Apps = global_apps,
    using: str = DEFAULT_DB_ALIAS,
    category_model_name: str = "CategoryTotal",
) -> int:
    """Recompute every record from the finished ranked games; returns how many games counted.

    A migration passes its historical ``apps`` (and, before games 0017, the category
    model's old name, CategoryTotal). Meant for maintenance (loads,
    restores): it replaces the tables in one transaction. PlayerTotal rows are
    summed from the CategoryTotal rows, as :func:`leaderboard_totals_add` does.
    """
    game_model = apps.get_model("games", "Game")
    category_model = apps.get_model("games", category_model_name)
    player_model = apps.get_model("games", "PlayerTotal")
    games = game_model.objects.using(using)
    if any(field.name == "counts_as" for field in game_model._meta.get_fields()):
        games = games.filter(LEADERBOARD_GAMES)
    else:  # a migration older than the field (0002, before any game had a board of its own)
        games = games.filter(is_ranked=True, finished_at__isnull=False)
    with transaction.atomic(using=using):
        bests = {
            tuple(row[field] for field in CATEGORY_FIELDS): row
            for row in ranked_on_leaderboard(games)
            .filter(rank_on_leaderboard=1)
            .values(*CATEGORY_FIELDS, "score", "finished_at")
        }
        categories = []
        for row in (
            games.order_by()
            .values(*CATEGORY_FIELDS)
            .annotate(
                category_games=Count("*"),
                category_wins=Count("status", filter=Q(status=Status.WON)),
                category_last=Max("finished_at"),
            )
        ):
            best = bests[tuple(row[field] for field in CATEGORY_FIELDS)]
            categories.append(
                category_model(
                    **{field: row[field] for field in CATEGORY_FIELDS},
                    points=best["score"],
                    best_at=best["finished_at"] if best["score"] > 0 else None,
                    games=row["category_games"],
                    wins=row["category_wins"],
                    last_finished_at=row["category_last"],
                )
            )
        players: dict[int, Any] = {}
        for category in categories:
            player = players.get(category.player_id)
            if player is None:
                players[category.player_id] = player_model(
                    player_id=category.player_id,
                    points=category.points,
                    games=category.games,
                    wins=category.wins,
                    last_scored_at=category.best_at,
                    last_finished_at=category.last_finished_at,
                )
                continue
            player.points += category.points
            player.games += category.games
            player.wins += category.wins
            player.last_scored_at = _later(player.last_scored_at, category.best_at)
            player.last_finished_at = max(player.last_finished_at, category.last_finished_at)
        category_model.objects.using(using).all().delete()
        player_model.objects.using(using).all().delete()
        category_model.objects.using(using).bulk_create(categories, batch_size=BATCH_SIZE)
        player_model.objects.using(using).bulk_create(players.values(), batch_size=BATCH_SIZE)
    return sum(category.games for category in categories)


def _later(first: dt.datetime | None, second: dt.datetime | None) -> dt.datetime | None:
    """The later of two optional instants."""
    if first is None or second is None:
        return first or second
    return max(first, second)
