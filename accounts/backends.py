"""An authentication backend that turns away unknown usernames before any password is hashed.

Django's ``ModelBackend`` hashes the password even for a username nobody has, so
that the answer's timing does not tell whether the name exists. On this site
usernames are public (leaderboards, player pages, class tables), so that hides
nothing, and it makes a login with a random username cost a full password hash,
the dearest thing the site does: a flood of them took every CPU (issue 15,
trick 6). Placed first, this backend refuses such a login with one indexed
query. The refusal is a failed login (Django's ``user_login_failed``): the
client's address counts it (``RATE_LIMIT_LOGIN_FAILURE_PER_ADDRESS``), and
django-axes, told by ``request.login_username_unknown``, records nothing, since
no account is there to lock.
"""

from __future__ import annotations

from typing import Any

from django.contrib.auth import get_user_model
from django.core.exceptions import PermissionDenied
from django.http import HttpRequest


class UnknownUsernameBackend:
    """Authentication only: no ``get_user`` or permissions (not a ``BaseBackend``, whose
    ``get_user`` would make it the backend ``force_login`` and sessions pick)."""

    def authenticate(
        self,
        request: HttpRequest | None,
        username: str | None = None,
        password: str | None = None,
        **kwargs: Any,
    ) -> None:
        """Never signs anyone in: a username nobody has ends the login (PermissionDenied,
        which Django reports as a failed login); any other is left to ModelBackend."""
        user_model = get_user_model()
        if username is None:
            username = kwargs.get(user_model.USERNAME_FIELD)
        if username is None or password is None:
            return None
        if not user_model._default_manager.filter(**{user_model.USERNAME_FIELD: username}).exists():
            if request is not None:
                request.login_username_unknown = True  # type: ignore[attr-defined]
            raise PermissionDenied
        return None
