"""Reads about dictionaries for the admin and the new-game form."""

from __future__ import annotations

from django.db.models import Count

from dictionaries.models import Dictionary, Word


def dictionary_length_counts(*, dictionary_id: int) -> dict[int, int]:
    """Words per length, shortest first; lengths without words are absent (gaps are real)."""
    rows = (
        Word.objects.filter(dictionary_id=dictionary_id)
        .order_by("length")
        .values_list("length")
        .annotate(words=Count("id"))
    )
    return dict(rows)


def dictionary_in_use(*, dictionary: Dictionary) -> bool:
    """Games refer to it, so its words and labels must stay as they were."""
    return dictionary.games.exists()
