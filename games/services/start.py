"""Starting a game: every new game row is made by ``game_create`` from a ``GameSettings``.

The ways in (the new-game form, a visitor's first game, the computer's games,
the daily puzzle, a class assignment, the API) each decide what is theirs to
decide (ranked or not, the seed, the secret part of the list) and leave the row
itself, the spent start token and the settings checks to this module, so the
rules of a new game are written once.
"""

from __future__ import annotations

import secrets
import uuid
from dataclasses import dataclass
from typing import Protocol

from django.conf import settings as django_settings
from django.contrib.auth.models import AbstractBaseUser, AnonymousUser
from django.db import IntegrityError, transaction
from django.utils.translation import gettext

from core.guests import guest_create, is_guest
from core.ratelimit import rate_limit_hit
from dictionaries.models import Dictionary
from dictionaries.wordbank import EmptyBucketError, get_lexicon
from games import engine
from games.models import MAX_WRONG_GUESSES, CountsAs, Difficulty, Game, Status
from games.secrecy import COUNTING_IN_PROGRESS, secrecy_rule_for
from games.selectors.abandoned import is_abandoned
from games.selectors.counting import counting_game_open_on
from games.services.errors import (
    DIFFICULTY_CHOICE_MESSAGE,
    NOT_OFFERED_MESSAGE,
    GameAlreadyStartedError,
    GameInProgressError,
    GameRuleError,
    not_offered_without_frequencies_message,
)
from games.services.play import locked_game_forfeit

SEED_BITS = 62


class SettingsRow(Protocol):
    """A row with the settings of a game (``games.models.GameSettingsFields``)."""

    dictionary: Dictionary
    length: int
    max_misses: int
    difficulty: str


@dataclass(frozen=True)
class GameSettings:
    """What a game is played with, wherever it was chosen (a form, a puzzle, an assignment)."""

    dictionary: Dictionary
    length: int
    max_misses: int
    difficulty: str
    show_word_count: bool = False  # the practice aid: a game showing it is never ranked

    @classmethod
    def of(cls, row: SettingsRow) -> GameSettings:
        """The settings stored on a game, a daily puzzle or an assignment."""
        return cls(
            dictionary=row.dictionary,
            length=row.length,
            max_misses=row.max_misses,
            difficulty=row.difficulty,
        )


def settings_lexicon_load(game_settings: GameSettings) -> engine.Lexicon:
    """The words of the settings' length; a list without any is refused in the player's words."""
    dictionary, length = game_settings.dictionary, game_settings.length
    try:
        return get_lexicon(dictionary_id=dictionary.pk, length=length)
    except EmptyBucketError:
        raise GameRuleError(
            gettext("%(dictionary)s has no words of length %(length)s.")
            % {"dictionary": dictionary.display_name, "length": length}
        ) from None


def settings_check(*, player: AbstractBaseUser, game_settings: GameSettings) -> engine.Lexicon:
    """Settings a player chose: an offered dictionary (staff may try a hidden one), misses in
    range, a registered difficulty, words of that length. Returns those words."""
    if game_settings.dictionary.is_hidden and not getattr(player, "is_staff", False):
        raise GameRuleError(NOT_OFFERED_MESSAGE)
    if not 1 <= game_settings.max_misses <= MAX_WRONG_GUESSES:
        raise GameRuleError(
            gettext("Wrong guesses allowed must be between 1 and %(max)s.")
            % {"max": MAX_WRONG_GUESSES}
        )
    if game_settings.difficulty not in Difficulty.values:
        raise GameRuleError(DIFFICULTY_CHOICE_MESSAGE)
    dictionary = game_settings.dictionary
    reads_frequencies = engine.maker_for(game_settings.difficulty).needs_frequencies
    if reads_frequencies and not dictionary.has_frequencies:
        raise GameRuleError(
            not_offered_without_frequencies_message(
                game_settings.difficulty, dictionary.display_name
            )
        )
    return settings_lexicon_load(game_settings)


def start_token_check(*, player: AbstractBaseUser, start_token: uuid.UUID | None) -> None:
    """A new-game form sent again (double click, resent page) starts nothing: its game is named
    (``GameAlreadyStartedError``). Each form carries its own token."""
    if start_token is None:
        return
    started = Game.objects.filter(player=player, start_token=start_token).first()
    if started is not None:
        raise GameAlreadyStartedError(started)


