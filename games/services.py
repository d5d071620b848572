"""Every write to games: start, guess, forfeit, undo, hint. Each runs in one transaction.

The database row (settings, seed, letters) is the whole state of a game; the
engine state is rebuilt by replaying the letters on the cached lexicon, so any
process can serve any request.

Over 500 lines (912): seven write paths live here side by side (start, guess,
forfeit, undo, hint, computer games, par); issue 18 item 4 splits them (one
start service from a settings value), which is another change than the engine's.
"""

from __future__ import annotations

import logging
import secrets
import uuid
from collections.abc import Callable
from dataclasses import dataclass

from django.conf import settings
from django.contrib.auth.models import AbstractBaseUser
from django.db import IntegrityError, transaction
from django.utils import timezone

from dictionaries.models import Dictionary
from dictionaries.selectors import word_lengths
from dictionaries.wordbank import EmptyBucketError, get_lexicon
from evilsite.guests import guest_create, is_guest
from evilsite.ratelimit import rate_limit_hit
from games import engine
from games.engine import guesser
from games.engine import par as engine_par
from games.leaderboard_totals import leaderboard_totals_add
from games.models import (
    MAX_WRONG_GUESSES,
    RULE_DIFFICULTIES,
    Difficulty,
    Game,
    Hint,
    Move,
    Par,
    Status,
)
from games.scoring import win_points
from games.selectors.board import BOT_GAME_ON_BOARD, undo_refusal
from games.selectors.counting import hint_refusal
from games.selectors.familiar import familiar_named_word
from games.selectors.replay import game_state

logger = logging.getLogger(__name__)

SEED_BITS = 62
DIFFICULTY_CHOICE_MESSAGE = (
    "Choose a difficulty: " + ", ".join(label.lower() for label in Difficulty.labels) + "."
)

NOT_OFFERED_MESSAGE = "That dictionary is not offered for new games; choose one listed."


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


class UndoRefusedError(GameRuleError):
    """Taking back a guess is for practice games only; nothing was changed."""


class HintRefusedError(GameRuleError):
    """No hint for this game (it counts, or it is over); nothing was changed."""


@dataclass(frozen=True)
class GuessOutcome:
    game: Game
    move: Move
    report: engine.MoveReport


def guest_game_start(
    *,
    dictionary: Dictionary,
    length: int,
    max_misses: int,
    difficulty: str,
    address: str | None,
) -> Game:
    """A visitor's first game: a new guest account and a practice game of its own, both or
    neither. The game is never ranked (``is_guest``); signing up keeps it.

    Each one makes an account, so they count per client ``address`` in the ``guest`` rate
    limit (``RateLimitExceeded``), as a sign-up would: a loop cannot fill the user table.
    """
    with transaction.atomic():
        rate_limit_hit(scope="guest", address=address)
        guest = guest_create()
        return game_start(
            player=guest,
            dictionary=dictionary,
            length=length,
            max_misses=max_misses,
            difficulty=difficulty,
        )


