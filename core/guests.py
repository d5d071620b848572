"""Visitors who try the game before signing up.

A visitor who asks for a practice game gets a guest account: a user row named
``visitor-<random>`` with no usable password, logged in for their browser session
only, so every game page works for them as for anyone. ``is_guest`` is the one
predicate that keeps a guest out of everything that counts (ranked games, the daily
puzzle, classes); signing up turns the guest account into a real one, games and all.

The platform holds who is a guest, since play, the daily puzzle, classes and the API
all ask; deleting the guests left behind is the accounts app's (``accounts/guests.py``).
"""

from __future__ import annotations

import secrets

from django.contrib.auth import get_user_model
from django.contrib.auth.hashers import UNUSABLE_PASSWORD_PREFIX
from django.contrib.auth.models import AbstractBaseUser, AnonymousUser
from django.db.models import QuerySet
from django.utils.translation import gettext_lazy as _

GUEST_USERNAME_PREFIX = "visitor-"
GUEST_NOT_ALLOWED = _(
    "Sign up (it is free, and keeps your games) to play ranked games, the daily puzzle and classes."
)


def is_guest(user: AbstractBaseUser | AnonymousUser) -> bool:
    """A guest account: the reserved name and no password anyone could log in with.

    ``guest_accounts`` is the same rule as a query; the two must stay in step.
    """
    return (
        user.is_authenticated
        and user.get_username().startswith(GUEST_USERNAME_PREFIX)
        and not user.has_usable_password()
    )


def guest_create() -> AbstractBaseUser:
    """A new guest account, for one visitor's browser session."""
    user = get_user_model()(username=GUEST_USERNAME_PREFIX + secrets.token_hex(8))
    user.set_unusable_password()
    user.save()
    return user


def guest_accounts() -> QuerySet:
    """Every guest account (``is_guest`` as a query): the reserved name, no usable password."""
    user_model = get_user_model()
    return user_model.objects.filter(
        **{f"{user_model.USERNAME_FIELD}__startswith": GUEST_USERNAME_PREFIX},
        password__startswith=UNUSABLE_PASSWORD_PREFIX,
    )
