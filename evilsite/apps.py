"""The site's own app: its system checks are registered when it is ready."""

from __future__ import annotations

from django.apps import AppConfig


class EvilsiteConfig(AppConfig):
    name = "evilsite"
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self) -> None:
        from axes.signals import user_locked_out
        from django.contrib.auth import get_user_model
        from django.contrib.auth.signals import user_login_failed
        from django.core.signals import request_finished
        from django.db.models.signals import post_save

        from evilsite import checks  # noqa: F401 - registers the deploy checks
        from evilsite.accounts.lockout import count_login_failure
        from evilsite.accounts.usernames import remember_saved_username
        from evilsite.logs import clear_request_context, log_lockout

        user_locked_out.connect(log_lockout, dispatch_uid="evilsite.log_lockout")
        request_finished.connect(clear_request_context, dispatch_uid="evilsite.clear_context")
        user_login_failed.connect(count_login_failure, dispatch_uid="evilsite.count_login_failure")
        post_save.connect(
            remember_saved_username,
            sender=get_user_model(),
            dispatch_uid="evilsite.remember_saved_username",
        )
