"""The site's scheduled jobs, listed once: the deploy kit's timers (deploy/systemd/), the
docs (docs/deploying.md) and tests/deploy/ are checked against this list.

The task queue (``db_worker``) runs work a request asked for, never work on a clock, so
these run from the operator's scheduler: each is safe to run again, and to miss a run of.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class ScheduledJob:
    name: str  # the units: evilhangman-<name>.service and .timer
    command: tuple[str, ...]  # what follows ``manage.py``
    on_calendar: str  # systemd's OnCalendar= (times in UTC)
    why: str


SCHEDULED_JOBS: tuple[ScheduledJob, ...] = (
    ScheduledJob(
        "prepare-daily",
        ("prepare_daily",),
        "*-*-* 00:05:00 UTC",
        "searches today's puzzle's first replies once, before its first players",
    ),
    ScheduledJob(
        "expire-abandoned-games",
        ("expire_abandoned_games",),
        "*:0/5",
        "finishes as losses the ranked games left without a move for RANKED_ABANDON_MINUTES",
    ),
    ScheduledJob(
        "delete-stale-guests",
        ("delete_stale_guests",),
        "*-*-* 03:00:00 UTC",
        "deletes guest accounts idle for GUEST_RETENTION_DAYS, with their games",
    ),
    ScheduledJob(
        "clearsessions",
        ("clearsessions",),
        "*-*-* 03:10:00 UTC",
        "deletes expired sessions (a row per sign-in and per guest)",
    ),
    ScheduledJob(
        "clean-login-log",
        ("axes_reset_logs", "--age", "30"),
        "*-*-* 03:20:00 UTC",
        "deletes the lock-out's log of sign-ins older than 30 days (a row per sign-in)",
    ),
    ScheduledJob(
        "clean-login-failure-log",
        ("axes_reset_failure_logs", "--age", "30"),
        "*-*-* 03:25:00 UTC",
        "deletes failed sign-ins older than 30 days (the account lock counts a day of them)",
    ),
    ScheduledJob(
        "prune-task-results",
        ("prune_db_task_results", "--min-age-days", "14"),
        "*-*-* 03:30:00 UTC",
        "deletes finished background tasks' rows older than 14 days",
    ),
)
