"""The platform under every app: settings, rate limits, routing, logs, shared web helpers.

Its system checks are registered when it is ready; accounts are an app of their own
(``accounts/``), above the games.
"""

from __future__ import annotations

from django.apps import AppConfig


class EvilsiteConfig(AppConfig):
    name = "evilsite"
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self) -> None:
        from axes.signals import user_locked_out
        from django.core.signals import request_finished, request_started

        from evilsite import checks  # noqa: F401 - registers the deploy checks
        from evilsite.idle_connections import check_if_idle, mark_used
        from evilsite.logs import clear_request_context, log_lockout
        from evilsite.taskqueue import connect_request_id_signals

        user_locked_out.connect(log_lockout, dispatch_uid="evilsite.log_lockout")
        request_finished.connect(clear_request_context, dispatch_uid="evilsite.clear_context")
        # The primary's kept connection is checked only after it sat idle (CONN_HEALTH_CHECKS
        # is off for it: a SELECT 1 per request): evilsite/idle_connections.py.
        request_started.connect(check_if_idle, dispatch_uid="evilsite.check_if_idle")
        request_finished.connect(mark_used, dispatch_uid="evilsite.mark_used")
        connect_request_id_signals()
