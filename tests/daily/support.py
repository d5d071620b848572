"""What the daily tests share: a default dictionary of made-up words, playing a game out.

The words use eight rare letters only, so a word found in a page can only be a
leak, never an accident of the markup.
"""

from __future__ import annotations

import datetime as dt
import random
from typing import Any

from django.utils import timezone

from daily.models import DailyGame, DailyPuzzle
from daily.selectors import day_end, utc_today
from daily.services import daily_attempt_start, daily_puzzle_ensure
from dictionaries.models import Dictionary
from games import services
from games.models import CountsAs, Game
from tests.factories import DictionaryFactory

RARE_LETTERS = "qzxvjkwf"
# Guessing these first finishes any game on the made-up words quickly.
PLAY_ORDER = RARE_LETTERS + "".join(c for c in "etaoinshrdlucmpgyb" if c not in RARE_LETTERS)
WORD_LENGTH = 7


def made_up_words(count: int = 60, *, length: int = WORD_LENGTH, seed: int = 1) -> list[str]:
    rng = random.Random(seed)
    words: set[str] = set()
    while len(words) < count:
        words.add("".join(rng.choice(RARE_LETTERS) for _ in range(length)))
    return sorted(words)


def daily_dictionary(**overrides: Any) -> Dictionary:
    """The default dictionary, of made-up 7-letter words: every daily puzzle is 7 letters."""
    fields: dict[str, Any] = {
        "words": made_up_words(),
        "name": "Made up",
        "slug": "made-up",
        "is_default": True,
    }
    fields.update(overrides)
    return DictionaryFactory(**fields)


def todays_puzzle() -> DailyPuzzle:
    return daily_puzzle_ensure(day=utc_today())


def play_out(game: Game, letters: str = PLAY_ORDER) -> Game:
    """Guess ``letters`` in order (those not guessed yet) until the game is over."""
    for letter in letters:
        game.refresh_from_db()
        if game.is_over:
            break
        if letter in game.letters:
            continue
        services.game_guess(game_id=game.pk, player=game.player, letter=letter)
    game.refresh_from_db()
    assert game.is_over
    return game


def finished_attempt(player: Any, puzzle: DailyPuzzle, letters: str = PLAY_ORDER) -> Game:
    return play_out(daily_attempt_start(player=player, puzzle=puzzle), letters)


def attempt_row(player: Any, puzzle: DailyPuzzle, *, linked: bool = True, **fields: Any) -> Game:
    """A finished ranked attempt written directly (solved unless ``status`` says otherwise),
    finished now, or at the last second of a past puzzle's day (to be on its board), with
    its link row. Unranked (``is_ranked=False``), it is practice of the puzzle; not
    ``linked``, a game of the same board that is no daily's."""
    from tests.factories import FinishedGameFactory

    board = puzzle
    values: dict[str, Any] = {
        "player": player,
        "dictionary": board.dictionary,
        "length": board.length,
        "max_misses": board.max_misses,
        "difficulty": board.difficulty,
        "seed": board.seed,
        "seeded_ties": True,
        "letters": "qzx",
        "finished_at": min(timezone.now(), day_end(board.date) - dt.timedelta(seconds=1)),
    }
    values.update(fields)
    attempt = linked and values.get("is_ranked", True)
    if linked:
        values.setdefault("counts_as", CountsAs.ONE_ATTEMPT if attempt else CountsAs.NOTHING)
    game = FinishedGameFactory(**values)
    if linked:
        DailyGame.objects.create(game=game, puzzle=puzzle, attempt_by=player if attempt else None)
    return game