def _refuse_a_hidden_dictionary(*, player: AbstractBaseUser, dictionary: Dictionary) -> None:
    """Players play only what an admin offers; staff may try a hidden list (never ranked)."""
    if dictionary.is_hidden and not getattr(player, "is_staff", False):
        raise GameRuleError(NOT_OFFERED_MESSAGE)


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
    bot: bool = False,
) -> Game:
    """Start a game; a ranked start forfeits the ranked game in progress only when confirmed.

    ``forfeit_game_id`` is the game the player saw and agreed to forfeit: if
    another game is in progress by now (a stale tab), nothing is forfeited.
    ``start_token`` comes with each new-game form: sent a second time, it
    starts nothing and forfeits nothing (``GameAlreadyStartedError``), so a
    double click cannot offer to forfeit the game it has just started.
    A bucket smaller than ``RANKED_MIN_WORDS`` is always unranked: a handful
    of words is a sure win, and ranking it would hand out free points.
    ``bot``: a program plays it through the API (``Game.played_by_bot``); a bot
    game is never ranked, so it never forfeits the player's own ranked game.
    """
    _refuse_a_spent_start_token(player=player, start_token=start_token)
    _refuse_a_hidden_dictionary(player=player, dictionary=dictionary)
    if not 1 <= max_misses <= MAX_WRONG_GUESSES:
        raise GameRuleError(f"Wrong guesses allowed must be between 1 and {MAX_WRONG_GUESSES}.")
    if difficulty not in Difficulty.values:
        raise GameRuleError(DIFFICULTY_CHOICE_MESSAGE)
    try:
        lexicon = get_lexicon(dictionary_id=dictionary.pk, length=length)
    except EmptyBucketError:
        raise GameRuleError(f"{dictionary.name} has no words of length {length}.") from None
    is_ranked = (
        not show_word_count
        and engine.maker_for(difficulty).ranked  # the fair game never is
        and len(lexicon) >= settings.RANKED_MIN_WORDS
        and not is_guest(player)  # a visitor's games are practice until they sign up
        and not dictionary.is_hidden  # staff trying a list before offering it
        and not bot  # bots have no place on the human leaderboards
    )
    game_seed = secrets.randbits(SEED_BITS) if seed is None else seed
    # A ranked game plays on a secret part of the list drawn by its seed
    # (games/engine/vocabulary.py).
    vocabulary = engine.ranked_vocabulary(lexicon) if is_ranked else engine.FULL_VOCABULARY
    with transaction.atomic():
        if is_ranked:
            current = (
                Game.objects.select_for_update()
                .filter(
                    player=player,
                    status=Status.PLAYING,
                    is_ranked=True,
                    daily_puzzle__isnull=True,  # a daily attempt is played alongside
                )
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
                    played_by_bot=bot,
                    # A bot's ties too: a letter sequence that beat one game need not beat
                    # the next, so a program cannot learn a fixed answer.
                    seeded_ties=is_ranked or bot,
                    vocabulary=vocabulary,
                    seed=game_seed,
                    pattern=engine.HIDDEN * length,
                    words_left=engine.secret_vocabulary(lexicon, game_seed, vocabulary).size,
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
    *,
    game_id: int,
    player: AbstractBaseUser,
    letter: str,
    expected_guesses: int | None = None,
    address: str | None = None,
    bot: bool | None = None,
) -> GuessOutcome:
    """Apply one guess under a row lock so simultaneous guesses are serialised.

    ``expected_guesses`` is how many guesses the player's board showed; a
    mismatch means a double submit or an out-of-date tab, and changes nothing.
    Raises ``Game.DoesNotExist`` for a game that is not the player's, and
    ``RateLimitExceeded`` past the rate of guesses on an expensive difficulty
    (per player, and per client ``address`` when given). ``bot=True``: a guess
    through the API, which finds only bot games (``Game.played_by_bot``).
    """
    found = {} if bot is None else {"played_by_bot": bot}
    with transaction.atomic():
        game = Game.objects.select_for_update().get(pk=game_id, player=player, **found)
        if game.played_by_computer:
            raise GuessRejectedError("The computer is playing this game; you can only watch.")
        if game.played_by_bot and not bot:
            raise GuessRejectedError(BOT_GAME_ON_BOARD)
        if game.is_over:
            raise GuessRejectedError("This game is over. Start a new one to play again.")
        if expected_guesses is not None and expected_guesses != len(game.letters):
            raise StaleBoardError(
                "This board was out of date (the game moved on in another tab or window); "
                "here is the current board. Nothing was changed."
            )
        if game.difficulty in settings.RATE_LIMITED_DIFFICULTIES:
            # Before the search runs.
            rate_limit_hit(scope="fiendish_guess", player=player, address=address)
        try:
            report, move = _apply_locked(game, game_state(game), letter)
        except engine.GuessError as error:
            raise GuessRejectedError(_guess_error_message(error, letter)) from None
        return GuessOutcome(game=game, move=move, report=report)


