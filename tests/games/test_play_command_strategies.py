"""`manage.py play` with the planning and honest word-makers, in a real process."""

from __future__ import annotations

import io
import json
import subprocess
import sys
from pathlib import Path

import pytest
from django.core.management import call_command

from games.engine import Lexicon, secret_word_index
from tests.conftest import NINE_WORDS
from tests.engine.minimax import rule_value

ROOT = Path(__file__).resolve().parents[2]


def word_file(folder: Path, words: tuple[str, ...]) -> Path:
    path = folder / "words.txt"
    path.write_text("\n".join(words) + "\n", encoding="utf-8")
    return path


SEVEN = ("bbb", "bbc", "bcb", "bcc", "azq", "awr", "avs")


@pytest.mark.slow
def test_fiendish_json_answers_each_guess_before_the_next_is_sent(tmp_path: Path) -> None:
    """One JSON line per guess, flushed as it is answered: a grader can wait for each."""
    path = word_file(tmp_path, SEVEN)
    command = [sys.executable, "manage.py", "play", "--words-file", str(path), "--json"]
    options = ["--length", "3", "--misses", "8", "--difficulty", "fiendish", "--seed", "4"]
    process = subprocess.Popen(
        [*command, *options],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        cwd=ROOT,
    )
    assert process.stdin is not None
    assert process.stdout is not None
    lines = []
    try:
        for letter in "azwvs":
            process.stdin.write(letter + "\n")
            process.stdin.flush()
            lines.append(json.loads(process.stdout.readline()))  # answered before the next
    finally:
        process.stdin.close()
        process.wait(timeout=60)
    assert process.returncode == 0
    first = lines[0]
    assert (first["guess"], first["pattern"], first["miss"]) == ("a", "a--", False)
    assert first["families"] == {"---": 4, "a--": 3}
    assert first["values"] == {"---": 1, "a--": 2}
    assert [line["miss"] for line in lines] == [False, True, True, False, False]
    assert lines[-1]["status"] == "won"
    assert lines[-1]["word"] == "avs"


def test_fair_json_loses_naming_the_word_its_seed_picked(tmp_path: Path) -> None:
    path = word_file(tmp_path, NINE_WORDS)
    stdout = io.StringIO()
    call_command(
        "play",
        "--words-file",
        str(path),
        "--length",
        "4",
        "--misses",
        "1",
        "--difficulty",
        "fa",
        "--seed",
        "5",
        "--json",
        stdin=io.StringIO("z\n"),
        stdout=stdout,
    )
    line = json.loads(stdout.getvalue())
    nine = Lexicon(NINE_WORDS)
    assert (line["status"], line["word"]) == ("lost", nine.words[secret_word_index(nine, 5)])


def test_ai_json_plays_the_whole_game_alone_and_reaches_the_optimum(tmp_path: Path) -> None:
    """The nine words against hard need one miss with the best play (brute force says so)."""
    path = word_file(tmp_path, NINE_WORDS)
    stdout = io.StringIO()
    call_command(
        "play",
        *("--words-file", str(path), "--length", "4", "--misses", "5"),
        *("--difficulty", "hard", "--seed", "1", "--ai", "--json"),
        stdin=io.StringIO(""),
        stdout=stdout,
    )
    lines = [json.loads(line) for line in stdout.getvalue().splitlines()]
    assert lines[-1]["status"] == "won"
    assert sum(line["miss"] for line in lines) == rule_value(NINE_WORDS, "----", 0, 1)
    assert len({line["guess"] for line in lines}) == len(lines)


def test_ai_interactive_says_each_letter_and_why(tmp_path: Path) -> None:
    path = word_file(tmp_path, SEVEN)
    stdout = io.StringIO()
    call_command(
        "play",
        *("--words-file", str(path), "--length", "3", "--misses", "8"),
        *("--difficulty", "fiendish", "--seed", "2", "--ai"),
        stdin=io.StringIO("n\n"),
        stdout=stdout,
    )
    text = stdout.getvalue()
    assert (
        "The computer guesses 'a'. A finishes the 7 words with at most 2 more wrong guesses, "
        "whatever the computer keeps." in text
    )
    assert "The computer guesses 's'. Only one word is left: S is in it." in text
    assert "The computer wins! The word was 'avs'." in text
    assert "Play again? (y/n): " in text
