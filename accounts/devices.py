"""Device cookies: a browser that has signed in to an account before keeps signing in to it.

OWASP's "device cookie" answer to password guessing: after a successful login the
browser gets a signed cookie naming the account (and a random id of its own). A login
that brings a valid cookie for the name it tries is from a *known device*: strangers'
failures, however many and from wherever, never pause it (``accounts.lockout``), so
nobody can lock an owner out by failing on purpose. A known device that fails itself
as often as the ``login_device`` rate allows (5 in 15 minutes, counted by its id) is
trusted no more for the window, and falls back to the rules for unknown devices: the
(username, address) lock and the account's short, growing pauses.

The cookie holds nothing secret: the signature (``SECRET_KEY``) is what makes it
unforgeable, the account's id and name tie it to one account (a name freed by a deleted
account and taken again is another account: the old browser is a stranger to it), and it
is never a session.
"""

from __future__ import annotations

import contextlib
import secrets

from django.conf import settings
from django.contrib.auth import get_user_model
from django.contrib.auth.models import AbstractBaseUser
from django.core import signing
from django.http import HttpRequest
from django.http.response import HttpResponseBase

from core.ratelimit import RateLimitExceeded, rate_limit_hit, rate_limit_reached

DEVICE_COOKIE = "eh_device"
DEVICE_COOKIE_SALT = "accounts.devices"
DEVICE_COOKIE_MAX_AGE = 365 * 24 * 60 * 60
DEVICE_SCOPE = "login_device"


def _same_name(a: str, b: str) -> bool:
    return a.casefold() == b.casefold()


def device_id(request: HttpRequest, username: str) -> str | None:
    """The id of the request's device cookie when it is valid and names ``username``."""
    value = request.COOKIES.get(DEVICE_COOKIE)
    if not value or not username:
        return None
    try:
        payload = signing.loads(value, salt=DEVICE_COOKIE_SALT, max_age=DEVICE_COOKIE_MAX_AGE)
    except signing.BadSignature:
        return None
    if not isinstance(payload, dict) or not _same_name(str(payload.get("u", "")), username):
        return None
    found, account = payload.get("d"), payload.get("i")
    if not (isinstance(found, str) and found and isinstance(account, int)):
        return None
    user_model = get_user_model()
    name = (
        user_model._default_manager.filter(pk=account)
        .values_list(user_model.USERNAME_FIELD, flat=True)
        .first()
    )
    return found if name is not None and _same_name(name, username) else None


def known_device(request: HttpRequest, username: str) -> str | None:
    """The device's id when the request comes from a known device of ``username`` that has
    not used up its own failures (``login_device``); None: an unknown device."""
    found = device_id(request, username)
    if found is None:
        return None
    try:
        rate_limit_reached(scope=DEVICE_SCOPE, key=found)
    except RateLimitExceeded:
        return None
    return found


def device_failure_count(device: str) -> None:
    """One more failed login from a known device (past the limit, it is trusted no more)."""
    # Past the limit, the next login from it is an unknown device's.
    with contextlib.suppress(RateLimitExceeded):
        rate_limit_hit(scope=DEVICE_SCOPE, key=device)


def device_cookie_set(
    response: HttpResponseBase, request: HttpRequest, user: AbstractBaseUser
) -> None:
    """After a successful login: the browser is a known device of ``user`` from now on (its
    id kept when it was already one)."""
    username = user.get_username()
    device = device_id(request, username) or secrets.token_urlsafe(16)
    value = signing.dumps({"u": username, "i": user.pk, "d": device}, salt=DEVICE_COOKIE_SALT)
    response.set_cookie(
        DEVICE_COOKIE,
        value,
        max_age=DEVICE_COOKIE_MAX_AGE,
        secure=settings.SESSION_COOKIE_SECURE,
        httponly=True,
        samesite="Lax",
    )
