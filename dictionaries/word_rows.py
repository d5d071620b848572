"""Writing a list's words as rows in bulk: COPY on PostgreSQL, batched INSERTs elsewhere.

``services.dictionary_import`` calls :func:`write_words` inside its transaction.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from django.db import connection

from dictionaries.models import Dictionary, Word

INSERT_BATCH_SIZE = 5_000

ProgressCallback = Callable[[int, int], None]
"""Called as ``progress(words_stored, words_total)`` while words are stored."""


def copy_available() -> bool:
    if connection.vendor != "postgresql":
        return False
    from django.db.backends.postgresql.psycopg_any import is_psycopg3

    return is_psycopg3


def report_progress(progress: ProgressCallback | None, done: int, total: int) -> None:
    if progress is not None:
        progress(done, total)


def _word_columns() -> str:
    """The quoted columns both bulk writers fill, in the order of their rows."""
    quote = connection.ops.quote_name
    return ", ".join(
        quote(Word._meta.get_field(name).column)
        for name in ("dictionary", "text", "length", "display", "zipf")
    )


def displays_of(words: list[str], written: list[str]) -> list[str]:
    """``Word.display``: the written word where it differs from the play form, else blank."""
    return [shown if shown != word else "" for word, shown in zip(words, written, strict=True)]


def _copy_words(
    dictionary_id: int,
    words: list[str],
    displays: list[str],
    zipfs: list[float],
    progress: ProgressCallback | None,
) -> None:
    """COPY FROM STDIN: the whole list streams in one statement instead of an INSERT a row."""
    quote = connection.ops.quote_name
    sql = f"COPY {quote(Word._meta.db_table)} ({_word_columns()}) FROM STDIN"
    total = len(words)
    with connection.cursor() as cursor:
        # The raw psycopg cursor bypasses Django's error translation; restore it.
        with connection.wrap_database_errors, cursor.cursor.copy(sql) as copy:
            rows = zip(words, displays, zipfs, strict=True)
            for done, (word, display, zipf) in enumerate(rows, start=1):
                copy.write_row((dictionary_id, word, len(word), display, zipf))
                if done % INSERT_BATCH_SIZE == 0:
                    report_progress(progress, done, total)
        # Django's foreign keys are checked at COMMIT; checking them now keeps that
        # work (about a third of the import) inside the import and its timing.
        foreign_key = _word_dictionary_foreign_key(cursor)
        if foreign_key is not None:
            cursor.execute(f"SET CONSTRAINTS {quote(foreign_key)} IMMEDIATE")
            cursor.execute(f"SET CONSTRAINTS {quote(foreign_key)} DEFERRED")


def _word_dictionary_foreign_key(cursor: Any) -> str | None:
    constraints = connection.introspection.get_constraints(cursor, Word._meta.db_table)
    target = (Dictionary._meta.db_table, Dictionary._meta.pk.column)
    for constraint_name, details in constraints.items():
        if details["foreign_key"] == target:
            return constraint_name
    return None


def _insert_words(
    dictionary_id: int,
    words: list[str],
    displays: list[str],
    zipfs: list[float],
    progress: ProgressCallback | None,
) -> None:
    """executemany in batches for SQLite (and any other backend): one prepared INSERT reused."""
    table = connection.ops.quote_name(Word._meta.db_table)
    sql = f"INSERT INTO {table} ({_word_columns()}) VALUES (%s, %s, %s, %s, %s)"
    total = len(words)
    with connection.cursor() as cursor:
        for start in range(0, total, INSERT_BATCH_SIZE):
            end = start + INSERT_BATCH_SIZE
            batch = zip(words[start:end], displays[start:end], zipfs[start:end], strict=True)
            cursor.executemany(
                sql,
                [(dictionary_id, word, len(word), display, zipf) for word, display, zipf in batch],
            )
            report_progress(progress, min(end, total), total)


def write_words(
    dictionary_id: int,
    words: list[str],
    displays: list[str],
    zipfs: list[float],
    progress: ProgressCallback | None,
) -> None:
    """Store the rows, COPY where :func:`copy_available`, else batched INSERTs."""
    write = _copy_words if copy_available() else _insert_words
    write(dictionary_id, words, displays, zipfs, progress)
