"""Reads about dictionaries for the admin and the new-game form."""

from __future__ import annotations

from dataclasses import dataclass

from django.db.models import Count, IntegerField, QuerySet
from django.db.models.functions import Cast, Floor

from dictionaries.frequency import FAMILIAR_ZIPF, ZIPF_BANDS
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


@dataclass(frozen=True)
class ZipfBand:
    """Words of a list whose Zipf frequency is in ``[low, low + 1)`` (the top band: and up)."""

    low: int
    words: int
    percent: float
    top: bool = False

    @property
    def label(self) -> str:
        if self.low == 0:
            return "0-1 (0: no count)"
        return f"{self.low} and over" if self.top else f"{self.low}-{self.low + 1}"


@dataclass(frozen=True)
class ZipfDistribution:
    bands: tuple[ZipfBand, ...]
    words: int
    familiar: int  # at least FAMILIAR_ZIPF
    unknown: int  # no count at all (Zipf 0)
    familiar_zipf: float = FAMILIAR_ZIPF

    @property
    def familiar_percent(self) -> float:
        return 100 * self.familiar / self.words if self.words else 0.0


def dictionary_zipf_distribution(*, dictionary_id: int) -> ZipfDistribution:
    """How many of a list's words fall in each whole Zipf band: three aggregates, for the admin."""
    words = Word.objects.filter(dictionary_id=dictionary_id)
    per_band = dict(
        words.annotate(band=Cast(Floor("zipf"), IntegerField()))
        .order_by("band")
        .values_list("band")
        .annotate(words=Count("id"))
    )
    total = sum(per_band.values())
    top = ZIPF_BANDS[-1]
    counts = {low: per_band.get(low, 0) for low in ZIPF_BANDS[:-1]}
    counts[top] = sum(n for band, n in per_band.items() if band >= top)
    bands = tuple(
        ZipfBand(low=low, words=n, percent=100 * n / total if total else 0.0, top=low == top)
        for low, n in counts.items()
    )
    return ZipfDistribution(
        bands=bands,
        words=total,
        familiar=words.filter(zipf__gte=FAMILIAR_ZIPF).count(),
        unknown=words.filter(zipf__lte=0).count(),
    )
