"""``check --deploy`` fails on every value the kit ships as a placeholder (issue 36, item 1):
the env file copied unedited passed it, with a secret key published in the repository.

Each placeholder of deploy/evilhangman.env is tried alone in otherwise real settings, and
the whole file, unedited and then with each replaced, through ``manage.py`` as an operator
runs it.
"""

from __future__ import annotations

import os
import re
from pathlib import Path

import pytest
from pytest_django.fixtures import Settings

from core import checks
from tests.deploy.test_kit import env_file
from tests.evilsite.test_settings import run_python

ROOT = Path(__file__).resolve().parents[2]
KIT = ROOT / "deploy" / "evilhangman.env"

# The kit's values that are a site's own, kept as shipped (anything else must be a placeholder).
KEPT_AS_SHIPPED = {
    "DJANGO_DEBUG": "0",
    "DJANGO_TRUSTED_PROXIES": "127.0.0.1",
    "DJANGO_STATIC_ROOT": "/srv/evilhangman/staticfiles",
    "DICTIONARY_UPLOAD_DIR": "/var/lib/evilhangman/uploads",
    "DJANGO_SECRET_KEY_FALLBACKS": "",
    "PROBE_TOKEN": "",
}
# What an operator puts in place of each placeholder (none of them reserved or published).
REAL = {
    "DJANGO_SECRET_KEY": "k3Vq9-ZpT0wXbH2mYc8sLr4fNj6uAe1dGi7oKt5yWq0xPz3vBn-Ch8Ls2Fm9Dj4",
    "DJANGO_ALLOWED_HOSTS": "hangman.lakeside-school.net",
    "DJANGO_CSRF_TRUSTED_ORIGINS": "https://hangman.lakeside-school.net",
    "DATABASE_URL": "postgres://evilhangman:Tq83-hw0Pz@127.0.0.1:5432/evilhangman",
    "EMAIL_HOST": "smtp.lakeside-school.net",
    "EMAIL_HOST_USER": "hangman@lakeside-school.net",
    "EMAIL_HOST_PASSWORD": "p4-Lw9z-Qe",
    "DEFAULT_FROM_EMAIL": "Evil Hangman <noreply@hangman.lakeside-school.net>",
    "DJANGO_ADMINS": "Operator <ops@lakeside-school.net>",
    "DAILY_FIRST_DAY": "2026-12-01",
}
# The setting each placeholder reaches, as the check names it.
NAMED = {
    "DJANGO_SECRET_KEY": "SECRET_KEY",
    "DJANGO_ALLOWED_HOSTS": "ALLOWED_HOSTS",
    "DJANGO_CSRF_TRUSTED_ORIGINS": "CSRF_TRUSTED_ORIGINS",
    "DATABASE_URL": "DATABASES['default']['PASSWORD']",
    "EMAIL_HOST": "EMAIL_HOST",
    "EMAIL_HOST_USER": "EMAIL_HOST_USER",
    "EMAIL_HOST_PASSWORD": "EMAIL_HOST_PASSWORD",
    "DEFAULT_FROM_EMAIL": "DEFAULT_FROM_EMAIL",
    "DJANGO_ADMINS": "ADMINS",
    "DAILY_FIRST_DAY": checks.DAILY_FIRST_DAY_ERROR_ID,
}
CHECK_DEPLOY = (
    "import os; os.environ['DJANGO_SETTINGS_MODULE'] = 'evilsite.settings'\n"
    "from django.core.management import execute_from_command_line\n"
    "execute_from_command_line(['manage.py', 'check', '--deploy'])\n"
)


def kit() -> dict[str, str]:
    shipped = env_file(KIT)
    names = set(re.findall(r"^([A-Z][A-Z0-9_]*)=", KIT.read_text(), flags=re.MULTILINE))
    return {name: shipped[name] for name in names}


def test_every_value_of_the_kit_is_kept_as_shipped_or_a_placeholder_tried_here() -> None:
    """A placeholder added to the kit must be added here, with its real value, or kept."""
    shipped = kit()
    assert set(shipped) == set(KEPT_AS_SHIPPED) | set(REAL)
    assert {name: shipped[name] for name in KEPT_AS_SHIPPED} == KEPT_AS_SHIPPED


def check_deploy(env: dict[str, str]) -> tuple[int, str]:
    result = run_python(CHECK_DEPLOY, env)
    return result.returncode, result.stdout + result.stderr


@pytest.mark.slow
def test_the_kits_env_file_unedited_fails_check_deploy_naming_every_placeholder() -> None:
    code, output = check_deploy(kit())
    assert code != 0, output
    for name in NAMED.values():
        assert name in output, name
    assert "'secret'" not in output  # a password is never printed, even a placeholder


@pytest.mark.slow
def test_the_kits_env_file_with_every_placeholder_replaced_passes_check_deploy() -> None:
    code, output = check_deploy({**kit(), **REAL})
    assert code == 0, output
    assert "core.E00" not in output


@pytest.fixture
def production(settings: Settings) -> Settings:
    """Settings as the kit with every placeholder replaced gives them."""
    settings.DEBUG = False
    settings.SECRET_KEY = REAL["DJANGO_SECRET_KEY"]
    settings.SECRET_KEY_FALLBACKS = []
    settings.ALLOWED_HOSTS = [REAL["DJANGO_ALLOWED_HOSTS"]]
    settings.CSRF_TRUSTED_ORIGINS = [REAL["DJANGO_CSRF_TRUSTED_ORIGINS"]]
    settings.EMAIL_BACKEND = "core.mail.SMTPBackend"
    settings.EMAIL_HOST = REAL["EMAIL_HOST"]
    settings.EMAIL_HOST_USER = REAL["EMAIL_HOST_USER"]
    settings.EMAIL_HOST_PASSWORD = REAL["EMAIL_HOST_PASSWORD"]
    settings.DEFAULT_FROM_EMAIL = REAL["DEFAULT_FROM_EMAIL"]
    settings.SERVER_EMAIL = REAL["DEFAULT_FROM_EMAIL"]
    settings.ADMINS = [("Operator", "ops@lakeside-school.net")]
    settings.DAILY_FIRST_DAY_SET = True
    return settings


