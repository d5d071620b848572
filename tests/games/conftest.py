"""Fixtures shared by the game tests: a player, logged in or not, and the play pages'
dictionaries (a module's own fixture of the same name wins)."""

from __future__ import annotations

from typing import Any

import pytest
from django.test import Client

from dictionaries.models import Dictionary
from tests.conftest import NINE_WORDS
from tests.factories import DictionaryFactory, UserFactory
from tests.games.play_support import SECRET_FOUR, SECRET_SIX


@pytest.fixture
def player() -> Any:
    return UserFactory(username="ada")


@pytest.fixture
def player_client(client: Client, player: Any) -> Client:
    client.force_login(player)
    return client


@pytest.fixture
def secret() -> Dictionary:
    return DictionaryFactory(
        words=[*SECRET_FOUR, *SECRET_SIX], name="Secret", slug="secret", is_default=True
    )


@pytest.fixture
def nine() -> Dictionary:
    return DictionaryFactory(words=list(NINE_WORDS), name="Nine", slug="nine")


@pytest.fixture
def other() -> Dictionary:
    return DictionaryFactory(words=["cat", "dog", "apple", "lemon"], name="Other", slug="other")
