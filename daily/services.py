"""Writes of the daily puzzle: the day's puzzle row, a ranked attempt, a practice game.

Each runs in one transaction. The attempt is guarded by the database
(``dailygame_one_attempt``: one per player and puzzle, on the game's link row), so
two starts sent at the same moment make one game and the other is told which.
"""

from __future__ import annotations

import datetime as dt
import uuid

from django.conf import settings
from django.contrib.auth.models import AbstractBaseUser, AnonymousUser
from django.db import IntegrityError, transaction
from django.utils import dateformat
from django.utils.translation import gettext

from core.guests import GUEST_NOT_ALLOWED, guest_create, is_guest
from core.ratelimit import rate_limit_hit
from daily import draw
from daily.models import DAILY_ATTEMPTS, DailyGame, DailyPuzzle
from dictionaries.selectors import word_lengths
from games import engine
from games.models import CountsAs, Game
from games.selectors.board import default_dictionary
from games.services import (
    GameAlreadyStartedError,
    GameRuleError,
    GameSettings,
    GameShownError,
    game_create,
    settings_lexicon_load,
    start_token_check,
)


class NoPuzzleError(GameRuleError):
    """No puzzle can be drawn for the day (no dictionary yet, or before the first day)."""


class DailyAttemptExistsError(GameAlreadyStartedError):
    """The player has already started this puzzle's ranked attempt: here it is."""

    def __init__(self, game: Game) -> None:
        GameShownError.__init__(
            self,
            gettext("You have already played today's puzzle; here is your game.")
            if game.is_over
            else gettext("Your attempt at today's puzzle is already started; here it is."),
            game,
        )


def daily_puzzle_ensure(*, day: dt.date) -> DailyPuzzle:
    """The puzzle of ``day``, drawn and stored the first time anyone asks for it.

    Two first requests at once both draw the same settings; the primary key
    (the date) keeps one row and ``get_or_create`` returns it to both.
    """
    existing = DailyPuzzle.objects.select_related("dictionary").filter(date=day).first()
    if existing is not None:
        return existing
    number = draw.puzzle_number(day, first_day=settings.DAILY_FIRST_DAY)
    if number < 1:
        first_day = dateformat.format(settings.DAILY_FIRST_DAY, "l j F Y")
        raise NoPuzzleError(gettext("Daily puzzles start on %(day)s (UTC).") % {"day": first_day})
    dictionary = default_dictionary()
    lengths = (
        [(item.length, item.words) for item in word_lengths(dictionary_id=dictionary.pk)]
        if dictionary is not None
        else []
    )
    if dictionary is None or not lengths:
        raise NoPuzzleError(
            gettext("No daily puzzle yet: the site has no dictionary to draw from.")
        )
    drawn = draw.draw_settings(day, lengths, min_words=settings.RANKED_MIN_WORDS)
    puzzle, _ = DailyPuzzle.objects.select_related("dictionary").get_or_create(
        date=day,
        defaults={
            "number": number,
            "dictionary": dictionary,
            "length": drawn.length,
            "max_misses": drawn.max_misses,
            "difficulty": draw.DIFFICULTY.value,
            "seed": draw.draw_seed(day),
        },
    )
    return puzzle


def past_puzzle_ensure(*, number: int, today: dt.date) -> DailyPuzzle | None:
    """The puzzle numbered ``number`` if its day has come, drawn and stored now when nobody
    asked for it on its day (the archive lists every past day). A future number is never
    drawn: None, as for a number before the first."""
    if number < 1:
        return None
    try:
        day = settings.DAILY_FIRST_DAY + dt.timedelta(days=number - 1)
    except OverflowError:
        return None
    if day > today:
        return None
    return daily_puzzle_ensure(day=day)


def daily_attempt_start(
    *, player: AbstractBaseUser, puzzle: DailyPuzzle, address: str | None = None
) -> Game:
    """Start the player's one attempt at ``puzzle`` (today's: the view checks the day).

    A player's attempt is ranked; a guest's is a real attempt (share text, streak) but
    never ranked nor on the day's leaderboard (``DailyGame.played_as_guest``), and stays the day's
    one attempt when the guest signs up. A guest's counts in ``guest_daily`` per client
    ``address`` however the guest was made (a practice game's guest too): each is a fresh
    identity that learns how the puzzle answers. It is played alongside any ranked game in
    progress, which it never forfeits. A second start raises ``DailyAttemptExistsError``
    with the game.
    """
    existing = _ranked_attempt(player=player, puzzle=puzzle)
    if existing is not None:
        raise DailyAttemptExistsError(existing)
    guest = is_guest(player)
    try:
        with transaction.atomic():
            if guest:
                rate_limit_hit(scope="guest_daily", address=address)
            return _create_game(
                player=player, puzzle=puzzle, ranked=not guest, attempt=True, played_as_guest=guest
            )
    except IntegrityError:
        existing = _ranked_attempt(player=player, puzzle=puzzle)
        if existing is None:  # not the one-attempt constraint: let it be seen
            raise
        raise DailyAttemptExistsError(existing) from None


