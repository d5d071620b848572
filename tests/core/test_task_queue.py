"""``/ready/`` and ``/metrics/`` read the age of the oldest task waiting in the queue."""

from __future__ import annotations

import datetime as dt
import json

import pytest
from django.test import Client
from django.urls import reverse
from django.utils import timezone
from django_tasks_db.models import DBTaskResult
from pytest_django.fixtures import Settings

from accounts.tasks import send_password_reset
from core.taskqueue import oldest_waiting_task_age

pytestmark = pytest.mark.django_db


@pytest.fixture
def database_queue(settings: Settings) -> None:
    settings.PROBE_TOKEN = "t0ken-for-tests"
    settings.TASKS = {"default": {"BACKEND": "django_tasks_db.DatabaseBackend"}}
    settings.TASK_QUEUE_ALERT_SECONDS = 300


def queue_one(waited_seconds: float) -> DBTaskResult:
    result = send_password_reset.enqueue(
        email="a@example.org", domain="testserver", use_https=False, extra_email_context={}
    )
    enqueued = timezone.now() - dt.timedelta(seconds=waited_seconds)
    DBTaskResult.objects.filter(id=result.id).update(enqueued_at=enqueued)
    return DBTaskResult.objects.get(id=result.id)


def task_queue_check() -> tuple[int, dict]:
    response = Client().get(reverse("ready"), headers={"Authorization": "Bearer t0ken-for-tests"})
    return response.status_code, json.loads(response.content)["checks"]["task_queue"]


def test_the_setting_points_at_the_sites_queue(settings: Settings) -> None:
    assert settings.TASK_QUEUE_AGE == "core.taskqueue.oldest_waiting_task_age"


@pytest.mark.usefixtures("database_queue")
def test_the_oldest_waiting_task_decides_and_running_or_finished_ones_do_not() -> None:
    assert oldest_waiting_task_age() is None
    queue_one(waited_seconds=20)
    old = queue_one(waited_seconds=400)
    status, check = task_queue_check()
    assert status == 200  # reported for alerting, never fatal
    assert check["ok"] is False
    assert 399 <= check["oldest_seconds"] <= 410

    DBTaskResult.objects.filter(id=old.id).update(status="RUNNING")
    status, check = task_queue_check()
    assert status == 200
    assert 19 <= check["oldest_seconds"] <= 30

    DBTaskResult.objects.update(status="SUCCESSFUL")
    assert task_queue_check() == (
        200,
        {"ok": True, "fatal": False, "detail": "no task waiting", "oldest_seconds": 0},
    )


def test_tasks_run_in_their_request_leave_no_queue_to_wait_in() -> None:
    """The immediate backend (tests, a site without workers) never has a task waiting."""
    assert oldest_waiting_task_age() is None
