"""Password-reset mail cannot fail silently (issue 27, item 3): a send that fails marks the
task failed and tries again later with growing delays, for the failed accounts only; after
the last try an error is logged with the request id; the link never reaches a log; the
Message-ID ends in the site's domain."""

from __future__ import annotations

import datetime as dt
import logging
from typing import Any

import pytest
from django.core import mail
from django.core.mail.backends.locmem import EmailBackend
from django.test import Client
from django.urls import reverse
from django.utils import timezone
from django_tasks_db.models import DBTaskResult
from pytest_django.fixtures import Settings

from accounts.tasks import RESET_MAIL_RETRY_SECONDS
from core.mail import SMTPBackend
from tests.accounts.test_password_reset_queued import run_queued_tasks
from tests.factories import UserFactory

pytestmark = pytest.mark.django_db

REQUEST_ID = "reset-request-0123456789"


class RefusingRelay(EmailBackend):
    """A mail server that is down while ``DOWN[0]`` is true."""

    DOWN = [True]

    def send_messages(self, messages: Any) -> int:
        if self.DOWN[0]:
            raise ConnectionRefusedError(111, "Connection refused")
        return super().send_messages(messages)


@pytest.fixture(autouse=True)
def _queue_and_a_relay_that_is_down(settings: Settings) -> None:
    settings.TASKS = {"default": {"BACKEND": "django_tasks_db.DatabaseBackend"}}
    settings.EMAIL_BACKEND = f"{__name__}.RefusingRelay"
    RefusingRelay.DOWN[0] = True


def ask_for_a_reset(email: str) -> None:
    response = Client().post(
        reverse("password_reset"), {"email": email}, headers={"X-Request-ID": REQUEST_ID}
    )
    assert response.status_code == 302


def make_waiting_tasks_due() -> None:
    due = timezone.now() - dt.timedelta(seconds=1)
    DBTaskResult.objects.filter(status="READY").update(run_after=due)


def test_a_refused_send_fails_the_task_and_retries_with_growing_delays(
    caplog: pytest.LogCaptureFixture,
) -> None:
    UserFactory(username="ada", email="ada@example.org")
    ask_for_a_reset("ada@example.org")
    delays = []
    with caplog.at_level(logging.INFO):
        for _ in range(len(RESET_MAIL_RETRY_SECONDS) + 1):
            before = timezone.now()
            run_queued_tasks()
            waiting = DBTaskResult.objects.filter(status="READY").first()
            if waiting is not None:
                delays.append((waiting.run_after - before).total_seconds())
                make_waiting_tasks_due()
    results = list(DBTaskResult.objects.order_by("enqueued_at"))
    assert [result.status for result in results] == ["FAILED"] * 4
    assert [result.args_kwargs["kwargs"].get("attempt", 1) for result in results] == [1, 2, 3, 4]
    assert [round(delay, -1) for delay in delays] == list(RESET_MAIL_RETRY_SECONDS)
    assert mail.outbox == []
    # ERROR once, when a person must act (issue 36, item 5): the tries still retried are
    # warnings, the queue's lines about the failed tasks too, with no traceback.
    errors = [r for r in caplog.records if r.levelno >= logging.ERROR]
    assert [r.name for r in errors] == ["accounts.tasks"]
    retried = [r for r in caplog.records if "trying again in" in r.getMessage()]
    assert [r.levelname for r in retried] == ["WARNING"] * len(RESET_MAIL_RETRY_SECONDS)
    failed = [r for r in caplog.records if r.name == "django_tasks" and "FAILED" in r.getMessage()]
    assert len(failed) == 4
    assert {(r.levelname, r.exc_info) for r in failed} == {("WARNING", None)}
    assert "not sent after 4 tries" in errors[0].getMessage()
    assert errors[0].request_id == REQUEST_ID
    # The queue's own lines about these tasks carry the request id too.
    queue_lines = [r for r in caplog.records if r.name == "django_tasks"]
    assert queue_lines
    assert {r.request_id for r in queue_lines} == {REQUEST_ID}


def test_a_retry_sends_only_to_the_accounts_whose_mail_failed() -> None:
    UserFactory(username="ada", email="shared@example.org")
    ask_for_a_reset("shared@example.org")
    run_queued_tasks()
    assert DBTaskResult.objects.get(status="FAILED")
    RefusingRelay.DOWN[0] = False
    make_waiting_tasks_due()
    run_queued_tasks()
    assert [message.to for message in mail.outbox] == [["shared@example.org"]]
    assert DBTaskResult.objects.filter(status="SUCCESSFUL").count() == 1


def test_the_reset_link_never_reaches_a_log(caplog: pytest.LogCaptureFixture) -> None:
    UserFactory(username="ada", email="ada@example.org")
    with caplog.at_level(logging.DEBUG):
        ask_for_a_reset("ada@example.org")
        for _ in range(len(RESET_MAIL_RETRY_SECONDS) + 1):
            run_queued_tasks()
            make_waiting_tasks_due()
    RefusingRelay.DOWN[0] = False
    UserFactory(username="bob", email="bob@example.org")
    ask_for_a_reset("bob@example.org")
    run_queued_tasks()
    link = next(line for line in mail.outbox[0].body.splitlines() if "/reset/" in line)
    token = link.rstrip("/").rsplit("/", 1)[-1]
    logged = "\n".join(record.getMessage() + str(vars(record)) for record in caplog.records)
    assert "/reset/" not in logged
    assert token not in logged


def test_with_debug_off_and_no_mail_server_a_send_fails_instead_of_printing(
    settings: Settings, capsys: pytest.CaptureFixture[str]
) -> None:
    settings.EMAIL_BACKEND = "core.mail.UnconfiguredBackend"
    UserFactory(username="ada", email="ada@example.org")
    ask_for_a_reset("ada@example.org")
    run_queued_tasks()
    failed = DBTaskResult.objects.get(status="FAILED")
    assert "EMAIL_HOST" in failed.traceback
    assert "/reset/" not in capsys.readouterr().out


class CapturingSMTP(SMTPBackend):
    """The site's SMTP backend with the network left out."""

    sent: list[Any] = []

    def open(self) -> bool:
        self.connection = object()
        return True

    def close(self) -> None:
        self.connection = None

    def _send(self, email_message: Any) -> bool:
        self.sent.append(email_message.message())
        return True


def test_message_ids_end_in_the_sites_domain(settings: Settings) -> None:
    settings.ALLOWED_HOSTS = ["hangman.example.org", "testserver"]
    settings.EMAIL_BACKEND = f"{__name__}.CapturingSMTP"
    UserFactory(username="ada", email="ada@example.org")
    ask_for_a_reset("ada@example.org")
    run_queued_tasks()
    message_id = CapturingSMTP.sent[-1]["Message-ID"]
    assert message_id.endswith("@hangman.example.org>")


def test_tasks_carry_their_requests_id_to_the_worker() -> None:
    UserFactory(username="ada", email="ada@example.org")
    ask_for_a_reset("ada@example.org")
    queued = DBTaskResult.objects.get()
    assert queued.args_kwargs["kwargs"]["request_id"] == REQUEST_ID
    assert queued.enqueued_at <= timezone.now() + dt.timedelta(seconds=1)
