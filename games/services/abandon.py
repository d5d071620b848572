"""Ranked games left past ``RANKED_ABANDON_AFTER`` are finished as losses ("abandoned").

Without it a player about to lose a ranked game could leave it open and never be rated.
Each game ends in a transaction of its own through the give-up's finish
(``locked_game_forfeit``: the rating, the leaderboard totals, every finish hook), so a crash
half way through a batch leaves each game either finished or untouched. Its row is
locked with SKIP LOCKED and the idle test made again under the lock: a guess holding
the row is left to land (the game is then no longer idle), and a guess arriving after
finds the game over (``game_guess`` refuses it). Run by ``manage.py
expire_abandoned_games`` (cron) and, for one player, when they come back (the game's
board, the home page, the new-game page, the daily start), so no cron is needed for the
rule to hold.
"""

from __future__ import annotations

import datetime as dt

from django.contrib.auth.models import AbstractBaseUser
from django.db import transaction

from games.models import Game
from games.selectors.abandoned import abandon_cutoff, abandoned_condition
from games.services.play import locked_game_forfeit


def abandoned_games_expire(
    *,
    player: AbstractBaseUser | None = None,
    game_id: int | None = None,
    now: dt.datetime | None = None,
) -> list[Game]:
    """Finish as abandoned every ranked game idle past the limit (of ``player``, or the one
    ``game_id``, when given); returns the games this call finished, oldest first.

    Idempotent: a game already finished is no longer in progress and is not found again.
    """
    cutoff = abandon_cutoff(now)
    stale = Game.objects.filter(abandoned_condition(cutoff))
    if player is not None:
        stale = stale.filter(player=player)
    if game_id is not None:
        stale = stale.filter(pk=game_id)
    finished = []
    for pk in list(stale.order_by("updated_at", "id").values_list("pk", flat=True)):
        game = _expire_one(pk, cutoff)
        if game is not None:
            finished.append(game)
    return finished


def _expire_one(pk: int, cutoff: dt.datetime) -> Game | None:
    """Finish one game if it is still abandoned under its row lock; None if a guess holds
    the row, moved it on, or another process finished it first."""
    with transaction.atomic():
        game = (
            Game.objects.select_for_update(skip_locked=True)
            .filter(abandoned_condition(cutoff), pk=pk)
            .first()
        )
        if game is None:
            return None
        locked_game_forfeit(game, abandoned=True)
        return game
