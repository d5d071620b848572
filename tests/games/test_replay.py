"""One rebuild of a game's engine state from its row: ``games.selectors.replay.game_state``."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from dictionaries.wordbank import get_lexicon
from games import engine
from games.models import Move
from games.selectors.replay import game_state
from tests.conftest import NINE_WORDS
from tests.factories import DictionaryFactory, UserFactory
from tests.records.support import play

ROOT = Path(__file__).resolve().parents[2]
APPS = ("accounts", "api", "classes", "daily", "core", "dictionaries", "games", "records")
# Restores a position from another position's state (the daily's shared answers walk the
# game tree), never from a game's row.
FROM_A_STATE = {"daily/answers.py"}


def test_only_game_state_turns_a_row_into_an_engine_state() -> None:
    restoring = {
        path.relative_to(ROOT).as_posix()
        for app in APPS
        for path in (ROOT / app).rglob("*.py")
        if "engine" not in path.relative_to(ROOT).parts[1:2]  # the engine's own
        and re.search(r"\bengine\.restore\(", path.read_text())
    }
    assert restoring == {"games/selectors/replay.py", *FROM_A_STATE}


@pytest.mark.django_db
def test_a_past_position_is_the_same_whether_its_pattern_is_given_or_read() -> None:
    dictionary = DictionaryFactory(words=list(NINE_WORDS))
    game = play(player=UserFactory(), dictionary=dictionary, letters="eotz", seed=5)
    lexicon = get_lexicon(dictionary_id=game.dictionary_id, length=game.length)
    for move in Move.objects.filter(game=game).order_by("number"):
        read = game_state(game, after_move=move.number)
        given = game_state(game, after_move=move.number, pattern=move.pattern, lexicon=lexicon)
        assert (given.pattern, given.letters, given.words_left) == (
            read.pattern,
            read.letters,
            read.words_left,
        )
        assert list(given.candidates) == list(read.candidates)
    before = game_state(game, after_move=0)
    assert before.pattern == engine.HIDDEN * game.length
    assert not before.letters