def _apply_locked(
    game: Game, state: engine.GameState, letter: str
) -> tuple[engine.MoveReport, Move]:
    """Apply one guess to a locked game row: the move stored, the row updated (and finished)."""
    report = _word_maker_answer(game, state, letter)
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
        values=list(report.values) if report.values is not None else None,
        search_nodes=report.search_nodes,
    )
    game.letters += report.letter
    game.pattern = report.pattern
    game.misses = game.max_misses - report.misses_left
    game.words_left = report.words_left
    game.status = report.status.value
    changed = ["letters", "pattern", "misses", "words_left", "status", "updated_at"]
    if report.status is not engine.Status.PLAYING:
        # A loss names a word people know (games/selectors/familiar.py), drawn by the seed.
        lost = report.status is engine.Status.LOST
        _finish(game, word=familiar_named_word(game) if lost else report.word or "")
        changed += ["word", "finished_at", "score"]
    game.save(update_fields=changed)  # a guess changes these; the UPDATE sends no other
    return report, move


# Where a word-maker's answer may be read instead of searched: an app above play registers
# a source in its ``AppConfig.ready`` (the daily puzzle's shared answers, daily/answers.py).
# A source returns None for a game it does not serve; play knows nothing of the daily.
AnswerSource = Callable[[Game, engine.GameState, str], engine.MoveReport | None]
_answer_sources: list[AnswerSource] = []


def register_answer_source(source: AnswerSource) -> None:
    """Add a place answers may be read from (once, however often an app's ``ready`` runs)."""
    if source not in _answer_sources:
        _answer_sources.append(source)


def _word_maker_answer(game: Game, state: engine.GameState, letter: str) -> engine.MoveReport:
    """The word-maker's answer to ``letter``: read from a registered source, or searched."""
    for source in _answer_sources:
        report = source(game, state, letter)
        if report is not None:
            return report
    return engine.apply_guess(state, letter)[1]


@dataclass(frozen=True)
class UndoOutcome:
    game: Game
    letter: str  # the guess taken back
    was_miss: bool


def game_undo(
    *, game_id: int, player: AbstractBaseUser, expected_guesses: int | None = None
) -> UndoOutcome:
    """Take back the last guess of a practice game: the game is again as it was before it.

    The last move is deleted and the row set back from the move before (its
    pattern and words left); the next guess runs the word-maker again on the
    restored state. ``expected_guesses`` makes a double click take back one
    guess, not two. Raises ``Game.DoesNotExist`` for a game that is not the
    player's.
    """
    with transaction.atomic():
        game = Game.objects.select_for_update().get(pk=game_id, player=player)
        refusal = undo_refusal(game)
        if refusal is not None:
            raise UndoRefusedError(refusal)
        if expected_guesses is not None and expected_guesses != len(game.letters):
            raise StaleBoardError(
                "This board was out of date (the game moved on in another tab or window); "
                "here is the current board. Nothing was taken back."
            )
        moves = list(Move.objects.filter(game=game).order_by("-number")[:2])
        last, previous = moves[0], (moves[1] if len(moves) > 1 else None)
        last.delete()
        game.letters = game.letters[:-1]
        if previous is not None:
            game.pattern, game.words_left = previous.pattern, previous.kept_size
        else:  # back to the start: every word of the length, as the first move found them
            game.pattern = engine.HIDDEN * game.length
            game.words_left = sum(size for _, size in last.families)
        game.misses = sum(1 for letter in game.letters if letter not in game.pattern)
        game.status = Status.PLAYING
        game.word = ""
        game.finished_at = None
        game.score = 0
        game.save()
        return UndoOutcome(game=game, letter=last.letter, was_miss=last.miss)


@dataclass(frozen=True)
class HintOutcome:
    game: Game
    hint: Hint
    repeated: bool  # True: the hint already given at this position, given again


# Positions the AI guesser may search for one hint: the same budget as its own play.
HINT_NODES = guesser.RULE_SEARCH_NODES


