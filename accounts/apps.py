"""Accounts: sign-up, profile, password reset, deletion, the data download, demo accounts.

An app above play, the daily puzzle, classes, records and the API, since the profile
page and an account's deletion reach into all of them; who is a guest is the
platform's (``core/guests.py``), since everything below asks it.
"""

from __future__ import annotations

from django.apps import AppConfig


class AccountsConfig(AppConfig):
    name = "accounts"
    verbose_name = "Accounts"
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self) -> None:
        from django.contrib.auth import get_user_model
        from django.contrib.auth.signals import user_logged_in, user_login_failed
        from django.db.models.signals import post_save

        from accounts import checks  # noqa: F401 - registers the deploy check
        from accounts.languages import language_remember_at_login
        from accounts.lockout import count_login_failure
        from accounts.usernames import remember_saved_username

        user_logged_in.connect(
            language_remember_at_login, dispatch_uid="accounts.language_remember_at_login"
        )
        user_login_failed.connect(count_login_failure, dispatch_uid="accounts.count_login_failure")
        post_save.connect(
            remember_saved_username,
            sender=get_user_model(),
            dispatch_uid="accounts.remember_saved_username",
        )
