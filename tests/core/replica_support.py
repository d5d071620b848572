"""A replica alias for the fallback tests: one that cannot be reached, or one that answers.

An unreachable replica is port 1 of loopback on PostgreSQL (refused at once) or a file
in a directory that does not exist on SQLite; an answering one is the primary's own
test database under the replica's alias. Django lets a test touch only the aliases it
names, and checks them when the test starts, so the alias is added for the whole module
(``replica_alias_in_module``) and each test points it where it wants (``replica_at``).
A real replica (``DATABASE_REPLICA_URL``) is set aside and put back afterwards.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import pytest
from django.db import DEFAULT_DB_ALIAS, connections
from django.db.backends.base.base import BaseDatabaseWrapper

from core import db_router
from core.db_router import REPLICA_DB_ALIAS

# The mark of a test that reads through the replica's alias (outside any transaction).
uses_the_replica_alias = pytest.mark.django_db(
    transaction=True, databases=[DEFAULT_DB_ALIAS, REPLICA_DB_ALIAS]
)


def unreachable_replica_settings() -> dict[str, Any]:
    primary = dict(connections[DEFAULT_DB_ALIAS].settings_dict)
    if primary["ENGINE"] == "django.db.backends.postgresql":
        options = {**primary.get("OPTIONS", {}), "connect_timeout": 2}
        return {**primary, "HOST": "127.0.0.1", "PORT": "1", "OPTIONS": options}
    return {**primary, "NAME": "/nonexistent-directory/replica.sqlite3", "OPTIONS": {}}


def answering_replica_settings() -> dict[str, Any]:
    return dict(connections[DEFAULT_DB_ALIAS].settings_dict)


@pytest.fixture(scope="module", autouse=True)
def replica_alias_in_module(django_db_setup: None) -> Iterator[None]:
    """A ``replica`` alias exists while the module runs (a mirror: never created nor flushed)."""
    saved_settings = connections.settings.get(REPLICA_DB_ALIAS)
    saved_connection = getattr(connections._connections, REPLICA_DB_ALIAS, None)
    if saved_connection is not None:
        delattr(connections._connections, REPLICA_DB_ALIAS)
    primary = connections[DEFAULT_DB_ALIAS].settings_dict
    connections.settings[REPLICA_DB_ALIAS] = {
        **primary,
        "TEST": {**primary["TEST"], "MIRROR": DEFAULT_DB_ALIAS},
    }
    try:
        yield
    finally:
        _close_replica_connection()
        if hasattr(connections._connections, REPLICA_DB_ALIAS):
            delattr(connections._connections, REPLICA_DB_ALIAS)
        if saved_settings is None:
            del connections.settings[REPLICA_DB_ALIAS]
        else:
            connections.settings[REPLICA_DB_ALIAS] = saved_settings
        if saved_connection is not None:  # a real replica, pointed at the test database
            setattr(connections._connections, REPLICA_DB_ALIAS, saved_connection)
        db_router.reset_replica_health()


@contextmanager
def replica_at(settings_dict: dict[str, Any]) -> Iterator[None]:
    """The replica alias connects to ``settings_dict`` in the block, with a fresh circuit."""
    connection = connections[REPLICA_DB_ALIAS]
    saved = connection.settings_dict
    _close_replica_connection()
    connection.settings_dict = {**settings_dict, "TEST": saved["TEST"]}
    db_router.reset_replica_health()
    try:
        yield
    finally:
        _close_replica_connection()
        connection.settings_dict = saved
        db_router.reset_replica_health()


def _close_replica_connection() -> None:
    """Closed even when it is SQLite's in-memory test database, whose ``close()`` does
    nothing (the primary's connection keeps that database alive)."""
    BaseDatabaseWrapper.close(connections[REPLICA_DB_ALIAS])
