"""The move-by-move review of a game, and the instructors' candidate words.

Access follows ``records.selectors.records.review_access``: owners review their
finished games (a game in progress opens the board), other players review
finished games only, instructors review everything and alone see candidates.
"""

from __future__ import annotations

from django.core.exceptions import PermissionDenied
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _
from django.views.decorators.http import require_safe

from core.web import login_required_htmx, render_filtered, wants_fragment
from daily.models import daily_link_of
from dictionaries.wordbank import EmptyBucketError
from games import difficulties
from games.engine.lookahead import FIENDISH_FAMILIES
from games.models import Game
from games.selectors.honest import fair_word_shown
from games.selectors.reveal import game_reveal
from games.services import replay_waits
from records.selectors.records import (
    CandidateStepError,
    ReviewAccess,
    computer_replay,
    game_review,
    review_access,
    review_candidates,
    review_player,
)

DAILY_NOT_YET_MESSAGE = _(
    "This game is of today's daily puzzle: its moves stay hidden from everyone but its "
    "player until the day is over (UTC)."
)
COUNTING_NOT_YET_MESSAGE = _(
    "This game counts (ranked, a daily attempt or an assignment's): its moves and words "
    "stay hidden from everyone, instructors included, until it is over."
)


def not_yet_message(game: Game) -> str:
    """Why the review of a game ``games.secrecy`` hides is refused, in the viewer's words."""
    return str(DAILY_NOT_YET_MESSAGE if daily_link_of(game) else COUNTING_NOT_YET_MESSAGE)


def _game(pk: int) -> Game:
    games = Game.objects.select_related("player", "dictionary", "daily_link__puzzle")
    return get_object_or_404(games, pk=pk)


@require_safe
@login_required_htmx
def game_review_page(request: HttpRequest, pk: int) -> HttpResponse:
    game = _game(pk)
    access = review_access(request.user, game)
    if access is ReviewAccess.NONE:
        raise Http404(gettext("No such game."))
    if access is ReviewAccess.BOARD:
        return redirect("game_detail", pk=game.pk)  # type: ignore[return-value]
    if access is ReviewAccess.NOT_YET:
        raise PermissionDenied(not_yet_message(game))
    is_owner = game.player_id == request.user.pk
    is_instructor = access is ReviewAccess.INSTRUCTOR
    ai_error = ""
    try:
        # Instructors alone see what the AI guesser would have played at each move.
        review = game_review(game, with_ai=is_instructor, to_player=is_owner)
    except EmptyBucketError:
        review = game_review(game, to_player=is_owner)
        ai_error = gettext("The words of this game's dictionary are no longer available.")
    return render(
        request,
        "records/review/review.html",
        {
            "game": game,
            # Its word-maker's sentence on how it chooses, and what it adds to the note on
            # seeded ties (games/engine/makers/), in the page's language.
            "maker_explanation": difficulties.explanation(game.difficulty),
            "tie_note": difficulties.tie_note(game.difficulty),
            # The computer's replay, and the offer to watch it, are the owner's own.
            "computer_replay": computer_replay(game, request.user) if is_owner else None,
            "can_watch_computer": is_owner and game.is_over and not game.played_by_computer,
            "replay_waits": replay_waits(game),
            "fair_word": fair_word_shown(game) if game.is_fair and game.is_over else None,
            # The summary the moves unfold from: the chart, the misses, the dodges.
            "reveal": game_reveal(game) if game.is_over else None,
            "review": review,
            "show_ai": is_instructor,
            "ai_error": ai_error,
            "show_candidates": access is ReviewAccess.INSTRUCTOR,
            # Instructors see what the search thought of every family it compared.
            "show_values": access is ReviewAccess.INSTRUCTOR,
            "fiendish_families": FIENDISH_FAMILIES,
            "is_owner": is_owner,
            # The summary speaks to the player as "you", of them by name to anyone else.
            "reveal_player": review_player(game, to_player=is_owner) if not is_owner else "",
        },
    )


@require_safe
@login_required_htmx
def game_review_candidates(request: HttpRequest, pk: int) -> HttpResponse:
    """The words still possible at one step: HTMX gets the list, a plain link the page."""
    game = _game(pk)
    access = review_access(request.user, game)
    if access is ReviewAccess.NONE:
        # As everywhere else: a game the viewer may not see is not said to exist.
        raise Http404(gettext("No such game."))
    if access is not ReviewAccess.INSTRUCTOR:
        refusal = (
            not_yet_message(game)
            if access is ReviewAccess.NOT_YET
            else gettext(
                "Only instructors can see the candidate words, and never of a game they are "
                "playing."
            )
        )
        raise PermissionDenied(refusal)
    context: dict[str, object] = {"game": game}
    status = 200
    try:
        after_move = int(request.GET.get("move", ""))
        context["candidates"] = review_candidates(game, after_move=after_move)
    except ValueError as error:
        message = (
            str(error)
            if isinstance(error, CandidateStepError)
            else gettext("The step is a whole number: 0 before the first guess, or a guess number.")
        )
        context["error"] = message
        status = 400
    except EmptyBucketError:
        context["error"] = gettext("The words of this game's dictionary are no longer available.")
        status = 409
    response = render_filtered(request, "records/review/candidates.html", "candidates", context)
    # htmx swaps only 2xx answers: a fragment carries its error message with 200.
    response.status_code = 200 if wants_fragment(request) else status
    return response
