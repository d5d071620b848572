"""The engine state of a stored game, rebuilt by replay.

The game row (settings, seed, letters) is the whole state; any process can
rebuild the candidates from the cached lexicon in well under a millisecond.
"""

from __future__ import annotations

from dictionaries.wordbank import get_lexicon
from games import engine
from games.models import Game


def game_state(game: Game, *, after_move: int | None = None) -> engine.GameState:
    """The engine state of a stored game, replayed from its letters (or their first moves)."""
    lexicon = get_lexicon(dictionary_id=game.dictionary_id, length=game.length)
    state, _ = engine.replay(
        lexicon,
        max_misses=game.max_misses,
        difficulty=game.difficulty,
        seed=game.seed,
        letters=game.letters if after_move is None else game.letters[:after_move],
    )
    return state
