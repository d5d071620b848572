"""`manage.py play` names its word source with a correctly pluralised count."""

from __future__ import annotations

from pathlib import Path

import pytest

from games.management.commands.play import database_source, file_source
from tests.factories import DictionaryFactory


def test_a_file_of_one_word_says_one_word(tmp_path: Path) -> None:
    path = tmp_path / "one.txt"
    path.write_text("ally\n", encoding="utf-8")
    assert file_source(str(path), warn=print).description == f"{path} (1 word)"


def test_a_file_of_several_words_says_words(tmp_path: Path) -> None:
    path = tmp_path / "two.txt"
    path.write_text("ally\nbeta\n", encoding="utf-8")
    assert file_source(str(path), warn=print).description == f"{path} (2 words)"


@pytest.mark.django_db
def test_a_dictionary_of_one_word_says_one_word() -> None:
    DictionaryFactory(name="Solo", slug="solo", words=["ally"])
    assert database_source("Solo").description == "dictionary 'Solo' (1 word)"
