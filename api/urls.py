"""``/api/v1/``: the JSON API and its docs page (the Account page's token forms: ``token_urls.py``).

Included by name from the site's URLconf, as every app's, so the platform imports no app.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import wraps
from typing import Any

from django.http import HttpRequest, HttpResponseBase
from django.urls import path, re_path
from django.utils import translation

from api import views
from api.endpoints import api
from api.errors import error_response


def _json_api(view: Callable[..., HttpResponseBase]) -> Callable[..., HttpResponseBase]:
    """The JSON API speaks English whatever the browser asks (programs match its messages),
    and ninja answers a wrong method with a plain-text 405; the API's errors are all JSON."""

    @wraps(view)
    def wrapper(request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponseBase:
        with translation.override("en"):
            response = view(request, *args, **kwargs)
        if response.status_code == 405:
            allowed = response.get("Allow", "")
            response = error_response(
                405, "method_not_allowed", f"This path answers {allowed or 'no method'} only."
            )
            response["Allow"] = allowed
        return response

    return wrapper


_patterns, _app_name, _namespace = api.urls
for _pattern in _patterns:
    _pattern.callback = _json_api(_pattern.callback)  # type: ignore[union-attr]

urlpatterns = [
    path("docs", views.docs, name="api_docs"),
    path("", (_patterns, _app_name, _namespace)),
    re_path(r"^(?P<rest>.*)$", views.not_found),
]
