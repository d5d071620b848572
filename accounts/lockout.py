"""django-axes, plus a lock on the account itself: rotating addresses cannot guess a password.

Axes locks a (username, address) pair after ``AXES_FAILURE_LIMIT`` failures in
``AXES_COOLOFF_TIME``. Someone who changes address for every try never reaches
that, so :class:`AccountLockoutHandler` also counts an account's failures from
every address (axes' own failure log, one row per failure) over a longer
window, and locks the account past ``AXES_USERNAME_FAILURE_LIMIT`` until the
oldest of those failures leaves the window. A password reset by e-mail lifts
that lock (``services.account_unlock``): it proves the owner, not a guesser.
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
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.utils import timezone

from evilsite.client_ip import client_ip_address
from evilsite.ratelimit import RateLimitExceeded, rate_limit_hit


def account_window() -> dt.timedelta:
    return dt.timedelta(hours=settings.AXES_USERNAME_COOLOFF_HOURS)


def account_locked_for(username: str) -> int | None:
    """Seconds until ``username`` may try again when its own lock holds, else None."""
    if not username:
        return None
    limit = settings.AXES_USERNAME_FAILURE_LIMIT
    now = timezone.now()
    times = list(
        AccessFailureLog.objects.filter(username=username, attempt_time__gte=now - account_window())
        .order_by("-attempt_time")
        .values_list("attempt_time", flat=True)[:limit]
    )
    if len(times) < limit:
        return None
    # The lock holds until the oldest of the latest ``limit`` failures leaves the window.
    return max(1, math.ceil((times[-1] + account_window() - now).total_seconds()))


# Now and then a failure also clears the failure log older than the account's window:
# axes keeps it for ever (up to 1,000 rows per username), and a flood of random
# usernames would fill it.
PRUNE_CHANCE = 0.002


class AccountLockoutHandler(AxesDatabaseHandler):
    """Axes' database handler; a locked account counts as past the failure limit."""

    def user_login_failed(
        self, sender: object, credentials: dict[str, Any], request: Any = None, **kwargs: Any
    ) -> None:
        """Axes' records of a failure, but none for a username nobody has (a flood's)."""
        if getattr(request, "login_username_unknown", False):
            return
        super().user_login_failed(sender, credentials, request, **kwargs)
        if random.random() < PRUNE_CHANCE:
            prune_failure_log()

    def get_failures(self, request: HttpRequest, credentials: dict[str, Any] | None = None) -> int:
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
