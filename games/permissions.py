"""Who may review whose games: the permissions the games' model declares.

In the games app (not in records, which reviews) because the menu, classes and records
all ask, and the permissions are ``Game``'s own.
"""

from __future__ import annotations

from django.contrib.auth import get_user_model
from django.contrib.auth.models import AbstractBaseUser, AnonymousUser, Group, Permission
from django.contrib.contenttypes.models import ContentType
from django.db import connections, router

REVIEW_PERMISSION = "games.review_all_games"
REVIEW_GAME_PERMISSION = "games.review_game"  # one game; granted by backends only


def granting_sql(user: AbstractBaseUser, permission: str) -> tuple[str, list[object]]:
    """``EXISTS (…)`` in SQL, and its parameters: whether ``user`` is given ``permission``
    ("app.codename") directly or through a group (the model backend's rule, before it looks
    at ``is_active`` and ``is_superuser``).

    In SQL because the menu asks on every page: the ORM's query cost more to compile (a
    millisecond or more of CPU) than the database took to answer it.
    """
    app_label, codename = permission.split(".")
    user_model = get_user_model()
    tables = {
        "permission": Permission._meta.db_table,
        "content_type": ContentType._meta.db_table,
        "user_permissions": user_model.user_permissions.through._meta.db_table,
        "group_permissions": Group.permissions.through._meta.db_table,
        "user_groups": user_model.groups.through._meta.db_table,
    }
    sql = (
        "EXISTS (SELECT 1 FROM {permission} p JOIN {content_type} ct ON ct.id = p.content_type_id"
        " WHERE ct.app_label = %s AND p.codename = %s AND ("
        "EXISTS (SELECT 1 FROM {user_permissions} up"
        " WHERE up.permission_id = p.id AND up.user_id = %s)"
        " OR EXISTS (SELECT 1 FROM {group_permissions} gp"
        " JOIN {user_groups} ug ON ug.group_id = gp.group_id"
        " WHERE gp.permission_id = p.id AND ug.user_id = %s)))"
    ).format(**tables)
    return sql, [app_label, codename, user.pk, user.pk]


def holds_permission(user: AbstractBaseUser | AnonymousUser, permission: str) -> bool:
    """Django's ``has_perm(permission)`` as the model backend decides it (active,
    superuser, or the permission through the user or a group), in one query instead of
    loading every permission of the user and of their groups: the menu asks on every page."""
    if not user.is_authenticated or not user.is_active:
        return False
    if user.is_superuser:
        return True
    sql, params = granting_sql(user, permission)
    with connections[router.db_for_read(Permission)].cursor() as cursor:
        cursor.execute(f"SELECT {sql}", params)
        return bool(cursor.fetchone()[0])


def can_review_all(user: AbstractBaseUser | AnonymousUser) -> bool:
    return holds_permission(user, REVIEW_PERMISSION)
