"""The play pages: home, new game, the board, a guess, undo, hint, forfeit.

Thin views: parse a form, call one service or selector, render; what the pages show of
the daily puzzle and the ratings is read from their selectors (``front.daily_context``,
``front.ratings_context``), since the front sits above them. A guess sent
by HTMX gets only the board back; the same form without JavaScript posts and
redirects to the board (post/redirect/get) with the result in the messages.
"""

from __future__ import annotations

import logging
import uuid
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from django.conf import settings
from django.contrib import messages
from django.http import Http404, HttpRequest, HttpResponse, QueryDict
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.translation import gettext, ngettext, npgettext
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_http_methods, require_POST, require_safe

from core.client_ip import client_ip_address
from core.ratelimit import RateLimitExceeded, rate_limited, too_many_requests
from core.web import login_required_htmx
from daily.models import daily_link_at_hand
from daily.selectors import share_title as daily_share_title
from friends.selectors import sent_of
from front.announcements import guess_announcement, undo_announcement, wrong_guesses_left
from front.daily_context import attempt_place, home_card
from front.ratings_context import chosen_challenge_rating, rating_change
from games import engine, services
from games.forms import GuessForm, NewGameForm
from games.models import Game
from games.selectors import reveal as reveals
from games.selectors.abandoned import abandoned_message
from games.selectors.board import (
    games_in_progress,
    player_game,
    ranked_game_in_progress,
)
from games.selectors.letters import capital, final_word
from games.selectors.presenter import board_view
from games.web import start_and_show

logger = logging.getLogger(__name__)

NEW_GAME_QUERY_FIELDS = ("dictionary", "length", "max_misses", "difficulty", "show_word_count")


@dataclass(frozen=True)
class Notice:
    """A message shown in the board; the same shape as a django.contrib.messages message."""

    message: str
    tags: str


@require_safe
def home(request: HttpRequest) -> HttpResponse:
    context: dict[str, Any] = {}
    if request.user.is_authenticated:
        for notice in _abandoned_notices(request):  # never listed as in progress
            messages.error(request, notice.message)
        context["games_in_progress"] = list(games_in_progress(player=request.user)[:10])
    context.update(home_card(request))  # the daily puzzle's card
    return render(request, "home.html", context)


def _starts_a_game(request: HttpRequest, *args: object, **kwargs: object) -> bool:
    """The new-game form's POST, not its "show the lengths" refresh."""
    return request.method == "POST" and "refresh_lengths" not in request.POST


def _abandoned_notices(request: HttpRequest, *, game_id: int | None = None) -> list[Notice]:
    """Finish the player's ranked games left past ``RANKED_ABANDON_AFTER`` (the one on this
    board, or all of theirs) before showing anything, and say which: the rule holds
    whether or not the cron command has run (``games.services.abandon``)."""
    expired = services.abandoned_games_expire(player=request.user, game_id=game_id)
    return [Notice(message=abandoned_message(game), tags="error") for game in expired]


