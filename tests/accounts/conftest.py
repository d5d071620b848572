from __future__ import annotations

import pytest
from pytest_django.fixtures import Settings


@pytest.fixture(autouse=True)
def _fast_password_hasher(settings: Settings) -> None:
    """Each login attempt hashes a password; a fast hasher keeps these tests quick."""
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
