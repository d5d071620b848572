"""The word bank: two queries per (dictionary, length) per process (the words, the alphabet),
then memory, within a bound."""

from __future__ import annotations

import gc
import itertools
import sys
from typing import Any

import numpy as np
import pytest

from dictionaries import wordbank
from dictionaries.models import ENGLISH_ALPHABET, Word
from dictionaries.wordbank import (
    EmptyBucketError,
    clear_word_bank,
    estimated_bytes,
    get_lexicon,
    lexicon_base_bytes,
    measured_table_bytes,
    predicted_table_bytes,
    word_bank_stats,
)
from games.engine import Lexicon
from games.engine.search import search_tables
from tests.conftest import NINE_WORDS
from tests.engine.alphabets import RUSSIAN, russian_words
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
    with django_assert_num_queries(2):
        first = get_lexicon(dictionary_id=nine_words, length=4)
    with django_assert_num_queries(0):
        second = get_lexicon(dictionary_id=nine_words, length=4)
    assert second is first
    stats = word_bank_stats()
    assert (stats["hits"], stats["misses"], stats["size"]) == (1, 1, 1)


def test_each_length_is_its_own_entry(nine_words: int, django_assert_num_queries: Any) -> None:
    with django_assert_num_queries(4):
        four = get_lexicon(dictionary_id=nine_words, length=4)
        seven = get_lexicon(dictionary_id=nine_words, length=7)
    assert four is not seven
    assert list(seven.words) == ["hangman"]
    assert word_bank_stats()["size"] == 2


def test_each_dictionary_is_its_own_entry(nine_words: int) -> None:
    other = DictionaryFactory(words=["ally", "zany"]).pk
    assert list(get_lexicon(dictionary_id=other, length=4).words) == ["ally", "zany"]
    assert len(get_lexicon(dictionary_id=nine_words, length=4).words) == 10


def test_the_least_recently_used_entry_is_evicted_past_the_bound_in_bytes(
    nine_words: int, settings: Any, django_assert_num_queries: Any
) -> None:
    sizes = {}
    for length in (3, 4, 7):
        get_lexicon(dictionary_id=nine_words, length=length)
        sizes[length] = word_bank_stats()["bytes"] - sum(sizes.values())
    clear_word_bank()
    # Room for 3 beside either of the others, not for all three.
    settings.LEXICON_CACHE_MB = (sizes[3] + max(sizes[4], sizes[7])) / 2**20
    get_lexicon(dictionary_id=nine_words, length=3)
    get_lexicon(dictionary_id=nine_words, length=4)
    get_lexicon(dictionary_id=nine_words, length=3)  # now 4 is the least recently used
    get_lexicon(dictionary_id=nine_words, length=7)  # evicts 4
    stats = word_bank_stats()
    assert (stats["size"], stats["evictions"]) == (2, 1)
    assert stats["bytes"] == sizes[3] + sizes[7] <= stats["limit_bytes"]
    with django_assert_num_queries(0):
        get_lexicon(dictionary_id=nine_words, length=3)
        get_lexicon(dictionary_id=nine_words, length=7)
    with django_assert_num_queries(2):
        get_lexicon(dictionary_id=nine_words, length=4)
    assert word_bank_stats()["bytes"] <= word_bank_stats()["limit_bytes"]


def test_a_lexicon_bigger_than_the_bound_is_served_and_not_kept(
    nine_words: int, settings: Any, django_assert_num_queries: Any
) -> None:
    settings.LEXICON_CACHE_MB = 0
    with django_assert_num_queries(4):
        first = get_lexicon(dictionary_id=nine_words, length=4)
        again = get_lexicon(dictionary_id=nine_words, length=4)
    assert list(first.words) == list(again.words)
    assert word_bank_stats()["size"] == 0


def test_a_lexicon_is_charged_its_measured_bytes_and_its_search_tables() -> None:
    words = ["".join(letters) for letters in itertools.product("abcdefghij", repeat=5)]
    lexicon = Lexicon(words)
    arrays = lexicon._word_array.nbytes + sum(codes.nbytes for codes in lexicon.codes)
    strings = len(words) * sys.getsizeof(words[0])
    base = lexicon_base_bytes(lexicon)
    assert arrays + strings < base < (arrays + strings) * 1.2
    predicted = predicted_table_bytes(lexicon)
    assert measured_table_bytes(lexicon) is None  # not built yet
    tables = search_tables(lexicon)
    built = sum(value.nbytes for value in vars(tables).values() if isinstance(value, np.ndarray))
    assert tables.family_ids.nbytes <= predicted
    assert built <= measured_table_bytes(lexicon) <= predicted * 1.5


def test_the_estimate_before_building_is_close_to_the_charge_after() -> None:
    words = ["".join(letters) for letters in itertools.product("abcdefghij", repeat=5)]
    lexicon = Lexicon(words)
    charged = lexicon_base_bytes(lexicon) + predicted_table_bytes(lexicon)
    assert 0.9 * charged <= estimated_bytes(len(words), 5, lexicon.alphabet) <= charged


