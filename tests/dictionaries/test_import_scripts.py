"""Imports that keep what is good (issue 38): real lists with a few strays import, the strays
refused line by line and counted per reason; scripts the board cannot play are refused whole.

The lists are wordfreq's own (installed with the site, no download): the 20,000 most common
words of a language, as an admin would paste them.
"""

from __future__ import annotations

import time
from typing import Any

import pytest
from django.test import Client
from django.urls import reverse
from django.utils import translation
from wordfreq import top_n_list

from dictionaries.languages import language
from dictionaries.models import Dictionary, Word
from dictionaries.refusals import refusal_label
from dictionaries.scripts import RARE_LETTER_WORDS, rare_threshold
from dictionaries.services import ImportReport, dictionary_import
from dictionaries.wordfiles import DictionaryImportError, ParsedWordList, parse_word_file
from tests.factories import UserFactory

pytestmark = pytest.mark.django_db

RUSSIAN_ALPHABET = "абвгдеёжзийклмнопрстуфхцчшщъыьэюя"


def wordfreq_file(tag: str, count: int = 20_000) -> bytes:
    return "\n".join(top_n_list(tag, count)).encode()


def parsed(tag: str) -> ParsedWordList:
    lang = language(tag)
    return parse_word_file(wordfreq_file(tag), lang, lang.default_accents)


def groups(report: ImportReport | ParsedWordList) -> dict[tuple[str, str], dict[str, Any]]:
    refused = report.refused
    return {(group.code, group.params.get("script", "")): group.as_json() for group in refused}


def refused_whole(data: bytes, tag: str) -> DictionaryImportError:
    with pytest.raises(DictionaryImportError) as caught:
        dictionary_import(name="List", source=data, language_tag=tag)
    assert not Dictionary.objects.exists()
    assert not Word.objects.exists()
    return caught.value


# --- the lists -------------------------------------------------------------------------


def test_a_raw_wordfreq_russian_list_imports_with_its_latin_strays_refused_line_by_line() -> None:
    """Refused whole for 317 Latin words before; now 19,653 words pass the script checks
    (320 Latin words refused: "t-shirt" counts as Latin now, not as a line with a hyphen),
    and the Russian blocklist's words among them are left out too."""
    report = dictionary_import(name="Русский", source=wordfreq_file("ru"), language_tag="ru")
    dictionary = report.dictionary
    assert report.blocked > 0
    assert report.accepted == dictionary.word_count == Word.objects.count()
    assert report.accepted + report.blocked == 19_653
    assert dictionary.alphabet == RUSSIAN_ALPHABET  # no key for Ukrainian і
    assert not Word.objects.filter(text__in=["the", "of", "кaк", "і"]).exists()
    found = groups(report)
    latin = found[("other_script", "Latn")]
    assert latin["count"] == 320
    assert latin["examples"] == ["the", "i", "a", "ii", "of"]
    assert found[("other_script", "mixed")]["count"] == 2  # кaк with a Latin a
    assert found[("rare_letter", "")] == {
        "code": "rare_letter",
        "count": 1,
        "examples": ["і"],
        "letters": "і",
        "threshold": 20,
    }
    assert report.rejected == sum(group["count"] for group in found.values()) == 347
    stored = dictionary.import_report
    assert stored["script"] == "Cyrl"
    assert {group["code"] for group in stored["refused"]} == {
        "other_script",
        "not_letters",
        "rare_letter",
    }
    first_latin = next(line for line in report.rejected_lines if line.text == "the")
    assert first_latin.reason == "is in Latin letters; the list is in Cyrillic"


@pytest.mark.parametrize(
    ("tag", "kept", "latin"),
    # Kept: play forms, so final forms (Hebrew ם, Greek ς) and Arabic's hamza seats (أ إ آ
    # play as ا) merge the words that differ by them alone.
    [("el", 17_669, 1_064), ("he", 19_610, 154), ("ar", 19_097, 163)],
)
def test_greek_hebrew_and_arabic_keep_their_words(tag: str, kept: int, latin: int) -> None:
    result = parsed(tag)
    assert len(result.words) == kept
    assert groups(result)[("other_script", "Latn")]["count"] == latin
    assert result.script == {"el": "Grek", "he": "Hebr", "ar": "Arab"}[tag]
    assert all(not word.isascii() for word in result.words)


def test_arabic_drops_the_persian_yeh_a_single_word_uses() -> None:
    result = parsed("ar")
    assert groups(result)[("rare_letter", "")]["letters"] == "ی"
    assert "ی" not in "".join(result.words)


