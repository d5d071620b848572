"""dictionary_import: normalisation, the report, refusals, and all-or-nothing storage."""

from __future__ import annotations

import copy
import io
import pickle
from typing import Any

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.db import IntegrityError, connection

from dictionaries import refusals, word_rows, wordfiles
from dictionaries.models import MAX_WORD_LENGTH, Dictionary, Word
from dictionaries.refusals import REJECTED_LINES_KEPT
from dictionaries.selectors import dictionary_length_counts
from dictionaries.services import ImportReport, dictionary_import
from dictionaries.wordfiles import DictionaryImportError
from tests.factories import DictionaryFactory, UserFactory

pytestmark = pytest.mark.django_db


def stored_words(report: ImportReport) -> list[str]:
    return list(report.dictionary.words.order_by("text").values_list("text", flat=True))


def import_bytes(data: bytes, name: str = "Test words", **kwargs: Any) -> ImportReport:
    return dictionary_import(name=name, source=data, **kwargs)


def assert_nothing_stored() -> None:
    assert not Dictionary.objects.exists()
    assert not Word.objects.exists()


# --- good files ------------------------------------------------------------------------------


def test_a_good_file_is_stored_with_its_report() -> None:
    uploader = UserFactory()
    report = import_bytes(
        b"ally\nbeta\ncool\ndeal\nhangman\n",
        name="  Nine   words ",
        description=" From the course. ",
        uploaded_by=uploader,
    )
    dictionary = Dictionary.objects.get()
    assert stored_words(report) == ["ally", "beta", "cool", "deal", "hangman"]
    assert (dictionary.name, dictionary.slug) == ("Nine words", "nine-words")
    assert dictionary.description == "From the course."
    assert dictionary.uploaded_by == uploader
    assert dictionary.word_count == report.accepted == 5
    assert (report.duplicates, report.rejected, report.blank_lines) == (0, 0, 0)
    assert report.counts_by_length == {4: 4, 7: 1}
    assert dictionary_length_counts(dictionary_id=dictionary.pk) == {4: 4, 7: 1}
    assert dictionary.is_default is False
    assert dictionary.import_report["accepted"] == 5
    assert dictionary.import_report["counts_by_length"] == {"4": 4, "7": 1}


def test_a_binary_file_object_is_read_like_bytes() -> None:
    report = dictionary_import(name="From a file", source=io.BytesIO(b"ally\nbeta\n"))
    assert stored_words(report) == ["ally", "beta"]


def test_an_uploaded_file_is_read_from_its_start() -> None:
    upload = SimpleUploadedFile("words.txt", b"ally\nbeta\n")
    upload.read()  # a form may already have looked at it
    report = dictionary_import(name="Uploaded", source=upload)
    assert stored_words(report) == ["ally", "beta"]


def test_the_insert_method_suits_the_database() -> None:
    report = import_bytes(b"ally\n")
    expected = "copy" if connection.vendor == "postgresql" else "executemany"
    assert report.insert_method == expected


@pytest.mark.parametrize(
    "data",
    [
        b"ally\r\nbeta\r\ncool\r\n",
        b"ally\rbeta\rcool",
        b"\xef\xbb\xbfally\r\nbeta\r\ncool",
        b"\xef\xbb\xbfally\nbeta\ncool\n",
        b"ally\r\nbeta\ncool\r",
    ],
    ids=["crlf", "cr", "bom-crlf", "bom-lf", "mixed-endings"],
)
def test_line_endings_and_a_bom_are_normalised(data: bytes) -> None:
    report = import_bytes(data)
    assert stored_words(report) == ["ally", "beta", "cool"]
    assert report.rejected == 0


def test_a_bom_counts_for_nothing_in_line_numbers() -> None:
    report = import_bytes(b"\xef\xbb\xbfally\r\nb3ta\r\n")
    assert [line.number for line in report.rejected_lines] == [2]


def test_mixed_case_is_lowered_and_whitespace_trimmed() -> None:
    report = import_bytes("  Ally\n\tBETA \nCoOl\u00a0\n".encode())
    assert stored_words(report) == ["ally", "beta", "cool"]
    assert report.counts_by_length == {4: 3}


def test_duplicates_are_removed_and_counted_after_normalising() -> None:
    report = import_bytes(b"beta\nBeta\n beta \nally\nBETA\nally\n")
    assert stored_words(report) == ["ally", "beta"]
    assert report.duplicates == 4
    assert report.accepted == 2
    assert report.dictionary.word_count == 2


def test_blank_lines_are_skipped_not_reported() -> None:
    report = import_bytes(b"\n\nally\n   \n\t\nbeta\n\n")
    assert stored_words(report) == ["ally", "beta"]
    assert report.rejected == 0
    assert report.rejected_lines == ()
    assert report.blank_lines == 5
    assert report.lines_read == 7