def test_room_is_made_before_a_lexicon_is_built(
    nine_words: int, settings: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The evicted lexicons are gone while the new one is built: never both in memory."""
    get_lexicon(dictionary_id=nine_words, length=4)
    settings.LEXICON_CACHE_MB = word_bank_stats()["bytes"] / 2**20  # room for one
    sizes_while_building: list[int] = []
    real = wordbank.Lexicon

    def building(words: Any, alphabet: str | None = None) -> Lexicon:
        sizes_while_building.append(word_bank_stats()["size"])
        return real(words, alphabet)

    monkeypatch.setattr(wordbank, "Lexicon", building)
    get_lexicon(dictionary_id=nine_words, length=7)
    assert sizes_while_building == [0]
    assert word_bank_stats()["size"] == 1


def test_room_is_made_for_the_temporaries_of_a_build_too(
    nine_words: int, settings: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A build holds about its weight again until it ends: room is made for both."""
    get_lexicon(dictionary_id=nine_words, length=4)
    kept = word_bank_stats()["bytes"]
    sevens = Word.objects.filter(dictionary_id=nine_words, length=7).count()
    # The old lexicon and the new one would fit, the old one and a build's peak would not.
    settings.LEXICON_CACHE_MB = (kept + 1.5 * estimated_bytes(sevens, 7, ENGLISH_ALPHABET)) / 2**20
    sizes_while_building: list[int] = []
    real = wordbank.Lexicon

    def building(words: Any, alphabet: str | None = None) -> Lexicon:
        sizes_while_building.append(word_bank_stats()["size"])
        return real(words, alphabet)

    monkeypatch.setattr(wordbank, "Lexicon", building)
    get_lexicon(dictionary_id=nine_words, length=7)
    assert sizes_while_building == [0]


def test_tables_built_after_caching_are_charged_on_the_next_use(nine_words: int) -> None:
    lexicon = get_lexicon(dictionary_id=nine_words, length=4)
    before = word_bank_stats()["bytes"]
    search_tables(lexicon).exact_values.update({i.to_bytes(40, "big"): (i, i) for i in range(1000)})
    get_lexicon(dictionary_id=nine_words, length=4)
    assert word_bank_stats()["bytes"] > before + 1000 * 40


def test_a_length_without_words_is_an_empty_bucket(nine_words: int) -> None:
    with pytest.raises(EmptyBucketError, match="no word of length 5"):
        get_lexicon(dictionary_id=nine_words, length=5)
    with pytest.raises(EmptyBucketError):
        get_lexicon(dictionary_id=nine_words + 1000, length=4)
    assert word_bank_stats()["size"] == 0


def test_an_evicted_lexicon_is_freed_without_waiting_for_the_cycle_collector(
    nine_words: int, settings: Any
) -> None:
    """Its search tables point back at it: the eviction drops them, so refcounts free it."""
    settings.LEXICON_CACHE_MB = 1
    lexicon = get_lexicon(dictionary_id=nine_words, length=4)
    assert search_tables(lexicon).lexicon is lexicon
    assert word_bank_stats()["size"] == 1
    settings.LEXICON_CACHE_MB = 0
    get_lexicon(dictionary_id=nine_words, length=3)  # evicts 4
    assert word_bank_stats()["evictions"] == 1
    assert lexicon.search_cache == {}
    assert len(gc.get_referrers(lexicon)) <= 1  # this frame's reference, no cycle left


def test_a_lexicon_plays_its_dictionary_s_alphabet(nine_words: int) -> None:
    words = list(russian_words(5))
    dictionary = DictionaryFactory(words=words, alphabet=RUSSIAN)
    lexicon = get_lexicon(dictionary_id=dictionary.pk, length=5)
    assert lexicon.alphabet == RUSSIAN
    assert len(lexicon.codes) == 33
    assert get_lexicon(dictionary_id=nine_words, length=4).alphabet == ENGLISH_ALPHABET


def test_other_alphabets_are_charged_their_wider_strings() -> None:
    lexicon = Lexicon(russian_words(7), alphabet=RUSSIAN)
    strings = sum(sys.getsizeof(word) for word in lexicon.words)
    assert strings > len(lexicon) * sys.getsizeof("a" * 7)  # two bytes a letter
    arrays = lexicon._word_array.nbytes + sum(codes.nbytes for codes in lexicon.codes)
    assert arrays + strings < lexicon_base_bytes(lexicon)
    assert predicted_table_bytes(lexicon) >= 33 * len(lexicon) * 4
    charged = lexicon_base_bytes(lexicon) + predicted_table_bytes(lexicon)
    assert 0.8 * charged <= estimated_bytes(len(lexicon), 7, RUSSIAN) <= charged
