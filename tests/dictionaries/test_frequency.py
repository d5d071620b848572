"""Word frequency as data: each word's Zipf frequency stored at import, old rows filled,
the admin's distribution, and the familiar list built from web2."""

from __future__ import annotations

import importlib
from types import SimpleNamespace

import pytest
import wordfreq
from django.apps import apps
from django.db import connection
from django.test import Client
from django.urls import reverse

from dictionaries import services
from dictionaries.frequency import FAMILIAR_ZIPF, english_frequencies, zipf_band, zipf_of
from dictionaries.models import Dictionary, Word
from dictionaries.selectors import dictionary_zipf_distribution
from dictionaries.services import (
    DEFAULT_DICTIONARY_SLUG,
    FAMILIAR_DICTIONARY_NAME,
    dictionary_import,
    dictionary_import_default,
    dictionary_import_familiar,
)
from tests.factories import DictionaryFactory, UserFactory

KNOWN = ["cat", "the", "house", "savanna", "hangman", "onerous"]
UNKNOWN = ["gumminess", "untricked", "waspen", "kolhoz", "qzxv"]


def test_the_table_lookup_gives_what_wordfreq_gives_word_by_word() -> None:
    words = KNOWN + UNKNOWN
    assert zipf_of(words) == [wordfreq.zipf_frequency(word, "en") for word in words]
    assert zipf_of(UNKNOWN) == [0.0] * len(UNKNOWN)
    assert all(zipf > 0 for zipf in zipf_of(KNOWN))


def test_bands_are_whole_zipf_numbers() -> None:
    assert [zipf_band(z) for z in (0.0, 0.99, 1.0, 2.5, 3.99, 7.73, 9.0)] == [0, 0, 1, 2, 3, 7, 7]


@pytest.mark.django_db
def test_the_import_stores_each_words_frequency_known_or_not() -> None:
    """Also the PostgreSQL path (COPY) when the suite runs there."""
    report = dictionary_import(name="Mixed", source="\n".join(KNOWN + UNKNOWN).encode())
    stored = dict(Word.objects.filter(dictionary=report.dictionary).values_list("text", "zipf"))
    for word in KNOWN:
        assert stored[word] == wordfreq.zipf_frequency(word, "en") > 0
    for word in UNKNOWN:
        assert stored[word] == 0.0


@pytest.mark.django_db
def test_the_migration_fills_the_words_imported_before_it() -> None:
    dictionary = DictionaryFactory(words=KNOWN + UNKNOWN)  # stored with no frequency
    assert set(Word.objects.values_list("zipf", flat=True)) == {0.0}
    migration = importlib.import_module("dictionaries.migrations.0007_word_zipf")
    migration.fill_frequencies(apps, SimpleNamespace(connection=connection))
    stored = dict(Word.objects.filter(dictionary=dictionary).values_list("text", "zipf"))
    assert stored == dict(zip(KNOWN + UNKNOWN, zipf_of(KNOWN + UNKNOWN), strict=True))
    assert stored["cat"] > 4


@pytest.mark.django_db
def test_the_distribution_counts_words_per_band() -> None:
    zipf = {"cat": 4.78, "the": 7.73, "house": 5.6, "savanna": 2.5, "qzxv": 0.0, "waspen": 0.0}
    dictionary = DictionaryFactory(words=list(zipf), words__zipf=zipf)
    distribution = dictionary_zipf_distribution(dictionary_id=dictionary.pk)
    counts = {band.low: band.words for band in distribution.bands}
    assert counts == {0: 2, 1: 0, 2: 1, 3: 0, 4: 1, 5: 1, 6: 0, 7: 1}
    assert (distribution.words, distribution.familiar, distribution.unknown) == (6, 4, 2)
    assert distribution.bands[-1].label == "7 and over"


@pytest.mark.django_db
def test_the_admin_shows_the_distribution_on_the_change_page_and_the_report() -> None:
    client = Client()
    client.force_login(UserFactory(username="boss", is_staff=True, is_superuser=True))
    dictionary = DictionaryFactory(words=["cat", "qzxv"], words__zipf="wordfreq")
    for url in (
        reverse("admin:dictionaries_dictionary_change", args=[dictionary.pk]),
        reverse("admin:dictionaries_dictionary_report", args=[dictionary.pk]),
    ):
        page = client.get(url).content.decode()
        assert '<table class="zipf-bands">' in page
        assert "<td>4-5</td>\n      <td>1</td>" in page
        assert "1 of 2 words (50.0 %) have a Zipf frequency of 2.5 or more" in page


# --- the familiar list ---------------------------------------------------------------------

SMALL_WEB2 = ["cat", "house", "onerous", "tippet", "gumminess", "kolhoz", "waspen"]


@pytest.fixture
def small_web2(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    monkeypatch.setattr(services, "default_word_source", lambda: list(SMALL_WEB2))
    return SMALL_WEB2


@pytest.mark.django_db
def test_the_familiar_source_is_web2s_words_of_zipf_two_and_a_half_or_more(
    small_web2: list[str],
) -> None:
    assert english_frequencies()  # loaded once, the same table the import reads
    assert services.familiar_words_load() == ["cat", "house", "onerous"]
    assert all(wordfreq.zipf_frequency(w, "en") < FAMILIAR_ZIPF for w in ["tippet", "waspen"])
    # Without web2 stored, the list is built from the package's words all the same.
    familiar = dictionary_import_familiar().dictionary
    assert sorted(familiar.words.values_list("text", flat=True)) == ["cat", "house", "onerous"]


@pytest.mark.django_db
def test_the_familiar_list_takes_over_the_default_from_web2_once(small_web2: list[str]) -> None:
    web2 = dictionary_import_default().dictionary
    assert web2.is_default
    result = dictionary_import_familiar()
    assert result.created
    familiar = result.dictionary
    assert familiar.name == FAMILIAR_DICTIONARY_NAME
    assert (familiar.is_default, familiar.is_hidden) == (True, False)
    assert sorted(familiar.words.values_list("text", flat=True)) == ["cat", "house", "onerous"]
    assert all(zipf >= FAMILIAR_ZIPF for zipf in familiar.words.values_list("zipf", flat=True))
    web2.refresh_from_db()
    assert (web2.is_default, web2.is_hidden) == (False, False)  # still offered, unabridged
    assert not dictionary_import_familiar().created
    assert Dictionary.objects.count() == 2


@pytest.mark.django_db
def test_the_familiar_list_does_not_take_over_a_chosen_default(small_web2: list[str]) -> None:
    chosen = DictionaryFactory(is_default=True, words=["ally"])
    dictionary_import_default()
    assert not dictionary_import_familiar().dictionary.is_default
    chosen.refresh_from_db()
    assert chosen.is_default
    assert Dictionary.objects.get(slug=DEFAULT_DICTIONARY_SLUG).is_default is False
