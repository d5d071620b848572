"""The games app's models, one module per part (Django finds them all through this package):

- ``game``: the game's row, its choices and the settings fields it shares;
- ``moves``: its history, the moves and the hints;
- ``totals``: the leaderboards' totals kept as ranked games finish;
- ``par``: par and the challenge priors, computed offline;
- ``functions``: the database functions its queries and indexes share.

Every name is imported from ``games.models`` as before the split.
"""

from games.models.functions import JSONArrayLength
from games.models.game import (
    COUNTS_AS_MAX_LENGTH,
    DIFFICULTY_MAX_LENGTH,
    LEADERBOARD_GAMES,
    MAX_HINTS,
    MAX_WRONG_GUESSES,
    ONE_ATTEMPT_BOARD_GAMES,
    PLAYED_BY_PLAYER,
    RANKED_DIFFICULTIES,
    RULE_DIFFICULTIES,
    UNRANKED_DIFFICULTIES,
    CountsAs,
    Difficulty,
    Game,
    GameSettingsFields,
    Reason,
    Status,
)
from games.models.moves import Hint, Move
from games.models.par import ChallengePrior, Par
from games.models.totals import CategoryTotal, PlayerRecord, PlayerTotal

__all__ = [
    "COUNTS_AS_MAX_LENGTH",
    "DIFFICULTY_MAX_LENGTH",
    "LEADERBOARD_GAMES",
    "MAX_HINTS",
    "MAX_WRONG_GUESSES",
    "ONE_ATTEMPT_BOARD_GAMES",
    "PLAYED_BY_PLAYER",
    "RANKED_DIFFICULTIES",
    "RULE_DIFFICULTIES",
    "UNRANKED_DIFFICULTIES",
    "CategoryTotal",
    "ChallengePrior",
    "CountsAs",
    "Difficulty",
    "Game",
    "GameSettingsFields",
    "Hint",
    "JSONArrayLength",
    "Move",
    "Par",
    "PlayerRecord",
    "PlayerTotal",
    "Reason",
    "Status",
]
