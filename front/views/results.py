"""The public, read-only result page a share link opens.

Anyone with the link may open it, signed in or not. It shows the result and
one square per guess; the letters, the word and the reveal only once they
give nothing away: never for a game still being played, and for today's
daily puzzle only to its player and to players who have finished it too.
"""

from __future__ import annotations

from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, render
from django.utils.translation import gettext
from django.views.decorators.cache import cache_control, never_cache
from django.views.decorators.http import require_safe

from daily.selectors import share_title as daily_share_title
from dictionaries.languages import language
from games import engine
from games.models import Game
from games.secrecy import is_secret_for
from games.selectors.letters import upper_word
from games.selectors.reveal import game_reveal
from games.selectors.share import (
    guess_squares,
    result_line,
    share_code_matches,
    share_preview,
    share_title,
)
from games.share_image import result_image_png
from ratings.selectors import game_change

IMAGE_MAX_AGE = 10 * 60


@require_safe
@never_cache  # what it shows depends on the viewer and on the day
def game_result(request: HttpRequest, pk: int, code: str) -> HttpResponse:
    if not share_code_matches(pk, code):
        raise Http404(gettext("No such result."))
    game = get_object_or_404(Game.objects.select_related("player", "dictionary"), pk=pk)
    hidden = not game.is_over or is_secret_for(game, request.user)
    title = share_title(game, daily_share_title(game))
    context: dict[str, object] = {
        "game": game,
        "title": title,
        "squares": guess_squares(game),
        "hidden": hidden,
        "preview": share_preview(game, absolute_url=request.build_absolute_uri, title=title),
    }
    if game.is_over:
        context["result_line"] = result_line(game)
    if not hidden:
        lang = language(game.dictionary.language)
        context["guesses"] = [
            (upper_word(move, lang), not engine.is_miss(move, game.pattern)) for move in game.moves
        ]
        context["reveal"] = game_reveal(game)
        # The reveal says "you" to the player alone; anyone else reads the player's name.
        if game.player_id != request.user.pk:
            context["reveal_player"] = game.player.get_username()
    return render(request, "games/result.html", context)


@require_safe
@cache_control(public=True, max_age=IMAGE_MAX_AGE)
def game_result_image(request: HttpRequest, pk: int, code: str) -> HttpResponse:
    """The result's picture for link previews: what the result page shows anyone (no
    letter), so the same for every viewer and cacheable."""
    if not share_code_matches(pk, code):
        raise Http404(gettext("No such result."))
    game = get_object_or_404(Game, pk=pk)
    # The board's own test (``game_change``): the picture never says "rated" of a game
    # the board calls unrated, nor the reverse.
    change = game_change(game) if game.is_over else None
    rated_by = change.player_delta if change is not None else None
    png = result_image_png(game, rated_by=rated_by, title=daily_share_title(game))
    return HttpResponse(png, content_type="image/png")
