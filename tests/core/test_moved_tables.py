"""The models that left evilsite keep their rows: a database migrated under the old layout
(``evilsite_ratelimitcount``, ``evilsite_usernameskeleton``) upgrades in place.

Migrating core and accounts back to zero gives the old layout (the tables under their
old names, core/migration_ops.py ``AdoptTable``); rows are written there as the old code
wrote them, then the migrations run forward as on a deploy of the new layout.
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from django.contrib.auth import get_user_model
from django.db import connection
from django.db.migrations.executor import MigrationExecutor
from django.db.migrations.recorder import MigrationRecorder

from accounts.models import UsernameSkeleton
from accounts.usernames import skeletons
from core.models import RateLimitCount

# Each test replays the migrations' states twice (about a second each): slow.
pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.slow]

OLD_LAST_RULE = ("evilsite", "0003_username_skeletons_without_punctuation")
NEW = [("core", "0001_rate_limit_counts"), ("accounts", "0001_username_skeletons")]


def migrate(targets: list[tuple[str, str | None]]) -> None:
    executor = MigrationExecutor(connection)
    executor.migrate(targets)


@pytest.fixture
def old_layout() -> Iterator[None]:
    """The tables under evilsite's names, as a database of the old layout has them."""
    migrate([("core", None), ("accounts", None)])
    try:
        yield
    finally:
        # Every app's latest, not NEW alone: later migrations of these apps (accounts 0002)
        # must be back for the tests that run after this one on the same database.
        migrate(MigrationExecutor(connection).loader.graph.leaf_nodes())
        MigrationRecorder(connection).migration_qs.filter(app="evilsite").delete()


def table_names() -> set[str]:
    return set(connection.introspection.table_names())


def insert_old_rows(user_id: int) -> None:
    with connection.cursor() as cursor:
        cursor.execute(
            "INSERT INTO evilsite_ratelimitcount (scope, subject, window_start, hits)"
            " VALUES (%s, %s, %s, %s)",
            ["guess", f"user:{user_id}", 1_700_000_000, 7],
        )
        cursor.execute(
            "INSERT INTO evilsite_usernameskeleton (user_id, skeleton) VALUES (%s, %s)",
            [user_id, "kept-as-it-was"],
        )


def old_user(username: str) -> int:
    """An account made as the old code made it (its skeletons are the test's to write)."""
    user_model = get_user_model()
    user_model.objects.bulk_create([user_model(username=username)])  # no post_save signal
    return user_model.objects.get(username=username).pk


def test_an_old_database_keeps_every_row_of_both_tables(old_layout: None) -> None:
    assert {"evilsite_ratelimitcount", "evilsite_usernameskeleton"} <= table_names()
    assert not {"core_ratelimitcount", "accounts_usernameskeleton"} & table_names()
    user_id = old_user("Alice.Smith")
    insert_old_rows(user_id)
    MigrationRecorder(connection).record_applied(*OLD_LAST_RULE)

    migrate(NEW)

    assert not {"evilsite_ratelimitcount", "evilsite_usernameskeleton"} & table_names()
    assert list(RateLimitCount.objects.values_list("scope", "subject", "hits")) == [
        ("guess", f"user:{user_id}", 7)
    ]
    # The old rows, not skeletons computed again: the old layout's last rule had run.
    assert list(UsernameSkeleton.objects.values_list("user_id", "skeleton")) == [
        (user_id, "kept-as-it-was")
    ]
    RateLimitCount.objects.create(scope="guess", subject="user:0", window_start=1, hits=1)
    assert RateLimitCount.objects.count() == 2


def test_a_database_from_before_the_last_rule_gets_every_names_skeletons(
    old_layout: None,
) -> None:
    insert_old_rows(old_user("Alice.Smith"))

    migrate(NEW)

    assert set(UsernameSkeleton.objects.values_list("skeleton", flat=True)) == set(
        skeletons("Alice.Smith")
    )
    assert RateLimitCount.objects.get().hits == 7
