"""Property-based: whatever a client sends to any operation of the schema, the answer is never
a 500; an error is always the JSON error shape, a success the schema's fields."""

from __future__ import annotations

import json
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from api.endpoints import api as ninja_api
from tests.api.conftest import ApiClient, start

pytestmark = [pytest.mark.django_db, pytest.mark.fuzz]

JSON = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=20),
    lambda children: (
        st.lists(children, max_size=4) | st.dictionaries(st.text(max_size=15), children, max_size=4)
    ),
    max_leaves=10,
)
FIELDS = st.fixed_dictionaries(
    {},
    optional={
        "letter": st.text(max_size=3) | st.integers(),
        "expected_guesses": st.integers(-(2**70), 2**70) | st.text(max_size=3),
        "length": st.integers(-(2**70), 2**70) | st.none(),
        "max_misses": st.integers(-5, 40),
        "difficulty": st.sampled_from(["easy", "hard", "fair", "fiendish", "", "x"]),
        "dictionary": st.text(max_size=12) | st.none() | st.just("nine"),
    },
)
IDS = st.integers(-5, 2**70).map(str) | st.text(
    st.characters(blacklist_categories=("Cs",), blacklist_characters="/?#%"), min_size=1, max_size=8
)
OPERATIONS = [
    (method, path)
    for path, item in ninja_api.get_openapi_schema()["paths"].items()
    for method in item
]
SETTINGS = settings(
    max_examples=25, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)


def check(response: Any, game_fields: set[str]) -> None:
    assert response.status_code < 500, response.content
    assert response["Content-Type"].startswith("application/json")
    body = response.json()
    if response.status_code >= 400:
        assert set(body) == {"error"}
        assert set(body["error"]) == {"code", "message"}
    elif isinstance(body, dict) and "pattern" in body:
        assert set(body) == game_fields


def game_fields() -> set[str]:
    schema = ninja_api.get_openapi_schema()
    return set(schema["components"]["schemas"]["GameOut"]["properties"])


@pytest.mark.parametrize(("method", "path"), OPERATIONS)
@SETTINGS
@given(body=JSON | FIELDS, game_id=IDS, raw=st.booleans())
def test_no_request_makes_a_500(
    api: ApiClient,
    nine: Any,
    settings: Any,
    method: str,
    path: str,
    body: Any,
    game_id: str,
    raw: bool,
) -> None:
    # The examples share one database: their games pile up (the caps have their own tests).
    settings.API_GAMES_IN_PROGRESS_PER_TOKEN = 10_000
    settings.RATE_LIMITS_ENABLED = False
    fields = game_fields()
    real = start(api, difficulty="easy")["id"] if "{game_id}" in path else 0
    target = path.removeprefix("/api/v1").replace("{game_id}", game_id if raw else str(real))
    if method == "get":
        query = body if isinstance(body, dict) else {}
        response = api.get(target, data={k: json.dumps(v) for k, v in query.items()})
    else:
        response = api.post(target, json.dumps(body) if raw else body)
    check(response, fields)
