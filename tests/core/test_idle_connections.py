"""The primary's kept connection is checked before a request only after it sat idle
(core/idle_connections.py): no SELECT 1 per request, and a dead idle one is closed."""

from __future__ import annotations

from typing import Any

import pytest

from core import idle_connections


class FakeConnection:
    """A connection wrapper with a kept connection, that says whether it is usable."""

    def __init__(self, *, usable: bool) -> None:
        self.connection = object()
        self.in_atomic_block = False
        self.usable = usable
        self.checks = 0
        self.closed = False

    def is_usable(self) -> bool:
        self.checks += 1
        return self.usable

    def close(self) -> None:
        self.closed = True
        self.connection = None  # type: ignore[assignment]


@pytest.fixture
def fake(monkeypatch: pytest.MonkeyPatch) -> Any:
    def make(*, usable: bool, idle_for: float | None, now: float = 1000.0) -> FakeConnection:
        connection = FakeConnection(usable=usable)
        if idle_for is not None:
            setattr(connection, idle_connections._LAST_USED, now - idle_for)
        monkeypatch.setattr(idle_connections.time, "monotonic", lambda: now)
        monkeypatch.setattr(idle_connections, "connections", {"default": connection})
        return connection

    return make


def test_a_connection_used_a_moment_ago_is_not_checked(fake: Any, settings: Any) -> None:
    settings.DATABASE_HEALTH_CHECK_IDLE_SECONDS = 5
    connection = fake(usable=False, idle_for=1.0)
    idle_connections.check_if_idle()
    assert connection.checks == 0
    assert not connection.closed


def test_an_idle_connection_that_answers_is_kept(fake: Any, settings: Any) -> None:
    settings.DATABASE_HEALTH_CHECK_IDLE_SECONDS = 5
    connection = fake(usable=True, idle_for=30.0)
    idle_connections.check_if_idle()
    assert connection.checks == 1
    assert not connection.closed


@pytest.mark.parametrize("idle_for", [30.0, None], ids=["idle", "never-marked"])
def test_an_idle_connection_that_no_longer_answers_is_closed(
    fake: Any, settings: Any, idle_for: float | None
) -> None:
    """Closed before the request: its first query opens a new connection."""
    settings.DATABASE_HEALTH_CHECK_IDLE_SECONDS = 5
    connection = fake(usable=False, idle_for=idle_for)
    idle_connections.check_if_idle()
    assert connection.closed


def test_the_end_of_a_request_marks_the_connection_used(fake: Any) -> None:
    connection = fake(usable=True, idle_for=None, now=42.0)
    idle_connections.mark_used()
    assert getattr(connection, idle_connections._LAST_USED) == 42.0


def test_the_primary_is_no_longer_checked_by_django_before_every_request(settings: Any) -> None:
    assert settings.DATABASES["default"]["CONN_HEALTH_CHECKS"] is False