# --- bad lines -------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("line", "reason"),
    [
        ("abc1", "contains the digit '1'"),
        ("o'clock", 'contains "\'" (U+0027), which is not a letter'),
        ("well-known", "contains '-' (U+002D), which is not a letter"),
        ("hello world", "has a space inside"),
        ("tab\tinside", "has whitespace '\\t' (U+0009) inside"),
        ("ready!", "contains '!' (U+0021), which is not a letter"),
        ("r\u00e9sum\u00e9\u2014", "contains '\u2014' (U+2014), which is not a letter"),
        ("x\u0301", "contains '\u0301' (U+0301), which is not a letter"),
        ("x" * (MAX_WORD_LENGTH + 1), f"is {MAX_WORD_LENGTH + 1} letters long"),
    ],
    ids=[
        "digit",
        "apostrophe",
        "hyphen",
        "space",
        "tab",
        "exclamation",
        "em-dash",
        "combining-mark-left-over",
        "too-long",
    ],
)
def test_a_line_that_is_not_a_word_is_rejected_with_its_reason(line: str, reason: str) -> None:
    report = import_bytes(f"ally\r\n\r\n{line}\r\nbeta\r\n".encode())
    assert stored_words(report) == ["ally", "beta"]
    assert report.rejected == 1
    [rejected] = report.rejected_lines
    assert rejected.number == 3
    assert rejected.reason.startswith(reason)
    shown = refusals.REJECTED_LINE_SHOWN_CHARS
    assert rejected.text == (line if len(line) <= shown else line[: shown - 1] + "…")


def test_the_longest_allowed_word_is_accepted() -> None:
    longest = "y" * MAX_WORD_LENGTH
    report = import_bytes(f"{longest}\n".encode())
    assert stored_words(report) == [longest]


def test_rejected_lines_keep_their_numbers_and_are_capped() -> None:
    lines = ["word"] + [f"bad{n}" for n in range(30)] + ["more"]
    report = import_bytes("\n".join(lines).encode())
    assert stored_words(report) == ["more", "word"]
    assert report.rejected == 30
    assert len(report.rejected_lines) == REJECTED_LINES_KEPT
    assert [line.number for line in report.rejected_lines[:3]] == [2, 3, 4]
    assert report.rejected_lines[0].text == "bad0"
    stored = report.dictionary.import_report
    assert stored["rejected"] == 30
    assert stored["rejected_lines"][0] == {
        "number": 2,
        "text": "bad0",
        "reason": "contains the digit '0'",
    }


def test_a_long_rejected_line_is_shortened_in_the_report() -> None:
    long_line = "not a word " * 20
    report = import_bytes(f"ally\n{long_line}\n".encode())
    [rejected] = report.rejected_lines
    assert len(rejected.text) == refusals.REJECTED_LINE_SHOWN_CHARS
    assert rejected.text.endswith("…")


# --- refusals --------------------------------------------------------------------------------


def refusal(data: bytes, **kwargs: Any) -> DictionaryImportError:
    with pytest.raises(DictionaryImportError) as caught:
        import_bytes(data, **kwargs)
    assert_nothing_stored()
    return caught.value


def test_non_utf8_text_is_refused_with_its_place() -> None:
    error = refusal("ally\nbeta\ncafé\n".encode("latin-1"))
    assert error.code == "not_utf8"
    assert error.field == "source"
    assert "not UTF-8" in error.message
    assert "0xE9" in error.message
    assert "offset 13" in error.message
    assert "line 3" in error.message


def test_the_line_of_a_bad_byte_counts_crlf_and_cr_as_one_break() -> None:
    error = refusal(b"ally\r\nbeta\rcool\n\ncaf\xe9\r\n")
    assert "offset 20 (line 5)" in error.message


def test_a_refusal_survives_copying_and_pickling() -> None:
    error = refusal(b"")
    for copied in (copy.deepcopy(error), pickle.loads(pickle.dumps(error))):
        assert (copied.message, copied.code, copied.field) == (error.message, "empty", "source")


def test_utf16_is_refused() -> None:
    error = refusal("ally\nbeta\n".encode("utf-16"))
    assert error.code == "not_utf8"


def test_a_nul_byte_is_refused_as_binary() -> None:
    error = refusal(b"ally\nbe\x00ta\n")
    assert error.code == "not_utf8"
    assert "NUL byte at offset 7 (line 2)" in error.message


@pytest.mark.parametrize("data", [b"", b"\n\n", b"  \r\n\t\r\n", b"\xef\xbb\xbf"])
def test_an_empty_file_is_refused(data: bytes) -> None:
    error = refusal(data)
    assert error.code == "empty"
    assert "empty" in error.message


def test_a_file_of_only_invalid_lines_is_refused_with_the_first_ones() -> None:
    error = refusal(b"\n123\nhello world\n")
    assert error.code == "no_words"
    assert "all 2 non-blank lines were rejected" in error.message
    assert "line 2" in error.message
    assert [line.number for line in error.rejected_lines] == [2, 3]


def test_a_file_over_the_limit_is_refused(settings: Any) -> None:
    settings.DICTIONARY_UPLOAD_MAX_BYTES = 10
    error = refusal(b"ally\nbeta\nc\n")  # 12 bytes
    assert error.code == "too_large"
    assert "12 bytes" in error.message
    assert "limit of 10 bytes" in error.message