def deploy_errors() -> list[tuple[str, object]]:
    found = [
        *checks.mail_is_delivered(None),
        *checks.no_placeholders(None),
        *checks.daily_first_day_chosen(None),
    ]
    return [(message.id, message.obj) for message in found]


def test_real_settings_pass(production: Settings) -> None:
    assert deploy_errors() == []


def test_each_placeholder_alone_fails(production: Settings) -> None:
    shipped = kit()
    tried = {
        "SECRET_KEY": ("SECRET_KEY", shipped["DJANGO_SECRET_KEY"]),
        "ALLOWED_HOSTS": ("ALLOWED_HOSTS", [shipped["DJANGO_ALLOWED_HOSTS"]]),
        "CSRF_TRUSTED_ORIGINS": ("CSRF_TRUSTED_ORIGINS", [shipped["DJANGO_CSRF_TRUSTED_ORIGINS"]]),
        "EMAIL_HOST": ("EMAIL_HOST", shipped["EMAIL_HOST"]),
        "EMAIL_HOST_USER": ("EMAIL_HOST_USER", shipped["EMAIL_HOST_USER"]),
        "EMAIL_HOST_PASSWORD": ("EMAIL_HOST_PASSWORD", shipped["EMAIL_HOST_PASSWORD"]),
        "DEFAULT_FROM_EMAIL": ("DEFAULT_FROM_EMAIL", shipped["DEFAULT_FROM_EMAIL"]),
        "ADMINS": ("ADMINS", [("Operator", shipped["DJANGO_ADMINS"].split("<")[1].rstrip(">"))]),
    }
    assert set(tried) | {"DATABASES['default']['PASSWORD']", "core.E004"} == set(NAMED.values())
    for obj, (setting, value) in tried.items():
        before = getattr(production, setting)
        setattr(production, setting, value)
        assert deploy_errors() == [(checks.PLACEHOLDER_ERROR_ID, obj)], setting
        setattr(production, setting, before)


def test_the_kits_database_password_fails(
    production: Settings, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setitem(production.DATABASES["default"], "PASSWORD", "secret")
    assert deploy_errors() == [(checks.PLACEHOLDER_ERROR_ID, "DATABASES['default']['PASSWORD']")]


def test_an_unset_first_day_of_the_daily_fails(production: Settings) -> None:
    production.DAILY_FIRST_DAY_SET = False
    assert deploy_errors() == [(checks.DAILY_FIRST_DAY_ERROR_ID, None)]


@pytest.mark.parametrize(
    ("setting", "value"),
    [
        ("SECRET_KEY", "dev-only-insecure-key-do-not-use-in-production"),  # development's
        ("SECRET_KEY", "django-insecure-" + "q" * 50),  # startproject's
        ("SECRET_KEY_FALLBACKS", ["replace-with-the-output-of-the-command-above"]),
        ("ALLOWED_HOSTS", [".example.com"]),
        ("ALLOWED_HOSTS", ["hangman.example"]),  # the reserved top-level domain
        ("EMAIL_HOST", "mail.example.net"),
        ("DEFAULT_FROM_EMAIL", "Evil Hangman <noreply@localhost>"),  # settings' default
        ("SERVER_EMAIL", "root@localhost"),
    ],
)
def test_other_placeholders_and_defaults_fail(
    production: Settings, setting: str, value: object
) -> None:
    setattr(production, setting, value)
    assert deploy_errors() == [(checks.PLACEHOLDER_ERROR_ID, setting)]


@pytest.mark.parametrize(
    "host", ["hangman.examples.org", "example.org.uk", "myexample.com", "localhost", "10.0.0.5"]
)
def test_hosts_that_only_look_like_examples_pass(production: Settings, host: str) -> None:
    production.ALLOWED_HOSTS = [host]
    assert deploy_errors() == []


def test_with_debug_on_nothing_is_checked(production: Settings) -> None:
    production.DEBUG = True
    production.SECRET_KEY = "dev-only-insecure-key-do-not-use-in-production"
    production.DAILY_FIRST_DAY_SET = False
    assert deploy_errors() == []


def test_an_upload_folder_the_service_user_cannot_write_fails(
    production: Settings, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Issue 36, item 4: ``manage.py`` run as root made ``incoming/`` root's (755), and the
    service's uploads failed. The check runs as the docs run it, as the service user; here
    (as root, who may write anywhere) the user's access is what ``os.access`` answers."""
    production.DICTIONARY_UPLOAD_DIR = tmp_path
    production.FILE_UPLOAD_TEMP_DIR = str(tmp_path / "incoming")
    (tmp_path / "incoming").mkdir()
    assert checks.uploads_writable(None) == []
    if os.geteuid() != 0:
        (tmp_path / "incoming").chmod(0o555)
    else:
        monkeypatch.setattr(checks.os, "access", lambda path, mode: Path(path).name != "incoming")
    errors = checks.uploads_writable(None)
    assert [(error.id, error.obj) for error in errors] == [
        (checks.UPLOADS_NOT_WRITABLE_ERROR_ID, str(tmp_path / "incoming"))
    ]
    assert "sudo -u evilhangman" in (errors[0].hint or "")
