"""Background tasks of the API, run by ``manage.py db_worker`` (django-tasks), and the
queueing of them: the task plays the games (``api.makers``), never the reverse."""

from __future__ import annotations

from django_tasks import task

from api.makers import reference_games_play
from core.taskqueue import carries_request_id, enqueue


@task()
@carries_request_id
def play_reference_games(dictionary_id: int, length: int, max_misses: int) -> int:
    """Play the queued reference games of one challenge (``api.makers.reference_misses``)."""
    return reference_games_play(dictionary_id=dictionary_id, length=length, max_misses=max_misses)


def reference_games_queue(*, dictionary_id: int, length: int, max_misses: int) -> None:
    enqueue(play_reference_games, dictionary_id, length, max_misses)
