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
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from functools import wraps
from typing import Any, TypeVar

from django.conf import settings
from django.db import DEFAULT_DB_ALIAS, connections, router
from django.db.models import Model, QuerySet
from django.http import StreamingHttpResponse

REPLICA_DB_ALIAS = "replica"
# Tables that are state, not records: sessions, users and permissions, login locks,
# rate-limit counters, the cache, and who may see a class (a class just made, or a
# student just removed, must count at once in the access checks).
PRIMARY_ONLY_APPS = frozenset(
    {"sessions", "django_cache", "evilsite", "axes", "auth", "contenttypes", "classes"}
)

_lagging_reads = ContextVar("lagging_reads", default=False)

Function = TypeVar("Function", bound=Callable[..., Any])


def replica_in_use() -> bool:
    """A replica is configured and its routing is on (tests turn it off unless asked)."""
    return REPLICA_DB_ALIAS in settings.DATABASES and settings.DATABASE_REPLICA_READS


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


class PrimaryReplicaRouter:
    """``reads_can_lag`` reads outside a transaction: the replica; anything else: the primary."""

    def db_for_read(self, model: type[Model], **hints: Any) -> str:
        instance = hints.get("instance")
        if instance is not None and instance._state.db:
            return str(instance._state.db)  # a related row comes from where its parent came
        if (
            _lagging_reads.get()
            and replica_in_use()
            and model._meta.app_label not in PRIMARY_ONLY_APPS
            and not connections[DEFAULT_DB_ALIAS].in_atomic_block
        ):
            return REPLICA_DB_ALIAS
        return DEFAULT_DB_ALIAS

    def db_for_write(self, model: type[Model], **hints: Any) -> str:
        return DEFAULT_DB_ALIAS

    def allow_relation(self, obj1: Model, obj2: Model, **hints: Any) -> bool:
        return True  # one database, read through two doors

    def allow_migrate(self, db: str, app_label: str, **hints: Any) -> bool:
        return db == DEFAULT_DB_ALIAS  # the replica follows the primary's schema by itself
