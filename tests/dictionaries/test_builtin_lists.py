"""The built-in familiar lists in Spanish, French and German: dictionary words, shipped as data."""

from __future__ import annotations

import io
from pathlib import Path

import pytest
from django.core.management import CommandError, call_command

from dictionaries.builtin_build import SOURCES
from dictionaries.builtin_lists import built_in_words
from dictionaries.frequency import zipf_of
from dictionaries.languages import FOLD, KEEP, language
from dictionaries.models import Dictionary
from tests.factories import DictionaryFactory


def run(*args: str) -> str:
    stdout = io.StringIO()
    call_command("import_dictionary", *args, "--no-progress", stdout=stdout, stderr=io.StringIO())
    return stdout.getvalue()


@pytest.mark.parametrize(("code", "present"), [("es", "canción"), ("fr", "œuvre"), ("de", "über")])
def test_a_built_in_list_is_the_languages_frequent_words_in_its_letters(
    code: str, present: str
) -> None:
    words = built_in_words(code)
    assert words == sorted(set(words))
    assert 15_000 < len(words) < 45_000
    assert present in words
    letters = set(language(code).letters + SOURCES[code].marks)
    assert all(set(word) <= letters for word in words)  # no digits, apostrophes, other scripts
    sample = words[:: len(words) // 200]
    assert min(zipf_of(sample, language=code)) >= SOURCES[code].zipf


@pytest.mark.parametrize(
    ("code", "absent"),
    [
        # ("estonia", the adjective, and "carrillo", cheek, are Spanish words.)
        ("es", ["dávila", "valerio", "herzog", "review", "broker", "maricón", "marica", "puta"]),
        ("fr", ["collomb", "nègre", "pédé"]),
        ("de", ["strasse", "utrecht", "nielsen", "eckardt", "pioneer", "neger", "schwuchtel"]),
    ],
)
def test_names_english_misspellings_and_blocked_words_are_out(code: str, absent: list[str]) -> None:
    """The examples of issue 38: names, English words, "strasse", slurs."""
    assert not set(absent) & set(built_in_words(code))


def test_german_is_written_with_its_eszett() -> None:
    words = set(built_in_words("de"))
    assert {"straße", "groß", "heiß", "saßen"} <= words
    assert sum("ß" in word for word in words) > 400


def test_every_length_from_3_to_15_has_words_to_play() -> None:
    for code in SOURCES:
        lengths = {length: 0 for length in range(3, 16)}
        for word in built_in_words(code):
            if len(word) in lengths:
                lengths[len(word)] += 1
        assert min(lengths.values()) >= 100, (code, lengths)


@pytest.mark.django_db
def test_default_with_a_language_imports_its_built_in_list_once() -> None:
    DictionaryFactory(is_default=True, name="Chosen")
    output = run("--default", "--language", "es", "--no-par")
    spanish = Dictionary.objects.get(slug="spanish-familiar")
    assert spanish.name == "Spanish (familiar)"
    assert (spanish.language, spanish.accents, spanish.has_frequencies) == ("es", FOLD, True)
    assert spanish.alphabet == "abcdefghijklmnñopqrstuvwxyz"
    assert not spanish.is_hidden  # offered
    assert not spanish.is_default  # never the default
    assert spanish.words.filter(text="cancion", display="canción").exists()
    assert spanish.import_report["merged"] > 0  # "si" and "sí" play alike, and more
    assert "language es, accents fold" in output
    again = run("--default", "--language", "es", "--no-par")
    assert "Spanish (familiar) is already imported" in again
    assert Dictionary.objects.filter(slug="spanish-familiar").count() == 1


@pytest.mark.django_db
def test_the_german_list_keeps_its_umlauts() -> None:
    run("--default", "--language", "de", "--no-par")
    german = Dictionary.objects.get(slug="german-familiar")
    assert german.accents == KEEP
    assert german.alphabet == "abcdefghijklmnopqrstuvwxyzäöüß"
    assert german.words.filter(text="über", display="").exists()


@pytest.mark.django_db
def test_a_language_without_a_built_in_list_is_a_command_error() -> None:
    with pytest.raises(CommandError, match="There is no built-in list in 'ru'"):
        run("--default", "--language", "ru")
    assert not Dictionary.objects.exists()


@pytest.mark.django_db
def test_a_file_is_imported_in_the_language_given(tmp_path: Path) -> None:
    path = tmp_path / "ru.txt"
    path.write_text("Ёлка\nкот\n", encoding="utf-8")
    output = run(str(path), "--name", "Russian", "--language", "ru", "--no-par")
    dictionary = Dictionary.objects.get()
    assert (dictionary.language, dictionary.accents, len(dictionary.alphabet)) == ("ru", KEEP, 33)
    assert sorted(dictionary.words.values_list("text", flat=True)) == ["кот", "ёлка"]
    assert "language ru, accents keep" in output


@pytest.mark.django_db
def test_a_file_in_a_language_wordfreq_lacks_warns(tmp_path: Path) -> None:
    path = tmp_path / "eo.txt"
    path.write_text("saluton\nmondo\n", encoding="utf-8")
    output = run(str(path), "--name", "Esperanto", "--language", "eo", "--accents", "fold")
    assert "wordfreq has no eo" in output
    assert Dictionary.objects.get().accents == FOLD
