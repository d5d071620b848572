"""`manage.py play`: the console game, interactive and --json, from the database or a file."""

from __future__ import annotations

import io
import json
import re
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from django.core.management import call_command
from django.core.management.base import CommandError
from django.db import OperationalError

from dictionaries.models import Dictionary
from dictionaries.wordbank import word_bank_stats
from games.management import word_sources
from games.management.commands import play as play_module
from tests.conftest import NINE_WORDS
from tests.factories import DictionaryFactory

ROOT = Path(__file__).resolve().parents[2]
WORKED_EXAMPLE_E = {
    "guess": "e",
    "accepted": True,
    "miss": True,
    "pattern": "----",
    "families": {"----": 3, "--e-": 2, "-e--": 2, "---e": 1, "e--e": 1},
    "words_left": 3,
    "misses_left": 1,
    "status": "playing",
}


def run_play(*args: str, stdin: str = "") -> tuple[str, str]:
    stdout, stderr = io.StringIO(), io.StringIO()
    call_command("play", *args, stdin=io.StringIO(stdin), stdout=stdout, stderr=stderr)
    return stdout.getvalue(), stderr.getvalue()


def json_lines(stdout: str) -> list[dict[str, Any]]:
    return [json.loads(line) for line in stdout.splitlines()]


@pytest.fixture
def words_file(tmp_path: Path) -> Path:
    """The nine words of RULES.md, two 2-letter words, and lines a dictionary must skip."""
    path = tmp_path / "words.txt"
    lines = [*NINE_WORDS, "  AB  ", "", "cd", "don't", "naïve", "x1", "   "]
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return path


@pytest.fixture
def nine_words_default(db: None) -> Dictionary:
    return DictionaryFactory(
        name="Nine Words", slug="nine", is_default=True, words=[*NINE_WORDS, "ab", "cd"]
    )


# -- machine mode --------------------------------------------------------------


def test_json_mode_on_the_default_dictionary_plays_the_worked_example(
    nine_words_default: Dictionary,
) -> None:
    stdout, stderr = run_play(
        "--length", "4", "--misses", "2", "--difficulty", "hard", "--seed", "7", "--json",
        stdin="e\no\nt\nz\n",
    )  # fmt: skip
    lines = json_lines(stdout)
    assert lines[0] == WORKED_EXAMPLE_E
    assert (lines[1]["pattern"], lines[1]["miss"], lines[1]["words_left"]) == ("-oo-", False, 2)
    assert lines[2]["status"] == "lost"
    assert lines[2]["word"] in {"cool", "good"}
    assert len(lines) == 3, "nothing is read after the game ends"
    assert stderr == ""


def test_json_mode_reports_refused_lines_and_goes_on(words_file: Path) -> None:
    stdout, _ = run_play(
        "--words-file", str(words_file), "--length", "4", "--misses", "3",
        "--difficulty", "hard", "--seed", "1", "--json",
        stdin="e\nee\n\n7\ne\nE\no\n",
    )  # fmt: skip
    lines = json_lines(stdout)
    assert [line["guess"] for line in lines] == ["e", "ee", "", "7", "e", "E", "o"]
    assert [line["accepted"] for line in lines] == [True, False, False, False, False, False, True]
    for refused in lines[1:6]:
        assert set(refused) == {"guess", "accepted", "error"}
        assert refused["error"]
    assert "already guessed" in lines[4]["error"]
    assert "not a letter" in lines[3]["error"]
    assert lines[6]["misses_left"] == 2, "refused lines cost nothing"


def test_json_mode_win_names_the_word(words_file: Path) -> None:
    stdout, _ = run_play(
        "--words-file", str(words_file), "--length", "2", "--misses", "5",
        "--difficulty", "hard", "--seed", "0", "--json",
        stdin="a\nb\nc\nd\nq\n",
    )  # fmt: skip
    lines = json_lines(stdout)
    # 'a': families '--' (cd) and 'a-' (ab) tie; revealing nothing wins, so cd stays.
    assert [line["pattern"] for line in lines] == ["--", "--", "c-", "cd"]
    assert [line["misses_left"] for line in lines] == [4, 3, 3, 3]
    assert (lines[-1]["status"], lines[-1]["word"]) == ("won", "cd")


def test_json_mode_without_seed_still_plays(words_file: Path) -> None:
    stdout, _ = run_play(
        "--words-file", str(words_file), "--length", "4", "--misses", "1",
        "--difficulty", "medium", "--json",
        stdin="z\n",
    )  # fmt: skip
    (line,) = json_lines(stdout)
    assert line["status"] == "lost"
    assert line["word"] in NINE_WORDS


