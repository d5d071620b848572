"""Site-wide middleware: response headers that no single view should have to remember, and
the early answer to a request already refused (a login flood's)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import asdict
from functools import cache

from csp.constants import HEADER, HEADER_REPORT_ONLY
from csp.middleware import CheckableLazyObject, CSPMiddleware, PolicyParts
from csp.utils import build_policy
from django.conf import settings
from django.core.signals import setting_changed
from django.dispatch import receiver
from django.http import HttpRequest
from django.http.response import HttpResponseBase
from django.utils import translation
from django.utils.cache import patch_cache_control

from core import views
from core.ratelimit import known_refusal, too_many_requests


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


class KnownRefusalsMiddleware:
    """A request whose address this process already refused on the same path (a login
    flood's next post) is answered 429 here, before the session, the CSRF check and
    authentication, with no query (``core.ratelimit.known_refusal``): the flood's
    requests cost the other players as little as they can. The answer is the one the view
    would give (the plain 429 page or, with HTMX, its notice; ``Retry-After``), and says
    ``X-Frame-Options`` itself, since the clickjacking middleware further in is not run.
    """

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponseBase]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponseBase:
        refusal = known_refusal(request)
        if refusal is None:
            return self.get_response(request)
        # Before LocaleMiddleware: the page takes the language the browser asks for itself.
        with translation.override(translation.get_language_from_request(request)):
            response = too_many_requests(request, refusal, plain=True)
        response["X-Frame-Options"] = settings.X_FRAME_OPTIONS
        return response


# Answered before the HTTPS redirect and the host check: a load balancer or a monitor asks
# a node by its own address over plain HTTP (the TLS ends at the proxy).
PROBE_VIEWS = {"/ping/": views.ping, "/ready/": views.ready, "/metrics/": views.metrics}


class ProbeMiddleware:
    """A probe (``/ping/``, ``/ready/``, ``/metrics/`` asked with GET or HEAD and no session
    cookie) is answered here, second in the stack: after the request id, before
    ``SecurityMiddleware`` (which would redirect plain HTTP to HTTPS) and before anything
    reads the Host header (a node's IP address is not in ``ALLOWED_HOSTS``, and Django would
    answer 400 and log an error for every probe). The views are the same ones the URLconf
    serves; without a session they show only the public answer (or the details to the probe
    token). A signed-in browser's request takes the ordinary way, host check included.
    """

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponseBase]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponseBase:
        if (
            request.path_info in PROBE_VIEWS
            and request.method in ("GET", "HEAD")
            and settings.SESSION_COOKIE_NAME not in request.COOKIES
        ):
            response = PROBE_VIEWS[request.path_info](request)
            if request.method == "HEAD":
                response.content = b""
            return response
        return self.get_response(request)


class CSPHeaderMiddleware(CSPMiddleware):
    """django-csp's middleware, with the policy's header text built once per process.

    The site's policy is the same for every response (no nonce, no view changes it), yet
    django-csp builds its text again for each one. A response that does change it (a
    view's ``csp_update``, ``csp_replace``, ``csp_override`` or ``csp_exempt``, a nonce
    asked for) goes the library's own way; so does Django's debug page. The texts are
    built again when a test changes the policy's settings (``setting_changed``).
    """

    def process_response(
        self, request: HttpRequest, response: HttpResponseBase
    ) -> HttpResponseBase:
        if settings.DEBUG or _changes_policy(request, response):
            return super().process_response(request, response)
        for header, text, setting in _policy_headers():
            policy = getattr(settings, setting, None) or {}
            excluded = request.path_info.startswith(tuple(policy.get("EXCLUDE_URL_PREFIXES", ())))
            if text and header not in response and not excluded:
                response[header] = text
        # As the library does: a nonce asked for after the header is written is an error.
        request.csp_nonce = CheckableLazyObject(self._csp_nonce_post_response)  # type: ignore[attr-defined]
        return response


_POLICY_ATTRIBUTES = tuple(
    f"_csp_{name}{suffix}"
    for name in ("config", "update", "replace", "exempt")
    for suffix in ("", "_ro")
)


def _changes_policy(request: HttpRequest, response: HttpResponseBase) -> bool:
    """Whether this response's policy is not the site's own (a view's decorator, a nonce)."""
    return getattr(request, "_csp_nonce", None) is not None or any(
        getattr(response, name, None) is not None for name in _POLICY_ATTRIBUTES
    )


@cache
def _policy_headers() -> tuple[tuple[str, str, str], ...]:
    """(header, its text, the setting it comes from) for the enforced and the report-only
    policy, as django-csp builds them for a response that changes neither."""
    return (
        (HEADER, build_policy(**asdict(PolicyParts())), "CONTENT_SECURITY_POLICY"),
        (
            HEADER_REPORT_ONLY,
            build_policy(**asdict(PolicyParts()), report_only=True),
            "CONTENT_SECURITY_POLICY_REPORT_ONLY",
        ),
    )


@receiver(setting_changed)
def _forget_policy_headers(*, setting: str, **kwargs: object) -> None:
    if setting.startswith("CONTENT_SECURITY_POLICY"):
        _policy_headers.cache_clear()
