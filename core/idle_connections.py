"""A kept database connection is checked before a request only when it has been idle.

Django's ``CONN_HEALTH_CHECKS`` sends ``SELECT 1`` before the first query of every
request, whatever the connection did a moment ago: a round trip per request for nothing
while the site is busy. The checks that matter are of connections left idle, where a
database restart, a proxy's idle timeout or a firewall drops them unseen; so the primary's
connection is checked (and closed, to be opened again by the request's first query) only
when the last request on it ended more than ``DATABASE_HEALTH_CHECK_IDLE_SECONDS`` ago.

A connection dropped while in use (within that time) fails the query that meets it, as it
would have with Django's check too once the request is under way; Django then closes it at
the end of that request (``close_if_unusable_or_obsolete``: an error occurred and the
connection is unusable) and the next request opens a new one.
"""

from __future__ import annotations

import time

from django.conf import settings
from django.db import DEFAULT_DB_ALIAS, connections

_LAST_USED = "_core_last_used"  # on the connection wrapper: time.monotonic()


def check_if_idle(**kwargs: object) -> None:
    """Before a request (``request_started``): check the primary's kept connection when it
    has been idle too long, and close it when the database no longer answers on it."""
    connection = connections[DEFAULT_DB_ALIAS]
    if connection.connection is None or connection.in_atomic_block:
        return
    last_used = getattr(connection, _LAST_USED, None)
    idle = settings.DATABASE_HEALTH_CHECK_IDLE_SECONDS
    if last_used is not None and time.monotonic() - last_used <= idle:
        return
    if not connection.is_usable():
        connection.close()


def mark_used(**kwargs: object) -> None:
    """After a request (``request_finished``): the primary's connection was just used."""
    connection = connections[DEFAULT_DB_ALIAS]
    if connection.connection is not None:
        setattr(connection, _LAST_USED, time.monotonic())
