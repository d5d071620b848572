"""Writes of the API: tokens made, used and revoked, and bot games started.

A bot game is started by ``games.services.game_start`` (``bot=True``) and
played by ``games.services.game_guess``: the same rules, row locks and
``expected_guesses`` as the board. Nothing here re-implements a rule of play.
"""

from __future__ import annotations

import datetime as dt
import enum
import hashlib
import secrets

from django.conf import settings
from django.contrib.auth import get_user_model
from django.contrib.auth.models import AbstractBaseUser
from django.db import transaction
from django.db.models import Model
from django.utils import timezone
from django.utils.translation import gettext

from api.hooks import registered_start_checks
from api.models import TOKEN_NAME_MAX, ApiGame, ApiToken
from core.bad_input import has_control
from core.guests import is_guest
from core.names import BIDI_CONTROL_MESSAGE, has_bidi_control
from core.ratelimit import rate_limit_hit
from dictionaries.models import Dictionary
from dictionaries.selectors import word_lengths
from friends.models import SentGame
from friends.services import sent_game_play
from games.models import Game, Status
from games.services import game_start

TOKEN_PREFIX = "eh_"
# The longest life a token may be given, in days (none given: it never expires).
TOKEN_MAX_DAYS = 365
# last_used_at is written at most this often per token: not one UPDATE per request.
LAST_USED_PRECISION = dt.timedelta(minutes=1)


class ApiRuleError(Exception):
    """A request the API refuses; ``code`` is for programs, ``message`` for people."""

    status = 422

    def __init__(self, code: str, message: str, *, status: int | None = None) -> None:
        super().__init__(message)
        self.code = code
        self.message = message
        if status is not None:
            self.status = status


class BotRole(enum.StrEnum):
    """What a bot plays in the game it starts: the guesser or the word-maker."""

    GUESSER = "guesser"
    MAKER = "maker"


def start_checks_run(
    *,
    token: ApiToken,
    role: BotRole,
    dictionary: Dictionary,
    length: int,
    max_misses: int,
    difficulty: str | None = None,
) -> None:
    """Run every registered check (``api.hooks``); the first to refuse raises ``ApiRuleError``."""
    for check in registered_start_checks():
        check(
            token=token,
            role=role,
            dictionary=dictionary,
            length=length,
            max_misses=max_misses,
            difficulty=difficulty,
        )


def token_hash(secret: str) -> str:
    return hashlib.sha256(secret.encode("utf-8", "surrogatepass")).hexdigest()


def api_token_create(
    *,
    user: AbstractBaseUser,
    name: str,
    days: int | None = None,
    assignment: Model | None = None,
) -> tuple[ApiToken, str]:
    """A new token and its secret, which is shown once and never stored; with ``days``
    it is refused like a revoked one once that many days have passed. With an
    ``assignment`` (a class's: ``classes.bots.assignment_token_create``) every game it
    starts is one of it.

    The account row is locked while the tokens are counted, so two forms sent at
    once cannot both pass the cap (``API_TOKENS_PER_ACCOUNT``).
    """
    name = " ".join(name.split())[:TOKEN_NAME_MAX]
    if has_control(name):  # a multipart form reaches here unread by the bad-input door
        raise ApiRuleError(
            "invalid_name", gettext("A token's name cannot hold control characters.")
        )
    if has_bidi_control(name):
        raise ApiRuleError("invalid_name", str(BIDI_CONTROL_MESSAGE))
    if not name:
        raise ApiRuleError("invalid_name", gettext("Give the token a name, such as the program's."))
    if days is not None and not 1 <= days <= TOKEN_MAX_DAYS:
        raise ApiRuleError(
            "invalid_expiry",
            gettext("A token lives from 1 to %(max)s days, or never expires. No token was made.")
            % {"max": TOKEN_MAX_DAYS},
        )
    expires_at = timezone.now() + dt.timedelta(days=days) if days is not None else None
    if is_guest(user):
        raise ApiRuleError(
            "guest_account",
            gettext("Sign up first: a visitor's account cannot make API tokens."),
            status=403,
        )
    secret = TOKEN_PREFIX + secrets.token_urlsafe(32)
    with transaction.atomic():
        get_user_model().objects.select_for_update().filter(pk=user.pk).first()
        active = (
            ApiToken.objects.filter(user=user, revoked_at__isnull=True)
            .exclude(expires_at__lte=timezone.now())
            .count()
        )
        if active >= settings.API_TOKENS_PER_ACCOUNT:
            raise ApiRuleError(
                "token_cap",
                gettext(
                    "An account may hold %(count)s API tokens; revoke one first. No token was made."
                )
                % {"count": settings.API_TOKENS_PER_ACCOUNT},
                status=409,
            )
        token = ApiToken.objects.create(
            user=user,
            name=name,
            token_hash=token_hash(secret),
            prefix=secret[:8],
            expires_at=expires_at,
            assignment=assignment,
        )
    return token, secret


