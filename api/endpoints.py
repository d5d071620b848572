"""The versioned JSON API for programs as players, ``/api/v1/``.

Built with django-ninja: its operations are typed by pydantic schemas, from
which it writes the OpenAPI 3 schema (``/api/v1/openapi.json``) that the docs
page and property-based tests read, with no second description to keep in
step; it is a small layer on plain Django views (the site's middleware, CSP
and test client apply unchanged), where Django REST framework would bring its
own request, auth and throttling stack beside the site's. The docs page is
the site's own (``api.views.docs``): Swagger UI needs script the strict CSP
forbids.

Thin views: parse, call one service or selector, answer. Every failure is
``{"error": {"code", "message"}}`` with its status (``api.errors``).
"""

from __future__ import annotations

from django.http import HttpRequest
from ninja import NinjaAPI, Path, Query, Status
from ninja.security import HttpBearer

from api import errors, makers, reference_games, selectors, services
from api.models import ApiToken
from api.schemas import (
    AnswerIn,
    BotLeaderboardOut,
    DictionaryOut,
    DifficultyName,
    ErrorOut,
    GameOut,
    GameStartIn,
    GuessIn,
    GuessOut,
    MakerGameOut,
    MakerLeaderboardOut,
    MakerStartIn,
    MeOut,
)
from core.client_ip import client_ip_address
from games import services as game_services
from games.models import MAX_WRONG_GUESSES
from games.selectors.board import par_for

MAX_ID = 2**63 - 1  # a game id past a bigint is simply not found, never a database error


class BearerToken(HttpBearer):
    """``Authorization: Bearer <token>``; the API never reads a session cookie."""

    def authenticate(self, request: HttpRequest, token: str) -> ApiToken | None:
        return services.api_token_authenticate(
            secret=token.strip(), address=client_ip_address(request)
        )


api = NinjaAPI(
    title="Evil Hangman API",
    version="1.0.0",
    description=(
        "For programs as players. Every request carries `Authorization: Bearer <token>` "
        "(make a token on your Account page, or `manage.py api_token USERNAME`). Games "
        "played here are bot games: never ranked, never on the human leaderboards."
    ),
    urls_namespace="api-v1",
    auth=BearerToken(),
    docs_url=None,
    openapi_url="/openapi.json",
)
errors.install(api)

# 400 on any operation: a control character in the path or the query (core.bad_input);
# with a JSON body, also a body that is not JSON at all (found by schemathesis).
COMMON_ERRORS = {400: ErrorOut, 401: ErrorOut, 422: ErrorOut, 429: ErrorOut}
GAME_ERRORS = {**COMMON_ERRORS, 404: ErrorOut}
# An operation with a JSON body; 413: a body over DATA_UPLOAD_MAX_MEMORY_SIZE (bad_input).
BODY_ERRORS = {**GAME_ERRORS, 409: ErrorOut, 413: ErrorOut}


def _token(request: HttpRequest) -> ApiToken:
    return request.auth  # type: ignore[attr-defined,no-any-return]


@api.get("/me", response={200: MeOut, **COMMON_ERRORS}, summary="Who the token plays as")
def me(request: HttpRequest) -> MeOut:
    token = _token(request)
    return MeOut(username=token.user.get_username(), token_name=token.name)


@api.get(
    "/dictionaries",
    response={200: list[DictionaryOut], **COMMON_ERRORS},
    summary="Dictionaries a new game may use, their lengths, word counts and par",
)
def dictionaries(request: HttpRequest) -> list[selectors.DictionaryInfo]:
    return selectors.dictionaries_offered()


@api.get("/games", response={200: list[GameOut], **COMMON_ERRORS}, summary="Your bot games")
def games(request: HttpRequest, limit: int = Query(20, ge=1, le=100)) -> list[selectors.GameView]:
    return [
        selectors.game_view(game)
        for game in selectors.bot_games(token=_token(request), limit=limit)
    ]


@api.post(
    "/games",
    response={201: GameOut, **BODY_ERRORS, 403: ErrorOut},
    summary="Start a bot game (any difficulty, fair included; never ranked; an assignment's "
    "token: the assignment's settings only)",
)
def game_start(request: HttpRequest, body: GameStartIn) -> Status:
    dictionary = selectors.offered_dictionary(slug=body.dictionary)
    if dictionary is None:
        raise errors.NotFound("No dictionary by that slug is offered for new games.")
    game = services.api_game_start(
        token=_token(request),
        dictionary=dictionary,
        length=body.length,
        max_misses=body.max_misses,
        difficulty=body.difficulty,
        address=client_ip_address(request),
    )
    return Status(201, selectors.game_view(game))


@api.post(
    "/play-with/{code}/games",
    response={201: GameOut, **BODY_ERRORS, 403: ErrorOut},
    summary="Play a game a friend sent (its link's code): the same settings and seed, once "
    "per account, never ranked",
)
def sent_game_start(request: HttpRequest, code: str = Path(..., max_length=32)) -> Status:
    game = services.api_sent_game_start(
        token=_token(request), code=code, address=client_ip_address(request)
    )
    return Status(201, selectors.game_view(game))


@api.get("/games/{game_id}", response={200: GameOut, **GAME_ERRORS}, summary="Read a game")
def game_read(
    request: HttpRequest, game_id: int = Path(..., ge=1, le=MAX_ID)
) -> selectors.GameView:
    return selectors.game_view(selectors.bot_game(token=_token(request), game_id=game_id))


