"""The default dictionary: web2's lower-case a-z words, loaded once, no download."""

from __future__ import annotations

import pytest

from dictionaries import services
from dictionaries.models import Dictionary, Word
from dictionaries.selectors import dictionary_length_counts
from dictionaries.services import (
    DEFAULT_DICTIONARY_NAME,
    DEFAULT_WORD_SOURCE_SIZE,
    default_word_source,
    dictionary_import_default,
)
from tests.factories import DictionaryFactory

SMALL_SOURCE = ["ally", "beta", "cool", "hangman"]


@pytest.fixture
def small_web2(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """Stands in for the 210,768 words where the count does not matter (SQLite is slow)."""
    monkeypatch.setattr(services, "default_word_source", lambda: list(SMALL_SOURCE))
    return SMALL_SOURCE


def test_the_word_source_is_web2_lowercase_a_to_z() -> None:
    words = default_word_source()
    assert len(words) == DEFAULT_WORD_SOURCE_SIZE == 210_768
    assert words == sorted(set(words))
    assert all(word.isascii() and word.isalpha() and word.islower() for word in words)
    assert {"hangman", "evil", "a"} <= set(words)


@pytest.mark.django_db
def test_the_default_is_imported_once(small_web2: list[str]) -> None:
    first = dictionary_import_default()
    assert first.created
    dictionary = Dictionary.objects.get()
    assert dictionary.name == DEFAULT_DICTIONARY_NAME
    assert dictionary.is_default
    assert dictionary.word_count == len(small_web2)

    second = dictionary_import_default()
    assert not second.created
    assert second.report is None
    assert second.dictionary == dictionary
    assert Dictionary.objects.count() == 1
    assert Word.objects.count() == len(small_web2)


@pytest.mark.django_db
def test_the_default_does_not_take_over_a_chosen_default(small_web2: list[str]) -> None:
    chosen = DictionaryFactory(is_default=True, words=["ally"])
    result = dictionary_import_default()
    assert result.created
    assert not result.dictionary.is_default
    chosen.refresh_from_db()
    assert chosen.is_default


@pytest.mark.django_db
def test_the_default_is_found_even_when_no_longer_the_default(small_web2: list[str]) -> None:
    dictionary_import_default()
    other = DictionaryFactory(words=["beta"])
    services.dictionary_set_default(dictionary=other)
    assert not dictionary_import_default().created
    assert Dictionary.objects.count() == 2


@pytest.mark.django_db
def test_the_real_web2_list_imports_whole() -> None:
    """The one test that stores all 210,768 words but the 108 on the English blocklist."""
    result = dictionary_import_default()
    assert result.report is not None
    assert result.report.accepted == DEFAULT_WORD_SOURCE_SIZE - 108
    assert (result.report.duplicates, result.report.rejected, result.report.blocked) == (0, 0, 108)
    assert not result.dictionary.words.filter(text__in=["nigger", "bitch"]).exists()
    dictionary = result.dictionary
    assert dictionary.word_count == Word.objects.filter(dictionary=dictionary).count()
    counts = dictionary_length_counts(dictionary_id=dictionary.pk)
    assert counts == result.report.counts_by_length
    assert sum(counts.values()) == DEFAULT_WORD_SOURCE_SIZE - 108
    assert counts[1] == 26
    assert max(counts) == 28