def game_hint(
    *,
    game_id: int,
    player: AbstractBaseUser,
    expected_guesses: int | None = None,
    nodes: int = HINT_NODES,
    address: str | None = None,
) -> HintOutcome:
    """The AI guesser's letter for the player's position, and why; the player still plays it.

    Practice games only: a game that counts (ranked, a daily attempt, an
    assignment's: ``counts_as``) is refused, so a hint can neither help in it
    nor turn a ranked game about to be lost into an unranked one. The search
    runs outside any transaction, on the state read first; the hint is stored
    under the row lock only if the game still holds the letters it was worked
    out on (the same count is not enough: an undo and another guess in a second
    tab keep the count and change the position). Asking
    again at the same position gives the stored hint back (the same letters
    guessed: the same position, even after an undo), without counting against
    the rate limit. Raises ``Game.DoesNotExist`` for a game that is not the
    player's and ``RateLimitExceeded`` past the "hint" rate.
    """
    game = Game.objects.get(pk=game_id, player=player)
    _refuse_hint(game, expected_guesses=expected_guesses)
    stored = Hint.objects.filter(game=game, letters_before=game.letters).first()
    if stored is not None:
        return HintOutcome(game=game, hint=stored, repeated=True)
    rate_limit_hit(scope="hint", player=player, address=address)  # before the search runs
    proposal = guesser.propose(game_state(game), nodes=nodes)
    letters = game.letters
    with transaction.atomic():
        game = Game.objects.select_for_update().get(pk=game_id, player=player)
        _refuse_hint(game, expected_letters=letters)
        stored = Hint.objects.filter(game=game, letters_before=letters).first()
        if stored is not None:  # the same press sent twice at once: the first one stored it
            return HintOutcome(game=game, hint=stored, repeated=True)
        hint = Hint.objects.create(
            game=game,
            after_guesses=len(letters),
            letters_before=letters,
            letter=proposal.letter,
            reason=proposal.reason[: Hint._meta.get_field("reason").max_length],
            misses=proposal.misses,
            proven=proposal.proven,
        )
        game.hints_used += 1
        game.save(update_fields=["hints_used", "updated_at"])
        return HintOutcome(game=game, hint=hint, repeated=False)


def _refuse_hint(
    game: Game, *, expected_guesses: int | None = None, expected_letters: str | None = None
) -> None:
    """Raise ``HintRefusedError`` for a game with no hint, ``StaleBoardError`` for a game
    no longer at the position expected: the board's guess count, or (under the row lock)
    the very letters the hint was worked out on."""
    if game.played_by_computer:
        raise HintRefusedError(
            "The computer plays this game by itself; hints are for your own games. "
            "Nothing was changed."
        )
    if game.played_by_bot:
        raise HintRefusedError(BOT_GAME_ON_BOARD)
    refusal = hint_refusal(game)
    if refusal is not None:
        raise HintRefusedError(refusal)
    if game.is_over:
        raise HintRefusedError(
            "This game is over, so there is nothing to hint; nothing was changed."
        )
    if (expected_guesses is not None and expected_guesses != len(game.letters)) or (
        expected_letters is not None and expected_letters != game.letters
    ):
        raise StaleBoardError(
            "This board was out of date (the game moved on in another tab or window); "
            "here is the current board. No hint was given."
        )


def game_forfeit(*, game_id: int, player: AbstractBaseUser) -> Game:
    """Give up a game in progress: it counts as a loss and names the word."""
    with transaction.atomic():
        game = Game.objects.select_for_update().get(pk=game_id, player=player)
        if game.played_by_computer:
            raise GameRuleError("The computer never gives up: watch it play to the end.")
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
    _finish(game, word=familiar_named_word(game))
    game.save()


def _finish(game: Game, *, word: str) -> None:
    game.word = word
    game.finished_at = timezone.now()
    # A daily puzzle is ranked on its own board (misses, guesses), not in points.
    game.score = (
        win_points(difficulty=game.difficulty, max_misses=game.max_misses)
        if game.on_leaderboards and game.status == Status.WON
        else 0
    )
    # In the finishing transaction: the all-time boards never miss or double a game.
    leaderboard_totals_add(game=game)
    transaction.on_commit(lambda: logger.info("game finished", extra=_finished_fields(game)))


def _finished_fields(game: Game) -> dict[str, object]:
    """What the "game finished" log line says of the game."""
    return {
        "game_id": game.pk,
        "user_id": game.player_id,
        "status": game.status,
        "forfeited": game.forfeited,
        "difficulty": game.difficulty,
        "ranked": game.is_ranked,
        "guesses": len(game.letters),
        "misses": game.misses,
        "score": game.score,
    }


def _guess_error_message(error: engine.GuessError, raw: str) -> str:
    if isinstance(error, engine.RepeatedLetterError):
        return f"You already guessed “{raw.strip().upper()}”. Pick another letter."
    if isinstance(error, engine.GameOverError):
        return "This game is over. Start a new one to play again."
    return "A guess is a single letter from A to Z."


