"""Rate limits on the cheap and the expensive actions, shared by every app node.

Each *scope* (``"export"``, ``"signup"``, ``"game_start"``, ...) may have two
rates, such as ``"20/10m"`` (at most 20 requests in each 10-minute window):
``settings.RATE_LIMITS[scope]`` per signed-in account (or per *key*, e.g. the
e-mail address a password reset is for, or per API *token*), and
``settings.RATE_LIMITS_PER_ADDRESS[scope]`` per client address
(:mod:`core.client_ip`; IPv6 by /64, the block one household gets), which
holds back anonymous requests and many throwaway accounts alike. The counts
live in the database (one row per subject, scope and window, raised by one
atomic upsert), so every process and every node sees the same count, on
SQLite as on PostgreSQL, with no other service to run. A fixed window lets a
subject reach at most twice the rate across a window's edge, which is enough
to stop a loop or a scraper.

Two ways in:

- a view: ``@rate_limited("export")`` (under the login decorator, so only
  players who may use the view are counted); over the limit the view is not
  called and the client gets a 429 (a page, or with HTMX a notice in place);
- a service that knows only later whether a request is expensive (a guess on
  a fiendish game): ``rate_limit_hit(scope=..., player=..., address=...)``
  raises :class:`RateLimitExceeded`, and its view answers with
  :func:`too_many_requests`.
"""

from __future__ import annotations

import ipaddress
import math
import random
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
from django.utils.crypto import salted_hmac
from django.utils.translation import gettext, ngettext, ngettext_lazy, pgettext_lazy
from django.utils.translation import gettext_lazy as _

