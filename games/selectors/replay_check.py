"""The check of a stored game against its word-maker re-run over its moves.

Guesses never re-run the word-maker (``games.selectors.replay.game_state`` restores the
state by a filter), so ``manage.py check_games`` and the tests ask this whether the stored
history is what the rules and the game's seed produce. It reads the familiar draw of a
lost game's word (``games.selectors.familiar``), which itself reads ``game_state``: this
module sits above both, so neither imports the other back.
"""

from __future__ import annotations

from dictionaries.wordbank import get_lexicon
from games import engine
from games.models import Game, Move
from games.selectors.familiar import familiar_named_word
from games.selectors.replay import game_state


def replay_mismatches(game: Game) -> list[str]:
    """What differs between a stored game and its word-maker re-run over its moves.

    Guesses never re-run the word-maker for earlier moves (see :func:`game_state`),
    so this is the check that the stored history is what the rules and the
    game's seed produce: every move's families, kept family and pattern, and
    the game's state. Empty when they agree.
    """
    lexicon = get_lexicon(dictionary_id=game.dictionary_id, length=game.length)
    state, reports = engine.replay(
        lexicon,
        max_misses=game.max_misses,
        difficulty=game.difficulty,
        seed=game.seed,
        moves=game.moves,
        seeded_ties=game.seeded_ties,
        vocabulary=game.vocabulary,
    )
    problems: list[str] = []
    letter_moves = "".join(move for move in game.moves if not engine.is_word_move(move))
    if game.letters != letter_moves:
        problems.append(f"letters: stored {game.letters!r}, the moves' {letter_moves!r}")
    moves = list(Move.objects.filter(game=game).order_by("number"))
    if len(moves) != len(reports):
        problems.append(f"{len(moves)} move rows stored for {len(reports)} moves")
    for move, report in zip(moves, reports, strict=False):
        stored = (
            move.guess,
            move.miss,
            move.pattern,
            move.kept_size,
            move.kept_rank,
            [tuple(family) for family in move.families],
        )
        replayed = (
            report.letter,
            report.miss,
            report.pattern,
            report.words_left,
            report.kept_rank,
            [(family.pattern, family.size) for family in report.families],
        )
        if stored != replayed:
            problems.append(f"move {move.number} ({move.guess}) differs from its replay")
    restored = game_state(game)
    expected_status = state.status.value
    if game.forfeited and state.status is engine.Status.PLAYING:
        expected_status = engine.Status.LOST.value  # a forfeit ends a game the rules had not
    comparisons = {
        "pattern": (game.pattern, state.pattern, restored.pattern),
        "misses": (game.misses, state.misses, restored.misses),
        "words left": (game.words_left, state.words_left, restored.words_left),
        "status": (game.status, expected_status, expected_status),
    }
    for name, (stored_value, replayed_value, restored_value) in comparisons.items():
        if not stored_value == replayed_value == restored_value:
            problems.append(
                f"{name}: stored {stored_value!r}, replayed {replayed_value!r}, "
                f"restored {restored_value!r}"
            )
    if game.is_over and game.word not in _words_it_may_name(game, state):
        problems.append(f"word: stored {game.word!r}, replayed {engine.named_word(state)!r}")
    return problems


def _words_it_may_name(game: Game, state: engine.GameState) -> set[str]:
    """A won game names its pattern; a lost one the familiar draw (games/selectors/familiar.py)
    with the blocklist as it is now or as it was before any word was blocked, or, finished
    before that draw existed, the rules' own (``engine.named_word``)."""
    if game.status != engine.Status.LOST.value:
        return {engine.named_word(state)}
    return {
        familiar_named_word(game),
        familiar_named_word(game, blocked=frozenset()),
        engine.named_word(state),
    }
