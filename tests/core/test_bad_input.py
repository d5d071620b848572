"""Bodies nested deeply, large or oddly encoded: on every route, a 4xx and never a 500.

Python's JSON parser recurses once per level, so ``"[" * 1000`` raised ``RecursionError``
(a 500 before log-in or CSRF, on any URL); ``core.bad_input`` now counts the depth first.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from typing import Any

import pytest
from django.test import Client
from django.urls import URLPattern, URLResolver, get_resolver, resolve
from django.urls.resolvers import RegexPattern, RoutePattern
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from core.bad_input import MAX_JSON_DEPTH, too_deep

pytestmark = pytest.mark.django_db

SAMPLES = {
    "int": "1",
    "slug": "x",
    "str": "x",
    "path": "x",
    "uuid": "0" * 8 + "-0000" * 3 + "-" + "0" * 12,
}


def _concrete(pattern: Any) -> str:
    """A path segment ``pattern`` matches: converters and groups replaced by a sample."""
    if isinstance(pattern, RoutePattern):
        return re.sub(
            r"<(?:(\w+):)?\w+>", lambda m: SAMPLES.get(m.group(1) or "str", "1"), str(pattern)
        )
    assert isinstance(pattern, RegexPattern)
    text = str(pattern).lstrip("^").rstrip("$")
    # A named group: its first alternative when it lists words, else a sample.
    return re.sub(
        r"\(\?P<\w+>([^)]*)\)",
        lambda m: m.group(1).split("|")[0] if re.fullmatch(r"[\w|]+", m.group(1)) else "x",
        text,
    )


def _walk(patterns: list[Any], prefix: str) -> Iterator[str]:
    for item in patterns:
        if isinstance(item, URLResolver):
            yield from _walk(item.url_patterns, prefix + _concrete(item.pattern))
        else:
            assert isinstance(item, URLPattern)
            yield prefix + _concrete(item.pattern)


ROUTES = sorted({"/" + path for path in _walk(get_resolver().url_patterns, "")})
METHODS = ("post", "put", "patch", "delete")
ENCODINGS = ("utf-8", "utf-8-sig", "utf-16", "utf-16-le", "utf-16-be", "utf-32", "utf-32-be")
CONTENT_TYPES = ("application/json", "application/json; charset=utf-8", "text/plain")


def nested(depth: int, kind: str) -> str:
    if kind == "array":
        return "[" * depth + "]" * depth
    if kind == "object":
        return '{"a":' * depth + "1" + "}" * depth
    opens = ["[" if level % 2 else '{"a":' for level in range(depth)]  # both, alternating
    closes = ["]" if level % 2 else "}" for level in reversed(range(depth))]
    return "".join(opens) + "1" + "".join(closes)


def send(client: Client, method: str, path: str, body: bytes, content_type: str) -> Any:
    return getattr(client, method)(path, data=body, content_type=content_type)


def test_every_route_is_found() -> None:
    """The routes below are the site's own: each resolves, and none was missed."""
    assert len(ROUTES) > 100
    for path in ROUTES:
        resolve(path)


@pytest.mark.parametrize("kind", ["array", "object", "mixed"])
def test_a_body_100000_deep_is_a_400_on_every_route(kind: str) -> None:
    client = Client(enforce_csrf_checks=True)
    body = nested(100_000, kind).encode()
    for path in ROUTES:
        response = send(client, "post", path, body, "application/json")
        assert response.status_code == 400, (path, response.status_code)
    api = client.post("/api/v1/games", data=body, content_type="application/json")
    assert api.json()["error"]["code"] == "too_deep"
    page = client.post("/ping/", data=body, content_type="application/json")
    assert b"nests arrays or objects deeper" in page.content


def test_the_api_counts_depth_whatever_the_content_type_says() -> None:
    response = Client().post(
        "/api/v1/games", data=nested(2_000, "array"), content_type="text/plain"
    )
    assert response.status_code == 400
    assert response.json()["error"]["code"] == "too_deep"


def test_brackets_inside_strings_do_not_count() -> None:
    text = json.dumps({"name": "[" * 5_000, "other": '\\"{' * 100})
    assert not too_deep(text)
    assert too_deep(nested(MAX_JSON_DEPTH + 1, "array"))
    for kind in ("array", "object", "mixed"):
        assert json.loads(nested(MAX_JSON_DEPTH, kind)) is not None
        assert not too_deep(nested(MAX_JSON_DEPTH, kind))
        assert too_deep(nested(MAX_JSON_DEPTH + 1, kind))


@settings(
    max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(
    path=st.sampled_from(ROUTES),
    method=st.sampled_from(METHODS),
    depth=st.integers(1, 100_000) | st.integers(MAX_JSON_DEPTH - 2, MAX_JSON_DEPTH + 2),
    kind=st.sampled_from(["array", "object", "mixed"]),
    encoding=st.sampled_from(ENCODINGS),
    content_type=st.sampled_from(CONTENT_TYPES),
    padding=st.integers(0, 3_000_000),
)
def test_fuzzed_bodies_never_make_a_500(
    path: str, method: str, depth: int, kind: str, encoding: str, content_type: str, padding: int
) -> None:
    text = nested(depth, kind)
    if padding:  # size: a long string beside the nesting, up to past the body limit
        text = f"[{json.dumps('x' * padding)}, {text}]"
    body = text.encode(encoding)
    response = send(Client(enforce_csrf_checks=True), method, path, body, content_type)
    assert response.status_code < 500, (path, response.status_code)
    if len(body) > 2_621_440:
        assert response.status_code == 413
    elif depth + bool(padding) > MAX_JSON_DEPTH and (
        content_type.startswith("application/json") or path.startswith("/api/")
    ):
        assert response.status_code == 400, (path, response.status_code)


@pytest.mark.parametrize(
    "body",
    [b"\xff\xfe\x00", b"\xc3\x28[[[", b"\x00" * 10, "[" * 50 + '"\\', "\ufeff" + "[" * 40],
    ids=["bad-utf16", "bad-utf8", "nuls", "unclosed-string", "bom"],
)
def test_broken_encodings_are_refused_not_500(body: bytes | str) -> None:
    data = body.encode() if isinstance(body, str) else body
    client = Client(enforce_csrf_checks=True)
    for path in ("/", "/ping/", "/accounts/login/", "/api/v1/games", "/api/v1/maker-games"):
        response = client.post(path, data=data, content_type="application/json")
        assert 400 <= response.status_code < 500, (path, response.status_code)
