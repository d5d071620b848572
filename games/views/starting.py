"""The one way a start button answers: start a game, then its board or the refusal.

Play, the computer's games, a visitor's first game, the daily puzzle and class
assignments each start games through a different service, but answer alike:
the new game's board with what was started, the game a resent form had already
started, or the refusal where the button was.
"""

from __future__ import annotations

from collections.abc import Callable

from django.contrib import messages
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect

from core.ratelimit import RateLimitExceeded, too_many_requests
from games.models import Game
from games.services import GameAlreadyStartedError, GameRuleError, GameShownError


def start_and_show(
    request: HttpRequest,
    start: Callable[[], Game],
    *,
    started: Callable[[Game], str],
    refused: Callable[[GameRuleError], HttpResponse],
    repeat_says_started: bool = False,
) -> HttpResponse:
    """Run ``start`` and redirect to the game's board with ``started(game)`` as a message.

    A game the request asked for that exists already (``GameShownError``: the same
    form sent twice, an attempt already made) is shown with the error's message; with
    ``repeat_says_started``, a resent form whose game is untouched says ``started``
    instead, as the first copy would have (a double click: the browser shows only the
    second answer). Any other refusal is the view's ``refused``.
    """
    try:
        game = start()
    except RateLimitExceeded as error:
        return too_many_requests(request, error)
    except GameShownError as error:
        untouched = not (error.game.letters or error.game.is_over)
        if repeat_says_started and isinstance(error, GameAlreadyStartedError) and untouched:
            messages.success(request, started(error.game))
        else:
            messages.info(request, error.message)
        return redirect("game_detail", pk=error.game.pk)
    except GameRuleError as error:
        return refused(error)
    messages.success(request, started(game))
    return redirect("game_detail", pk=game.pk)


def refused_to(
    request: HttpRequest, to: str, *args: object
) -> Callable[[GameRuleError], HttpResponse]:
    """A refusal shown as an error message on the page ``to`` (a URL name or a path)."""

    def refused(error: GameRuleError) -> HttpResponse:
        messages.error(request, error.message)
        return redirect(to, *args)

    return refused