def test_json_mode_same_seed_names_the_same_word(words_file: Path) -> None:
    args = ["--words-file", str(words_file), "--length", "4", "--misses", "1"]
    args += ["--difficulty", "hard", "--json"]
    named = {
        seed: {json_lines(run_play(*args, "--seed", str(seed), stdin="q\n")[0])[0]["word"]}
        | {json_lines(run_play(*args, "--seed", str(seed), stdin="q\n")[0])[0]["word"]}
        for seed in range(12)
    }
    assert all(len(words) == 1 for words in named.values())
    assert len(set().union(*named.values())) > 1


def test_json_mode_on_a_dictionary_chosen_by_name_or_slug(db: None) -> None:
    DictionaryFactory(name="Small", slug="small", words=["ab", "cd"])
    DictionaryFactory(name="Other Words", slug="other", words=["xy"])
    for name in ("Other Words", "other", "OTHER WORDS", "Other"):
        stdout, _ = run_play(
            "--dictionary", name, "--length", "2", "--misses", "3", "--difficulty", "hard",
            "--json", stdin="x\ny\n",
        )  # fmt: skip
        assert [line["pattern"] for line in json_lines(stdout)] == ["x-", "xy"]


# -- files never touch the database ---------------------------------------------


def test_words_file_needs_no_database(words_file: Path) -> None:
    """No ``db`` fixture here: any query would fail the test."""
    stdout, stderr = run_play(
        "--words-file", str(words_file), "--length", "4", "--misses", "2",
        "--difficulty", "hard", "--seed", "3", "--json",
        stdin="e\n",
    )  # fmt: skip
    assert json_lines(stdout) == [WORKED_EXAMPLE_E]
    # naïve plays as naive (English folds accents, as the site's import does).
    assert stderr == f"note: skipped 2 lines that are not words in {words_file}\n"


def test_words_file_is_trimmed_lower_cased_and_deduplicated(tmp_path: Path) -> None:
    path = tmp_path / "mixed.txt"
    path.write_bytes(b"\xef\xbb\xbfAb\r\n ab \r\nCD\r\n\r\ncd\r\n")  # BOM, CRLF, duplicates
    stdout, stderr = run_play(
        "--words-file", str(path), "--length", "2", "--misses", "1", "--difficulty", "hard",
        "--json", stdin="a\n",
    )  # fmt: skip
    assert json_lines(stdout)[0]["families"] == {"--": 1, "a-": 1}
    assert stderr == ""


def test_a_single_skipped_line_is_reported_in_the_singular(tmp_path: Path) -> None:
    path = tmp_path / "one-bad.txt"
    path.write_text("ab\nc-d\n", encoding="utf-8")
    _, stderr = run_play(
        "--words-file", str(path), "--length", "2", "--misses", "1", "--difficulty", "hard",
        "--json", stdin="",
    )  # fmt: skip
    assert stderr == f"note: skipped 1 line that is not a word in {path}\n"


# -- bad input: one clear line, no traceback ------------------------------------


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--length", "four"], "--length must be a whole number, not 'four'"),
        (["--length", "0"], "--length must be at least 1"),
        (["--misses", "0"], "--misses must be at least 1, not 0"),
        (["--misses", "-2"], "--misses must be at least 1"),
        (["--misses", "2.5"], "--misses must be a whole number"),
        (["--seed", "x"], "--seed must be a whole number"),
        (
            ["--difficulty", "insane"],
            "--difficulty must be one of easy, medium, hard, fiendish, obscure, fair, not 'insane'",
        ),
        (["--length", "3"], "has no word of length 3 (lengths with words: 2, 4-5)"),
        (["--json", "--length", "4"], "--json needs --length, --misses and --difficulty"),
        (["--json", "--debug"], "--debug is for interactive play"),
        (["--dictionary", "x"], "use --dictionary or --words-file, not both"),
    ],
)
def test_bad_options_raise_a_clear_command_error(
    words_file: Path, args: list[str], message: str
) -> None:
    with pytest.raises(CommandError, match=re.escape(message)):
        run_play("--words-file", str(words_file), *args, stdin="e\n")


