"""Background tasks of the ratings, run by ``manage.py db_worker`` (django-tasks)."""

from __future__ import annotations

from django_tasks import task

from core.taskqueue import carries_request_id


@task()
@carries_request_id
def rebuild_ratings() -> str:
    """Rebuild every rating from every finished ranked game (``ratings_rebuild``)."""
    from ratings.services import ratings_rebuild

    ranked, rated = ratings_rebuild()
    return f"{rated} rated of {ranked} ranked games"
