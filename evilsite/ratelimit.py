"""Per-player rate limits on the expensive endpoints, shared by every app node.

Each *scope* (``"export"``, ``"fiendish_guess"``, ``"hint"``, ...) has a rate
in ``settings.RATE_LIMITS``, such as ``"20/10m"``: at most 20 requests per
player in each 10-minute window. The counts live in the database (one row per
player, scope and window, raised by one atomic upsert), so every process and
every node sees the same count, on SQLite as on PostgreSQL, with no other
service to run. A fixed window lets a player reach at most twice the rate
across a window's edge, which is enough to stop a loop or a scraper.

Two ways in:

- a view: ``@rate_limited("export")`` under the login decorator; over the
  limit the view is not called and the player gets a 429 (a page, or with
  HTMX a notice in place);
- a service that knows only later whether a request is expensive (a guess on
  a fiendish game): ``rate_limit_hit(scope=..., player=...)`` raises
  :class:`RateLimitExceeded`, and its view answers with :func:`too_many_requests`;
- a visitor with no account yet (a guest's first game): ``rate_limit_hit_by_address``
  counts per client address instead.
"""

from __future__ import annotations

import math
import re
import time
from collections.abc import Callable
from dataclasses import dataclass
from functools import wraps
from typing import Any

from django.conf import settings
from django.contrib.auth.models import AbstractBaseUser, AnonymousUser
from django.core.exceptions import ImproperlyConfigured
from django.db import DEFAULT_DB_ALIAS, connections
from django.http import HttpRequest, HttpResponse, HttpResponseBase
from django.shortcuts import render

from evilsite.models import RateLimitCount

View = Callable[..., HttpResponseBase]
_RATE = re.compile(r"^\s*(\d+)\s*/\s*(\d*)\s*([smhd])\s*$")
_UNIT_SECONDS = {"s": 1, "m": 60, "h": 3600, "d": 86400}


@dataclass(frozen=True)
class Rate:
    requests: int
    seconds: int

    @classmethod
    def parse(cls, text: str) -> Rate:
        """``"20/10m"``: 20 requests per 10 minutes (units s, m, h, d; ``"5/m"`` is 5 a minute)."""
        match = _RATE.match(text)
        if match is None or int(match[1]) < 1 or match[2] == "0":
            raise ImproperlyConfigured(
                f"a rate limit looks like '20/10m' (requests / period in s, m, h, d): {text!r}"
            )
        return cls(requests=int(match[1]), seconds=int(match[2] or 1) * _UNIT_SECONDS[match[3]])

    def describe(self) -> str:
        for unit, seconds in (("day", 86400), ("hour", 3600), ("minute", 60)):
            if self.seconds % seconds == 0:
                count = self.seconds // seconds
                period = unit if count == 1 else f"{count} {unit}s"
                break
        else:
            period = "second" if self.seconds == 1 else f"{self.seconds} seconds"
        return f"{self.requests} per {period}"


class RateLimitExceeded(Exception):
    """Too many requests in this scope; the message is safe to show to the player."""

    def __init__(self, *, scope: str, rate: Rate, retry_after: int) -> None:
        self.scope = scope
        self.rate = rate
        self.retry_after = retry_after
        label = settings.RATE_LIMIT_LABELS.get(scope, "requests like this")
        wait = f"{retry_after} second{'s' * (retry_after != 1)}"
        self.message = (
            f"Too many {label}: the limit is {rate.describe()}. "
            f"Nothing was done; try again in {wait}."
        )
        super().__init__(self.message)


def rate_for(scope: str) -> Rate | None:
    """The scope's rate, or None when the scope is not limited (no entry, or empty)."""
    text = settings.RATE_LIMITS.get(scope)
    return Rate.parse(text) if text else None


def rate_limit_hit(*, scope: str, player: AbstractBaseUser | AnonymousUser) -> None:
    """Count one request of ``player`` in ``scope``; raise when it is over the rate.

    One statement on the primary: an upsert that returns the new count. Works
    inside the caller's transaction (rolled back with it) or on its own.
    """
    subject = f"user:{player.pk}" if player.is_authenticated else "anonymous"
    _hit(scope=scope, subject=subject)


def rate_limit_hit_by_address(*, scope: str, address: str | None) -> None:
    """Count one request from the client ``address`` in ``scope`` (for visitors with no
    account yet, such as a new guest); raise when it is over the rate.

    ``address`` comes from :func:`evilsite.client_ip.client_ip_address`, so a forged
    X-Forwarded-For entry left of the trusted proxies' does not start a new count.
    """
    _hit(scope=scope, subject=f"ip:{address or 'unknown'}")


def _hit(*, scope: str, subject: str) -> None:
    rate = rate_for(scope)
    if rate is None or not settings.RATE_LIMITS_ENABLED:
        return
    now = time.time()
    window = int(now // rate.seconds) * rate.seconds
    count = _count_one(scope=scope, subject=subject, window_start=window)
    if count == 1:  # the first request of a new window: the player's older ones are done
        RateLimitCount.objects.filter(
            scope=scope, subject=subject, window_start__lt=window
        ).delete()
    if count > rate.requests:
        retry_after = max(1, math.ceil(window + rate.seconds - now))
        raise RateLimitExceeded(scope=scope, rate=rate, retry_after=retry_after)


def _count_one(*, scope: str, subject: str, window_start: int) -> int:
    table = RateLimitCount._meta.db_table
    connection = connections[DEFAULT_DB_ALIAS]
    quote = connection.ops.quote_name
    with connection.cursor() as cursor:
        # INSERT ... ON CONFLICT ... RETURNING: PostgreSQL, and SQLite from 3.35.
        cursor.execute(
            f"INSERT INTO {quote(table)} (scope, subject, window_start, hits) "
            "VALUES (%s, %s, %s, 1) ON CONFLICT (scope, subject, window_start) "
            f"DO UPDATE SET hits = {quote(table)}.hits + 1 RETURNING hits",
            [scope, subject, window_start],
        )
        (count,) = cursor.fetchone()
    return int(count)


def too_many_requests(
    request: HttpRequest,
    error: RateLimitExceeded,
    *,
    htmx_template: str | None = None,
    context: dict[str, Any] | None = None,
) -> HttpResponse:
    """The 429 answer: the site's page, or for HTMX a fragment that shows the message in place.

    ``htmx_template`` is the fragment the HTMX request would have swapped in
    (e.g. the board), rendered with ``context`` and the message as an error
    notice; without one, a notice alone (``_rate_limited.html``).
    """
    page_context = {**(context or {}), "rate_limit": error}
    if getattr(request, "htmx", False):
        template = htmx_template or "_rate_limited.html"
    else:
        template = "429.html"
        if "retry_url" not in page_context and request.method == "GET":
            page_context["retry_url"] = request.get_full_path()
    response = render(request, template, page_context, status=429)
    response["Retry-After"] = str(error.retry_after)
    return response


def rate_limited(scope: str) -> Callable[[View], View]:
    """A view decorator: count each request of the signed-in player in ``scope``.

    Put it under the login (and permission) decorators, so that only players
    who may use the view are counted.
    """
    rate_for(scope)  # a badly written rate fails at import, not on the first request

    def decorate(view: View) -> View:
        @wraps(view)
        def wrapper(request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponseBase:
            try:
                rate_limit_hit(scope=scope, player=request.user)
            except RateLimitExceeded as error:
                return too_many_requests(request, error)
            return view(request, *args, **kwargs)

        return wrapper

    return decorate
