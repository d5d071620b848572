"""django-axes' check before any password, telling the failure signal which tries it refused.

A try refused because its (username, address) or its account is paused is no new
guess: no password is checked, so it must not count again (issue 37, finding 3: refused
tries counted, and 30 tries from one address paused an account for an hour). Axes
records nothing for it (``AXES_RESET_COOL_OFF_ON_FAILURE_DURING_LOCKOUT = False``); this
backend marks the request (``login_refused``) so that the address's own count of failed
logins (``accounts.lockout.count_login_failure``) leaves it out too.

A username nobody has goes on to Django's ``ModelBackend``, which hashes the password
against a dummy: the answer, its time and every counter are those of a real account, so
a login never tells whether a name exists (finding 3 again; the cost of a flood of made-up
names is the per-address limits', the same as a flood of the public real names).
"""

from __future__ import annotations

from typing import Any

from axes.backends import AxesStandaloneBackend
from axes.exceptions import AxesBackendPermissionDenied
from django.http import HttpRequest


class LoginThrottleBackend(AxesStandaloneBackend):
    """Axes' standalone backend (it signs nobody in), marking the tries it refuses."""

    def authenticate(
        self,
        request: HttpRequest,
        username: str | None = None,
        password: str | None = None,
        **kwargs: Any,
    ) -> None:
        try:
            super().authenticate(request, username, password, **kwargs)
        except AxesBackendPermissionDenied:
            request.login_refused = True  # type: ignore[attr-defined]
            raise


def login_refused(request: object) -> bool:
    """Whether this failed login was refused before its password was checked."""
    return bool(getattr(request, "login_refused", False))
