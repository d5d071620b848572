"""Word-maker bots: the site's AI guesser asks letters, the bot answers where they are.

The server is the judge: an answer must keep at least one word of the
dictionary that fits every answer so far (the words that fit letters and
pattern are ``games.engine.public_candidates``, the rule the hints and the
computer's games use). An illegal answer is refused with the reason and
changes nothing but the count of illegal answers; at ``MAX_ILLEGAL_ANSWERS``
the bot has shown it cannot answer legally, and loses the game. The AI
guesser is ``games.engine.guesser.propose`` playing as against the fiendish
word-maker (its strongest play, safe against any word-maker).
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass

from django.conf import settings
from django.db import transaction
from django.utils import timezone

from api.models import ApiGame, ApiToken, MakerGame, MakerStatus, ReferenceGame
from api.services import ApiRuleError, BotRole, start_checks_run
from core.ratelimit import rate_limit_hit
from dictionaries.models import Dictionary
from dictionaries.wordbank import EmptyBucketError, get_lexicon
from games import engine
from games.engine import guesser
from games.models import MAX_WRONG_GUESSES, Status
from games.services import StaleBoardError

MAX_ILLEGAL_ANSWERS = 3


def maker_state(game: MakerGame) -> engine.GameState:
    """The engine's view of a maker game: its letters and pattern, and the words that fit."""
    lexicon = get_lexicon(dictionary_id=game.dictionary_id, length=game.length)
    return _state(lexicon, game.max_misses, game.letters, game.pattern, game.misses)


def _state(
    lexicon: engine.Lexicon, max_misses: int, letters: str, pattern: str, misses: int
) -> engine.GameState:
    state = engine.GameState(
        lexicon=lexicon,
        max_misses=max_misses,
        difficulty=engine.Difficulty.FIENDISH,
        seed=0,
        letters=tuple(letters),
        pattern=pattern,
        misses=misses,
    )
    return dataclasses.replace(state, candidates=engine.public_candidates(state))


def maker_game_start(
    *,
    token: ApiToken,
    dictionary: Dictionary,
    length: int,
    max_misses: int,
    address: str | None = None,
) -> MakerGame:
    """A new maker game and the AI guesser's first letter. Counted with the token's bot
    games (``api_game_start``, and the cap of games in progress)."""
    if dictionary.is_hidden:
        raise ApiRuleError("refused", "That dictionary is not offered for new games.")
    if not 1 <= max_misses <= MAX_WRONG_GUESSES:
        raise ApiRuleError(
            "refused", f"Wrong guesses allowed must be between 1 and {MAX_WRONG_GUESSES}."
        )
    try:
        lexicon = get_lexicon(dictionary_id=dictionary.pk, length=length)
    except EmptyBucketError:
        raise ApiRuleError(
            "refused", f"{dictionary.name} has no words of length {length}."
        ) from None
    rate_limit_hit(scope="api_game_start", token=token.pk, address=address)
    first = guesser.propose(_state(lexicon, max_misses, "", engine.HIDDEN * length, 0)).letter
    with transaction.atomic():
        ApiToken.objects.select_for_update().filter(pk=token.pk).first()
        start_checks_run(
            token=token,
            role=BotRole.MAKER,
            dictionary=dictionary,
            length=length,
            max_misses=max_misses,
        )
        playing = (
            ApiGame.objects.filter(token=token, game__status=Status.PLAYING).count()
            + MakerGame.objects.filter(token=token, status=MakerStatus.PLAYING).count()
        )
        if playing >= settings.API_GAMES_IN_PROGRESS_PER_TOKEN:
            raise ApiRuleError(
                "too_many_games_in_progress",
                f"This token has {playing} games in progress, the most it may have; finish "
                "or forfeit one first. No game was started.",
                status=409,
            )
        return MakerGame.objects.create(
            token=token,
            player_id=token.user_id,
            dictionary=dictionary,
            length=length,
            max_misses=max_misses,
            pattern=engine.HIDDEN * length,
            asked=first,
        )


class IllegalAnswerError(ApiRuleError):
    """An answer no word of the dictionary fits; the game goes on (or is lost)."""


@dataclass(frozen=True)
class _Verdict:
    game: MakerGame
    refusal: str | None  # why the answer was illegal (None: accepted)