def guest_daily_attempt_start(*, puzzle: DailyPuzzle, address: str | None) -> Game:
    """A visitor's one-tap daily: a new guest account and its attempt at ``puzzle``, both or
    neither, counted in the ``guest`` rate limit per client ``address`` as a visitor's
    practice game is (``games.services.guest_game_start``), and in ``guest_daily``: a
    fresh guest is a fresh identity, so many from one address would be probing the day's
    puzzle for someone's own attempt."""
    with transaction.atomic():
        rate_limit_hit(scope="guest", address=address)
        return daily_attempt_start(player=guest_create(), puzzle=puzzle, address=address)


def guest_attempt_carry(
    *, guest: AbstractBaseUser | AnonymousUser, account: AbstractBaseUser, day: dt.date
) -> Game | None:
    """A guest logging in to ``account`` brings their attempt at ``day``'s puzzle along, when
    the account has none: it stays a guest's (unranked, never on the leaderboard) but becomes the
    account's one attempt of the day, so the same browser cannot play the puzzle again,
    ranked, knowing its families. An account that has its own attempt keeps it, and nothing
    moves. (A guest who signs up becomes the account: nothing to carry.) Returns the moved
    game, if any.
    """
    if not is_guest(guest) or guest.pk == account.pk:
        return None
    with transaction.atomic():
        # The account's row lock: two log-ins at once carry at most one attempt to it. "No
        # key": the account's own start (a new game pointing at the row) is not blocked, and
        # meets the one-attempt constraint instead of a deadlock.
        type(account).objects.select_for_update(no_key=True).filter(pk=account.pk).first()
        attempt = (
            Game.objects.select_for_update()
            .filter(DAILY_ATTEMPTS, player=guest, daily_link__puzzle_id=day)
            .first()
        )
        if (
            attempt is None
            or Game.objects.filter(
                DAILY_ATTEMPTS, player=account, daily_link__puzzle_id=day
            ).exists()
        ):
            return None
        attempt.player = account
        try:
            with transaction.atomic():
                attempt.save(update_fields=["player"])
                # The link's one-attempt rule moves with the game.
                DailyGame.objects.filter(game=attempt).update(attempt_by=account)
        except IntegrityError:  # the account started its own meanwhile: that one stays
            return None
        return attempt


def daily_practice_start(
    *,
    player: AbstractBaseUser,
    puzzle: DailyPuzzle,
    today: dt.date,
    start_token: uuid.UUID | None = None,
) -> Game:
    """An unranked game of a past day's puzzle: same challenge, same seed, same families.

    Today's puzzle is not practised until tomorrow: a practice game would let
    a player try letters before their ranked attempt. ``start_token`` makes the
    same form sent twice start one game (``GameAlreadyStartedError``).
    """
    if is_guest(player):
        raise GameRuleError(GUEST_NOT_ALLOWED)
    if puzzle.date >= today:
        raise GameRuleError(
            gettext(
                "Today's puzzle is played once, ranked, from the Daily page; it opens for "
                "practice tomorrow."
            )
        )
    attempt = _ranked_attempt(player=player, puzzle=puzzle)
    if attempt is not None and not attempt.is_over:
        raise GameRuleError(
            gettext(
                "Finish your attempt at daily #%(number)s first: it is still open, and "
                "practice would give its letters away."
            )
            % {"number": puzzle.number}
        )
    start_token_check(player=player, start_token=start_token)
    try:
        with transaction.atomic():
            return _create_game(player=player, puzzle=puzzle, ranked=False, start_token=start_token)
    except IntegrityError:  # the same form sent twice at once: the other one started it
        start_token_check(player=player, start_token=start_token)
        raise


def _ranked_attempt(*, player: AbstractBaseUser, puzzle: DailyPuzzle) -> Game | None:
    return Game.objects.filter(DAILY_ATTEMPTS, player=player, daily_link__puzzle=puzzle).first()


def _create_game(
    *,
    player: AbstractBaseUser,
    puzzle: DailyPuzzle,
    ranked: bool,
    attempt: bool = False,
    start_token: uuid.UUID | None = None,
    played_as_guest: bool = False,
) -> Game:
    """A game of ``puzzle`` and its link row, in the caller's transaction. ``attempt``: the
    player's one attempt of the day (the link's ``dailygame_one_attempt`` refuses a second
    one with ``IntegrityError``), stored on the game as what it counts as."""
    game_settings = GameSettings.of(puzzle)
    try:
        lexicon = settings_lexicon_load(game_settings)
    except GameRuleError:
        raise GameRuleError(
            gettext("The words of daily puzzle #%(number)s are no longer available.")
            % {"number": puzzle.number}
        ) from None
    game = game_create(
        player=player,
        game_settings=game_settings,
        lexicon=lexicon,
        ranked=ranked,
        seed=puzzle.seed,
        seeded_ties=True,  # practice too: the same letters meet the same families
        vocabulary=engine.ranked_vocabulary(lexicon, daily=True),  # the same secret part
        start_token=start_token,
        counts_as=CountsAs.ONE_ATTEMPT if attempt else CountsAs.NOTHING,
    )
    DailyGame.objects.create(
        game=game,
        puzzle=puzzle,
        attempt_by=player if attempt else None,
        played_as_guest=played_as_guest,
    )
    return game
