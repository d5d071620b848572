"""Site-wide views that belong to no app."""

from __future__ import annotations

import logging
from functools import cache
from pathlib import Path

from django.conf import settings
from django.contrib.staticfiles import finders
from django.core.exceptions import DisallowedHost
from django.http import (
    Http404,
    HttpRequest,
    HttpResponse,
    HttpResponseForbidden,
    HttpResponseServerError,
    JsonResponse,
)
from django.shortcuts import render
from django.template import TemplateDoesNotExist, loader
from django.templatetags.static import static
from django.utils.crypto import constant_time_compare
from django.utils.http import url_has_allowed_host_and_scheme
from django.views.decorators.cache import cache_control, never_cache
from django.views.decorators.http import require_safe

from core.health import metrics_text, readiness
from core.logs import current_request_id

logger = logging.getLogger(__name__)


def probe_details_allowed(request: HttpRequest) -> bool:
    """The probes' details (database errors, lags, the task queue) are for staff, and for a
    monitor that sends ``Authorization: Bearer <PROBE_TOKEN>``; everyone else reads only
    whether the node is ready."""
    token = settings.PROBE_TOKEN
    if token:
        sent = request.headers.get("Authorization", "")
        if constant_time_compare(sent, f"Bearer {token}"):
            return True
    user = getattr(request, "user", None)  # unset when answered by ProbeMiddleware
    return bool(user is not None and user.is_active and user.is_staff)


@require_safe
@never_cache
def ping(request: HttpRequest) -> HttpResponse:
    """Liveness: the process answers; no database is asked.

    A probe (no session cookie) is answered by ``ProbeMiddleware`` before the rest of the
    stack. A signed-in browser's request runs the whole stack (session, user), and
    ``bench/load.py --saturate`` uses it as the floor of a signed-in request.
    """
    user = getattr(request, "user", None)
    who = user.get_username() if user is not None and user.is_authenticated else "anonymous"
    return HttpResponse(f"ok {who}\n", content_type="text/plain; charset=utf-8")


@require_safe
@never_cache
def ready(request: HttpRequest) -> JsonResponse:
    """Readiness for a load balancer: 200 when this node can serve, 503 when it cannot.

    Unlike ``/ping/`` it asks the primary database and the migrations. The body says only
    ``ready`` or ``not ready``, except to staff and the probe token (``core.health``).
    """
    report = readiness()
    body = report.as_json() if probe_details_allowed(request) else report.as_public_json()
    if report.ready:
        return JsonResponse(body)
    response = JsonResponse(body, status=503)
    failed = ", ".join(
        name for name, check in report.checks.items() if check.fatal and not check.ok
    )
    logger.warning("not ready: %s", failed)
    # A probe's expected answer, said in the line above: not an error mailed to ADMINS for
    # every probe while it lasts (Django's own mark of a response already logged).
    response._has_been_logged = True  # type: ignore[attr-defined]
    return response


@require_safe
@never_cache
def metrics(request: HttpRequest) -> HttpResponse:
    """For monitoring and alerting (Prometheus' text format): readiness, the task queue's
    oldest waiting task beside the age to alert on, the replica. Staff or the probe token."""
    if not probe_details_allowed(request):
        return HttpResponseForbidden(
            "Staff, or Authorization: Bearer <PROBE_TOKEN>.\n",
            content_type="text/plain; charset=utf-8",
        )
    return HttpResponse(
        metrics_text(readiness()), content_type="text/plain; version=0.0.4; charset=utf-8"
    )


def server_error(request: HttpRequest) -> HttpResponse:
    """The 500 page with a way to try again: the same address after a failed page, the
    page the player came from after a failed form (a guess retried from its board can
    never be applied twice: it carries the number of guesses the board showed).

    Like Django's own handler it renders without a request context: no context
    processor runs and nothing queries the database, which may be what failed.
    """
    retry_url = ""
    if request.method in ("GET", "HEAD"):
        retry_url = request.get_full_path()
    else:
        referer = request.headers.get("Referer", "")
        try:
            host = request.get_host()
        except DisallowedHost:
            host = ""
        if host and url_has_allowed_host_and_scheme(
            referer, allowed_hosts={host}, require_https=request.is_secure()
        ):
            retry_url = referer
    try:
        template = loader.get_template("500.html")
    except TemplateDoesNotExist:
        return HttpResponseServerError(
            "<h1>Server Error (500)</h1>", content_type="text/html; charset=utf-8"
        )
    request_id = getattr(request, "id", None) or current_request_id()
    return HttpResponseServerError(
        template.render({"retry_url": retry_url, "request_id": request_id})
    )


# Browsers, phones and crawlers ask for these at fixed addresses, outside /static/.
ICON_MAX_AGE = 24 * 60 * 60
THEME_COLOR = "#7a1f2b"


@cache
def _favicon_bytes() -> bytes | None:
    path = finders.find("favicon.ico")
    return Path(path).read_bytes() if isinstance(path, str) else None


@require_safe
@cache_control(public=True, max_age=ICON_MAX_AGE)
def favicon(request: HttpRequest) -> HttpResponse:
    """``/favicon.ico``: browsers ask for it whatever the page links, so it is answered
    (16, 32 and 48 px, static/favicon.ico) instead of a 404 on every first visit."""
    data = _favicon_bytes()
    if data is None:
        raise Http404("No favicon.")
    return HttpResponse(data, content_type="image/x-icon")


@require_safe
@cache_control(public=True, max_age=ICON_MAX_AGE)
def robots_txt(request: HttpRequest) -> HttpResponse:
    """What crawlers may read: the public pages; result pages say ``noindex`` themselves."""
    return render(request, "robots.txt", content_type="text/plain; charset=utf-8")


@require_safe
@cache_control(public=True, max_age=ICON_MAX_AGE)
def web_manifest(request: HttpRequest) -> JsonResponse:
    """The web app manifest: the name and icons a phone uses when the site is added to
    its home screen (the icons' addresses are the static files' hashed names)."""
    manifest = {
        "name": "Evil Hangman",
        "short_name": "Hangman",
        "description": "Hangman against a computer that cheats.",
        "start_url": "/",
        "display": "standalone",
        "background_color": "#f6f4ef",
        "theme_color": THEME_COLOR,
        "icons": [
            {"src": static("icons/icon-192.png"), "sizes": "192x192", "type": "image/png"},
            {"src": static("icons/icon-512.png"), "sizes": "512x512", "type": "image/png"},
            {"src": static("favicon.svg"), "sizes": "any", "type": "image/svg+xml"},
        ],
    }
    return JsonResponse(manifest, content_type="application/manifest+json")
