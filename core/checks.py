"""Deploy checks (``manage.py check --deploy``): what must not reach a public server."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from django.apps import AppConfig
from django.conf import settings
from django.core.checks import CheckMessage, Error, Tags, Warning, register

from core.mail import UNDELIVERED_BACKENDS

NO_TRUSTED_PROXY_WARNING_ID = "core.W001"


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


NO_MAIL_SERVER_ERROR_ID = "core.E002"
LOCALHOST_SENDER_WARNING_ID = "core.W002"


@register(Tags.security, deploy=True)
def mail_is_delivered(app_configs: Sequence[AppConfig] | None, **kwargs: Any) -> list[CheckMessage]:
    """With debug off, password-reset mail must reach the players: a console, file or
    missing backend would drop every reset (or print its link, a login, into a log)."""
    if settings.DEBUG:
        return []
    messages: list[CheckMessage] = []
    if settings.EMAIL_BACKEND in UNDELIVERED_BACKENDS:
        messages.append(
            Error(
                f"EMAIL_BACKEND is {settings.EMAIL_BACKEND}: no e-mail reaches anyone, so "
                "nobody can reset a forgotten password.",
                hint="Set EMAIL_HOST (and EMAIL_HOST_USER, EMAIL_HOST_PASSWORD) to an SMTP server.",
                id=NO_MAIL_SERVER_ERROR_ID,
            )
        )
    if settings.DEFAULT_FROM_EMAIL.rstrip("> ").endswith("@localhost"):
        messages.append(
            Warning(
                f"DEFAULT_FROM_EMAIL is {settings.DEFAULT_FROM_EMAIL!r}: mail from localhost "
                "is likely to be refused or filed as spam.",
                hint="Set DEFAULT_FROM_EMAIL to an address of the site's domain.",
                id=LOCALHOST_SENDER_WARNING_ID,
            )
        )
    return messages
