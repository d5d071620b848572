"""Site-wide views that belong to no app."""

from __future__ import annotations

import logging
from functools import cache
from pathlib import Path

from django.contrib.staticfiles import finders
from django.core.exceptions import DisallowedHost
from django.http import Http404, HttpRequest, HttpResponse, HttpResponseServerError, JsonResponse
from django.shortcuts import render
from django.template import TemplateDoesNotExist, loader
from django.templatetags.static import static
from django.utils.http import url_has_allowed_host_and_scheme
from django.views.decorators.cache import cache_control, never_cache
from django.views.decorators.http import require_safe

from evilsite.health import readiness
from evilsite.logs import current_request_id

logger = logging.getLogger(__name__)


@require_safe
@never_cache
def ping(request: HttpRequest) -> HttpResponse:
    """The smallest page: the full middleware stack (session, user) and no other work.

    A load balancer's health check asks it, and ``bench/load.py --saturate``
    compares a guess with it as the floor of a signed-in request.
    """
    user = request.user
    who = user.get_username() if user.is_authenticated else "anonymous"
    return HttpResponse(f"ok {who}\n", content_type="text/plain; charset=utf-8")


@require_safe
@never_cache
def ready(request: HttpRequest) -> JsonResponse:
    """Readiness for a load balancer: 200 when this node can serve, 503 when it cannot.

    Unlike ``/ping/`` (liveness: the process answers) it asks the primary database,
    the migrations and the task queue; the replica is reported, not fatal.
    """
    report = readiness()
    if report.ready:
        return JsonResponse(report.as_json())
    response = JsonResponse(report.as_json(), status=503)
    failed = ", ".join(name for name, check in report.checks.items() if not check.ok)
    logger.warning("not ready: %s", failed)
    # A probe's expected answer, said in the line above: not an error mailed to ADMINS for
    # every probe while it lasts (Django's own mark of a response already logged).
    response._has_been_logged = True  # type: ignore[attr-defined]
    return response


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
