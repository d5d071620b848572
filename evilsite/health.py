"""What ``/ready/`` reports: can this node serve, and what around it is degraded.

The primary database and its migrations decide readiness (a node without them can only
fail); the replica is reported but never fatal (reads fall back to the primary,
evilsite/db_router.py); the task queue is not ready when its oldest waiting task has
waited longer than ``READY_MAX_TASK_AGE_SECONDS`` (the workers are gone or overwhelmed).
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field
from typing import Any

from django.conf import settings
from django.db import DEFAULT_DB_ALIAS, DatabaseError, connections
from django.db.migrations.executor import MigrationExecutor
from django.utils.module_loading import import_string

from evilsite import db_router
from evilsite.logs import error_summary

NO_TASK_QUEUE = "no task queue configured"


@dataclass(frozen=True)
class Check:
    ok: bool
    detail: str
    fatal: bool = True  # a failed check that is not fatal is reported, the node still ready
    extra: dict[str, Any] = field(default_factory=dict)


@dataclass(frozen=True)
class Readiness:
    checks: dict[str, Check]

    @property
    def ready(self) -> bool:
        return all(check.ok or not check.fatal for check in self.checks.values())

    def as_json(self) -> dict[str, Any]:
        return {
            "status": "ready" if self.ready else "not ready",
            "checks": {
                name: {
                    "ok": check.ok,
                    "fatal": check.fatal,
                    "detail": check.detail,
                    **check.extra,
                }
                for name, check in self.checks.items()
            },
        }


def check_primary() -> Check:
    started = time.perf_counter()
    try:
        with connections[DEFAULT_DB_ALIAS].cursor() as cursor:
            cursor.execute("SELECT 1")
            cursor.fetchone()
    except DatabaseError as error:
        connections[DEFAULT_DB_ALIAS].close_if_unusable_or_obsolete()
        return Check(ok=False, detail=error_summary(error))
    return Check(ok=True, detail=f"answered in {(time.perf_counter() - started) * 1000:.0f} ms")


def check_replica() -> Check:
    """Reported, never fatal: the reads it would take go to the primary meanwhile."""
    if not db_router.replica_in_use():
        return Check(ok=True, detail="no replica configured", fatal=False)
    usable = db_router.replica_usable()
    health = db_router.replica_health()
    extra = {"lag_seconds": round(health.lag_seconds, 3), "failures": health.failures}
    if usable:
        return Check(ok=True, detail="reads that may lag go to it", fatal=False, extra=extra)
    if health.last_error and time.monotonic() < health.down_until:
        detail = f"unreachable, reads go to the primary: {health.last_error}"
    else:
        detail = f"lags {health.lag_seconds:.1f} s, reads go to the primary"
    return Check(ok=False, detail=detail, fatal=False, extra=extra)


_migrations_applied = False  # once all are applied they stay so until the next deploy


def check_migrations() -> Check:
    global _migrations_applied
    if _migrations_applied:
        return Check(ok=True, detail="all applied")
    try:
        executor = MigrationExecutor(connections[DEFAULT_DB_ALIAS])
        plan = executor.migration_plan(executor.loader.graph.leaf_nodes())
    except DatabaseError as error:
        return Check(ok=False, detail=error_summary(error))
    if plan:
        names = ", ".join(f"{migration.app_label}.{migration.name}" for migration, _ in plan[:5])
        return Check(ok=False, detail=f"{len(plan)} pending: {names}")
    _migrations_applied = True
    return Check(ok=True, detail="all applied")


def forget_migrations_check() -> None:
    """Tests: the next check asks the database again."""
    global _migrations_applied
    _migrations_applied = False


def check_task_queue() -> Check:
    """The age of the oldest task waiting, from ``READY_TASK_QUEUE_AGE``: a dotted path to a
    function answering it in seconds (``None``: none waiting). Unset: no queue to check."""
    if not settings.READY_TASK_QUEUE_AGE:
        return Check(ok=True, detail=NO_TASK_QUEUE, fatal=False)
    try:
        age = import_string(settings.READY_TASK_QUEUE_AGE)()
    except DatabaseError as error:
        return Check(ok=False, detail=error_summary(error))
    if age is None:
        return Check(ok=True, detail="no task waiting", extra={"oldest_seconds": 0})
    limit = settings.READY_MAX_TASK_AGE_SECONDS
    extra = {"oldest_seconds": round(age, 1)}
    if age > limit:
        return Check(ok=False, detail=f"a task has waited {age:.0f} s (> {limit} s)", extra=extra)
    return Check(ok=True, detail=f"oldest task waiting {age:.0f} s", extra=extra)


def readiness() -> Readiness:
    return Readiness(
        checks={
            "primary": check_primary(),
            "replica": check_replica(),
            "migrations": check_migrations(),
            "task_queue": check_task_queue(),
        }
    )
