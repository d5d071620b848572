"""Writes to the ratings: one rated game, and the rebuild from every ranked game.

``rating_record`` runs in the transaction that ends a ranked game (registered as
play's finish hook in ``RatingsConfig.ready``). It locks the board's row, then the
player's (always in that order, so two finishes never deadlock), so concurrent
finishes on one board or by one player are applied one after the other.
"""

from __future__ import annotations

import datetime as dt
import logging
from typing import TypeVar

from django.contrib.auth import get_user_model
from django.db import IntegrityError, transaction
from django.db.models import Model

from games.models import Game, Status
from ratings import glicko2, rules
from ratings.models import BoardRating, PlayerRating, RatingChange
from ratings.selectors import board_keys, board_start, ratings_at_start

logger = logging.getLogger(__name__)


def _board_defaults(game: Game) -> dict[str, float]:
    start = board_start(**board_keys(game))
    return {"rating": start.rating, "deviation": start.deviation}


M = TypeVar("M", bound=Model)


LOCK_ATTEMPTS = 3


def _locked(model: type[M], defaults: dict[str, float], **keys: object) -> M:
    """The row for ``keys``, created if missing (safe when two transactions race), locked.

    A rebuild deletes every row in its transaction: a finish waiting on a row's lock
    meanwhile finds it gone once the rebuild commits, and creates it again (the rebuild's
    own row) rather than fail the player's last guess.
    """
    manager = model._default_manager  # type: ignore[attr-defined]
    for attempt in range(LOCK_ATTEMPTS):
        try:
            with transaction.atomic():
                manager.get_or_create(defaults=defaults, **keys)
        except IntegrityError:  # another transaction created it first: it is there now
            pass
        try:
            return manager.select_for_update().get(**keys)
        except model.DoesNotExist:  # type: ignore[attr-defined]
            if attempt == LOCK_ATTEMPTS - 1:
                raise
    raise AssertionError("unreachable")


def rating_record(game: Game) -> RatingChange | None:
    """Rate a finished ranked game: a win of the player over its board, or a loss.

    Giving up is a loss (``status`` is LOST). A game already rated is left alone, and so
    is one its player was all but sure to win when it started (``ratings.rules``): that
    is decided from the stored history alone, so ``ratings_rebuild`` decides the same.
    A daily attempt is never rated: its one shared line can be learnt by a spare
    identity and passed on before the day is over, so it would pay whoever cheated.
    """
    if not game.is_ranked or game.status not in (Status.WON, Status.LOST):
        return None
    if game.daily_puzzle_id is not None:
        return None
    if not rules.counts(*ratings_at_start(game)):
        return None
    with transaction.atomic():
        board = _locked(BoardRating, _board_defaults(game), **board_keys(game))
        player = _locked(PlayerRating, {}, player_id=game.player_id)
        if RatingChange.objects.filter(game_id=game.pk).exists():
            return None
        score = 1.0 if game.status == Status.WON else 0.0
        player_before = glicko2.Rating(player.rating, player.deviation, player.volatility)
        board_before = glicko2.Rating(board.rating, board.deviation, board.volatility)
        player_after = glicko2.update(player_before, [(board_before, score)])
        moves_board = rules.moves_board(
            player_before,
            board_before,
            played=bool(game.letters),
            first_today=not _moved_board_today(game, board),
            played_games=_played_rated_games(game),
            account_age=_account_age(game),
        )
        board_after = (
            glicko2.update(board_before, [(player_before, 1.0 - score)])
            if moves_board
            else board_before
        )
        for row, after in ((player, player_after), (board, board_after)):
            row.rating, row.deviation, row.volatility = (
                after.rating,
                after.deviation,
                after.volatility,
            )
            row.games += 1
            row.save(update_fields=["rating", "deviation", "volatility", "games"])
        # The board's games count every rated game on it, moved or not.
        return RatingChange.objects.create(
            game_id=game.pk,
            player_id=game.player_id,
            board=board,
            score=score,
            player_before=player_before.rating,
            player_after=player_after.rating,
            player_deviation_after=player_after.deviation,
            board_before=board_before.rating,
            board_after=board_after.rating,
            board_deviation_after=board_after.deviation,
            moved_board=moves_board,
            finished_at=game.finished_at,
        )


def _played_rated_games(game: Game) -> int:
    """The player's rated games before this one in which they guessed at least once, counted
    up to the rule's minimum (``ratings.rules.BOARD_MOVER_MIN_PLAYED_GAMES``): a spare
    account's instant give-ups do not make it one whose results move boards."""
    earlier = RatingChange.objects.filter(
        player_id=game.player_id, finished_at__lt=game.finished_at
    ).exclude(game__letters="")
    return earlier.values("pk")[: rules.BOARD_MOVER_MIN_PLAYED_GAMES].count()


def _account_age(game: Game) -> dt.timedelta:
    """How old the player's account was when the game ended (a rebuild decides the same)."""
    assert game.finished_at is not None
    joined = (
        get_user_model()
        .objects.filter(pk=game.player_id)
        .values_list("date_joined", flat=True)
        .first()
    )
    return game.finished_at - joined if joined is not None else dt.timedelta(0)


def _moved_board_today(game: Game, board: BoardRating) -> bool:
    """Whether the player's result already moved this board on the game's (UTC) day."""
    assert game.finished_at is not None
    day = game.finished_at.astimezone(dt.UTC).replace(hour=0, minute=0, second=0, microsecond=0)
    return RatingChange.objects.filter(
        player_id=game.player_id,
        board=board,
        moved_board=True,
        finished_at__gte=day,
        finished_at__lt=game.finished_at,
    ).exists()


def ratings_rebuild() -> tuple[int, int]:
    """Forget every rating and replay every finished ranked game in order.

    Returns how many ranked games were replayed and how many of them counted.
    The order is (finished_at, id), the order the finishing transactions rated them in
    (a finish takes the rows' locks as it ends), so the result is the incremental one.
    One transaction: a rebuild stopped halfway (a worker killed) leaves the old ratings
    whole, and two at once (the admin's and the command's) give one rebuild's result.
    """
    with transaction.atomic():
        RatingChange.objects.all().delete()
        PlayerRating.objects.all().delete()
        BoardRating.objects.all().delete()
        games = (
            Game.objects.filter(
                is_ranked=True, finished_at__isnull=False, status__in=[Status.WON, Status.LOST]
            )
            .order_by("finished_at", "id")
            .iterator(chunk_size=2000)
        )
        ranked = rated = 0
        for game in games:
            ranked += 1
            if rating_record(game) is not None:
                rated += 1
        return ranked, rated


def ratings_rebuild_queue() -> str:
    """Queue ``ratings_rebuild`` for a worker (the admin's button): the request that asks
    only queues it, whatever the number of games. Returns the task's id."""
    from core.taskqueue import enqueue
    from ratings.tasks import rebuild_ratings

    result = enqueue(rebuild_ratings)
    logger.info("ratings rebuild queued", extra={"task_id": str(result.id)})
    return str(result.id)
