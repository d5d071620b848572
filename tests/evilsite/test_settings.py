"""Settings come from environment variables; each case runs in a fresh interpreter."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

pytestmark = pytest.mark.slow  # a fresh Python process per test (docs/developing.md)

ROOT = Path(__file__).resolve().parents[2]
PRODUCTION_ENV = {
    "DJANGO_DEBUG": "0",
    "DJANGO_SECRET_KEY": "x" * 30 + "-production-secret-for-the-test-only-" + "y" * 20,
    # No example domain: check --deploy refuses them (the kit's placeholders, core.E003).
    "DJANGO_ALLOWED_HOSTS": "hangman.lakeside-school.net,www.hangman.lakeside-school.net",
    "DJANGO_CSRF_TRUSTED_ORIGINS": "https://hangman.lakeside-school.net",
    "DATABASE_URL": "postgres://evil:Tq83-hw0Pz@db.lakeside-school.net:5432/evilhangman",
    "DJANGO_TRUSTED_PROXIES": "127.0.0.1",  # the deploy kit's: the proxy on the same host
    "EMAIL_HOST": "smtp.lakeside-school.net",  # without a mail server check --deploy fails
    "DEFAULT_FROM_EMAIL": "Evil Hangman <noreply@hangman.lakeside-school.net>",
    "DAILY_FIRST_DAY": "2026-12-01",  # the launch day (check --deploy: core.E004)
}


def run_python(code: str, env: dict[str, str]) -> subprocess.CompletedProcess[str]:
    clean = {key: value for key, value in os.environ.items() if not key.startswith("DJANGO_")}
    clean.pop("DATABASE_URL", None)
    clean.update(env)
    return subprocess.run(
        [sys.executable, "-c", code], cwd=ROOT, env=clean, capture_output=True, text=True
    )


def load_settings(env: dict[str, str]) -> dict[str, object]:
    code = (
        "import json, os\n"
        "os.environ.setdefault('DJANGO_SETTINGS_MODULE', 'evilsite.settings')\n"
        "from django.conf import settings\n"
        "db = settings.DATABASES['default']\n"
        "print(json.dumps({'DEBUG': settings.DEBUG, 'ENGINE': db['ENGINE'],\n"
        "  'NAME': str(db['NAME']),\n"
        "  'HOST': db.get('HOST', ''), 'ALLOWED_HOSTS': settings.ALLOWED_HOSTS,\n"
        "  'SESSION_COOKIE_SECURE': settings.SESSION_COOKIE_SECURE,\n"
        "  'UPLOAD_MAX': settings.DICTIONARY_UPLOAD_MAX_BYTES,\n"
        "  'STATIC_ROOT': str(settings.STATIC_ROOT)}))\n"
    )
    result = run_python(code, env)
    assert result.returncode == 0, result.stderr
    return json.loads(result.stdout)


def test_nothing_set_runs_debug_on_an_sqlite_file() -> None:
    loaded = load_settings({})
    assert loaded["DEBUG"] is True
    assert loaded["ENGINE"] == "django.db.backends.sqlite3"
    assert loaded["NAME"].endswith("db.sqlite3")
    assert "127.0.0.1" in loaded["ALLOWED_HOSTS"]


def test_database_url_selects_postgresql() -> None:
    loaded = load_settings({"DATABASE_URL": "postgres://evil:pw@db.internal:6543/hangman"})
    assert loaded["ENGINE"] == "django.db.backends.postgresql"
    assert loaded["NAME"] == "hangman"
    assert loaded["HOST"] == "db.internal"


def test_production_variables_are_read() -> None:
    loaded = load_settings({**PRODUCTION_ENV, "DICTIONARY_UPLOAD_MAX_BYTES": "1000"})
    assert loaded["DEBUG"] is False
    assert loaded["ALLOWED_HOSTS"] == [
        "hangman.lakeside-school.net",
        "www.hangman.lakeside-school.net",
    ]
    assert loaded["SESSION_COOKIE_SECURE"] is True
    assert loaded["UPLOAD_MAX"] == 1000


def test_static_files_are_collected_into_the_project_unless_told_otherwise(tmp_path: Path) -> None:
    """A benchmark collects into a folder of its own, away from the tests' whitenoise."""
    assert load_settings({})["STATIC_ROOT"] == str(ROOT / "staticfiles")
    elsewhere = tmp_path / "collected"
    assert load_settings({"DJANGO_STATIC_ROOT": str(elsewhere)})["STATIC_ROOT"] == str(elsewhere)


