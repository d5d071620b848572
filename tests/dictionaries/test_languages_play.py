"""End to end in other alphabets: an imported list's words reach the engine with the
dictionary's alphabet, and a game on them takes its letters (ñ, á, ё, ß)."""

from __future__ import annotations

import pytest

from dictionaries.hooks import after_import_steps
from dictionaries.languages import KEEP
from dictionaries.services import dictionary_import
from dictionaries.wordbank import get_lexicon
from games import engine
from games.models import Par

pytestmark = pytest.mark.django_db


def imported(lines: str, tag: str, accents: str = "") -> engine.Lexicon:
    report = dictionary_import(
        name=f"Words {tag}", source=lines.encode(), language_tag=tag, accents=accents
    )
    dictionary = report.dictionary
    for step in after_import_steps():  # par and priors, as the worker runs them
        step(dictionary=dictionary, progress=None)
    assert Par.objects.filter(dictionary=dictionary).exists()
    lexicon = get_lexicon(dictionary_id=dictionary.pk, length=4)
    assert lexicon.alphabet == dictionary.alphabet
    return lexicon


def play(lexicon: engine.Lexicon, letters: str) -> engine.GameState:
    state = engine.new_game(lexicon, max_misses=10, difficulty="hard", seed=7)
    for letter in letters:
        state, _ = engine.apply_guess(state, letter)
    return state


def test_a_spanish_game_with_kept_accents_plays_n_tilde_and_a_acute() -> None:
    lexicon = imported("niño\nniña\nañil\nasís\nsaco\nmesa\nmano\ncaña\n", "es", KEEP)
    assert "ñ" in lexicon.alphabet
    assert "í" in lexicon.alphabet  # kept: a letter of its own, after i
    assert lexicon.alphabet.index("í") == lexicon.alphabet.index("i") + 1
    state = play(lexicon, "ñí")
    assert state.letters == ("ñ", "í")


def test_a_russian_game_plays_yo() -> None:
    lexicon = imported("ёлка\nёжик\nмама\nрыба\nкот\nдом\nсыры\n", "ru")
    assert len(lexicon.alphabet) == 33
    state = play(lexicon, "ёа")
    assert state.letters == ("ё", "а")


def test_a_german_game_plays_sharp_s() -> None:
    lexicon = imported("maß\nfuß\nspaß\ngruß\nhaus\nbaum\n", "de")
    assert "ß" in lexicon.alphabet
    state = play(lexicon, "ß")
    assert state.letters == ("ß",)