def test_a_file_at_the_limit_is_accepted(settings: Any) -> None:
    settings.DICTIONARY_UPLOAD_MAX_BYTES = 10
    report = import_bytes(b"ally\nbeta\n")  # 10 bytes
    assert report.accepted == 2


def test_a_large_upload_is_refused_by_its_size_before_reading(settings: Any) -> None:
    settings.DICTIONARY_UPLOAD_MAX_BYTES = 10

    class NotToBeRead(io.BytesIO):
        size = 5_000_000

        def read(self, *args: Any) -> bytes:
            raise AssertionError("the file was read although its size is over the limit")

    with pytest.raises(DictionaryImportError, match="5,000,000 bytes"):
        dictionary_import(name="Big", source=NotToBeRead())
    assert_nothing_stored()


def test_a_stream_over_the_limit_is_refused(settings: Any) -> None:
    settings.DICTIONARY_UPLOAD_MAX_BYTES = 10
    with pytest.raises(DictionaryImportError, match="over the size limit"):
        dictionary_import(name="Stream", source=io.BufferedReader(io.BytesIO(b"a\n" * 100)))
    assert_nothing_stored()


def test_a_text_stream_is_a_programming_error() -> None:
    with pytest.raises(TypeError, match="binary mode"):
        dictionary_import(name="Text", source=io.StringIO("ally\n"))  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("name", "code"),
    [
        ("", "name_blank"),
        ("   ", "name_blank"),
        ("!!!", "name_no_slug"),
        ("n" * 101, "name_too_long"),
    ],
)
def test_a_bad_name_is_refused(name: str, code: str) -> None:
    error = refusal(b"ally\n", name=name)
    assert (error.code, error.field) == (code, "name")


@pytest.mark.parametrize("clash", ["Scrabble words", "SCRABBLE WORDS", "Scrabble: words!"])
def test_a_taken_name_is_refused(clash: str) -> None:
    DictionaryFactory(name="Scrabble words", slug="scrabble-words", words=["ally"])
    with pytest.raises(DictionaryImportError) as caught:
        import_bytes(b"beta\n", name=clash)
    assert (caught.value.code, caught.value.field) == ("name_taken", "name")
    assert "Scrabble words" in caught.value.message
    assert Dictionary.objects.count() == 1
    assert list(Word.objects.values_list("text", flat=True)) == ["ally"]


# --- default flag -----------------------------------------------------------------------------


def test_make_default_moves_the_default_flag() -> None:
    old = DictionaryFactory(is_default=True)
    report = import_bytes(b"ally\n", make_default=True)
    old.refresh_from_db()
    assert old.is_default is False
    assert report.dictionary.is_default is True
    assert Dictionary.objects.filter(is_default=True).count() == 1


def test_a_refused_default_import_keeps_the_old_default() -> None:
    old = DictionaryFactory(is_default=True)
    with pytest.raises(DictionaryImportError):
        import_bytes(b"123\n", make_default=True)
    old.refresh_from_db()
    assert old.is_default is True


# --- progress and atomicity -------------------------------------------------------------------


def test_progress_is_reported_up_to_the_total(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(word_rows, "INSERT_BATCH_SIZE", 2)
    calls: list[tuple[int, int]] = []
    import_bytes(b"a\nb\nc\nd\ne\n", progress=lambda done, total: calls.append((done, total)))
    assert calls[0] == (0, 5)
    assert calls[-1] == (5, 5)
    assert [done for done, _ in calls] == sorted(done for done, _ in calls)
    assert len(calls) >= 3


@pytest.mark.django_db(transaction=True)
def test_a_failure_mid_import_stores_nothing(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(word_rows, "INSERT_BATCH_SIZE", 2)
    old_default = DictionaryFactory(is_default=True, name="Old", slug="old")

    def fail_after_first_batch(done: int, total: int) -> None:
        if done >= 2:
            raise RuntimeError("disk full")

    with pytest.raises(RuntimeError, match="disk full"):
        import_bytes(
            b"ally\nbeta\ncool\ndeal\nelse\n", make_default=True, progress=fail_after_first_batch
        )
    assert list(Dictionary.objects.values_list("name", flat=True)) == ["Old"]
    assert not Word.objects.exists()
    old_default.refresh_from_db()
    assert old_default.is_default is True


@pytest.mark.django_db(transaction=True)
def test_a_database_refusal_mid_import_stores_nothing(monkeypatch: pytest.MonkeyPatch) -> None:
    """If a bad word slipped past the parser, the table's constraints undo the whole import."""
    monkeypatch.setattr(word_rows, "INSERT_BATCH_SIZE", 2)
    monkeypatch.setattr(wordfiles, "_line_refusal", lambda line: None)
    monkeypatch.setattr(wordfiles, "_list_script", lambda counts, lang: "")
    with pytest.raises(IntegrityError):
        import_bytes(b"ally\nbeta\ncool\ndeal\nzz9\n")
    assert_nothing_stored()
