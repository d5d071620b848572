"""Every write to games: start, guess, forfeit. Each runs in one transaction.

The database row (settings, seed, letters) is the whole state of a game; the
engine state is rebuilt by replaying the letters on the cached lexicon, so any
process can serve any request.
"""

from __future__ import annotations

import secrets
import uuid
from dataclasses import dataclass

from django.conf import settings
from django.contrib.auth.models import AbstractBaseUser
from django.db import IntegrityError, transaction
from django.utils import timezone

from dictionaries.models import Dictionary
from dictionaries.wordbank import EmptyBucketError, get_lexicon
from games import engine
from games.leaderboard_totals import leaderboard_totals_add
from games.models import MAX_WRONG_GUESSES, Difficulty, Game, Move, Status
from games.scoring import win_points
from games.selectors.replay import game_state

SEED_BITS = 62


class GameRuleError(Exception):
    """A request the rules refuse; the message is safe to show to the player."""

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message


class GameInProgressError(GameRuleError):
    """Starting a ranked game while another is in progress needs a confirmation."""

    def __init__(self, game: Game, *, changed: bool = False) -> None:
        super().__init__(
            "Your ranked game in progress is not the one you agreed to forfeit (it changed in "
            "another tab or window). Nothing was forfeited; confirm again."
            if changed
            else "You already have a ranked game in progress. Starting a new one forfeits it "
            "(it counts as a loss)."
        )
        self.game = game
        self.changed = changed


class GameAlreadyStartedError(GameRuleError):
    """The same new-game form was sent again (double click, resent page): its game exists."""

    def __init__(self, game: Game) -> None:
        super().__init__(
            f"That form had already started game {game.pk}; nothing else was started or "
            "forfeited. Here it is."
        )
        self.game = game


class GuessRejectedError(GameRuleError):
    """A guess refused by the rules; nothing was changed."""


class StaleBoardError(GuessRejectedError):
    """The guess came from a board that no longer shows the game (double submit, old tab)."""


@dataclass(frozen=True)
class GuessOutcome:
    game: Game
    move: Move
    report: engine.MoveReport


def game_start(
    *,
    player: AbstractBaseUser,
    dictionary: Dictionary,
    length: int,
    max_misses: int,
    difficulty: str,
    show_word_count: bool = False,
    forfeit_game_id: int | None = None,
    start_token: uuid.UUID | None = None,
    seed: int | None = None,
) -> Game:
    """Start a game; a ranked start forfeits the ranked game in progress only when confirmed.

    ``forfeit_game_id`` is the game the player saw and agreed to forfeit: if
    another game is in progress by now (a stale tab), nothing is forfeited.
    ``start_token`` comes with each new-game form: sent a second time, it
    starts nothing and forfeits nothing (``GameAlreadyStartedError``), so a
    double click cannot offer to forfeit the game it has just started.
    A bucket smaller than ``RANKED_MIN_WORDS`` is always unranked: a handful
    of words is a sure win, and ranking it would hand out free points.
    """
    _refuse_a_spent_start_token(player=player, start_token=start_token)
    if dictionary.is_hidden:
        raise GameRuleError("That dictionary is not offered for new games.")
    if not 1 <= max_misses <= MAX_WRONG_GUESSES:
        raise GameRuleError(f"Wrong guesses allowed must be between 1 and {MAX_WRONG_GUESSES}.")
    if difficulty not in Difficulty.values:
        raise GameRuleError("Choose a difficulty: easy, medium or hard.")
    try:
        lexicon = get_lexicon(dictionary_id=dictionary.pk, length=length)
    except EmptyBucketError:
        raise GameRuleError(f"{dictionary.name} has no words of length {length}.") from None
    is_ranked = not show_word_count and len(lexicon) >= settings.RANKED_MIN_WORDS
    with transaction.atomic():
        if is_ranked:
            current = (
                Game.objects.select_for_update()
                .filter(player=player, status=Status.PLAYING, is_ranked=True)
                .first()
            )
            # Again under the lock: a copy of this form sent at the same moment may have
            # started its game since the check above, and that game would now be
            # ``current``, offered for forfeiting instead of reported as started.
            _refuse_a_spent_start_token(player=player, start_token=start_token)
            if current is not None:
                if forfeit_game_id is None:
                    raise GameInProgressError(current)
                if forfeit_game_id != current.pk:
                    raise GameInProgressError(current, changed=True)
                _forfeit_locked(current)
        try:
            with transaction.atomic():
                return Game.objects.create(
                    player=player,
                    dictionary=dictionary,
                    length=length,
                    max_misses=max_misses,
                    difficulty=difficulty,
                    is_ranked=is_ranked,
                    seed=secrets.randbits(SEED_BITS) if seed is None else seed,
                    pattern=engine.HIDDEN * length,
                    words_left=len(lexicon),
                    start_token=start_token,
                )
        except IntegrityError:
            # Another request started a game in between: the same form sent twice at
            # once, or a ranked game started from another tab.
            _refuse_a_spent_start_token(player=player, start_token=start_token)
            raise GameRuleError(
                "Another ranked game was started at the same moment; open it from My games."
            ) from None


