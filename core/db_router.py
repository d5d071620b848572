"""Reads that may lag go to a PostgreSQL replica; everything else stays on the primary.

With ``DATABASE_REPLICA_URL`` set, the settings add a ``replica`` database.
Only code marked with :func:`reads_can_lag` (leaderboards, statistics,
profiles, the instructors' lists and exports: pages where a game finished a
second ago may be missing) reads from it, and even then never inside a
transaction on the primary, which a write opened and whose reads must see its
own rows. Writes, migrations and every unmarked read use the primary. Without a
replica the router sends everything to the primary.

A selector that returns a lazy QuerySet is pinned to the database chosen when
it is called (the QuerySet may be evaluated later, in a template); a view that
streams its answer keeps the choice while the stream is produced.

The replica is optional at run time: before a read is sent to it, the router
makes sure its connection is up and, every ``DATABASE_REPLICA_CHECK_SECONDS``,
that it lags no more than ``DATABASE_REPLICA_MAX_LAG_SECONDS``. A replica that
cannot be reached is remembered as down for ``DATABASE_REPLICA_RETRY_SECONDS``
(a circuit breaker, one per process): the reads meanwhile go to the primary
without waiting for a connect timeout on every request. A stream read from the
replica (:func:`stream_rows`, the exports) that loses it midway carries on from the
primary: its answer's status and first lines are already sent and cannot turn into
an error page. A page whose query loses the replica midway (a lazy QuerySet read in
the view or its template) is answered again from the primary by
:class:`ReplicaFallbackMiddleware`.
"""

from __future__ import annotations

import logging
import threading
import time
from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager, suppress
from contextvars import ContextVar
from dataclasses import dataclass
from functools import wraps
from typing import Any, TypeVar

from django.conf import settings
from django.db import DEFAULT_DB_ALIAS, DatabaseError, connections, router
from django.db.models import Model, QuerySet
from django.http import HttpRequest, HttpResponseBase, StreamingHttpResponse

from core.logs import error_summary

REPLICA_DB_ALIAS = "replica"
# Tables that are state, not records: sessions, users and permissions, login locks,
# rate-limit counters, the cache, and who may see a class (a class just made, or a
# student just removed, must count at once in the access checks).
PRIMARY_ONLY_APPS = frozenset(
    {"sessions", "django_cache", "core", "accounts", "axes", "auth", "contenttypes", "classes"}
)

_lagging_reads = ContextVar("lagging_reads", default=False)

Function = TypeVar("Function", bound=Callable[..., Any])
Row = TypeVar("Row", bound=Model)

logger = logging.getLogger(__name__)

# How far behind the primary the replica is, in seconds: 0 when it has replayed all it
# received (an idle primary sends nothing, so the last replayed commit may be old).
LAG_SQL = (
    "SELECT CASE WHEN pg_last_wal_receive_lsn() = pg_last_wal_replay_lsn() THEN 0 "
    "ELSE COALESCE(EXTRACT(EPOCH FROM now() - pg_last_xact_replay_timestamp()), 0) END"
)


def replica_in_use() -> bool:
    """A replica is configured and its routing is on (tests turn it off unless asked)."""
    return REPLICA_DB_ALIAS in connections.settings and settings.DATABASE_REPLICA_READS


@dataclass
class ReplicaHealth:
    """What this process last learnt of the replica, and when (``time.monotonic``)."""

    down_until: float = 0.0  # the circuit is open until then: no read is sent to it
    lag_checked_at: float = float("-inf")
    # None while unknown: never measured, or the replica could not be reached since (a
    # replica nobody can ask is not "0 s behind").
    lag_seconds: float | None = None
    failures: int = 0  # times it could not be reached (``/ready/`` and the tests read it)
    last_error: str = ""


_health = ReplicaHealth()
_health_lock = threading.Lock()


def replica_health() -> ReplicaHealth:
    """A copy of this process's view of the replica."""
    with _health_lock:
        return ReplicaHealth(**vars(_health))


def reset_replica_health() -> None:
    """Forget what was learnt of the replica (tests; a process starting afresh)."""
    global _health
    with _health_lock:
        _health = ReplicaHealth()


def replica_lag_seconds() -> float:
    """The replica's lag, asked of the replica (PostgreSQL); 0 for a backend without one."""
    connection = connections[REPLICA_DB_ALIAS]
    if connection.vendor != "postgresql":
        return 0.0
    with connection.cursor() as cursor:
        cursor.execute(LAG_SQL)
        return float(cursor.fetchone()[0])


def replica_usable() -> bool:
    """May a read go to the replica now? Opens the circuit when it cannot be reached.

    Costs nothing while the connection is up and the lag was checked recently; the
    connection is opened (and its health checked once per request, as Django does
    with ``CONN_HEALTH_CHECKS``) before any query is routed to it, so a replica that
    went away sends its reads to the primary instead of failing them.
    """
    now = time.monotonic()
    with _health_lock:
        if now < _health.down_until:
            return False
        check_lag = now - _health.lag_checked_at >= settings.DATABASE_REPLICA_CHECK_SECONDS
    connection = connections[REPLICA_DB_ALIAS]
    try:
        connection.close_if_health_check_failed()
        connection.ensure_connection()
        lag = replica_lag_seconds() if check_lag else None
    except DatabaseError as error:
        replica_lost(error)
        return False
    limit = settings.DATABASE_REPLICA_MAX_LAG_SECONDS
    with _health_lock:
        if lag is not None:
            _health.lag_checked_at = now
            if lag > limit >= (_health.lag_seconds or 0.0):
                logger.warning("replica lags %.1f s, reads go to the primary", lag)
            _health.lag_seconds = lag
        return _health.lag_seconds is not None and _health.lag_seconds <= limit


