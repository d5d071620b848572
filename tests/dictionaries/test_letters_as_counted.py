"""Issue 38: letters as their speakers count them.

A final form is one key with its letter (Greek final sigma, Hebrew's five final forms) and
is written where the word ends; Vietnamese plays its 29 letters with its tones folded;
Hebrew and Arabic lay their words and keys out right to left.
"""

from __future__ import annotations

from typing import Any

import pytest

from dictionaries.languages import FOLD, KEEP, direction_of, keyboard_rows, language
from dictionaries.models import Word
from dictionaries.selectors import written_form, written_forms
from dictionaries.services import ImportReport, dictionary_import
from games.selectors.letters import letter_of, word_of

pytestmark = pytest.mark.django_db

GREEK = language("el")
HEBREW = language("he")
VIETNAMESE = language("vi")
VIETNAMESE_LETTERS = "aăâbcdđeêghiklmnoôơpqrstuưvxy"


def import_lines(*lines: str, **kwargs: Any) -> ImportReport:
    return dictionary_import(name="Words", source="\n".join(lines).encode(), **kwargs)


def rows(report: ImportReport) -> dict[str, str]:
    return dict(report.dictionary.words.order_by("text").values_list("text", "display"))


# --- final forms: one key, written where the word ends ------------------------------


def test_a_final_form_plays_as_its_letter_and_is_written_at_the_end_only() -> None:
    assert GREEK.play("ζωτικός", FOLD) == "ζωτικοσ"
    assert GREEK.by_position("ζωτικοσ") == "ζωτικος"
    assert GREEK.by_position("σοφοσ") == "σοφος"  # the first sigma is not at the end
    assert GREEK.by_position("ς__") == "σ__"  # a final form elsewhere is its letter
    assert HEBREW.play("שלום", FOLD) == "שלומ"
    assert HEBREW.by_position("__מ") == "__ם"
    assert HEBREW.by_position("מ__") == "מ__"
    assert [HEBREW.by_position(f"א{letter}") for letter in "כמנפצ"] == [
        "אך",
        "אם",
        "אן",
        "אף",
        "אץ",
    ]
    assert HEBREW.by_position("") == ""


def test_greek_from_wordfreq_is_written_with_its_final_sigma() -> None:
    # wordfreq casefolds: its Greek words end in a plain sigma (ζωτικησ).
    report = import_lines("ζωτικησ", "σοφός", "λόγος", "ΠΌΛΗ", language_tag="el")
    assert rows(report) == {
        "ζωτικησ": "ζωτικης",
        "λογοσ": "λόγος",
        "πολη": "πόλη",
        "σοφοσ": "σοφός",
    }
    dictionary = report.dictionary
    assert "ς" not in dictionary.alphabet  # one key, sigma
    assert dictionary.alphabet == GREEK.letters
    assert written_form(dictionary, "ζωτικησ") == "ζωτικης"


def test_hebrew_plays_its_final_forms_with_their_letters() -> None:
    report = import_lines("שלום", "מלך", "ארץ", "כסף", "אמן", "ספר", language_tag="he")
    assert rows(report) == {
        "אמנ": "אמן",
        "ארצ": "ארץ",
        "כספ": "כסף",
        "מלכ": "מלך",
        "ספר": "",
        "שלומ": "שלום",
    }
    dictionary = report.dictionary
    assert not set("ךםןףץ") & set(dictionary.alphabet)
    assert dictionary.alphabet == HEBREW.letters
    assert written_forms(dictionary, ["שלומ", "ספר", "מלכ"]) == ["שלום", "ספר", "מלך"]


def test_a_typed_final_form_is_its_letter() -> None:
    def typed(raw: str) -> str | None:
        return letter_of(raw, alphabet=HEBREW.letters, lang=HEBREW, folds=True)

    assert typed("ם") == "מ"
    assert typed("מ") == "מ"
    assert typed("ץ") == "צ"
    assert letter_of("ς", alphabet=GREEK.letters, lang=GREEK, folds=True) == "σ"
    assert letter_of("Σ", alphabet=GREEK.letters, lang=GREEK, folds=True) == "σ"
    assert word_of("שלום", alphabet=HEBREW.letters, lang=HEBREW, folds=True) == "שלומ"


