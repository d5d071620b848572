"""The reference games of a challenge: the misses the site's AI guesser needs against the
site's word-makers with the same settings, read by the word-makers' leaderboard and the
guesser bots' assignments. Requests read them and queue what is missing; the worker plays
them (``api.tasks`` -> ``api.makers.reference_games_play``), so this module sits above the
task module and the task module above the playing one."""

from __future__ import annotations

import datetime as dt

from django.contrib.auth.models import AbstractBaseUser
from django.utils import timezone

from api.models import ReferenceGame
from api.tasks import reference_games_queue
from core.ratelimit import rate_limit_hit
from games import engine

REFERENCE_DIFFICULTIES = (engine.Difficulty.HARD, engine.Difficulty.FIENDISH)
# A reference game queued this long ago and still not played: its worker died; queued again.
REFERENCE_REQUEUE_AFTER = dt.timedelta(minutes=10)


def reference_misses(
    *,
    dictionary_id: int,
    length: int,
    max_misses: int,
    player: AbstractBaseUser,
    address: str | None = None,
    difficulties: tuple[engine.Difficulty, ...] = REFERENCE_DIFFICULTIES,
) -> dict[str, int]:
    """The misses the site's AI guesser needs against each of the site's word-makers
    (``difficulties``) with the same settings, as far as the worker has played them: the
    reference rows of the word-makers' leaderboard (hard and fiendish) and of a guesser bot
    assignment (its difficulty). A difficulty missing from the answer is queued.

    The games are the same for everyone and cost seconds of search, so no request plays
    them: the first to ask queues them for the worker (``api.tasks.play_reference_games``),
    and every later one reads them (``ReferenceGame``). Queueing counts in the
    ``computer_game`` rate, since the computer plays those games; a game queued
    ``REFERENCE_REQUEUE_AFTER`` ago and still not played is queued again (its worker died).
    """
    names = [difficulty.value for difficulty in difficulties]
    stored = {
        game.difficulty: game
        for game in ReferenceGame.objects.filter(
            dictionary_id=dictionary_id,
            length=length,
            max_misses=max_misses,
            difficulty__in=names,
        )
    }
    stale = timezone.now() - REFERENCE_REQUEUE_AFTER
    missing = [
        name
        for name in names
        if name not in stored or (stored[name].misses is None and stored[name].queued_at < stale)
    ]
    if missing:
        rate_limit_hit(scope="computer_game", player=player, address=address)
        for name in missing:
            ReferenceGame.objects.update_or_create(
                dictionary_id=dictionary_id,
                length=length,
                max_misses=max_misses,
                difficulty=name,
                defaults={"queued_at": timezone.now(), "misses": None, "computed_at": None},
            )
        reference_games_queue(dictionary_id=dictionary_id, length=length, max_misses=max_misses)
        stored = {
            game.difficulty: game
            for game in ReferenceGame.objects.filter(
                dictionary_id=dictionary_id,
                length=length,
                max_misses=max_misses,
                difficulty__in=names,
            )
        }
    return {
        name: stored[name].misses
        for name in names
        if name in stored and stored[name].misses is not None
    }
