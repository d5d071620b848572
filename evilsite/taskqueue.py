"""The task queue as ``/metrics/`` and ``/ready/`` see it (``TASK_QUEUE_AGE`` points here)."""

from __future__ import annotations

from django.db.models import Min
from django.utils import timezone
from django_tasks import DEFAULT_TASK_BACKEND_ALIAS, task_backends
from django_tasks_db.backend import DatabaseBackend
from django_tasks_db.models import DBTaskResult


def oldest_waiting_task_age() -> float | None:
    """Seconds the oldest task ready to run has waited for a worker; None when none waits
    (or tasks run inside their request, with no queue)."""
    if not isinstance(task_backends[DEFAULT_TASK_BACKEND_ALIAS], DatabaseBackend):
        return None
    oldest = DBTaskResult.objects.ready().aggregate(oldest=Min("enqueued_at"))["oldest"]
    if oldest is None:
        return None
    return max(0.0, (timezone.now() - oldest).total_seconds())
