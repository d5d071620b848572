"""The ladder's player models: no word-maker plans with them, and each plays a legal game."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from games.engine import Lexicon, apply_guess, new_game
from games.engine.players import PLAYERS, HumanModel, letter_order
from tests.engine.alphabets import RUSSIAN, russian_lexicon

ROOT = Path(__file__).resolve().parents[2]
PLAYERS_MODULE = "games.engine.players"


def imports_of(path: Path, package: str | None = None) -> set[str]:
    """Every absolute module named in an import anywhere in ``path`` (relative ones resolved)."""
    if package is None:
        package = ".".join(path.relative_to(ROOT).with_suffix("").parts[:-1])
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found |= {alias.name for alias in node.names}
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                anchor = package.split(".")[: len(package.split(".")) - (node.level - 1)]
                base = ".".join([*anchor, base] if base else anchor)
            found.add(base)
            found |= {f"{base}.{alias.name}" for alias in node.names}
    return found


def test_no_module_of_the_site_imports_the_player_models():
    """Only the benches and tests use them: a word-maker that planned with them would be
    measured by the very players it was tuned on."""
    offenders = [
        str(path.relative_to(ROOT))
        for package in ("games", "accounts", "api", "classes", "daily", "dictionaries", "ratings")
        for path in sorted((ROOT / package).rglob("*.py"))
        if path.name != "players.py" and PLAYERS_MODULE in imports_of(path)
    ]
    assert offenders == []


def test_the_check_would_see_an_import(tmp_path):
    absolute = tmp_path / "absolute.py"
    absolute.write_text("from games.engine.players import PLAYERS\n", encoding="utf-8")
    relative = tmp_path / "relative.py"
    relative.write_text("from .. import players\n", encoding="utf-8")
    assert PLAYERS_MODULE in imports_of(absolute, "games.engine.makers")
    assert PLAYERS_MODULE in imports_of(relative, "games.engine.makers")


def test_two_models_are_held_out_and_the_names_are_distinct():
    assert sum(model.held_out for model in PLAYERS) == 2
    assert len({model.name for model in PLAYERS}) == len(PLAYERS)


WORDS = [
    "about", "above", "actor", "acute", "admit", "adopt", "adult", "after", "again", "agent",
    "agree", "ahead", "alarm", "album", "alert", "alike", "alive", "allow", "alone", "along",
    "zebra", "zesty", "quack", "jumpy", "vivid", "fuzzy", "pygmy", "lynch", "crypt", "nymph",
]  # fmt: skip


@pytest.mark.parametrize("model", PLAYERS, ids=lambda model: model.name)
def test_every_model_finishes_a_game_and_plays_the_same_way_twice(model):
    lexicon = Lexicon(WORDS)
    lexicon.set_familiarity([5.0 - 0.1 * index for index in range(len(lexicon))])
    games = []
    for _ in range(2):
        guess = model.build(lexicon, 7)
        state = new_game(lexicon, max_misses=26, difficulty="hard", seed=7)
        while not state.is_over:
            state, _ = apply_guess(state, guess(state))
        games.append(state.letters)
    assert games[0] == games[1]
    assert state.status.value == "won"


@pytest.mark.parametrize("model", PLAYERS, ids=lambda model: model.name)
def test_every_model_plays_russian_with_the_list_s_own_letter_order(model):
    lexicon = russian_lexicon(5)
    guess = model.build(lexicon, 7)
    state = new_game(lexicon, max_misses=len(RUSSIAN), difficulty="hard", seed=7)
    while not state.is_over:
        letter = guess(state)
        assert letter in RUSSIAN
        assert letter not in state.letters
        state, _ = apply_guess(state, letter)
    assert state.status.value == "won"


def test_the_letter_order_comes_from_the_list_not_from_english():
    lexicon = russian_lexicon(5)
    order = "".join(lexicon.alphabet[index] for index in letter_order(lexicon))
    assert sorted(order) == sorted(RUSSIAN)
    assert order[0] in "оае"  # the commonest Russian letters lead
    model = HumanModel(list(lexicon.words), lexicon.alphabet)
    assert model.by_frequency[0] in "оае"
    assert model.lexicon is not None
    assert model.lexicon.alphabet == RUSSIAN


def test_the_human_model_breaks_ties_in_alphabetical_order_in_english():
    assert HumanModel(["bad", "cab"]).by_frequency[:4] == ["a", "b", "c", "d"]
