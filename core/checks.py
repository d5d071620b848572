"""Deploy checks (``manage.py check --deploy``): what must not reach a public server."""

from __future__ import annotations

import getpass
import os
from collections.abc import Iterable, Sequence
from email.utils import getaddresses
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

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
PLACEHOLDER_ERROR_ID = "core.E003"


@register(Tags.security, deploy=True)
def mail_is_delivered(app_configs: Sequence[AppConfig] | None, **kwargs: Any) -> list[CheckMessage]:
    """With debug off, password-reset mail must reach the players: a console, file or
    missing backend would drop every reset (or print its link, a login, into a log)."""
    if settings.DEBUG or settings.EMAIL_BACKEND not in UNDELIVERED_BACKENDS:
        return []
    return [
        Error(
            f"EMAIL_BACKEND is {settings.EMAIL_BACKEND}: no e-mail reaches anyone, so "
            "nobody can reset a forgotten password.",
            hint="Set EMAIL_HOST (and EMAIL_HOST_USER, EMAIL_HOST_PASSWORD) to an SMTP server.",
            id=NO_MAIL_SERVER_ERROR_ID,
        )
    ]


# What the kit (deploy/evilhangman.env, .env.example, the docs) writes where an operator
# must put their own: the domains reserved for examples (RFC 2606), words that stand for
# a password, and the secret key's "replace with ..." text. A value like these that
# reaches production is one nobody chose: a published key signs sessions and seeds the
# daily, an example host serves nobody, mail from localhost or to example.org never lands.
EXAMPLE_DOMAINS = ("example.org", "example.com", "example.net")
RESERVED_TOP_LEVEL_DOMAINS = ("example", "invalid")
PLACEHOLDER_WORDS = frozenset(
    {"secret", "password", "changeme", "change-me", "replace-me", "xxx", "todo"}
)
PLACEHOLDER_MARKERS = ("replace-with", "dev-only", "django-insecure-")


def is_example_host(host: str) -> bool:
    """A domain reserved for examples (``hangman.example.org``, ``mail.test.example``)."""
    name = host.strip().strip("[]").rstrip(".").lstrip(".").lower()
    if not name:
        return False
    return name.rpartition(".")[2] in RESERVED_TOP_LEVEL_DOMAINS or any(
        name == domain or name.endswith("." + domain) for domain in EXAMPLE_DOMAINS
    )


def is_placeholder_secret(value: str) -> bool:
    """A password or key the kit ships, or the development key: never a chosen one."""
    lowered = value.strip().lower()
    return lowered in PLACEHOLDER_WORDS or any(mark in lowered for mark in PLACEHOLDER_MARKERS)


def _address_domains(value: str | Iterable[str]) -> list[str]:
    values = [value] if isinstance(value, str) else list(value)
    return [address.rpartition("@")[2] for _, address in getaddresses(values) if address]


def _placeholder(setting: str, value: str, why: str, hint: str) -> Error:
    return Error(f"{setting} is {value!r}: {why}", hint=hint, id=PLACEHOLDER_ERROR_ID, obj=setting)


