"""Deploy checks (``manage.py check --deploy``): what must not reach a public server."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from django.apps import AppConfig
from django.conf import settings
from django.contrib.auth import get_user_model
from django.contrib.auth.hashers import check_password
from django.core.checks import CheckMessage, Error, Tags, Warning, register
from django.db import DatabaseError

from evilsite.management.commands.ensure_demo_accounts import DEMO_ACCOUNTS

DEMO_PASSWORD_ERROR_ID = "evilsite.E001"
NO_TRUSTED_PROXY_WARNING_ID = "evilsite.W001"


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


@register(Tags.security, deploy=True)
def trusted_proxies_named(
    app_configs: Sequence[AppConfig] | None, **kwargs: Any
) -> list[CheckMessage]:
    """Behind a proxy that is not named, every client has the proxy's address: one client.

    The rate limits and login locks per address would then hold back the whole site
    together. Serving clients directly (no proxy) is the one case to silence it.
    """
    if settings.TRUSTED_PROXIES:
        return []
    return [
        Warning(
            "DJANGO_TRUSTED_PROXIES is not set: every request is taken to come from its socket "
            "address. Behind a reverse proxy that is the proxy's, and the per-address rate "
            "limits and login locks would hold back every client together.",
            hint=(
                "Set DJANGO_TRUSTED_PROXIES to the proxy's address (e.g. 127.0.0.1); if "
                f"clients reach gunicorn directly, add {NO_TRUSTED_PROXY_WARNING_ID!r} to "
                "SILENCED_SYSTEM_CHECKS."
            ),
            id=NO_TRUSTED_PROXY_WARNING_ID,
        )
    ]