def api_token_revoke(*, user: AbstractBaseUser, token_id: int) -> ApiToken:
    """Revoke one of the user's tokens (again: nothing changes). Raises
    ``ApiToken.DoesNotExist`` for a token that is not theirs."""
    with transaction.atomic():
        token = ApiToken.objects.select_for_update().get(pk=token_id, user=user)
        if token.revoked_at is None:
            token.revoked_at = timezone.now()
            token.save(update_fields=["revoked_at"])
        return token


def api_token_authenticate(*, secret: str, address: str | None) -> ApiToken | None:
    """The live token a bearer secret names (None: unknown, revoked, expired, or its
    account is inactive), counted in the ``api_request`` rate per token and per address.

    The address is counted before the token is looked up, so guessing secrets is
    throttled as much as using one.
    """
    rate_limit_hit(scope="api_request", address=address)
    if not secret.startswith(TOKEN_PREFIX) or len(secret) > 200:
        return None
    token = (
        ApiToken.objects.select_related("user")
        .filter(token_hash=token_hash(secret), revoked_at__isnull=True, user__is_active=True)
        .first()
    )
    now = timezone.now()
    if token is None or (token.expires_at is not None and token.expires_at <= now):
        return None
    rate_limit_hit(scope="api_request", token=token.pk)
    if token.last_used_at is None or now - token.last_used_at >= LAST_USED_PRECISION:
        ApiToken.objects.filter(pk=token.pk).update(last_used_at=now)
        token.last_used_at = now
    return token


def challenge_check(*, dictionary: Dictionary, length: int) -> None:
    """Refuse (422) a length the dictionary has no words of, naming those it has: nothing to
    rank, and nothing to search."""
    lengths = [item.length for item in word_lengths(dictionary_id=dictionary.pk)]
    if length not in lengths:
        shown = ", ".join(str(item) for item in lengths[:40])
        raise ApiRuleError(
            "refused",
            f"{dictionary.name} has no words of length {length}; its lengths are {shown}.",
        )


def api_game_start(
    *,
    token: ApiToken,
    dictionary: Dictionary,
    length: int,
    max_misses: int,
    difficulty: str,
    address: str | None = None,
) -> Game:
    """Start a bot game for the token's account through ``games.services.game_start``.

    Counted in ``api_game_start`` per token; the token row is locked while its
    games in progress are counted (``API_GAMES_IN_PROGRESS_PER_TOKEN``), so
    simultaneous starts cannot pass the cap together.
    """
    rate_limit_hit(scope="api_game_start", token=token.pk, address=address)
    with transaction.atomic():
        _guesser_start_check(
            token,
            dictionary=dictionary,
            length=length,
            max_misses=max_misses,
            difficulty=difficulty,
        )
        game = game_start(
            player=token.user,
            dictionary=dictionary,
            length=length,
            max_misses=max_misses,
            difficulty=difficulty,
            bot=True,
        )
        ApiGame.objects.create(game=game, token=token)
        return game


def api_sent_game_start(*, token: ApiToken, code: str, address: str | None = None) -> Game:
    """The token account's bot game of a link a friend sent (``friends``): its settings and
    seed, once per account, never ranked; counted and capped as ``api_game_start``.
    Raises ``SentGame.DoesNotExist`` for no such link."""
    rate_limit_hit(scope="api_game_start", token=token.pk, address=address)
    sent = SentGame.objects.select_related("dictionary").get(code=code)
    with transaction.atomic():
        _guesser_start_check(
            token,
            dictionary=sent.dictionary,
            length=sent.length,
            max_misses=sent.max_misses,
            difficulty=sent.difficulty,
        )
        game = sent_game_play(code=code, player=token.user, bot=True)
        if not game.played_by_bot:
            raise ApiRuleError(
                "already_played",
                "This account already played this link in the browser; a link is played "
                "once per person.",
                status=409,
            )
        ApiGame.objects.get_or_create(game=game, defaults={"token": token})
        return game


def _guesser_start_check(
    token: ApiToken, *, dictionary: Dictionary, length: int, max_misses: int, difficulty: str
) -> None:
    """In the starting transaction: the token row locked, its start checks run (an
    assignment's settings), and its games in progress counted against the cap
    (``API_GAMES_IN_PROGRESS_PER_TOKEN``), so simultaneous starts cannot pass it together."""
    ApiToken.objects.select_for_update().filter(pk=token.pk).first()
    start_checks_run(
        token=token,
        role=BotRole.GUESSER,
        dictionary=dictionary,
        length=length,
        max_misses=max_misses,
        difficulty=difficulty,
    )
    playing = ApiGame.objects.filter(token=token, game__status=Status.PLAYING).count()
    if playing >= settings.API_GAMES_IN_PROGRESS_PER_TOKEN:
        raise ApiRuleError(
            "too_many_games_in_progress",
            f"This token has {playing} games in progress, the most it may have; finish "
            "or forfeit one first. No game was started.",
            status=409,
        )
