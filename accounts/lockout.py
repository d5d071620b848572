"""django-axes, plus device cookies and the account's pauses: nobody can guess a password,
and nobody can lock its owner out (docs/security.md has the table of limits).

A browser that has signed in to the account before (a *known device*,
``accounts.devices``) is never paused by anyone else's failures, and its own failures
count against it alone (past the ``login_device`` rate it is an unknown device for the
window); they are not written to axes' log.

Unknown devices: axes locks a (username, address) pair after ``AXES_FAILURE_LIMIT``
failures (an IPv6 address by its /64, ``core.client_ip.client_block``). Over
``AXES_USERNAME_COOLOFF_HOURS`` :class:`AccountLockoutHandler` also reads axes' failure
log two ways (issue 37, finding 3): from ``AXES_USERNAME_FAILURE_LIMIT`` failures of *one
address* on, each pauses that address alone (``account_pause``: 1, 2, 4 ... minutes), so
one address never pauses the account for anyone else; from that many *addresses* on, each
new address pauses every unknown device the same way (an address counts from its first
failure: repeating from one never lengthens it), so changing address for each try stops
at the same try as before. A try refused while paused counts for nothing
(``accounts.backends``); a username nobody has is recorded and paused as a real one. A
password reset by e-mail lifts the pauses (``services.account_unlock``).
"""

from __future__ import annotations

import contextlib
import datetime as dt
import math
import random
from typing import Any

from axes.handlers.database import AxesDatabaseHandler
from axes.helpers import get_client_username, get_cool_off, get_failure_limit
from axes.models import AccessFailureLog
from django.conf import settings
from django.db.models import Count, Max, Min
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.utils import timezone

from accounts.backends import login_refused
from accounts.devices import device_failure_count, known_device
from core.client_ip import client_block, client_ip_address
from core.ratelimit import RateLimitExceeded, rate_limit_hit


def account_window() -> dt.timedelta:
    return dt.timedelta(hours=settings.AXES_USERNAME_COOLOFF_HOURS)


def account_pause(failures: int) -> dt.timedelta:
    """How long unknown devices wait after the account's latest failure, when it has had
    ``failures`` in the window: nothing below the limit, then doubling from
    ``AXES_USERNAME_PAUSE_MINUTES`` up to ``AXES_USERNAME_PAUSE_MAX_MINUTES``."""
    over = failures - settings.AXES_USERNAME_FAILURE_LIMIT
    if over < 0:
        return dt.timedelta(0)
    minutes = settings.AXES_USERNAME_PAUSE_MINUTES * 2 ** min(over, 32)
    return dt.timedelta(minutes=min(minutes, settings.AXES_USERNAME_PAUSE_MAX_MINUTES))


def login_paused_for(username: str, address: str | None) -> tuple[int, bool] | None:
    """Seconds until an unknown device at ``address`` may try ``username`` again, and
    whether the whole account is paused (else that address alone); None: not paused."""
    if not username:
        return None
    now = timezone.now()
    per_address = list(
        AccessFailureLog.objects.filter(username=username, attempt_time__gte=now - account_window())
        .values("ip_address")
        .annotate(failures=Count("id"), first=Min("attempt_time"), latest=Max("attempt_time"))
    )
    if not per_address:
        return None
    newest_address = max(row["first"] for row in per_address)
    waits = {True: newest_address + account_pause(len(per_address)) - now}
    own = [row for row in per_address if address and row["ip_address"] == address]
    if own:
        waits[False] = own[0]["latest"] + account_pause(own[0]["failures"]) - now
    whole_account, wait = max(waits.items(), key=lambda item: item[1])
    if wait <= dt.timedelta(0):
        return None
    return max(1, math.ceil(wait.total_seconds())), whole_account


# Now and then a failure also clears the failure log older than the account's window:
# axes keeps it for ever (up to 1,000 rows per username), and a flood of random
# usernames would fill it.
PRUNE_CHANCE = 0.002


class AccountLockoutHandler(AxesDatabaseHandler):
    """Axes' database handler: a known device is never locked; for the others a paused
    account counts as past the failure limit."""

    def user_login_failed(
        self, sender: object, credentials: dict[str, Any], request: Any = None, **kwargs: Any
    ) -> None:
        """Axes' records of a failure (a username nobody has is recorded as a real one)."""
        username = get_client_username(request, credentials) or ""
        device = known_device(request, username) if request is not None else None
        if device is not None:
            device_failure_count(device)  # the owner's typo: it counts against this device only
            return
        super().user_login_failed(sender, credentials, request, **kwargs)
        if random.random() < PRUNE_CHANCE:
            prune_failure_log()

    def get_failures(self, request: HttpRequest, credentials: dict[str, Any] | None = None) -> int:
        if known_device(request, get_client_username(request, credentials) or "") is not None:
            return 0  # a known device: nobody else's failures pause it
        failures = int(super().get_failures(request, credentials))
        limit = int(get_failure_limit(request, credentials))
        if failures < limit:
            paused = login_paused_for(
                get_client_username(request, credentials) or "", client_block(request)
            )
            if paused is not None:
                request.login_paused_for = paused  # type: ignore[attr-defined]
                return limit
        return failures


def prune_failure_log() -> int:
    """Delete the failed logins that no longer count for any lock; how many."""
    deleted, _ = AccessFailureLog.objects.filter(
        attempt_time__lt=timezone.now() - account_window()
    ).delete()
    return deleted


def lockout_response(
    request: HttpRequest,
    original_response: HttpResponse | None = None,
    credentials: dict[str, Any] | None = None,
) -> HttpResponse:
    """Axes' lock-out page (AXES_LOCKOUT_CALLABLE): which lock holds, for how long, and why."""
    paused: tuple[int, bool] | None = getattr(request, "login_paused_for", None)
    cool_off = get_cool_off(request)
    if paused is not None:
        retry_after = paused[0]
    else:
        retry_after = int(cool_off.total_seconds()) if cool_off else 0
    context = {
        "username": get_client_username(request, credentials) or "",
        "failure_limit": (
            settings.AXES_USERNAME_FAILURE_LIMIT
            if paused is not None
            else get_failure_limit(request, credentials)
        ),
        "account_locked": paused is not None and paused[1],
        "address_paused": paused is not None and not paused[1],
        "account_failure_limit": settings.AXES_USERNAME_FAILURE_LIMIT,
        "account_window_hours": settings.AXES_USERNAME_COOLOFF_HOURS,
        "retry_minutes": math.ceil(retry_after / 60),
        "cooloff_timedelta": cool_off,
    }
    response = render(
        request, settings.AXES_LOCKOUT_TEMPLATE, context, status=settings.AXES_HTTP_RESPONSE_CODE
    )
    if retry_after:
        response["Retry-After"] = str(retry_after)
    return response


def count_login_failure(
    sender: object, credentials: dict[str, Any], request: HttpRequest | None = None, **kwargs: Any
) -> None:
    """user_login_failed: one more failed login from the client's address ("login_failure");
    a try refused before its password was checked is none."""
    if request is None or login_refused(request):
        return
    # Counted; past the rate, the next login from there is refused before it is tried.
    with contextlib.suppress(RateLimitExceeded):
        rate_limit_hit(scope="login_failure", address=client_ip_address(request))
