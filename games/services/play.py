"""Writes to a game in progress: a guess, the computer's move, undo, hint, forfeit.

Each runs in one transaction under the game's row lock. The database row
(settings, seed, moves) is the whole state of a game; the engine state is
rebuilt from its moves on the cached lexicon (``games.selectors.replay``),
so any process can serve any request.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass

from django.conf import settings
from django.contrib.auth.models import AbstractBaseUser
from django.db import transaction
from django.db.models import QuerySet
from django.utils import timezone
from django.utils.translation import gettext

from core.ratelimit import rate_limit_hit
from games import engine
from games.engine import guesser
from games.hooks import answer_sources, finish_hooks
from games.leaderboard_totals import leaderboard_totals_add
from games.models import Game, Hint, Move, Status
from games.scoring import win_points
from games.selectors.abandoned import abandoned_message, is_abandoned
from games.selectors.board import BOT_GAME_ON_BOARD, undo_refusal
from games.selectors.counting import hint_refusal
from games.selectors.familiar import familiar_named_word
from games.selectors.letters import (
    capital,
    final_word,
    guess_shown,
    not_a_letter_message,
    not_a_word_message,
    play_letter,
    play_word,
)
from games.selectors.replay import game_state
from games.services.errors import (
    GameAbandonedError,
    GameRuleError,
    GuessRejectedError,
    HintRefusedError,
    StaleBoardError,
    UndoRefusedError,
)

logger = logging.getLogger(__name__)


def _locked_game() -> QuerySet[Game]:
    """Games locked for a write whose board is then drawn: the dictionary (the board's
    header names it) comes in the same query, and only the game's row is locked (a lock
    on the dictionary's row would make every guess on it wait for the others)."""
    return Game.objects.select_for_update(of=("self",)).select_related("dictionary")


@dataclass(frozen=True)
class GuessOutcome:
    game: Game
    move: Move
    report: engine.MoveReport


def game_guess(
    *,
    game_id: int,
    player: AbstractBaseUser,
    letter: str = "",
    word: str | None = None,
    expected_guesses: int | None = None,
    address: str | None = None,
    bot: bool | None = None,
) -> GuessOutcome:
    """Apply one guess under a row lock so simultaneous guesses are serialised: a
    ``letter``, or with ``word`` a whole word (dropped from the words still possible, a
    wrong guess, unless it is the only one left: the player wins; ``engine.apply_word``).

    ``expected_guesses`` is how many guesses the player's board showed; a
    mismatch means a double submit or an out-of-date tab, and changes nothing.
    Raises ``Game.DoesNotExist`` for a game that is not the player's, and
    ``RateLimitExceeded`` past the rate of guesses on an expensive difficulty
    (per player, and per client ``address`` when given). ``bot=True``: a guess
    through the API, which finds only bot games (``Game.played_by_bot``).
    A ranked game left past ``RANKED_ABANDON_AFTER`` is finished as abandoned
    first, and the guess refused (``GameAbandonedError``): the loss is kept, the
    letter is not played.
    """
    found = {} if bot is None else {"played_by_bot": bot}
    with transaction.atomic():
        game = _locked_game().get(pk=game_id, player=player, **found)
        if game.played_by_computer:
            raise GuessRejectedError(
                gettext("The computer is playing this game; you can only watch.")
            )
        if game.played_by_bot and not bot:
            raise GuessRejectedError(BOT_GAME_ON_BOARD)
        if not is_abandoned(game):
            return _guess_locked(
                game,
                player=player,
                letter=letter,
                word=word,
                expected_guesses=expected_guesses,
                address=address,
            )
        locked_game_forfeit(game, abandoned=True)
    # Out of the transaction: the loss is committed, then the guess is refused.
    raise GameAbandonedError(abandoned_message(game), game)