@pytest.mark.parametrize(
    ("env", "message"),
    [
        ({"DJANGO_DEBUG": "0"}, "DJANGO_SECRET_KEY must be set"),
        ({"DJANGO_DEBUG": "maybe"}, "DJANGO_DEBUG must be a boolean"),
        ({"DICTIONARY_UPLOAD_MAX_BYTES": "lots"}, "must be an integer"),
    ],
)
def test_bad_values_fail_with_a_clear_message(env: dict[str, str], message: str) -> None:
    result = run_python(
        "import os; os.environ['DJANGO_SETTINGS_MODULE'] = 'evilsite.settings'\n"
        "from django.conf import settings; settings.DEBUG",
        env,
    )
    assert result.returncode != 0
    assert message in result.stderr


def test_production_settings_pass_check_deploy() -> None:
    result = run_python(
        "import sys; from django.core.management import execute_from_command_line\n"
        "import os; os.environ['DJANGO_SETTINGS_MODULE'] = 'evilsite.settings'\n"
        "execute_from_command_line(['manage.py', 'check', '--deploy', '--fail-level', 'WARNING'])",
        PRODUCTION_ENV,
    )
    assert result.returncode == 0, result.stderr + result.stdout
    assert "no issues" in result.stdout


def test_production_answers_carry_hsts_the_policy_and_secure_cookies(tmp_path: Path) -> None:
    """A page as production serves it over HTTPS (behind the proxy): every header a review
    expects, and cookies that never travel over plain HTTP."""
    result = run_python(
        "import json, os\n"
        "os.environ['DJANGO_SETTINGS_MODULE'] = 'evilsite.settings'\n"
        "import django; django.setup()\n"
        "from django.conf import settings\n"
        "# No collectstatic here: plain static names instead of the manifest's hashed ones.\n"
        "settings.STORAGES = {**settings.STORAGES, 'staticfiles': {\n"
        "  'BACKEND': 'django.contrib.staticfiles.storage.StaticFilesStorage'}}\n"
        "from django.test import Client\n"
        "response = Client().get('/accounts/login/', secure=True,\n"
        "    HTTP_HOST='hangman.lakeside-school.net')\n"
        "print(json.dumps({'status': response.status_code, 'headers': dict(response.headers),\n"
        "  'cookies': {name: {'secure': morsel['secure'], 'httponly': morsel['httponly']}\n"
        "              for name, morsel in response.cookies.items()}}))",
        {**PRODUCTION_ENV, "DATABASE_URL": f"sqlite:///{tmp_path / 'none.sqlite3'}"},
    )
    assert result.returncode == 0, result.stderr
    answer = json.loads(result.stdout)
    assert answer["status"] == 200
    headers = answer["headers"]
    assert headers["Strict-Transport-Security"] == "max-age=31536000; includeSubDomains; preload"
    assert "script-src 'self'" in headers["Content-Security-Policy"]
    assert "unsafe-inline" not in headers["Content-Security-Policy"]
    assert headers["X-Content-Type-Options"] == "nosniff"
    assert headers["X-Frame-Options"] == "DENY"
    assert answer["cookies"]["csrftoken"]["secure"] is True


def test_the_policy_can_be_only_reported_while_debugging() -> None:
    code = (
        "import os, json\n"
        "os.environ.setdefault('DJANGO_SETTINGS_MODULE', 'evilsite.settings')\n"
        "from django.conf import settings\n"
        "print(json.dumps([hasattr(settings, 'CONTENT_SECURITY_POLICY'),\n"
        "  hasattr(settings, 'CONTENT_SECURITY_POLICY_REPORT_ONLY')]))"
    )
    enforced = run_python(code, {})
    reported = run_python(code, {"DJANGO_CSP_REPORT_ONLY": "1"})
    assert json.loads(enforced.stdout) == [True, False], enforced.stderr
    assert json.loads(reported.stdout) == [False, True], reported.stderr