def test_unreadable_files_raise_a_clear_command_error(tmp_path: Path) -> None:
    with pytest.raises(CommandError, match=r"cannot read .*missing\.txt: No such file"):
        run_play("--words-file", str(tmp_path / "missing.txt"))
    with pytest.raises(CommandError, match="cannot read"):
        run_play("--words-file", str(tmp_path))
    latin1 = tmp_path / "latin1.txt"
    latin1.write_bytes("caf\xe9\n".encode("latin-1"))
    with pytest.raises(CommandError, match=r"is not UTF-8 text \(bad byte at offset 3\)"):
        run_play("--words-file", str(latin1))
    empty = tmp_path / "empty.txt"
    empty.write_text("\n\n42\n", encoding="utf-8")
    with pytest.raises(CommandError, match="has no words"):
        run_play("--words-file", str(empty))


def test_unknown_dictionary_lists_the_known_ones(nine_words_default: Dictionary) -> None:
    with pytest.raises(CommandError, match=r"no dictionary named 'nope' \(dictionaries: Nine"):
        run_play("--dictionary", "nope")


def test_no_default_dictionary(db: None) -> None:
    DictionaryFactory(name="Not default", words=["ab"])
    with pytest.raises(CommandError, match="there is no default dictionary"):
        run_play("--length", "2")


def test_empty_dictionary(db: None) -> None:
    DictionaryFactory(name="Empty", slug="empty")
    with pytest.raises(CommandError, match="dictionary 'Empty' has no words"):
        run_play("--dictionary", "empty")


def test_database_errors_become_one_clear_line(db: None, monkeypatch: pytest.MonkeyPatch) -> None:
    def broken(*args: object, **kwargs: object) -> None:
        raise OperationalError("no such table: dictionaries_dictionary")

    monkeypatch.setattr(Dictionary.objects, "filter", broken)
    with pytest.raises(CommandError, match="cannot read dictionaries from the database"):
        run_play()


def test_length_without_words_in_the_database(nine_words_default: Dictionary) -> None:
    with pytest.raises(CommandError, match=r"'Nine Words' \(11 words\) has no word of length 5"):
        run_play("--length", "5", "--misses", "1", "--difficulty", "hard", "--json")


# -- interactive -----------------------------------------------------------------


def test_interactive_game_re_asks_and_shows_the_board(nine_words_default: Dictionary) -> None:
    answers = [
        "3", "four", "4",  # a length with no words, not a number, then 4
        "x", "0", "2",  # wrong guesses allowed
        "brutal", "H",  # difficulty
        "e", "ee", "", "e", "1", "o", "t",  # guesses, with refusals
        "n",  # no other game
    ]  # fmt: skip
    stdout, _ = run_play("--seed", "5", stdin="\n".join(answers) + "\n")

    assert "Evil Hangman, with dictionary 'Nine Words' (11 words)." in stdout
    assert "Word length (2, 4): There are no words of length 3; choose 2, 4." in stdout
    assert "'four' is not a whole number." in stdout
    assert "'x' is not a whole number." in stdout
    assert "Allow at least 1 wrong guess." in stdout
    assert "Type one of easy, medium, hard, fiendish, obscure, fair." in stdout
    assert "Guess one letter from A to Z, or the whole word." in stdout
    # "" and "1": one message naming the letters a guess may be; "ee" is a word too short.
    refused = "Not accepted: a guess is one letter from A to Z, or a word of 4 letters. Try again."
    assert stdout.count(refused) == 2
    assert stdout.count("Not accepted: a word of this game is 4 letters long. Try again.") == 1
    assert stdout.count("Not accepted: 'e' was already guessed. Try again.") == 1
    boards = stdout.split("Wrong guesses left: ")[1:]
    assert [board.splitlines()[0] for board in boards] == ["2", "1", "1"]
    assert "Letters guessed: none yet\nWord: ----" in boards[0]
    assert "Letters guessed: e\nWord: ----" in boards[1]
    assert "Letters guessed: e, o\nWord: -oo-" in boards[2]
    assert "Sorry, there is no 'e'." in stdout
    assert "Yes, there are 2 'o's." in stdout
    assert "Sorry, there is no 't'." in stdout
    assert "You lose. The word was 'cool'." in stdout or "You lose. The word was 'good'." in stdout
    assert "[debug]" not in stdout
    assert "words left" not in stdout.lower()
    assert stdout.rstrip().endswith("Play again? (y/n): Goodbye.")


