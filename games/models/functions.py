"""Database functions the games' queries and indexes share."""

from __future__ import annotations

from typing import Any

from django.db.models import Func, IntegerField


class JSONArrayLength(Func):
    """The length of a JSON array column: a game's ``moves`` are its guesses, letters and
    whole words alike, so this is how many guesses it took (what a board of one attempts
    and a sent game's group rank by, and the one-attempt board's index)."""

    function = "JSON_ARRAY_LENGTH"
    postgresql_function = "JSONB_ARRAY_LENGTH"  # a JSONField is jsonb on PostgreSQL
    output_field = IntegerField()

    def as_postgresql(self, compiler: Any, connection: Any, **extra: Any) -> Any:
        return self.as_sql(compiler, connection, function=self.postgresql_function, **extra)