@require_http_methods(["GET", "HEAD", "POST"])
@never_cache  # Back must fetch a fresh form (and start token), not replay an old one
@login_required_htmx
@rate_limited("game_start", only=_starts_a_game)
def game_new(request: HttpRequest) -> HttpResponse:
    # The ranked game a start would forfeit may be lost already: never offer it for that.
    for notice in _abandoned_notices(request):
        messages.error(request, notice.message)
    if request.method == "POST" and "refresh_lengths" in request.POST:
        # Without JavaScript: show the lengths of the dictionary just chosen.
        form = NewGameForm(
            initial=_settings_from_query(request.POST), include_hidden=request.user.is_staff
        )
    elif request.method == "POST":
        form = NewGameForm(request.POST, include_hidden=request.user.is_staff)
        if form.is_valid() and form.cleaned_data["computer_plays"]:
            return _computer_game_new(request, form)
        if form.is_valid():
            chosen = form.cleaned_data

            def refused(error: services.GameRuleError) -> HttpResponse:
                if isinstance(error, services.GameInProgressError):
                    if error.changed:
                        form.add_error(None, error.message)
                    return _new_game_page(
                        request, form, current_game=error.game, needs_confirmation=True
                    )
                form.add_error(None, error.message)
                return _new_game_page(request, form)

            return start_and_show(
                request,
                lambda: services.game_start(
                    player=request.user,
                    dictionary=chosen["dictionary"],
                    length=chosen["length"],
                    max_misses=chosen["max_misses"],
                    difficulty=chosen["difficulty"],
                    show_word_count=chosen["show_word_count"],
                    forfeit_game_id=chosen["forfeit_game_id"],
                    start_token=chosen["start_token"],
                ),
                started=lambda game: _started_message(
                    game, asked_for_word_count=chosen["show_word_count"]
                ),
                refused=refused,
                repeat_says_started=True,
            )
    else:
        form = NewGameForm(
            initial=_settings_from_query(request.GET), include_hidden=request.user.is_staff
        )
    return _new_game_page(request, form)


def _new_game_page(
    request: HttpRequest,
    form: NewGameForm,
    *,
    current_game: Game | None = None,
    needs_confirmation: bool = False,
) -> HttpResponse:
    """The new-game form, with the ranked game in progress a ranked start would forfeit."""
    if current_game is None:
        current_game = ranked_game_in_progress(player=request.user)
    board = form.par_info(player=request.user)
    return render(
        request,
        "games/new_game.html",
        {
            "form": form,
            "par": board,
            "current_game": current_game,
            "needs_confirmation": needs_confirmation,
            **chosen_challenge_rating(request, board),
        },
    )


def _computer_game_new(request: HttpRequest, form: NewGameForm) -> HttpResponse:
    """The new-game form with "let the computer play": start its game and watch it."""
    chosen = form.cleaned_data

    def refused(error: services.GameRuleError) -> HttpResponse:
        form.add_error(None, error.message)
        return _new_game_page(request, form)

    return start_and_show(
        request,
        lambda: services.computer_game_start(
            player=request.user,
            dictionary=chosen["dictionary"],
            length=chosen["length"],
            max_misses=chosen["max_misses"],
            difficulty=chosen["difficulty"],
            start_token=chosen["start_token"],
            address=client_ip_address(request),
        ),
        started=_computer_started_message,
        refused=refused,
    )


@require_POST
@login_required_htmx
@rate_limited("game_start")
def computer_replay(request: HttpRequest, pk: int) -> HttpResponse:
    """From a finished game's review: the computer plays the same settings and seed."""
    try:
        game = services.computer_replay_start(
            player=request.user, game_id=pk, address=client_ip_address(request)
        )
    except Game.DoesNotExist:
        raise Http404(gettext("No such game.")) from None
    except RateLimitExceeded as error:
        return too_many_requests(request, error)
    except services.GameRuleError as error:
        messages.error(request, error.message)
        return redirect("game_review", pk=pk)
    if game.moves:
        messages.info(request, gettext("The computer has already played this game: here it is."))
    else:
        messages.success(request, _computer_started_message(game))
    return redirect("game_detail", pk=game.pk)


@require_POST
@login_required_htmx(back_to_board=True)
def computer_next(request: HttpRequest, pk: int) -> HttpResponse:
    """One move of the computer's game; the watching board asks for them one at a time."""

    def move(data: dict[str, Any]) -> tuple[Game, Notice]:
        try:
            outcome = services.computer_move(
                game_id=pk,
                player=request.user,
                expected_guesses=data["expected_guesses"],
                address=client_ip_address(request),
            )
        except services.StaleBoardError as error:
            # Another tab made this move: show where the game is now, and keep watching.
            game = player_game(player=request.user, game_id=pk)
            return game, Notice(error.message, "info")
        announcement = computer_announcement(outcome)
        return outcome.game, Notice(announcement, "info" if outcome.report.miss else "success")

    return _board_action(request, pk, move)


