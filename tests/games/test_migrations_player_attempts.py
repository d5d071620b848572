"""games 0021 landed under two names (0021_player_daily_attempts, index ``game_player_daily``;
then 0021_player_one_attempts, index ``game_player_one_attempts``): a database that took
either one, or both, ends with the one index the model names (games 0025). Runs on SQLite
and on PostgreSQL, where the indexes are built and dropped concurrently."""

from __future__ import annotations

import pytest
from django.db import connection
from django.db.migrations.executor import MigrationExecutor

pytestmark = pytest.mark.django_db(transaction=True)

EARLIER = ("games", "0021_player_daily_attempts")
LATER = ("games", "0021_player_one_attempts")


def migrate(targets: list[tuple[str, str]]) -> None:
    executor = MigrationExecutor(connection)
    executor.migrate(targets)


def latest() -> list[tuple[str, str]]:
    return MigrationExecutor(connection).loader.graph.leaf_nodes()


def player_attempt_indexes() -> set[str]:
    with connection.cursor() as cursor:
        names = connection.introspection.get_constraints(cursor, "games_game")
    return {name for name in names if name in {"game_player_daily", "game_player_one_attempts"}}


@pytest.mark.parametrize("taken", [EARLIER, LATER])
def test_either_landed_0021_upgrades_to_the_one_index(taken: tuple[str, str]) -> None:
    leaves = latest()
    try:
        migrate([("games", "0020_any_alphabet")])
        migrate([taken])  # a database migrated while this 0021 was the one on main
        assert MigrationExecutor(connection).loader.applied_migrations.keys() >= {taken}
        migrate(leaves)
        assert player_attempt_indexes() == {"game_player_one_attempts"}
    finally:
        migrate(leaves)


def test_a_fresh_database_has_the_one_index() -> None:
    assert player_attempt_indexes() == {"game_player_one_attempts"}
