"""Reads about dictionaries for the admin and the new-game form."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from django.core.cache import cache
from django.db.models import Count, Exists, IntegerField, OuterRef, Q, QuerySet
from django.db.models.functions import Cast, Floor

from dictionaries.frequency import FAMILIAR_ZIPF, ZIPF_BANDS
from dictionaries.languages import language
from dictionaries.models import Dictionary, Word

WORD_LENGTHS_CACHE_SECONDS = 24 * 60 * 60


@dataclass(frozen=True)
class WordLength:
    length: int
    words: int


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


def default_dictionary_for(language: str) -> Dictionary | None:
    """The default list for this language: the one a player whose pages are in
    ``language`` (a BCP 47 tag, Django's active language) meets first, in practice, the
    new-game form and a visitor's first game.

    The offered lists whose words are in that language (primary subtags compared: a page
    in ``es`` takes a list in ``es-MX``), the site's default first, else the one offered
    longest (a built-in list is loaded before any upload); with none in the language, the
    site's default (``offered_dictionaries().first()``, which the daily puzzle plays).
    """
    primary = (language or "").split("-")[0].split("_")[0].lower()
    offered = offered_dictionaries()
    if primary:
        # "es" or "es-..." without matching "est" (Estonian): a tag is subtags and hyphens.
        in_language = (
            offered.filter(Q(language__iexact=primary) | Q(language__istartswith=f"{primary}-"))
            .order_by("-is_default", "created_at", "pk")
            .first()
        )
        if in_language is not None:
            return in_language
    return offered.first()


def dictionaries_to_try(*, include_hidden: bool) -> QuerySet[Dictionary]:
    """What the new-game form lists: staff also see the hidden ones, to check them
    (such games are never ranked); everyone else sees only the offered ones."""
    if include_hidden:
        return Dictionary.objects.order_by("is_hidden", "-is_default", "name")
    return offered_dictionaries()


def used_by_games() -> Exists:
    """Whether any game refers to the dictionary, as an annotation for a list of them.

    The games' foreign key names its model (the reverse accessor ``games``), so the
    dictionaries app, below play, needs no import of it.
    """
    game_model = Dictionary.games.field.model
    return Exists(game_model.objects.filter(dictionary=OuterRef("pk")))


def word_lengths(*, dictionary_id: int) -> list[WordLength]:
    """The lengths that have words in a dictionary, with their counts.

    One aggregate over the (dictionary, length) index; cached because a
    dictionary's words never change once imported.
    """
    key = f"games:word-lengths:{dictionary_id}"
    cached: list[tuple[int, int]] | None = cache.get(key)
    if cached is None:
        cached = list(
            Word.objects.filter(dictionary_id=dictionary_id)
            .order_by()
            .values("length")
            .annotate(words=Count("*"))
            .order_by("length")
            .values_list("length", "words")
        )
        if cached:  # an empty answer may be a dictionary still being imported
            cache.set(key, cached, WORD_LENGTHS_CACHE_SECONDS)
    return [WordLength(length=length, words=words) for length, words in cached]


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


WRITTEN_FORM_CACHE_SECONDS = 24 * 60 * 60


def written_form(dictionary: Dictionary, word: str) -> str:
    """One word as its list writes it: ``written_forms`` of one word."""
    return written_forms(dictionary, [word])[0] if word else word


def written_forms(dictionary: Dictionary, words: Sequence[str]) -> list[str]:
    """Each word as its list writes it, in order: every page, export and answer that names
    a word shows this, never the play form, which is only for matching letters.

    The written form is ``Word.display`` (``difícil`` for the play form ``dificil`` of a
    folded list), else the play form itself, with its letters in the form their position
    asks (Hebrew ``מ`` at the end is ``ם``). No read for a list whose words are all written
    as they play (``has_written_forms``); otherwise one read for the words not in the
    cache, where each stays a day: a word's written form is set at import.
    """
    lang = language(dictionary.language)
    if not dictionary.has_written_forms:
        return [lang.by_position(word) for word in words]
    dictionary_id = dictionary.pk
    keys = {word: f"dictionaries:written:{dictionary_id}:{word}" for word in words if word}
    cached: dict[str, str] = cache.get_many(list(keys.values())) if keys else {}
    found = {word: cached[key] for word, key in keys.items() if key in cached}
    missing = [word for word in keys if word not in found]
    if missing:
        read = dict(
            Word.objects.filter(dictionary_id=dictionary_id, text__in=missing)
            .order_by()
            .values_list("text", "display")
        )
        fresh = {word: read.get(word) or word for word in missing}
        cache.set_many(
            {keys[word]: written for word, written in fresh.items()}, WRITTEN_FORM_CACHE_SECONDS
        )
        found.update(fresh)
    return [lang.by_position(found.get(word, word)) for word in words]