def _guess_locked(
    game: Game,
    *,
    player: AbstractBaseUser,
    letter: str,
    word: str | None,
    expected_guesses: int | None,
    address: str | None,
) -> GuessOutcome:
    """``game_guess`` on its locked row, once the game is known not to be abandoned."""
    if game.abandoned:  # finished by the site already (another tab, the command)
        raise GameAbandonedError(abandoned_message(game), game)
    if game.is_over:
        raise GuessRejectedError(gettext("This game is over. Start a new one to play again."))
    if expected_guesses is not None and expected_guesses != game.guess_count:
        raise StaleBoardError(
            gettext(
                "This board was out of date (the game moved on in another tab or window); "
                "here is the current board. Nothing was changed."
            )
        )
    if word is not None:
        # Read against the public list only, never the words still possible: refused or
        # played, the answer says nothing of them (docs/design/whole-words.md).
        played = play_word(word, game.dictionary)
        if played is None:
            raise GuessRejectedError(not_a_word_message(word, game.length, game.dictionary))
    else:
        played = play_letter(letter, game.dictionary)
        if played is None:
            raise GuessRejectedError(not_a_letter_message(game.dictionary))
        if game.difficulty in settings.RATE_LIMITED_DIFFICULTIES:
            # Before the search runs (a word runs none: the rule keeps the words without it).
            rate_limit_hit(scope="fiendish_guess", player=player, address=address)
    try:
        report, move = _apply_locked(game, game_state(game), played)
    except engine.GuessError as error:
        raise GuessRejectedError(_guess_error_message(error, game, played)) from None
    return GuessOutcome(game=game, move=move, report=report)


def _apply_locked(
    game: Game, state: engine.GameState, letter: str
) -> tuple[engine.MoveReport, Move]:
    """Apply one guess to a locked game row: the move stored, the row updated (and finished)."""
    report = _word_maker_answer(game, state, letter)
    move, changed = move_store(game, report)
    changed.append("updated_at")
    if report.status is not engine.Status.PLAYING:
        # A loss names a word people know (games/selectors/familiar.py), drawn by the seed.
        lost = report.status is engine.Status.LOST
        _finish(game, word=familiar_named_word(game) if lost else report.word or "")
        changed += ["word", "finished_at", "score"]
    game.save(update_fields=changed)  # a guess changes these; the UPDATE sends no other
    return report, move


def move_store(game: Game, report: engine.MoveReport) -> tuple[Move, list[str]]:
    """Store the move a report describes and set the game row's fields it changes (not
    saved: the caller saves them with its own, once); the fields set are returned."""
    move = Move.objects.create(
        game=game,
        number=report.number,
        letter="" if report.is_word else report.letter,
        word=report.letter if report.is_word else "",
        miss=report.miss,
        pattern=report.pattern,
        kept_size=report.words_left,
        kept_rank=report.kept_rank,
        reason=report.reason.value,
        families=[[family.pattern, family.size] for family in report.families],
        values=list(report.values) if report.values is not None else None,
        search_nodes=report.search_nodes,
    )
    game.moves = [*game.moves, report.letter]
    if not report.is_word:
        game.letters += report.letter
    game.pattern = report.pattern
    game.misses = game.max_misses - report.misses_left
    game.words_left = report.words_left
    game.status = report.status.value
    return move, ["moves", "letters", "pattern", "misses", "words_left", "status"]


def _word_maker_answer(game: Game, state: engine.GameState, letter: str) -> engine.MoveReport:
    """The word-maker's answer to ``letter``: read from a registered source (``games.hooks``:
    the daily puzzle's shared answers), or searched."""
    for source in answer_sources():
        report = source(game, state, letter)
        if report is not None:
            return report
    return engine.apply_guess(state, letter)[1]


@dataclass(frozen=True)
class UndoOutcome:
    game: Game
    letter: str  # the guess taken back: a letter or a whole word
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
        game = _locked_game().get(pk=game_id, player=player)
        refusal = undo_refusal(game)
        if refusal is not None:
            raise UndoRefusedError(refusal)
        if expected_guesses is not None and expected_guesses != game.guess_count:
            raise StaleBoardError(
                gettext(
                    "This board was out of date (the game moved on in another tab or window); "
                    "here is the current board. Nothing was taken back."
                )
            )
        moves = list(Move.objects.filter(game=game).order_by("-number")[:2])
        last, previous = moves[0], (moves[1] if len(moves) > 1 else None)
        last.delete()
        game.moves = game.moves[:-1]
        if not last.is_word:
            game.letters = game.letters[:-1]
        if previous is not None:
            game.pattern, game.words_left = previous.pattern, previous.kept_size
        else:  # back to the start: every word of the length, as the first move found them
            game.pattern = engine.HIDDEN * game.length
            game.words_left = sum(size for _, size in last.families)
        game.misses = engine.misses_of(game.moves, game.pattern)
        game.status = Status.PLAYING
        game.word = ""
        game.finished_at = None
        game.score = 0
        game.save()
        return UndoOutcome(game=game, letter=last.guess, was_miss=last.miss)


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
            gettext(
                "The computer plays this game by itself; hints are for your own games. "
                "Nothing was changed."
            )
        )
    if game.played_by_bot:
        raise HintRefusedError(BOT_GAME_ON_BOARD)
    refusal = hint_refusal(game)
    if refusal is not None:
        raise HintRefusedError(refusal)
    if game.is_over:
        raise HintRefusedError(
            gettext("This game is over, so there is nothing to hint; nothing was changed.")
        )
    if (expected_guesses is not None and expected_guesses != game.guess_count) or (
        expected_letters is not None and expected_letters != game.letters
    ):
        raise StaleBoardError(
            gettext(
                "This board was out of date (the game moved on in another tab or window); "
                "here is the current board. No hint was given."
            )
        )


