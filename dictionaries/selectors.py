"""Reads about dictionaries for the admin and the new-game form."""

from __future__ import annotations

from django.db.models import Count, QuerySet

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


def offered_dictionaries() -> QuerySet[Dictionary]:
    """The dictionaries players see, the default first: every menu and filter reads this.

    A new upload is hidden until an admin offers it, so a test list never reaches a
    player's menu by accident.
    """
    return Dictionary.objects.filter(is_hidden=False).order_by("-is_default", "name")


def dictionaries_to_try(*, include_hidden: bool) -> QuerySet[Dictionary]:
    """What the new-game form lists: staff also see the hidden ones, to check them
    (such games are never ranked); everyone else sees only the offered ones."""
    if include_hidden:
        return Dictionary.objects.order_by("is_hidden", "-is_default", "name")
    return offered_dictionaries()
