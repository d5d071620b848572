"""The password-reset e-mail is sent by a worker: the request takes the same path whatever
the address (no timing oracle), and a slow mail server never holds a web process."""

from __future__ import annotations

import time
from typing import Any

import pytest
from django.core import mail
from django.core.mail.backends.locmem import EmailBackend
from django.test import Client
from django.urls import reverse
from django_tasks_db.management.commands.db_worker import Worker
from django_tasks_db.models import DBTaskResult
from pytest_django.fixtures import Settings

from tests.factories import UserFactory

pytestmark = pytest.mark.django_db

RELAY_SECONDS = 0.4


class SlowRelayBackend(EmailBackend):
    """An SMTP relay that takes its time over every message."""

    def send_messages(self, messages: Any) -> int:
        time.sleep(RELAY_SECONDS)
        return super().send_messages(messages)


@pytest.fixture(autouse=True)
def _database_queue_and_slow_relay(settings: Settings) -> None:
    settings.TASKS = {"default": {"BACKEND": "django_tasks_db.DatabaseBackend"}}
    settings.EMAIL_BACKEND = f"{__name__}.SlowRelayBackend"


def run_queued_tasks() -> None:
    """What ``manage.py db_worker --batch`` does to each waiting task, in this process (its
    loop would close the test's connection between tasks)."""
    worker = Worker(
        queue_names=["default"],
        interval=0,
        batch=True,
        backend_name="default",
        startup_delay=False,
        max_tasks=None,
        worker_id="test-worker",
        excluded_queue_names=[],
    )
    for result in DBTaskResult.objects.ready().order_by("enqueued_at"):
        result.claim(worker.worker_id)
        worker.run_task(result)


def timed_reset(client: Client, email: str) -> float:
    started = time.perf_counter()
    response = client.post(reverse("password_reset"), {"email": email})
    elapsed = time.perf_counter() - started
    assert response["Location"] == reverse("password_reset_done")
    return elapsed


def test_known_and_unknown_addresses_queue_the_same_task_and_send_nothing_in_the_request(
    client: Client,
) -> None:
    UserFactory(username="ada", email="ada@example.org")
    known = timed_reset(client, "ada@example.org")
    unknown = timed_reset(client, "nobody@example.org")

    assert mail.outbox == []  # nothing sent while the requests ran
    assert known < RELAY_SECONDS
    assert unknown < RELAY_SECONDS
    tasks = list(DBTaskResult.objects.order_by("enqueued_at"))
    assert [task.task_path for task in tasks] == ["accounts.tasks.send_password_reset"] * 2
    assert [task.status for task in tasks] == ["READY", "READY"]

    run_queued_tasks()
    assert [message.to for message in mail.outbox] == [["ada@example.org"]]
    assert "Hello ada," in mail.outbox[0].body
    assert "http://testserver/accounts/password/reset/" in mail.outbox[0].body
    assert set(DBTaskResult.objects.values_list("status", flat=True)) == {"SUCCESSFUL"}


def test_an_inactive_account_gets_no_mail_from_the_worker_either(client: Client) -> None:
    UserFactory(username="gone", email="gone@example.org", is_active=False)
    timed_reset(client, "gone@example.org")
    run_queued_tasks()
    assert mail.outbox == []
