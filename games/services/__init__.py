"""Every write to games, by sub-domain; each runs in one transaction.

- ``start``: a new game from a ``GameSettings`` value (``game_create`` makes every row:
  play, a visitor's game, the computer's games, the daily puzzle, assignments, the API);
- ``play``: a game in progress (guess, the computer's move, undo, hint, forfeit);
- ``abandon``: ranked games left past ``RANKED_ABANDON_AFTER``, finished as losses;
- ``par``: the par table;
- ``errors``: the refusals, whose messages are shown to the player.

Callers import from here (``from games import services``); the names below are the
package's public surface.
"""

from __future__ import annotations

from games.services.abandon import abandoned_games_expire
from games.services.errors import (
    DIFFICULTY_CHOICE_MESSAGE,
    NOT_OFFERED_MESSAGE,
    GameAbandonedError,
    GameAlreadyStartedError,
    GameInProgressError,
    GameRuleError,
    GameShownError,
    GuessRejectedError,
    HintRefusedError,
    StaleBoardError,
    UndoRefusedError,
    not_offered_without_frequencies_message,
)
from games.services.par import ParOutcome, par_compute
from games.services.play import (
    HINT_NODES,
    ComputerMove,
    GuessOutcome,
    HintOutcome,
    UndoOutcome,
    computer_move,
    game_forfeit,
    game_guess,
    game_hint,
    game_undo,
)
from games.services.prior import ChallengePriorOutcome, challenge_priors_compute
from games.services.start import (
    SEED_BITS,
    GameSettings,
    computer_game_start,
    computer_replay_start,
    game_create,
    game_start,
    guest_game_start,
    replay_waits,
    settings_check,
    settings_lexicon_load,
    start_token_check,
    would_be_ranked,
)

__all__ = [
    "DIFFICULTY_CHOICE_MESSAGE",
    "HINT_NODES",
    "NOT_OFFERED_MESSAGE",
    "SEED_BITS",
    "ChallengePriorOutcome",
    "ComputerMove",
    "GameAbandonedError",
    "GameAlreadyStartedError",
    "GameInProgressError",
    "GameRuleError",
    "GameSettings",
    "GameShownError",
    "GuessOutcome",
    "GuessRejectedError",
    "HintOutcome",
    "HintRefusedError",
    "ParOutcome",
    "StaleBoardError",
    "UndoOutcome",
    "UndoRefusedError",
    "abandoned_games_expire",
    "challenge_priors_compute",
    "computer_game_start",
    "computer_move",
    "computer_replay_start",
    "game_create",
    "game_forfeit",
    "game_guess",
    "game_hint",
    "game_start",
    "game_undo",
    "guest_game_start",
    "locked_game_forfeit",
    "not_offered_without_frequencies_message",
    "par_compute",
    "replay_waits",
    "settings_check",
    "settings_lexicon_load",
    "start_token_check",
    "would_be_ranked",
]
