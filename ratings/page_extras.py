"""The rating change on a finished ranked game's board (registered in ``RatingsConfig.ready``)."""

from __future__ import annotations

from typing import Any

from django.http import HttpRequest

from games.models import Game
from ratings.selectors import game_change


def rating_change(request: HttpRequest, game: Game) -> dict[str, Any]:
    """What the game did to its player's rating, once it is over and was rated."""
    if not game.is_over or not game.is_ranked:
        return {}
    change = game_change(game)
    return {"rating_change": change} if change is not None else {}