@dataclass(frozen=True)
class ComputerMove:
    game: Game
    move: Move
    report: engine.MoveReport
    proposal: guesser.Proposal


def computer_game_start(
    *,
    player: AbstractBaseUser,
    dictionary: Dictionary,
    length: int,
    max_misses: int,
    difficulty: str,
    start_token: uuid.UUID | None = None,
    seed: int | None = None,
    address: str | None = None,
) -> Game:
    """Start a game the computer plays for ``player`` to watch (the new-game option).

    Never ranked and never forfeits anything: the player's own games are
    untouched. Counted in the ``computer_game`` rate limit, since every move
    of it runs the guesser's search on the server.
    """
    _refuse_a_spent_start_token(player=player, start_token=start_token)
    _refuse_a_hidden_dictionary(player=player, dictionary=dictionary)
    if not 1 <= max_misses <= MAX_WRONG_GUESSES:
        raise GameRuleError(f"Wrong guesses allowed must be between 1 and {MAX_WRONG_GUESSES}.")
    if difficulty not in Difficulty.values:
        raise GameRuleError(DIFFICULTY_CHOICE_MESSAGE)
    lexicon = _lexicon_for(dictionary, length)
    with transaction.atomic():
        rate_limit_hit(scope="computer_game", player=player, address=address)
        try:
            with transaction.atomic():
                return _create_computer_game(
                    player=player,
                    dictionary=dictionary,
                    length=length,
                    max_misses=max_misses,
                    difficulty=difficulty,
                    seed=secrets.randbits(SEED_BITS) if seed is None else seed,
                    seeded_ties=False,
                    words=len(lexicon),
                    start_token=start_token,
                )
        except IntegrityError:  # the same form sent twice at once
            _refuse_a_spent_start_token(player=player, start_token=start_token)
            raise


def computer_replay_start(
    *, player: AbstractBaseUser, game_id: int, address: str | None = None
) -> Game:
    """The computer plays one of the player's finished games again: same settings, same seed.

    With the seed (and the seeded tie order) it faces the very word-maker the
    player faced. A game has one replay per player: asked again, the same one
    is returned (the computer would play it move for move the same) and the
    rate limit is not counted. A replay of a daily puzzle stays tied to its
    day, so nobody else sees it before finishing their own attempt. Raises
    ``Game.DoesNotExist`` for a game that is not the player's.
    """
    source = Game.objects.get(pk=game_id, player=player)
    if source.played_by_computer:
        raise GameRuleError("This game was already played by the computer.")
    if not source.is_over:
        raise GameRuleError(
            "Finish this game first: the computer's replay would give its word away."
        )
    existing = Game.objects.filter(player=player, computer_replay_of=source).first()
    if existing is not None:
        return existing
    lexicon = _lexicon_for(source.dictionary, source.length)
    with transaction.atomic():
        rate_limit_hit(scope="computer_game", player=player, address=address)
        try:
            with transaction.atomic():
                return _create_computer_game(
                    player=player,
                    dictionary=source.dictionary,
                    length=source.length,
                    max_misses=source.max_misses,
                    difficulty=source.difficulty,
                    seed=source.seed,
                    seeded_ties=source.seeded_ties,
                    vocabulary=source.vocabulary,
                    words=engine.secret_vocabulary(lexicon, source.seed, source.vocabulary).size,
                    replay_of=source,
                )
        except IntegrityError:  # two tabs asked at once: the other one started it
            return Game.objects.get(player=player, computer_replay_of=source)


def _lexicon_for(dictionary: Dictionary, length: int) -> engine.Lexicon:
    try:
        return get_lexicon(dictionary_id=dictionary.pk, length=length)
    except EmptyBucketError:
        raise GameRuleError(f"{dictionary.name} has no words of length {length}.") from None


