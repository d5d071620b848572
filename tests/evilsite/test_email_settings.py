"""E-mail settings: the console by default, SMTP once EMAIL_HOST is set (fresh interpreters)."""

from __future__ import annotations

import json

from tests.evilsite.test_settings import run_python

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


def test_by_default_emails_are_printed_on_the_console() -> None:
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
        "EMAIL_BACKEND": "django.core.mail.backends.smtp.EmailBackend",
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