def computer_announcement(outcome: services.ComputerMove) -> str:
    """The computer's guess, why it chose it, and what it did, in words."""
    report, game = outcome.report, outcome.game
    letter = capital(report.letter, game.dictionary)
    # The reason is the engine's own sentence, in English (games.engine imports no Django).
    parts = [
        gettext("The computer guessed %(letter)s: %(reason)s")
        % {"letter": letter, "reason": outcome.proposal.reason}
    ]
    if report.miss:
        parts.append(gettext("%(letter)s is not in the word.") % {"letter": letter})
    else:
        count = report.pattern.count(report.letter)
        parts.append(
            npgettext(
                "the computer's guess: Yes, 3 E's",
                "Yes, %(count)s %(letter)s.",
                "Yes, %(count)s %(letter)s's.",
                count,
            )
            % {"count": count, "letter": letter}
        )
    if game.status == engine.Status.WON:
        parts.append(
            gettext("The computer won: the word is %(word)s.") % {"word": final_word(game)}
        )
    elif game.status == engine.Status.LOST:
        parts.append(gettext("The computer lost. The word: %(word)s.") % {"word": final_word(game)})
    else:
        parts.append(wrong_guesses_left(game.misses_left))
    return " ".join(parts)


def _computer_started_message(game: Game) -> str:
    if game.computer_replay_of_id:
        message = ngettext(
            "The computer plays a %(length)s-letter word, %(count)s wrong guess allowed, "
            "%(difficulty)s (the same seed as your game). Watch it guess.",
            "The computer plays a %(length)s-letter word, %(count)s wrong guesses allowed, "
            "%(difficulty)s (the same seed as your game). Watch it guess.",
            game.max_misses,
        )
    else:
        message = ngettext(
            "The computer plays a %(length)s-letter word, %(count)s wrong guess allowed, "
            "%(difficulty)s. Watch it guess.",
            "The computer plays a %(length)s-letter word, %(count)s wrong guesses allowed, "
            "%(difficulty)s. Watch it guess.",
            game.max_misses,
        )
    return message % _settings_words(game)


def _settings_words(game: Game) -> dict[str, object]:
    """The placeholders of the sentences that say a game's settings."""
    return {
        "length": game.length,
        "count": game.max_misses,
        "difficulty": str(game.get_difficulty_display()).lower(),
    }


@require_safe
@login_required_htmx
def game_lengths(request: HttpRequest) -> HttpResponse:
    """The chosen dictionary's length field by HTMX (and its difficulty field, when sent)."""
    if not request.htmx:
        return redirect(reverse("game_new") + "?" + request.GET.urlencode())  # type: ignore[return-value]
    form = NewGameForm(
        initial=_settings_from_query(request.GET), include_hidden=request.user.is_staff
    )
    context = {"form": form, "difficulty_follows": "difficulty" in request.GET}
    return render(request, "games/_lengths.html", context)


@require_safe
@login_required_htmx
def game_par(request: HttpRequest) -> HttpResponse:
    """Par of the settings chosen in the new-game form, swapped in by HTMX as they change."""
    if not request.htmx:
        return redirect(reverse("game_new") + "?" + request.GET.urlencode())  # type: ignore[return-value]
    form = NewGameForm(
        initial=_settings_from_query(request.GET), include_hidden=request.user.is_staff
    )
    board = form.par_info(player=request.user)
    return render(
        request, "games/_par.html", {"par": board, **chosen_challenge_rating(request, board)}
    )


@require_safe
@never_cache  # an old tab's Back shows the game as it is now, with a fresh play-again token
@login_required_htmx
def game_detail(request: HttpRequest, pk: int) -> HttpResponse:
    abandoned = _abandoned_notices(request, game_id=pk)  # none for another player's game
    game = player_game(player=request.user, game_id=pk)
    notices = [Notice(message=str(m.message), tags=m.tags) for m in messages.get_messages(request)]
    notices += abandoned
    context = _board_context(request, game, notices=notices)
    return render(request, "games/board.html", context)


