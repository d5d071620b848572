"""Site-wide response headers that no single view should have to remember."""

from __future__ import annotations

from collections.abc import Callable

from django.http import HttpRequest
from django.http.response import HttpResponseBase
from django.utils.cache import patch_cache_control


class PrivateResponsesMiddleware:
    """``Cache-Control: private, no-store`` on every answer to a signed-in user and on every
    download: no shared cache, and no browser back-forward cache, keeps a private page
    (my games, statistics, review, exports) for whoever uses the machine or proxy next.
    """

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponseBase]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponseBase:
        response = self.get_response(request)
        user = getattr(request, "user", None)
        signed_in = user is not None and user.is_authenticated
        download = response.get("Content-Disposition", "").startswith("attachment")
        if signed_in or download:
            if "public" in response.get("Cache-Control", ""):
                del response["Cache-Control"]
            patch_cache_control(response, private=True, no_store=True)
        return response
