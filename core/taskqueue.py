"""The task queue: the age of its oldest waiting task (``TASK_QUEUE_AGE`` points here, for
``/metrics/`` and ``/ready/``'s details), and the request id every task carries: a task is
queued with the id of the request that asked for it (:func:`enqueue`), and every line the
worker logs while running it carries that id, the queue's own lines included."""

from __future__ import annotations

import functools
from collections.abc import Callable
from contextvars import Token
from typing import Any, TypeVar

from django.db.models import Min
from django.utils import timezone
from django_tasks import DEFAULT_TASK_BACKEND_ALIAS, task_backends
from django_tasks.base import Task, TaskResult
from django_tasks.signals import log_task_started, task_finished, task_started
from django_tasks_db.backend import DatabaseBackend
from django_tasks_db.models import DBTaskResult

from core.logs import NO_VALUE, current_request_id, request_id_var

REQUEST_ID_ARGUMENT = "request_id"
Result = TypeVar("Result")


def oldest_waiting_task_age() -> float | None:
    """Seconds the oldest task ready to run has waited for a worker; None when none waits
    (or tasks run inside their request, with no queue)."""
    if not isinstance(task_backends[DEFAULT_TASK_BACKEND_ALIAS], DatabaseBackend):
        return None
    oldest = DBTaskResult.objects.ready().aggregate(oldest=Min("enqueued_at"))["oldest"]
    if oldest is None:
        return None
    return max(0.0, (timezone.now() - oldest).total_seconds())


def enqueue(task: Task[..., Any], /, *args: Any, **kwargs: Any) -> TaskResult[Any]:
    """Queue ``task`` (a function wrapped by :func:`carries_request_id`) with the id of the
    request running now (``-`` outside one), as its ``request_id`` argument."""
    return task.enqueue(*args, **kwargs, **{REQUEST_ID_ARGUMENT: current_request_id()})


def carries_request_id(function: Callable[..., Result]) -> Callable[..., Result]:
    """Under ``@task()``: the function takes ``request_id`` (given by :func:`enqueue`) without
    seeing it; the worker's signals below put it on the lines it logs."""

    @functools.wraps(function)
    def run(*args: Any, request_id: str = NO_VALUE, **kwargs: Any) -> Result:
        token = request_id_var.set(request_id)
        try:
            return function(*args, **kwargs)
        finally:
            request_id_var.reset(token)

    return run


_running: dict[str, Token[str]] = {}


def task_started_in_context(sender: object, task_result: TaskResult[Any], **kwargs: Any) -> None:
    """Before the queue logs a task's start: its request id on the worker's lines."""
    request_id = task_result.kwargs.get(REQUEST_ID_ARGUMENT)
    if isinstance(request_id, str):
        _running[task_result.id] = request_id_var.set(request_id)


def task_finished_in_context(sender: object, task_result: TaskResult[Any], **kwargs: Any) -> None:
    """After the queue logged the task's end (success or failure): back to what was before."""
    token = _running.pop(task_result.id, None)
    if token is not None:
        request_id_var.reset(token)


def connect_request_id_signals() -> None:
    """The request id is set before django-tasks logs a start (its receiver is connected
    again after ours) and reset after it logged the end (ours is connected after its own)."""
    task_started.disconnect(log_task_started)
    task_started.connect(task_started_in_context, dispatch_uid="core.task_started")
    task_started.connect(log_task_started)
    task_finished.connect(task_finished_in_context, dispatch_uid="core.task_finished")