def maker_answer(
    *,
    token: ApiToken,
    game_id: int,
    positions: list[int],
    expected_guesses: int,
    address: str | None = None,
) -> MakerGame:
    """The bot's answer to the asked letter: where it is (0-based), empty for a miss.

    Under the game's row lock: a resent answer (``expected_guesses`` out of date)
    is a ``StaleBoardError`` that changes nothing. Raises ``MakerGame.DoesNotExist``
    for a game that is not the token account's, ``IllegalAnswerError`` for an
    answer no word fits (the game is lost at the last one allowed).
    """
    verdict = _answer_locked(
        token=token,
        game_id=game_id,
        positions=positions,
        expected_guesses=expected_guesses,
        address=address,
    )
    if verdict.refusal is not None:  # raised after the commit: the count of illegal answers stays
        raise IllegalAnswerError("illegal_answer", verdict.refusal)
    return verdict.game


@transaction.atomic
def _answer_locked(
    *,
    token: ApiToken,
    game_id: int,
    positions: list[int],
    expected_guesses: int,
    address: str | None,
) -> _Verdict:
    game = MakerGame.objects.select_for_update().get(pk=game_id, player_id=token.user_id)
    if game.is_over:
        raise ApiRuleError("refused", "This game is over. Start a new one to play again.")
    if expected_guesses != len(game.letters):
        raise StaleBoardError(
            "This answer was for an earlier letter (the game moved on, or it was sent twice); "
            "nothing was changed."
        )
    refusal = _position_refusal(game, positions)
    state = maker_state(game)
    if refusal is None:
        chars = list(game.pattern)
        for position in positions:
            chars[position] = game.asked
        pattern = "".join(chars)
        answered = _state(
            state.lexicon,
            game.max_misses,
            game.letters + game.asked,
            pattern,
            game.misses + (not positions),
        )
        if answered.words_left == 0:
            where = ", ".join(str(p) for p in sorted(positions)) or "nowhere"
            refusal = (
                f"No word of the dictionary fits {game.asked.upper()} at {where} with your "
                "earlier answers."
            )
    if refusal is not None:
        game.illegal_answers += 1
        if game.illegal_answers >= MAX_ILLEGAL_ANSWERS:
            game.status = MakerStatus.LOST
            game.finished_at = timezone.now()
            game.asked = ""
            refusal += f" That is {game.illegal_answers} illegal answers: the bot loses this game."
        else:
            refusal += (
                f" Nothing was changed; answer again ({MAX_ILLEGAL_ANSWERS - game.illegal_answers}"
                " illegal answers left before the game is lost)."
            )
        game.save(update_fields=["illegal_answers", "status", "finished_at", "asked"])
        return _Verdict(game=game, refusal=refusal)
    game.letters = "".join(answered.letters)
    game.pattern = answered.pattern
    game.misses = answered.misses
    if engine.HIDDEN not in game.pattern:
        game.status = MakerStatus.GUESSED
    elif game.misses >= game.max_misses:
        game.status = MakerStatus.HANGED
    if game.is_over:
        game.finished_at = timezone.now()
        game.asked = ""
    else:
        rate_limit_hit(scope="fiendish_guess", player=token.user, address=address)  # a search
        game.asked = guesser.propose(answered).letter
    game.save()
    return _Verdict(game=game, refusal=None)


def _position_refusal(game: MakerGame, positions: list[int]) -> str | None:
    """Why these positions cannot be an answer at all, whatever the words (None: they can)."""
    if len(set(positions)) != len(positions):
        return "Each position may be given once."
    for position in positions:
        if not 0 <= position < game.length:
            return f"Positions go from 0 to {game.length - 1}; {position} is not one."
        if game.pattern[position] != engine.HIDDEN:
            return f"Position {position} already shows {game.pattern[position].upper()}."
    return None


def reference_games_play(*, dictionary_id: int, length: int, max_misses: int) -> int:
    """Play every queued reference game of one challenge and store its misses (the worker's
    part of :func:`api.reference_games.reference_misses`); how many were played.

    The guesser sees what it sees against a bot (the words that fit, playing as against
    fiendish); the word-maker is the engine's. A dictionary's words never change once
    imported, so a game played once stands.
    """
    played = 0
    for game in ReferenceGame.objects.filter(
        dictionary_id=dictionary_id, length=length, max_misses=max_misses, misses__isnull=True
    ):
        try:
            lexicon = get_lexicon(dictionary_id=dictionary_id, length=length)
        except EmptyBucketError:
            game.delete()  # nothing to play: asked again, it is queued again
            continue
        difficulty = engine.Difficulty(game.difficulty)
        state = engine.new_game(lexicon, max_misses=max_misses, difficulty=difficulty, seed=0)
        while not state.is_over:
            seen = _state(lexicon, max_misses, "".join(state.letters), state.pattern, state.misses)
            state, _ = engine.apply_guess(state, guesser.propose(seen).letter)
        ReferenceGame.objects.filter(pk=game.pk).update(
            misses=state.misses, computed_at=timezone.now()
        )
        played += 1
    return played