@require_safe
@login_required_htmx
def game_reveal(request: HttpRequest, pk: int) -> HttpResponse:
    """A finished game's reveal, alone: the board a game-ending guess answered with asks for
    it once it scrolls into view. Without HTMX, the board page (which draws it in place)."""
    if not request.htmx:
        return redirect(reverse("game_detail", args=[pk]) + f"#reveal-{pk}")
    game = player_game(player=request.user, game_id=pk)
    try:
        reveal = reveals.game_reveal(game)  # the selector refuses a game still in play
    except reveals.RevealNotReadyError:
        raise Http404(gettext("The reveal shows once the game is over.")) from None
    return render(request, "games/_reveal.html", {"game": game, "reveal": reveal})


@require_POST
@login_required_htmx(back_to_board=True)
def game_guess(request: HttpRequest, pk: int) -> HttpResponse:
    def guess(data: dict[str, Any]) -> tuple[Game, Notice]:
        outcome = services.game_guess(
            game_id=pk,
            player=request.user,
            letter=data["letter"],
            word=data["word"] or None,
            expected_guesses=data["expected_guesses"],
            address=client_ip_address(request),
        )
        announcement = guess_announcement(outcome.report, game=outcome.game)
        return outcome.game, Notice(announcement, "info" if outcome.report.miss else "success")

    return _board_action(request, pk, guess)


@require_POST
@login_required_htmx(back_to_board=True)
def game_undo(request: HttpRequest, pk: int) -> HttpResponse:
    """Take back the last guess of a practice game; the server refuses it for any other."""

    def undo(data: dict[str, Any]) -> tuple[Game, Notice]:
        outcome = services.game_undo(
            game_id=pk, player=request.user, expected_guesses=data["expected_guesses"]
        )
        return outcome.game, Notice(undo_announcement(outcome), "info")

    return _board_action(request, pk, undo)


def _board_action(
    request: HttpRequest, pk: int, act: Callable[[dict[str, Any]], tuple[Game, Notice]]
) -> HttpResponse:
    """A POST from the board (a guess, an undo, a hint): ``act`` runs the service on the form's data
    and says what happened; a refusal shows the board as it is, with the reason."""
    form = GuessForm(request.POST)
    if not form.is_valid():
        game = player_game(player=request.user, game_id=pk)
        notice = Notice(message=str(GuessForm.BAD_BOARD_MESSAGE), tags="error")
    else:
        try:
            game, notice = act(form.cleaned_data)
        except Game.DoesNotExist:
            raise Http404(gettext("No such game.")) from None
        except RateLimitExceeded as error:
            return _rate_limited_board(request, pk, error)
        except services.GameRuleError as error:
            logger.info("board action refused: %s", error.message, extra={"game_id": pk})
            game = player_game(player=request.user, game_id=pk)
            notice = Notice(message=error.message, tags="error")
    return _board_response(request, game, notice)


def _rate_limited_board(request: HttpRequest, pk: int, error: RateLimitExceeded) -> HttpResponse:
    """429: the board as it is, saying why nothing was done (in place with HTMX)."""
    game = player_game(player=request.user, game_id=pk)
    return too_many_requests(
        request,
        error,
        htmx_template="games/_guess_response.html",
        context={
            **_board_context(request, game, notices=[Notice(message=error.message, tags="error")]),
            "retry_url": reverse("game_detail", args=[pk]),
        },
    )


def _board_response(request: HttpRequest, game: Game, notice: Notice) -> HttpResponse:
    """HTMX gets the board with the notice in it; a plain form post redirects to the board."""
    if request.htmx:
        context = _board_context(request, game, notices=[notice], reveal_later=True)
        return render(request, "games/_guess_response.html", context)
    messages.add_message(
        request, messages.ERROR if notice.tags == "error" else messages.INFO, notice.message
    )
    return redirect("game_detail", pk=game.pk)  # type: ignore[return-value]


