"""E-mail settings: the console by default, SMTP once EMAIL_HOST is set (fresh interpreters)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.evilsite.test_settings import PRODUCTION_ENV, run_python

pytestmark = pytest.mark.slow  # a fresh Python process per test (docs/developing.md)

READ_EMAIL = (
    "import json, os\n"
    "os.environ.setdefault('DJANGO_SETTINGS_MODULE', 'evilsite.settings')\n"
    "from django.conf import settings as s\n"
    "print(json.dumps({name: getattr(s, name, None) for name in (\n"
    "  'EMAIL_BACKEND', 'EMAIL_HOST', 'EMAIL_PORT', 'EMAIL_HOST_USER', 'EMAIL_HOST_PASSWORD',\n"
    "  'EMAIL_USE_TLS', 'EMAIL_USE_SSL', 'DEFAULT_FROM_EMAIL', 'PASSWORD_RESET_TIMEOUT')}))\n"
)
NO_EMAIL = {
    name: ""
    for name in (
        "EMAIL_HOST",
        "EMAIL_PORT",
        "EMAIL_HOST_USER",
        "EMAIL_HOST_PASSWORD",
        "EMAIL_USE_TLS",
        "EMAIL_USE_SSL",
        "DEFAULT_FROM_EMAIL",
        "PASSWORD_RESET_TIMEOUT_DAYS",
    )
}


def load(env: dict[str, str]) -> dict[str, object]:
    result = run_python(READ_EMAIL, {**NO_EMAIL, **env})
    assert result.returncode == 0, result.stderr
    return json.loads(result.stdout)


def test_in_debug_emails_are_printed_on_the_console() -> None:
    loaded = load({})
    assert loaded["EMAIL_BACKEND"] == "django.core.mail.backends.console.EmailBackend"
    assert loaded["DEFAULT_FROM_EMAIL"] == "Evil Hangman <noreply@localhost>"
    assert loaded["PASSWORD_RESET_TIMEOUT"] == 3 * 24 * 60 * 60


def test_an_smtp_host_turns_smtp_on() -> None:
    loaded = load(
        {
            "EMAIL_HOST": "smtp.example.org",
            "EMAIL_PORT": "465",
            "EMAIL_HOST_USER": "hangman",
            "EMAIL_HOST_PASSWORD": "secret",
            "EMAIL_USE_TLS": "0",
            "EMAIL_USE_SSL": "1",
            "DEFAULT_FROM_EMAIL": "Hangman <noreply@example.org>",
            "PASSWORD_RESET_TIMEOUT_DAYS": "1",
        }
    )
    assert loaded == {
        "EMAIL_BACKEND": "core.mail.SMTPBackend",
        "EMAIL_HOST": "smtp.example.org",
        "EMAIL_PORT": 465,
        "EMAIL_HOST_USER": "hangman",
        "EMAIL_HOST_PASSWORD": "secret",
        "EMAIL_USE_TLS": False,
        "EMAIL_USE_SSL": True,
        "DEFAULT_FROM_EMAIL": "Hangman <noreply@example.org>",
        "PASSWORD_RESET_TIMEOUT": 24 * 60 * 60,
    }


def test_tls_and_ssl_together_are_refused() -> None:
    result = run_python(
        READ_EMAIL,
        {**NO_EMAIL, "EMAIL_HOST": "smtp.example.org", "EMAIL_USE_TLS": "1", "EMAIL_USE_SSL": "1"},
    )
    assert result.returncode != 0
    assert "set one, not both" in result.stderr


def test_with_debug_off_and_no_mail_server_sending_fails_rather_than_printing() -> None:
    loaded = load({**PRODUCTION_ENV, "EMAIL_HOST": ""})
    assert loaded["EMAIL_BACKEND"] == "core.mail.UnconfiguredBackend"


CHECK_DEPLOY = (
    "import os, sys\n"
    "os.environ.setdefault('DJANGO_SETTINGS_MODULE', 'evilsite.settings')\n"
    "import django; django.setup()\n"
    "from django.core.management import call_command\n"
    "call_command('check', deploy=True, fail_level='ERROR')\n"
)


def deploy_check(env: dict[str, str], tmp_path: Path) -> tuple[int, str]:
    database = {"DATABASE_URL": f"sqlite:///{tmp_path / 'empty.sqlite3'}"}
    result = run_python(CHECK_DEPLOY, {**PRODUCTION_ENV, **NO_EMAIL, **env, **database})
    return result.returncode, result.stderr


def test_check_deploy_fails_without_a_mail_server(tmp_path: Path) -> None:
    """Issue 27, item 3: the console fallback was silent; now check --deploy refuses it."""
    code, stderr = deploy_check({}, tmp_path)
    assert code != 0
    assert "core.E002" in stderr
    assert "EMAIL_HOST" in stderr


def test_check_deploy_passes_with_smtp_and_fails_on_a_localhost_sender(tmp_path: Path) -> None:
    """Mail from localhost is refused or filed as spam: since issue 36 an error (core.E003,
    a value left as shipped), where it was a warning (core.W002)."""
    code, stderr = deploy_check({"EMAIL_HOST": "smtp.lakeside-school.net"}, tmp_path)
    assert code != 0
    assert "core.E002" not in stderr
    assert "DEFAULT_FROM_EMAIL is 'Evil Hangman <noreply@localhost>'" in stderr
    sender = {"DEFAULT_FROM_EMAIL": "Evil Hangman <noreply@hangman.lakeside-school.net>"}
    code, stderr = deploy_check({"EMAIL_HOST": "smtp.lakeside-school.net", **sender}, tmp_path)
    assert code == 0, stderr
    assert "core.E003" not in stderr
