"""dictionary_import in other languages: letters of any alphabet, case and accents by the
list's language, one script a list, spellings that play alike merged, wordfreq's counts."""

from __future__ import annotations

import time
import unicodedata
from typing import Any

import pytest
from django.conf import settings

from dictionaries.frequency import zipf_of
from dictionaries.languages import FOLD, KEEP, MAX_ALPHABET, alphabet_for, language, script_of
from dictionaries.models import Dictionary, Word
from dictionaries.services import ImportReport, dictionary_import
from dictionaries.wordfiles import DictionaryImportError

pytestmark = pytest.mark.django_db

RUSSIAN_ALPHABET = "абвгдеёжзийклмнопрстуфхцчшщъыьэюя"


def import_lines(*lines: str, name: str = "Words", **kwargs: Any) -> ImportReport:
    return dictionary_import(name=name, source="\n".join(lines).encode(), **kwargs)


def rows(report: ImportReport) -> dict[str, str]:
    """Each stored word's play form and its display form (blank when the same)."""
    return dict(report.dictionary.words.order_by("text").values_list("text", "display"))


def refusal(*lines: str, **kwargs: Any) -> DictionaryImportError:
    with pytest.raises(DictionaryImportError) as caught:
        import_lines(*lines, **kwargs)
    assert not Dictionary.objects.exists()
    assert not Word.objects.exists()
    return caught.value


# --- Spanish: ñ is a letter of its own; accents kept or folded ----------------------------


def test_spanish_kept_accents_are_letters_of_their_own() -> None:
    report = import_lines("Canción", "NIÑO", "árbol", "arbol", language_tag="es", accents=KEEP)
    assert rows(report) == {"arbol": "", "canción": "", "niño": "", "árbol": ""}
    dictionary = report.dictionary
    assert (dictionary.language, dictionary.accents) == ("es", KEEP)
    # Spanish letters in their order, then á after a and ó after o.
    assert dictionary.alphabet == "aábcdefghijklmnñoópqrstuvwxyz"
    assert report.merged == 0


def test_spanish_folded_plays_without_accents_and_shows_them() -> None:
    report = import_lines("canción", "NIÑO", "pingüino", "mesa", language_tag="es")
    assert report.accents == FOLD  # Spanish's usual rule
    assert rows(report) == {
        "cancion": "canción",
        "mesa": "",
        "niño": "",  # ñ never folds
        "pinguino": "pingüino",
    }
    assert report.dictionary.alphabet == "abcdefghijklmnñopqrstuvwxyz"


def test_spellings_that_fold_alike_are_merged_keeping_the_most_frequent() -> None:
    # "si" (if) and "sí" (yes) both play as "si": wordfreq says which is kept (a tie: "si",
    # first in alphabetical order).
    zipf_if, zipf_yes = zipf_of(["si", "sí"], language="es")
    expected = "si" if zipf_if >= zipf_yes else "sí"
    report = import_lines("sí", "si", "Sí", "mesa", language_tag="es")
    assert report.merged == 1
    assert report.duplicates == 1  # "Sí" is "sí" again
    assert report.accepted == 2
    assert rows(report)["si"] == ("" if expected == "si" else "sí")
    assert report.as_json()["merged"] == 1


def test_spanish_words_have_spanish_frequencies() -> None:
    report = import_lines("casa", "canción", "zzzqx", language_tag="es")
    zipf = dict(report.dictionary.words.values_list("text", "zipf"))
    assert zipf["casa"] > 4.5  # a common Spanish word
    assert zipf["cancion"] > 3.5  # counted as written, "canción"
    assert zipf["zzzqx"] == 0
    assert report.dictionary.has_frequencies
    assert report.warnings == ()


# --- French, German, Russian ---------------------------------------------------------------


def test_french_folds_capitals_accents_and_ligatures() -> None:
    report = import_lines("ÉCOLE", "œuvre", "Garçon", "forêt", language_tag="fr")
    assert rows(report) == {
        "ecole": "école",
        "foret": "forêt",
        "garcon": "garçon",
        "oeuvre": "œuvre",
    }
    assert report.dictionary.alphabet == "abcdefghijklmnopqrstuvwxyz"
    assert report.counts_by_length == {5: 2, 6: 2}


