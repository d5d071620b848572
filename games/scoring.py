"""Leaderboard points: a win is worth more under harder settings, and only the best one counts.

Fewer wrong guesses allowed and a harder difficulty both multiply the points
of a win; a loss (including a forfeit) is worth nothing. The number is stored
on the game when it ends. The engine is deterministic, so a winning sequence of
letters wins again every time: a player's score in a category (dictionary,
length, difficulty) is therefore their best win there, and the overall score
the sum of those bests (``games/leaderboard_totals.py``). Repeating a win adds
nothing; a better win, or a win in a new category, does.
"""

from __future__ import annotations

from games.engine import MAKERS, maker_for
from games.models import MAX_WRONG_GUESSES

# Each ranked difficulty's weight, as its word-maker says (games/engine/makers/). The registry
# refuses, at import, a ranked word-maker without a weight, so a win can always be scored.
DIFFICULTY_WEIGHT: dict[str, int] = {
    maker.name: maker.weight for maker in MAKERS if maker.ranked and maker.weight is not None
}


def win_points(*, difficulty: str, max_misses: int) -> int:
    """Points for one ranked win: weight * (27 - wrong guesses allowed)."""
    weight = maker_for(difficulty).weight
    if weight is None:
        raise ValueError(f"{difficulty} games are never ranked, so never scored")
    return weight * (MAX_WRONG_GUESSES + 1 - max_misses)
