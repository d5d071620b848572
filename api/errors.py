"""Every failure of the API as ``{"error": {"code": ..., "message": ...}}`` with its status.

The rules' own exceptions (``games.services``, ``core.ratelimit``) are
mapped here, once: a stale board is 409, a refused rule 422, a game that is
not the token's 404, a rate 429 with ``Retry-After``.
"""

from __future__ import annotations

import logging
from typing import Any

from django.core.signals import got_request_exception
from django.http import Http404, HttpRequest, HttpResponse
from ninja import NinjaAPI
from ninja.errors import AuthenticationError, HttpError, ValidationError

from api.models import ApiToken, MakerGame
from api.services import ApiRuleError
from core.bad_input import json_error
from core.logs import current_request_id
from core.ratelimit import RateLimitExceeded
from friends.models import SentGame
from games.models import Game
from games.services import GameRuleError, StaleBoardError

STATUS_CODES = {
    400: "bad_request",
    401: "unauthorized",
    403: "forbidden",
    404: "not_found",
    405: "method_not_allowed",
    409: "conflict",
    422: "invalid_request",
    413: "payload_too_large",
    429: "rate_limited",
}

request_logger = logging.getLogger("django.request")


class NotFound(Exception):
    """Nothing by that name for this token (it may exist for someone else)."""

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message


error_response = json_error  # the one shape, shared with the site's door (413, 400)


def _validation_message(errors: list[dict[str, Any]]) -> str:
    parts = []
    for error in errors[:5]:
        where = ".".join(str(part) for part in error.get("loc", ()) if part not in ("body",))
        msg = error.get("msg", "invalid")
        if error.get("type") == "extra_forbidden":  # pydantic's "Extra inputs are not permitted"
            msg = "not a property of this request (the schema lists them)"
        parts.append(f"{where}: {msg}" if where else msg)
    return "The request is not valid: " + "; ".join(parts) + ". Nothing was changed."


def install(api: NinjaAPI) -> None:
    """Register the handlers on ``api`` (ninja asks the most specific class first)."""

    def on(kind: type[Exception]) -> Any:
        def register(handler: Any) -> Any:
            api.add_exception_handler(kind, handler)
            return handler

        return register

    @on(ValidationError)
    def validation(request: HttpRequest, exc: ValidationError) -> HttpResponse:
        return error_response(422, "invalid_request", _validation_message(list(exc.errors)))

    @on(AuthenticationError)
    def unauthorized(request: HttpRequest, exc: AuthenticationError) -> HttpResponse:
        response = error_response(
            401,
            "unauthorized",
            "Send a live API token: 'Authorization: Bearer <token>'. This one is missing, "
            "unknown or revoked.",
        )
        response["WWW-Authenticate"] = 'Bearer realm="api"'
        return response

    @on(HttpError)
    def http_error(request: HttpRequest, exc: HttpError) -> HttpResponse:
        status = exc.status_code
        return error_response(status, STATUS_CODES.get(status, "error"), str(exc))

    @on(ApiRuleError)
    def rule(request: HttpRequest, exc: ApiRuleError) -> HttpResponse:
        return error_response(exc.status, exc.code, exc.message)

    @on(StaleBoardError)
    def stale(request: HttpRequest, exc: StaleBoardError) -> HttpResponse:
        return error_response(409, "stale_board", exc.message)

    @on(GameRuleError)
    def refused(request: HttpRequest, exc: GameRuleError) -> HttpResponse:
        return error_response(422, "refused", exc.message)

    @on(RateLimitExceeded)
    def rate_limited(request: HttpRequest, exc: RateLimitExceeded) -> HttpResponse:
        response = error_response(429, "rate_limited", exc.message)
        response["Retry-After"] = str(exc.retry_after)
        return response

    @on(NotFound)
    def not_found(request: HttpRequest, exc: NotFound) -> HttpResponse:
        return error_response(404, "not_found", exc.message)

    @on(Game.DoesNotExist)
    def no_game(request: HttpRequest, exc: Exception) -> HttpResponse:
        return error_response(404, "not_found", "No bot game of yours has that id.")

    @on(SentGame.DoesNotExist)
    def no_sent_game(request: HttpRequest, exc: Exception) -> HttpResponse:
        return error_response(404, "not_found", "No game was sent with that code.")

    @on(MakerGame.DoesNotExist)
    def no_maker_game(request: HttpRequest, exc: Exception) -> HttpResponse:
        return error_response(404, "not_found", "No word-maker game of yours has that id.")

    @on(ApiToken.DoesNotExist)
    def no_token(request: HttpRequest, exc: Exception) -> HttpResponse:
        return error_response(404, "not_found", "No token of yours has that id.")

    @on(Http404)
    def http404(request: HttpRequest, exc: Exception) -> HttpResponse:
        return error_response(404, "not_found", "Nothing here.")

    @on(Exception)
    def server_error(request: HttpRequest, exc: Exception) -> HttpResponse:
        """A bug of ours: JSON like every other answer, logged and signalled as Django would.

        Without it ninja re-raises and the client, a program, gets the site's HTML 500 page.
        """
        request_logger.error(
            "Internal Server Error: %s", request.path, exc_info=exc, extra={"status_code": 500}
        )
        got_request_exception.send(sender=None, request=request)
        return error_response(
            500,
            "server_error",
            "Something went wrong on our side, not in what you sent; nothing was changed. "
            f"If it keeps happening, tell us this request id: {current_request_id()}.",
        )