def test_german_keeps_sharp_s_a_letter_shown_as_capital_sharp_s() -> None:
    report = import_lines("Straße", "MÄDCHEN", "über", language_tag="de")
    assert report.accents == KEEP  # German's usual rule
    assert rows(report) == {"mädchen": "", "straße": "", "über": ""}
    alphabet = report.dictionary.alphabet
    assert alphabet == "abcdefghijklmnopqrstuvwxyzäöüß"
    assert language("de").upper_letter("ß") == "ẞ"  # one tile, not "SS"
    assert Word.objects.get(text="straße").length == 6


def test_russian_plays_its_33_letters_with_yo() -> None:
    report = import_lines("Ёлка", "МЕДВЕДЬ", "объём", "щи", language_tag="ru")
    assert report.accents == KEEP
    assert rows(report) == {"медведь": "", "объём": "", "щи": "", "ёлка": ""}
    assert report.dictionary.alphabet == RUSSIAN_ALPHABET
    assert len(report.dictionary.alphabet) == 33
    assert report.dictionary.has_frequencies


# --- words in another script: refused line by line, unless most of the list is -------------


def test_a_cyrillic_word_in_a_latin_list_is_refused_on_its_line() -> None:
    report = import_lines("hello", "world", "привет", "мир", language_tag="en")
    assert rows(report) == {"hello": "", "world": ""}
    assert [(line.number, line.reason) for line in report.rejected_lines] == [
        (3, "is in Cyrillic letters; the list is in Latin"),
        (4, "is in Cyrillic letters; the list is in Latin"),
    ]
    [group] = report.dictionary.import_report["refused"]
    assert group == {
        "code": "other_script",
        "count": 2,
        "examples": ["привет", "мир"],
        "script": "Cyrl",
    }


def test_a_list_mostly_not_in_its_languages_script_is_refused() -> None:
    error = refusal("привет", "мир", "mesa", language_tag="es")
    assert error.code == "wrong_script"
    assert error.message.startswith(
        "Most of the words are in Cyrillic letters (2 of 3), but Spanish is written in Latin "
        "letters"
    )


def test_a_word_of_two_scripts_is_named_as_such() -> None:
    report = import_lines("hello", "hеllo", language_tag="en")  # a Cyrillic е inside
    assert rows(report) == {"hello": ""}
    assert report.rejected_lines[0].reason == "mixes Cyrillic and Latin letters in one word"


def test_an_unknown_language_takes_the_majority_script() -> None:
    report = import_lines("saluton", "mondo", "καλημέρα", language_tag="eo")
    assert rows(report) == {"mondo": "", "saluton": ""}
    assert report.script == "Latn"
    assert report.refused[0].params == {"script": "Grek"}


def test_a_list_with_no_majority_script_is_refused() -> None:
    error = refusal("saluton", "привет", "καλημέρα", language_tag="eo")
    assert error.code == "mixed_scripts"
    assert "No one script holds most of the words" in error.message


def test_an_alphabet_over_the_limit_is_refused() -> None:
    letters = [c for c in map(chr, range(0x250, 0x2B0)) if c.isalpha()][: MAX_ALPHABET + 1]
    error = refusal(*letters, language_tag="xx")
    assert error.code == "alphabet_too_large"
    assert f"{MAX_ALPHABET + 1} different letters" in error.message


HAN = [
    chr(code)
    for code in range(0x3400, 0x30000)
    if unicodedata.category(chr(code)) == "Lo" and script_of(chr(code)) == "HAN"
]


def han_words(size: int) -> bytes:
    """A word file of about ``size`` bytes: eight-letter words cycling through every Han letter
    (88,928 of them), so a few hundred KB already holds tens of thousands of letters."""
    lines, total, count = [], 0, len(HAN)
    while total < size:
        index = len(lines)
        word = "".join(HAN[(index * 7 + k * 13) % count] for k in range(8))
        lines.append(word)
        total += len(word.encode()) + 1
    return "\n".join(lines).encode()


def cpu_to_refuse(data: bytes) -> tuple[float, DictionaryImportError]:
    started = time.process_time()
    with pytest.raises(DictionaryImportError) as refused:
        dictionary_import(name="Han", source=data, language_tag="zh")
    return time.process_time() - started, refused.value