def test_portuguese_ordinal_indicators_are_not_letters() -> None:
    """º and ª were taken for the scripts "Feminine" and "Masculine" and refused the list."""
    result = parsed("pt")
    assert len(result.words) == 19_505
    assert {group.code for group in result.refused} == {"not_letters", "other_script"}
    assert groups(result)[("other_script", "Brai")]["examples"] == ["\u2800"]  # braille blank
    shown = {line.text: line.reason for line in result.rejected_lines}
    assert shown["nº"] == "contains 'º' (U+00BA), which is not a letter"
    assert "º" not in "".join(result.words)
    assert "ª" not in "".join(result.words)


def test_a_hindi_list_is_refused_whole_for_its_script() -> None:
    """Before: "refused" naming Hindi words as strays, yet 781 words kept and offered."""
    error = refused_whole(wordfreq_file("hi"), "hi")
    assert error.code == "unplayable_script"
    assert error.message.startswith(
        "The words are in Devanagari, whose letters combine into syllables"
    )
    assert error.message.endswith("Nothing was imported.")


def test_devanagari_is_refused_with_its_reason_whatever_the_language_chosen() -> None:
    data = "नमस्ते\nदुनिया\nभाषा\n".encode()
    for tag in ("hi", "en", "xx"):
        error = refused_whole(data, tag)
        assert error.code == "unplayable_script"
        assert "Devanagari" in error.message
        assert "combine into syllables" in error.message


@pytest.mark.parametrize(
    ("lines", "script", "why"),
    [
        ("안녕\n세계\n한국어\n", "Hangul", "syllable blocks"),
        ("ありがとう\nこんにちは\nひらがな\n", "Hiragana", "syllables or words"),
        ("食べる\n飲む\n日本語\n", "Han", "syllables or words"),  # kanji with kana
        ("สวัสดี\nภาษา\nไทย\n", "Thai", "combine into syllables"),
    ],
)
def test_scripts_the_board_cannot_play_are_refused_with_a_plain_reason(
    lines: str, script: str, why: str
) -> None:
    error = refused_whole(lines.encode(), "xx")
    assert error.code == "unplayable_script"
    assert f"The words are in {script}," in error.message
    assert why in error.message


def test_a_few_words_of_an_unplayable_script_in_a_latin_list_are_refused_alone() -> None:
    report = dictionary_import(
        name="List", source="mesa\nsilla\nनमस्ते\nperro\n".encode(), language_tag="es"
    )
    assert report.accepted == 3
    assert groups(report)[("other_script", "Deva")]["examples"] == ["नमस्ते"]


# --- rare letters ------------------------------------------------------------------------------


