"""The daily puzzle's pages: today's puzzle, starting it, its leaderboard, the archive.

Thin views: the day is the UTC date; services draw the puzzle and start
attempts, selectors read leaderboards and streaks. The board of an attempt is the
ordinary game board (``/games/<id>/``).
"""

from __future__ import annotations

import datetime as dt
import uuid
from typing import Any

from django.conf import settings
from django.contrib import messages
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.formats import date_format
from django.utils.translation import gettext, ngettext
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_POST, require_safe

from core.client_ip import client_ip_address
from core.ratelimit import rate_limited
from core.web import login_required_htmx
from daily import services
from daily.forms import PracticeForm
from daily.models import DailyPuzzle, daily_link_of
from daily.selectors import (
    archive_page,
    daily_streaks,
    hours_and_minutes,
    leaderboard_page,
    leaderboard_place,
    missed_its_day,
    puzzle_by_number,
    puzzle_summaries,
    ranked_attempt,
    share_title,
    until_next_puzzle,
    utc_today,
)
from games.models import Game
from games.selectors.abandoned import abandoned_message
from games.selectors.share import game_share
from games.services import GameRuleError, abandoned_games_expire
from games.web import guest_log_in, refused_to, start_and_show


@require_safe
@never_cache  # the day, and the player's attempt, change what it shows
def daily_today(request: HttpRequest) -> HttpResponse:
    today = utc_today()
    try:
        puzzle = services.daily_puzzle_ensure(day=today)
    except services.NoPuzzleError as error:
        return render(request, "daily/today.html", {"no_puzzle": error.message})
    attempt = ranked_attempt(player=request.user, puzzle=puzzle)
    if attempt is not None and not attempt.is_over:
        return redirect("game_detail", pk=attempt.pk)  # a returning player: straight to it
    context: dict[str, Any] = {
        "puzzle": puzzle,
        "attempt": attempt,
        "summary": puzzle_summaries([today])[today],
        "until_next": hours_and_minutes(until_next_puzzle()),
        "tiles": range(puzzle.length),
    }
    if request.user.is_authenticated:
        context["streaks"] = daily_streaks(player=request.user, today=today)
    if attempt is not None and attempt.is_over:
        context["share"] = game_share(
            attempt, absolute_url=request.build_absolute_uri, title=share_title(attempt)
        )
        context["place"] = leaderboard_place(puzzle, game=attempt)
    return render(request, "daily/today.html", context)


@require_POST
@rate_limited("game_start")
def daily_start(request: HttpRequest) -> HttpResponse:
    """Today's attempt, in one tap from the home page or /daily/. A visitor plays it as a
    guest (a guest account for this browser session, as a practice game makes one)."""
    try:
        puzzle = services.daily_puzzle_ensure(day=utc_today())
    except GameRuleError as error:
        messages.error(request, error.message)
        return redirect("daily_today")
    shown = request.POST.get("number", "")
    if shown.isdigit() and int(shown) != puzzle.number:  # a page open over midnight (UTC)
        messages.info(
            request,
            gettext(
                "A new day has begun: today's puzzle is #%(number)s, not #%(shown)s. "
                "Nothing was started; here it is."
            )
            % {"number": puzzle.number, "shown": shown},
        )
        return redirect("daily_today")
    if not request.user.is_authenticated:
        return start_and_show(
            request,
            lambda: guest_log_in(
                request,
                services.guest_daily_attempt_start(
                    puzzle=puzzle, address=client_ip_address(request)
                ),
            ),
            started=_started_message,
            refused=refused_to(request, "daily_today"),
        )
    # Starting another ranked game: one left past the limit is a loss first, and said so.
    for game in abandoned_games_expire(player=request.user):
        messages.error(request, abandoned_message(game))
    return start_and_show(
        request,
        lambda: services.daily_attempt_start(
            player=request.user, puzzle=puzzle, address=client_ip_address(request)
        ),
        started=_started_message,
        refused=refused_to(request, "daily_today"),
        repeat_says_started=True,  # a double click: the browser shows the second answer only
    )


