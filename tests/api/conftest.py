"""Fixtures of the API tests: a dictionary offered for new games, players and their tokens."""

from __future__ import annotations

import json
from typing import Any

import pytest
from django.test import Client

from api.services import api_token_create
from tests.conftest import NINE_WORDS
from tests.factories import DictionaryFactory, UserFactory


@pytest.fixture
def nine(db: None) -> Any:
    return DictionaryFactory(words=list(NINE_WORDS), name="Nine", slug="nine", is_default=True)


@pytest.fixture
def player(db: None) -> Any:
    return UserFactory(username="botmaker")


@pytest.fixture
def secret(player: Any) -> str:
    _, secret = api_token_create(user=player, name="my bot")
    return secret


def bearer(secret: str) -> dict[str, str]:
    return {"HTTP_AUTHORIZATION": f"Bearer {secret}"}


class ApiClient:
    """Django's test client speaking JSON with a bearer token (or none)."""

    def __init__(self, secret: str | None) -> None:
        self.client = Client()
        self.headers = bearer(secret) if secret else {}

    def get(self, path: str, **extra: Any) -> Any:
        return self.client.get("/api/v1" + path, **self.headers, **extra)

    def post(self, path: str, data: Any = None, **extra: Any) -> Any:
        return self.client.post(
            "/api/v1" + path,
            data=data if isinstance(data, (str, bytes)) else json.dumps(data or {}),
            content_type="application/json",
            **self.headers,
            **extra,
        )


@pytest.fixture
def api(secret: str) -> ApiClient:
    return ApiClient(secret)


def start(api: ApiClient, **settings: Any) -> dict[str, Any]:
    body = {"length": 4, "max_misses": 8, "difficulty": "hard", **settings}
    response = api.post("/games", body)
    assert response.status_code == 201, response.content
    return response.json()
