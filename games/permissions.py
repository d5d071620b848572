"""Who may review whose games: the permissions the games' model declares.

In the games app (not in records, which reviews) because the menu, classes and records
all ask, and the permissions are ``Game``'s own.
"""

from __future__ import annotations

from django.contrib.auth.models import AbstractBaseUser, AnonymousUser, Permission
from django.db.models import Q, QuerySet

REVIEW_PERMISSION = "games.review_all_games"
REVIEW_GAME_PERMISSION = "games.review_game"  # one game; granted by backends only


def granting(user: AbstractBaseUser, permission: str) -> QuerySet[Permission]:
    """The rows that give ``user`` the model permission ``permission`` ("app.codename"),
    directly or through a group; empty when none does (for ``Exists``, one query in all)."""
    app_label, codename = permission.split(".")
    return Permission.objects.filter(codename=codename, content_type__app_label=app_label).filter(
        Q(user=user) | Q(group__user=user)
    )


def holds_permission(user: AbstractBaseUser | AnonymousUser, permission: str) -> bool:
    """Django's ``has_perm(permission)`` as the model backend decides it (active,
    superuser, or the permission through the user or a group), in one query instead of
    loading every permission of the user and of their groups: the menu asks on every page."""
    if not user.is_authenticated or not user.is_active:
        return False
    if user.is_superuser:
        return True
    return granting(user, permission).exists()


def can_review_all(user: AbstractBaseUser | AnonymousUser) -> bool:
    return holds_permission(user, REVIEW_PERMISSION)
