"""Issue 26, finding 10: ``/ready/`` was public and named the database's host, port and
driver error, the replica and the task queue's age. A stranger, a player and a wrong probe
token now read only whether the node is ready; the details need staff or the token."""

from __future__ import annotations

import json

import pytest
from django.db import DEFAULT_DB_ALIAS, OperationalError, connections
from django.test import Client
from pytest_django.fixtures import Settings

from core import health
from tests.factories import UserFactory

pytestmark = pytest.mark.django_db

DRIVER_ERROR = 'connection to server at "db.internal.example" (10.9.8.7), port 6543 failed'
SECRETS = (b"db.internal.example", b"10.9.8.7", b"6543", b"replica", b"task", b"oldest")


@pytest.fixture(autouse=True)
def _database_down(monkeypatch: pytest.MonkeyPatch, settings: Settings) -> None:
    settings.PROBE_TOKEN = "the-real-probe-token-0123456789"
    settings.TASK_QUEUE_AGE = "tests.adversary.test_probe_disclosure.a_long_wait"
    health.forget_migrations_check()

    def refused(*args: object, **kwargs: object) -> None:
        raise OperationalError(DRIVER_ERROR)

    monkeypatch.setattr(connections[DEFAULT_DB_ALIAS], "cursor", refused)


def a_long_wait() -> float:
    return 4321.0


@pytest.mark.parametrize(
    "headers",
    [
        {},
        {"Authorization": "Bearer the-real-probe-token-012345678"},  # one character short
        {"Authorization": "Bearer "},
        {"Authorization": "the-real-probe-token-0123456789"},  # no scheme
        {"X-Forwarded-For": "127.0.0.1"},
    ],
    ids=["stranger", "near-miss token", "empty token", "token without Bearer", "spoofed address"],
)
def test_strangers_read_only_whether_the_node_is_ready(headers: dict[str, str]) -> None:
    for path in ("/ready/", "/ping/"):
        response = Client().get(path, headers=headers)
        for secret in SECRETS:
            assert secret not in response.content, (path, secret)
    assert json.loads(Client().get("/ready/", headers=headers).content) == {"status": "not ready"}
    assert Client().get("/metrics/", headers=headers).status_code == 403


def test_a_signed_in_player_reads_no_more_than_a_stranger(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.undo()  # the database up: the session is read through the whole stack
    player = Client()
    player.force_login(UserFactory(username="mallory"))
    response = player.get("/ready/")
    assert json.loads(response.content) == {"status": "ready"}
    assert b"oldest" not in response.content
    assert player.get("/metrics/").status_code == 403


def test_the_token_reads_the_details() -> None:
    response = Client().get(
        "/ready/", headers={"Authorization": "Bearer the-real-probe-token-0123456789"}
    )
    body = json.loads(response.content)
    assert "db.internal.example" in body["checks"]["primary"]["detail"]
    assert body["checks"]["task_queue"]["oldest_seconds"] == 4321.0
