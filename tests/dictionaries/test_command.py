"""manage.py import_dictionary: a report on success, one clear CommandError otherwise."""

from __future__ import annotations

import io
from pathlib import Path

import pytest
from django.core.management import CommandError, call_command

from dictionaries import services
from dictionaries.models import Dictionary, Word
from tests.factories import DictionaryFactory

pytestmark = pytest.mark.django_db


class FakeTerminal(io.StringIO):
    def isatty(self) -> bool:
        return True


def run(*args: str, stderr: io.StringIO | None = None) -> str:
    stdout = io.StringIO()
    call_command("import_dictionary", *args, stdout=stdout, stderr=stderr or io.StringIO())
    return stdout.getvalue()


@pytest.fixture
def word_file(tmp_path: Path) -> Path:
    path = tmp_path / "words.txt"
    path.write_bytes(b"\xef\xbb\xbfAlly\r\nbeta\r\nally\r\n\r\nb3ta\r\nwell-known\r\nhangman\r\n")
    return path


def test_a_file_is_imported_and_reported(word_file: Path) -> None:
    output = run(str(word_file), "--name", "Course words", "--description", "Week 1")
    dictionary = Dictionary.objects.get()
    assert (dictionary.name, dictionary.description) == ("Course words", "Week 1")
    assert not dictionary.is_default
    assert sorted(Word.objects.values_list("text", flat=True)) == ["ally", "beta", "hangman"]
    assert "Imported 'Course words'" in output
    assert "words accepted:             3" in output
    assert "duplicates removed:         1" in output
    assert "lines rejected:             2" in output
    assert "    4:         2" in output
    assert "    7:         1" in output
    assert "line 5: 'b3ta' contains the digit '3'" in output
    assert "line 6: 'well-known' contains '-' (U+002D), which is not a letter" in output


def test_default_with_a_path_makes_the_new_dictionary_the_default(word_file: Path) -> None:
    old = DictionaryFactory(is_default=True)
    output = run(str(word_file), "--name", "New default", "--default")
    assert Dictionary.objects.get(is_default=True).name == "New default"
    old.refresh_from_db()
    assert not old.is_default
    assert "now the default dictionary" in output


def test_default_alone_loads_web2_and_its_familiar_words_once(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(services, "default_word_source", lambda: ["ally", "beta", "waspen"])
    first = run("--default", "--no-par")
    assert "Imported 'English (web2)'" in first
    assert "Imported 'English (familiar)'" in first
    # Said once, after both (web2 was the default for a moment only: issue 27, item 8).
    assert "now the default" not in first
    assert first.strip().splitlines()[-1] == (
        "Default for new games: English (familiar). "
        "Offered to players: English (familiar), English (web2)."
    )
    second = run("--default", "--no-par")
    assert "English (web2) is already imported (3 words); nothing to do." in second
    assert "English (familiar) is already imported (2 words); nothing to do." in second
    assert "Default for new games: English (familiar)." in second
    assert Dictionary.objects.count() == 2
    assert Dictionary.objects.get(is_default=True).slug == "english-familiar"
    assert Word.objects.count() == 5


def test_the_progress_bar_shows_on_a_terminal(word_file: Path) -> None:
    terminal = FakeTerminal()
    run(str(word_file), "--name", "Bar", stderr=terminal)
    assert "Storing words" in terminal.getvalue()
    assert "100%|| 3/3" in terminal.getvalue().replace("#", "")


def test_no_progress_bar_when_asked_or_not_a_terminal(word_file: Path) -> None:
    terminal, pipe = FakeTerminal(), io.StringIO()
    run(str(word_file), "--name", "Quiet", "--no-progress", stderr=terminal)
    run(str(word_file), "--name", "Piped", stderr=pipe)
    assert terminal.getvalue() == ""
    assert pipe.getvalue() == ""


@pytest.mark.parametrize(
    ("content", "message"),
    [
        (b"caf\xe9\n", "Nothing imported: The file is not UTF-8 text: byte 0xE9 at offset 3"),
        (b"", "Nothing imported: The file is empty"),
        (b"123\n4 5\n", "Nothing imported: The file has no valid word"),
    ],
    ids=["not-utf8", "empty", "only-invalid"],
)
def test_a_refused_file_is_a_command_error(tmp_path: Path, content: bytes, message: str) -> None:
    path = tmp_path / "bad.txt"
    path.write_bytes(content)
    with pytest.raises(CommandError, match=message):
        run(str(path), "--name", "Bad")
    assert not Dictionary.objects.exists()
    assert not Word.objects.exists()


def test_a_file_over_the_limit_is_a_command_error(word_file: Path, settings: object) -> None:
    settings.DICTIONARY_UPLOAD_MAX_BYTES = 8  # type: ignore[attr-defined]
    with pytest.raises(CommandError, match="over the size limit"):
        run(str(word_file), "--name", "Big")
    assert not Dictionary.objects.exists()


def test_a_taken_name_is_a_command_error(word_file: Path) -> None:
    DictionaryFactory(name="Taken", slug="taken")
    with pytest.raises(CommandError, match="A dictionary named 'Taken' already exists"):
        run(str(word_file), "--name", "taken")
    assert Dictionary.objects.count() == 1


def test_a_missing_file_is_a_command_error(tmp_path: Path) -> None:
    with pytest.raises(CommandError, match=r"Cannot read .*missing\.txt: No such file"):
        run(str(tmp_path / "missing.txt"), "--name", "Missing")


def test_a_directory_is_a_command_error(tmp_path: Path) -> None:
    with pytest.raises(CommandError, match="Cannot read"):
        run(str(tmp_path), "--name", "Folder")


@pytest.mark.parametrize(
    ("args", "message"),
    [
        ((), "Give a word file and --name NAME, or --default alone"),
        (("--default", "--name", "X"), "--name, --description and --accents need a PATH"),
    ],
)
def test_missing_or_mixed_arguments_are_command_errors(args: tuple[str, ...], message: str) -> None:
    with pytest.raises(CommandError, match=message):
        run(*args)


def test_a_path_without_a_name_is_a_command_error(word_file: Path) -> None:
    with pytest.raises(CommandError, match="--name NAME is required"):
        run(str(word_file))
    assert not Dictionary.objects.exists()
