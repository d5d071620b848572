"""Background tasks of the ratings, run by ``manage.py db_worker`` (django-tasks), and the
queueing of them: the task imports the work (``ratings.services``), never the reverse."""

from __future__ import annotations

import logging

from django_tasks import task

from core.taskqueue import carries_request_id, enqueue
from ratings.services import ratings_rebuild

logger = logging.getLogger(__name__)


@task()
@carries_request_id
def rebuild_ratings() -> str:
    """Rebuild every rating from every finished ranked game (``ratings_rebuild``)."""
    ranked, rated = ratings_rebuild()
    return f"{rated} rated of {ranked} ranked games"


def ratings_rebuild_queue() -> str:
    """Queue :func:`rebuild_ratings` for a worker (the admin's button): the request that asks
    only queues it, whatever the number of games. Returns the task's id."""
    result = enqueue(rebuild_ratings)
    logger.info("ratings rebuild queued", extra={"task_id": str(result.id)})
    return str(result.id)
