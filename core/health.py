"""What ``/ready/`` and ``/metrics/`` report: can this node serve, and what around it is degraded.

The primary database and its migrations decide readiness (a node without them can only
fail). The replica and the task queue are reported, never fatal: reads fall back to the
primary (core/db_router.py), and a queue that lags (one worker busy with an import's
par, or stopped) is the same queue for every node, so taking nodes out of the load
balancer for it would take them all out together. Its age is for alerting instead:
``/metrics/`` reports it beside ``TASK_QUEUE_ALERT_SECONDS``.
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field
from typing import Any

from django.conf import settings
from django.db import DEFAULT_DB_ALIAS, DatabaseError, connections
from django.db.migrations.executor import MigrationExecutor
from django.utils.module_loading import import_string

from core import db_router
from core.logs import error_summary

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

    @property
    def status(self) -> str:
        return "ready" if self.ready else "not ready"

    def as_json(self) -> dict[str, Any]:
        """The whole report (staff and the probe token): hosts' errors, lags, ages."""
        return {
            "status": self.status,
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

    def as_public_json(self) -> dict[str, Any]:
        """What anyone may read: the answer and nothing about the machines behind it."""
        return {"status": self.status}


def check_primary() -> Check:
    started = time.perf_counter()
    try:
        with connections[DEFAULT_DB_ALIAS].cursor() as cursor:
            cursor.execute("SELECT 1")
            cursor.fetchone()
    except DatabaseError as error:
        connections[DEFAULT_DB_ALIAS].close_if_unusable_or_obsolete()
        return Check(ok=False, detail=error_summary(error))
    milliseconds = (time.perf_counter() - started) * 1000
    return Check(
        ok=True, detail=f"answered in {milliseconds:.0f} ms", extra={"ms": round(milliseconds, 1)}
    )


def check_replica() -> Check:
    """Reported, never fatal: the reads it would take go to the primary meanwhile."""
    if not db_router.replica_in_use():
        return Check(ok=True, detail="no replica configured", fatal=False)
    usable = db_router.replica_usable()
    health = db_router.replica_health()
    # null (JSON) while unknown: a replica that cannot be asked is not "0 s behind".
    lag = None if health.lag_seconds is None else round(health.lag_seconds, 3)
    extra = {"lag_seconds": lag, "failures": health.failures}
    if usable:
        return Check(ok=True, detail="reads that may lag go to it", fatal=False, extra=extra)
    if health.last_error and time.monotonic() < health.down_until:
        detail = f"unreachable, reads go to the primary: {health.last_error}"
    elif health.lag_seconds is None:
        detail = "lag unknown, reads go to the primary"
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


def oldest_task_age() -> float | None:
    """Seconds the oldest waiting task has waited (None: none), from ``TASK_QUEUE_AGE``, a
    dotted path to a function answering it; unset: no queue. Raises ``DatabaseError``."""
    if not settings.TASK_QUEUE_AGE:
        return None
    age: float | None = import_string(settings.TASK_QUEUE_AGE)()
    return age


def check_task_queue() -> Check:
    """Reported, never fatal: ``ok`` is False past ``TASK_QUEUE_ALERT_SECONDS``, an alert."""
    if not settings.TASK_QUEUE_AGE:
        return Check(ok=True, detail=NO_TASK_QUEUE, fatal=False)
    try:
        age = oldest_task_age()
    except DatabaseError as error:
        return Check(ok=False, detail=error_summary(error), fatal=False)
    limit = settings.TASK_QUEUE_ALERT_SECONDS
    if age is None:
        return Check(ok=True, detail="no task waiting", fatal=False, extra={"oldest_seconds": 0})
    extra = {"oldest_seconds": round(age, 1)}
    if age > limit:
        detail = f"a task has waited {age:.0f} s (> {limit} s): are the workers running?"
        return Check(ok=False, detail=detail, fatal=False, extra=extra)
    return Check(ok=True, detail=f"oldest task waiting {age:.0f} s", fatal=False, extra=extra)


def readiness() -> Readiness:
    return Readiness(
        checks={
            "primary": check_primary(),
            "replica": check_replica(),
            "migrations": check_migrations(),
            "task_queue": check_task_queue(),
        }
    )


def metrics_text(report: Readiness) -> str:
    """The report as Prometheus' text format, for a monitor to scrape and alert on."""
    queue = report.checks["task_queue"]
    replica = report.checks["replica"]
    lines = [
        "# HELP evilhangman_ready 1 when this node can serve (the primary answers, "
        "migrations applied).",
        "# TYPE evilhangman_ready gauge",
        f"evilhangman_ready {int(report.ready)}",
        "# HELP evilhangman_task_queue_oldest_seconds Age of the oldest task waiting for a "
        "worker (0: none).",
        "# TYPE evilhangman_task_queue_oldest_seconds gauge",
        f"evilhangman_task_queue_oldest_seconds {queue.extra.get('oldest_seconds', 0)}",
        "# HELP evilhangman_task_queue_alert_seconds Alert when the oldest task has waited "
        "longer (TASK_QUEUE_ALERT_SECONDS).",
        "# TYPE evilhangman_task_queue_alert_seconds gauge",
        f"evilhangman_task_queue_alert_seconds {settings.TASK_QUEUE_ALERT_SECONDS}",
        "# HELP evilhangman_task_queue_ok 0 when the queue is past its alert age or unreadable.",
        "# TYPE evilhangman_task_queue_ok gauge",
        f"evilhangman_task_queue_ok {int(queue.ok)}",
        "# HELP evilhangman_replica_ok 0 when the configured replica is down or lags.",
        "# TYPE evilhangman_replica_ok gauge",
        f"evilhangman_replica_ok {int(replica.ok)}",
    ]
    if "lag_seconds" in replica.extra:
        lag = replica.extra["lag_seconds"]
        lines += [
            "# HELP evilhangman_replica_lag_seconds How far the replica is behind the primary "
            "(NaN: unknown, the replica could not be asked).",
            "# TYPE evilhangman_replica_lag_seconds gauge",
            f"evilhangman_replica_lag_seconds {'NaN' if lag is None else lag}",
        ]
    if "ms" in report.checks["primary"].extra:
        lines += [
            "# HELP evilhangman_primary_ms Time the primary took to answer SELECT 1.",
            "# TYPE evilhangman_primary_ms gauge",
            f"evilhangman_primary_ms {report.checks['primary'].extra['ms']}",
        ]
    return "\n".join(lines) + "\n"
