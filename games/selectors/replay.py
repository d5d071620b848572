"""The engine state of a stored game, rebuilt from its letters and revealed pattern.

The game row (settings, seed, letters, pattern) is the whole state. The
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
    """The engine state of a stored game, now or after its first ``after_move`` guesses.

    The one place a game's row becomes an engine state (the guess, the board, the
    reveal, the review, the AI's review). ``pattern``: the revealed pattern after
    ``after_move`` guesses when the caller has it already (else it is read from that
    move); ``lexicon``: the word list when the caller has loaded it for this game.
    """
    if lexicon is None:
        lexicon = get_lexicon(dictionary_id=game.dictionary_id, length=game.length)
    letters = game.letters
    shown = game.pattern
    if after_move is not None and after_move < len(letters):
        letters = letters[:after_move]
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
        letters=letters,
        pattern=shown,
        seeded_ties=game.seeded_ties,
        vocabulary=game.vocabulary,
    )


def replay_mismatches(game: Game) -> list[str]:
    """What differs between a stored game and its word-maker re-run over its letters.

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
        letters=game.letters,
        seeded_ties=game.seeded_ties,
        vocabulary=game.vocabulary,
    )
    problems: list[str] = []
    moves = list(Move.objects.filter(game=game).order_by("number"))
    if len(moves) != len(reports):
        problems.append(f"{len(moves)} moves stored for {len(reports)} letters")
    for move, report in zip(moves, reports, strict=False):
        stored = (
            move.letter,
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
            problems.append(f"move {move.number} ({move.letter}) differs from its replay")
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
    """A won game names its pattern; a lost one the familiar draw (games/selectors/familiar.py),
    or, finished before that draw existed, the rules' own (``engine.named_word``)."""
    if game.status != engine.Status.LOST.value:
        return {engine.named_word(state)}
    from games.selectors.familiar import familiar_named_word  # it reads game_state from here

    return {familiar_named_word(game), engine.named_word(state)}
