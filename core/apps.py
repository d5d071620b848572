"""The platform under every app: rate limits, routing, probes, logs, mail, the schedule,
the task queue, shared web helpers (the settings and URLs are the ``evilsite`` package's).

Its system checks are registered when it is ready; accounts are an app of their own
(``accounts/``), above the games.
"""

from __future__ import annotations

from django.apps import AppConfig


class CoreConfig(AppConfig):
    name = "core"
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self) -> None:
        from axes.signals import user_locked_out
        from django.core.signals import request_finished, request_started

        from core import checks  # noqa: F401 - registers the deploy checks
        from core.idle_connections import check_if_idle, mark_used
        from core.logs import clear_request_context, log_lockout
        from core.taskqueue import connect_request_id_signals

        user_locked_out.connect(log_lockout, dispatch_uid="core.log_lockout")
        request_finished.connect(clear_request_context, dispatch_uid="core.clear_context")
        # The primary's kept connection is checked only after it sat idle (CONN_HEALTH_CHECKS
        # is off for it: a SELECT 1 per request): core/idle_connections.py.
        request_started.connect(check_if_idle, dispatch_uid="core.check_if_idle")
        request_finished.connect(mark_used, dispatch_uid="core.mark_used")
        connect_request_id_signals()