def test_a_whole_word_in_the_console_is_dropped_then_wins(nine_words_default: Dictionary) -> None:
    answers = ["4", "3", "h", "e", "o", "COOL", "cool", "zzzz", "good", "n"]
    stdout, _ = run_play("--seed", "7", stdin="\n".join(answers) + "\n")
    assert "Sorry, the word is not 'cool': one wrong guess." in stdout
    assert "Words guessed: cool\nWord: -oo-" in stdout
    assert "Not accepted: 'cool' was already guessed. Try again." in stdout
    assert "Not accepted: 'zzzz' is not a word of this list. Try again." in stdout
    assert "Yes, the word is 'good'." in stdout
    assert "You win! The word was 'good'." in stdout


def test_json_mode_takes_words(nine_words_default: Dictionary) -> None:
    stdout, _ = run_play(
        "--length", "4", "--misses", "8", "--difficulty", "hard", "--seed", "7", "--json",
        stdin="e\no\ncool\nzzzz\ngood\n",
    )  # fmt: skip
    lines = json_lines(stdout)
    assert [(line["guess"], line["accepted"]) for line in lines] == [
        ("e", True), ("o", True), ("cool", True), ("zzzz", False), ("good", True)
    ]  # fmt: skip
    assert lines[2]["families"] == {"-oo-": 1, "cool": 1}
    assert (lines[2]["miss"], lines[2]["words_left"]) == (True, 1)
    assert (lines[4]["status"], lines[4]["word"]) == ("won", "good")


def test_letters_guessed_are_shown_sorted(words_file: Path) -> None:
    stdout, _ = run_play(
        "--words-file", str(words_file), "--length", "4", "--misses", "9",
        "--difficulty", "hard",
        stdin="z\nb\ny\n",
    )  # fmt: skip
    assert "Letters guessed: b, y, z\n" in stdout
    assert stdout.rstrip().endswith("Goodbye.")


def test_debug_shows_words_left_and_every_family(words_file: Path) -> None:
    stdout, _ = run_play(
        "--words-file", str(words_file), "--length", "4", "--misses", "8",
        "--difficulty", "easy", "--debug",
        stdin="e\no\n",
    )  # fmt: skip
    assert "[debug] words left: 9\n" in stdout
    assert (
        "[debug] words left: 3\n"
        "[debug] 5 families, hardest first:\n"
        "[debug]   ----  3  <- kept (hardest)\n"
        "[debug]   --e-  2\n"
        "[debug]   -e--  2\n"
        "[debug]   ---e  1\n"
        "[debug]   e--e  1\n"
    ) in stdout
    # Easy keeps the second-hardest family on guess 2.
    assert (
        "[debug] words left: 1\n"
        "[debug] 2 families, hardest first:\n"
        "[debug]   -oo-  2\n"
        "[debug]   ----  1  <- kept (second hardest)\n"
    ) in stdout


def test_play_again_keeps_the_dictionary_loaded(nine_words_default: Dictionary) -> None:
    answers = ["4", "1", "hard", "q", "maybe", "y", "4", "1", "e", "z", "y", "2", "3", "h"]
    answers += ["a", "c", "d", "n"]
    stdout, _ = run_play("--seed", "1", stdin="\n".join(answers) + "\n")
    assert stdout.count("You lose. The word was") == 2
    assert "You win! The word was 'cd'." in stdout
    assert "Type y or n." in stdout
    assert stdout.count("Evil Hangman, with") == 1
    # Two games of length 4 and one of length 2: each bucket loaded once.
    assert word_bank_stats()["misses"] == 2


