"""Writes to the ratings: one rated game, and the rebuild from every ranked game.

``game_rate`` runs in the transaction that ends a ranked game (registered as
play's finish hook in ``RatingsConfig.ready``). It locks the challenge's row, then the
player's (always in that order, so two finishes never deadlock), so concurrent
finishes on one challenge or by one player are applied one after the other.
"""

from __future__ import annotations

import datetime as dt
import logging
from dataclasses import dataclass
from typing import TypeVar

from django.db import connections, router, transaction

from games.models import CountsAs, Game, Status
from ratings import glicko2, rules
from ratings.models import ChallengeRating, PlayerRating, RatingChange
from ratings.selectors import (
    UNRATED_AT_FINISH,
    challenge_first_rating,
    challenge_keys,
    starting_ratings,
)

logger = logging.getLogger(__name__)


R = TypeVar("R", ChallengeRating, PlayerRating)


def _locked(model: type[R], first: glicko2.Rating, **keys: object) -> R:
    """The row for ``keys``, locked, in one statement; inserted first with the rating it
    starts from (``first``) when missing. Safe when two transactions race.

    An upsert that changes nothing (INSERT ... ON CONFLICT DO UPDATE SET games = games,
    RETURNING the row): it takes the row's lock, or inserts the row; an insert racing
    another's waits for it and then locks the row it committed, with no savepoint and no
    error. A rebuild deletes every row in its transaction: a finish waiting on a row's
    lock meanwhile inserts it again once the rebuild commits (the rebuild's own row)
    rather than fail the player's last guess.
    """
    connection = connections[router.db_for_write(model)]
    table = connection.ops.quote_name(model._meta.db_table)
    columns = [*keys, "rating", "deviation", "volatility", "games"]
    with connection.cursor() as cursor:
        cursor.execute(
            f"INSERT INTO {table} ({', '.join(columns)}) "
            f"VALUES ({', '.join(['%s'] * len(columns))}) "
            f"ON CONFLICT ({', '.join(keys)}) DO UPDATE SET games = {table}.games "
            "RETURNING id, rating, deviation, volatility, games",
            [*keys.values(), first.rating, first.deviation, first.volatility, 0],
        )
        pk, rating, deviation, volatility, games = cursor.fetchone()
    row = model(
        pk=pk, rating=rating, deviation=deviation, volatility=volatility, games=games, **keys
    )
    row._state.adding, row._state.db = False, connection.alias
    return row


def game_rate(game: Game) -> RatingChange | None:
    """Rate a finished ranked game: a win of the player over its challenge, or a loss.

    Giving up is a loss (``status`` is LOST). A game already rated is left alone, and so
    is one its player was all but sure to win when it started (``ratings.rules``): that
    is decided from the stored history alone, so ``ratings_rebuild`` decides the same.
    A daily attempt is never rated: its one shared line can be learnt by a spare
    identity and passed on before the day is over, so it would pay whoever cheated.
    """
    if not game.is_ranked or game.status not in (Status.WON, Status.LOST):
        return None
    if game.counts_as == CountsAs.ONE_ATTEMPT:  # the day's one attempt
        return None
    start = starting_ratings(game)
    if not rules.counts(start.player, start.challenge):
        game.__dict__[UNRATED_AT_FINISH] = True  # the board's end asks: no query for it
        return None

    with transaction.atomic(savepoint=False):  # joins the finishing transaction (or a rebuild's)
        challenge = _locked_challenge(game, first=start.challenge_first_rating)
        player = _locked(PlayerRating, glicko2.Rating(), player_id=game.player_id)
        history = _history_under_locks(game, challenge=challenge)
        if history.rated:
            return None
        score = 1.0 if game.status == Status.WON else 0.0
        player_before = glicko2.Rating(player.rating, player.deviation, player.volatility)
        challenge_before = glicko2.Rating(
            challenge.rating, challenge.deviation, challenge.volatility
        )
        player_after = glicko2.update(player_before, [(challenge_before, score)])
        moves_challenge = rules.moves_challenge(
            player_before,
            challenge_before,
            played=bool(game.moves),
            first_today=not history.moved_challenge_today,
            played_games=history.played_games,
            account_age=_account_age(game, joined=start.player_joined),
        )
        challenge_after = (
            glicko2.update(challenge_before, [(player_before, 1.0 - score)])
            if moves_challenge
            else challenge_before
        )
        for row, after in ((player, player_after), (challenge, challenge_after)):
            row.rating, row.deviation, row.volatility = (
                after.rating,
                after.deviation,
                after.volatility,
            )
            row.games += 1
            row.save(update_fields=["rating", "deviation", "volatility", "games"])
        # The board's games count every rated game on it, moved or not.
        change = RatingChange.objects.create(
            game_id=game.pk,
            player_id=game.player_id,
            challenge=challenge,
            score=score,
            player_before=player_before.rating,
            player_after=player_after.rating,
            player_deviation_after=player_after.deviation,
            challenge_before=challenge_before.rating,
            challenge_after=challenge_after.rating,
            challenge_deviation_after=challenge_after.deviation,
            moved_challenge=moves_challenge,
            finished_at=game.finished_at,
        )
        game.rating_change = change  # type: ignore[attr-defined]  # the board shows it: no read
        return change


