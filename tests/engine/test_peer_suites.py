"""Other people's suites for the same assignments, replayed number for number.

Every game runs twice: through the engine, and through ``manage.py play --json
--words-file`` (the console's machine mode, with no database), and both must
match the courses' families, words-left counts and patterns.
"""

from __future__ import annotations

import io
import json
from collections import defaultdict
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from django.core.management import call_command

from games.engine import Lexicon, apply_guess, new_game
from tests.conftest import read_word_file, shared_data_path

CS314_DIFFICULTY = {0: "easy", 1: "medium", 2: "hard"}
Player = Callable[..., list[dict[str, Any]]]


class WordFile:
    """One shared word list: its path, and its lexicons built once per length."""

    def __init__(self, *parts: str) -> None:
        self.path: Path = shared_data_path(*parts)
        self.words = read_word_file(self.path)
        self.buckets: dict[int, list[str]] = defaultdict(list)
        for word in self.words:
            self.buckets[len(word)].append(word)
        self._lexicons: dict[int, Lexicon] = {}

    def lexicon(self, length: int) -> Lexicon:
        if length not in self._lexicons:
            self._lexicons[length] = Lexicon(self.buckets[length])
        return self._lexicons[length]


@pytest.fixture(scope="module")
def cs314() -> WordFile:
    return WordFile("cs314", "dictionary.txt")


@pytest.fixture(scope="module")
def cs314_games() -> list[dict[str, Any]]:
    path = shared_data_path("cs314", "student-tests.json")
    return json.loads(path.read_text(encoding="utf-8"))


@pytest.fixture(scope="module")
def ospd() -> WordFile:
    return WordFile("ospd", "dictionary.txt")


@pytest.fixture(scope="module")
def py_course() -> WordFile:
    return WordFile("py_evil_hangman", "dictionary.txt")


def play_with_engine(
    words: WordFile, *, length: int, misses: int, difficulty: str, seed: int, letters: str
) -> list[dict[str, Any]]:
    """The JSON lines of the game, until the letters or the game run out."""
    state = new_game(words.lexicon(length), max_misses=misses, difficulty=difficulty, seed=seed)
    lines = []
    for letter in letters:
        state, report = apply_guess(state, letter)
        lines.append(report.as_json())
        if state.is_over:
            break
    return lines


def play_with_command(
    words: WordFile, *, length: int, misses: int, difficulty: str, seed: int, letters: str
) -> list[dict[str, Any]]:
    stdout, stderr = io.StringIO(), io.StringIO()
    call_command(
        "play",
        "--words-file",
        str(words.path),
        "--length",
        str(length),
        "--misses",
        str(misses),
        "--difficulty",
        difficulty,
        "--seed",
        str(seed),
        "--json",
        stdin=io.StringIO("".join(f"{letter}\n" for letter in letters)),
        stdout=stdout,
        stderr=stderr,
    )
    assert stderr.getvalue() == "", "these word lists are clean: nothing may be skipped"
    return [json.loads(line) for line in stdout.getvalue().splitlines()]


@pytest.fixture(params=["engine", "command"])
def play(request: pytest.FixtureRequest) -> Player:
    return play_with_engine if request.param == "engine" else play_with_command


# -- CS314: the auto-tester's 22 games ---------------------------------------


def test_cs314_dictionary_facts(cs314: WordFile) -> None:
    assert len(cs314.words) == len(set(cs314.words)) == 45_347
    assert len(cs314.lexicon(5)) == 4_168
    assert len(cs314.lexicon(10)) == 4_591


def test_cs314_suite_has_its_22_games(cs314_games: list[dict[str, Any]]) -> None:
    assert [game["test"] for game in cs314_games] == list(range(1, 23))
    assert {game["difficulty"] for game in cs314_games} == {0, 1, 2}


@pytest.mark.parametrize("index", range(22), ids=lambda index: f"game{index + 1}")
def test_cs314_auto_tester_game(
    index: int, cs314: WordFile, cs314_games: list[dict[str, Any]], play: Player
) -> None:
    game = cs314_games[index]
    assert len(cs314.lexicon(game["length"])) == game["num_words"]
    assert game["start"] == "-" * game["length"]
    lines = play(
        cs314,
        length=game["length"],
        misses=game["misses"],
        difficulty=CS314_DIFFICULTY[game["difficulty"]],
        seed=index,
        letters=game["letters"],
    )
    steps = game["steps"]
    assert 1 <= len(lines) <= len(steps)
    for number, (line, step) in enumerate(zip(lines, steps, strict=False), start=1):
        where = f"game {game['test']}, guess {number} ({line['guess']!r})"
        assert line["accepted"], where
        assert line["families"] == step["families"], where
        assert line["words_left"] == step["words_left"], where
        assert line["pattern"] == step["pattern"], where
    last = lines[-1]
    if last["status"] == "won":
        assert len(lines) == len(steps)
        assert last["word"] == last["pattern"]
    elif last["status"] == "lost":
        # The tester keeps guessing after a loss; our game stops there.
        assert last["misses_left"] == 0
        assert "-" in last["pattern"]
    else:
        assert len(lines) == len(steps) == len(game["letters"])


