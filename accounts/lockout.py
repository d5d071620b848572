"""django-axes, plus device cookies and the account's pauses: nobody can guess a password,
and nobody can lock its owner out.

A browser that has signed in to the account before (a *known device*,
``accounts.devices``) is never paused by anyone else's failures: its logins skip
both locks below, and its own failures count against it alone (past the
``login_device`` rate it is an unknown device for the window). Its failures
are not written to axes' log, so an owner's typos never pause the account.

Unknown devices: axes locks a (username, address) pair after ``AXES_FAILURE_LIMIT``
failures in ``AXES_COOLOFF_TIME``. Someone who changes address for every try never
reaches that, so :class:`AccountLockoutHandler` also counts an account's failures
from every address (axes' own failure log, one row per failure) over
``AXES_USERNAME_COOLOFF_HOURS``: from ``AXES_USERNAME_FAILURE_LIMIT`` on, each
failure pauses unknown devices for a while after it, short and growing
(``account_pause``: 1, 2, 4 ... minutes, at most ``AXES_USERNAME_PAUSE_MAX_MINUTES``),
never a day: a guessing run stops at the same try as before, while an owner on a
new device waits minutes. A password reset by e-mail lifts the pauses
(``services.account_unlock``). Per-address limits stay (``login_failure``).
See docs/security.md.
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
from django.db.models import Count, Max
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.utils import timezone

from accounts.devices import device_failure_count, known_device
from core.client_ip import client_ip_address
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


def account_locked_for(username: str) -> int | None:
    """Seconds until unknown devices may try ``username`` again when it is paused, else None."""
    if not username:
        return None
    now = timezone.now()
    recent = AccessFailureLog.objects.filter(
        username=username, attempt_time__gte=now - account_window()
    ).aggregate(failures=Count("id"), latest=Max("attempt_time"))
    if recent["latest"] is None:
        return None
    wait = (recent["latest"] + account_pause(recent["failures"]) - now).total_seconds()
    return max(1, math.ceil(wait)) if wait > 0 else None


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
        """Axes' records of a failure, but none for a username nobody has (a flood's)."""
        if getattr(request, "login_username_unknown", False):
            return
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
            wait = account_locked_for(get_client_username(request, credentials) or "")
            if wait is not None:
                request.account_locked_for = wait  # type: ignore[attr-defined]
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
    account_wait: int | None = getattr(request, "account_locked_for", None)
    cool_off = get_cool_off(request)
    if account_wait is not None:
        retry_after = account_wait
    else:
        retry_after = int(cool_off.total_seconds()) if cool_off else 0
    context = {
        "username": get_client_username(request, credentials) or "",
        "failure_limit": get_failure_limit(request, credentials),
        "account_locked": account_wait is not None,
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
    """user_login_failed: one more failed login from the client's address ("login_failure")."""
    if request is None:
        return
    # Counted; past the rate, the next login from there is refused before it is tried.
    with contextlib.suppress(RateLimitExceeded):
        rate_limit_hit(scope="login_failure", address=client_ip_address(request))