def replica_lost(error: DatabaseError) -> None:
    """Open the circuit: the replica failed us; its connection is dropped, so the next
    try, after the pause, opens a new one."""
    with suppress(DatabaseError):  # closing a broken connection may fail too
        connections[REPLICA_DB_ALIAS].close()
    reason = error_summary(error)
    with _health_lock:
        _health.down_until = time.monotonic() + settings.DATABASE_REPLICA_RETRY_SECONDS
        _health.failures += 1
        _health.last_error = reason
        _health.lag_seconds = None  # unknown until it answers again, and asked at once then
        _health.lag_checked_at = float("-inf")
    logger.warning(
        "replica unreachable, reads go to the primary for %g s: %s",
        settings.DATABASE_REPLICA_RETRY_SECONDS,
        reason,
    )


def stream_rows(queryset: QuerySet[Row], *, chunk_size: int) -> Iterator[Row]:
    """The rows of ``queryset`` from a server-side cursor; if they come from the replica
    and it goes away midway (stopped, restarted, connection cut), the rest come from the
    primary: the same query in the same order, less the rows already given."""
    database = queryset.db  # chosen once: the router may choose otherwise once it fails
    given: set[Any] = set()
    try:
        for row in queryset.using(database).iterator(chunk_size=chunk_size):
            given.add(row.pk)
            yield row
        return
    except DatabaseError as error:
        if database != REPLICA_DB_ALIAS:
            raise
        replica_lost(error)
    for row in queryset.using(DEFAULT_DB_ALIAS).iterator(chunk_size=chunk_size):
        if row.pk not in given:
            yield row


@contextmanager
def lagging_reads() -> Iterator[None]:
    """Reads in this block may come from the replica (when one is in use)."""
    token = _lagging_reads.set(True)
    try:
        yield
    finally:
        _lagging_reads.reset(token)


def reads_can_lag(function: Function) -> Function:
    """Mark a selector or view whose reads may be a second old: they may use the replica."""

    @wraps(function)
    def wrapper(*args: Any, **kwargs: Any) -> Any:
        with lagging_reads():
            result = function(*args, **kwargs)
            if isinstance(result, QuerySet) and result._db is None:
                result = result.using(router.db_for_read(result.model))
        if isinstance(result, StreamingHttpResponse):
            result.streaming_content = _lagging_iteration(result.streaming_content)
        return result

    return wrapper  # type: ignore[return-value]


def _lagging_iteration(iterable: Iterable[Any]) -> Iterator[Any]:
    """The stream's reads happen after the view returned: each step keeps the view's choice."""
    iterator = iter(iterable)
    while True:
        with lagging_reads():
            try:
                item = next(iterator)
            except StopIteration:
                return
        yield item


def replica_connection_broken() -> bool:
    """The replica's connection of this thread was opened and no longer answers: an error
    just raised came from the replica going away under a query."""
    if not replica_in_use():
        return False
    connection = connections[REPLICA_DB_ALIAS]
    return connection.connection is not None and not connection.is_usable()


class ReplicaFallbackMiddleware:
    """A safe request (GET, HEAD) whose view failed because the replica went away under
    one of its queries is answered again, once, with the circuit open: its reads go to
    the primary. The router's check before a read cannot see a replica stopped during
    the read; without this the reader would get the error page."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponseBase]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponseBase:
        return self.get_response(request)

    def process_exception(
        self, request: HttpRequest, exception: Exception
    ) -> HttpResponseBase | None:
        if request.method not in ("GET", "HEAD") or not isinstance(exception, DatabaseError):
            return None
        if not replica_connection_broken():
            return None  # the primary's error, or another's: the error page
        replica_lost(exception)
        match = request.resolver_match
        if match is None:
            return None
        response = match.func(request, *match.args, **match.kwargs)
        if hasattr(response, "render") and callable(response.render):
            response = response.render()  # a TemplateResponse: its reads happen here too
        return response


class PrimaryReplicaRouter:
    """``reads_can_lag`` reads outside a transaction: the replica (when it answers and keeps
    up); anything else: the primary."""

    def db_for_read(self, model: type[Model], **hints: Any) -> str:
        instance = hints.get("instance")
        if instance is not None and instance._state.db:
            return str(instance._state.db)  # a related row comes from where its parent came
        if (
            _lagging_reads.get()
            and replica_in_use()
            and model._meta.app_label not in PRIMARY_ONLY_APPS
            and not connections[DEFAULT_DB_ALIAS].in_atomic_block
            and replica_usable()
        ):
            return REPLICA_DB_ALIAS
        return DEFAULT_DB_ALIAS

    def db_for_write(self, model: type[Model], **hints: Any) -> str:
        return DEFAULT_DB_ALIAS

    def allow_relation(self, obj1: Model, obj2: Model, **hints: Any) -> bool:
        return True  # one database, read through two doors

    def allow_migrate(self, db: str, app_label: str, **hints: Any) -> bool:
        return db == DEFAULT_DB_ALIAS  # the replica follows the primary's schema by itself