def _refuse_a_spent_start_token(*, player: AbstractBaseUser, start_token: uuid.UUID | None) -> None:
    if start_token is None:
        return
    started = Game.objects.filter(player=player, start_token=start_token).first()
    if started is not None:
        raise GameAlreadyStartedError(started)


def game_guess(
    *, game_id: int, player: AbstractBaseUser, letter: str, expected_guesses: int | None = None
) -> GuessOutcome:
    """Apply one guess under a row lock so simultaneous guesses are serialised.

    ``expected_guesses`` is how many guesses the player's board showed; a
    mismatch means a double submit or an out-of-date tab, and changes nothing.
    Raises ``Game.DoesNotExist`` for a game that is not the player's.
    """
    with transaction.atomic():
        game = Game.objects.select_for_update().get(pk=game_id, player=player)
        if game.is_over:
            raise GuessRejectedError("This game is over. Start a new one to play again.")
        if expected_guesses is not None and expected_guesses != len(game.letters):
            raise StaleBoardError(
                "This board was out of date (the game moved on in another tab or window); "
                "here is the current board. Nothing was changed."
            )
        state = game_state(game)
        try:
            state, report = engine.apply_guess(state, letter)
        except engine.GuessError as error:
            raise GuessRejectedError(_guess_error_message(error, letter)) from None
        move = Move.objects.create(
            game=game,
            number=report.number,
            letter=report.letter,
            miss=report.miss,
            pattern=report.pattern,
            kept_size=report.words_left,
            kept_rank=report.kept_rank,
            reason=report.reason.value,
            families=[[family.pattern, family.size] for family in report.families],
        )
        game.letters = "".join(state.letters)
        game.pattern = state.pattern
        game.misses = state.misses
        game.words_left = state.words_left
        game.status = state.status.value
        if state.is_over:
            _finish(game, word=state.word or "")
        game.save()
        return GuessOutcome(game=game, move=move, report=report)


def game_forfeit(*, game_id: int, player: AbstractBaseUser) -> Game:
    """Give up a game in progress: it counts as a loss and names the word."""
    with transaction.atomic():
        game = Game.objects.select_for_update().get(pk=game_id, player=player)
        if game.forfeited:  # a double click, or a second tab: say what the first one did
            raise GameRuleError(
                "You already gave up this game; it counts as a loss. "
                f"The computer's word: {game.word.upper()}."
            )
        if game.is_over:
            raise GameRuleError("This game is already over.")
        _forfeit_locked(game)
        return game


def _forfeit_locked(game: Game) -> None:
    game.status = Status.LOST
    game.forfeited = True
    _finish(game, word=engine.named_word(game_state(game)))
    game.save()


def _finish(game: Game, *, word: str) -> None:
    game.word = word
    game.finished_at = timezone.now()
    game.score = (
        win_points(difficulty=game.difficulty, max_misses=game.max_misses)
        if game.is_ranked and game.status == Status.WON
        else 0
    )
    # In the finishing transaction: the all-time boards never miss or double a game.
    leaderboard_totals_add(game=game)


def _guess_error_message(error: engine.GuessError, raw: str) -> str:
    if isinstance(error, engine.RepeatedLetterError):
        return f"You already guessed “{raw.strip().upper()}”. Pick another letter."
    if isinstance(error, engine.GameOverError):
        return "This game is over. Start a new one to play again."
    return "A guess is a single letter from A to Z."