def test_a_list_that_kept_final_sigma_as_a_key_still_plays_it() -> None:
    # Imported before final forms were one letter: its alphabet holds ς, and ς stays ς.
    alphabet = GREEK.letters + "ς"
    assert letter_of("ς", alphabet=alphabet, lang=GREEK, folds=True) == "ς"


def test_a_written_form_of_an_old_list_still_ends_in_its_final_form() -> None:
    report = import_lines("ναι", "οχι", language_tag="el")
    dictionary = report.dictionary
    # A row stored by older code, final sigma as played (no written form).
    Word.objects.create(dictionary=dictionary, text="λογοσ", length=5)
    assert written_form(dictionary, "λογοσ") == "λογος"


# --- Vietnamese: 29 letters, tones folded -------------------------------------------------


def test_vietnamese_folds_its_tones_and_keeps_its_letters() -> None:
    assert VIETNAMESE.letters == VIETNAMESE_LETTERS
    assert len(VIETNAMESE.letters) == 29
    assert VIETNAMESE.play("người", FOLD) == "ngươi"
    assert VIETNAMESE.play("đường", FOLD) == "đương"
    assert VIETNAMESE.play("tiếng", FOLD) == "tiêng"
    assert VIETNAMESE.play("nhấn", FOLD) == "nhân"
    assert VIETNAMESE.play("mặt", FOLD) == "măt"
    assert VIETNAMESE.play("hỏi", FOLD) == "hoi"
    assert VIETNAMESE.play("người", KEEP) == "người"
    # A mark that makes no Vietnamese letter comes off whole, as other languages' fold does.
    assert VIETNAMESE.play("façade", FOLD) == "facade"
    assert VIETNAMESE.play("müller", FOLD) == "muller"


def test_a_vietnamese_list_plays_29_letters_and_shows_its_words_as_written() -> None:
    report = import_lines("người", "Việt", "đường", "nhà", "sông", "mặt", "cơm", language_tag="vi")
    assert report.accents == FOLD
    assert rows(report) == {
        "cơm": "",
        "măt": "mặt",
        "ngươi": "người",
        "nha": "nhà",
        "sông": "",
        "viêt": "việt",
        "đương": "đường",
    }
    assert report.dictionary.alphabet == VIETNAMESE_LETTERS
    assert written_forms(report.dictionary, ["ngươi", "cơm"]) == ["người", "cơm"]


def test_a_typed_vietnamese_letter_loses_its_tone_only() -> None:
    def typed(raw: str) -> str | None:
        return letter_of(raw, alphabet=VIETNAMESE_LETTERS, lang=VIETNAMESE, folds=True)

    assert typed("ờ") == "ơ"
    assert typed("Ấ") == "â"
    assert typed("ạ") == "a"
    assert typed("ư") == "ư"


# --- right to left -------------------------------------------------------------------------


def test_hebrew_and_arabic_are_laid_out_right_to_left() -> None:
    assert HEBREW.direction == "rtl"
    assert language("ar").direction == "rtl"
    assert GREEK.direction == "ltr"
    assert direction_of(HEBREW.letters, HEBREW) == "rtl"
    # A language the site does not know: its letters' script decides (Syriac).
    assert direction_of("ܐܒܓ", language("syc")) == "rtl"
    assert direction_of("abc", language("eo")) == "ltr"


def test_a_right_to_left_keyboard_row_reads_from_the_right() -> None:
    # Laid out right to left, each row keeps its keys where the Hebrew keyboard has them:
    # ק at the left, so last in the row's reading order.
    rows_read = keyboard_rows(HEBREW.letters, HEBREW)
    assert rows_read[0] == "פוטארק"
    assert sorted("".join(rows_read)) == sorted(HEBREW.letters)
