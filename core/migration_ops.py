"""Migration operations that leave a big table open for reads and writes on PostgreSQL.

Django's ``AddIndex`` builds an index under a lock that stops every write to the table
(every guess and start, on the games table) until it is done, and ``AddConstraint``
checks every existing row under a lock that stops reads too. On a site with millions of
games that is a deploy that stops play. These do the same on PostgreSQL without the
long locks (``CREATE INDEX CONCURRENTLY``; a CHECK added ``NOT VALID``, then validated
under a lock that lets reads and writes go on), and exactly what Django does elsewhere
(SQLite, a newcomer's database). A migration using them sets ``atomic = False``: each
statement commits on its own, which is what lets the table go while the next one runs.
"""

from __future__ import annotations

from typing import Any

from django.contrib.postgres.operations import AddIndexConcurrently, RemoveIndexConcurrently
from django.db.migrations.operations import AddConstraint, AddIndex, RemoveIndex
from django.db.migrations.operations.base import Operation


def _postgres(schema_editor: Any) -> bool:
    return schema_editor.connection.vendor == "postgresql"


class AddIndexOnline(AddIndexConcurrently):
    """``CREATE INDEX CONCURRENTLY`` on PostgreSQL; a plain ``AddIndex`` elsewhere."""

    def database_forwards(
        self, app_label: str, schema_editor: Any, from_state: Any, to_state: Any
    ) -> None:
        if _postgres(schema_editor):
            super().database_forwards(app_label, schema_editor, from_state, to_state)
        else:
            AddIndex.database_forwards(self, app_label, schema_editor, from_state, to_state)

    def database_backwards(
        self, app_label: str, schema_editor: Any, from_state: Any, to_state: Any
    ) -> None:
        if _postgres(schema_editor):
            super().database_backwards(app_label, schema_editor, from_state, to_state)
        else:
            AddIndex.database_backwards(self, app_label, schema_editor, from_state, to_state)


class RemoveIndexOnline(RemoveIndexConcurrently):
    """``DROP INDEX CONCURRENTLY`` on PostgreSQL; a plain ``RemoveIndex`` elsewhere."""

    def database_forwards(
        self, app_label: str, schema_editor: Any, from_state: Any, to_state: Any
    ) -> None:
        if _postgres(schema_editor):
            super().database_forwards(app_label, schema_editor, from_state, to_state)
        else:
            RemoveIndex.database_forwards(self, app_label, schema_editor, from_state, to_state)

    def database_backwards(
        self, app_label: str, schema_editor: Any, from_state: Any, to_state: Any
    ) -> None:
        if _postgres(schema_editor):
            super().database_backwards(app_label, schema_editor, from_state, to_state)
        else:
            RemoveIndex.database_backwards(self, app_label, schema_editor, from_state, to_state)


class AddCheckOnline(AddConstraint):
    """A CHECK added ``NOT VALID`` and then validated on PostgreSQL; ``AddConstraint`` elsewhere.

    The ``ADD`` takes the table's strongest lock only for an instant (no row is read);
    ``VALIDATE CONSTRAINT`` then reads every row under a lock that blocks neither reads
    nor writes. New rows are checked from the ``ADD`` on.
    """

    def database_forwards(
        self, app_label: str, schema_editor: Any, from_state: Any, to_state: Any
    ) -> None:
        model = to_state.apps.get_model(app_label, self.model_name)
        if not self.allow_migrate_model(schema_editor.connection.alias, model):
            return
        if not _postgres(schema_editor):
            super().database_forwards(app_label, schema_editor, from_state, to_state)
            return
        table = schema_editor.quote_name(model._meta.db_table)
        definition = self.constraint.constraint_sql(model, schema_editor)
        schema_editor.execute(f"ALTER TABLE {table} ADD {definition} NOT VALID")
        name = schema_editor.quote_name(self.constraint.name)
        schema_editor.execute(f"ALTER TABLE {table} VALIDATE CONSTRAINT {name}")


class AdoptTable(Operation):
    """Takes over a model's table from the app it lived in, rows and all, or makes it.

    For a model moved between apps (the state moved by a ``CreateModel`` in
    ``SeparateDatabaseAndState`` just before): a database migrated under the old
    layout has ``old_table``, which is renamed to the model's table (its rows, indexes
    and constraints go with it); a new database has neither, and the table is made.
    Backwards, the table gets its old name back: the old layout, rows kept.
    """

    reversible = True
    reduces_to_sql = False

    def __init__(self, model_name: str, old_table: str) -> None:
        self.model_name = model_name
        self.old_table = old_table

    def deconstruct(self) -> tuple[str, list[Any], dict[str, Any]]:
        return (
            self.__class__.__name__,
            [],
            {"model_name": self.model_name, "old_table": self.old_table},
        )

    def state_forwards(self, app_label: str, state: Any) -> None:
        pass

    def database_forwards(
        self, app_label: str, schema_editor: Any, from_state: Any, to_state: Any
    ) -> None:
        model = to_state.apps.get_model(app_label, self.model_name)
        if not self.allow_migrate_model(schema_editor.connection.alias, model):
            return
        tables = schema_editor.connection.introspection.table_names()
        if self.old_table in tables:
            schema_editor.alter_db_table(model, self.old_table, model._meta.db_table)
        elif model._meta.db_table not in tables:
            schema_editor.create_model(model)

    def database_backwards(
        self, app_label: str, schema_editor: Any, from_state: Any, to_state: Any
    ) -> None:
        model = from_state.apps.get_model(app_label, self.model_name)
        if self.allow_migrate_model(schema_editor.connection.alias, model):
            schema_editor.alter_db_table(model, model._meta.db_table, self.old_table)

    def describe(self) -> str:
        return f"Take over {self.old_table} as {self.model_name}'s table, or make it"
