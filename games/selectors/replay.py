"""The engine state of a stored game, rebuilt from its moves and revealed pattern.

A game is its sequence of moves: the row (settings, seed, moves, pattern) is the whole
state, each move a letter or a whole word. The
candidates are brought back by :func:`games.engine.restore`, a filter that costs
the same whatever word-maker chose the families, so a guess never re-runs the
search of earlier guesses and any process can serve any request.
"""

from __future__ import annotations

from dictionaries.wordbank import get_lexicon
from games import engine
from games.models import Game, Move


def game_state(
    game: Game,
    *,
    after_move: int | None = None,
    pattern: str | None = None,
    lexicon: engine.Lexicon | None = None,
) -> engine.GameState:
    """The engine state of a stored game, now or after its first ``after_move`` moves.

    The one place a game's row becomes an engine state (the guess, the board, the
    reveal, the review, the AI's review). ``pattern``: the revealed pattern after
    ``after_move`` guesses when the caller has it already (else it is read from that
    move); ``lexicon``: the word list when the caller has loaded it for this game.
    """
    if lexicon is None:
        lexicon = get_lexicon(dictionary_id=game.dictionary_id, length=game.length)
    moves = game.moves
    shown = game.pattern
    if after_move is not None and after_move < len(moves):
        moves = moves[:after_move]
        if pattern is not None:
            shown = pattern
        elif after_move == 0:
            shown = engine.HIDDEN * game.length
        else:
            shown = Move.objects.values_list("pattern", flat=True).get(game=game, number=after_move)
    return engine.restore(
        lexicon,
        max_misses=game.max_misses,
        difficulty=game.difficulty,
        seed=game.seed,
        moves=moves,
        pattern=shown,
        seeded_ties=game.seeded_ties,
        vocabulary=game.vocabulary,
    )
