"""The secret key is data here (it seeds the daily puzzles and signs share links and
sessions): an empty one in development counts as unset, and it can be rotated with
``DJANGO_SECRET_KEY_FALLBACKS`` without breaking what the old key signed."""

from __future__ import annotations

import json

import pytest
from pytest_django.fixtures import Settings

from games.selectors.share import share_code, share_code_matches
from tests.evilsite.test_settings import PRODUCTION_ENV, run_python

READ_KEYS = (
    "import json, os\n"
    "os.environ.setdefault('DJANGO_SETTINGS_MODULE', 'evilsite.settings')\n"
    "from django.conf import settings as s\n"
    "print(json.dumps([s.SECRET_KEY, s.SECRET_KEY_FALLBACKS]))\n"
)


@pytest.mark.slow
def test_an_empty_key_with_debug_on_is_the_development_key() -> None:
    result = run_python(READ_KEYS, {"DJANGO_DEBUG": "1", "DJANGO_SECRET_KEY": ""})
    assert result.returncode == 0, result.stderr
    key, fallbacks = json.loads(result.stdout)
    assert key.startswith("dev-only")
    assert fallbacks == []


@pytest.mark.slow
def test_an_empty_key_with_debug_off_is_still_refused() -> None:
    result = run_python(READ_KEYS, {**PRODUCTION_ENV, "DJANGO_SECRET_KEY": ""})
    assert result.returncode != 0
    assert "DJANGO_SECRET_KEY must be set" in result.stderr


@pytest.mark.slow
def test_fallbacks_are_read_comma_separated() -> None:
    env = {**PRODUCTION_ENV, "DJANGO_SECRET_KEY_FALLBACKS": "old-key-one, old-key-two"}
    result = run_python(READ_KEYS, env)
    assert json.loads(result.stdout)[1] == ["old-key-one", "old-key-two"]


@pytest.mark.parametrize("keep_old_key", [True, False])
def test_a_share_link_outlives_a_rotation_while_its_key_is_a_fallback(
    settings: Settings, keep_old_key: bool
) -> None:
    settings.SECRET_KEY = "the-old-secret-key-" + "o" * 40
    settings.SECRET_KEY_FALLBACKS = []
    shared = share_code(42)
    old_key = settings.SECRET_KEY
    settings.SECRET_KEY = "the-new-secret-key-" + "n" * 40
    settings.SECRET_KEY_FALLBACKS = [old_key] if keep_old_key else []
    assert share_code_matches(42, shared) is keep_old_key
    assert share_code_matches(42, share_code(42))