def _locked_challenge(game: Game, *, first: glicko2.Rating | None) -> ChallengeRating:
    """The game's challenge row, locked. ``first``: its first rating, read at the game's
    start when it had no rated games (its row is inserted if missing); None: it had some,
    so its row is there and locked as it is, the first rating read only if it vanished
    (a rebuild in between)."""
    keys = challenge_keys(game)
    if first is None:
        row = ChallengeRating.objects.select_for_update().filter(**keys).first()
        if row is not None:
            return row
        first = challenge_first_rating(**keys)
    return _locked(ChallengeRating, first, **keys)


@dataclass(frozen=True)
class _History:
    """What a rated finish reads of the history under the rows' locks (so a finish of the
    same player or challenge committed meanwhile is seen), in one query."""

    rated: bool  # the game has its change already: left alone
    moved_challenge_today: bool
    played_games: int


def _history_under_locks(game: Game, *, challenge: ChallengeRating) -> _History:
    """Whether the game is rated already, whether the player's result already moved this
    challenge on the game's (UTC) day, and the player's rated games before this one in which
    they guessed at least once, counted up to the rule's minimum
    (``ratings.rules.CHALLENGE_MOVER_MIN_PLAYED_GAMES``: a spare account's instant give-ups
    do not make it one whose results move challenges). Each an index range of its own, asked
    together in one plain query once the player's row is locked."""
    assert game.finished_at is not None
    day = game.finished_at.astimezone(dt.UTC).replace(hour=0, minute=0, second=0, microsecond=0)
    connection = connections[router.db_for_write(RatingChange)]
    changes, games = (
        connection.ops.quote_name(model._meta.db_table) for model in (RatingChange, Game)
    )
    finished_at, day_start = (
        connection.ops.adapt_datetimefield_value(value) for value in (game.finished_at, day)
    )
    before = f"{changes}.player_id = %s AND {changes}.finished_at < %s"
    with connection.cursor() as cursor:
        cursor.execute(
            f"SELECT EXISTS (SELECT 1 FROM {changes} WHERE game_id = %s), "
            f"EXISTS (SELECT 1 FROM {changes} WHERE {before} AND challenge_id = %s "
            "AND moved_challenge AND finished_at >= %s), "
            f"(SELECT COUNT(*) FROM (SELECT 1 FROM {changes} INNER JOIN {games} "
            f"ON {games}.id = {changes}.game_id WHERE {before} AND {games}.moves <> '[]' "
            "LIMIT %s) played)",
            [
                game.pk,
                game.player_id,
                finished_at,
                challenge.pk,
                day_start,
                game.player_id,
                finished_at,
                rules.CHALLENGE_MOVER_MIN_PLAYED_GAMES,
            ],
        )
        rated, moved_today, played = cursor.fetchone()
    return _History(rated=bool(rated), moved_challenge_today=bool(moved_today), played_games=played)


def _account_age(game: Game, *, joined: dt.datetime | None) -> dt.timedelta:
    """How old the player's account was when the game ended (a rebuild decides the same)."""
    assert game.finished_at is not None
    return game.finished_at - joined if joined is not None else dt.timedelta(0)


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
        ChallengeRating.objects.all().delete()
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
            if game_rate(game) is not None:
                rated += 1
        return ranked, rated