from core.client_ip import address_block, client_ip_address
from core.models import RateLimitCount

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
        """``"20 per 10 minutes"``, ``"5 per minute"``, in the active language."""
        unit, count = next(
            (unit, self.seconds // seconds)
            for unit, seconds in (("day", 86400), ("hour", 3600), ("minute", 60), ("second", 1))
            if self.seconds % seconds == 0
        )
        period = str(_PERIOD_ONE[unit]) if count == 1 else _PERIODS[unit] % {"count": count}
        return gettext("%(requests)s per %(period)s") % {
            "requests": self.requests,
            "period": period,
        }


_PERIOD_ONE = {
    "day": pgettext_lazy("a rate: 5 per day", "day"),
    "hour": pgettext_lazy("a rate: 5 per hour", "hour"),
    "minute": pgettext_lazy("a rate: 5 per minute", "minute"),
    "second": pgettext_lazy("a rate: 5 per second", "second"),
}
_PERIODS = {
    "day": ngettext_lazy("%(count)s day", "%(count)s days", "count"),
    "hour": ngettext_lazy("%(count)s hour", "%(count)s hours", "count"),
    "minute": ngettext_lazy("%(count)s minute", "%(count)s minutes", "count"),
    "second": ngettext_lazy("%(count)s second", "%(count)s seconds", "count"),
}

# What the refusal says, by whose requests the count was.
REFUSALS = {
    "user": _("Too many %(what)s: the limit is %(rate)s. Nothing was done; try again in %(wait)s."),
    "ip": _(
        "Too many %(what)s from your network: the limit is %(rate)s. "
        "Nothing was done; try again in %(wait)s."
    ),
    "key": _(
        "Too many %(what)s for this e-mail address: the limit is %(rate)s. "
        "Nothing was done; try again in %(wait)s."
    ),
    "token": _(
        "Too many %(what)s with this API token: the limit is %(rate)s. "
        "Nothing was done; try again in %(wait)s."
    ),
}


class RateLimitExceeded(Exception):
    """Too many requests in this scope; the message is safe to show to the player.

    ``subject`` and ``window_end``: whose count refused it (``ip:...``) and when its
    window ends (a Unix time), for :func:`remember_refusal`.
    """

    def __init__(
        self,
        *,
        scope: str,
        rate: Rate,
        retry_after: int,
        whose: str = "user",
        subject: str = "",
        window_end: float = 0.0,
    ) -> None:
        self.scope = scope
        self.rate = rate
        self.retry_after = retry_after
        self.whose = whose
        self.subject = subject
        self.window_end = window_end
        super().__init__(scope)

    @property
    def message(self) -> str:
        """The refusal in the active language (the JSON API's stays English: ``api.urls``)."""
        label = settings.RATE_LIMIT_LABELS.get(self.scope)
        what = gettext(str(label)) if label else gettext("requests like this")
        return str(REFUSALS[self.whose]) % {
            "what": what,
            "rate": self.rate.describe(),
            "wait": _wait(self.retry_after),
        }

    def __str__(self) -> str:
        return self.message


def _wait(seconds: int) -> str:
    if seconds < 120:
        return ngettext("%(count)s second", "%(count)s seconds", seconds) % {"count": seconds}
    minutes = math.ceil(seconds / 60)
    return ngettext("%(count)s minute", "%(count)s minutes", minutes) % {"count": minutes}


def rate_for(scope: str, *, per_address: bool = False) -> Rate | None:
    """The scope's rate, or None when the scope is not limited (no entry, or empty)."""
    rates = settings.RATE_LIMITS_PER_ADDRESS if per_address else settings.RATE_LIMITS
    text = rates.get(scope)
    return Rate.parse(text) if text else None


def address_subject(address: str) -> str:
    """``ip:<address>``; an IPv6 address by its /64, since one client holds a whole /64."""
    try:
        ip = ipaddress.ip_address(address)
    except ValueError:
        return f"ip:{address[:60]}"
    if isinstance(ip, ipaddress.IPv6Address) and ip.ipv4_mapped is None:
        return f"ip:{address_block(address)}/64"
    return f"ip:{address_block(address)}"


def rate_limit_hit(
    *,
    scope: str,
    player: AbstractBaseUser | AnonymousUser | None = None,
    address: str | None = None,
    key: str | None = None,
    token: int | None = None,
) -> None:
    """Count one request in ``scope``; raise when any of its subjects is over its rate.

    The subjects: the signed-in ``player`` and ``key`` (say, an e-mail address;
    kept only as a keyed hash) at the scope's rate in ``RATE_LIMITS``, and the
    client ``address`` at its rate in ``RATE_LIMITS_PER_ADDRESS``. Each is one
    upsert on the primary that returns the new count; it works inside the
    caller's transaction (rolled back with it) or on its own.
    """
    if not settings.RATE_LIMITS_ENABLED:
        return
    refusal: RateLimitExceeded | None = None
    now = time.time()
    for rate, subject, whose in _subjects(
        scope, player=player, address=address, key=key, token=token
    ):
        window = int(now // rate.seconds) * rate.seconds
        count = _count_one(scope=scope, subject=subject, window_start=window)
        if count == 1:  # the first request of a new window: the subject's older ones are done
            RateLimitCount.objects.filter(
                scope=scope, subject=subject, window_start__lt=window
            ).delete()
            if random.random() < PRUNE_CHANCE:
                prune_ended_windows(now=now)
        retry_after = max(1, math.ceil(window + rate.seconds - now))
        if count > rate.requests and (refusal is None or retry_after > refusal.retry_after):
            refusal = RateLimitExceeded(
                scope=scope,
                rate=rate,
                retry_after=retry_after,
                whose=whose,
                subject=subject,
                window_end=window + rate.seconds,
            )
    if refusal is not None:
        raise refusal


def rate_limit_reached(
    *,
    scope: str,
    player: AbstractBaseUser | AnonymousUser | None = None,
    address: str | None = None,
    key: str | None = None,
    token: int | None = None,
) -> None:
    """Raise when a subject has already used up its rate, without counting this request.

    For scopes counted only when something fails (failed logins, counted by
    :func:`rate_limit_hit` once the failure is known): one read per subject.
    """
    if not settings.RATE_LIMITS_ENABLED:
        return
    now = time.time()
    for rate, subject, whose in _subjects(
        scope, player=player, address=address, key=key, token=token
    ):
        window = int(now // rate.seconds) * rate.seconds
        hits = _count_of(scope=scope, subject=subject, window_start=window)
        if hits is not None and hits >= rate.requests:
            retry_after = max(1, math.ceil(window + rate.seconds - now))
            raise RateLimitExceeded(
                scope=scope,
                rate=rate,
                retry_after=retry_after,
                whose=whose,
                subject=subject,
                window_end=window + rate.seconds,
            )


def _subjects(
    scope: str,
    *,
    player: AbstractBaseUser | AnonymousUser | None,
    address: str | None,
    key: str | None,
    token: int | None = None,
) -> list[tuple[Rate, str, str]]:
    """Each subject counted in the scope: its rate, its row's name, whose it is."""
    subjects: list[tuple[Rate, str, str]] = []
    rate = rate_for(scope)
    if rate is not None and player is not None and player.is_authenticated:
        subjects.append((rate, f"user:{player.pk}", "user"))
    if rate is not None and key:
        digest = salted_hmac("core.ratelimit", key.strip().lower()).hexdigest()[:40]
        subjects.append((rate, f"key:{digest}", "key"))
    if rate is not None and token is not None:  # an API token (api app), by its id
        subjects.append((rate, f"token:{token}", "token"))
    address_rate = rate_for(scope, per_address=True)
    if address_rate is not None and address:
        subjects.append((address_rate, address_subject(address), "ip"))
    return subjects


# Now and then a new window also clears the windows every subject has left behind
# (addresses seen once, accounts gone), so the table stays as small as the traffic.
PRUNE_CHANCE = 0.002


def prune_ended_windows(*, now: float) -> int:
    """Delete every count whose window has ended (the longest rate set decides); how many."""
    longest = max(
        (
            Rate.parse(text).seconds
            for rates in (settings.RATE_LIMITS, settings.RATE_LIMITS_PER_ADDRESS)
            for text in rates.values()
            if text
        ),
        default=0,
    )
    deleted = RateLimitCount.objects.filter(window_start__lt=now - longest).delete()[0]
    return deleted


def _count_one(*, scope: str, subject: str, window_start: int) -> int:
    """One more request in the subject's window; the new count.

    On its own (autocommit) on PostgreSQL, the count is committed without waiting for
    the write-ahead log to reach the disk (``synchronous_commit`` off for this one
    statement's transaction): a flood's every failed login is two counts, each of which
    otherwise waits for a disk flush (0.5 ms idle, 3.5 ms on a busy disk) with the worker
    held. What a crash can lose is the last fraction of a second of counts, which only
    lets a client through a little earlier, never a refusal wrongly; the database stays
    consistent. Inside the caller's transaction (a guess) its commit decides, as before.
    """
    connection = connections[DEFAULT_DB_ALIAS]
    table = connection.ops.quote_name(RateLimitCount._meta.db_table)
    # INSERT ... ON CONFLICT ... RETURNING: PostgreSQL, and SQLite from 3.35.
    values = "VALUES (%s, %s, %s, 1)"
    if connection.vendor == "postgresql" and connection.get_autocommit():
        # set_config(..., true) lasts until this statement's own transaction commits.
        values = (
            "SELECT %s::varchar, %s::varchar, %s::bigint, 1 FROM "
            "(SELECT set_config('synchronous_commit', 'off', true)) AS asynchronous_commit"
        )
    with connection.cursor() as cursor:
        cursor.execute(
            f"INSERT INTO {table} (scope, subject, window_start, hits) {values} "
            f"ON CONFLICT (scope, subject, window_start) DO UPDATE SET hits = {table}.hits + 1 "
            "RETURNING hits",
            [scope, subject, window_start],
        )
        (count,) = cursor.fetchone()
    return int(count)


def _count_of(*, scope: str, subject: str, window_start: int) -> int | None:
    """The subject's count in the window, if any: one read on the primary (the counts are
    state, never read from a replica), in plain SQL as :func:`_count_one` writes it (a
    login's every post reads it; the ORM's query took 0.5 ms, this 0.2 ms)."""
    connection = connections[DEFAULT_DB_ALIAS]
    table = connection.ops.quote_name(RateLimitCount._meta.db_table)
    with connection.cursor() as cursor:
        cursor.execute(
            f"SELECT hits FROM {table} WHERE scope = %s AND subject = %s AND window_start = %s",
            [scope, subject, window_start],
        )
        row = cursor.fetchone()
    return None if row is None else int(row[0])


def too_many_requests(
    request: HttpRequest,
    error: RateLimitExceeded,
    *,
    htmx_template: str | None = None,
    context: dict[str, Any] | None = None,
    plain: bool = False,
) -> HttpResponse:
    """The 429 answer: the site's page, or for HTMX a fragment that shows the message in place.

    ``htmx_template`` is the fragment the HTMX request would have swapped in
    (e.g. the board), rendered with ``context`` and the message as an error
    notice; without one, a notice alone (``_rate_limited.html``). ``plain``: the page
    without the site's menu (``429_plain.html``), for the refusals a flood gets.
    """
    page_context = {**(context or {}), "rate_limit": error}
    htmx = getattr(request, "htmx", None)
    if htmx is None:  # refused before django-htmx's middleware ran (known_refusal)
        htmx = request.headers.get("HX-Request") == "true"
    if htmx:
        template = htmx_template or "_rate_limited.html"
    else:
        template = "429_plain.html" if plain else "429.html"
        if "retry_url" not in page_context and request.method == "GET":
            page_context["retry_url"] = request.get_full_path()
    response = render(request, template, page_context, status=429)
    response["Retry-After"] = str(error.retry_after)
    return response


def is_post(request: HttpRequest, *args: Any, **kwargs: Any) -> bool:
    """For ``rate_limited(only=...)``: a form's page is free to look at, sending it counts."""
    return request.method == "POST"


def rate_limited(
    scope: str,
    *,
    only: Callable[..., bool] | None = None,
    counted: bool = True,
    refuse_early: bool = False,
) -> Callable[[View], View]:
    """A view decorator: count each request in ``scope``, per player and per client address.

    ``only(request, *args, **kwargs)``: count only the requests it says yes to
    (``is_post``). ``counted=False``: only refuse once the scope's rate is used
    up, for a scope something else counts (failed logins). Put it under the
    login (and permission) decorators, so that only players who may use the
    view are counted. ``refuse_early``: an address refused here is refused
    again by :class:`core.middleware.KnownRefusalsMiddleware` until the
    window ends (:func:`remember_refusal`), for a form anyone may post (the
    login), so that ``only`` may look at the method alone.
    """
    rate_for(scope)  # a badly written rate fails at import, not on the first request
    rate_for(scope, per_address=True)
    if refuse_early and only not in (None, is_post):
        raise ImproperlyConfigured(
            "rate_limited(refuse_early=True) remembers refusals by path and method: "
            "only=is_post or nothing"
        )
    check = rate_limit_hit if counted else rate_limit_reached

    def decorate(view: View) -> View:
        @wraps(view)
        def wrapper(request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponseBase:
            if only is None or only(request, *args, **kwargs):
                try:
                    check(scope=scope, player=request.user, address=client_ip_address(request))
                except RateLimitExceeded as error:
                    if refuse_early:
                        remember_refusal(request, error)
                    return too_many_requests(request, error, plain=refuse_early)
            return view(request, *args, **kwargs)

        return wrapper

    return decorate


# --- Refusals this process already knows of (a flood's) --------------------------------
#
# A client refused for its address keeps being refused until the window ends: the count
# in the database only grows within a window, and nothing lowers it. A flood keeps
# posting all the same, each post a whole request (session, CSRF check, one read, the
# page). So the first refusal of an address on a path marked ``refuse_early`` is
# remembered here, in this process, until its window ends, and
# :class:`core.middleware.KnownRefusalsMiddleware` answers the next ones before the
# session, the CSRF check and authentication, with no query. Another process or node
# learns the same refusal from the database on its own first refused request; the
# database count stays the only thing that decides.

KNOWN_REFUSALS_MAX = 10_000


@dataclass(frozen=True)
class KnownRefusal:
    scope: str
    rate: Rate
    window_end: float


# (method, path) -> address subject -> its refusal; plain dict operations, safe under
# threads (the GIL), and bounded by KNOWN_REFUSALS_MAX entries.
_known_refusals: dict[tuple[str, str], dict[str, KnownRefusal]] = {}


def remember_refusal(request: HttpRequest, error: RateLimitExceeded) -> None:
    """Keep an address's refusal for the rest of its window (a player's is not kept: the
    account is only known after the session is read)."""
    if error.whose != "ip" or not error.subject or error.window_end <= 0:
        return
    if _known_count() >= KNOWN_REFUSALS_MAX:
        _forget_ended(time.time())
        if _known_count() >= KNOWN_REFUSALS_MAX:
            _known_refusals.clear()  # a flood from more addresses than that: learned again
    refusal = KnownRefusal(scope=error.scope, rate=error.rate, window_end=error.window_end)
    _known_refusals.setdefault((request.method or "", request.path_info), {})[error.subject] = (
        refusal
    )


def known_refusal(request: HttpRequest) -> RateLimitExceeded | None:
    """The refusal this request's address already had on this path, while its window lasts
    and its rate is still the one set; else None (and the request goes its way)."""
    by_subject = _known_refusals.get((request.method or "", request.path_info))
    if not by_subject or not settings.RATE_LIMITS_ENABLED:
        return None
    address = client_ip_address(request)
    if not address:
        return None
    subject = address_subject(address)
    known = by_subject.get(subject)
    if known is None:
        return None
    now = time.time()
    if now >= known.window_end or rate_for(known.scope, per_address=True) != known.rate:
        by_subject.pop(subject, None)
        return None
    return RateLimitExceeded(
        scope=known.scope,
        rate=known.rate,
        retry_after=max(1, math.ceil(known.window_end - now)),
        whose="ip",
        subject=subject,
        window_end=known.window_end,
    )


def _known_count() -> int:
    return sum(len(by_subject) for by_subject in list(_known_refusals.values()))


def _forget_ended(now: float) -> None:
    for key, by_subject in list(_known_refusals.items()):
        for subject, known in list(by_subject.items()):
            if now >= known.window_end:
                by_subject.pop(subject, None)
        if not by_subject:
            _known_refusals.pop(key, None)


def forget_known_refusals() -> None:
    """Empty this process's known refusals (tests: each starts as a fresh process)."""
    _known_refusals.clear()