def test_the_alphabet_is_built_in_linear_time() -> None:
    """Four times the letters cost about four times the CPU, not sixteen (each letter was
    inserted into a list: 30,000 letters took 165 s of a worker); best of three runs."""

    def cost(letters: int) -> float:
        words = HAN[:letters]
        runs = []
        for _ in range(3):
            started = time.process_time()
            assert len(alphabet_for(words, language("zh"))) == letters
            runs.append(time.process_time() - started)
        return min(runs)

    assert cost(20_000) / cost(5_000) < 9


def test_many_letters_are_refused_within_seconds() -> None:
    """The red team's upload, 270 KB of some 30,000 letters: 23 s of CPU before the fix."""
    cpu, error = cpu_to_refuse(han_words(270_000))
    assert error.code == "unplayable_script"  # refused for its script before its letters
    assert cpu < 5, cpu
    assert not Dictionary.objects.exists()


@pytest.mark.slow
def test_an_upload_as_large_as_allowed_of_different_letters_is_refused_within_seconds() -> None:
    """20 MB (every Han letter, many times over): about 5 s of CPU on a 2-core machine."""
    data = han_words(settings.DICTIONARY_UPLOAD_MAX_BYTES - 64)
    cpu, error = cpu_to_refuse(data)
    assert error.code == "unplayable_script"
    assert error.message.startswith("The words are in Han, whose characters stand for syllables")
    assert cpu < 30, cpu
    assert not Dictionary.objects.exists()


def test_letters_outside_the_language_follow_their_base_letter() -> None:
    """ǻ and á after a (in code point order), then b; with no alphabet of the language's own,
    the letters in their order."""
    assert alphabet_for(["ǻ", "á"], language("en")).startswith("aáǻb")
    assert alphabet_for(["þá"], language("xx")) == "áþ"


@pytest.mark.parametrize("tag", ["", "e", "español", "es_MX!", "x" * 40])
def test_a_bad_language_tag_is_refused(tag: str) -> None:
    error = refusal("mesa", language_tag=tag)
    assert (error.code, error.field) == ("language_invalid", "language")


# --- lines refused one by one, in any language -------------------------------------------------


@pytest.mark.parametrize(
    ("line", "reason"),
    [
        ("año2", "contains the digit '2'"),
        ("arco-iris", "contains '-' (U+002D), which is not a letter"),
        ("l'été", 'contains "\'" (U+0027), which is not a letter'),
        ("aujourd’hui", "contains '’' (U+2019), which is not a letter"),
        ("buenos días", "has a space inside"),
    ],
)
def test_a_line_with_anything_but_letters_is_refused_alone(line: str, reason: str) -> None:
    report = import_lines("mesa", line, "niño", language_tag="es")
    assert rows(report) == {"mesa": "", "niño": ""}
    [rejected] = report.rejected_lines
    assert (rejected.number, rejected.text) == (2, line)
    assert rejected.reason.startswith(reason)


def test_a_file_of_refused_lines_only_stores_nothing() -> None:
    error = refusal("año2", "arco-iris", language_tag="es")
    assert error.code == "no_words"


# --- a language wordfreq does not count --------------------------------------------------------


@pytest.mark.parametrize("tag", ["eo", "xx"])
def test_a_language_without_frequencies_imports_with_zipf_0_and_a_warning(tag: str) -> None:
    report = import_lines("saluton", "mondo", "ĉevalo", language_tag=tag)
    dictionary = Dictionary.objects.get()
    assert not dictionary.has_frequencies
    assert set(dictionary.words.values_list("zipf", flat=True)) == {0.0}
    [warning] = report.warnings
    assert warning.startswith(f"wordfreq has no {tag}: every word has Zipf 0")
    assert "obscure" in warning
    assert dictionary.import_report["warnings"] == [warning]
    assert dictionary.import_report["has_frequencies"] is False
    # Nothing folds in a language the site does not know; ĉ is a letter of the list.
    assert "ĉ" in dictionary.alphabet
    assert rows(report)["ĉevalo"] == ""


def test_a_list_keeps_its_letters_commonest_first_and_whether_any_word_is_written_otherwise() -> (
    None
):
    # Esperanto has no keyboard in the registry: its board's keys are the commonest first.
    report = import_lines("saluton", "mondo", "domo", language_tag="eo")
    order = report.dictionary.key_order
    assert sorted(order) == sorted(report.dictionary.alphabet)
    assert order[0] == "o"  # in all three words
    assert not report.dictionary.has_written_forms
    folded = import_lines("canción", "perro", name="Spanish", language_tag="es")
    assert folded.dictionary.has_written_forms
