"""Writes of games sent to friends: make a link, play it once each, close it.

A sent game is practice for everyone (``CountsAs.NOTHING``, never ranked, never rated): its
seed is known to its sender. A game that counts is refused while it is secret
(``games.secrecy``: a ranked game or an assignment's in play, today's daily until the day is
over) and sent as a practice copy once it is not.
"""

from __future__ import annotations

import secrets
from dataclasses import dataclass

from django.contrib.auth.models import AbstractBaseUser, AnonymousUser
from django.db import IntegrityError, transaction
from django.utils import timezone
from django.utils.translation import gettext

from core.guests import guest_create
from core.ratelimit import rate_limit_hit
from dictionaries.models import Dictionary
from friends.models import CODE_LENGTH, SentGame, SentGamePlay
from games.models import CountsAs, Game
from games.secrecy import is_secret_for
from games.selectors.counting import counting_game_open_on
from games.services import (
    SEED_BITS,
    GameRuleError,
    GameSettings,
    game_create,
    settings_check,
    settings_lexicon_load,
)


@dataclass(frozen=True)
class SendOutcome:
    sent: SentGame
    practice_copy: bool  # the game counted (ranked, a daily attempt, an assignment's)


def sent_game_from_game(*, player: AbstractBaseUser, game_id: int) -> SendOutcome:
    """A link to the player's game: its settings and seed, with that game as the sender's
    play of it. Raises ``Game.DoesNotExist`` for another player's game and ``GameRuleError``
    for one that is secret (nobody but its player may see it yet). Sending the same game
    again, or a game played from a link, gives that link."""
    game = Game.objects.select_related("dictionary").get(pk=game_id, player=player)
    if is_secret_for(game, AnonymousUser()):
        raise GameRuleError(
            gettext(
                "This game cannot be sent while it is secret (a ranked game or an assignment's "
                "until it ends, today's daily until the day is over). Nothing was sent."
            )
        )
    played_from = SentGamePlay.objects.filter(game=game).select_related("sent").first()
    if played_from is not None:  # a game of a link already: that link
        return SendOutcome(sent=played_from.sent, practice_copy=False)
    practice_copy = game.is_ranked or game.counts_as != CountsAs.NOTHING
    with transaction.atomic():
        sent, created = SentGame.objects.get_or_create(
            sender=player,
            from_game=game,
            defaults={
                "code": _new_code(),
                "dictionary": game.dictionary,
                "length": game.length,
                "max_misses": game.max_misses,
                "difficulty": game.difficulty,
                "seed": game.seed,
                "seeded_ties": game.seeded_ties,
                "vocabulary": game.vocabulary,
            },
        )
        if created and not game.played_by_computer:
            # The sender played it: their game is their one play of the link. The computer's
            # game is not theirs to be listed by (they play the link as anyone does).
            SentGamePlay.objects.create(sent=sent, player=player, game=game)
    return SendOutcome(sent=sent, practice_copy=practice_copy)


def sent_game_new(
    *,
    player: AbstractBaseUser,
    dictionary: Dictionary,
    length: int,
    max_misses: int,
    difficulty: str,
) -> SentGame:
    """A link to a new game with these settings and a fresh seed (the new-game form's "Send
    to friends"); the sender plays it through the link like everyone else."""
    game_settings = GameSettings(
        dictionary=dictionary, length=length, max_misses=max_misses, difficulty=difficulty
    )
    settings_check(player=player, game_settings=game_settings)
    return SentGame.objects.create(
        code=_new_code(),
        sender=player,
        dictionary=dictionary,
        length=length,
        max_misses=max_misses,
        difficulty=difficulty,
        seed=secrets.randbits(SEED_BITS),
    )


def sent_game_play(*, code: str, player: AbstractBaseUser, bot: bool = False) -> Game:
    """The player's game of the link: started the first time (a practice game of its
    settings and seed), the same game every time after (once per person). Raises
    ``SentGame.DoesNotExist`` for no such link and ``GameRuleError`` for a closed one, or
    while the player still plays a game that counts on its board (``counting_game_open_on``:
    their daily attempt left open past its day, sent by a friend who finished theirs)."""
    with transaction.atomic():
        sent = SentGame.objects.select_for_update().select_related("dictionary").get(code=code)
        mine = SentGamePlay.objects.filter(sent=sent, player=player).select_related("game")
        if (play := mine.first()) is not None:
            return play.game
        if sent.is_closed:
            raise GameRuleError(gettext("Its sender closed this game: nobody starts it any more."))
        if counting_game_open_on(
            player, dictionary_id=sent.dictionary_id, length=sent.length, seed=sent.seed
        ):
            raise GameRuleError(
                gettext(
                    "Finish your game of this board first: it is still open and counts, and "
                    "this practice copy would give its letters away. Nothing was started."
                )
            )
        game_settings = GameSettings.of(sent)
        try:
            with transaction.atomic():
                game = game_create(
                    player=player,
                    game_settings=game_settings,
                    lexicon=settings_lexicon_load(game_settings),
                    ranked=False,
                    seed=sent.seed,
                    seeded_ties=sent.seeded_ties,
                    vocabulary=sent.vocabulary,
                    counts_as=CountsAs.NOTHING,
                    bot=bot,
                )
                SentGamePlay.objects.create(sent=sent, player=player, game=game)
        except IntegrityError:  # the same person from two tabs at once: the first one's
            return mine.get().game
        return game


def sent_game_guest_play(*, code: str, address: str | None) -> Game:
    """A visitor's game of the link, under a new guest account (one tap, as the daily's),
    counted in the ``guest`` rate limit as every guest account is."""
    with transaction.atomic():
        rate_limit_hit(scope="guest", address=address)
        return sent_game_play(code=code, player=guest_create())


def sent_game_close(*, code: str, player: AbstractBaseUser) -> SentGame:
    """Close the link (its sender only: ``SentGame.DoesNotExist`` for anyone else): nobody
    starts it any more; the games played stay on its page."""
    with transaction.atomic():
        sent = SentGame.objects.select_for_update().get(code=code, sender=player)
        if sent.closed_at is None:
            sent.closed_at = timezone.now()
            sent.save(update_fields=["closed_at"])
        return sent


def _new_code() -> str:
    return secrets.token_urlsafe(CODE_LENGTH)[:CODE_LENGTH]
