"""The online migration operations leave a valid index and a validated check behind."""

from __future__ import annotations

from importlib import import_module

import pytest
from django.db import connection

from games.models import Game

pytestmark = pytest.mark.django_db
POSTGRES_ONLY = pytest.mark.skipif(
    connection.vendor != "postgresql",
    reason="CONCURRENTLY and NOT VALID are PostgreSQL's; elsewhere they are Django's own ops",
)


@POSTGRES_ONLY
def test_the_abandoned_games_index_was_built_concurrently_and_is_valid() -> None:
    with connection.cursor() as cursor:
        cursor.execute(
            "SELECT i.indisvalid, i.indisready FROM pg_index i "
            "JOIN pg_class c ON c.oid = i.indexrelid WHERE c.relname = %s",
            ["game_ranked_playing_idle"],
        )
        assert cursor.fetchall() == [(True, True)]


@POSTGRES_ONLY
def test_the_abandoned_check_was_validated_after_it_was_added() -> None:
    with connection.cursor() as cursor:
        cursor.execute(
            "SELECT convalidated FROM pg_constraint WHERE conname = %s AND conrelid = %s::regclass",
            ["game_abandoned_is_ranked_forfeit", Game._meta.db_table],
        )
        assert cursor.fetchall() == [(True,)]


def test_the_migration_that_uses_them_commits_statement_by_statement() -> None:
    """CONCURRENTLY refuses to run in a transaction; NOT VALID gains nothing in one."""

    migration = import_module("games.migrations.0014_abandoned").Migration
    assert migration.atomic is False