def game_create(
    *,
    player: AbstractBaseUser,
    game_settings: GameSettings,
    lexicon: engine.Lexicon,
    ranked: bool,
    seed: int | None = None,
    seeded_ties: bool | None = None,
    vocabulary: int | None = None,
    start_token: uuid.UUID | None = None,
    bot: bool = False,
    computer: bool = False,
    replay_of: Game | None = None,
    counts_as: CountsAs | None = None,
) -> Game:
    """The one place a game row is made; the caller has checked what is its to check.

    ``seed``: random unless given (a replay, a daily puzzle, a test). ``seeded_ties``:
    ties broken by the seed, by default for a ranked game (a letter sequence that beat one
    game need not beat the next). ``vocabulary``: the secret part of the list a ranked game
    plays on by default (games/engine/vocabulary.py), else the whole list.
    ``counts_as``: what the game counts for, stored for good (``Game.counts_as``): by
    default a ranked game counts as one and any other as nothing; a way in that makes its
    games count for something of its own says so (a day's one attempt, an assignment's
    game). The computer's games count for nothing, and a ranked game always counts
    (``ValueError`` otherwise: a caller's mistake, never a player's).
    Run it in the caller's transaction: the database's constraints (one ranked game in
    progress, a spent start token) raise ``IntegrityError`` for the caller to name.
    """
    if counts_as is None:
        counts_as = CountsAs.RANKED if ranked else CountsAs.NOTHING
    if (computer and counts_as != CountsAs.NOTHING) or (ranked and counts_as == CountsAs.NOTHING):
        raise ValueError(f"a game {ranked=}, {computer=} cannot count as {counts_as!r}")
    if vocabulary is None:
        vocabulary = engine.ranked_vocabulary(lexicon) if ranked else engine.FULL_VOCABULARY
    game_seed = secrets.randbits(SEED_BITS) if seed is None else seed
    length = game_settings.length
    return Game.objects.create(
        player=player,
        dictionary=game_settings.dictionary,
        length=length,
        max_misses=game_settings.max_misses,
        difficulty=game_settings.difficulty,
        is_ranked=ranked,
        played_by_bot=bot,
        played_by_computer=computer,
        computer_replay_of=replay_of,
        counts_as=counts_as,
        seeded_ties=ranked if seeded_ties is None else seeded_ties,
        vocabulary=vocabulary,
        seed=game_seed,
        pattern=engine.HIDDEN * length,
        words_left=engine.secret_vocabulary(lexicon, game_seed, vocabulary).size,
        start_token=start_token,
    )


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


def would_be_ranked(
    *,
    player: AbstractBaseUser,
    dictionary: Dictionary,
    words: int,
    difficulty: str,
    show_word_count: bool = False,
    bot: bool = False,
) -> bool:
    """Whether a game started with these settings is ranked, and so rated: the one rule
    ``game_start`` applies, and what the new-game form asks before it speaks of ratings.

    ``words``: how many words the dictionary has of the chosen length. A bucket smaller
    than ``RANKED_MIN_WORDS`` is never ranked: a handful of words is a sure win, and
    ranking it would hand out free points.
    """
    return (
        not show_word_count
        and difficulty in Difficulty.values
        and engine.maker_for(difficulty).ranked  # the fair game never is
        and words >= django_settings.RANKED_MIN_WORDS
        and not is_guest(player)  # a visitor's games are practice until they sign up
        and not dictionary.is_hidden  # staff trying a list before offering it
        and not bot  # bots have no place on the human leaderboards
    )


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
    counts_as: CountsAs | None = None,
) -> Game:
    """Start a game; a ranked start forfeits the ranked game in progress only when confirmed.

    ``forfeit_game_id`` is the game the player saw and agreed to forfeit: if
    another game is in progress by now (a stale tab), nothing is forfeited. One
    left past ``RANKED_ABANDON_AFTER`` is finished as abandoned without asking.
    ``start_token`` comes with each new-game form: sent a second time, it
    starts nothing and forfeits nothing (``GameAlreadyStartedError``), so a
    double click cannot offer to forfeit the game it has just started.
    ``bot``: a program plays it through the API (``Game.played_by_bot``); a bot
    game is never ranked, so it never forfeits the player's own ranked game
    (``would_be_ranked`` says which games are). ``counts_as``: what the game counts for
    when its way in makes it count for something of its own (``game_create``).
    """
    game_settings = GameSettings(
        dictionary=dictionary,
        length=length,
        max_misses=max_misses,
        difficulty=difficulty,
        show_word_count=show_word_count,
    )
    start_token_check(player=player, start_token=start_token)
    lexicon = settings_check(player=player, game_settings=game_settings)
    is_ranked = would_be_ranked(
        player=player,
        dictionary=dictionary,
        words=len(lexicon),
        difficulty=difficulty,
        show_word_count=show_word_count,
        bot=bot,
    )
    with transaction.atomic():
        if is_ranked:
            current = (
                Game.objects.select_for_update()
                .filter(player=player, status=Status.PLAYING, is_ranked=True)
                .exclude(counts_as=CountsAs.ONE_ATTEMPT)  # played alongside, never forfeited
                .first()
            )
            # Again under the lock: a copy of this form sent at the same moment may have
            # started its game since the check above, and that game would now be
            # ``current``, offered for forfeiting instead of reported as started.
            start_token_check(player=player, start_token=start_token)
            if current is not None and is_abandoned(current):
                # Already lost by the rule, whatever the form said: no confirmation needed.
                locked_game_forfeit(current, abandoned=True)
            elif current is not None:
                if forfeit_game_id is None:
                    raise GameInProgressError(current)
                if forfeit_game_id != current.pk:
                    raise GameInProgressError(current, changed=True)
                locked_game_forfeit(current)
        try:
            with transaction.atomic():
                return game_create(
                    player=player,
                    game_settings=game_settings,
                    lexicon=lexicon,
                    ranked=is_ranked,
                    seed=seed,
                    # A bot's ties too: a letter sequence that beat one game need not beat
                    # the next, so a program cannot learn a fixed answer.
                    seeded_ties=is_ranked or bot,
                    start_token=start_token,
                    bot=bot,
                    counts_as=counts_as,
                )
        except IntegrityError:
            # Another request started a game in between: the same form sent twice at
            # once, or a ranked game started from another tab.
            start_token_check(player=player, start_token=start_token)
            raise GameRuleError(
                gettext(
                    "Another ranked game was started at the same moment; open it from My games."
                )
            ) from None


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
    game_settings = GameSettings(
        dictionary=dictionary, length=length, max_misses=max_misses, difficulty=difficulty
    )
    start_token_check(player=player, start_token=start_token)
    lexicon = settings_check(player=player, game_settings=game_settings)
    with transaction.atomic():
        rate_limit_hit(scope="computer_game", player=player, address=address)
        try:
            with transaction.atomic():
                return game_create(
                    player=player,
                    game_settings=game_settings,
                    lexicon=lexicon,
                    ranked=False,
                    seed=seed,
                    start_token=start_token,
                    computer=True,
                )
        except IntegrityError:  # the same form sent twice at once
            start_token_check(player=player, start_token=start_token)
            raise