def _create_computer_game(
    *,
    player: AbstractBaseUser,
    dictionary: Dictionary,
    length: int,
    max_misses: int,
    difficulty: str,
    seed: int,
    seeded_ties: bool,
    words: int,
    vocabulary: int = engine.FULL_VOCABULARY,
    start_token: uuid.UUID | None = None,
    replay_of: Game | None = None,
) -> Game:
    return Game.objects.create(
        player=player,
        dictionary=dictionary,
        length=length,
        max_misses=max_misses,
        difficulty=difficulty,
        is_ranked=False,
        played_by_computer=True,
        computer_replay_of=replay_of,
        daily_puzzle_id=replay_of.daily_puzzle_id if replay_of is not None else None,
        seeded_ties=seeded_ties,
        vocabulary=vocabulary,
        seed=seed,
        pattern=engine.HIDDEN * length,
        words_left=words,
        start_token=start_token,
    )


def computer_move(
    *,
    game_id: int,
    player: AbstractBaseUser,
    expected_guesses: int | None = None,
    address: str | None = None,
) -> ComputerMove:
    """The computer's next guess, worked out and stored under the game's row lock.

    ``expected_guesses`` is how many guesses the watching board showed: two
    tabs (or a double click) asking for the same move get one move, and the
    second is told the board moved on (``StaleBoardError``), changing nothing.
    Each move runs the guesser's search, so it counts in the ``fiendish_guess``
    rate with the player's own searching guesses (``RateLimitExceeded``).
    Raises ``Game.DoesNotExist`` for a game that is not the player's.
    """
    with transaction.atomic():
        game = Game.objects.select_for_update().get(pk=game_id, player=player)
        if not game.played_by_computer:
            raise GuessRejectedError("This is your game: the computer does not play it for you.")
        if game.is_over:
            raise GuessRejectedError("The computer's game is over.")
        if expected_guesses is not None and expected_guesses != len(game.letters):
            raise StaleBoardError(
                "The computer's game moved on in another tab or window; here it is now."
            )
        rate_limit_hit(scope="fiendish_guess", player=player, address=address)  # before the search
        state = game_state(game)
        proposal = guesser.propose(state)
        report, move = _apply_locked(game, state, proposal.letter)
        return ComputerMove(game=game, move=move, report=report, proposal=proposal)


@dataclass(frozen=True)
class ParOutcome:
    par: Par
    computed: bool  # False: a stored par was kept (proven, or searched with as many positions)


def par_compute(
    *,
    dictionary: Dictionary,
    lengths: list[int] | None = None,
    nodes: int = engine_par.PAR_NODES,
    force: bool = False,
    progress: Callable[[int, int], None] | None = None,
) -> list[ParOutcome]:
    """Fill the par table of a dictionary: every length it has, against easy, medium and hard.

    Each board is searched (``games.engine.par.par``) outside any transaction and
    stored in its own, so a long run can be stopped and resumed. A stored par
    that is proven, or was searched with at least ``nodes`` positions, is kept
    unless ``force``; a new search only ever tightens the stored bounds.
    """
    available = [item.length for item in word_lengths(dictionary_id=dictionary.pk)]
    chosen = available if lengths is None else [length for length in lengths if length in available]
    boards = [(length, difficulty) for length in chosen for difficulty in RULE_DIFFICULTIES]
    outcomes: list[ParOutcome] = []
    for done, (length, difficulty) in enumerate(boards, start=1):
        stored = Par.objects.filter(
            dictionary=dictionary, length=length, difficulty=difficulty
        ).first()
        if stored is not None and not force and (stored.proven or stored.nodes >= nodes):
            outcomes.append(ParOutcome(par=stored, computed=False))
        else:
            lexicon = get_lexicon(dictionary_id=dictionary.pk, length=length)
            found = engine_par.par(lexicon, engine.Difficulty(difficulty), nodes=nodes)
            misses, at_least = found.misses, found.at_least
            if stored is not None:  # both are true bounds: keep the tightest
                misses, at_least = min(misses, stored.misses), max(at_least, stored.at_least)
            with transaction.atomic():
                par, _ = Par.objects.update_or_create(
                    dictionary=dictionary,
                    length=length,
                    difficulty=difficulty,
                    defaults={
                        "misses": misses,
                        "at_least": at_least,
                        "nodes": max(nodes, stored.nodes if stored else 0),
                    },
                )
            outcomes.append(ParOutcome(par=par, computed=True))
        if progress is not None:
            progress(done, len(boards))
    return outcomes
