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
from django.db import DEFAULT_DB_ALIAS, transaction
from django.db.models import Count, F, Max, Q, QuerySet, Window
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

    The player's PlayerTotal row is locked first (created if this is their first ranked
    game: INSERT ... ON CONFLICT DO NOTHING, which waits for another transaction inserting
    it and never fails on the key, so no savepoint), so finishes of one player apply one
    after the other. Under that lock the board's row is read and written back with one
    upsert, and the player's row moved by what the board's changed (summed again from the
    boards in the one case a change cannot say: a board's best win moved earlier).
    """
    if not game.on_leaderboards or game.finished_at is None:
        return
    finished_at = game.finished_at
    key = {field: getattr(game, field) for field in CATEGORY_FIELDS}
    # Joins the caller's transaction; opens one when called outside (tests, loads).
    with transaction.atomic(savepoint=False):
        player = _locked_player_total(game.player_id, finished_at=finished_at)
        board = CategoryTotal.objects.filter(**key).first() or CategoryTotal(
            **key, last_finished_at=finished_at
        )
        points_before, best_before = board.points, board.best_at
        board.games += 1
        board.wins += int(game.status == Status.WON)
        # max/min, not simply this game: loads may add games in any order.
        board.last_finished_at = max(board.last_finished_at, finished_at)
        if game.score > board.points:
            board.points, board.best_at = game.score, finished_at
        elif game.score == board.points > 0 and board.best_at is not None:
            board.best_at = min(board.best_at, finished_at)
        board.pk = None  # written by the board's key: an insert, or the update of that row
        CategoryTotal.objects.bulk_create(
            [board],
            update_conflicts=True,
            unique_fields=list(CATEGORY_FIELDS),
            update_fields=["games", "wins", "last_finished_at", "points", "best_at"],
        )
        player.points += board.points - points_before
        player.games += 1
        player.wins += int(game.status == Status.WON)
        player.last_finished_at = max(player.last_finished_at, finished_at)
        if best_before is None or (board.best_at is not None and board.best_at >= best_before):
            player.last_scored_at = _later(player.last_scored_at, board.best_at)
        else:  # this board's best moved earlier: the latest of the boards may be another's
            player.last_scored_at = CategoryTotal.objects.filter(
                player_id=game.player_id
            ).aggregate(latest=Max("best_at"))["latest"]
        player.save(update_fields=["points", "games", "wins", "last_finished_at", "last_scored_at"])


def _locked_player_total(player_id: int, *, finished_at: dt.datetime) -> PlayerTotal:
    """The player's PlayerTotal row, locked; inserted empty first when missing."""
    rows = PlayerTotal.objects.select_for_update().filter(player_id=player_id)
    row = rows.first()
    if row is None:
        PlayerTotal.objects.bulk_create(
            [PlayerTotal(player_id=player_id, last_finished_at=finished_at)],
            ignore_conflicts=True,  # inserted meanwhile by another finish: waited for, kept
        )
        row = rows.get()
    return row


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