@api.post(
    "/games/{game_id}/guesses",
    response={200: GuessOut, **BODY_ERRORS},
    summary="Guess a letter or a whole word (409 when expected_guesses is out of date)",
)
def game_guess(
    request: HttpRequest, body: GuessIn, game_id: int = Path(..., ge=1, le=MAX_ID)
) -> GuessOut:
    token = _token(request)
    outcome = game_services.game_guess(
        game_id=game_id,
        player=token.user,
        letter=body.letter or "",
        word=body.word,
        expected_guesses=body.expected_guesses,
        address=client_ip_address(request),
        bot=True,  # a person's own games are not the API's: Game.DoesNotExist, a 404
    )
    return GuessOut(
        letter=outcome.move.guess,
        word=outcome.move.is_word,
        hit=not outcome.move.miss,
        game=selectors.game_view(outcome.game),  # type: ignore[arg-type]
    )


@api.post(
    "/games/{game_id}/forfeit",
    response={200: GameOut, **GAME_ERRORS},
    summary="Give up a game in progress (a loss)",
)
def game_forfeit(
    request: HttpRequest, game_id: int = Path(..., ge=1, le=MAX_ID)
) -> selectors.GameView:
    token = _token(request)
    selectors.bot_game(token=token, game_id=game_id)
    return selectors.game_view(game_services.game_forfeit(game_id=game_id, player=token.user))


@api.get(
    "/leaderboard",
    response={200: BotLeaderboardOut, **GAME_ERRORS},
    summary="Guesser bots on one challenge, fewest average misses first, with par",
)
def leaderboard(
    request: HttpRequest,
    difficulty: DifficultyName,  # type: ignore[valid-type]
    length: int = Query(..., ge=1, le=64),
    max_misses: int = Query(8, ge=1, le=MAX_WRONG_GUESSES),
    dictionary: str | None = Query(None, max_length=100),
) -> BotLeaderboardOut:
    found = selectors.offered_dictionary(slug=dictionary)
    if found is None:
        raise errors.NotFound("No dictionary by that slug is offered for new games.")
    services.challenge_check(dictionary=found, length=length)
    par = par_for(dictionary_id=found.pk, length=length, difficulty=difficulty)
    return BotLeaderboardOut(
        dictionary=found.slug,
        length=length,
        difficulty=difficulty,
        max_misses=max_misses,
        par=par.misses if par is not None else None,
        rows=selectors.bot_leaderboard(  # type: ignore[arg-type]
            dictionary=found, length=length, difficulty=difficulty, max_misses=max_misses
        ),
    )


@api.post(
    "/maker-games",
    response={201: MakerGameOut, **BODY_ERRORS, 403: ErrorOut},
    summary="Start a word-maker game: the site's AI guesser asks, the bot answers positions "
    "(an assignment's token: the assignment's settings only)",
)
def maker_start(request: HttpRequest, body: MakerStartIn) -> Status:
    dictionary = selectors.offered_dictionary(slug=body.dictionary)
    if dictionary is None:
        raise errors.NotFound("No dictionary by that slug is offered for new games.")
    game = makers.maker_game_start(
        token=_token(request),
        dictionary=dictionary,
        length=body.length,
        max_misses=body.max_misses,
        address=client_ip_address(request),
    )
    return Status(201, selectors.maker_view(game))


@api.get(
    "/maker-games/{game_id}",
    response={200: MakerGameOut, **GAME_ERRORS},
    summary="Read a word-maker game",
)
def maker_read(
    request: HttpRequest, game_id: int = Path(..., ge=1, le=MAX_ID)
) -> selectors.MakerView:
    return selectors.maker_view(selectors.maker_game(token=_token(request), game_id=game_id))


@api.post(
    "/maker-games/{game_id}/answers",
    response={200: MakerGameOut, **BODY_ERRORS},
    summary="Answer the asked letter with its positions (422 for an answer no word fits)",
)
def maker_answer(
    request: HttpRequest, body: AnswerIn, game_id: int = Path(..., ge=1, le=MAX_ID)
) -> selectors.MakerView:
    game = makers.maker_answer(
        token=_token(request),
        game_id=game_id,
        positions=body.positions,
        expected_guesses=body.expected_guesses,
        address=client_ip_address(request),
    )
    return selectors.maker_view(game)


@api.get(
    "/maker-leaderboard",
    response={200: MakerLeaderboardOut, **GAME_ERRORS},
    summary="Word-maker bots on one challenge, most misses forced first, beside hard and fiendish",
)
def maker_leaderboard(
    request: HttpRequest,
    length: int = Query(..., ge=1, le=64),
    max_misses: int = Query(8, ge=1, le=MAX_WRONG_GUESSES),
    dictionary: str | None = Query(None, max_length=100),
) -> MakerLeaderboardOut:
    found = selectors.offered_dictionary(slug=dictionary)
    if found is None:
        raise errors.NotFound("No dictionary by that slug is offered for new games.")
    services.challenge_check(dictionary=found, length=length)
    reference = reference_games.reference_misses(
        dictionary_id=found.pk,
        length=length,
        max_misses=max_misses,
        player=_token(request).user,
        address=client_ip_address(request),
    )
    return MakerLeaderboardOut(
        dictionary=found.slug,
        length=length,
        max_misses=max_misses,
        reference=reference,
        reference_complete=len(reference) == len(reference_games.REFERENCE_DIFFICULTIES),
        rows=selectors.maker_leaderboard(  # type: ignore[arg-type]
            dictionary=found, length=length, max_misses=max_misses
        ),
    )
