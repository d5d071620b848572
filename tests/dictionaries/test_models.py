"""The database itself keeps words lower-case a-z, unique, with the right length."""

from __future__ import annotations

import pytest
from django.db import IntegrityError, transaction

from dictionaries.models import Dictionary, Word
from tests.factories import DictionaryFactory

pytestmark = pytest.mark.django_db


def store_word(dictionary: Dictionary, text: str, length: int | None = None) -> Word:
    return Word.objects.create(
        dictionary=dictionary, text=text, length=len(text) if length is None else length
    )


def test_a_valid_word_is_stored() -> None:
    dictionary = DictionaryFactory()
    store_word(dictionary, "hangman")
    assert list(dictionary.words.values_list("text", "length")) == [("hangman", 7)]


def test_a_word_is_unique_within_its_dictionary() -> None:
    dictionary = DictionaryFactory()
    store_word(dictionary, "beta")
    with pytest.raises(IntegrityError), transaction.atomic():
        store_word(dictionary, "beta")


def test_the_same_word_may_be_in_two_dictionaries() -> None:
    first, second = DictionaryFactory(), DictionaryFactory()
    store_word(first, "beta")
    store_word(second, "beta")
    assert Word.objects.filter(text="beta").count() == 2


@pytest.mark.parametrize("stored_length", [0, 3, 5])
def test_the_length_must_match_the_text(stored_length: int) -> None:
    dictionary = DictionaryFactory()
    with pytest.raises(IntegrityError), transaction.atomic():
        store_word(dictionary, "beta", length=stored_length)


@pytest.mark.parametrize(
    "text",
    ["Beta", "BETA", "be1a", "be-a", "be a", "be'a", ""],
    ids=["capital", "upper", "digit", "hyphen", "space", "apostrophe", "empty"],
)
def test_no_word_holds_capitals_digits_or_punctuation(text: str) -> None:
    dictionary = DictionaryFactory()
    with pytest.raises(IntegrityError), transaction.atomic():
        store_word(dictionary, text)


@pytest.mark.parametrize("text", ["café", "niño", "straße", "слово"])
def test_words_of_other_alphabets_are_stored(text: str) -> None:
    store_word(DictionaryFactory(), text)


def test_at_most_one_dictionary_is_the_default() -> None:
    DictionaryFactory(is_default=True)
    DictionaryFactory(is_default=False)
    with pytest.raises(IntegrityError), transaction.atomic():
        DictionaryFactory(is_default=True)


def test_the_default_dictionary_cannot_be_hidden() -> None:
    with pytest.raises(IntegrityError), transaction.atomic():
        DictionaryFactory(is_default=True, is_hidden=True)


def test_names_and_slugs_are_unique() -> None:
    DictionaryFactory(name="Scrabble", slug="scrabble")
    with pytest.raises(IntegrityError), transaction.atomic():
        DictionaryFactory(name="Scrabble", slug="scrabble-2")
    with pytest.raises(IntegrityError), transaction.atomic():
        DictionaryFactory(name="Scrabble 2", slug="scrabble")


def test_deleting_a_dictionary_deletes_its_words() -> None:
    dictionary = DictionaryFactory(words=["ally", "beta"])
    dictionary.delete()
    assert not Word.objects.exists()
