"""Deploy check (``manage.py check --deploy``): no demo account with its published password."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from django.apps import AppConfig
from django.contrib.auth import get_user_model
from django.contrib.auth.hashers import check_password
from django.core.checks import CheckMessage, Error, Tags, register
from django.db import DatabaseError

from accounts.management.commands.ensure_demo_accounts import DEMO_ACCOUNTS

# The id it had when the platform app held the accounts: silenced checks keep working.
DEMO_PASSWORD_ERROR_ID = "core.E001"


@register(Tags.security, deploy=True)
def published_demo_passwords(
    app_configs: Sequence[AppConfig] | None, **kwargs: Any
) -> list[CheckMessage]:
    """An active demo account whose password is still the one the README publishes.

    Each is checked against its own published password, with the hasher alone (nothing
    is rehashed or saved); a database without the users table yet has none.
    """
    published = {account.username: account.password for account in DEMO_ACCOUNTS}
    user_model = get_user_model()
    try:
        users = list(
            user_model.objects.filter(
                is_active=True, **{f"{user_model.USERNAME_FIELD}__in": published}
            )
        )
    except DatabaseError:
        return []
    return [
        Error(
            f"The active account {user.get_username()!r} still has the demo password "
            "published in the README.",
            hint=(
                "Change its password (manage.py changepassword "
                f"{user.get_username()}), deactivate it or delete it."
            ),
            obj=user.get_username(),
            id=DEMO_PASSWORD_ERROR_ID,
        )
        for user in users
        if check_password(published[user.get_username()], user.password)
    ]
