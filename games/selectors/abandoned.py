"""Which ranked games are abandoned: no move for ``RANKED_ABANDON_AFTER``, still in progress.

The clock is the game row's ``updated_at``: a ranked game's row is written only by its
start and its guesses (hints and undo are refused in a game that counts), so it is the
time of the last move, or of the start before the first. Practice, computer and bot
games are never ranked and so never abandoned. The writes are
``games.services.abandoned_games_expire`` and the guess's own check.
"""

from __future__ import annotations

import datetime as dt

from django.conf import settings
from django.db.models import Q
from django.utils import timezone
from django.utils.translation import gettext, ngettext

from games.models import CountsAs, Game, Status
from games.selectors.letters import final_word


def abandon_cutoff(now: dt.datetime | None = None) -> dt.datetime:
    """A ranked game whose last move (or start) is at or before this is abandoned."""
    return (now or timezone.now()) - settings.RANKED_ABANDON_AFTER


def abandoned_condition(cutoff: dt.datetime) -> Q:
    """The rows abandoned at ``cutoff``: the same test as ``is_abandoned``, for a query."""
    return Q(is_ranked=True, status=Status.PLAYING, updated_at__lte=cutoff)


def is_abandoned(game: Game, *, now: dt.datetime | None = None) -> bool:
    """A ranked game in progress left with no move for ``RANKED_ABANDON_AFTER``."""
    return (
        game.is_ranked and game.status == Status.PLAYING and game.updated_at <= abandon_cutoff(now)
    )


def abandon_limit_words() -> str:
    """``RANKED_ABANDON_AFTER`` in words: "an hour", "2 hours", "45 minutes"."""
    minutes = int(settings.RANKED_ABANDON_AFTER.total_seconds() // 60)
    if minutes % 60 == 0:
        hours = minutes // 60
        return ngettext("an hour", "%(count)s hours", hours) % {"count": hours}
    return ngettext("a minute", "%(count)s minutes", minutes) % {"count": minutes}


def abandoned_message(game: Game) -> str:
    """What the player is told of their game finished as abandoned (safe to show them)."""
    if game.counts_as == CountsAs.ONE_ATTEMPT:
        message = gettext(
            "This daily attempt was left with no move for over %(limit)s, so it counts as a "
            "loss. The computer's word: %(word)s."
        )
    else:
        message = gettext(
            "This ranked game was left with no move for over %(limit)s, so it counts as a "
            "loss. The computer's word: %(word)s."
        )
    return message % {"limit": abandon_limit_words(), "word": final_word(game)}
