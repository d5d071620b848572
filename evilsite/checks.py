"""Deploy checks (``manage.py check --deploy``): what must not reach a public server."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from django.apps import AppConfig
from django.conf import settings
from django.core.checks import CheckMessage, Tags, Warning, register

NO_TRUSTED_PROXY_WARNING_ID = "evilsite.W001"


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
