"""The policy's header text is built once (core.middleware.CSPHeaderMiddleware), and is
the text django-csp builds itself; a policy changed by settings or by a view is honoured."""

from __future__ import annotations

from typing import Any

import pytest
from csp.constants import HEADER, HEADER_REPORT_ONLY
from csp.decorators import csp_exempt, csp_update
from django.http import HttpResponse
from django.test import RequestFactory, override_settings

from core import middleware
from core.middleware import CSPHeaderMiddleware


def answer(view: Any = None, path: str = "/") -> HttpResponse:
    request = RequestFactory().get(path)
    handler = CSPHeaderMiddleware(view or (lambda request: HttpResponse("ok")))
    return handler(request)  # type: ignore[return-value]


def test_the_header_is_the_library_s_own_text_built_once(monkeypatch: pytest.MonkeyPatch) -> None:
    middleware._policy_headers.cache_clear()
    first = answer()[HEADER]
    built: list[object] = []
    monkeypatch.setattr(middleware, "build_policy", lambda **kwargs: built.append(kwargs))
    assert answer()[HEADER] == first  # from the kept text: nothing built again
    assert not built
    assert "default-src 'self'" in first
    assert "object-src 'none'" in first


def test_a_changed_policy_setting_is_read_again() -> None:
    policy = {"DIRECTIVES": {"default-src": ["'none'"]}}
    answer()  # the site's policy kept
    with override_settings(
        CONTENT_SECURITY_POLICY=None, CONTENT_SECURITY_POLICY_REPORT_ONLY=policy
    ):
        response = answer()
        assert HEADER not in response
        assert response[HEADER_REPORT_ONLY] == "default-src 'none'"
    assert "default-src 'self'" in answer()[HEADER]


def test_a_view_that_changes_the_policy_gets_its_own() -> None:
    @csp_update({"img-src": ["https://example.org"]})
    def updated(request: Any) -> HttpResponse:
        return HttpResponse("ok")

    @csp_exempt()
    def exempt(request: Any) -> HttpResponse:
        return HttpResponse("ok")

    assert "https://example.org" in answer(updated)[HEADER]
    assert HEADER not in answer(exempt)


def test_a_header_already_set_is_kept() -> None:
    def own(request: Any) -> HttpResponse:
        response = HttpResponse("ok")
        response[HEADER] = "default-src 'none'"
        return response

    assert answer(own)[HEADER] == "default-src 'none'"
