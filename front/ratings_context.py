"""What the ratings add to play's pages, read from the ratings' selectors directly.

On the new-game form: the chosen challenge's rating and the player's odds on it. On a
finished ranked game: what it did to the rating, or why it did not count.
"""

from __future__ import annotations

from typing import Any

from django.http import HttpRequest

from games.models import MAX_WRONG_GUESSES, RANKED_DIFFICULTIES, Game
from games.selectors.board import ParInfo
from ratings.selectors import challenge_outlook, game_change, game_outlook


def rating_change(game: Game) -> dict[str, Any]:
    """What the game did to its player's rating, once it is over; or why it changed nothing."""
    if not game.is_over or not game.is_ranked or game.finished_at is None:
        return {}
    change = game_change(game)
    if change is not None:
        return {"rating_change": change}
    return {"rating_skipped": game_outlook(game)}


def chosen_challenge_rating(request: HttpRequest, challenge: ParInfo) -> dict[str, Any]:
    """The rating of the challenge the new-game form shows, once it names a whole one that
    the player's game would be ranked on (``ParInfo.would_be_ranked``: the rule that starts
    a ranked game, so never for a guest, an unranked difficulty or a list too short to rank).

    Half-typed or crafted settings (an unranked difficulty, wrong guesses out of range)
    name no challenge: nothing is shown, and nothing is read for them.
    """
    if (
        not challenge.would_be_ranked
        or challenge.dictionary_id is None
        or challenge.length is None
        or challenge.max_misses is None
        or not 1 <= challenge.max_misses <= MAX_WRONG_GUESSES
        or challenge.difficulty not in RANKED_DIFFICULTIES
    ):
        return {}
    return {
        "challenge_outlook": challenge_outlook(
            player=request.user,
            dictionary_id=challenge.dictionary_id,
            length=challenge.length,
            max_misses=challenge.max_misses,
            difficulty=challenge.difficulty,
        )
    }
