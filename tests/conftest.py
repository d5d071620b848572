"""Shared fixtures: the courses' real data and small dictionaries."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from hypothesis import settings as hypothesis_settings
from pytest_django.fixtures import Settings

SHARED_DATA = Path(__file__).resolve().parent.parent.parent / "shared" / "data"

# A CI gate must give the same answer on every run, so there the generated examples are
# fixed; on a developer's machine they stay random and keep looking for new cases.
hypothesis_settings.register_profile("ci", derandomize=True)
if os.environ.get("CI"):
    hypothesis_settings.load_profile("ci")

NINE_WORDS = ("ally", "beta", "cool", "deal", "else", "flew", "good", "hope", "ibex")


def shared_data_path(*parts: str) -> Path:
    """A file of ../shared/data; skips when absent, but never under CI."""
    path = SHARED_DATA.joinpath(*parts)
    if not path.exists():
        if os.environ.get("CI"):
            pytest.fail(f"{path} is missing and CI is set: the peer suites must run")
        pytest.skip(f"{path} is absent")
    return path


def read_word_file(path: Path) -> list[str]:
    return [line.strip() for line in path.read_text(encoding="utf-8").splitlines() if line.strip()]


@pytest.fixture(autouse=True)
def _fast_password_hashing(settings: Settings) -> None:
    """Factories hash a password per user; the default hasher costs ~0.2 s each."""
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]


@pytest.fixture(autouse=True)
def _rank_small_test_dictionaries(settings: Settings) -> None:
    """Tests play ranked games on dictionaries of a few words; the rule that small buckets
    are unranked has its own tests, which set RANKED_MIN_WORDS back."""
    settings.RANKED_MIN_WORDS = 1


@pytest.fixture(autouse=True)
def _empty_process_caches() -> None:
    """Each test starts with an empty word bank and cache, as a fresh process would."""
    from django.core.cache import cache

    from dictionaries.wordbank import clear_word_bank

    cache.clear()
    clear_word_bank()
