"""Fixtures shared by the game tests: a player, logged in or not."""

from __future__ import annotations

from typing import Any

import pytest
from django.test import Client

from tests.factories import UserFactory


@pytest.fixture
def player() -> Any:
    return UserFactory(username="ada")


@pytest.fixture
def player_client(client: Client, player: Any) -> Client:
    client.force_login(player)
    return client
