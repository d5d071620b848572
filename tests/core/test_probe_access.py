"""Probes a load balancer understands (issue 27, item 2; issue 26, finding 10): ``/ping/``
and ``/ready/`` answer plain HTTP with any Host, without a redirect or an error line; the
public body says only whether the node is ready; the details (database errors, the
replica, the task queue) and ``/metrics/`` are for staff and the probe token."""

from __future__ import annotations

import json
import logging

import pytest
from django.db import DEFAULT_DB_ALIAS, OperationalError, connections
from django.test import Client
from pytest_django.fixtures import Settings

from core import health
from tests.factories import UserFactory

TOKEN = "a-probe-token-for-the-tests-only-0123456789"
NODE_ADDRESS = "10.0.0.5:8000"  # a load balancer asks the node by its own address


@pytest.fixture(autouse=True)
def _production_like(settings: Settings) -> None:
    """What DEBUG off sets (evilsite/settings.py), on the test database."""
    settings.DEBUG = False
    settings.SECURE_SSL_REDIRECT = True
    settings.SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")
    settings.ALLOWED_HOSTS = ["hangman.example.org"]
    settings.PROBE_TOKEN = TOKEN
    health.forget_migrations_check()


def database_down(monkeypatch: pytest.MonkeyPatch) -> None:
    def refused(*args: object, **kwargs: object) -> None:
        raise OperationalError('connection to server at "db.internal" (10.1.2.3), port 5432 failed')

    monkeypatch.setattr(connections[DEFAULT_DB_ALIAS], "cursor", refused)


@pytest.mark.django_db
def test_plain_http_with_the_nodes_address_gets_the_answer_and_no_error_line(
    caplog: pytest.LogCaptureFixture,
) -> None:
    client = Client()
    with caplog.at_level(logging.INFO):
        ping = client.get("/ping/", HTTP_HOST=NODE_ADDRESS)
        ready = client.get("/ready/", HTTP_HOST=NODE_ADDRESS)
        head = client.head("/ready/", HTTP_HOST=NODE_ADDRESS)
    assert (ping.status_code, ping.content) == (200, b"ok anonymous\n")
    assert ready.status_code == 200
    assert json.loads(ready.content) == {"status": "ready"}
    assert ready["X-Request-ID"]
    assert (head.status_code, head.content) == (200, b"")
    assert [r for r in caplog.records if r.levelno >= logging.WARNING] == []


@pytest.mark.django_db
def test_the_exemption_is_the_probes_only() -> None:
    """Any other page still redirects plain HTTP and refuses an unknown Host."""
    assert Client().get("/leaderboard/", HTTP_HOST="hangman.example.org").status_code == 301
    assert Client().get("/leaderboard/", HTTP_HOST=NODE_ADDRESS).status_code == 400


@pytest.mark.django_db
def test_the_public_body_names_no_host_port_or_driver_error(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    database_down(monkeypatch)
    response = Client().get("/ready/", HTTP_HOST=NODE_ADDRESS)
    assert response.status_code == 503
    assert json.loads(response.content) == {"status": "not ready"}
    assert b"db.internal" not in response.content
    assert b"5432" not in response.content


@pytest.mark.django_db
def test_the_probe_token_reads_the_details_and_a_wrong_one_does_not(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    database_down(monkeypatch)
    detailed = Client().get(
        "/ready/", HTTP_HOST=NODE_ADDRESS, headers={"Authorization": f"Bearer {TOKEN}"}
    )
    body = json.loads(detailed.content)
    assert detailed.status_code == 503
    assert "db.internal" in body["checks"]["primary"]["detail"]
    assert set(body["checks"]) == {"primary", "replica", "migrations", "task_queue"}
    wrong = Client().get(
        "/ready/", HTTP_HOST=NODE_ADDRESS, headers={"Authorization": f"Bearer {TOKEN}x"}
    )
    assert json.loads(wrong.content) == {"status": "not ready"}


@pytest.mark.django_db
def test_no_token_configured_means_no_token_opens_the_details(settings: Settings) -> None:
    settings.PROBE_TOKEN = ""
    response = Client().get("/ready/", HTTP_HOST=NODE_ADDRESS, headers={"Authorization": "Bearer "})
    assert json.loads(response.content) == {"status": "ready"}
    assert Client().get("/metrics/", HTTP_HOST=NODE_ADDRESS).status_code == 403


@pytest.mark.django_db
def test_staff_signed_in_read_the_details_and_players_do_not() -> None:
    staff = Client()
    staff.force_login(UserFactory(username="ops", is_staff=True))
    player = Client()
    player.force_login(UserFactory(username="ada"))
    https = {"HTTP_HOST": "hangman.example.org", "secure": True}
    assert "checks" in json.loads(staff.get("/ready/", **https).content)
    assert json.loads(player.get("/ready/", **https).content) == {"status": "ready"}
    assert staff.get("/metrics/", **https).status_code == 200
    assert player.get("/metrics/", **https).status_code == 403


@pytest.mark.django_db
def test_metrics_report_the_queue_age_beside_its_alert_age(settings: Settings) -> None:
    settings.TASK_QUEUE_AGE = "tests.core.test_probe_access.an_hour_old_task"
    settings.TASK_QUEUE_ALERT_SECONDS = 900
    anonymous = Client().get("/metrics/", HTTP_HOST=NODE_ADDRESS)
    assert anonymous.status_code == 403
    assert b"evilhangman" not in anonymous.content
    response = Client().get(
        "/metrics/", HTTP_HOST=NODE_ADDRESS, headers={"Authorization": f"Bearer {TOKEN}"}
    )
    assert response.status_code == 200
    lines = response.content.decode().splitlines()
    assert "evilhangman_ready 1" in lines
    assert "evilhangman_task_queue_oldest_seconds 3600.0" in lines
    assert "evilhangman_task_queue_alert_seconds 900" in lines
    assert "evilhangman_task_queue_ok 0" in lines
    # Still ready: the queue is reported for alerting, never fatal.
    assert Client().get("/ready/", HTTP_HOST=NODE_ADDRESS).status_code == 200


def an_hour_old_task() -> float:
    return 3600.0
