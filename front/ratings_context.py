"""What the ratings add to play's pages, read from the ratings' selectors directly.

On the new-game form: the chosen board's rating and the player's odds on it. On a
finished ranked game: what it did to the rating, or why it did not count.
"""

from __future__ import annotations

from typing import Any

from django.http import HttpRequest

from games.models import MAX_WRONG_GUESSES, RANKED_DIFFICULTIES, Game
from games.selectors.board import ParInfo
from ratings.selectors import board_outlook, game_change, game_outlook


def rating_change(game: Game) -> dict[str, Any]:
    """What the game did to its player's rating, once it is over; or why it changed nothing."""
    if not game.is_over or not game.is_ranked or game.finished_at is None:
        return {}
    change = game_change(game)
    if change is not None:
        return {"rating_change": change}
    return {"rating_skipped": game_outlook(game)}


def chosen_board_rating(request: HttpRequest, board: ParInfo) -> dict[str, Any]:
    """The rating of the board the new-game form shows, once it names a whole board that
    the player's game would be ranked on (``ParInfo.would_be_ranked``: the rule that starts
    a ranked game, so never for a guest, an unranked difficulty or a list too short to rank).

    Half-typed or crafted settings (an unranked difficulty, wrong guesses out of range)
    name no board: nothing is shown, and nothing is read for them.
    """
    if (
        not board.would_be_ranked
        or board.dictionary_id is None
        or board.length is None
        or board.max_misses is None
        or not 1 <= board.max_misses <= MAX_WRONG_GUESSES
        or board.difficulty not in RANKED_DIFFICULTIES
    ):
        return {}
    return {
        "board_outlook": board_outlook(
            player=request.user,
            dictionary_id=board.dictionary_id,
            length=board.length,
            max_misses=board.max_misses,
            difficulty=board.difficulty,
        )
    }