@register(Tags.security, deploy=True)
def no_placeholders(app_configs: Sequence[AppConfig] | None, **kwargs: Any) -> list[CheckMessage]:
    """With debug off, every value the kit ships as a placeholder must have been replaced:
    the secret key, the hosts, the mail server and its addresses, the passwords."""
    if settings.DEBUG:
        return []
    errors: list[CheckMessage] = []
    for setting, key in [("SECRET_KEY", settings.SECRET_KEY)] + [
        ("SECRET_KEY_FALLBACKS", old) for old in settings.SECRET_KEY_FALLBACKS
    ]:
        if is_placeholder_secret(key):
            errors.append(
                _placeholder(
                    setting,
                    key,
                    "a key published with the site signs nothing safely (sessions, reset and "
                    "share links) and lets anyone draw the daily puzzles.",
                    "python3 -c 'import secrets; print(secrets.token_urlsafe(50))', in "
                    "DJANGO_SECRET_KEY; keep it with the backups (docs/operations.md).",
                )
            )
    hosts = [
        ("ALLOWED_HOSTS", host) for host in settings.ALLOWED_HOSTS if is_example_host(host)
    ] + [
        ("CSRF_TRUSTED_ORIGINS", origin)
        for origin in settings.CSRF_TRUSTED_ORIGINS
        if is_example_host(urlsplit(origin).hostname or origin)
    ]
    if settings.EMAIL_BACKEND not in UNDELIVERED_BACKENDS:
        user_domain = settings.EMAIL_HOST_USER.rpartition("@")[2]
        hosts += [
            (setting, value)
            for setting, value, host in [
                ("EMAIL_HOST", settings.EMAIL_HOST, settings.EMAIL_HOST),
                ("EMAIL_HOST_USER", settings.EMAIL_HOST_USER, user_domain),
            ]
            if is_example_host(host)
        ]
    for alias, database in settings.DATABASES.items():
        if is_example_host(database.get("HOST") or ""):
            hosts.append((f"DATABASES[{alias!r}]['HOST']", database["HOST"]))
    errors += [
        _placeholder(
            setting,
            value,
            "a domain reserved for examples, as the kit ships it.",
            "Set it to the site's own name, or the real server's (DJANGO_ALLOWED_HOSTS, "
            "DJANGO_CSRF_TRUSTED_ORIGINS, EMAIL_HOST, EMAIL_HOST_USER, DATABASE_URL).",
        )
        for setting, value in hosts
    ]
    admins = [f"{name} <{address}>" if name else address for name, address in settings.ADMINS]
    senders = [("DEFAULT_FROM_EMAIL", settings.DEFAULT_FROM_EMAIL)]
    if settings.SERVER_EMAIL != settings.DEFAULT_FROM_EMAIL:  # its default: said once
        senders.append(("SERVER_EMAIL", settings.SERVER_EMAIL))
    for setting, value in [*senders, *(("ADMINS", admin) for admin in admins)]:
        domains = _address_domains(value)
        if any(is_example_host(domain) or domain.lower() == "localhost" for domain in domains):
            errors.append(
                _placeholder(
                    setting,
                    value,
                    "mail from or to an example domain or localhost is refused, filed as spam "
                    "or read by nobody.",
                    "An address of the site's own domain (DEFAULT_FROM_EMAIL, SERVER_EMAIL, "
                    "DJANGO_ADMINS).",
                )
            )
    passwords = [
        (f"DATABASES[{alias!r}]['PASSWORD']", database.get("PASSWORD") or "")
        for alias, database in settings.DATABASES.items()
    ]
    if settings.EMAIL_BACKEND not in UNDELIVERED_BACKENDS:
        passwords.append(("EMAIL_HOST_PASSWORD", settings.EMAIL_HOST_PASSWORD))
    errors += [
        _placeholder(
            setting,
            "*" * len(value),
            "the kit's placeholder password (not shown), which anyone can read in the repository.",
            "Set the real password in DATABASE_URL or EMAIL_HOST_PASSWORD.",
        )
        for setting, value in passwords
        if value and is_placeholder_secret(value)
    ]
    return errors


DAILY_FIRST_DAY_ERROR_ID = "core.E004"


@register(Tags.security, deploy=True)
def daily_first_day_chosen(
    app_configs: Sequence[AppConfig] | None, **kwargs: Any
) -> list[CheckMessage]:
    """Puzzle numbers count days from ``DAILY_FIRST_DAY``: left at its default, a site that
    opens today opens at puzzle #300-something, with every day before it in its archive."""
    if settings.DEBUG or settings.DAILY_FIRST_DAY_SET:
        return []
    return [
        Error(
            f"DAILY_FIRST_DAY is not set: the daily puzzle counts from its default, "
            f"{settings.DAILY_FIRST_DAY.isoformat()}, not from the site's first day.",
            hint=(
                "Set DAILY_FIRST_DAY to the launch day (UTC, e.g. 2026-12-01) before the site "
                "opens, and never change it after: puzzle #1 is that day. A site that already "
                f"counts from {settings.DAILY_FIRST_DAY.isoformat()} sets that date."
            ),
            id=DAILY_FIRST_DAY_ERROR_ID,
        )
    ]


UPLOADS_NOT_WRITABLE_ERROR_ID = "core.E005"


@register(Tags.security, deploy=True)
def uploads_writable(app_configs: Sequence[AppConfig] | None, **kwargs: Any) -> list[CheckMessage]:
    """The upload folder and ``incoming/`` in it (where uploads are spooled) must be the
    service user's: a ``manage.py`` run as root made ``incoming/`` root's, and every upload
    then failed. Run as the service user (``sudo -u evilhangman``), as the docs do."""
    errors: list[CheckMessage] = []
    upload_dir = Path(settings.DICTIONARY_UPLOAD_DIR)
    for folder in (upload_dir, Path(settings.FILE_UPLOAD_TEMP_DIR)):
        if folder.exists() and not os.access(folder, os.W_OK | os.X_OK):
            errors.append(
                Error(
                    f"{folder} is not writable by this user ({getpass.getuser()}): "
                    "uploaded word lists cannot be stored.",
                    hint=(
                        f"chown -R evilhangman:evilhangman {upload_dir} (the service's user), "
                        "and run manage.py as that user: sudo -u evilhangman ..."
                    ),
                    id=UPLOADS_NOT_WRITABLE_ERROR_ID,
                    obj=str(folder),
                )
            )
    return errors
