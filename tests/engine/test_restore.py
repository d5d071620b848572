"""Restoring a game from its letters and pattern gives the state the word-maker reached."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given

from games.engine import EngineError, Lexicon, Status, follow, new_game, restore
from tests.conftest import NINE_WORDS
from tests.engine.test_properties import FAST, games, play_out


@FAST
@given(games())
def test_restore_from_the_pattern_equals_the_replay_after_every_guess(game: tuple) -> None:
    lexicon, max_misses, difficulty, seed, _ = game
    for _, _, after in play_out(*game):
        restored = restore(
            lexicon,
            max_misses=max_misses,
            difficulty=difficulty,
            seed=seed,
            moves=after.letters,
            pattern=after.pattern,
        )
        assert np.array_equal(restored.candidates, after.candidates)
        assert (restored.pattern, restored.misses, restored.status, restored.word) == (
            after.pattern,
            after.misses,
            after.status,
            after.word,
        )


@FAST
@given(games())
def test_following_each_stored_move_reaches_the_state_the_word_maker_left(game: tuple) -> None:
    lexicon, max_misses, difficulty, seed, _ = game
    state = new_game(lexicon, max_misses=max_misses, difficulty=difficulty, seed=seed)
    for _, report, after in play_out(*game):
        state = follow(state, report.letter, after.pattern)
        assert np.array_equal(state.candidates, after.candidates)
        assert (state.letters, state.pattern, state.misses) == (
            after.letters,
            after.pattern,
            after.misses,
        )


def test_restore_names_the_stored_word_of_a_lost_game() -> None:
    lexicon = Lexicon(NINE_WORDS)
    state = restore(
        lexicon, max_misses=1, difficulty="hard", seed=3, moves="e", pattern="----", word="good"
    )
    assert state.status is Status.LOST
    assert state.word == "good"
    assert state.candidate_words() == ["ally", "cool", "good"]


@pytest.mark.parametrize(
    ("letters", "pattern", "message"),
    [
        ("e", "---", "not 4 letters long"),
        ("ee", "----", "distinct letters"),
        ("o", "-oo-x", "not 4 letters long"),
        ("e", "-o--", "was not guessed"),
        ("o", "o---", "no word of this lexicon fits"),
    ],
)
def test_restore_refuses_a_state_no_game_can_reach(
    letters: str, pattern: str, message: str
) -> None:
    with pytest.raises(EngineError, match=message):
        restore(
            Lexicon(NINE_WORDS),
            max_misses=8,
            difficulty="hard",
            seed=0,
            moves=letters,
            pattern=pattern,
        )
