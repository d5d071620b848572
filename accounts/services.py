"""Writes to accounts: the e-mail address, and deleting an account.

Deleting keeps the user row and empties it (anonymisation) instead of
deleting it: every game, leaderboard total and class statistic refers to the
player by that row, so all of them stay exactly as they were, now under an
anonymous name, and nothing needs recounting.
"""

from __future__ import annotations

import secrets

from axes.models import AccessAttempt, AccessFailureLog, AccessLog
from django.contrib.auth import get_user_model
from django.contrib.auth.models import AbstractBaseUser
from django.core.exceptions import ValidationError
from django.db import transaction

from accounts.forms import GUEST_EMAIL_MESSAGE, RESERVED_USERNAME_PREFIX
from accounts.models import Preferences
from classes.services import classrooms_delete_taught
from core.guests import is_guest


def account_set_email(*, user: AbstractBaseUser, email: str) -> None:
    """The account's address for reset links; a visitor's account keeps none (ValidationError)."""
    user_model = get_user_model()
    if email.strip() and is_guest(user):
        raise ValidationError(GUEST_EMAIL_MESSAGE, code="guest_email")
    with transaction.atomic():
        user.email = user_model.objects.normalize_email(email.strip())  # type: ignore[attr-defined]
        user.save(update_fields=["email"])


def anonymous_username_draw() -> str:
    return f"{RESERVED_USERNAME_PREFIX}{secrets.token_hex(8)}"


def account_unlock(*, username: str) -> None:
    """Forget an account's failed logins: its owner has just set a new password by e-mail,
    so the lock on the account (accounts/lockout.py) has done its job."""
    with transaction.atomic():
        AccessFailureLog.objects.filter(username=username).delete()
        AccessAttempt.objects.filter(username=username).delete()


def account_delete(*, user: AbstractBaseUser) -> str:
    """Remove the personal data of an account and make it unusable; returns its new name.

    Gone: the username (replaced by ``deleted-`` and random hex), the e-mail
    address and names, the password, staff rights, groups and permissions, the
    preferences (the pages' language), the login records of django-axes
    (usernames and IP addresses), and the classes the account taught. Kept,
    anonymous: the games and their moves, and the account's places in classes,
    so leaderboards and class statistics stay as they were. An inactive account
    with an unusable password cannot log in, reset its password (no address, and
    Django skips inactive accounts) or keep a session (the session hash follows
    the password).
    """
    user_model = get_user_model()
    with transaction.atomic():
        account = user_model.objects.select_for_update().get(pk=user.pk)
        old_username = account.get_username()
        classrooms_delete_taught(instructor=account)
        setattr(account, user_model.USERNAME_FIELD, anonymous_username_draw())
        account.email = ""
        account.first_name = ""
        account.last_name = ""
        account.set_unusable_password()
        account.is_active = False
        account.is_staff = False
        account.is_superuser = False
        account.last_login = None
        account.save()
        account.groups.clear()
        account.user_permissions.clear()
        Preferences.objects.filter(user=account).delete()
        for model in (AccessAttempt, AccessFailureLog, AccessLog):
            model.objects.filter(username=old_username).delete()
    return account.get_username()