def test_cs314_suite_covers_wins_losses_and_games_in_progress(
    cs314: WordFile, cs314_games: list[dict[str, Any]]
) -> None:
    statuses = [
        play_with_engine(
            cs314,
            length=game["length"],
            misses=game["misses"],
            difficulty=CS314_DIFFICULTY[game["difficulty"]],
            seed=0,
            letters=game["letters"],
        )[-1]["status"]
        for game in cs314_games
    ]
    assert statuses.count("won") == 5
    assert statuses.count("lost") == 4
    assert statuses.count("playing") == 13


# -- seed 003: transcripts on the OSPD dictionary ------------------------------


def test_ospd_dictionary_facts(ospd: WordFile) -> None:
    assert len(ospd.words) == len(set(ospd.words)) == 127_142
    assert len(ospd.lexicon(2)) == 94
    assert len(ospd.lexicon(3)) == 962


def test_ospd_two_letter_transcript(ospd: WordFile, play: Player) -> None:
    lines = play(ospd, length=2, misses=10, difficulty="hard", seed=3, letters="aeiouhspmnt")
    assert [line["words_left"] for line in lines[:10]] == [68, 49, 36, 14, 6, 5, 4, 3, 2, 1]
    assert lines[4]["pattern"] == "u-"
    assert len(lines) == 11
    assert (lines[-1]["status"], lines[-1]["pattern"], lines[-1]["word"]) == ("won", "ut", "ut")


def test_ospd_three_letter_transcript(ospd: WordFile, play: Player) -> None:
    letters = "aeiotbmnrscpwvluyhjfgz"
    lines = play(ospd, length=3, misses=20, difficulty="hard", seed=3, letters=letters)
    assert [line["words_left"] for line in lines[:4]] == [666, 452, 311, 140]
    assert lines[3]["pattern"] == "-o-"
    assert len(lines) == len(letters)
    last = lines[-1]
    assert (last["status"], last["pattern"], last["words_left"]) == ("lost", "go-", 2)
    assert last["word"] in {"god", "gox"}


def test_ospd_three_letter_game_ends_with_god_and_gox(ospd: WordFile) -> None:
    state = new_game(ospd.lexicon(3), max_misses=20, difficulty="hard", seed=3)
    for letter in "aeiotbmnrscpwvluyhjfgz":
        state, _ = apply_guess(state, letter)
    assert state.candidate_words() == ["god", "gox"]
    assert state.word in {"god", "gox"}


# -- seed 001: the course's tests on its own dictionary -----------------------


def test_py_course_dictionary_facts(py_course: WordFile) -> None:
    assert len(py_course.words) == len(set(py_course.words)) == 113_572


def test_py_course_five_letters_vowels(py_course: WordFile, play: Player) -> None:
    lines = play(py_course, length=5, misses=25, difficulty="hard", seed=1, letters="aeiou")
    assert len(lines) == 5
    assert lines[-1]["words_left"] == 287


def test_py_course_six_letters_down_to_peyote(py_course: WordFile, play: Player) -> None:
    consonants = "asdfghjklzxcvbnmrpw"
    lines = play(
        py_course, length=6, misses=25, difficulty="hard", seed=1, letters=consonants + "et"
    )
    assert len(lines) == len(consonants) + 2
    after_consonants, after_e, after_t = lines[-3:]
    assert (after_consonants["pattern"], after_consonants["words_left"]) == ("p-----", 5)
    assert (after_e["pattern"], after_t["pattern"]) == ("pe---e", "pe--te")
    assert after_t["words_left"] == 1
    assert after_t["status"] == "playing"


def test_py_course_six_letter_families(py_course: WordFile) -> None:
    state = new_game(py_course.lexicon(6), max_misses=25, difficulty="hard", seed=1)
    for letter in "asdfghjklzxcvbnmrpw":
        state, _ = apply_guess(state, letter)
    assert state.candidate_words() == ["petite", "peyote", "piquet", "putout", "puttee"]
    for letter in "et":
        state, _ = apply_guess(state, letter)
    assert state.candidate_words() == ["peyote"]
