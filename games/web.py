"""Play's web helpers, shared by every app whose views start a game.

The one way a start button answers (``start_and_show``): the front's play pages, the
computer's games, a visitor's first game, the daily puzzle and class assignments each
start games through a different service, but answer alike: the new game's board with
what was started, the game a resent form had already started, or the refusal where the
button was. And the one way a visitor's game logs them in as its guest (``guest_log_in``).
They stay in play, below the daily and the classes whose views use them, as the
platform's web helpers stay in ``core/web.py``; play's pages are the front's.
"""

from __future__ import annotations

from collections.abc import Callable

from django.contrib import messages
from django.contrib.auth import login
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect

from core.ratelimit import RateLimitExceeded, too_many_requests
from games.models import Game
from games.services import GameAlreadyStartedError, GameRuleError, GameShownError

# The guest account is made here, not by a password check: name the backend that
# vouches for it (django-axes' backend only guards logins).
GUEST_BACKEND = "django.contrib.auth.backends.ModelBackend"


def guest_log_in(request: HttpRequest, game: Game) -> Game:
    """Log the visitor in as the guest account that ``game`` was just started for, for this
    browser session only; returns the game."""
    login(request, game.player, backend=GUEST_BACKEND)
    request.session.set_expiry(0)  # a visitor's session ends when the browser closes
    return game


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
        untouched = not (error.game.moves or error.game.is_over)
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
