"""The word bank: one query per (dictionary, length) per process, then memory."""

from __future__ import annotations

from typing import Any

import pytest

from dictionaries.wordbank import EmptyBucketError, get_lexicon, word_bank_stats
from tests.conftest import NINE_WORDS
from tests.factories import DictionaryFactory

pytestmark = pytest.mark.django_db


@pytest.fixture
def nine_words() -> int:
    return DictionaryFactory(words=[*NINE_WORDS, "hangman", "evil", "cat", "dog"]).pk


def test_a_lexicon_holds_the_words_of_one_length(nine_words: int) -> None:
    lexicon = get_lexicon(dictionary_id=nine_words, length=4)
    assert list(lexicon.words) == sorted([*NINE_WORDS, "evil"])
    assert lexicon.length == 4
    assert list(get_lexicon(dictionary_id=nine_words, length=3).words) == ["cat", "dog"]


def test_the_second_call_does_not_query(nine_words: int, django_assert_num_queries: Any) -> None:
    with django_assert_num_queries(1):
        first = get_lexicon(dictionary_id=nine_words, length=4)
    with django_assert_num_queries(0):
        second = get_lexicon(dictionary_id=nine_words, length=4)
    assert second is first
    assert word_bank_stats() == {"hits": 1, "misses": 1, "size": 1}


def test_each_length_is_its_own_entry(nine_words: int, django_assert_num_queries: Any) -> None:
    with django_assert_num_queries(2):
        four = get_lexicon(dictionary_id=nine_words, length=4)
        seven = get_lexicon(dictionary_id=nine_words, length=7)
    assert four is not seven
    assert list(seven.words) == ["hangman"]
    assert word_bank_stats()["size"] == 2


def test_each_dictionary_is_its_own_entry(nine_words: int) -> None:
    other = DictionaryFactory(words=["ally", "zany"]).pk
    assert list(get_lexicon(dictionary_id=other, length=4).words) == ["ally", "zany"]
    assert len(get_lexicon(dictionary_id=nine_words, length=4).words) == 10


def test_the_least_recently_used_entry_is_evicted(
    nine_words: int, settings: Any, django_assert_num_queries: Any
) -> None:
    settings.WORD_BANK_CACHE_SIZE = 2
    get_lexicon(dictionary_id=nine_words, length=3)
    get_lexicon(dictionary_id=nine_words, length=4)
    get_lexicon(dictionary_id=nine_words, length=3)  # now 4 is the least recently used
    get_lexicon(dictionary_id=nine_words, length=7)  # evicts 4
    assert word_bank_stats()["size"] == 2
    with django_assert_num_queries(0):
        get_lexicon(dictionary_id=nine_words, length=3)
        get_lexicon(dictionary_id=nine_words, length=7)
    with django_assert_num_queries(1):
        get_lexicon(dictionary_id=nine_words, length=4)


def test_a_length_without_words_is_an_empty_bucket(nine_words: int) -> None:
    with pytest.raises(EmptyBucketError, match="no word of length 5"):
        get_lexicon(dictionary_id=nine_words, length=5)
    with pytest.raises(EmptyBucketError):
        get_lexicon(dictionary_id=nine_words + 1000, length=4)
    assert word_bank_stats()["size"] == 0
