"""Hiding, choosing the default, relabelling and deleting: what games rely on stays put."""

from __future__ import annotations

import pytest

from dictionaries.models import Dictionary, Word
from dictionaries.selectors import dictionary_in_use
from dictionaries.services import (
    DictionaryChangeError,
    dictionary_delete,
    dictionary_set_default,
    dictionary_set_hidden,
    dictionary_update,
)
from tests.factories import DictionaryFactory, GameFactory

pytestmark = pytest.mark.django_db


def update(dictionary: Dictionary, **changes: object) -> Dictionary:
    values = {
        "name": dictionary.name,
        "description": dictionary.description,
        "is_hidden": dictionary.is_hidden,
        "is_default": dictionary.is_default,
        **changes,
    }
    return dictionary_update(dictionary=dictionary, **values)  # type: ignore[arg-type]


def test_set_default_moves_the_flag() -> None:
    old, new = DictionaryFactory(is_default=True), DictionaryFactory()
    dictionary_set_default(dictionary=new)
    assert list(Dictionary.objects.filter(is_default=True)) == [new]
    old.refresh_from_db()
    assert not old.is_default


def test_a_hidden_dictionary_cannot_become_the_default() -> None:
    hidden = DictionaryFactory(is_hidden=True)
    with pytest.raises(DictionaryChangeError, match="hidden from new games"):
        dictionary_set_default(dictionary=hidden)
    hidden.refresh_from_db()
    assert not hidden.is_default


def test_hide_and_show() -> None:
    dictionary = DictionaryFactory()
    assert dictionary_set_hidden(dictionary=dictionary, hidden=True).is_hidden
    assert not dictionary_set_hidden(dictionary=dictionary, hidden=False).is_hidden


def test_the_default_cannot_be_hidden() -> None:
    default = DictionaryFactory(is_default=True)
    with pytest.raises(DictionaryChangeError, match="default dictionary cannot be hidden"):
        dictionary_set_hidden(dictionary=default, hidden=True)
    default.refresh_from_db()
    assert not default.is_hidden


def test_an_in_use_dictionary_can_be_hidden_but_not_relabelled() -> None:
    dictionary = DictionaryFactory(name="Played", words=["ally"])
    GameFactory(dictionary=dictionary)
    assert dictionary_in_use(dictionary=dictionary)
    assert dictionary_set_hidden(dictionary=dictionary, hidden=True).is_hidden
    for change in ({"name": "Renamed"}, {"description": "New text"}):
        with pytest.raises(DictionaryChangeError, match="used by games"):
            update(dictionary, **change)
    dictionary.refresh_from_db()
    assert (dictionary.name, dictionary.description) == ("Played", "")


def test_an_unused_dictionary_can_be_relabelled() -> None:
    dictionary = DictionaryFactory(name="Draft")
    assert not dictionary_in_use(dictionary=dictionary)
    updated = update(dictionary, name="  Final   name ", description=" Checked ")
    assert (updated.name, updated.description) == ("Final name", "Checked")


@pytest.mark.parametrize("name", ["", "   ", "x" * 101])
def test_a_bad_new_name_is_refused(name: str) -> None:
    dictionary = DictionaryFactory(name="Draft")
    with pytest.raises(DictionaryChangeError, match="name of 1 to 100"):
        update(dictionary, name=name)


def test_a_taken_new_name_is_refused() -> None:
    DictionaryFactory(name="Taken")
    dictionary = DictionaryFactory(name="Draft")
    with pytest.raises(DictionaryChangeError, match="already exists"):
        update(dictionary, name="TAKEN")


def test_an_in_use_dictionary_cannot_be_deleted() -> None:
    dictionary = DictionaryFactory(words=["ally"])
    GameFactory(dictionary=dictionary)
    with pytest.raises(DictionaryChangeError, match="hide it instead"):
        dictionary_delete(dictionary=dictionary)
    assert Word.objects.filter(dictionary=dictionary).count() == 1


def test_an_unused_dictionary_is_deleted_with_its_words() -> None:
    dictionary = DictionaryFactory(words=["ally", "beta"])
    dictionary_delete(dictionary=dictionary)
    assert not Dictionary.objects.exists()
    assert not Word.objects.exists()