def latin_words(count: int) -> list[str]:
    """``count`` different words of a-z."""
    letters = "abcdefghijklmnopqrstuvwxyz"
    return ["".join(letters[(n // 26**k) % 26] for k in range(4)) + "a" for n in range(count)]


def test_a_letter_a_handful_of_words_use_is_no_key_and_its_words_are_refused() -> None:
    words = latin_words(3_000)  # a key needs 3 words
    data = "\n".join([*words, "caʖe", "ʖoom", "café"]).encode()
    report = dictionary_import(name="List", source=data, language_tag="en", accents="keep")
    assert rare_threshold(3_003) == 4
    assert report.accepted == 3_000
    assert "ʖ" not in report.dictionary.alphabet
    assert "é" not in report.dictionary.alphabet
    group = groups(report)[("rare_letter", "")]
    assert (group["count"], group["letters"]) == (3, "éʖ")
    assert group["examples"] == ["caʖe", "ʖoom", "café"]
    reasons = [line.reason for line in report.rejected_lines]
    assert reasons[0] == (
        "uses 'ʖ' (U+0296), a letter only 2 of the list's 3,003 words use (a key needs 4)"
    )


def test_a_language_s_own_letters_are_never_too_rare() -> None:
    words = latin_words(3_000)
    report = dictionary_import(
        name="List", source="\n".join([*words, "niño"]).encode(), language_tag="es"
    )
    assert report.accepted == 3_001
    assert not report.refused


def test_small_lists_keep_every_letter() -> None:
    """Under RARE_LETTER_WORDS words a letter one word uses is still a key."""
    report = dictionary_import(
        name="List", source="\n".join(["ally", "caʖe"]).encode(), language_tag="en"
    )
    assert report.accepted == 2
    assert "ʖ" in report.dictionary.alphabet
    assert rare_threshold(RARE_LETTER_WORDS) == 1


# --- hostile files -----------------------------------------------------------------------------


def test_a_hostile_file_of_mixed_scripts_control_characters_and_a_huge_line_imports_its_words() -> (
    None
):
    """The strays of every kind, each refused on its line, within a bounded time; the
    good words stored."""
    good = [word for word in top_n_list("ru", 3_000) if set(word) <= set(RUSSIAN_ALPHABET)]
    hostile = [
        "a" * 2_000_000,  # one line of two million letters
        "слово\u202eтекст",  # a direction override inside a word
        "сло\x07во",  # a control character
        "hello",
        "κόσμος",
        "نص",
        "".join(chr(code) for code in range(0x4E00, 0x4E00 + 20_000)),  # 20,000 Han letters
    ]
    data = "\n".join(good + hostile).encode()
    started = time.process_time()
    report = dictionary_import(name="List", source=data, language_tag="ru")
    assert time.process_time() - started < 20
    assert report.accepted + report.blocked == len(set(good))  # the blocklist's words left out
    found = groups(report)
    assert found[("other_script", "Latn")]["count"] == 2  # the huge line and hello
    assert found[("other_script", "Latn")]["examples"][0].endswith("…")  # shown cut short
    assert {script for code, script in found if code == "other_script"} == {
        "Latn",
        "Grek",
        "Arab",
        "Hani",
    }
    assert found[("not_letters", "")]["count"] == 2  # the override and the control
    assert report.dictionary.alphabet == RUSSIAN_ALPHABET


def test_a_file_of_many_scripts_none_the_majority_is_refused_whole_and_quickly() -> None:
    """A million different characters cost one lookup each, not a pass over those seen."""
    lines = [chr(code) * 3 for code in range(0x100, 0x30000) if chr(code).isalpha()]
    data = "\n".join(lines).encode()
    started = time.process_time()
    error = refused_whole(data, "xx")
    assert time.process_time() - started < 10
    assert error.code in ("mixed_scripts", "unplayable_script")


# --- the report, in words ----------------------------------------------------------------------


LATIN_315 = {"code": "other_script", "count": 315, "script": "Latn"}
RARE_2 = {"code": "rare_letter", "count": 2, "letters": "ʖі", "threshold": 20}
LABELS: list[tuple[str, dict[str, Any], str]] = [
    ("en", {**LATIN_315, "count": 1}, "1 word in another script (Latin)"),
    ("en", LATIN_315, "315 words in another script (Latin)"),
    ("es", LATIN_315, "315 palabras en otra escritura (latino)"),
    (
        "fr",
        {**LATIN_315, "script": "Cyrl", "count": 2},
        "2 mots dans une autre écriture (cyrillique)",
    ),
    (
        "de",
        {**LATIN_315, "script": "Grek", "count": 1},
        "1 Wort in einer anderen Schrift (Griechisch)",
    ),
    (
        "de",
        RARE_2,
        "2 Wörter mit einem Buchstaben, den weniger als 20 Wörter der Liste verwenden (ʖ і)",
    ),
]


@pytest.mark.parametrize(("locale", "group", "label"), LABELS)
def test_the_reasons_are_told_in_the_reader_s_language_with_plurals(
    locale: str, group: dict[str, Any], label: str
) -> None:
    with translation.override(locale):
        assert refusal_label(group) == label


def test_the_admin_report_lists_the_reasons_with_examples() -> None:
    report = dictionary_import(
        name="List", source="hello\nworld\nпривет\nb3ta\n".encode(), language_tag="en"
    )
    client = Client()
    client.force_login(UserFactory(is_staff=True, is_superuser=True))
    page = client.get(
        reverse("admin:dictionaries_dictionary_report", args=[report.dictionary.pk])
    ).content.decode()
    assert "Lines refused, by reason" in page
    assert "<td>1 word in another script (Cyrillic)</td><td><code>привет</code></td>" in page


def run_command(*args: str) -> str:
    import io

    from django.core.management import call_command

    out = io.StringIO()
    call_command("import_dictionary", *args, stdout=out)
    return out.getvalue()


def test_the_command_prints_the_reasons(tmp_path: Any) -> None:
    path = tmp_path / "ru.txt"
    path.write_bytes(wordfreq_file("ru", 2_000))
    output = run_command(str(path), "--name", "Русский", "--language", "ru", "--no-par")
    assert "words in another script (Latin): 'the', 'i', 'a'" in output