def test_play_again_from_a_file_builds_each_lexicon_once(
    words_file: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    built: list[int] = []
    real_lexicon = word_sources.Lexicon

    def counting_lexicon(words: Any, alphabet: str | None = None) -> Any:
        lexicon = real_lexicon(words, alphabet=alphabet)
        built.append(lexicon.length)
        return lexicon

    monkeypatch.setattr(word_sources, "Lexicon", counting_lexicon)
    answers = ["1", "hard", "z", "y", "1", "easy", "z", "n"]
    stdout, _ = run_play("--words-file", str(words_file), "--length", "4", stdin="\n".join(answers))
    assert stdout.count("You lose.") == 2
    assert built == [4]


@pytest.mark.parametrize("answers", ["", "4\n", "4\n2\n", "4\n2\nhard\n", "4\n2\nhard\ne\n"])
def test_end_of_input_at_any_prompt_says_goodbye(words_file: Path, answers: str) -> None:
    stdout, _ = run_play("--words-file", str(words_file), stdin=answers)
    assert stdout.endswith("\nGoodbye.\n")


def test_end_of_input_after_a_game_says_goodbye(words_file: Path) -> None:
    stdout, _ = run_play("--words-file", str(words_file), "--length", "4", stdin="1\nhard\nz\n")
    assert "You lose." in stdout
    assert stdout.endswith("Play again? (y/n): \nGoodbye.\n")


def test_ctrl_c_says_goodbye(words_file: Path) -> None:
    class Interrupted(io.StringIO):
        def readline(self, size: int | None = -1) -> str:
            raise KeyboardInterrupt

    stdout = io.StringIO()
    call_command("play", "--words-file", str(words_file), stdin=Interrupted(), stdout=stdout)
    assert stdout.getvalue().endswith("\nGoodbye.\n")


class UndecodableInput(io.StringIO):
    def readline(self, size: int | None = -1) -> str:
        raise UnicodeDecodeError("utf-8", b"\xff", 0, 1, "invalid start byte")

    def __iter__(self) -> UndecodableInput:
        return self

    def __next__(self) -> str:
        return self.readline()


@pytest.mark.parametrize("machine", [True, False])
def test_undecodable_standard_input_is_one_clear_line(words_file: Path, machine: bool) -> None:
    args = ["--words-file", str(words_file), "--length", "4", "--misses", "2"]
    args += ["--difficulty", "hard", "--json"] if machine else []
    with pytest.raises(CommandError, match=r"^standard input is not UTF-8 text$"):
        call_command("play", *args, stdin=UndecodableInput(), stdout=io.StringIO())


def test_json_mode_ignores_a_keyboard_interrupt_quietly(words_file: Path) -> None:
    class Interrupted(io.StringIO):
        def __iter__(self) -> Interrupted:
            raise KeyboardInterrupt

    stdout = io.StringIO()
    args = ["--length", "4", "--misses", "2", "--difficulty", "hard", "--json"]
    call_command("play", "--words-file", str(words_file), *args, stdin=Interrupted(), stdout=stdout)
    assert stdout.getvalue() == ""


def test_help_documents_the_seed_and_the_json_shape() -> None:
    help_text = play_module.Command().create_parser("manage.py", "play").format_help()
    assert "--seed" in help_text
    assert "Without --seed a random one is used" in help_text
    assert '"accepted": false, "error"' in help_text


# -- a real process, for the exit codes -------------------------------------------


@pytest.mark.slow
def test_real_process_plays_json_and_fails_cleanly(words_file: Path, tmp_path: Path) -> None:
    command = [sys.executable, "manage.py", "play", "--words-file", str(words_file)]
    played = subprocess.run(
        [*command, "--length", "4", "--misses", "2", "--difficulty", "hard", "--json"],
        input="e\n",
        capture_output=True,
        text=True,
        cwd=ROOT,
        check=False,
        timeout=60,
    )
    assert played.returncode == 0, played.stderr
    assert json.loads(played.stdout) == WORKED_EXAMPLE_E

    failed = subprocess.run(
        [*command[:3], "--words-file", str(tmp_path / "nope.txt")],
        capture_output=True,
        text=True,
        cwd=ROOT,
        check=False,
        timeout=60,
    )
    assert failed.returncode != 0
    assert "Traceback" not in failed.stderr
    assert failed.stderr.strip().splitlines() == [
        f"CommandError: cannot read {tmp_path / 'nope.txt'}: No such file or directory"
    ]


def test_obscure_from_a_word_file_looks_the_frequencies_up(tmp_path: Path) -> None:
    # A word file stores no frequencies: the console looks them up in wordfreq, so obscure
    # keeps the six E--- words nobody knows (not in wordfreq) rather than the eight common
    # words, which every player it plans against tells apart in fewer misses.
    common = ["also", "only", "what", "your", "into", "from", "much", "back"]
    rare = ["ezz" + last for last in "kmnpqr"]
    path = tmp_path / "words.txt"
    path.write_text("\n".join(common + rare) + "\n", encoding="utf-8")
    patterns = {}
    for difficulty in ("hard", "obscure"):
        stdout, _ = run_play(
            "--words-file", str(path), "--length", "4", "--misses", "8",
            "--difficulty", difficulty, "--seed", "3", "--json", stdin="e\n",
        )  # fmt: skip
        patterns[difficulty] = json_lines(stdout)[0]["pattern"]
    assert patterns == {"hard": "----", "obscure": "e---"}
