"""Migration 0010 repairs the databases release 0.4.0 migrated: its 0009 had no
``key_order`` (the column came into 0009 after the release, issue 36), so such a database,
upgraded, recorded 0009 as applied without the column.

The upgrade path is reproduced: the database is taken back to 0009, the column dropped as
0.4.0's 0009 left it, a list stored as 0.4.0 stored it; then migrating forward must give the
column back, filled as an import fills it, and leave a database that had it as it was.
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from django.db import connection
from django.db.migrations.executor import MigrationExecutor

from dictionaries.languages import commonest_first
from dictionaries.models import Dictionary
from tests.factories import DictionaryFactory

# Each test replays the migrations' states (about a second each): slow.
pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.slow]

EDITED = ("dictionaries", "0009_languages_at_import")
REPAIR = ("dictionaries", "0010_key_order_where_missing")
WORDS = ["zebra", "jazz", "quiz", "fuzz", "abba"]


def migrate(targets: list[tuple[str, str]]) -> None:
    MigrationExecutor(connection).migrate(targets)


def columns() -> set[str]:
    with connection.cursor() as cursor:
        description = connection.introspection.get_table_description(
            cursor, Dictionary._meta.db_table
        )
    return {column.name for column in description}


@pytest.fixture
def at_0009() -> Iterator[None]:
    """The database at 0009 (0010 not applied), and every app's latest afterwards."""
    migrate([EDITED])
    try:
        yield
    finally:
        migrate(MigrationExecutor(connection).loader.graph.leaf_nodes())


def drop_key_order() -> None:
    """The column gone, as 0.4.0's 0009 left the table (its other columns and rows kept)."""
    with connection.schema_editor() as editor:
        editor.remove_field(Dictionary, Dictionary._meta.get_field("key_order"))


def test_a_database_migrated_by_0_4_0_gets_the_column_and_its_lists_their_key_order(
    at_0009: None,
) -> None:
    dictionary = DictionaryFactory(words=WORDS, alphabet="abcdefghijklmnopqrstuvwxyz")
    drop_key_order()
    assert "key_order" not in columns()

    migrate([REPAIR])

    assert "key_order" in columns()
    stored = Dictionary.objects.values_list("key_order", flat=True).get(pk=dictionary.pk)
    assert stored == commonest_first(dictionary.alphabet, WORDS)
    assert stored.startswith("z")  # in four of the five words
    # The list plays: a query of every field of the model answers.
    assert Dictionary.objects.get(pk=dictionary.pk).name == dictionary.name


def test_a_database_that_has_the_column_is_left_as_it_was(at_0009: None) -> None:
    dictionary = DictionaryFactory(words=WORDS, key_order="custom")

    migrate([REPAIR])

    assert Dictionary.objects.values_list("key_order", flat=True).get(pk=dictionary.pk) == "custom"


def test_an_empty_database_gets_the_column(at_0009: None) -> None:
    drop_key_order()

    migrate([REPAIR])

    assert "key_order" in columns()
    DictionaryFactory(words=WORDS)  # an import's insert names the column
