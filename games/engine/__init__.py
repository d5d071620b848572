"""The engine: the rules, the word-makers and the guessers, in pure Python and NumPy.

The ground floor of the project: nothing here imports Django or any app of
the project (``tests/architecture/test_engine_imports.py`` checks it, and that
no module of the package imports another in a cycle). From the bottom up:

- ``errors``, ``lexicon``: the words of one length and their family codes;
- ``vocabulary``: which words a game plays on (the ranked variant);
- ``state``: a game's state, a guess's report;
- ``search``, ``lookahead``: searching ahead over word sets (fiendish's tools);
- ``makers/``: the word-makers, one per difficulty, and their registry;
- ``rules``: new game, apply a guess, restore, follow a stored move, replay;
- ``guesser``, ``par``, ``prior``: the computer as a player, par, and the challenge priors
  (a fallible model player's misses on a board, for its first rating).

The names the rest of the site uses are re-exported here
(``from games.engine import Lexicon, apply_guess``); the guessers are read as
``games.engine.guesser`` and ``games.engine.par``.
"""

from __future__ import annotations

from games.engine.errors import (
    EngineError,
    GameOverError,
    GuessError,
    InvalidLetterError,
    InvalidWordError,
    LexiconError,
    RepeatedLetterError,
    RepeatedWordError,
)
from games.engine.lexicon import ALPHABET, HIDDEN, MAX_WORD_LENGTH, Lexicon
from games.engine.makers import (
    MAKERS,
    PAR_DIFFICULTIES,
    RANKED_DIFFICULTIES,
    RULE_DIFFICULTIES,
    SEARCHING_DIFFICULTIES,
    Difficulty,
    GuesserModel,
    Reason,
    WordMaker,
    fair_word,
    maker_for,
    secret_word_index,
)
from games.engine.rules import (
    HonestGame,
    apply_guess,
    apply_word,
    dodge_and_hit,
    follow,
    honest_game,
    named_word,
    new_game,
    partition,
    replay,
    restore,
    second_hardest_due,
)
from games.engine.state import (
    Family,
    GameState,
    MoveReport,
    Status,
    family_rank_key,
    is_miss,
    is_word_move,
    misses_of,
    public_candidates,
)
from games.engine.vocabulary import (
    DAILY_VOCABULARY,
    FULL_VOCABULARY,
    RANKED_VOCABULARY,
    SECRET_VOCABULARY_MIN_WORDS,
    ranked_vocabulary,
    secret_vocabulary,
    seeded_tie_key,
)

__all__ = [
    "ALPHABET",
    "DAILY_VOCABULARY",
    "FULL_VOCABULARY",
    "HIDDEN",
    "MAKERS",
    "MAX_WORD_LENGTH",
    "PAR_DIFFICULTIES",
    "RANKED_DIFFICULTIES",
    "RANKED_VOCABULARY",
    "RULE_DIFFICULTIES",
    "SEARCHING_DIFFICULTIES",
    "SECRET_VOCABULARY_MIN_WORDS",
    "Difficulty",
    "EngineError",
    "Family",
    "GameOverError",
    "GameState",
    "GuessError",
    "GuesserModel",
    "HonestGame",
    "InvalidLetterError",
    "InvalidWordError",
    "Lexicon",
    "LexiconError",
    "MoveReport",
    "Reason",
    "RepeatedLetterError",
    "RepeatedWordError",
    "Status",
    "WordMaker",
    "apply_guess",
    "apply_word",
    "dodge_and_hit",
    "fair_word",
    "family_rank_key",
    "follow",
    "honest_game",
    "is_miss",
    "is_word_move",
    "maker_for",
    "misses_of",
    "named_word",
    "new_game",
    "partition",
    "public_candidates",
    "ranked_vocabulary",
    "replay",
    "restore",
    "second_hardest_due",
    "secret_vocabulary",
    "secret_word_index",
    "seeded_tie_key",
]