def replay_waits(game: Game) -> str | None:
    """Why the computer may not replay ``game`` yet, or None: an app's secrecy rule still
    hides it from people other than its player (today's daily puzzle, until the UTC day is
    over). The one gate of the replay, whoever asks (a player who finished, gave up at once
    or has not played; a guest; staff): otherwise any spare identity, after a give-up,
    would have the computer solve the game for another. A game that counts and is still
    played is refused below, with its own words."""
    rule = secrecy_rule_for(game, AnonymousUser())
    if rule is None or rule is COUNTING_IN_PROGRESS:
        return None
    return gettext(
        "Not yet: this game is %(hidden)s, and until then the computer's replay would "
        "solve it for whoever asked. Come back then."
    ) % {"hidden": gettext(rule.label)}


def computer_replay_start(
    *, player: AbstractBaseUser, game_id: int, address: str | None = None
) -> Game:
    """The computer plays one of the player's finished games again: same settings, same seed.

    With the seed (and the seeded tie order) it faces the very word-maker the
    player faced. A game has one replay per player: asked again, the same one
    is returned (the computer would play it move for move the same) and the
    rate limit is not counted. A game an app's secrecy rule hides is replayed only once
    the rule lets it go (``replay_waits``: today's daily puzzle, once its UTC day is
    over), and none while the player still plays a game that counts on the same board
    (the same seed: their one attempt left open past its day). Raises
    ``Game.DoesNotExist`` for a game that is not the player's.
    """
    source = Game.objects.get(pk=game_id, player=player)
    waits = replay_waits(source)
    if waits is not None:
        raise GameRuleError(waits)
    if source.played_by_computer:
        raise GameRuleError(gettext("This game was already played by the computer."))
    if not source.is_over:
        raise GameRuleError(
            gettext("Finish this game first: the computer's replay would give its word away.")
        )
    if counting_game_open_on(
        player, dictionary_id=source.dictionary_id, length=source.length, seed=source.seed
    ):
        raise GameRuleError(
            gettext(
                "Finish your attempt at this board first: it is still open and counts, and the "
                "computer's replay would give its letters away."
            )
        )
    existing = Game.objects.filter(player=player, computer_replay_of=source).first()
    if existing is not None:
        return existing
    game_settings = GameSettings.of(source)
    lexicon = settings_lexicon_load(game_settings)
    with transaction.atomic():
        rate_limit_hit(scope="computer_game", player=player, address=address)
        try:
            with transaction.atomic():
                return game_create(
                    player=player,
                    game_settings=game_settings,
                    lexicon=lexicon,
                    ranked=False,
                    seed=source.seed,
                    seeded_ties=source.seeded_ties,
                    vocabulary=source.vocabulary,
                    computer=True,
                    replay_of=source,
                )
        except IntegrityError:  # two tabs asked at once: the other one started it
            return Game.objects.get(player=player, computer_replay_of=source)