@require_POST
@login_required_htmx(back_to_board=True)
def game_hint(request: HttpRequest, pk: int) -> HttpResponse:
    """The AI's letter for the position, and why; refused in a game that counts."""

    def hint(data: dict[str, Any]) -> tuple[Game, Notice]:
        outcome = services.game_hint(
            game_id=pk,
            player=request.user,
            expected_guesses=data["expected_guesses"],
            address=client_ip_address(request),
        )
        return outcome.game, Notice(hint_announcement(outcome), "info")

    return _board_action(request, pk, hint)


def hint_announcement(outcome: services.HintOutcome) -> str:
    # The reason is the engine's own sentence, in English (games.engine imports no Django).
    return gettext("Hint: %(letter)s. %(reason)s") % {
        "letter": outcome.hint.letter.upper(),
        "reason": outcome.hint.reason,
    }


@require_POST
@login_required_htmx(back_to_board=True)
def game_forfeit(request: HttpRequest, pk: int) -> HttpResponse:
    try:
        game = services.game_forfeit(game_id=pk, player=request.user)
    except Game.DoesNotExist:
        raise Http404(gettext("No such game.")) from None
    except services.GameRuleError as error:
        messages.error(request, error.message)
    else:
        messages.info(
            request,
            gettext("You gave up; it counts as a loss. The computer's word: %(word)s.")
            % {"word": final_word(game)},
        )
    return redirect("game_detail", pk=pk)  # type: ignore[return-value]


def _board_context(
    request: HttpRequest, game: Game, *, notices: list[Notice], reveal_later: bool = False
) -> dict[str, Any]:
    """What the board shows (``board_view``: once the game is over, its share text and the
    reveal too, or with ``reveal_later`` a place the reveal loads into), the notices, and at
    the end a daily attempt's place and the rating change."""
    daily_link_at_hand(game)  # the share title, the template's title and end panel ask it
    sent_game = sent_of(game) if game.is_over else None  # the end panel links its group
    context = board_view(
        game,
        absolute_url=request.build_absolute_uri,
        share_title=daily_share_title,
        reveal_later=reveal_later,
    ).context()
    context.update(
        notices=notices,
        announcement=" ".join(notice.message for notice in notices),
        start_token=uuid.uuid4(),  # for "Play again": one new game per page shown
        sent_game=sent_game,
    )
    context.update(attempt_place(game))
    context.update(rating_change(game))
    return context


def _settings_from_query(query: QueryDict) -> dict[str, str | bool]:
    """Initial values for the new-game form from a query string (the lengths refresh,
    "show lengths" without JavaScript); the form itself checks them again."""
    initial: dict[str, str | bool] = {
        name: query[name] for name in NEW_GAME_QUERY_FIELDS if query.get(name)
    }
    if "show_word_count" in initial:
        initial["show_word_count"] = query["show_word_count"].lower() in {"on", "1", "true"}
    return initial


def _started_message(game: Game, *, asked_for_word_count: bool) -> str:
    if game.is_ranked:
        message = ngettext(
            "New ranked game: a %(length)s-letter word, %(count)s wrong guess allowed, "
            "%(difficulty)s.",
            "New ranked game: a %(length)s-letter word, %(count)s wrong guesses allowed, "
            "%(difficulty)s.",
            game.max_misses,
        )
    else:
        message = ngettext(
            "New unranked game: a %(length)s-letter word, %(count)s wrong guess allowed, "
            "%(difficulty)s.",
            "New unranked game: a %(length)s-letter word, %(count)s wrong guesses allowed, "
            "%(difficulty)s.",
            game.max_misses,
        )
    parts = [message % _settings_words(game)]
    if not game.is_ranked and not asked_for_word_count:
        parts.append(
            gettext("Fewer than %(count)s words have this length, so it is not ranked.")
            % {"count": settings.RANKED_MIN_WORDS}
        )
    parts.append(gettext("Good luck!"))
    return " ".join(parts)