def game_forfeit(*, game_id: int, player: AbstractBaseUser) -> Game:
    """Give up a game in progress: it counts as a loss and names the word."""
    with transaction.atomic():
        game = Game.objects.select_for_update().get(pk=game_id, player=player)
        if game.played_by_computer:
            raise GameRuleError(gettext("The computer never gives up: watch it play to the end."))
        if game.abandoned:  # the site finished it before this click: say so
            raise GameRuleError(abandoned_message(game))
        if game.forfeited:  # a double click, or a second tab: say what the first one did
            raise GameRuleError(
                gettext(
                    "You already gave up this game; it counts as a loss. "
                    "The computer's word: %(word)s."
                )
                % {"word": final_word(game)}
            )
        if game.is_over:
            raise GameRuleError(gettext("This game is already over."))
        locked_game_forfeit(game)
        return game


def locked_game_forfeit(game: Game, *, abandoned: bool = False) -> None:
    """End a locked game in progress as a loss: given up, or ``abandoned`` (left past
    ``RANKED_ABANDON_AFTER``: the site gives it up). One finish either way, hooks and all."""
    game.status = Status.LOST
    game.forfeited = True
    game.abandoned = abandoned
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
    # In the finishing transaction: the all-time leaderboards never miss or double a game.
    leaderboard_totals_add(game=game)
    if game.is_ranked:
        for hook in finish_hooks():  # games.hooks: the ratings
            hook(game)
    transaction.on_commit(lambda: logger.info("game finished", extra=_finished_fields(game)))


def _finished_fields(game: Game) -> dict[str, object]:
    """What the "game finished" log line says of the game."""
    return {
        "game_id": game.pk,
        "user_id": game.player_id,
        "status": game.status,
        "forfeited": game.forfeited,
        "abandoned": game.abandoned,
        "difficulty": game.difficulty,
        "ranked": game.is_ranked,
        "guesses": game.guess_count,
        "misses": game.misses,
        "score": game.score,
    }


def _guess_error_message(error: engine.GuessError, game: Game, letter: str) -> str:
    if isinstance(error, engine.RepeatedWordError):
        return gettext("You already guessed “%(word)s”. Try another word.") % {
            "word": guess_shown(letter, game.dictionary)
        }
    if isinstance(error, engine.InvalidWordError):
        return not_a_word_message(letter, game.length, game.dictionary)
    if isinstance(error, engine.RepeatedLetterError):
        return gettext("You already guessed “%(letter)s”. Pick another letter.") % {
            "letter": capital(letter, game.dictionary)
        }
    if isinstance(error, engine.GameOverError):
        return gettext("This game is over. Start a new one to play again.")
    return not_a_letter_message(game.dictionary)


@dataclass(frozen=True)
class ComputerMove:
    game: Game
    move: Move
    report: engine.MoveReport
    proposal: guesser.Proposal


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
        game = _locked_game().get(pk=game_id, player=player)
        if not game.played_by_computer:
            raise GuessRejectedError(
                gettext("This is your game: the computer does not play it for you.")
            )
        if game.is_over:
            raise GuessRejectedError(gettext("The computer's game is over."))
        if expected_guesses is not None and expected_guesses != game.guess_count:
            raise StaleBoardError(
                gettext("The computer's game moved on in another tab or window; here it is now.")
            )
        rate_limit_hit(scope="fiendish_guess", player=player, address=address)  # before the search
        state = game_state(game)
        proposal = guesser.propose(state)
        report, move = _apply_locked(game, state, proposal.letter)
        return ComputerMove(game=game, move=move, report=report, proposal=proposal)