@require_safe
def daily_leaderboard(request: HttpRequest, number: int | None = None) -> HttpResponse:
    today = utc_today()
    if number is None:
        try:
            puzzle = services.daily_puzzle_ensure(day=today)
        except services.NoPuzzleError as error:
            return render(request, "daily/leaderboard.html", {"no_puzzle": error.message})
    else:
        found = puzzle_by_number(number)
        if found is None or found.date > today:
            raise Http404(gettext("No daily puzzle has that number (yet)."))
        puzzle = found
    attempt = ranked_attempt(player=request.user, puzzle=puzzle)
    return render(
        request,
        "daily/leaderboard.html",
        {
            "puzzle": puzzle,
            "is_today": puzzle.date == today,
            "page": leaderboard_page(puzzle, page_number=request.GET.get("page") or 1),
            "attempt": attempt,
            "place": leaderboard_place(puzzle, game=attempt) if attempt is not None else None,
            "late": attempt is not None and missed_its_day(attempt),
            **_neighbours(puzzle, today=today),
        },
    )


@require_safe
def daily_archive(request: HttpRequest) -> HttpResponse:
    today = utc_today()
    page = archive_page(today=today, viewer=request.user, page_number=request.GET.get("page") or 1)
    # One start token per practice button: the same button sent twice starts one game.
    rows = [(entry, uuid.uuid4()) for entry in page.object_list]
    context = {"page": page, "rows": rows, "today": today, "first_day": settings.DAILY_FIRST_DAY}
    return render(request, "daily/archive.html", context)


@require_POST
@login_required_htmx(back_to_page="daily_archive")
@rate_limited("game_start")
def daily_practice(request: HttpRequest, number: int) -> HttpResponse:
    try:
        puzzle = services.past_puzzle_ensure(number=number, today=utc_today())
    except services.NoPuzzleError as error:
        messages.error(request, error.message)
        return redirect("daily_archive")
    if puzzle is None:
        raise Http404(gettext("No daily puzzle has that number."))
    form = PracticeForm(request.POST)
    token = form.cleaned_data["start_token"] if form.is_valid() else None
    return start_and_show(
        request,
        lambda: services.daily_practice_start(
            player=request.user, puzzle=puzzle, today=utc_today(), start_token=token
        ),
        started=lambda game: (
            gettext(
                "Practice of daily #%(number)s (%(date)s): the same challenge and the same "
                "families as on the day, unranked. You can take back a guess."
            )
            % {"number": puzzle.number, "date": date_format(puzzle.date, "DATE_FORMAT")}
        ),
        refused=refused_to(request, "daily_archive"),
    )


def _started_message(game: Game) -> str:
    """One line of rules, on the board itself: the first-time player's only explanation."""
    link = daily_link_of(game)
    assert link is not None
    puzzle = link.puzzle
    counts = (
        gettext("One attempt, as a guest: sign up to be on the day's leaderboard.")
        if link.played_as_guest
        else gettext("One attempt, ranked on the day's leaderboard.")
    )
    rules = ngettext(
        "Daily #%(number)s: guess the %(length)s-letter word with at most %(count)s wrong guess.",
        "Daily #%(number)s: guess the %(length)s-letter word with at most %(count)s wrong guesses.",
        game.max_misses,
    ) % {"number": puzzle.number, "length": game.length, "count": game.max_misses}
    return f"{rules} {counts}"


def _neighbours(puzzle: DailyPuzzle, *, today: dt.date) -> dict[str, int | None]:
    """The numbers of the day before's and the day after's puzzles, when they exist (a day
    nobody visited has none; the archive lists them all). One query."""
    wanted = [puzzle.number - 1] + ([puzzle.number + 1] if puzzle.date < today else [])
    found = set(DailyPuzzle.objects.filter(number__in=wanted).values_list("number", flat=True))
    return {
        "previous_number": puzzle.number - 1 if puzzle.number - 1 in found else None,
        "next_number": puzzle.number + 1 if puzzle.number + 1 in found else None,
    }
