"""Trying the game before signing up: a visitor's practice game, no account needed."""

from __future__ import annotations

from django.contrib import messages
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect
from django.utils.translation import gettext, ngettext
from django.views.decorators.http import require_POST

from core.client_ip import client_ip_address
from games import services
from games.forms import DEFAULT_WRONG_GUESSES, NewGameForm
from games.models import Game
from games.web import guest_log_in, refused_to, start_and_show


@require_POST
def game_try(request: HttpRequest) -> HttpResponse:
    """Start a practice game for a visitor on the board a new game opens on, logged in as
    a guest for this browser session. Someone signed in gets the new-game form."""
    if request.user.is_authenticated:
        return redirect("game_new")
    defaults = NewGameForm()  # the winnable opening board a newcomer meets
    if defaults.chosen_dictionary is None or defaults.fields["length"].initial is None:
        messages.error(request, gettext("There is no word list to play with yet; try again later."))
        return redirect("home")

    def start() -> Game:
        game = services.guest_game_start(
            dictionary=defaults.chosen_dictionary,
            length=defaults.fields["length"].initial,
            max_misses=DEFAULT_WRONG_GUESSES,
            difficulty=str(defaults.fields["difficulty"].initial),
            address=client_ip_address(request),
        )
        return guest_log_in(request, game)

    return start_and_show(
        request,
        start,
        started=lambda game: (
            ngettext(
                "A practice game: a %(length)s-letter word, %(count)s wrong guess allowed. "
                "Sign up at any time to keep your games and to play ranked.",
                "A practice game: a %(length)s-letter word, %(count)s wrong guesses allowed. "
                "Sign up at any time to keep your games and to play ranked.",
                game.max_misses,
            )
            % {"length": game.length, "count": game.max_misses}
        ),
        refused=refused_to(request, "home"),
    )
