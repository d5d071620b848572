"""The pages of games sent to friends: the link's page (the group's standings), playing it,
sending a game, closing a link. Thin: parse, call one service or selector, respond."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext
from django.views.decorators.http import require_POST, require_safe

from core.client_ip import client_ip_address
from core.ratelimit import rate_limited
from friends import services
from friends.models import SentGame
from friends.selectors import group_page, sent_path, sent_share_text, sent_title
from games.forms import NewGameForm
from games.models import Game
from games.services import GameRuleError
from games.web import guest_log_in, refused_to, start_and_show


@require_safe
def sent_game(request: HttpRequest, code: str) -> HttpResponse:
    sent = get_object_or_404(SentGame.objects.select_related("sender", "dictionary"), code=code)
    url = request.build_absolute_uri(sent_path(sent))
    return render(
        request,
        "friends/group.html",
        {
            "page": group_page(sent, request.user),
            "title": sent_title(sent),
            "share_text": sent_share_text(sent, url),
            "share_url": url,
        },
    )


@require_POST
@rate_limited("game_start")  # a new game each time: counted as every way in to one is
def sent_game_play(request: HttpRequest, code: str) -> HttpResponse:
    """Start (or go back to) the viewer's game of the link; a visitor as a guest, in one tap."""
    get_object_or_404(SentGame, code=code)
    if request.user.is_authenticated:
        user = request.user

        def start() -> Game:
            return services.sent_game_play(code=code, player=user)
    else:

        def start() -> Game:
            game = services.sent_game_guest_play(code=code, address=client_ip_address(request))
            return guest_log_in(request, game)

    return start_and_show(
        request,
        start,
        started=lambda game: gettext(
            "The game your friends play: the computer answers your letters as it answers theirs."
        ),
        refused=refused_to(request, "sent_game", code),
    )


@require_POST
@login_required
def game_send(request: HttpRequest, pk: int) -> HttpResponse:
    """Make a link to one of the player's games (the end of a game's "Send to friends")."""
    try:
        outcome = services.sent_game_from_game(player=request.user, game_id=pk)
    except Game.DoesNotExist:
        raise Http404 from None
    except GameRuleError as error:
        messages.error(request, error.message)
        return redirect("game_detail", pk=pk)
    if outcome.practice_copy:
        messages.info(
            request,
            gettext(
                "Sent as a practice copy: the same game, but it counts for nothing, "
                "for you or for them (a sent game is never ranked)."
            ),
        )
    return redirect(sent_path(outcome.sent))


@require_POST
@login_required
@rate_limited("game_start")  # a link is a game for its sender to play: new games' limit
def sent_game_new(request: HttpRequest) -> HttpResponse:
    """A link to a new game with the new-game form's settings ("Send to friends")."""
    form = NewGameForm(request.POST, include_hidden=request.user.is_staff)
    if not form.is_valid():
        messages.error(request, gettext("Those settings could not be read; nothing was sent."))
        return redirect("game_new")
    chosen = form.cleaned_data
    try:
        sent = services.sent_game_new(
            player=request.user,
            dictionary=chosen["dictionary"],
            length=chosen["length"],
            max_misses=chosen["max_misses"],
            difficulty=chosen["difficulty"],
        )
    except GameRuleError as error:
        messages.error(request, error.message)
        return redirect("game_new")
    return redirect(sent_path(sent))


@require_POST
@login_required
def sent_game_close(request: HttpRequest, code: str) -> HttpResponse:
    try:
        services.sent_game_close(code=code, player=request.user)
    except SentGame.DoesNotExist:
        raise Http404 from None
    messages.info(request, gettext("Closed: nobody starts this game any more."))
    return redirect("sent_game", code=code)
