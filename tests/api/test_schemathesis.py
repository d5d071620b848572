"""Schemathesis against the API from its own OpenAPI schema (``/api/v1/openapi.json``),
in-process through Django's WSGI application, with a real bearer token: whatever it
generates for any operation, no answer is a 500 and every answer is one the schema
declares (status, content type and body).

Bounded (``MAX_EXAMPLES`` per operation) so that it runs in well under a minute; the
hand-written fuzz (``test_fuzz.py``) sends the shapes the schema does not describe.
"""

from __future__ import annotations

from typing import Any

import pytest
import schemathesis
from django.core.handlers.wsgi import WSGIHandler
from django.core.signals import request_finished, request_started
from django.db import close_old_connections
from hypothesis import HealthCheck, settings
from schemathesis.checks import (
    content_type_conformance,
    not_a_server_error,
    response_schema_conformance,
    status_code_conformance,
)

from tests.api.conftest import ApiClient, start

pytestmark = pytest.mark.fuzz

MAX_EXAMPLES = 10
CHECKS = [
    not_a_server_error,
    status_code_conformance,
    content_type_conformance,
    response_schema_conformance,
]


def keeping_the_test_connection(app: Any) -> Any:
    """``app`` as a WSGI application that leaves the test's database connection open.

    A WSGI handler closes the connection at each request's start and end (Django's test
    client turns that off the same way): on PostgreSQL that would close the test's own
    transaction; SQLite's in-memory database ignores it. The whole request, its body read
    and its close included, runs with the two receivers off.
    """

    def call(environ: dict[str, Any], start_response: Any) -> list[bytes]:
        request_started.disconnect(close_old_connections)
        request_finished.disconnect(close_old_connections)
        try:
            response = app(environ, start_response)
            try:
                return [b"".join(response)]
            finally:
                response.close()
        finally:
            request_started.connect(close_old_connections)
            request_finished.connect(close_old_connections)

    return call


@pytest.fixture
def api_schema(db: None, nine: Any) -> Any:
    # The handler itself: get_wsgi_application() would set Django up again in this process,
    # configuring logging a second time (every logger's filters added twice).
    app = keeping_the_test_connection(WSGIHandler())
    return schemathesis.openapi.from_wsgi("/api/v1/openapi.json", app)


schema = schemathesis.pytest.from_fixture("api_schema")


@schema.parametrize()
@settings(
    max_examples=MAX_EXAMPLES,
    deadline=None,
    suppress_health_check=list(HealthCheck),
    derandomize=True,
)
def test_every_answer_is_in_the_schema_and_none_is_a_500(case: Any, secret: str) -> None:
    """A game of the token's exists, so ids the schema's strategies draw sometimes find it."""
    if not ApiClient(secret).get("/games").json():
        start(ApiClient(secret))
    case.call_and_validate(headers={"Authorization": f"Bearer {secret}"}, checks=CHECKS)
